internal import TouchPlatform
import CDaemonSystem
import GestureBindings

/// The standard inputs of the streaming bindings' commands (``GestureDispatcher/StreamLine``):
/// a pipe each, whose write end the daemon keeps non-blocking, so that no reader can hold the
/// daemon, or another binding, up by a frame.
///
/// - The begin line and the last line (commit or cancel) are never dropped: they wait in the
///   feed's queue until the pipe takes them (the poll loop watches a feed with a queue for
///   room).
/// - An update is written only while fewer than ``backlog`` bytes wait unread in the pipe
///   (FIONREAD); otherwise it is kept as the feed's newest, replacing the one kept before, and
///   written when the reader has caught up (at the next frame or wake-up). A slow reader
///   therefore reads recent progress, not a pipe's worth (64 KiB, a thousand frames) of old
///   lines. The last line replaces a kept update: it holds the final values.
/// - A reader that exits, or closes its standard input, makes the next write fail with EPIPE
///   (SIGPIPE is ignored): its feed is dropped, and said under `-v`. Its process is reaped as
///   every command is.
/// - Once the last line is written the pipe is closed: the reader sees its end of file. A
///   reader still running ``lingerNotice`` seconds later is said once under `-v`.
final class StreamFeeds {
    /// At most this many bytes of updates wait unread in a reader's pipe before updates are
    /// coalesced: 128 bytes, about 3 lines of 36 bytes. A reader that keeps up leaves none (in the
    /// VM's stream case the median line was read 0.4 ms after its frame), so this is slack for a
    /// hiccup; a slow reader is at most 3 lines behind the finger (with 512 bytes, 14 lines: a
    /// reader taking 200 ms a line read its last line 3 s after the lift).
    static let backlog = 128
    /// How long after its last line a reader may run before `-v` says so, in seconds: 10 s.
    static let lingerNotice = 10.0

    /// A reader's feed. A class: it owns the pipe's write end (non-copyable, which an array of
    /// structs cannot hold), closed when the feed leaves ``feeds``.
    final class Feed {
        /// The dispatcher (the device) the stream comes from.
        let source: Int
        let descriptor: FileDescriptor
        let pid: pid_t
        let origin: String
        let line: String
        /// Bytes that must be written, in order: the begin and last lines, and the rest of a line
        /// the pipe took in part.
        var queue: [UInt8] = []
        /// The newest update not written yet.
        var latest: [UInt8]?
        /// The last line is queued: the pipe closes once the queue is written.
        var ended = false

        init(source: Int, descriptor: consuming FileDescriptor, pid: pid_t, origin: String, line: String, queue: [UInt8]) {
            self.source = source
            self.descriptor = descriptor
            self.pid = pid
            self.origin = origin
            self.line = line
            self.queue = queue
        }

        var fd: Int32 { descriptor.rawValue }
    }

    private(set) var feeds: [Feed] = []
    /// Readers whose feed has closed, with when (monotonic seconds) `-v` says they still run.
    private var lingering: [(pid: pid_t, origin: String, line: String, due: Double)] = []
    /// Changes when the set of feeds waiting for room does (for the poll set).
    private(set) var blockedVersion = 0
    private var blocked: [Int32] = []
    private let verbose: Bool
    private let say: (String) -> Void
    private let now: () -> Double

    init(verbose: Bool, now: @escaping () -> Double, say: @escaping (String) -> Void) {
        self.verbose = verbose
        self.now = now
        self.say = say
    }

    /// The feeds whose queue waits for room in the pipe, for poll's POLLOUT.
    var blockedFDs: [Int32] { blocked }
    /// Whether an update is kept for a reader that has not caught up (the loop then wakes soon
    /// to write it).
    var hasKeptUpdates: Bool { feeds.contains { $0.latest != nil } }

    /// Starts `command` with a new pipe as its standard input, and queues the begin line.
    func begin(_ line: String, source: Int, command: Binding.Command, origin: String, spawner: Spawner) {
        // A stream of the same device that has not closed (its reader still had to take the last
        // line) keeps its queue; a new one is a feed of its own.
        var fds: [Int32] = [-1, -1]
        guard daemon_pipe_cloexec(&fds) == 0 else {
            say("\(origin): cannot run \(command.line): pipe: \(String(cString: strerror(platform_errno())))")
            return
        }
        let readEnd = FileDescriptor(owning: fds[0]), writeEnd = FileDescriptor(owning: fds[1])
        _ = platform_fcntl(writeEnd.rawValue, F_SETFL, O_NONBLOCK)
        let pid = spawner.run(command, origin: origin, input: readEnd.rawValue)
        // The reader has its own copy: with the daemon's closed, the reader's end of it is the
        // pipe's end, and a write after it fails with EPIPE.
        _ = readEnd.close()
        guard let pid else { return }   // the write end closes as it goes
        feeds.append(Feed(source: source, descriptor: writeEnd, pid: pid, origin: origin, line: command.line, queue: Array((line + "\n").utf8)))
        flush(feeds.count - 1)
    }

    /// The open stream of `source`: the newest feed of it that has not ended.
    private func open(_ source: Int) -> Int? { feeds.lastIndex { $0.source == source && !$0.ended } }

    /// A frame's progress for `source`'s reader: written now if the reader keeps up, else kept as
    /// the newest.
    func update(_ line: String, source: Int) {
        guard let k = open(source) else { return }
        feeds[k].latest = Array((line + "\n").utf8)
        flush(k)
    }

    /// The last line (commit or cancel) for `source`'s reader; its pipe closes once it is written.
    func end(_ line: String, source: Int) {
        guard let k = open(source) else { return }
        feeds[k].latest = nil
        feeds[k].queue.append(contentsOf: (line + "\n").utf8)
        feeds[k].ended = true
        flush(k)
    }

    /// Writes what every feed can take now (a wake-up: readers may have caught up).
    func flushAll() {
        var k = feeds.count - 1
        while k >= 0 {
            flush(k)
            k -= 1
        }
    }

    /// Writes what feed `k` can take; closes it when its last line is out, or its reader gone.
    private func flush(_ k: Int) {
        let f = feeds[k]
        if f.queue.isEmpty, let u = f.latest, daemon_pipe_unread(f.fd) < Self.backlog {
            f.queue = u
            f.latest = nil
        }
        while !f.queue.isEmpty {
            let n = f.queue.withUnsafeBytes { b in retryingOnInterrupt { write(f.fd, b.baseAddress, b.count) } }
            if n > 0 {
                f.queue.removeFirst(n)
                continue
            }
            let e = platform_errno()
            if n < 0, e == EAGAIN { break }
            // EPIPE: the reader has gone (exited, or closed its standard input).
            if verbose { say("\(f.origin): \(f.line): its reader stopped reading; the rest of its stream is dropped") }
            feeds.remove(at: k)   // its descriptor closes as `f` goes
            updateBlocked()
            return
        }
        if f.queue.isEmpty, f.ended {
            feeds.remove(at: k)   // its descriptor closes as `f` goes
            if verbose { lingering.append((f.pid, f.origin, f.line, now() + Self.lingerNotice)) }
        }
        updateBlocked()
    }

    /// A feed poll found writable (or in error): what it can take.
    func writable(_ fd: Int32) {
        if let k = feeds.firstIndex(where: { $0.fd == fd }) { flush(k) }
    }

    private func updateBlocked() {
        let now = feeds.filter { !$0.queue.isEmpty }.map { $0.fd }
        if now != blocked {
            blocked = now
            blockedVersion &+= 1
        }
    }

    /// The next time a lingering reader is to be said (monotonic seconds), if any.
    var nextNotice: Double? { lingering.map { $0.due }.min() }

    /// Says, once each, the readers still running past their notice time; forgets those reaped.
    func noticeLingering(at time: Double, spawner: Spawner) {
        lingering.removeAll { l in
            guard spawner.isRunning(l.pid) else { return true }
            guard time >= l.due else { return false }
            say("\(l.origin): \(l.line): still running \(Int(Self.lingerNotice)) s after its stream ended (pid \(l.pid))")
            return true
        }
    }

    /// The end of a replay: every queued last line written, waiting for room as long as a reader
    /// is alive to take it, for at most ``Spawner/replayGrace`` (the readers are then waited for
    /// with the other commands).
    func drain(spawner: Spawner) {
        for _ in 0..<Int(Spawner.replayGrace * 50) where !feeds.isEmpty {
            flushAll()
            guard !feeds.isEmpty else { return }
            spawner.reap()
            var fds = feeds.map { pollfd(fd: $0.fd, events: Int16(POLLOUT), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), 20)
        }
        for f in feeds {
            say("\(f.origin): \(f.line): its reader took no more of its stream in \(Int(Spawner.replayGrace)) s; the rest is dropped")
        }
        feeds.removeAll()   // and their descriptors close
    }
}
