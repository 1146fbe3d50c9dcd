internal import CPlatform
import TouchGestures

/// What reading a trace found: the trace (when it has no error) and every diagnostic.
public struct TraceReadResult: Sendable {
    /// The trace; `nil` when any diagnostic is an error.
    public var trace: Trace?
    /// The encoding detected, when the file could be read at all.
    public var encoding: TraceEncoding?
    /// Every problem found, errors and warnings, in file order (at most
    /// ``TraceReader/maxDiagnostics``, then a note of how many more).
    public var diagnostics: [Diagnostic]
    /// How many errors were found, counted past those kept in ``diagnostics``.
    public var errorCount: Int

    init(trace: Trace?, encoding: TraceEncoding?, diagnostics: [Diagnostic], errorCount: Int? = nil) {
        self.trace = trace
        self.encoding = encoding
        self.diagnostics = diagnostics
        self.errorCount = errorCount ?? diagnostics.filter { $0.severity == .error }.count
    }

    /// The errors among the diagnostics.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    /// The warnings among the diagnostics.
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
}

/// Reads traces in either encoding, detected from the content: a first line that is a
/// complete header object with `"encoding": "lines"` means the lines encoding, anything else
/// is read as a document.
///
/// No input makes it crash or hang: nesting is bounded, every byte is checked, and every
/// problem is reported with its line and column (and event index), what was expected and
/// what was found. Unknown keys are ignored in events and kept in the header.
public enum TraceReader {
    /// Most diagnostics kept for one file; further ones are counted in a last note.
    public static let maxDiagnostics = 1000

    /// Reads a whole trace. Throws every problem found when any is an error; otherwise returns
    /// the trace with its warnings (a cut-off last line, contacts left open, …).
    public static func read(path: String) throws(DiagnosticError) -> (trace: Trace, warnings: [Diagnostic]) {
        let r = diagnose(path: path)
        guard let t = r.trace else { throw DiagnosticError(r.diagnostics) }
        return (t, r.warnings)
    }

    /// Reads a whole trace file and reports every problem.
    public static func diagnose(path: String) -> TraceReadResult {
        do {
            let file = try MappedFile(path: path)
            return diagnose(file.base, count: file.count, name: path, sceneCheck: .list)
        } catch {
            return TraceReadResult(trace: nil, encoding: nil, diagnostics: [error])
        }
    }

    /// Reads a trace from its bytes; `name` is used in locations.
    public static func diagnose(bytes: [UInt8], name: String? = nil) -> TraceReadResult {
        bytes.withUnsafeBufferPointer { buf in
            diagnose(buf.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: buf.count, name: name, sceneCheck: .list)
        }
    }

    /// Reads only a trace's header from its bytes (its events, if any, are not read, nor
    /// checked), refusing a key the format does not have: for a reader that takes a trace
    /// document as a description (the C library's `tg_list_new`, which documents its events as
    /// ignored). The trace has no events.
    package static func diagnoseHeader(bytes: [UInt8], name: String? = nil) -> TraceReadResult {
        bytes.withUnsafeBufferPointer { buf in
            let base = buf.baseAddress ?? UnsafePointer(bitPattern: 1)!
            let count = buf.count
            if detectLines(base, count: count) {
                var parser = LinesParser(name: name, collectEvents: false, sceneCheck: .list)
                parser.strictKeys = true
                var offset = 0, lineNumber = 0
                while offset < count, !parser.headerSeen {
                    let stop = memchr(base + offset, 0x0A, count - offset)
                        .map { UnsafePointer<UInt8>(base).distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? count
                    lineNumber += 1
                    parser.line(base + offset, count: stop - offset, number: lineNumber, final: stop >= count)
                    offset = stop + 1
                }
                let diagnostics = parser.diagnostics.final(file: name)
                let ok = parser.header != nil && !diagnostics.contains { $0.severity == .error }
                return TraceReadResult(trace: ok ? Trace(header: parser.header!, events: []) : nil, encoding: .lines, diagnostics: diagnostics)
            }
            var parser = DocumentParser(name: name, base: base, count: count, sceneCheck: .list)
            guard let outline = parser.outline(collect: false) else { return parser.result(nil) }
            let header = parser.header(of: outline, strictKeys: true)
            return parser.result(header.map { Trace(header: $0, events: []) })
        }
    }

    /// How many events to reserve room for in a file of `bytes` bytes: one per 48 bytes (an
    /// event takes 48 bytes or more as JSON), at most 2²² (4,194,304 events, 352 MiB at
    /// 88 bytes each). Uncapped, a 2.1 GB file asked for 3.9 GB up front, more than a phone
    /// has; past the cap the array grows by doubling as usual.
    static func eventReserve(_ bytes: Int) -> Int { min(bytes / 48, 1 << 22) }

    /// Reads a whole trace from `count` bytes at `base`, `sceneCheck` checking its scene.
    static func diagnose(_ base: UnsafePointer<UInt8>, count: Int, name: String?, sceneCheck: SceneCheck) -> TraceReadResult {
        if let what = InputFile.encodingProblem(base, count: count, noun: "a trace") {
            return TraceReadResult(trace: nil, encoding: nil, diagnostics: [Diagnostic(.error, SourceLocation(file: name, line: 1, column: 1), what)])
        }
        if detectLines(base, count: count) {
            var parser = LinesParser(name: name, collectEvents: true, sceneCheck: sceneCheck)
            parser.events.reserveCapacity(eventReserve(count))
            var offset = 0
            var lineNumber = 0
            while offset < count {
                let stop = memchr(base + offset, 0x0A, count - offset)
                    .map { UnsafePointer<UInt8>(base).distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? count
                lineNumber += 1
                if stop - offset > TraceEventStream.maxLineLength {
                    // The streaming reader refuses such a line; so does this one, alike.
                    parser.diagnostics.add(Diagnostic(.error, SourceLocation(file: name, line: lineNumber),
                        "line is longer than \(TraceEventStream.maxLineLength >> 20) MiB (expected one event a line)"))
                } else {
                    parser.line(base + offset, count: stop - offset, number: lineNumber, final: stop >= count)
                }
                offset = stop + 1
            }
            return parser.finish()
        }
        var parser = DocumentParser(name: name, base: base, count: count, sceneCheck: sceneCheck)
        return parser.parse()
    }

    /// True when the first non-blank line is a complete object with `"encoding": "lines"`.
    static func detectLines(_ base: UnsafePointer<UInt8>, count: Int) -> Bool {
        var start = 0
        while start < count {
            var stop = start
            while stop < count && base[stop] != 0x0A { stop += 1 }
            var s = JSONScanner(base + start, count: stop - start)
            s.skipWhitespace()
            if s.atEnd { start = stop + 1; continue }
            return isLinesHeader(base + start, count: stop - start, complete: true) ?? false
        }
        return false
    }

    /// Whether the line `base[0..<count]` (no line break in it) is a lines header: an object
    /// with `"encoding": "lines"`, alone on its line. `nil` when that cannot be told yet:
    /// `complete` is false (the line goes on past `count`) and the bytes end too early.
    ///
    /// A member `events` settles it at once: a whole document on one line that says
    /// `"encoding": "lines"` is still a document (read as a header it would keep none of its
    /// events: 0 of 12 were converted), and its events need not be read to know that. A
    /// compact document of 65 MB was parsed whole here, as one value, before that (523 MB).
    static func isLinesHeader(_ base: UnsafePointer<UInt8>, count: Int, complete: Bool) -> Bool? {
        var s = JSONScanner(base, count: count)
        s.skipWhitespace()
        guard s.peek() == UInt8(ascii: "{") else { return s.atEnd && !complete ? nil : false }
        s.i += 1
        var lines = false
        var sawEncoding = false
        do throws(ScanError) {
            s.skipWhitespace()
            if s.peek() != UInt8(ascii: "}") {
                while true {
                    s.skipWhitespace()
                    guard s.peek() == UInt8(ascii: "\"") else { throw s.error("a member name") }
                    let key = try s.parseString()
                    try s.expect(UInt8(ascii: ":"), "':'")
                    if key == "events" { return false }
                    if key == "encoding", !sawEncoding {
                        sawEncoding = true
                        lines = try s.parseValue() == .string("lines")
                    } else {
                        try s.skipValue()
                    }
                    s.skipWhitespace()
                    if s.peek() == UInt8(ascii: ",") { s.i += 1; continue }
                    if s.peek() == UInt8(ascii: "}") { break }
                    throw s.error("',' or '}'")
                }
            }
            s.i += 1
            s.skipWhitespace()
            if !s.atEnd { return false }
            return complete ? lines : nil
        } catch {
            return error.atEndOfInput && !complete ? nil : false
        }
    }

    /// The whole file, or a diagnostic saying why it cannot be read; a stream that does not
    /// start like JSON is read only as far as its first byte.
    static func readFile(_ path: String) throws(Diagnostic) -> [UInt8] {
        try InputFile.read(path, kind: .anyButFolder(noun: "trace file"), onlyJSON: true)
    }
}

extension TraceReader {
    /// The one message for a key given twice, anywhere in a trace: JSON leaves a repeated name
    /// open and its readers disagree (most keep the last), so a trace gives each key once.
    static func givenTwice(_ key: String) -> String { "`\(key)` is given twice; a trace gives each key once" }
}

/// Collects diagnostics up to ``TraceReader/maxDiagnostics``.
struct DiagnosticList {
    var items: [Diagnostic] = []
    var dropped = 0
    var hasError = false
    /// Every error, kept or not.
    var errorCount = 0

    mutating func add(_ d: Diagnostic) {
        if d.severity == .error {
            hasError = true
            errorCount += 1
        }
        if items.count < TraceReader.maxDiagnostics { items.append(d) } else { dropped += 1 }
    }

    func final(file: String?) -> [Diagnostic] {
        guard dropped > 0 else { return items }
        return items + [Diagnostic(.warning, SourceLocation(file: file), "\(dropped) more problems not shown")]
    }
}
