#if canImport(Glibc)
import Glibc
#endif

/// Standard output, written with `write(2)` a line at a time when it is a terminal, and otherwise
/// in blocks of up to 64 KiB or when ``flush()`` is called (the live daemon calls it at the end
/// of each wake-up that read input). No Foundation: the daemon does not load it.
final class StandardOutput {
    private var buffer: [UInt8] = []
    private let lineBuffered: Bool

    init(lineBuffered: Bool = isatty(1) != 0) {
        self.lineBuffered = lineBuffered
        buffer.reserveCapacity(1 << 16)
    }

    func line(_ s: String) {
        buffer.append(contentsOf: s.utf8)
        buffer.append(0x0A)
        if lineBuffered || buffer.count >= 1 << 16 { flush() }
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        var offset = 0
        while offset < buffer.count {
            let n = buffer[offset...].withUnsafeBufferPointer { write(1, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 {
                // A closed pipe or a full disk: nothing more can be said there. Kept, so that a
                // command's end says so (exit 1) rather than succeed with its output lost.
                if Self.failure == 0 { Self.failure = n < 0 ? errno : ENOSPC }
                break
            }
            offset += n
        }
        buffer.removeAll(keepingCapacity: true)
    }

    deinit { flush() }

    /// The error of the first write that failed, or 0. (One thread writes: the daemon's.)
    nonisolated(unsafe) static var failure: Int32 = 0
}
