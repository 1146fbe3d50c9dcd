import ArgumentParser
import Foundation
import Synchronization
import TouchGestures
import TouchTrace
import TouchEvdev
import TouchInput

/// Drops the recorder recovered from (counted on the reading thread).
let dropsSeen = Atomic<Int>(0)

/// Set by SIGINT/SIGTERM; the record loop checks it between polls.
let stopRequested = Atomic<Bool>(false)

struct Record: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
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
            throw CommandFailure.badInput("touchtrace: \(error)")
        }
        let s = dev.decoder.surface
        var header = TraceHeader(device: .init(name: dev.description.name, width: s.width, height: s.height,
                                               resolution: s.resolutionIsDefault ? nil : s.unitsPerMillimeter, units: "px"))
        var meta = JSONObject()
        meta["recordedWith"] = .string("touchtrace record")
        meta["device"] = .string(dev.path)
        meta["protocol"] = .string(dev.decoder.touchProtocol.rawValue)
        header.meta = .object(meta)
        let writer: LinesTraceWriter
        do { writer = try LinesTraceWriter(path: output, header: header) } catch {
            throw CommandFailure.badInput(error.description)
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
                throw CommandFailure.badInput("touchtrace: \(e)")
            }
        } catch {
            writer.close()
            throw CommandFailure.badInput("touchtrace: \(error)")
        }
        writer.close()
        let drops = dropsSeen.load(ordering: .relaxed)
        // Times in the trace count from its first frame; where that was on the device's clock
        // lets a recording be set beside other logs of the same machine (the VM's latency case).
        let first = origin.map { "; its time 0 is \(formatJSONNumber(($0 * 1e6).rounded() / 1e6)) s on the device clock (CLOCK_MONOTONIC)" } ?? ""
        printError("recorded \(frames) frames (\(events) events) to \(output)"
                   + (drops > 0 ? "; recovered from \(drops) dropped report\(drops == 1 ? "" : "s") (SYN_DROPPED)" : "") + first)
    }
}
