import Foundation
import Synchronization
import TouchTrace
internal import CPlatform

/// Set by SIGINT/SIGTERM; the loops check it.
let stopRequested = Atomic<Bool>(false)

/// The terminal in raw mode (keys without Enter, no echo; Ctrl-C still signals), on the
/// alternate screen; restored by ``restore()`` on every way out.
final class Terminal {
    private var saved = termios()
    private var active = false

    static var isInteractive: Bool { isatty(STDOUT_FILENO) == 1 && isatty(STDIN_FILENO) == 1 }

    func enter() {
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        write("\u{1B}[?1049h\u{1B}[?25l")   // alternate screen, hide cursor
        active = true
    }

    func restore() {
        guard active else { return }
        write("\u{1B}[?25h\u{1B}[?1049l")
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &saved)
        active = false
    }

    /// Columns and rows.
    var size: (columns: Int, rows: Int) {
        var w = winsize()
        guard platform_window_size(STDOUT_FILENO, &w) == 0, w.ws_col > 0 else { return (80, 24) }
        return (Int(w.ws_col), Int(w.ws_row))
    }

    /// A key pressed since the last call, if any (never blocks).
    func key() -> UInt8? {
        var p = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, 0) > 0 else { return nil }
        var c: UInt8 = 0
        return read(STDIN_FILENO, &c, 1) == 1 ? c : nil
    }

    func write(_ s: String) {
        FileHandle.standardOutput.write(Data(s.utf8))
    }
}

/// Lets SIGINT and SIGTERM through: a program started from a thread that blocks them (a
/// libdispatch worker's mask is inherited through `posix_spawn`) could otherwise not be stopped.
func unblockStopSignals() {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    sigaddset(&set, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
}

func installSignalHandlers() {
    signal(SIGINT) { _ in stopRequested.store(true, ordering: .relaxed) }
    signal(SIGTERM) { _ in stopRequested.store(true, ordering: .relaxed) }
}



/// Writes a line to standard output at once (no buffering).
/// A write that fails (a full disk, `>/dev/full`) ends the program with a message and status 1:
/// the log it is writing would be lost otherwise (FileHandle's write traps instead).
func say(_ line: String) {
    // The package's one writer (TouchTrace's writeAll): short writes and EINTR handled there.
    let e = Array((line + "\n").utf8).withUnsafeBytes { writeAll(1, $0) }
    guard e == 0 else {
        printError("touch-demo: cannot write standard output: \(String(cString: strerror(e)))")
        exit(1)
    }
}
