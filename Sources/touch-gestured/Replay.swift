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
    var explain: Bool
    /// `--replay -`: what standard input held, read once (a pipe cannot be read twice); `nil`
    /// for a file, which is read from its path.
    var input: [UInt8]? = nil

    func run() throws(DaemonFailure) {
        let recording: EvemuRecording?
        if let input { recording = try Self.evemuRecording(bytes: input) } else { recording = try Self.evemuRecording(path) }
        if let recording { return try run(recording) }
        let trace: Trace
        if let input {
            let read = TraceReader.diagnose(bytes: input, name: "-")
            guard let t = read.trace else { throw .input(read.errors.map(\.description).joined(separator: "\n")) }
            trace = t
        } else {
            do { trace = try TraceReader.read(path: path).trace } catch {
                throw .input(error.description)
            }
        }
        // A trace the daemon saved holds its frames already turned to the screen.
        let rotation = SavedTrace.origin(of: trace) == nil ? setup.config.rotation : .none
        let (surface, turn) = Self.turned(trace.header.surface, rotation)
        play(on: surface) { handle in
            var assembler = FrameAssembler()
            for var e in trace.events {
                e.position = turn(e.position)
                assembler.add(e, emit: handle)
            }
            assembler.flush(emit: handle)
        }
    }

    /// Bytes read from standard input as an evemu recording, or `nil` when they are not one.
    static func evemuRecording(bytes: [UInt8]) throws(DaemonFailure) -> EvemuRecording? {
        guard bytes.starts(with: "# EVEMU".utf8) || bytes.starts(with: "N:".utf8) else { return nil }
        do { return try EvemuRecording.parse(String(decoding: bytes, as: UTF8.self), name: "<stdin>") } catch { throw .input(error.description) }
    }

    /// The file as an evemu recording (`evemu-record`'s text: `# EVEMU` or `N:` first), or
    /// `nil` when it is not one (a trace).
    static func evemuRecording(_ path: String) throws(DaemonFailure) -> EvemuRecording? {
        // Its first bytes say; a trace is left to the trace reader, not read here as well.
        let start: [UInt8]
        switch readRegularFile(path, limit: 8, whole: false) {
        case .success(let b): start = b
        case .failure(let f): throw .input(f.description)
        }
        guard start.starts(with: "# EVEMU".utf8) || start.starts(with: "N:".utf8) else { return nil }
        let text: String
        switch readWholeFile(path, limit: 1 << 30, requireUTF8: false) {
        case .success(let t): text = t
        case .failure(let f): throw .input(f.description)
        }
        do { return try EvemuRecording.parse(text, name: path) } catch { throw .input(error.description) }
    }

    /// An evemu recording, decoded as a live device is (the same decoder, rotation and
    /// calibration), at the speed it reads.
    func run(_ recording: EvemuRecording) throws(DaemonFailure) {
        // The checks `touchtrace import` makes: one reader of recordings, one rule.
        do { _ = try TraceImport.check(recording, source: path) } catch { throw .input(error.description) }
        guard let description = recording.description,
              var decoder = TouchDecoder(device: description, rotation: setup.config.rotation, calibration: setup.config.calibration) else {
            throw .input("\(path): the recording has no touch device description (N:, B: and A: lines with position axes)")
        }
        play(on: decoder.surface) { handle in
            for e in recording.events { decoder.feed(e, emit: handle) }
            decoder.cancelAll(at: recording.events.last?.time ?? 0, emit: handle)
        }
    }

    /// The frames `feed` gives, through the dispatcher and the bindings, as the daemon runs
    /// them (a deadline due before a frame fires first: the engine sees to it).
    private func play(on surface: Surface, feed: (_ handle: (TouchFrame) -> Void) -> Void) {
        let runner = Runner(dryRun: dryRun, log: log, verbose: verbose, stamps: true)
        let (bindings, settings) = setup.config.resolved(for: surface)
        var dispatcher = GestureDispatcher(bindings: bindings, settings: settings, surface: surface)
        dispatcher.explains = explain
        func explained() { for line in dispatcher.takeExplanation() { printError("touch-gestured: explain " + line) } }
        feed {
            dispatcher.handle($0, fire: runner.fire, seen: runner.seen)
            if explain { explained() }
        }
        dispatcher.finish(fire: runner.fire, seen: runner.seen)
        if explain { explained() }
        runner.finish()
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
