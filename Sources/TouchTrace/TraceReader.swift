#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TouchGestures
import TouchList

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

    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
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
            return diagnose(file.base, count: file.count, name: path)
        } catch {
            return TraceReadResult(trace: nil, encoding: nil, diagnostics: [error])
        }
    }

    /// Reads a trace from its bytes; `name` is used in locations.
    public static func diagnose(bytes: [UInt8], name: String? = nil) -> TraceReadResult {
        bytes.withUnsafeBufferPointer { buf in
            diagnose(buf.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: buf.count, name: name)
        }
    }

    /// How many events to reserve room for in a file of `bytes` bytes: one per 48 bytes (an
    /// event takes 48 bytes or more as JSON), at most 2²² (4,194,304 events, 352 MiB at
    /// 88 bytes each). Uncapped, a 2.1 GB file asked for 3.9 GB up front, more than a phone
    /// has (issue 12); past the cap the array grows by doubling as usual.
    static func eventReserve(_ bytes: Int) -> Int { min(bytes / 48, 1 << 22) }

    static func diagnose(_ base: UnsafePointer<UInt8>, count: Int, name: String?) -> TraceReadResult {
        if count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF {
            return TraceReadResult(trace: nil, encoding: nil, diagnostics: [Diagnostic(.error, SourceLocation(file: name, line: 1, column: 1),
                "the file starts with a UTF-8 byte order mark (EF BB BF); a trace is UTF-8 without one: remove those three bytes")])
        }
        if detectLines(base, count: count) {
            var parser = LinesParser(name: name, collectEvents: true)
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
        var parser = DocumentParser(name: name, base: base, count: count)
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
            guard let v = try? s.parseValue() else { return false }
            s.skipWhitespace()
            // A whole document on one line that says "encoding": "lines" is still a document:
            // read as a header it would keep none of its events (0 of 12 were converted).
            return s.atEnd && v["encoding"] == .string("lines") && v["events"] == nil
        }
        return false
    }

    /// The whole file, or a diagnostic saying why it cannot be read.
    static func readFile(_ path: String) throws(Diagnostic) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw fileError(path, "cannot open") }
        defer { close(fd) }
        var st = stat()
        if fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR {
            throw Diagnostic(.error, SourceLocation(file: path), "is a folder, not a trace file")
        }
        // Read straight into the final buffer; grow it if the file is longer than it said.
        var bytes = [UInt8](repeating: 0, count: max(Int(st.st_size), 0) + 1)
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: [UInt8](repeating: 0, count: max(bytes.count, 1 << 16))) }
            let n = bytes.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0 {
                if errno == EINTR { continue }
                throw fileError(path, "cannot read")
            }
            if n == 0 { break }
            filled += n
            // A stream that does not start like JSON is not read to its end: /dev/zero has
            // none (validate aborted after asking for 2.2 GB). What was read shows the error.
            if let first = bytes[0..<filled].first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }),
               first != UInt8(ascii: "{") {
                break
            }
        }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }

    static func fileError(_ path: String, _ what: String) -> Diagnostic {
        Diagnostic(.error, SourceLocation(file: path), "\(what): \(String(cString: strerror(errno)))")
    }
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

/// Parses the lines encoding one line at a time; memory stays flat unless `collectEvents`.
struct LinesParser {
    let name: String?
    let collectEvents: Bool
    var header: TraceHeader?
    var headerSeen = false
    var validator = EventValidator(width: .infinity, height: .infinity)
    var diagnostics = DiagnosticList()
    var events: [TouchEvent] = []
    var eventCount = 0
    /// The last event parsed by ``line(_:count:number:final:)``, when it was valid.
    var lastEvent: TouchEvent?

    init(name: String?, collectEvents: Bool) {
        self.name = name
        self.collectEvents = collectEvents
    }

    func location(_ line: Int, _ column: Int? = nil, event: Int? = nil) -> SourceLocation {
        SourceLocation(file: name, line: line, column: column, eventIndex: event)
    }

    /// Handles one line (without its line break). `final`: the file ends without a line break
    /// after it, so a line cut off by a crash is recognized.
    mutating func line(_ base: UnsafePointer<UInt8>, count: Int, number: Int, final: Bool) {
        lastEvent = nil
        var s = JSONScanner(base, count: count)
        s.skipWhitespace()
        if s.atEnd { return }
        if !headerSeen {
            headerSeen = true
            do throws(ScanError) {
                let v = try s.parseValue()
                s.skipWhitespace()
                if !s.atEnd { throw s.error("the end of the header line") }
                guard let o = v.objectValue else {
                    diagnostics.add(Diagnostic(.error, location(number, 1), "expected the header object on the first line, found \(v.kindDescription)"))
                    return
                }
                let n = number
                let file = name
                var found: [Diagnostic] = []
                header = HeaderDecoder.decode(o, lines: true, locate: { _ in SourceLocation(file: file, line: n) },
                                              report: { found.append($0) })
                for d in found { diagnostics.add(d) }
                if let h = header { validator = EventValidator(width: h.device.width, height: h.device.height) }
            } catch {
                diagnostics.add(Diagnostic(.error, location(number, error.offset + 1), "header: " + error.message))
            }
            return
        }
        let index = eventCount
        eventCount += 1
        var problem: ShapeProblem?
        do throws(ScanError) {
            let e = try s.parseEvent(problem: &problem)
            if let d = s.duplicateKey {
                diagnostics.add(Diagnostic(.warning, location(number, d.offset + 1, event: index),
                    "`\(eventKeys[d.which])` appears twice in this event; the first value is used"))
            }
            s.skipWhitespace()
            if !s.atEnd { throw s.error("the end of the line after the event") }
            if let p = problem {
                diagnostics.add(Diagnostic(.error, location(number, p.offset + 1, event: index), p.message))
                return
            }
            guard let e else { return }
            var found: (Diagnostic.Severity, String)?
            var extra: [(Diagnostic.Severity, String)] = []
            let ok = validator.check(e, index: index) { sev, msg in
                if found == nil { found = (sev, msg) } else { extra.append((sev, msg)) }
            }
            if let (sev, msg) = found {
                diagnostics.add(Diagnostic(sev, location(number, event: index), msg))
                for (sev, msg) in extra { diagnostics.add(Diagnostic(sev, location(number, event: index), msg)) }
            }
            if ok {
                lastEvent = e
                if collectEvents { events.append(e) }
            }
        } catch {
            if final && error.atEndOfInput {
                eventCount -= 1
                diagnostics.add(Diagnostic(.warning, location(number),
                    "the last line is incomplete (the recording was cut off?): it is ignored, and the \(eventCount) events before it are kept"))
            } else {
                diagnostics.add(Diagnostic(.error, location(number, error.offset + 1, event: index), error.message))
            }
        }
    }

    mutating func finishChecks() {
        if !headerSeen {
            diagnostics.add(Diagnostic(.error, location(1), "the file is empty (expected a header line)"))
        }
        let eventsName = name
        var found: [Diagnostic] = []
        validator.finish { at, msg in
            found.append(Diagnostic(.warning, SourceLocation(file: eventsName, eventIndex: at >= 0 ? at : nil), msg))
        }
        for d in found { diagnostics.add(d) }
    }

    mutating func finish() -> TraceReadResult {
        finishChecks()
        let diags = diagnostics.final(file: name)
        let trace = diagnostics.hasError ? nil : header.map { Trace(header: $0, events: events) }
        return TraceReadResult(trace: trace, encoding: .lines, diagnostics: diags, errorCount: diagnostics.errorCount)
    }
}

/// Parses the document encoding from a buffer holding the whole file.
struct DocumentParser {
    let name: String?
    var scanner: JSONScanner
    var diagnostics = DiagnosticList()
    // Incremental offset → line/column conversion (diagnostics come in file order).
    private var lineStartOffset = 0
    private var lineNumber = 1
    private var countedTo = 0

    init(name: String?, base: UnsafePointer<UInt8>, count: Int) {
        self.name = name
        self.scanner = JSONScanner(base, count: count)
    }

    mutating func location(_ offset: Int, event: Int? = nil) -> SourceLocation {
        if offset < countedTo { lineStartOffset = 0; lineNumber = 1; countedTo = 0 }
        let limit = min(offset, scanner.end)
        var k = countedTo
        while k < limit {
            if scanner.base[k] == 0x0A { lineNumber += 1; lineStartOffset = k + 1 }
            k += 1
        }
        countedTo = limit
        return SourceLocation(file: name, line: lineNumber, column: offset - lineStartOffset + 1, eventIndex: event)
    }

    mutating func parse() -> TraceReadResult {
        var members: [JSONObject.Member] = []
        var offsets: [String: Int] = [:]
        var events: [TouchEvent] = []
        var sawEvents = false
        var validator = EventValidator(width: .infinity, height: .infinity)
        do throws(ScanError) {
            scanner.skipWhitespace()
            if scanner.atEnd {
                diagnostics.add(Diagnostic(.error, location(0), "the file is empty (expected a trace object)"))
                return result(nil)
            }
            // A fair guess of the event count, so that the array is not copied as it grows.
            events.reserveCapacity(TraceReader.eventReserve(scanner.end))
            eventOffsets.reserveCapacity(TraceReader.eventReserve(scanner.end))
            try scanner.expect(UInt8(ascii: "{"), "'{' to start the trace object")
            scanner.skipWhitespace()
            if scanner.peek() == UInt8(ascii: "}") {
                scanner.i += 1
            } else {
                while true {
                    scanner.skipWhitespace()
                    guard scanner.peek() == UInt8(ascii: "\"") else { throw scanner.error("a member name in double quotes") }
                    let key = try scanner.parseString()
                    try scanner.expect(UInt8(ascii: ":"), "':' after a member name")
                    scanner.skipWhitespace()
                    if offsets[key] == nil { offsets[key] = scanner.i }
                    if key == "events" {
                        if sawEvents {
                            // First wins, as for every repeated key: check this one, keep nothing.
                            diagnostics.add(Diagnostic(.warning, location(scanner.i),
                                "`events` appears twice in the trace object; the first array is used"))
                            try scanner.skipValue()
                        } else {
                            sawEvents = true
                            try parseEvents(into: &events)
                        }
                    } else {
                        members.append(JSONObject.Member(key, try scanner.parseValue()))
                    }
                    scanner.skipWhitespace()
                    guard !scanner.atEnd else { throw scanner.error("',' or '}'") }
                    if scanner.peek() == UInt8(ascii: ",") { scanner.i += 1; continue }
                    if scanner.peek() == UInt8(ascii: "}") { scanner.i += 1; break }
                    throw scanner.error("',' or '}' after a member of the trace object")
                }
            }
            scanner.skipWhitespace()
            if !scanner.atEnd { throw scanner.error("the end of the file after the trace object") }
        } catch {
            let what = error.atEndOfInput ? "the file ends early: " : ""
            diagnostics.add(Diagnostic(.error, location(error.offset), what + error.message))
            return result(nil)
        }
        let object = JSONObject(members)
        var locs: [String: SourceLocation] = [:]
        for (k, o) in offsets.sorted(by: { $0.value < $1.value }) { locs[k] = location(o) }
        let fileName = name
        var headerDiagnostics: [Diagnostic] = []
        let header = HeaderDecoder.decode(object, lines: false,
                                          locate: { locs[$0] ?? SourceLocation(file: fileName, line: 1) },
                                          report: { headerDiagnostics.append($0) })
        for d in headerDiagnostics { diagnostics.add(d) }
        if !sawEvents {
            diagnostics.add(Diagnostic(.error, location(0), "missing `events` (an array of event objects; a trace in the lines encoding needs \"encoding\": \"lines\" in its header line)"))
        }
        // Semantic checks, in event order, with the device's bounds.
        if let h = header { validator = EventValidator(width: h.device.width, height: h.device.height) }
        // Events that break a rule are dropped (the trace is refused anyway); the array is
        // compacted in place so that a large trace is held once.
        var kept = 0
        for k in events.indices {
            let e = events[k]
            let (offset, index) = eventOffsets[k]
            var lineLoc: SourceLocation?
            let ok = validator.check(e, index: index) { sev, msg in
                if lineLoc == nil { lineLoc = location(offset, event: index) }
                diagnostics.add(Diagnostic(sev, lineLoc!, msg))
            }
            if ok {
                events[kept] = e
                kept += 1
            }
        }
        events.removeLast(events.count - kept)
        eventOffsets = []
        validator.finish { at, msg in
            diagnostics.add(Diagnostic(.warning, SourceLocation(file: fileName, eventIndex: at >= 0 ? at : nil), msg))
        }
        return result(header.map { Trace(header: $0, events: events) })
    }

    /// Byte offset and index in the file of each event read (malformed ones are not read).
    private var eventOffsets: [(offset: Int, index: Int)] = []

    mutating func parseEvents(into events: inout [TouchEvent]) throws(ScanError) {
        guard scanner.peek() == UInt8(ascii: "[") else {
            let at = scanner.i
            let v = try scanner.parseValue()
            diagnostics.add(Diagnostic(.error, location(at), "`events` must be an array of event objects, found \(v.kindDescription)"))
            return
        }
        scanner.i += 1
        scanner.skipWhitespace()
        if scanner.peek() == UInt8(ascii: "]") { scanner.i += 1; return }
        var index = 0
        while true {
            scanner.skipWhitespace()
            let at = scanner.i
            var problem: ShapeProblem?
            let parsed = try scanner.parseEvent(problem: &problem)
            if let d = scanner.duplicateKey {
                diagnostics.add(Diagnostic(.warning, location(d.offset, event: index),
                    "`\(eventKeys[d.which])` appears twice in this event; the first value is used"))
            }
            if let e = parsed {
                events.append(e)
                eventOffsets.append((at, index))
            } else if let p = problem {
                diagnostics.add(Diagnostic(.error, location(p.offset, event: index), p.message))
            }
            index += 1
            scanner.skipWhitespace()
            guard !scanner.atEnd else { throw scanner.error("',' or ']'") }
            if scanner.peek() == UInt8(ascii: ",") { scanner.i += 1; continue }
            if scanner.peek() == UInt8(ascii: "]") { scanner.i += 1; return }
            throw scanner.error("',' or ']' after an event")
        }
    }

    func result(_ trace: Trace?) -> TraceReadResult {
        // Parsing and the semantic pass report separately; give them back in file order.
        let ordered = diagnostics.final(file: name).enumerated().sorted { a, b in
            let la = a.element.location, lb = b.element.location
            let ka = (la.line ?? Int.max, la.column ?? 0), kb = (lb.line ?? Int.max, lb.column ?? 0)
            return ka != kb ? ka < kb : a.offset < b.offset
        }.map(\.element)
        return TraceReadResult(trace: diagnostics.hasError ? nil : trace, encoding: .document, diagnostics: ordered,
                               errorCount: diagnostics.errorCount)
    }
}

@inline(__always) func systemRead(_ fd: Int32, _ buf: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(fd, buf, count)
    #elseif canImport(Musl)
    Musl.read(fd, buf, count)
    #else
    Darwin.read(fd, buf, count)
    #endif
}

/// A file mapped read-only into memory, unmapped when released. Reading a large trace this way
/// spares the zero-filled copy that `read` into a fresh buffer costs.
final class MappedFile {
    let base: UnsafePointer<UInt8>
    let count: Int
    private let mapped: UnsafeMutableRawPointer?
    private let fallback: [UInt8]?

    init(path: String) throws(Diagnostic) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw TraceReader.fileError(path, "cannot open") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw TraceReader.fileError(path, "cannot read") }
        if (st.st_mode & S_IFMT) == S_IFDIR {
            throw Diagnostic(.error, SourceLocation(file: path), "is a folder, not a trace file")
        }
        let size = Int(st.st_size)
        if (st.st_mode & S_IFMT) == S_IFREG, size > 0,
           let p = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0), p != MAP_FAILED {
            mapped = p
            fallback = nil
            base = UnsafePointer(p.assumingMemoryBound(to: UInt8.self))
            count = size
        } else {
            // Pipes, empty files, or a failed map: read it.
            let bytes = try TraceReader.readFile(path)
            mapped = nil
            fallback = bytes
            count = bytes.count
            let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
            copy.initialize(from: bytes, count: bytes.count)
            base = UnsafePointer(copy)
        }
    }

    deinit {
        if let mapped { munmap(mapped, count) } else { UnsafeMutablePointer(mutating: base).deallocate() }
    }
}
