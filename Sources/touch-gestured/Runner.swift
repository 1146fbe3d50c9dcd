import CDaemonSystem
import GestureBindings
import TouchGestures
import TouchInput
import TouchTrace

/// Where what the dispatcher decides goes, for the daemon and its replays alike: each firing
/// run through the spawner or, with `--dry-run`, printed as one line on standard output; each
/// gesture, with `--log`, as a JSON line (on standard error with `--dry-run`, whose standard
/// output holds the commands only).
final class Runner {
    let dryRun: Bool
    let log: Bool
    let verbose: Bool
    /// Whether this is a replay, which runs as fast as it reads: a verbose line then says the
    /// firing's time (the trace's; live, a line is written as it happens), and a command waits
    /// for room among those running rather than be dropped (live, the signalfd's SIGCHLD reaps).
    let replaying: Bool
    let out: StandardOutput
    let spawner: Spawner
    /// The streaming bindings' readers.
    let feeds: StreamFeeds
    /// What a `save-trace` binding does (the live daemon saves its devices' recent frames);
    /// `nil` in a replay, where it is only printed (--dry-run) or said.
    var saveTrace: (() -> Void)?

    /// `lineByLine`: each line is written as it is made (a replay of a live pipe), not when the
    /// buffer fills.
    init(dryRun: Bool, log: Bool, verbose: Bool, replaying: Bool, lineByLine: Bool = false) {
        out = lineByLine ? StandardOutput(lineBuffered: true) : StandardOutput()
        self.dryRun = dryRun
        self.log = log
        self.verbose = verbose
        self.replaying = replaying
        spawner = Spawner(verbose: verbose, say: { printError("touch-gestured: " + $0) })
        if !dryRun {
            let limit = daemon_raise_descriptor_limit(Spawner.descriptorsNeeded)
            if limit >= 0, limit < Spawner.descriptorsNeeded {
                printError("touch-gestured: warning: the limit of open files is \(limit) (ulimit -n), and \(Spawner.maxRunning) commands running at once "
                           + "may need \(Spawner.descriptorsNeeded): raise it (LimitNOFILE= in a systemd unit, rc_ulimit=\"-n \(Spawner.descriptorsNeeded)\" for OpenRC)")
            }
        }
        spawner.stdoutToLog = log && !dryRun
        feeds = StreamFeeds(verbose: verbose, now: { EvdevDevice.monotonicNow() }, say: { printError("touch-gestured: " + $0) })
    }

    /// Runs (or, with `--dry-run`, prints) what the dispatcher of `source` (a device) decided.
    func fire(_ f: GestureDispatcher.Firing, source: Int = 0) {
        if let line = f.stream {
            stream(f, line, source: source)
            return
        }
        if verbose {
            printError("touch-gestured: " + (replaying ? "\(Self.seconds(f.time)) s: " : "") + "\(f.reason) → \(f.binding.command.line)")
        }
        if dryRun {
            out.line(f.binding.command.line)
        } else if case .saveTrace = f.binding.command {
            if let saveTrace { saveTrace() } else { printError("touch-gestured: save-trace (\(f.binding.origin)): nothing to save in a replay") }
        } else {
            // A replay runs as fast as it reads: it reaps as it goes, and waits for room
            // rather than drop a command (live, the signalfd's SIGCHLD reaps).
            if replaying { spawner.makeRoom() }
            spawner.run(f.binding.command, origin: f.binding.origin)
        }
    }

    /// A streaming binding's line: its command started at the begin line, each line written to
    /// its standard input (``StreamFeeds``); with `--dry-run`, the command and then each line,
    /// indented after `| `.
    private func stream(_ f: GestureDispatcher.Firing, _ line: GestureDispatcher.StreamLine, source: Int) {
        if verbose, line.event != .update {
            let head = "touch-gestured: " + (replaying ? "\(Self.seconds(f.time)) s: " : "")
            printError(head + (line.event == .begin ? "\(f.reason) began → \(f.binding.command.line) (streamed)" : "\(f.binding.command.line): \(line.event.rawValue)"))
        }
        if dryRun {
            if line.event == .begin { out.line(f.binding.command.line) }
            out.line("  | " + line.text)
            return
        }
        switch line.event {
        case .begin:
            if replaying { spawner.makeRoom() }
            feeds.begin(line.text, source: source, command: f.binding.command, origin: f.binding.origin, spawner: spawner)
        case .update: feeds.update(line.text, source: source)
        case .commit, .cancel: feeds.end(line.text, source: source)
        }
    }

    func seen(_ g: GestureEvent) {
        guard log else { return }
        if dryRun { printError(g.jsonLine) } else { out.line(g.jsonLine) }
    }

    /// The end of a replay: what is buffered is written, and the commands still running are
    /// waited for.
    func finish() {
        out.flush()
        feeds.drain(spawner: spawner)
        spawner.waitForAll()
    }

    /// Seconds with three decimals, for a log line (any time a trace may hold: negative, or
    /// too large for milliseconds in an Int, is written as it is, never a crash).
    static func seconds(_ t: Double) -> String { GestureDispatcher.decimalTime(t) }
}
