import Foundation
import TouchGestures
import Testing
import TouchTestSupport
@testable import TouchTrace

/// A document read one event at a time (a compact one-line document took 4.5× the
/// time and 2.7× the memory of the same events one a line, because it was read whole).
@Suite("Documents streamed")
struct DocumentStreamTests {
    /// `trace` as one line, the way `json.dumps` writes a dictionary, with the events member
    /// at `position` among the header's members (0: first; past the end: last).
    static func compact(_ trace: Trace, eventsAt position: Int) -> String {
        var members = TraceWriter.headerObject(trace.header, lines: false).members.map { m -> String in
            var key = ""
            writeJSONString(m.key, to: &key)
            return key + ":" + m.value.serialized()
        }
        let events = "\"events\":[" + trace.events.map(TraceWriter.eventJSON).joined(separator: ",") + "]"
        members.insert(events, at: min(position, members.count))
        return "{" + members.joined(separator: ",") + "}"
    }

    /// Everything a stream over `path` gives: its header, events and diagnostics.
    static func stream(_ path: String) throws -> (header: TraceHeader, events: [TouchEvent], diagnostics: [Diagnostic]) {
        let s = try TraceEventStream(path: path)
        var events: [TouchEvent] = []
        while let e = s.next() { events.append(e) }
        #expect(s.encoding == .document)
        return (s.header, events, s.diagnostics)
    }

    @Test("every corpus trace as a compact document, with its events first, in the middle or last, streams what the whole-file reader reads",
          arguments: corpusFiles)
    func corpus(_ name: String) throws {
        let trace = try #require(TraceReader.diagnose(path: corpusPath(name)).trace)
        let dir = TempDir()
        for position in [0, 2, 99] {
            let path = dir.path("c\(position).json")
            try Self.compact(trace, eventsAt: position).write(toFile: path, atomically: false, encoding: .utf8)
            let whole = TraceReader.diagnose(path: path)
            let (header, events, diagnostics) = try Self.stream(path)
            #expect(header == trace.header, "events at \(position)")
            #expect(events == trace.events, "events at \(position)")
            #expect(diagnostics.map(\.message) == whole.diagnostics.map(\.message), "events at \(position)")
        }
    }

    @Test("a device given after the events still bounds them: the stream reads the members before the events")
    func headerAfterEvents() throws {
        let dir = TempDir()
        let path = dir.path("late.json")
        try #"{"format":"touch-trace","version":1,"events":[{"t":0,"id":0,"phase":"down","x":50,"y":5},{"t":0.1,"id":0,"phase":"up","x":5,"y":5}],"device":{"width":40,"height":40}}"#
            .write(toFile: path, atomically: false, encoding: .utf8)
        let (header, events, diagnostics) = try Self.stream(path)
        #expect(header.device.width == 40)
        #expect(events.count == 2)
        #expect(diagnostics.map(\.message) == ["position (50, 5) lies outside the 40 × 40 surface"])
        #expect(diagnostics.map(\.description) == TraceReader.diagnose(path: path).diagnostics.map(\.description))
    }

    @Test("problems in the events are reported where they are, as the whole-file reader reports them, and the other events still come")
    func eventProblems() throws {
        let dir = TempDir()
        let path = dir.path("bad.json")
        let events = [
            #"{"t":0,"id":0,"phase":"down","x":10,"y":10}"#,
            #"{"t":"x","id":0,"phase":"move","x":11,"y":10}"#,      // a time that is not a number
            #"{"t":0.1,"id":0,"phase":"move","x":900,"y":10}"#,     // outside the device: a warning
            #"{"t":0.05,"id":1,"phase":"down","x":12,"y":10}"#,     // back in time
            #"{"t":0.2,"id":0,"phase":"up","x":12,"y":10,"x":13}"#, // a key twice: an error
        ]
        try (#"{"format":"touch-trace","version":1,"device":{"width":100,"height":100},"events":["# + events.joined(separator: ",") + "]}")
            .write(toFile: path, atomically: false, encoding: .utf8)
        let (_, got, diagnostics) = try Self.stream(path)
        #expect(got.map(\.phase) == [.down, .move, .up])
        let whole = TraceReader.diagnose(path: path)
        #expect(whole.errors.count == 3)
        let wanted = Set(whole.diagnostics.map { "\($0.location.line ?? 0):\($0.location.column ?? 0) \($0.message)" })
        #expect(Set(diagnostics.map { "\($0.location.line ?? 0):\($0.location.column ?? 0) \($0.message)" }) == wanted)
    }

    @Test("a syntax error inside the events is reported at its place, after the events before it")
    func syntaxInEvents() throws {
        let dir = TempDir()
        let path = dir.path("syntax.json")
        let text = #"{"format":"touch-trace","version":1,"device":{"width":100,"height":100},"events":[{"t":0,"id":0,"phase":"down","x":1,"y":1},{"t":0.1 "id":0,"phase":"up","x":1,"y":1}]}"#
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let (_, got, diagnostics) = try Self.stream(path)
        #expect(got.count == 1)
        let whole = try #require(TraceReader.diagnose(path: path).errors.first)
        let error = try #require(diagnostics.first { $0.severity == .error })
        #expect(error.message == whole.message)
        #expect(error.location.column == whole.location.column)
        // The column is that of `"id"` in the second event.
        #expect(error.location.column == text.utf8.count - #""id":0,"phase":"up","x":1,"y":1}]}"#.utf8.count + 1)
    }

    @Test("square brackets that do not close are refused before any event, with the whole-file reader's message",
          arguments: [
            #"{"format":"touch-trace","version":1,"device":{"width":9,"height":9},"events":[{"t":0,"id":0,"phase":"down","x":1,"y":1}"#,
            #"{"format":"touch-trace","version":1,"device":{"width":9,"height":9},"events":[{"t":0,"note":"]}","id":0,"phase":"down","x":1,"y":1}"#,
            #"{"format":"touch-trace","version":1,"device":{"width":9,"height":9},"events":[[{"t":0,"id":0,"phase":"down","x":1,"y":1}]}"#,
          ])
    func unbalanced(_ text: String) throws {
        let dir = TempDir()
        let path = dir.path("open.json")
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let whole = TraceReader.diagnose(path: path)
        #expect(whole.trace == nil)
        do {
            _ = try TraceEventStream(path: path)
            Issue.record("the stream opened")
        } catch {
            #expect(error.diagnostics.map(\.description) == whole.diagnostics.map(\.description))
        }
    }

    @Test("braces that do not pair inside the events are the parser's to find: reported where they are, the events before them kept",
          arguments: [
            #"{"format":"touch-trace","version":1,"device":{"width":9,"height":9},"events":[{"t":0,"id":0,"phase":"down","x":1,"y":1},{"t":1]}"#,
            #"{"format":"touch-trace","version":1,"device":{"width":9,"height":9},"events":[{"t":0,"id":0,"phase":"down","x":1,"y":1},{"t":1,"id":0,"phase":"up","x":1,"y":1}}]}"#,
            #"{"format":"touch-trace","version":1,"device":{"width":9,"height":9},"events":[{"t":0,"id":0,"phase":"down","x":1,"y":1},{"t":1,"id":0,"phase":"up","x":1,"y":1]}"#,
          ])
    func unpairedBraces(_ text: String) throws {
        let dir = TempDir()
        let path = dir.path("braces.json")
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let whole = try #require(TraceReader.diagnose(path: path).errors.first)
        let s = try TraceEventStream(path: path)
        var events = 0
        while s.next() != nil { events += 1 }
        #expect(events == 1)
        #expect(s.hasErrors)
        let error = try #require(s.diagnostics.first { $0.severity == .error })
        #expect(error.message == whole.message)
        #expect(error.location.line == whole.location.line && error.location.column == whole.location.column)
    }

    @Test("the encoding is told from the start of a long first line: a document's `events` member settles it, a lines header needs its whole line")
    func detection() {
        func tell(_ s: String, complete: Bool) -> Bool? {
            Array(s.utf8).withUnsafeBufferPointer { TraceReader.isLinesHeader($0.baseAddress!, count: $0.count, complete: complete) }
        }
        #expect(tell(#"{"format":"touch-trace","events":[{"t":0,"#, complete: false) == false)
        #expect(tell(#"{"format":"touch-trace","encoding":"lines","events":[{"t":0,"#, complete: false) == false)
        #expect(tell(#"{"format":"touch-trace","encoding":"lines","dev"#, complete: false) == nil)
        #expect(tell(#"{"format":"touch-trace","encoding":"lines"}"#, complete: false) == nil)
        #expect(tell(#"{"format":"touch-trace","encoding":"lines"}"#, complete: true) == true)
        #expect(tell(#"{"format":"touch-trace","encoding":"lines"} x"#, complete: true) == false)
        #expect(tell(#"{"format":"touch-trace","encoding":"document"}"#, complete: true) == false)
        #expect(tell("\u{0}\u{0}\u{0}", complete: false) == false)
        #expect(tell("  ", complete: false) == nil)
    }
}

/// The structure-only skip that finds where a document's events end, held to the parser.
@Suite("Skipping brackets")
struct SkipBracketsTests {
    /// A random JSON value whose strings are full of brackets, quotes and backslashes.
    static func value(_ rng: inout SplitMix, depth: Int = 0, escapes: Bool = true) -> String {
        switch depth > 3 ? rng.next() % 3 : rng.next() % 6 {
        case 0: return String(rng.next() % 100_000)
        case 1:
            let pieces = ["a", "[", "]", "{", "}", ",", ":", " ", "é"] + (escapes ? ["\\\"", "\\\\", "\\u005d", "\\n"] : [])
            return "\"" + (0..<Int(rng.next() % 12)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined() + "\""
        case 2: return ["true", "false", "null"][Int(rng.next() % 3)]
        case 3, 4:
            return "{" + (0..<Int(rng.next() % 5)).map { k in "\"k\(k)\":" + value(&rng, depth: depth + 1, escapes: escapes) }.joined(separator: ",") + "}"
        default:
            return "[" + (0..<Int(rng.next() % 6)).map { _ in value(&rng, depth: depth + 1, escapes: escapes) }.joined(separator: ", ") + "]"
        }
    }

    /// Where the parser says the value at `offset` ends, or `nil` when it is not one.
    static func parserEnd(_ bytes: [UInt8], at offset: Int) -> Int? {
        bytes.withUnsafeBufferPointer { b -> Int? in
            var s = JSONScanner(b.baseAddress!, count: b.count, offset: offset)
            guard (try? s.skipValue()) != nil else { return nil }
            return s.i
        }
    }

    static func skipEnd(_ bytes: [UInt8], at offset: Int, chunk: Int = 1 << 18) -> Int? {
        bytes.withUnsafeBufferPointer { b -> Int? in
            var s = JSONScanner(b.baseAddress!, count: b.count, offset: offset)
            var last = offset
            let ok = s.skipBrackets(chunk: chunk, progress: { at in
                #expect(at > last)
                last = at
            })
            return ok ? s.i : nil
        }
    }

    @Test("numbers of 1 to 25 digits in each part, ending at every distance from the end of the input, read as strtod reads them")
    func numbersAsStrtod() throws {
        var rng = SplitMix(state: 8)
        func digits(_ n: Int) -> String { String((0..<n).map { k in Character(String(k == 0 && n > 1 ? 1 + rng.next() % 9 : rng.next() % 10)) }) }
        for whole in 1...25 {
            for fraction in [0, 1, 2, 5, 6, 7, 8, 9, 15, 16, 17, 25] {
                for exponent in ["", "e5", "E-7", "e+300", "e-320"] {
                    let text = (rng.next() % 2 == 0 ? "-" : "") + digits(whole) + (fraction > 0 ? "." + digits(fraction) : "") + exponent
                    // Followed by nothing, by a delimiter, by the bytes on either side of the
                    // digits ('/' and ':'), or by other digits' worth of bytes, so that the word
                    // read ends before, at and past the input's end.
                    for tail in ["", ",", "}", " ", "/", ":", ", \"x\": 12345678"] {
                        let bytes = Array((text + tail).utf8)
                        let reference = strtod(text, nil)
                        let read: Double? = bytes.withUnsafeBufferPointer { b in
                            var s = JSONScanner(b.baseAddress!, count: b.count, offset: 0)
                            guard let v = try? s.parseNumber() else { return nil }
                            return s.i == text.utf8.count ? v : nil
                        }
                        #expect(read == reference, "\(text + tail)")
                    }
                }
            }
        }
    }

    @Test("on 3,000 random arrays (long and short, at any offset, with or without backslashes, scanned whole or in pieces of 1 to 100 bytes) it ends where the parser ends")
    func agreesWithParser() {
        var rng = SplitMix(state: 12)
        for round in 0..<3_000 {
            let items = (0..<Int(rng.next() % 40)).map { _ in Self.value(&rng, depth: 1, escapes: round % 2 == 0) }
            let array = "[" + items.joined(separator: ",") + "]"
            let prefix = String(repeating: " ", count: Int(rng.next() % 70))
            let bytes = Array((prefix + array + ", \"after\": [1]}").utf8)
            let want = Self.parserEnd(bytes, at: prefix.utf8.count)
            #expect(want == prefix.utf8.count + array.utf8.count)
            #expect(Self.skipEnd(bytes, at: prefix.utf8.count) == want, "\(array)")
            #expect(Self.skipEnd(bytes, at: prefix.utf8.count, chunk: Int(rng.next() % 100) + 1) == want, "\(array)")
        }
    }

    @Test("cut anywhere, an array does not close")
    func cutOff() {
        var rng = SplitMix(state: 5)
        for _ in 0..<300 {
            let array = "[" + (0..<Int(rng.next() % 30 + 1)).map { _ in Self.value(&rng, depth: 1) }.joined(separator: ",") + "]"
            let bytes = Array(array.utf8)
            let cut = Array(bytes[0..<Int(rng.next() % UInt64(bytes.count))])
            guard !cut.isEmpty else { continue }
            #expect(Self.skipEnd(cut, at: 0) == nil)
        }
    }

    @Test("nesting past the limit is refused, not followed down")
    func deep() {
        let bytes = Array((String(repeating: "[", count: JSONScanner.maxDepth + 1) + String(repeating: "]", count: JSONScanner.maxDepth + 1)).utf8)
        #expect(Self.skipEnd(bytes, at: 0) == nil)
        let ok = Array((String(repeating: "[", count: JSONScanner.maxDepth) + String(repeating: "]", count: JSONScanner.maxDepth)).utf8)
        #expect(Self.skipEnd(ok, at: 0) == ok.count)
    }
}
