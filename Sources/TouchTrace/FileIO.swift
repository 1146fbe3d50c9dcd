internal import TouchPlatform
import Synchronization

// Files in and out for every program of the package: the one whole-file reader, the one writer
// of whole buffers, and the one standard output. With `write(2)` and `read(2)`, no Foundation
// (the daemon does not load it), and no trap on a closed stream.

/// Reading what a user names: a file, or standard input for `-`.
package enum InputFile {
    /// Opens `path` to read, or a duplicate of standard input for `-` (so that closing it
    /// leaves standard input open): every reader of the package takes `-` for standard input.
    /// `nonBlocking`: a FIFO with no writer does not hold the open up.
    package static func open(_ path: String, nonBlocking: Bool = false) -> Int32 {
        path == "-" ? dup(0) : openFile(path, O_RDONLY | O_CLOEXEC | (nonBlocking ? O_NONBLOCK : 0))
    }

    /// What a reader refuses besides what cannot be read.
    package enum Kind: Sendable, Equatable {
        /// Anything but a folder (a pipe, a device, standard input); `noun` names what a folder
        /// is not, in the error ("is a folder, not a trace file").
        case anyButFolder(noun: String)
        /// A regular file only ("not a regular file"): a configuration is never a FIFO that
        /// blocks or /dev/zero that never ends.
        case regular
    }

    /// The whole of `path`: at most `limit` bytes (more is an error saying so), refusing what
    /// `kind` refuses. Every failure is a diagnostic at the file: "cannot open: No such file or
    /// directory", "is a folder, not a trace file", "larger than 1048576 bytes; is it the right
    /// file?". `onlyJSON`: see ``readRest(of:_:into:onlyJSON:limit:)``.
    package static func read(_ path: String, kind: Kind, limit: Int = .max, onlyJSON: Bool = false) throws(Diagnostic) -> [UInt8] {
        let file = FileDescriptor(owning: open(path, nonBlocking: kind == .regular))
        guard file.isOpen else { throw failure(path, "cannot open") }
        // Closed as `file` goes: on every path out, a thrown error included.
        let fd = file.rawValue
        let size = try check(fd, path, kind)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(max(size, 0), limit) + 1)
        try readRest(of: fd, path, into: &bytes, onlyJSON: onlyJSON, limit: limit)
        return bytes
    }

    /// What a reader of a text input (a description, labels, settings, a recording) takes: at
    /// most 1 GiB, the limit of the daemon's recordings.
    package static let textLimit = 1 << 30

    /// The whole of a text input `path` (``textLimit`` at most), refused at its first bytes when
    /// they are not text: a NUL or another control byte where text begins (/dev/zero was read for
    /// gigabytes by every reader but the trace's, which stopped at byte 1), or bytes that are not
    /// UTF-8. `json`: it must also begin, after blanks, with `{` or `[`.
    package static func readText(_ path: String, json: Bool = false) throws(Diagnostic) -> [UInt8] {
        let file = FileDescriptor(owning: open(path))
        guard file.isOpen else { throw failure(path, "cannot open") }
        // Closed as `file` goes: on every path out, a thrown error included.
        let fd = file.rawValue
        let size = try check(fd, path, .anyButFolder(noun: "file"))
        // The first bytes, then a look at them, then the rest.
        var head = [UInt8](repeating: 0, count: 4096)
        var filled = 0
        while filled < head.count {
            let n = head.withUnsafeMutableBytes { b in retryingOnInterrupt { systemRead(fd, b.baseAddress! + filled, b.count - filled) } }
            if n < 0 { throw failure(path, "cannot read") }
            if n == 0 { break }
            filled += n
        }
        head.removeLast(head.count - filled)
        if let what = InputFile.encodingProblem(head, count: head.count, noun: json ? "a JSON input" : "a text input") {
            throw Diagnostic(.error, SourceLocation(file: path, line: 1, column: 1), what)
        }
        var k = 0
        while k < head.count, head[k] == 0x20 || head[k] == 0x09 || head[k] == 0x0A || head[k] == 0x0D { k += 1 }
        if k < head.count {
            let b = head[k]
            func refuse(_ what: String) -> Diagnostic {
                let (line, column) = lineAndColumn(of: k, in: head)
                return Diagnostic(.error, SourceLocation(file: path, line: line, column: column), what)
            }
            if b < 0x20 || b == 0x7F { throw refuse("byte 0x\(String(b, radix: 16, uppercase: true)) where text begins: not a text file") }
            if json, b != UInt8(ascii: "{"), b != UInt8(ascii: "[") { throw refuse("expected JSON (an object or an array), found \(b < 0x80 ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16, uppercase: true))")") }
            // A UTF-8 sequence cut at the head's end is not a mistake; one inside it is.
            if let bad = firstInvalidUTF8(Array(head[..<max(k, head.count - 3)])) {
                // Located where the byte is (it was put where the text begins, 1:1).
                let (line, column) = lineAndColumn(of: bad, in: head)
                throw Diagnostic(.error, SourceLocation(file: path, line: line, column: column),
                                 "byte 0x\(String(head[bad], radix: 16, uppercase: true)) at offset \(bad) is not UTF-8: not a text file")
            }
        }
        // Room for the whole file at once where its size is known (it was reserved on another
        // array and thrown away when the head took its place).
        var bytes = head
        bytes.reserveCapacity(min(max(size, 0), textLimit) + 1)
        try readRest(of: fd, path, into: &bytes, onlyJSON: false, limit: textLimit)
        return bytes
    }

    /// What is wrong with the encoding of an input that starts with `bytes` (`count` of them), in
    /// words, or nil: a UTF-8 byte order mark, UTF-16 or UTF-32 (by their marks, or by the NUL
    /// bytes beside the ASCII of their first characters), where every reader here reads UTF-8
    /// without a mark. One check and one message for every reader (traces, settings, labels):
    /// they said "found byte 0xEF", "0xFF" or "0x0".
    package static func encodingProblem(_ bytes: UnsafePointer<UInt8>, count: Int, noun: String) -> String? {
        func starts(_ p: [UInt8]) -> Bool { count >= p.count && (0..<p.count).allSatisfy { bytes[$0] == p[$0] } }
        let convert = "; save it as UTF-8 (iconv -f ENCODING -t UTF-8)"
        if starts([0xEF, 0xBB, 0xBF]) {
            return "the file starts with a UTF-8 byte order mark (EF BB BF); \(noun) is UTF-8 without one: remove those three bytes"
        }
        if starts([0xFF, 0xFE, 0, 0]) || starts([0, 0, 0xFE, 0xFF]) { return "the file is UTF-32 (it starts with its byte order mark)\(convert)" }
        if starts([0xFF, 0xFE]) || starts([0xFE, 0xFF]) { return "the file is UTF-16 (it starts with its byte order mark)\(convert)" }
        // No mark: ASCII in UTF-16 or UTF-32 puts NULs beside each character.
        if count >= 4, bytes[0] != 0, bytes[1] == 0, bytes[2] == 0, bytes[3] == 0 { return "the file is UTF-32 (little-endian)\(convert)" }
        if count >= 4, bytes[0] == 0, bytes[1] == 0, bytes[2] == 0, bytes[3] != 0 { return "the file is UTF-32 (big-endian)\(convert)" }
        if count >= 2, bytes[0] != 0, bytes[1] == 0 { return "the file is UTF-16 (little-endian)\(convert)" }
        if count >= 2, bytes[0] == 0, bytes[1] != 0 { return "the file is UTF-16 (big-endian)\(convert)" }
        return nil
    }

    /// ``encodingProblem(_:count:noun:)`` of an array's bytes.
    package static func encodingProblem(_ bytes: [UInt8], count: Int, noun: String) -> String? {
        bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return nil }
            return encodingProblem(base, count: min(count, b.count), noun: noun)
        }
    }

    /// The first `count` bytes of `path` (fewer when it is shorter), refusing what `kind` refuses.
    package static func readStart(_ path: String, kind: Kind, count: Int) throws(Diagnostic) -> [UInt8] {
        let file = FileDescriptor(owning: open(path, nonBlocking: kind == .regular))
        guard file.isOpen else { throw failure(path, "cannot open") }
        // Closed as `file` goes: on every path out, a thrown error included.
        let fd = file.rawValue
        _ = try check(fd, path, kind)
        var bytes = [UInt8](repeating: 0, count: max(count, 1))
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBytes { b in retryingOnInterrupt { systemRead(fd, b.baseAddress! + filled, count - filled) } }
            if n < 0 { throw failure(path, "cannot read") }
            if n == 0 { break }
            filled += n
        }
        return Array(bytes[..<filled])
    }

    /// The file's size, after refusing what `kind` refuses.
    private static func check(_ fd: Int32, _ path: String, _ kind: Kind) throws(Diagnostic) -> Int {
        var st = stat()
        // A status that cannot be read is said as what it is (EOVERFLOW for a 3 GiB file through
        // 32-bit calls read "not a regular file").
        guard fstat(fd, &st) == 0 else { throw failure(path, "cannot read its status") }
        switch kind {
        case .anyButFolder(let noun):
            if platform_is_folder(st.st_mode) != 0 { throw Diagnostic(.error, SourceLocation(file: path), "is a folder, not a \(noun)") }
        case .regular:
            guard platform_is_regular(st.st_mode) != 0 else { throw Diagnostic(.error, SourceLocation(file: path), "not a regular file") }
        }
        return Int(st.st_size)
    }

    /// Reads `fd` to its end after `bytes` (what was read of it already). With `onlyJSON`, a
    /// stream that does not start like JSON is not read to its end: /dev/zero has none (validate
    /// aborted after asking for 2.2 GB); what was read shows the error. More than `limit` bytes
    /// is an error.
    package static func readRest(of fd: Int32, _ path: String, into bytes: inout [UInt8],
                                 onlyJSON: Bool = true, limit: Int = .max) throws(Diagnostic) {
        var filled = bytes.count
        // Room grows by doubling, never past `limit` + 1 bytes (the one byte that tells a file
        // over the limit): refusing a text over 1 GiB took 2.2 GB, the buffer doubled past it.
        // Filled from repeatElement, which makes no array of its own to copy from.
        let most = limit < Int.max ? limit + 1 : Int.max
        func grow(to count: Int) {
            let target = Swift.min(count, most)
            guard target > bytes.count else { return }
            bytes.reserveCapacity(target)
            bytes.append(contentsOf: repeatElement(0, count: target - bytes.count))
        }
        grow(to: Swift.max(bytes.capacity, filled + (1 << 16)))
        // How far the stream is known to be whitespace; its first other byte settles it once.
        var blank = 0, decided = !onlyJSON
        while true {
            if !decided {
                while blank < filled, bytes[blank] == 0x20 || bytes[blank] == 0x09 || bytes[blank] == 0x0A || bytes[blank] == 0x0D {
                    blank += 1
                }
                if blank < filled {
                    if bytes[blank] != UInt8(ascii: "{") { break }
                    decided = true
                }
            }
            if filled == bytes.count { grow(to: bytes.count + Swift.max(bytes.count, 1 << 16)) }
            let n = bytes.withUnsafeMutableBytes { b in retryingOnInterrupt { systemRead(fd, b.baseAddress! + filled, b.count - filled) } }
            if n < 0 { throw failure(path, "cannot read") }
            if n == 0 { break }
            filled += n
            if filled > limit {
                throw Diagnostic(.error, SourceLocation(file: path), "larger than \(limit) bytes; is it the right file?")
            }
        }
        bytes.removeLast(bytes.count - filled)
    }

    /// A diagnostic at `path`: `what` and the system's reason ("cannot open: Permission denied").
    package static func failure(_ path: String, _ what: String) -> Diagnostic {
        Diagnostic(.error, SourceLocation(file: path), "\(what): \(String(cString: strerror(platform_errno())))")
    }

    private static func openFile(_ path: String, _ flags: Int32) -> Int32 {
        platform_open(path, flags, 0)
    }
}

/// The offset of the first byte of `bytes` that does not begin or continue a well-formed UTF-8
/// sequence (overlong forms, surrogates and values past U+10FFFF included), if any.
package func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
    var k = 0
    while k < bytes.count {
        let b = bytes[k]
        if b < 0x80 { k += 1; continue }
        let (n, low, high): (Int, UInt8, UInt8) = switch b {
        case 0xC2...0xDF: (1, 0x80, 0xBF)
        case 0xE0: (2, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (2, 0x80, 0xBF)
        case 0xED: (2, 0x80, 0x9F)
        case 0xF0: (3, 0x90, 0xBF)
        case 0xF1...0xF3: (3, 0x80, 0xBF)
        case 0xF4: (3, 0x80, 0x8F)
        default: (0, 0, 0)
        }
        guard n > 0 else { return k }
        for j in 1...n {
            guard k + j < bytes.count else { return k }
            let c = bytes[k + j]
            let (lo, hi) = j == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
            guard c >= lo && c <= hi else { return k }   // its lead byte begins no well-formed sequence (Latin-1 "été" is named at its é)
        }
        k += n + 1
    }
    return nil
}

/// Where `bytes[offset]` is, as `line:column` (both from 1; the column counts bytes).
package func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    let line = 1 + bytes[..<offset].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    let column = offset - (bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
    return (line, column)
}

@inline(__always) func systemRead(_ fd: Int32, _ buf: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    CPlatform.read(fd, buf, count)
}

/// Writes every byte of `bytes` to `fd`, going on after a short write and retrying after
/// EINTR: 0, or the error that stopped it (ENOSPC for a write that took nothing). The package's
/// one writer: files, standard output and standard error all go through it.
package func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
    guard let base = bytes.baseAddress else { return 0 }
    var done = 0
    while done < bytes.count {
        let n = retryingOnInterrupt { CPlatform.write(fd, base + done, bytes.count - done) }
        if n > 0 { done += n } else { return n < 0 ? platform_errno() : ENOSPC }
    }
    return 0
}

/// ``writeAll(_:_:)-(_,UnsafeRawBufferPointer)`` of an array; true when every byte was written.
package func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { writeAll(fd, $0) } == 0
}

/// Standard output, gathered into writes of up to 64 KiB, or a line at a time when
/// `lineBuffered` (a terminal, by default). Before each write it flushes what C's stdio (`print`)
/// holds, so that the two keep their order. A write that fails is kept in ``failure``: a
/// program's end then says so and exits 1, rather than succeed with its output lost (a closed
/// pipe, `>/dev/full`).
///
/// `replay` of a million outputs made a million locked `print` calls before there was a buffer.
/// Not `Sendable`: one thread writes into one buffer (``write(_:)`` may be called from any).
package final class StandardOutput {
    private var buffer: [UInt8] = []
    private let lineBuffered: Bool
    private static let limit = 1 << 16

    /// A buffer in front of standard output.
    package init(lineBuffered: Bool = isatty(1) != 0) {
        self.lineBuffered = lineBuffered
        buffer.reserveCapacity(Self.limit + 4096)
    }

    /// Adds `text` and a line end.
    package func line(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(0x0A)
        if lineBuffered || buffer.count >= Self.limit { flush() }
    }

    /// Writes what is held.
    package func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { Self.write($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    deinit { flush() }

    /// Writes `bytes` to standard output whole, after what `print` holds.
    package static func write(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        fflush(nil)   // nil: every C stream, stdout among them
        let e = writeAll(1, bytes)
        if e != 0 { record(e) }
    }

    /// Flushes what `print` holds; then the error of the first write to standard output that
    /// failed (an errno), or 0.
    package static func finish() -> Int32 {
        if fflush(nil) != 0 { record(platform_errno() == 0 ? EIO : platform_errno()) }
        return failed.load(ordering: .relaxed)
    }

    /// The error of the first write that failed, or 0.
    package static var failure: Int32 { failed.load(ordering: .relaxed) }

    private static func record(_ e: Int32) {
        _ = failed.compareExchange(expected: 0, desired: e, ordering: .relaxed)
    }

    private static let failed = Atomic<Int32>(0)
}

/// Writes `text` and a line end to standard error (no trap when standard error is closed): the
/// one way the package's programs say what went wrong.
package func printError(_ text: String) {
    _ = writeAll(2, Array((text + "\n").utf8))
}
