import GestureBindings
import TouchEvdev
import TouchGestures
import TouchTrace

/// `--replay TRACE`: the same recognition and bindings over a trace, as fast as it reads. With
/// `--dry-run` standard output holds exactly one line per command that would run, in order:
/// how bindings are tested.
struct ReplayRun {
    var setup: Setup
    var path: String
    var dryRun: Bool
    var log: Bool
    var verbose: Bool

    func run() throws(DaemonFailure) {
        if let recording = try Self.evemuRecording(path) { return try run(recording) }
        let trace: Trace
        do { trace = try TraceReader.read(path: path).trace } catch {
            throw .input(error.description)
        }
        let (surface, turn) = Self.turned(trace.header.surface, setup.config.rotation)
        var dispatcher = GestureDispatcher(bindings: setup.config.bindings, settings: setup.config.settings, surface: surface)
        let out = StandardOutput()
        let spawner = dryRun ? nil : Spawner(verbose: verbose, say: { printError("touch-gestured: " + $0) })
        func fire(_ f: GestureDispatcher.Firing) {
            if verbose { printError("touch-gestured: \(Self.seconds(f.time)) s: \(f.reason) → \(f.binding.command.line)") }
            if let spawner { spawner.run(f.binding.command, origin: f.binding.origin) } else { out.line(f.binding.command.line) }
        }
        func seen(_ g: GestureEvent) {
            guard log else { return }
            if dryRun { printError(g.jsonLine) } else { out.line(g.jsonLine) }
        }
        var assembler = FrameAssembler()
        func handle(_ frame: TouchFrame) {
            dispatcher.advance(to: frame.time, fire: fire, seen: seen)
            dispatcher.handle(frame, fire: fire, seen: seen)
        }
        for var e in trace.events {
            e.position = turn(e.position)
            assembler.add(e, emit: handle)
        }
        assembler.flush(emit: handle)
        dispatcher.finish(fire: fire, seen: seen)
        out.flush()
        spawner?.waitForAll()
    }

    /// The file as an evemu recording (`evemu-record`'s text: `# EVEMU` or `N:` first), or
    /// `nil` when it is not one (a trace).
    static func evemuRecording(_ path: String) throws(DaemonFailure) -> EvemuRecording? {
        let text: String
        switch readWholeFile(path, limit: 1 << 30) {
        case .success(let t): text = t
        case .failure(let f): throw .input(f.description)
        }
        let start = text.utf8.prefix(64)
        guard start.starts(with: "# EVEMU".utf8) || start.starts(with: "N:".utf8) else { return nil }
        do { return try EvemuRecording.parse(text, name: path) } catch { throw .input(error.description) }
    }

    /// An evemu recording, decoded as a live device is (the same decoder, rotation and
    /// calibration), at the speed it reads.
    func run(_ recording: EvemuRecording) throws(DaemonFailure) {
        guard let description = recording.description,
              let decoder0 = TouchDecoder(device: description, rotation: setup.config.rotation, calibration: setup.config.calibration) else {
            throw .input("\(path): the recording has no touch device description (N:, B: and A: lines with position axes)")
        }
        var decoder = decoder0
        var dispatcher = GestureDispatcher(bindings: setup.config.bindings, settings: setup.config.settings, surface: decoder.surface)
        let out = StandardOutput()
        let spawner = dryRun ? nil : Spawner(verbose: verbose, say: { printError("touch-gestured: " + $0) })
        func fire(_ f: GestureDispatcher.Firing) {
            if verbose { printError("touch-gestured: \(Self.seconds(f.time)) s: \(f.reason) → \(f.binding.command.line)") }
            if let spawner { spawner.run(f.binding.command, origin: f.binding.origin) } else { out.line(f.binding.command.line) }
        }
        func seen(_ g: GestureEvent) {
            guard log else { return }
            if dryRun { printError(g.jsonLine) } else { out.line(g.jsonLine) }
        }
        func handle(_ frame: TouchFrame) {
            dispatcher.advance(to: frame.time, fire: fire, seen: seen)
            dispatcher.handle(frame, fire: fire, seen: seen)
        }
        for e in recording.events { decoder.feed(e, emit: handle) }
        decoder.cancelAll(at: recording.events.last?.time ?? 0, emit: handle)
        dispatcher.finish(fire: fire, seen: seen)
        out.flush()
        spawner?.waitForAll()
    }

    static func seconds(_ t: Double) -> String {
        let ms = Int((t * 1000).rounded())
        let frac = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - frac.count) + frac
    }

    /// A trace's surface and points turned clockwise by `rotation`, as ``TouchDecoder`` turns a
    /// device's: a trace is what the panel reported, before the screen was turned.
    static func turned(_ s: Surface, _ rotation: Rotation) -> (Surface, (Point) -> Point) {
        let (w, h) = (s.width, s.height)
        let res = s.unitsPerMillimeter
        switch rotation {
        case .none: return (s, { $0 })
        case .half: return (s, { Point(x: w - $0.x, y: h - $0.y) })
        case .quarter:
            return (Surface(width: h, height: w, unitsPerMillimeter: Point(x: res.y, y: res.x)),
                    { Point(x: h - $0.y, y: $0.x) })
        case .threeQuarters:
            return (Surface(width: h, height: w, unitsPerMillimeter: Point(x: res.y, y: res.x)),
                    { Point(x: $0.y, y: w - $0.x) })
        }
    }
}
