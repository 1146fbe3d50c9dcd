internal import CPlatform
import CDaemonSystem
import GestureBindings
import TouchEvdev
import TouchRecordings
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
    /// What `--replay` names, when it was read already (to see whether the daemon saved it):
    /// read once, never twice (a pipe cannot be read twice, and a trace need not be parsed twice).
    var loaded: Input? = nil

    /// What `--replay` names: an evemu recording, or a trace streamed (its header read): from
    /// standard input as it comes (`live`: each frame run as it comes, each output line written
    /// at once, as `touchtrace replay -` does), or from a file checked whole beforehand.
    enum Input {
        case recording(EvemuRecording)
        case trace(TraceEventStream, live: Bool)
    }

    func run() throws(DaemonFailure) {
        let input: Input
        if let loaded { input = loaded } else { input = try Self.load(path) }
        let stream: TraceEventStream, live: Bool
        switch input {
        case .recording(let recording): return try run(recording)
        case .trace(let s, let l): (stream, live) = (s, l)
        }
        // A trace the daemon saved holds its frames already turned to the screen.
        let rotation = SavedTrace.origin(of: stream.header) == nil ? setup.config.rotation : .none
        let (surface, turn) = Self.turned(stream.header.surface, rotation)
        play(on: surface, lineByLine: live) { handle in
            var assembler = FrameAssembler()
            func add(_ event: TouchEvent) {
                var e = event
                e.position = turn(e.position)
                assembler.add(e, emit: handle)
            }
            for e in stream { add(e) }
            assembler.flush(emit: handle)
        }
        let signal = daemon_stop_signal()
        if signal != 0 {
            let name = signal == SIGHUP ? "SIGHUP" : signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "signal \(signal)"
            printError("touch-gestured: \(name): the input ended there; touches still down were cancelled")
            return
        }
        // A trace streamed from standard input has its errors known at its end, after what came
        // before them ran.
        if stream.hasErrors {
            throw .input(stream.diagnostics.filter { $0.severity == .error }.map { $0.description }.joined(separator: "\n"))
        }
    }

    /// Reads what `path` names (`-`: standard input): an evemu recording when it starts as
    /// `evemu-record` writes (`# EVEMU` or `N:`), else a trace.
    static func load(_ path: String) throws(DaemonFailure) -> Input {
        func isRecording(_ start: [UInt8]) -> Bool { start.starts(with: "# EVEMU".utf8) || start.starts(with: "N:".utf8) }
        func recording(_ text: String) throws(DaemonFailure) -> Input {
            do { return .recording(try EvemuRecording.parse(text, name: path)) } catch { throw .input(error.description) }
        }
        if path == "-" {
            // Standard input: its first bytes say what it is. A recording is read whole (with a
            // file's limit); a trace is streamed, each frame run as it comes (it was read whole
            // first: a live pipe ran nothing until it closed, and /dev/zero grew to 3 GB).
            let start: [UInt8]
            do { start = try InputFile.readStart(path, kind: .anyButFolder(noun: "trace file"), count: 8) } catch { throw .input(error.description) }
            if isRecording(start) {
                var bytes = start
                do { try InputFile.readRest(of: 0, path, into: &bytes, onlyJSON: false, limit: 1 << 30) } catch { throw .input(error.description) }
                return try recording(String(decoding: bytes, as: UTF8.self))
            }
            do {
                let stream = try TraceEventStream(path: path, after: start, sceneCheck: .settingsOnly)
                // A signal ends the input where it is, and the replay ends as the trace would there.
                if stream.descriptor >= 0 { daemon_stop_reading_on_signals(stream.descriptor) }
                return .trace(stream, live: true)
            } catch {
                throw .input(error.diagnostics.filter { $0.severity == .error }.map { $0.description }.joined(separator: "\n"))
            }
        }
        // A file's first bytes say; a trace is left to the trace reader, not read here as well.
        let start: [UInt8]
        do { start = try InputFile.readStart(path, kind: .regular, count: 8) } catch { throw .input("\(path): \(error.message)") }
        if isRecording(start) {
            switch readWholeFile(path, limit: 1 << 30, requireUTF8: false) {
            case .success(let text): return try recording(text)
            case .failure(let f): throw .input(f.description)
            }
        }
        // A file is read twice, streamed each time: once to check it whole, so that nothing runs
        // for a trace that turns out invalid, then to replay it. Memory stays that of a frame,
        // as for standard input (read whole, 10⁶ events took 153 MB; on a phone it matters).
        do throws(DiagnosticError) {
            let check = try TraceEventStream(path: path, after: [], sceneCheck: .settingsOnly)
            for _ in check {}
            if check.hasErrors { throw DiagnosticError(check.diagnostics) }
            let stream = try TraceEventStream(path: path, after: [], sceneCheck: .settingsOnly)
            return .trace(stream, live: false)
        } catch { throw .input(error.description) }
    }

    /// An evemu recording, decoded as a live device is (the same decoder, rotation and
    /// calibration), at the speed it reads.
    func run(_ recording: EvemuRecording) throws(DaemonFailure) {
        // The checks `touchtrace import` makes: one reader of recordings, one rule.
        do { _ = try TraceImport.check(recording, source: path, descriptionOption: nil) } catch { throw .input(error.description) }
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
    private func play(on surface: Surface, lineByLine: Bool = false, feed: (_ handle: (TouchFrame) -> Void) -> Void) {
        let runner = Runner(dryRun: dryRun, log: log, verbose: verbose, replaying: true, lineByLine: lineByLine)
        let (bindings, settings) = setup.config.resolved(for: surface)
        var dispatcher = GestureDispatcher(bindings: bindings, settings: settings, surface: surface)
        dispatcher.explains = explain
        dispatcher.explainsEveryBinding = verbose
        dispatcher.limitNotes = setup.config.limitNotes(for: surface)
        func explained() { for line in dispatcher.takeExplanation() { printError("touch-gestured: explain " + line) } }
        feed {
            dispatcher.handle($0, fire: { runner.fire($0) }, seen: runner.seen)
            if explain { explained() }
        }
        dispatcher.finish(fire: { runner.fire($0) }, seen: runner.seen)
        if explain { explained() }
        runner.finish()
    }

    /// A trace's surface and points turned clockwise by `rotation`, as ``TouchDecoder`` turns a
    /// device's: a trace is what the panel reported, before the screen was turned.
    static func turned(_ s: Surface, _ rotation: Rotation) -> (Surface, (Point) -> Point) {
        guard rotation != .none else { return (s, { $0 }) }
        let (w, h) = (s.width, s.height)
        return (rotation.turned(s), { rotation.turn($0, width: w, height: h) })
    }
}
