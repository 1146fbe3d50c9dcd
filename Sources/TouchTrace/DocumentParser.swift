internal import CPlatform
import TouchGestures

/// Parses the document encoding from a buffer holding the whole file.
struct DocumentParser {
    let name: String?
    /// What is checked in the header's `scene` besides its settings.
    let sceneCheck: SceneCheck
    var scanner: JSONScanner
    var diagnostics = DiagnosticList()
    /// The events read by ``parse()``.
    private(set) var events: [TouchEvent] = []
    // Incremental offset → line/column conversion (diagnostics come in file order).
    private var lineStartOffset = 0
    private var lineNumber = 1
    private var countedTo = 0

    init(name: String?, base: UnsafePointer<UInt8>, count: Int, sceneCheck: SceneCheck) {
        self.name = name
        self.sceneCheck = sceneCheck
        self.scanner = JSONScanner(base, count: count)
    }

    /// The file being read, when the pages behind the reader are to be let go as it goes.
    var file: MappedFile?

    mutating func location(_ offset: Int, event: Int? = nil) -> SourceLocation {
        if offset < countedTo {
            // Back on the line counted to (a problem in an event reported after one further
            // in it): no need to count again from the top.
            if offset >= lineStartOffset {
                return SourceLocation(file: name, line: lineNumber, column: offset - lineStartOffset + 1, eventIndex: event)
            }
            lineStartOffset = 0; lineNumber = 1; countedTo = 0
        }
        let limit = min(offset, scanner.end)
        var k = countedTo
        while k < limit {
            let step = min(limit, k + (1 << 20))
            while k < step, let p = memchr(scanner.base + k, 0x0A, step - k) {
                k = UnsafePointer<UInt8>(scanner.base).distance(to: p.assumingMemoryBound(to: UInt8.self)) + 1
                lineNumber += 1
                lineStartOffset = k
            }
            k = step
            if k < limit { file?.release(before: k) }
        }
        countedTo = limit
        return SourceLocation(file: name, line: lineNumber, column: offset - lineStartOffset + 1, eventIndex: event)
    }

    /// The trace object's members other than `events`, where each began (byte offsets), and
    /// where the first `events` value began.
    struct Outline {
        var members: [JSONObject.Member] = []
        var offsets: [String: Int] = [:]
        var eventsAt: Int?
    }

    /// Reads the trace object. With `collect`, the first `events` array is parsed into
    /// ``events``; without, it is skipped by its brackets alone (``DocumentStream`` reads it
    /// later), and ``file``, when set, is told how far the scan has gone. `nil` after a syntax
    /// error (reported).
    mutating func outline(collect: Bool) -> Outline? {
        var outline = Outline()
        do throws(ScanError) {
            scanner.skipWhitespace()
            if scanner.atEnd {
                diagnostics.add(Diagnostic(.error, location(0), "the file is empty (expected a trace object)"))
                return nil
            }
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
                    if outline.offsets[key] == nil { outline.offsets[key] = scanner.i }
                    if key == "events" {
                        if outline.eventsAt != nil {
                            // A key given twice is an error, as everywhere in a trace. Its syntax is
                            // checked whole here, streamed or not: no second pass reads it (skipped
                            // by its brackets alone, a stray byte in one of its numbers went
                            // unreported where the whole-file reader refused the file; ReaderFuzz).
                            diagnostics.add(Diagnostic(.error, location(scanner.i), TraceReader.givenTwice("events")))
                            try scanner.skipValue()
                        } else {
                            outline.eventsAt = scanner.i
                            if collect || scanner.peek() != UInt8(ascii: "[") {
                                try parseEvents(collect: collect)
                            } else {
                                try skipEvents()
                            }
                        }
                    } else {
                        outline.members.append(JSONObject.Member(key, try scanner.parseValue()))
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
            report(error)
            return nil
        }
        return outline
    }

    /// Reports a syntax error where it was found.
    mutating func report(_ error: ScanError, event: Int? = nil) {
        let what = error.atEndOfInput ? "the file ends early: " : ""
        diagnostics.add(Diagnostic(.error, location(error.offset, event: event), what + error.message))
    }

    /// Skips an events array by its square brackets and strings, telling `file` how far it has
    /// gone. A wrong event, or braces that do not pair, are found when the array is read;
    /// square brackets that do not close are a syntax error here, told precisely by reading the
    /// array as the whole-file reader does.
    mutating func skipEvents() throws(ScanError) {
        let start = scanner.i
        let file = self.file
        if scanner.skipBrackets(progress: { file?.release(before: $0) }) { return }
        scanner.i = start
        try parseEvents(collect: false)
        // Balanced for the parser but not for the brackets: cannot happen, but never pass on.
        throw scanner.error("the end of the events array")
    }

    /// The header the outline's members describe, with its problems reported; `nil` when it
    /// has an error or when there are no events.
    mutating func header(of outline: Outline, strictKeys: Bool = false) -> TraceHeader? {
        let object = JSONObject(outline.members)
        var locs: [String: SourceLocation] = [:]
        for (k, o) in outline.offsets.sorted(by: { $0.value < $1.value }) { locs[k] = location(o) }
        let fileName = name
        var headerDiagnostics: [Diagnostic] = []
        let (base, count) = (scanner.base, scanner.end)
        // A member's place, or a place inside it by path (`scene.list.edits[3]`), found by
        // walking the member's text: a problem inside `scene` is said where it is.
        func locate(_ path: String) -> SourceLocation {
            if let l = locs[path] { return l }
            let parts = Self.pathComponents(path)
            guard case .key(let first)? = parts.first, let start = outline.offsets[first] else {
                return SourceLocation(file: fileName, line: 1)
            }
            let at = Self.walk(base, count: count, from: start, Array(parts.dropFirst())) ?? start
            var line = 1, lineStart = 0
            var k = 0
            while k < at, let p = memchr(base + k, 0x0A, at - k) {
                k = UnsafePointer<UInt8>(base).distance(to: p.assumingMemoryBound(to: UInt8.self)) + 1
                line += 1
                lineStart = k
            }
            return SourceLocation(file: fileName, line: line, column: at - lineStart + 1)
        }
        let header = HeaderDecoder.decode(object, lines: false, strictKeys: strictKeys, sceneCheck: sceneCheck, locate: locate,
                                          report: { headerDiagnostics.append($0) })
        for d in headerDiagnostics { diagnostics.add(d) }
        if outline.eventsAt == nil {
            diagnostics.add(Diagnostic(.error, location(0), "missing `events` (an array of event objects; a trace in the lines encoding needs \"encoding\": \"lines\" in its header line)"))
        }
        return header
    }

    /// A step of a path into a JSON value: a member's name, or an array's index.
    enum PathComponent: Equatable { case key(String), index(Int) }

    /// `scene.list.edits[3].move` as its steps.
    static func pathComponents(_ path: String) -> [PathComponent] {
        var out: [PathComponent] = []
        for part in path.split(separator: ".", omittingEmptySubsequences: false) {
            var name = Substring(part)
            var indices: [Int] = []
            while name.hasSuffix("]"), let open = name.lastIndex(of: "["), let n = Int(name[name.index(after: open)..<name.index(before: name.endIndex)]) {
                indices.insert(n, at: 0)
                name = name[..<open]
            }
            out.append(.key(String(name)))
            out += indices.map { .index($0) }
        }
        return out
    }

    /// The offset of the value `path` leads to from the value at `start`, or `nil` when the
    /// text has no such place (the first of a name given twice, as everywhere).
    static func walk(_ base: UnsafePointer<UInt8>, count: Int, from start: Int, _ path: [PathComponent]) -> Int? {
        var s = JSONScanner(base, count: count, offset: start)
        do throws(ScanError) {
            for step in path {
                s.skipWhitespace()
                switch step {
                case .key(let wanted):
                    try s.expect(UInt8(ascii: "{"), "'{'")
                    var found = false
                    while !found {
                        s.skipWhitespace()
                        guard s.peek() == UInt8(ascii: "\"") else { return nil }
                        let key = try s.parseString()
                        try s.expect(UInt8(ascii: ":"), "':'")
                        s.skipWhitespace()
                        if key == wanted { found = true; break }
                        try s.skipValue()
                        s.skipWhitespace()
                        guard s.peek() == UInt8(ascii: ",") else { return nil }
                        s.i += 1
                    }
                case .index(let n):
                    try s.expect(UInt8(ascii: "["), "'['")
                    for _ in 0..<n {
                        try s.skipValue()
                        s.skipWhitespace()
                        guard s.peek() == UInt8(ascii: ",") else { return nil }
                        s.i += 1
                    }
                    s.skipWhitespace()
                }
            }
        } catch {
            return nil
        }
        return s.i
    }

    /// Starts counting lines again from the top of the file, for offsets that go back.
    mutating func restartLocations() {
        lineStartOffset = 0
        lineNumber = 1
        countedTo = 0
    }

    mutating func parse() -> TraceReadResult {
        var validator = EventValidator(width: .infinity, height: .infinity)
        // A fair guess of the event count, so that the array is not copied as it grows.
        events.reserveCapacity(TraceReader.eventReserve(scanner.end))
        eventOffsets.reserveCapacity(TraceReader.eventReserve(scanner.end))
        guard let outline = outline(collect: true) else { return result(nil) }
        let header = header(of: outline)
        let fileName = name
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

    /// Parses an events array, into ``events`` with `collect`, else only checking it.
    mutating func parseEvents(collect: Bool) throws(ScanError) {
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
                diagnostics.add(Diagnostic(.error, location(d.offset, event: index), TraceReader.givenTwice(eventKeys[d.which])))
            }
            if let e = parsed, collect {
                events.append(e)
                eventOffsets.append((at, index))
            } else if let p = problem {
                for q in p.all { diagnostics.add(Diagnostic(.error, location(q.offset, event: index), q.message)) }
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
        }.map { $0.element }
        return TraceReadResult(trace: diagnostics.hasError ? nil : trace, encoding: .document, diagnostics: ordered,
                               errorCount: diagnostics.errorCount)
    }
}
