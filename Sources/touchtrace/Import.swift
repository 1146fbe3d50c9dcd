import ArgumentParser
import Foundation
import TouchGestures
import TouchList
import TouchTrace
import TouchTools
import TouchRecordings

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn an evemu-record or libinput record recording into a trace, through the decoder live devices use.",
        discussion: """
            The device name, the axis ranges (as the surface size) and the resolution are kept. \
            For a device that reports no resolution, give its screen size with --size-mm. The \
            output encoding follows OUT's extension (.jsonl: lines, else document).
            """)

    @Argument(help: "The recording: an evemu-record file, or a libinput record (YAML) file.")
    var recording: String

    @Argument(help: "Where to write the trace.")
    var output: String

    @Option(help: "An evemu device description, for a recording without its own header.")
    var desc: String?

    @Option(name: .customLong("size-mm"), parsing: .upToNextOption,
            help: "The touch surface's width and height in millimeters, for devices that report no resolution.")
    var sizeMillimeters: [Double] = []

    @Option(help: "Expectations to store in the trace, as a JSON array (see the trace format).")
    var expect: String?

    @Option(name: .customLong("expect-none"), help: "Output types the trace must not produce, comma-separated.")
    var expectNone: String?

    func read(_ path: String) throws -> String {
        String(decoding: try readInput(path), as: UTF8.self)
    }

    func run() throws {
        // From 1 mm to 10 m: 1e-320 mm made the resolution infinite, written as null.
        guard sizeMillimeters.isEmpty || (sizeMillimeters.count == 2 && sizeMillimeters.allSatisfy { $0 >= 1 && $0 <= 10_000 }) else {
            throw CommandFailure.badInput("touchtrace: --size-mm takes two numbers from 1 to 10,000, width and height in mm; found \(sizeMillimeters.map { String($0) }.joined(separator: " "))")
        }
        try refuseOverwriting([recording] + (desc.map { [$0] } ?? []), with: output, command: "import")
        var rec: EvemuRecording
        do {   // a reader's DiagnosticError goes through: the root command prints it, exit 2
            let text = try read(recording)
            if text.utf8.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) == UInt8(ascii: "{") {
                // A JSON file here is almost always a trace already: say so rather than list
                // every line as a bad evemu line.
                throw CommandFailure.badInput("touchtrace: \(recording) is JSON, likely a trace already; import reads evemu-record and libinput record recordings (to change a trace's encoding, use touchtrace convert)")
            }
            rec = EvemuRecording.isLibinputRecord(text)
                ? try EvemuRecording.parseLibinputRecord(text, name: recording)
                : try EvemuRecording.parse(text, name: recording)
            if let desc {
                let d = try EvemuRecording.parse(try read(desc), name: desc)
                rec.description = d.description
            }
        }
        guard !rec.events.isEmpty else {
            // A description alone (`.desc`), or a recording stopped before any touch: an empty
            // trace was written with exit 0 before.
            throw CommandFailure.badInput("touchtrace: \(recording) has no events (no E: lines, or an empty events list): "
                + "give the recording itself, and a description without events with --desc")
        }
        let size = sizeMillimeters.count == 2 ? Point(x: sizeMillimeters[0], y: sizeMillimeters[1]) : nil
        var trace: Trace
        trace = try TraceImport.trace(from: rec, source: PathText.lastComponent(of: recording), physicalSize: size)
        if let expect {
            let r = TraceReader.diagnose(bytes: Array(("{\"format\": \"touch-trace\", \"version\": 1, \"device\": {\"width\": 1, \"height\": 1}, \"expect\": " + expect + ", \"events\": []}").utf8), name: "--expect")
            guard let parsed = r.trace?.header.expect else {
                throw CommandFailure.badInput("touchtrace: --expect must be a JSON array of objects with a \"type\": \(r.errors.first?.message ?? "")")
            }
            trace.header.expect = parsed
        }
        if let expectNone {
            trace.header.expectNone = expectNone.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        if trace.header.device.resolution == nil {
            // Every millimeter figure of this trace (thresholds, stats, velocities) rests on
            // this guess: say so, and how to replace it.
            printError("touchtrace: warning: \(recording): the device reports no resolution, so millimeters assume "
                + "96 dpi (3.78 units/mm); give --size-mm W H (the screen's size) for real ones")
        }
        if case .object(let meta)? = trace.header.meta, let n = meta["eventsOnMissingSlots"]?.numberValue, n > 0 {
            // Left out as the kernel leaves out fingers beyond a panel's slots: said, not silent.
            printError("touchtrace: warning: \(recording): \(formatJSONNumber(n)) event\(n == 1 ? "" : "s") named a slot beyond the device's "
                + "\(meta["slots"]?.numberValue.map(formatJSONNumber) ?? "?") and \(n == 1 ? "was" : "were") left out (the contacts on them are not in the trace)")
        }
        try writeTrace(trace, to: output)
        let contacts = trace.events.filter { $0.phase == .down }.count
        reportWritten("\(recording) → \(output): \(trace.events.count) events, \(contacts) contacts, \(formatJSONNumber(trace.header.device.width)) × \(formatJSONNumber(trace.header.device.height)) units", output: output)
    }
}
