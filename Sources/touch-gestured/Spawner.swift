internal import TouchPlatform
import CDaemonSystem
import GestureBindings
import TouchTrace

/// Runs the bound commands: each in a process of its own, started with `daemon_spawn` (vfork and
/// exec, in a few system calls where posix_spawn makes some 70) and never waited for in line,
/// so a slow command does not delay the next gesture. Its standard error is
/// read through a pipe (the daemon's poll loop watches it) and logged line by line with the
/// binding it came from; its exit status is logged when it is reaped (SIGCHLD).
///
/// The daemon keeps its own copy of each pipe's write end until the command is reaped. Without
/// it, a command's end woke the daemon twice: once when its exit closed the pipe (end of file)
/// and once more for its SIGCHLD, a moment later. With it, the pipe cannot reach its end while
/// the command runs, and the SIGCHLD's wake-up reads what is left and finds the end in one go.
final class Spawner {
    /// The signals a command must find at their default: those this process handles or ignores
    /// (the daemon reads its own from a signalfd, so usually none; one it inherited ignored, as
    /// `nohup` leaves SIGHUP, among them). Asked once.
    static let signalsToReset: sigset_t = {
        var set = sigset_t()
        daemon_signals_to_reset(&set)
        return set
    }()

    /// At most this many commands run at once; a gesture beyond that is logged and skipped, so
    /// that a hung command bound to a repeating slide cannot fill the process table.
    static let maxRunning = 64
    /// The longest line of a command's standard error that is logged whole, in bytes.
    static let maxLine = 4096

    /// A command that has not been reaped yet. A class, as ``ErrorStream`` is: it owns a
    /// descriptor (non-copyable), which an array of structs cannot hold.
    final class Child {
        let pid: pid_t
        let origin: String
        let line: String
        /// The read end of the command's standard-error pipe, by number (-1: none); its
        /// ``ErrorStream`` owns it.
        let errorRead: Int32
        /// The daemon's copy of the write end, closed when the command is reaped (or given up
        /// on): the read then finds the pipe's end once no process holds it.
        var errorWrite: FileDescriptor?

        init(pid: pid_t, origin: String, line: String, errorRead: Int32, errorWrite: consuming FileDescriptor) {
            self.pid = pid
            self.origin = origin
            self.line = line
            self.errorRead = errorRead
            if errorWrite.isOpen { self.errorWrite = consume errorWrite } else { self.errorWrite = nil }
        }
    }

    /// The read end of a command's standard error. It outlives the command when the command
    /// left a process in the background that still holds it (Sxmo binds `setsid -f …`), and is
    /// closed only at its end of file, so that such a process never writes into a closed pipe:
    /// it closes when the stream leaves ``streams``.
    final class ErrorStream {
        let descriptor: FileDescriptor
        let origin: String
        let line: String
        var pending: [UInt8] = []

        init(_ descriptor: consuming FileDescriptor, origin: String, line: String) {
            self.descriptor = descriptor
            self.origin = origin
            self.line = line
        }

        var fd: Int32 { descriptor.rawValue }
    }

    /// At most this many standard-error pipes are open at once; commands started beyond that
    /// write to the daemon's own standard error.
    static let maxStreams = 256

    /// The most descriptors the daemon holds at once: each running command's standard-error pipe
    /// (both ends, until it is reaped) and a streaming reader's input, the standard-error read
    /// ends that outlive their commands, and 32 for the rest (the devices, the signalfd, inotify,
    /// a saved trace, the log). 480: under the usual soft limit of 1024, but over the 256 some
    /// init systems give (a replay with 64 readers held 248). ``Runner`` raises the soft limit to
    /// it where the hard limit allows, and says so where it does not.
    static let descriptorsNeeded = maxRunning * 3 + maxStreams + 32

    // Both tables are arrays, searched: they hold a few entries (at most `maxRunning` and
    // `maxStreams`), and a dictionary cost each command's start a hash or three and, the
    // first time, the runtime's search of every conformance in the binary for `Int32:
    // Hashable` (callgrind: 0.6 M instructions in the VM test's session, lisgd's whole
    // start being 3 M).
    private(set) var children: [Child] = []
    private var streams: [ErrorStream] = []
    /// Changes whenever a standard-error pipe opens or closes (for the poll set).
    private(set) var streamsVersion = 0
    private let say: (String) -> Void
    private let verbose: Bool
    /// When the daemon's standard output is the stream of `--log` lines, a command's own
    /// standard output goes to the log with its standard error (or, past the pipes, nowhere),
    /// never into that stream.
    var stdoutToLog = false

    init(verbose: Bool, say: @escaping (String) -> Void) {
        self.verbose = verbose
        self.say = say
        // Before the signals to reset are asked for (at the first command): a streaming
        // binding's reader that exits makes the daemon's next write fail with EPIPE, never end
        // the daemon; its commands get SIGPIPE back at its default.
        daemon_ignore_sigpipe()
        Self.environmentAsTheShellLeavesIt
    }

    /// Once, before the first command: `PWD` set as a POSIX shell sets and exports it at its
    /// start (kept when it names the working folder, else the folder's real path), so that a
    /// command started without the shell sees the same `PWD` as one started through it. The
    /// daemon never changes its working folder, so once is enough.
    static let environmentAsTheShellLeavesIt: Void = {
        var here = stat(), named = stat()
        if let pwd = getenv("PWD"), pwd.pointee == UInt8(ascii: "/"), stat(pwd, &named) == 0, stat(".", &here) == 0,
           named.st_dev == here.st_dev, named.st_ino == here.st_ino {
            return
        }
        if let cwd = getcwd(nil, 0) {
            setenv("PWD", cwd, 1)
            free(cwd)
        }
    }()

    /// The read ends of the commands' standard error, for `poll(2)`.
    var errorFDs: [Int32] { streams.map { $0.fd } }

    /// Starts a binding's command, with `input` as its standard input (-1: /dev/null); logs why
    /// not when it cannot. Returns its pid, or nil.
    @discardableResult
    func run(_ command: Binding.Command, origin: String, input: Int32 = -1) -> pid_t? {
        guard children.count < Self.maxRunning else {
            say("\(origin): not run, \(Self.maxRunning) commands are still running: \(command.line)")
            return nil
        }
        var pipeFDs: [Int32] = [-1, -1]
        if streams.count < Self.maxStreams, daemon_pipe_cloexec(&pipeFDs) == 0 {
            // Close-on-exec on both ends as they are made; the child gets the write end as its
            // fd 2 through dup2, which clears the flag. Only the daemon's end is non-blocking
            // (its only other flag, O_RDONLY, is not changed by F_SETFL): two system calls a
            // command where there were five, each dear under an emulator.
            _ = platform_fcntl(pipeFDs[0], F_SETFL, O_NONBLOCK)
        } else {
            pipeFDs = [-1, -1]
        }
        // Owned from here: both close on the way out when the command does not start.
        let readEnd = FileDescriptor(owning: pipeFDs[0]), writeEnd = FileDescriptor(owning: pipeFDs[1])

        let arguments = command.arguments
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for a in argv { free(a) } }
        // Standard output: the daemon's, or (when it is the stream of --log lines) the log's pipe,
        // or nowhere past the pipes.
        let output: Int32 = stdoutToLog ? (pipeFDs[1] >= 0 ? pipeFDs[1] : -2) : -1
        var failure: Int32 = 0
        let pid = withUnsafePointer(to: Self.signalsToReset) { daemon_spawn(&argv, input, pipeFDs[1], output, $0, &failure) }
        guard pid > 0 else {
            say("\(origin): cannot run \(command.line): \(String(cString: strerror(failure)))")
            return nil
        }
        children.append(Child(pid: pid, origin: origin, line: command.line, errorRead: readEnd.rawValue, errorWrite: writeEnd))
        if readEnd.isOpen {
            streams.append(ErrorStream(readEnd, origin: origin, line: command.line))
            streamsVersion &+= 1
        }
        if verbose { say("\(origin): started \(pid): \(command.line)") }
        return pid
    }

    /// Whether the command `pid` has not been reaped yet.
    func isRunning(_ pid: pid_t) -> Bool { children.contains { $0.pid == pid } }

    /// Reads what commands wrote to standard error on `fd` (which poll found readable).
    func readError(_ fd: Int32) {
        guard let k = streams.firstIndex(where: { $0.fd == fd }) else { return }
        // On the stack and not zeroed: most commands write nothing, and this read only finds
        // the end of the pipe.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { buffer in
            while true {
                let n = retryingOnInterrupt { read(fd, buffer.baseAddress, buffer.count) }
                if n > 0 {
                    streams[k].pending.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<n]))
                    flushLines(k, final: false)
                    continue
                }
                if n < 0, platform_errno() == EAGAIN { return }
                // End of file (or an error): every holder of the pipe has closed it.
                flushLines(k, final: true)
                streams.remove(at: k)   // and with it, its descriptor closes
                streamsVersion &+= 1
                return
            }
        }
    }

    /// Logs the complete lines `streams[k]` holds (and the rest, when `final`).
    private func flushLines(_ k: Int, final: Bool) {
        let c = streams[k]
        while let nl = c.pending.firstIndex(of: 0x0A) {
            say("\(c.origin): \(c.line): \(String(decoding: c.pending[..<nl].prefix(Self.maxLine), as: UTF8.self))")
            c.pending.removeSubrange(...nl)
        }
        if c.pending.count >= Self.maxLine || (final && !c.pending.isEmpty) {
            say("\(c.origin): \(c.line): \(String(decoding: c.pending.prefix(Self.maxLine), as: UTF8.self))")
            c.pending.removeAll()
        }
    }

    /// Logs how a reaped command ended, after what it left in its standard error. The daemon's
    /// write end is closed first: the read then finds the pipe's end, unless a process the
    /// command left in the background still holds it (then the poll loop reads on).
    private func ended(_ c: Child, status: Int32) {
        if c.errorRead >= 0 {
            c.errorWrite = nil   // closes the daemon's copy
            readError(c.errorRead)
        }
        let code = (status >> 8) & 0xFF, signal = status & 0x7F
        if signal != 0 {
            say("\(c.origin): \(c.line): killed by signal \(signal)")
        } else if code != 0 {
            say("\(c.origin): \(c.line): exited with status \(code)")
        } else if verbose {
            say("\(c.origin): \(c.line): done")
        }
    }

    /// Collects every command that has ended and logs how it ended (a failure always, a success
    /// with `-v`). Stops once none of its commands is left, without the `waitpid` that would
    /// only say so.
    func reap() {
        while !children.isEmpty {
            var status: Int32 = 0
            let pid = waitpid(-1, &status, WNOHANG)
            if pid <= 0 { return }
            if let k = children.firstIndex(where: { $0.pid == pid }) { ended(children.remove(at: k), status: status) }
        }
    }

    /// How long the end of a replay waits for the commands still running, in seconds: 10 s.
    static let replayGrace = 10.0

    /// A replay's wait (no signalfd there): reads the commands' standard error and reaps those
    /// that end, until `done` says so or `seconds` have passed; false on the timeout. Reading
    /// while waiting matters: a command that writes more than a pipe holds (64 KiB) would wait
    /// for the read forever, and the replay for it.
    private func waitReading(seconds: Double, until done: () -> Bool) -> Bool {
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        while true {
            reap()
            if done() { return true }
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            if Double(now.tv_sec - start.tv_sec) + Double(now.tv_nsec - start.tv_nsec) / 1e9 >= seconds { return false }
            var fds = streams.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            // 20 ms: a command's end is seen within that (a replay's children send SIGCHLD to
            // no signalfd).
            if poll(&fds, nfds_t(fds.count), 20) > 0 {
                for f in fds where f.revents != 0 { readError(f.fd) }
            }
        }
    }

    /// In a replay, before a command starts: when `maxRunning` are still running, waits (up
    /// to ``replayGrace``) for one to end, so that a replay of many bindings runs them all.
    /// Once a wait for room has run its full grace in vain, later ones do not wait: the commands
    /// that hold the room do not end (readers that never exit), and waiting 10 s for each later
    /// gesture made a replay of 1,000 of them last hours. Said once, when it happens.
    private var gaveUpWaiting = false

    func makeRoom() {
        reap()
        guard children.count >= Self.maxRunning, !gaveUpWaiting else { return }
        if !waitReading(seconds: Self.replayGrace, until: { children.count < Self.maxRunning }) {
            gaveUpWaiting = true
            say("\(Self.maxRunning) commands still running after \(Int(Self.replayGrace)) s: later commands run only while fewer are "
                + "running, without waiting again")
        }
    }

    /// Waits for every command still running (the end of a replay that ran its commands),
    /// reading their standard error meanwhile; those still running after ``replayGrace`` are
    /// named and left running.
    func waitForAll() {
        if !waitReading(seconds: Self.replayGrace, until: { children.isEmpty }) {
            say("\(children.count) command\(children.count == 1 ? "" : "s") still running after \(Int(Self.replayGrace)) s, left running: "
                + children.prefix(5).map { "\($0.line) (pid \($0.pid))" }.joined(separator: ", "))
            children.removeAll()   // each closes its copy of its pipe's write end
        }
        // What the processes they left in the background wrote so far; they may write more,
        // later, to a pipe nobody reads any more (they are not waited for).
        for fd in errorFDs { readError(fd) }
    }
}
