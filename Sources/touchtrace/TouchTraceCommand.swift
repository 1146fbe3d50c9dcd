import ArgumentParser
import Foundation
import Synchronization
import TouchGestures
import TouchList
import TouchTrace
import TouchTools
import TouchEvdev
import TouchInput

@main
struct TouchTraceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchtrace",
        abstract: "Touch traces: replay and check them; make them (synth, record, import); convert, export, measure.",
        discussion: """
            Exit status: 0 success; 1 a replay did not match its expectations; 2 a trace or \
            file could not be read or is invalid.
            """,
        subcommands: [Replay.self, Validate.self, Convert.self, Synth.self, Render.self, Stats.self, Diff.self, Velocity.self, Import.self, Export.self, Devices.self, Record.self]
    )
}

/// Prints to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Reads a whole trace for a command: its warnings go to stderr; when it cannot be read or is
/// invalid, every problem is printed and the command exits 2.
func readTrace(_ path: String) throws -> Trace {
    do {
        let (trace, warnings) = try TraceReader.read(path: path)
        for w in warnings { printError(w.description) }
        return trace
    } catch {
        printError(error.description)
        throw ExitCode(2)
    }
}

/// The encoding a path's extension asks for: `.jsonl` lines, anything else a document.
func encodingFor(path: String) -> TraceEncoding { path.hasSuffix(".jsonl") ? .lines : .document }

/// Writes a trace for a command (never half a file: see ``TraceWriter/write(_:to:encoding:)``);
/// on failure the problem is printed and the command exits 2.
func writeTrace(_ trace: Trace, to path: String, encoding: TraceEncoding? = nil) throws {
    do { try TraceWriter.write(trace, to: path, encoding: encoding ?? encodingFor(path: path)) } catch {
        printError(error.description)
        throw ExitCode(2)
    }
}

/// Writes a text file for a command, or prints why not and exits 2.
func writeText(_ text: String, to path: String) throws {
    guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
        printError("touchtrace: cannot write \(path)")
        throw ExitCode(2)
    }
}

/// Trace files in `path`: itself if a file, else every .json/.jsonl below it, sorted.
func traceFiles(at path: String) -> (files: [String], isFolder: Bool)? {
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { return nil }
    guard isDir.boolValue else { return ([path], false) }
    let root = URL(fileURLWithPath: path)
    var files: [String] = []
    if let e = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) {
        for case let url as URL in e where ["json", "jsonl"].contains(url.pathExtension) {
            files.append(url.path)
        }
    }
    return (files.sorted(), true)
}

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay a trace (or every trace in a folder) and print the recognised gestures.",
        discussion: """
            With a folder, every .json and .jsonl trace below it is replayed and checked against \
            its expectations, and a last line says `N passed, N failed` (`, N skipped` for traces \
            with no expectations).
            """)

    @Argument(help: "A trace file, or a folder of traces.")
    var path: String

    @Flag(help: "Print output events as JSON, one object a line, as the trace format specifies.")
    var json = false

    @Flag(help: "Also print the arena's decisions: which recognizer won each touch sequence, and why each other one failed or was rejected (measured value and limit).")
    var explain = false

    @Flag(help: "Compare the output with the trace's expect/expectNone; exit 1 on a mismatch.")
    var check = false

    func run() throws {
        guard let (files, isFolder) = traceFiles(at: path) else {
            printError("touchtrace: \(path): no such file or folder")
            throw ExitCode(2)
        }
        if isFolder { try replayFolder(files) } else { try replayOne(files[0]) }
    }

    func replayOne(_ file: String) throws {
        let stream: TraceEventStream
        do { stream = try TraceEventStream(path: file) } catch {
            printError(error.description)
            throw ExitCode(2)
        }
        let result = TraceReplay.run(stream: stream, explain: explain || check)
        let output = result.output
        if stream.hasErrors {
            printError(stream.diagnostics.filter { $0.severity == .error }.map(\.description).joined(separator: "\n"))
            printError("touchtrace: \(file) is not a valid trace; nothing was replayed")
            throw ExitCode(2)
        }
        for w in stream.diagnostics where w.severity == .warning { printError(w.description) }
        let shown = explain ? output : output.filter { if case .gesture(let g) = $0 { switch g.kind { case .failed, .won: return false; default: return true } }; return true }
        if json {
            for e in shown { print(e.jsonLine) }
        } else {
            printSummary(header: stream.header, list: result.list, shown: shown)
        }
        if check {
            guard stream.header.isTest else {
                printError("touchtrace: \(file) has no expect or expectNone, so there is nothing to check")
                throw ExitCode(1)
            }
            let diffs = ExpectationCheck.differences(header: stream.header, output: output)
            if diffs.isEmpty {
                if !json { print("check: passed") }
            } else {
                for d in diffs { printError("\(file): \(d)") }
                printError("check: FAILED (\(diffs.count) difference\(diffs.count == 1 ? "" : "s"))")
                throw ExitCode(1)
            }
        }
    }

    func printSummary(header: TraceHeader, list: ListModel?, shown: [ListController.Output]) {
        let s = header.surface
        let res = s.resolutionIsDefault
            ? "no resolution given, assuming \(formatJSONNumber((Surface.defaultUnitsPerMillimetre * 100).rounded() / 100)) units/mm"
            : "\(formatJSONNumber(s.unitsPerMillimetre.x)) × \(formatJSONNumber(s.unitsPerMillimetre.y)) units/mm"
        print("\(header.device.name ?? "touch surface"): \(formatJSONNumber(s.width)) × \(formatJSONNumber(s.height)) \(header.device.units ?? "px"), \(res)")
        if shown.isEmpty { print("  (no gestures)") }
        for e in shown { print("  " + e.humanDescription) }
        guard let list else { return }
        let rows = list.rowCount
        let swiped = (0..<rows).filter { list.swiped[$0] }
        print("list: \(rows) rows, policy \(list.policy.rawValue)\(list.contentOffset > 0 ? ", scrolled by \(formatJSONNumber((list.contentOffset * 10).rounded() / 10))" : ""); swiped: \(swiped.isEmpty ? "none" : swiped.map(String.init).joined(separator: ", ")); selected: \(list.selectedRow.map(String.init) ?? "none")")
        let shownRows = min(rows, 12)
        for r in 0..<shownRows {
            let mark = list.swiped[r] ? "◀▮ swiped " : "          "
            let sel = list.selectedRow == r ? "  ← selected" : ""
            print("  │ row \(String(r).padding(toLength: 3, withPad: " ", startingAt: 0)) \(mark)│\(sel)")
        }
        if rows > shownRows { print("  │ … \(rows - shownRows) more rows") }
    }

    func replayFolder(_ files: [String]) throws {
        var passed = 0, failed = 0, skipped = 0
        for file in files {
            let stream: TraceEventStream
            do { stream = try TraceEventStream(path: file) } catch {
                failed += 1
                print("FAIL \(file): not a valid trace")
                for d in error.diagnostics where d.severity == .error { print("     \(d)") }
                continue
            }
            let output = TraceReplay.run(stream: stream, explain: true).output
            if stream.hasErrors {
                failed += 1
                print("FAIL \(file): not a valid trace")
                for d in stream.diagnostics where d.severity == .error { print("     \(d)") }
                continue
            }
            guard stream.header.isTest else {
                skipped += 1
                print("SKIP \(file): no expect or expectNone")
                continue
            }
            let diffs = ExpectationCheck.differences(header: stream.header, output: output)
            if diffs.isEmpty {
                passed += 1
                if !json { print("PASS \(file)") }
            } else {
                failed += 1
                print("FAIL \(file)")
                for d in diffs { print("     \(d)") }
                if explain {
                    for e in output { print("       " + e.humanDescription) }
                }
            }
        }
        print("\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : ""))
        if failed > 0 { throw ExitCode(1) }
    }
}

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check traces against the format and report every problem with its location.")

    @Argument(help: "Trace files to check.")
    var files: [String]

    func run() throws {
        var bad = 0
        for file in files {
            let r = TraceReader.diagnose(path: file)
            for d in r.diagnostics { printError(d.description) }
            if let t = r.trace {
                print("\(file): valid (\(r.encoding?.rawValue ?? "?"), \(t.events.count) events\(r.warnings.isEmpty ? "" : ", \(r.warnings.count) warning\(r.warnings.count == 1 ? "" : "s")"))")
            } else {
                bad += 1
                print("\(file): invalid (\(r.errors.count) error\(r.errors.count == 1 ? "" : "s"))")
            }
        }
        if bad > 0 { throw ExitCode(2) }
    }
}

struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert a trace between the document (.json) and lines (.jsonl) encodings.",
        discussion: "The output is written to a temporary file that replaces OUT only when complete.")

    @Argument(help: "The trace to read.")
    var input: String

    @Argument(help: "Where to write. The encoding follows its extension (.jsonl: lines, else document) unless --to says.")
    var output: String

    @Option(help: "The output encoding: document or lines.")
    var to: String?

    func run() throws {
        let encoding: TraceEncoding
        if let to {
            guard let e = TraceEncoding(rawValue: to) else {
                printError("touchtrace: --to must be document or lines, found \(to)")
                throw ExitCode(2)
            }
            encoding = e
        } else {
            encoding = encodingFor(path: output)
        }
        let trace: Trace
        do {
            let (t, warnings) = try TraceReader.read(path: input)
            for w in warnings { printError(w.description) }
            trace = t
        } catch {
            printError(error.description)
            printError("touchtrace: \(input) is not a valid trace; \(output) was not written")
            throw ExitCode(2)
        }
        try writeTrace(trace, to: output, encoding: encoding)
        print("\(input) → \(output) (\(encoding.rawValue), \(trace.events.count) events)")
    }
}

extension VelocityStrategy: ExpressibleByArgument {}

struct Velocity: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print each contact's velocity when it lifts.",
        discussion: """
            Velocities are in trace units per second, and in mm/s where the trace gives its \
            resolution. Strategies: lsq2 (quadratic least squares, as Flutter), impulse (as \
            Android), twoPoint (end points of the last 150 ms, as GTK's swipe). Cancelled \
            contacts have no lift and are not listed.
            """)

    @Argument(help: "A trace file.")
    var file: String

    @Option(help: "lsq2, impulse or twoPoint.")
    var strategy: VelocityStrategy = .lsq2

    @Flag(help: "One JSON object a line per contact: {\"id\": 3, \"strategy\": \"lsq2\", \"velocity\": {\"x\": …, \"y\": …}}.")
    var json = false

    func run() throws {
        let trace = try readTrace(file)
        let surface = trace.header.surface
        for c in ContactVelocity.atLifts(of: trace.events, strategy: strategy) {
            if json {
                var o = JSONObject()
                o["id"] = .number(Double(c.id))
                o["strategy"] = .string(strategy.rawValue)
                o["velocity"] = c.velocity.map { .object(JSONObject([.init("x", .number($0.x)), .init("y", .number($0.y))])) } ?? .null
                print(JSONValue.object(o).serialized())
            } else {
                let when = "contact \(c.id) lifted at \(String(format: "%.3f", c.time)) s:"
                guard let v = c.velocity else {
                    print("\(when) no estimate (too few samples for \(strategy.rawValue))")
                    continue
                }
                var line = "\(when) (\(String(format: "%.1f", v.x)), \(String(format: "%.1f", v.y))) units/s"
                if !surface.resolutionIsDefault {
                    let mm = surface.millimetres(v)
                    line += " = (\(String(format: "%.1f", mm.x)), \(String(format: "%.1f", mm.y))) mm/s"
                }
                print(line)
            }
        }
    }
}

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
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
            help: "The touch surface's width and height in millimetres, for devices that report no resolution.")
    var sizeMillimetres: [Double] = []

    @Option(help: "Expectations to store in the trace, as a JSON array (see the trace format).")
    var expect: String?

    @Option(name: .customLong("expect-none"), help: "Output types the trace must not produce, comma-separated.")
    var expectNone: String?

    func read(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            printError("touchtrace: \(path): cannot read")
            throw ExitCode(2)
        }
        return String(decoding: data, as: UTF8.self)
    }

    func run() throws {
        guard sizeMillimetres.isEmpty || (sizeMillimetres.count == 2 && sizeMillimetres.allSatisfy { $0 > 0 }) else {
            printError("touchtrace: --size-mm takes two positive numbers, width and height in mm; found \(sizeMillimetres.map { String($0) }.joined(separator: " "))")
            throw ExitCode(2)
        }
        var rec: EvemuRecording
        do {
            let text = try read(recording)
            rec = EvemuRecording.isLibinputRecord(text)
                ? try EvemuRecording.parseLibinputRecord(text, name: recording)
                : try EvemuRecording.parse(text, name: recording)
            if let desc {
                let d = try EvemuRecording.parse(try read(desc), name: desc)
                rec.description = d.description
            }
        } catch let e as EvemuErrors {
            printError(e.description)
            throw ExitCode(2)
        }
        let size = sizeMillimetres.count == 2 ? Point(x: sizeMillimetres[0], y: sizeMillimetres[1]) : nil
        var trace: Trace
        do { trace = try TraceImport.trace(from: rec, source: (recording as NSString).lastPathComponent, physicalSize: size) } catch {
            printError(error.description)
            throw ExitCode(2)
        }
        if let expect {
            let r = TraceReader.diagnose(bytes: Array(("{\"format\": \"touch-trace\", \"version\": 1, \"device\": {\"width\": 1, \"height\": 1}, \"expect\": " + expect + ", \"events\": []}").utf8), name: "--expect")
            guard let parsed = r.trace?.header.expect else {
                printError("touchtrace: --expect must be a JSON array of objects with a \"type\": \(r.errors.first?.message ?? "")")
                throw ExitCode(2)
            }
            trace.header.expect = parsed
        }
        if let expectNone {
            trace.header.expectNone = expectNone.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        try writeTrace(trace, to: output)
        let contacts = trace.events.filter { $0.phase == .down }.count
        print("\(recording) → \(output): \(trace.events.count) events, \(contacts) contacts, \(formatJSONNumber(trace.header.device.width)) × \(formatJSONNumber(trace.header.device.height)) units")
    }
}

struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List /dev/input/event* devices: name, kind, multitouch protocol, slots, axes, resolution.")

    func run() throws {
        let all: [DeviceInfo]
        do { all = try EvdevDevice.list() } catch {
            printError("touchtrace: \(error)")
            throw ExitCode(2)
        }
        if all.isEmpty { print("no input devices in /dev/input") }
        for d in all {
            guard let desc = d.description else {
                print("\(d.path)  (cannot open: \(d.error.map { "\($0)".split(separator: "\n").first.map(String.init) ?? "" } ?? "?"))")
                continue
            }
            var line = "\(d.path)  \"\(desc.name)\"  \(d.kind.rawValue)"
            if let p = desc.touchProtocol {
                line += ", \(p.rawValue)"
                if p == .multitouchB { line += ", \(desc.slotCount) slots" }
            }
            if let (x, y) = desc.positionAxes {
                line += ", x \(x.minimum)…\(x.maximum) y \(y.minimum)…\(y.maximum)"
                line += x.resolution > 0 ? ", \(x.resolution)×\(y.resolution) units/mm" : ", no resolution"
            }
            print(line)
        }
        if all.contains(where: { if case .permissionDenied? = $0.error { true } else { false } }) {
            printError("some devices could not be opened: add yourself to the `input` group, or use a udev rule:\n  \(InputError.udevRule)")
        }
    }
}

/// Set by SIGINT/SIGTERM; the record loop checks it between polls.
let stopRequested = Atomic<Bool>(false)
/// Drops the recorder recovered from (counted on the reading thread).
let dropsSeen = Atomic<Int>(0)

struct Record: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record a touch device into a trace (lines encoding), one write per frame.",
        discussion: """
            Ctrl-C or SIGTERM stops and closes the file. Every frame is written as it completes, \
            so after a crash or kill -9 every complete frame is still readable. A device that is \
            removed ends the recording with a message; what was recorded is kept (exit 0).
            """)

    @Option(help: "The device, e.g. /dev/input/event3 (default: the first touchscreen).")
    var device: String?

    @Flag(help: "Grab the device so that its touches do not also reach other programs.")
    var grab = false

    @Option(name: .customLong("ready-file"), help: ArgumentHelp("Create this file once the device is open (for scripts).", visibility: .hidden))
    var readyFile: String?

    @Argument(help: "Where to write the trace (.jsonl).")
    var output: String

    // `mutating`, exactly as AsyncParsableCommand declares it: otherwise ParsableCommand's
    // default synchronous `mutating run()` (which prints the help) is taken as the witness.
    mutating func run() async throws {
        let dev: EvdevDevice
        do { dev = try EvdevDevice.open(device, grab: grab) } catch {
            printError("touchtrace: \(error)")
            throw ExitCode(2)
        }
        let s = dev.decoder.surface
        var header = TraceHeader(device: .init(name: dev.description.name, width: s.width, height: s.height,
                                               resolution: s.resolutionIsDefault ? nil : s.unitsPerMillimetre, units: "px"))
        var meta = JSONObject()
        meta["recordedWith"] = .string("touchtrace record")
        meta["device"] = .string(dev.path)
        meta["protocol"] = .string(dev.decoder.touchProtocol.rawValue)
        header.meta = .object(meta)
        let writer: LinesTraceWriter
        do { writer = try LinesTraceWriter(path: output, header: header) } catch {
            printError(error.description)
            throw ExitCode(2)
        }
        signal(SIGINT) { _ in stopRequested.store(true, ordering: .relaxed) }
        signal(SIGTERM) { _ in stopRequested.store(true, ordering: .relaxed) }
        let name = "\(dev.path) (\(dev.description.name))"
        // The device is read on the stream's own thread from here on.
        let stream = EvdevDevice.frames(from: dev, pollInterval: 0.1,
                                        stopWhen: { stopRequested.load(ordering: .relaxed) },
                                        onDrop: { dropsSeen.add(1, ordering: .relaxed) })
        if let readyFile { _ = FileManager.default.createFile(atPath: readyFile, contents: nil) }
        printError("recording \(name) to \(output); Ctrl-C to stop")
        var origin: Double?
        var frames = 0, events = 0
        var buffer = TouchFrame(time: 0, events: [])
        do {
            for try await frame in stream {
                let o = origin ?? frame.time
                origin = o
                buffer.time = TouchEvent.roundedTime(frame.time - o)
                buffer.events = frame.events.map { var e = $0; e.time = buffer.time; return e }
                try writer.write(buffer)
                frames += 1
                events += frame.events.count
            }
        } catch let e as InputError {
            if case .removed = e {
                printError("touchtrace: \(e); the recording is closed")
            } else {
                writer.close()
                printError("touchtrace: \(e)")
                throw ExitCode(2)
            }
        } catch {
            writer.close()
            printError("touchtrace: \(error)")
            throw ExitCode(2)
        }
        writer.close()
        let drops = dropsSeen.load(ordering: .relaxed)
        printError("recorded \(frames) frames (\(events) events) to \(output)"
                   + (drops > 0 ? "; recovered from \(drops) dropped report\(drops == 1 ? "" : "s") (SYN_DROPPED)" : ""))
    }
}

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a trace as an evemu-record file, to replay it into a real (uinput) touchscreen.",
        discussion: """
            The file holds the description of a multitouch touchscreen (10 slots) and the events. \
            Replay it with: evemu-device OUT, then evemu-play /dev/input/eventN < OUT.
            """)

    @Argument(help: "The trace.")
    var file: String

    @Option(help: "Where to write the evemu-record file.")
    var evemu: String

    func run() throws {
        let trace = try readTrace(file)
        let text: String
        do { text = try EvemuExport.text(for: trace) } catch {
            printError("touchtrace: \(file): \(error)")
            throw ExitCode(2)
        }
        try writeText(text, to: evemu)
        print("\(file) → \(evemu) (\(trace.events.count) events)")
    }
}

struct Synth: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make a trace from a short description (gestures, device, list, expectations).",
        discussion: """
            One statement a line or separated by ';'. Settings: device 800x480 [res 5 | mm], \
            list rows 8 height 60 [policy P], rate 120, jitter 0.3mm, seed 7, gap 0.5s. Gestures: \
            swipe right 40mm [in 0.25s] [at X,Y] [fingers N]; tap|double-tap [at X,Y] [fingers N] \
            [hold S]; long-press [at X,Y] [for S]; fling DIR [30mm] [in S]; pinch [at X,Y] \
            [from 20mm] [to 60mm] [in S]; drag from X,Y to X,Y [in S]; pause S. \
            Expectations: expect TYPE field=value…; expect-none TYPE…
            Example: touchtrace synth -e "list rows 8 height 60; swipe right 40mm at 300,210; \
            expect rowSwipe row=3 swiped=true" out.json
            """)

    @Option(name: .short, help: "The description itself, instead of a file.")
    var e: String?

    @Argument(help: "A file with the description (omit with -e), then where to write the trace (.json or .jsonl).")
    var paths: [String]

    func run() throws {
        let text: String
        let output: String
        if let e {
            guard paths.count == 1 else { throw ValidationError("with -e, give only the output path") }
            text = e
            output = paths[0]
        } else {
            guard paths.count == 2 else { throw ValidationError("give a description file and an output path (or -e TEXT OUT)") }
            guard let data = FileManager.default.contents(atPath: paths[0]) else {
                printError("touchtrace: \(paths[0]): cannot read")
                throw ExitCode(2)
            }
            text = String(decoding: data, as: UTF8.self)
            output = paths[1]
        }
        let trace: Trace
        do { trace = try TraceSynth.trace(from: text) } catch {
            printError("touchtrace: \(e != nil ? "-e" : paths[0]): \(error)")
            throw ExitCode(2)
        }
        try writeTrace(trace, to: output)
        print("\(output): \(trace.events.count) events\(trace.header.isTest ? ", with expectations" : "")")
    }
}

/// A compact one-line form of an output event, for tables and diffs.
func brief(_ output: ListController.Output) -> String {
    let t = String(format: "%.3f", output.time)
    let e: GestureEvent
    switch output {
    case .gesture(let g): e = g
    case .list(let l):
        switch l.kind {
        case .scroll(let offset, let momentum): return "\(t) scroll \(String(format: "%.1f", offset))\(momentum ? " momentum" : "")"
        case .rowSwipe(let r, let on): return "\(t) rowSwipe \(r) \(on ? "on" : "off")"
        case .select(let r): return "\(t) select \(r)"
        case .deselect, .check, .snap, .loadMore, .refresh, .page: return "\(t) \(l.summary)"
        }
    }
    switch e.kind {
    case .tap(let g): return "\(t) tap \(g.taps)× \(g.fingers)f"
    case .swipe(let g): return "\(t) swipe \(g.direction.rawValue) \(g.fingers)f\(g.edge.map { " edge " + $0.rawValue } ?? "")"
    case .longPress(let g): return "\(t) longPress \(g.phase.rawValue) \(g.fingers)f"
    case .pan(let g): return "\(t) pan \(g.phase.rawValue) \(g.fingers)f"
    case .pinch(let g): return "\(t) pinch \(g.phase.rawValue) \(String(format: "%.2f", g.scale))"
    case .rotate(let g): return "\(t) rotate \(g.phase.rawValue) \(String(format: "%.1f", g.angle * 180 / Double.pi))°"
    case .fling(let g): return "\(t) fling \(g.fingers)f \(String(format: "%.0f", g.speed)) mm/s"
    case .won(let r, _): return "\(t) \(r.rawValue) won"
    case .failed(let r, let why): return "\(t) \(r.rawValue) failed \(why.kind.rawValue)"
    }
}

struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Figures about traces: duration, contacts, frame rate and jitter, fingers, path lengths, gestures.",
        discussion: "With a folder, a table of every trace and its totals (a progress bar on a terminal).")

    @Argument(help: "A trace file or a folder of traces.")
    var path: String

    func run() throws {
        guard let (files, isFolder) = traceFiles(at: path) else {
            printError("touchtrace: \(path): no such file or folder")
            throw ExitCode(2)
        }
        func gestures(_ g: [String: Int]) -> String {
            g.isEmpty ? "none" : g.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        }
        if !isFolder {
            let trace = try readTrace(files[0])
            let st = TraceStats(trace: trace)
            print("""
                duration      \(String(format: "%.3f", st.duration)) s
                events        \(st.events) in \(st.frames) frames
                frame rate    \(String(format: "%.1f", st.frameRate)) Hz (jitter \(String(format: "%.2f", st.frameJitterMilliseconds)) ms)
                contacts      \(st.contacts), at most \(st.mostFingers) at once
                paths         \(String(format: "%.1f", st.totalPathMillimetres)) mm in all, longest \(String(format: "%.1f", st.longestPathMillimetres)) mm
                gestures      \(gestures(st.gestures))
                """)
            return
        }
        let bar = isatty(STDERR_FILENO) == 1
        print("trace".padding(toLength: 44, withPad: " ", startingAt: 0) + "     s  contacts    Hz  jitter  fingers  path mm  gestures")
        var totals = (duration: 0.0, contacts: 0, path: 0.0, traces: 0, bad: 0)
        var all: [String: Int] = [:]
        for (k, file) in files.enumerated() {
            if bar {
                let done = (k * 30) / max(files.count, 1)
                FileHandle.standardError.write(Data("\r[\(String(repeating: "#", count: done))\(String(repeating: ".", count: 30 - done))] \(k)/\(files.count)".utf8))
            }
            let root = URL(fileURLWithPath: path).standardizedFileURL.path
            let name = file.hasPrefix(root) ? String(file.dropFirst(root.count).drop { $0 == "/" }) : file
            guard let trace = try? TraceReader.read(path: file).trace else {
                totals.bad += 1
                if bar { FileHandle.standardError.write(Data("\r".utf8)) }
                print(name.padding(toLength: 44, withPad: " ", startingAt: 0) + "  (not a valid trace: touchtrace validate says why)")
                continue
            }
            let st = TraceStats(trace: trace)
            totals.duration += st.duration
            totals.contacts += st.contacts
            totals.path += st.totalPathMillimetres
            totals.traces += 1
            for (g, n) in st.gestures { all[g, default: 0] += n }
            if bar { FileHandle.standardError.write(Data("\r".utf8)) }
            print(name.padding(toLength: 44, withPad: " ", startingAt: 0)
                  + String(format: "%6.2f  %8d  %4.0f  %6.2f  %7d  %7.1f  ", st.duration, st.contacts, st.frameRate,
                           st.frameJitterMilliseconds, st.mostFingers, st.totalPathMillimetres) + gestures(st.gestures))
        }
        if bar { FileHandle.standardError.write(Data("\r\(String(repeating: " ", count: 44))\r".utf8)) }
        print("total: \(totals.traces) traces\(totals.bad > 0 ? " (\(totals.bad) invalid)" : ""), \(String(format: "%.2f", totals.duration)) s, \(totals.contacts) contacts, \(String(format: "%.1f", totals.path)) mm of paths; \(gestures(all))")
    }
}

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare the gesture output of two traces, or of one trace under two settings files.",
        discussion: """
            Settings files are JSON objects whose keys are the setting names (flat with dots, or \
            nested): the thresholds \(GestureSettings.keyNames.joined(separator: ", ")), and \
            \(GestureSettings.choiceKeyNames.joined(separator: ", ")). A trace's own \
            `scene.settings` has the same form. \
            The outputs are shown side by side; the first difference is marked. Exit 0 when they \
            are the same, 1 when they differ, 2 on bad input.
            """)

    @Argument(help: "A trace, and optionally a second one.")
    var traces: [String]

    @Option(name: .customLong("settings-a"), help: "Settings for the first side (default: the trace's own, else the library's).")
    var settingsA: String?

    @Option(name: .customLong("settings-b"), help: "Settings for the second side (default: the trace's own, else the library's).")
    var settingsB: String?

    /// The settings in `path`, or `nil` (each trace's own `scene.settings`, else the defaults).
    func loadSettings(_ path: String?) throws -> GestureSettings? {
        guard let path else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            printError("touchtrace: \(path): cannot read")
            throw ExitCode(2)
        }
        do {
            let value = try JSONValue.parse(Array(data), name: path)
            return try GestureSettings.from(json: value, source: path)
        } catch {
            printError(error.description)
            throw ExitCode(2)
        }
    }

    func run() throws {
        guard (1...2).contains(traces.count) else { throw ValidationError("give one or two traces") }
        if traces.count == 1 && settingsA == nil && settingsB == nil {
            throw ValidationError("with one trace, give --settings-a and/or --settings-b to compare")
        }
        let a = try loadSettings(settingsA), b = try loadSettings(settingsB)
        func output(_ file: String, _ s: GestureSettings?) throws -> [String] {
            let t = try readTrace(file)
            return TraceReplay.run(header: t.header, settings: s, events: t.events).output.map(brief)
        }
        let left = try output(traces[0], a)
        let right = try output(traces.count == 2 ? traces[1] : traces[0], b)
        let titleA = traces[0] + (settingsA.map { " with \($0)" } ?? "")
        let titleB = (traces.count == 2 ? traces[1] : traces[0]) + (settingsB.map { " with \($0)" } ?? "")
        let width = max(24, (left.map(\.count).max() ?? 0) + 2)
        print("A: \(titleA)\nB: \(titleB)")
        print("   " + "A".padding(toLength: width, withPad: " ", startingAt: 0) + "  B")
        var first: Int?
        for k in 0..<max(left.count, right.count) {
            let l = k < left.count ? left[k] : "", r = k < right.count ? right[k] : ""
            let mark = l == r ? "  " : (first == nil ? ">>" : " ≠")
            if l != r && first == nil { first = k }
            print(mark + " " + l.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + r)
        }
        if let first {
            print("first difference at output \(first + 1) of \(max(left.count, right.count))")
            throw ExitCode(1)
        }
        print("same output (\(left.count) events)")
    }
}

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw a trace: paths coloured by time, down and up marked, the list's rows, gestures where they fired.",
        discussion: "OUT ending in .png is rasterised with rsvg-convert (Debian's librsvg2-bin); anything else is SVG.")

    @Argument(help: "The trace.")
    var file: String

    @Option(name: .shortAndLong, help: "Where to write the picture (.svg or .png).")
    var output: String

    @Flag(help: "Also label where and why recognizers failed.")
    var explain = false

    func run() throws {
        let trace = try readTrace(file)
        let svg = TraceRender.svg(for: trace, title: (file as NSString).lastPathComponent, explain: explain)
        guard output.hasSuffix(".png") else {
            try writeText(svg, to: output)
            print("\(output): SVG")
            return
        }
        let temp = NSTemporaryDirectory() + "touchtrace-render-\(getpid()).svg"
        defer { try? FileManager.default.removeItem(atPath: temp) }
        try writeText(svg, to: temp)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["rsvg-convert", "-o", output, temp]
        let err = Pipe()
        p.standardError = err
        do { try p.run() } catch {
            printError("touchtrace: cannot run rsvg-convert (apt-get install librsvg2-bin): \(error)")
            throw ExitCode(2)
        }
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            let msg = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            printError("touchtrace: rsvg-convert failed (is librsvg2-bin installed? apt-get install librsvg2-bin): \(msg)")
            throw ExitCode(2)
        }
        print("\(output): PNG")
    }
}
