internal import TouchPlatform
import TouchGestures

/// Reads a trace's events one at a time.
///
/// For the lines encoding it reads the file in 1 MiB chunks and keeps only the current line; a
/// document is mapped and read twice, its members and then its events, letting go of the pages
/// behind it. Memory does not grow with the trace in either. Problems are collected in
/// ``diagnostics`` as the stream goes; an event with an error is skipped, so check
/// ``hasErrors`` once ``next()`` has returned `nil`.
///
/// Not `Sendable`, on purpose: it owns a file descriptor and a buffer that it reuses for every
/// line. Read it from one task. It is its own iterator: a `for` loop or any sequence algorithm
/// reads it once, to its end.
public final class TraceEventStream: Sequence, IteratorProtocol {
    /// The trace's header.
    public private(set) var header = TraceHeader(device: .init(width: 0, height: 0))
    /// The encoding detected.
    public private(set) var encoding = TraceEncoding.lines

    /// The document's reader, retained by hand (released in `deinit`): read through a stored
    /// reference, each event retained and released it, 17% of validating a compact document
    /// (perf).
    @exclusivity(unchecked) private var document: Unmanaged<DocumentStream>?

    @exclusivity(unchecked) private var fd: Int32 = -1

    /// The descriptor the events are read from, while they are (-1 before and after): for a
    /// reader of standard input that ends it early on a signal (the daemon's `--replay -`).
    package var descriptor: Int32 { fd }
    @exclusivity(unchecked) private var parser: LinesParser
    @exclusivity(unchecked) private var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 20)
    @exclusivity(unchecked) private var capacity = 1 << 20
    @exclusivity(unchecked) private var start = 0, filled = 0, scanned = 0
    @exclusivity(unchecked) private var lineNumber = 0
    @exclusivity(unchecked) private var eof = false
    @exclusivity(unchecked) private var finished = false
    private let path: String

    /// Longest line accepted, in bytes (64 MiB); a longer line is reported and skipped.
    public static let maxLineLength = 64 << 20

    /// Opens `path` and reads its header. Throws when the file cannot be read or its header is
    /// invalid (for a document, also when its syntax is).
    public convenience init(path: String) throws(DiagnosticError) {
        try self.init(path: path, after: [], sceneCheck: .list)
    }

    /// As ``init(path:)``, for a stream of which a caller has read the first bytes already
    /// (standard input, to tell what it holds): `prefix` (a few bytes: at most the 1 MiB
    /// buffer) is read first, then the rest. `sceneCheck` says what of the header's `scene`
    /// is checked besides its settings (`.settingsOnly` for a reader with no list).
    package init(path: String, after prefix: [UInt8], sceneCheck: SceneCheck) throws(DiagnosticError) {
        self.path = path
        parser = LinesParser(name: path, collectEvents: false, sceneCheck: sceneCheck)
        fd = InputFile.open(path)
        guard fd >= 0 else { throw DiagnosticError([InputFile.failure(path, "cannot open")]) }
        if !prefix.isEmpty {
            let n = Swift.min(prefix.count, capacity)
            prefix.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress!, count: n) }
            filled = n
        }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let failure = InputFile.failure(path, "cannot read its status")
            close(fd)
            throw DiagnosticError([failure])
        }
        if platform_is_folder(st.st_mode) != 0 {
            close(fd)
            throw DiagnosticError([Diagnostic(.error, SourceLocation(file: path), "is a folder, not a trace file")])
        }
        // Read until the first non-blank line tells the encoding: a lines header is complete on
        // that line, and a document says so at its `events` member, long before the line ends
        // when it is written on one line (blank lines before the header are allowed; stopping
        // at the first one sent such a file down the whole-file path, 22 → 168 MB).
        var isLines = false
        var from = start
        detect: while true {
            while from < filled, let p = memchr(buffer + from, 0x0A, filled - from) {
                let nl = buffer.distance(to: p.assumingMemoryBound(to: UInt8.self))
                var blank = true
                for k in from..<nl where !(buffer[k] == 0x20 || buffer[k] == 0x09 || buffer[k] == 0x0D) {
                    blank = false
                    break
                }
                if !blank {
                    isLines = TraceReader.isLinesHeader(UnsafePointer(buffer + from), count: nl - from, complete: true) ?? false
                    break detect
                }
                from = nl + 1
            }
            // The first non-blank line goes on past what has been read: enough to tell? (Not
            // JSON from its first byte, as /dev/zero, is told at once.)
            if let told = TraceReader.isLinesHeader(UnsafePointer(buffer + from), count: filled - from, complete: eof) {
                isLines = told
                break
            }
            if eof || !fillHead() { isLines = false; break }
        }
        if isLines {
            encoding = .lines
            // Feed lines until the header has been read.
            while !parser.headerSeen, let _ = nextLine() {}
            guard let h = parser.header, !parser.diagnostics.hasError else {
                close(fd)
                fd = -1
                throw DiagnosticError(parser.diagnostics.final(file: path))
            }
            header = h
        } else {
            encoding = .document
            let d: DocumentStream
            if path == "-" {
                // Standard input cannot be opened again: what was read, then the rest.
                var bytes = [UInt8](UnsafeBufferPointer(start: buffer + start, count: filled - start))
                do { try InputFile.readRest(of: fd, path, into: &bytes) } catch {
                    close(fd)
                    fd = -1
                    throw DiagnosticError([error])
                }
                close(fd)
                fd = -1
                d = try DocumentStream(file: MappedFile(bytes: bytes), name: path, sceneCheck: sceneCheck)
            } else {
                close(fd)
                fd = -1
                d = try DocumentStream(path: path, sceneCheck: sceneCheck)
            }
            header = d.header
            document = .passRetained(d)
        }
    }

    deinit {
        if fd >= 0 { close(fd) }
        buffer.deallocate()
        document?.release()
    }

    /// Every problem found so far (all of them once ``next()`` has returned `nil`).
    public var diagnostics: [Diagnostic] {
        (document?.takeUnretainedValue().diagnostics ?? parser.diagnostics).final(file: path)
    }

    /// How many errors have been found so far, counted past those ``diagnostics`` keeps.
    public var errorCount: Int {
        (document?.takeUnretainedValue().diagnostics ?? parser.diagnostics).errorCount
    }

    /// True when an error has been found so far.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The next valid event, or `nil` at the end of the trace.
    public func next() -> TouchEvent? {
        if let document { return document._withUnsafeGuaranteedRef { $0.next() } }
        while true {
            guard nextLine() != nil else {
                if !finished {
                    finished = true
                    parser.finishChecks()
                    if fd >= 0 { close(fd); fd = -1 }
                }
                return nil
            }
            if let e = parser.lastEvent { return e }
        }
    }

    // MARK: Lines

    private func findNewline() -> Int? {
        guard scanned < filled, let p = memchr(buffer + scanned, 0x0A, filled - scanned) else { return nil }
        return buffer.distance(to: p.assumingMemoryBound(to: UInt8.self))
    }

    /// Reads more bytes; false at end of file or on a read error (reported).
    /// `fill()` for telling the encoding: reads on until a line ends or the buffer is full. A pipe
    /// gives 64 KiB a read, and the head was looked at again after each: a first line of blanks
    /// from standard input took time that grew with its square (8 MB: 2.2 s).
    private func fillHead() -> Bool {
        var got = false
        repeat {
            let before = filled - start   // where the new bytes begin once fill() has moved the line
            guard fill() else { return got }
            got = true
            if memchr(buffer + before, 0x0A, filled - before) != nil { return true }
        } while filled < capacity
        return true
    }

    private func fill() -> Bool {
        if start > 0 {
            // Move the partial line to the front.
            let n = filled - start
            memmove(buffer, buffer + start, n)
            scanned -= start
            filled = n
            start = 0
        }
        if filled == capacity {
            guard capacity < TraceEventStream.maxLineLength else { return false }
            let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
            bigger.update(from: buffer, count: filled)
            buffer.deallocate()
            buffer = bigger
            capacity *= 2
        }
        while true {
            let got = retryingOnInterrupt { systemRead(fd, buffer + filled, capacity - filled) }
            if got < 0 {
                parser.diagnostics.add(InputFile.failure(path, "cannot read"))
                eof = true
                return false
            }
            if got == 0 { eof = true; return false }
            filled += got
            return true
        }
    }

    /// Parses the next line; `nil` at end of file.
    @discardableResult
    private func nextLine() -> Int? {
        while true {
            if let nl = findNewline() {
                lineNumber += 1
                parser.line(UnsafePointer(buffer + start), count: nl - start, number: lineNumber, final: false)
                start = nl + 1
                scanned = start
                return lineNumber
            }
            scanned = filled
            if eof || fd < 0 {
                guard start < filled else { return nil }
                lineNumber += 1
                parser.line(UnsafePointer(buffer + start), count: filled - start, number: lineNumber, final: true)
                start = filled
                return lineNumber
            }
            if !fill() && !eof {
                // The line outgrew the buffer: report it, skip to its end.
                lineNumber += 1
                parser.diagnostics.add(Diagnostic(.error, SourceLocation(file: path, line: lineNumber),
                    "line is longer than \(TraceEventStream.maxLineLength >> 20) MiB (expected one event a line)"))
                skipRestOfLine()
                return lineNumber
            }
        }
    }

    private func skipRestOfLine() {
        while true {
            if let nl = findNewline() { start = nl + 1; scanned = start; return }
            start = filled
            scanned = filled
            if !fill() { return }
        }
    }
}
