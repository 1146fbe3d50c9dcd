import Foundation
import Testing
import TouchTestSupport
import TouchGestures
import TouchEvdev
import TouchList
@testable import TouchTools
import TouchReplay
@testable import TouchTrace

/// Each kind of bad input gets an error that says where (line, column, event) and what.
@Suite("Reader: bad input gets located errors")
struct ReaderErrorTests {
    static let head = #"{"format": "touch-trace", "version": 1, "device": {"width": 800, "height": 480}, "events": ["#

    func firstError(_ text: String, name: String = "t.json") -> Diagnostic? {
        let r = diagnose(text, name: name)
        #expect(r.trace == nil, "expected the input to be refused")
        return r.errors.first
    }

    struct Case: Sendable, CustomStringConvertible {
        let label: String
        let text: String
        let location: String     // "t.json:LINE:COL" prefix of the message
        let message: String      // a part of the message
        var description: String { label }
    }

    static let cases: [Case] = [
        Case(label: "empty file", text: "", location: "t.json:1:1", message: "the file is empty"),
        Case(label: "not JSON", text: "hello", location: "t.json:1:1", message: "expected '{' to start the trace object, found 'h'"),
        Case(label: "cut-off document", text: head + #"{"t": 0, "id": 1, "#, location: "t.json:1:111",
             message: "the file ends early: expected a member name in double quotes, found end of input"),
        Case(label: "trailing garbage", text: head + "]} x", location: "t.json:1:96",
             message: "expected the end of the file after the trace object, found 'x'"),
        Case(label: "missing format", text: #"{"version": 1, "device": {"width": 8, "height": 4}, "events": []}"#,
             location: "t.json:1: error", message: "missing `format` (expected \"touch-trace\")"),
        Case(label: "wrong format", text: #"{"format": "mouse", "version": 1, "device": {"width": 8, "height": 4}, "events": []}"#,
             location: "t.json:1:12", message: "`format` must be \"touch-trace\", found \"mouse\""),
        Case(label: "newer version", text: #"{"format": "touch-trace", "version": 2, "device": {"width": 8, "height": 4}, "events": []}"#,
             location: "t.json:1:38", message: "version 2 is newer than this reader understands (1)"),
        Case(label: "bad width", text: #"{"format": "touch-trace", "version": 1, "device": {"width": -8, "height": 4}, "events": []}"#,
             location: "t.json:1:51", message: "`device.width` must be a positive number, found -8"),
        Case(label: "events not an array", text: #"{"format": "touch-trace", "version": 1, "device": {"width": 8, "height": 4}, "events": 3}"#,
             location: "t.json:1:88", message: "`events` must be an array of event objects, found a number"),
        Case(label: "missing keys", text: head + #"{"t": 0, "id": 1}]}"#, location: "t.json:1:93",
             message: "event 0: missing `phase`, `x`, `y`"),
        Case(label: "unknown phase", text: head + #"{"t": 0, "id": 1, "phase": "jump", "x": 1, "y": 1}]}"#,
             location: "t.json:1:120", message: "event 0: `phase` must be down, move, up or cancel, found \"jump\""),
        Case(label: "string number", text: head + #"{"t": "0", "id": 1, "phase": "down", "x": 1, "y": 1}]}"#,
             location: "t.json:1:99", message: "event 0: `t` must be a number, found a string"),
        Case(label: "fractional id", text: head + #"{"t": 0, "id": 1.5, "phase": "down", "x": 1, "y": 1}]}"#,
             location: "t.json:1:93", message: "event 0: `id` must be an integer, found 1.5"),
        Case(label: "time goes back", text: head + #"{"t": 1, "id": 1, "phase": "down", "x": 1, "y": 1},"# + "\n" + #"{"t": 0.5, "id": 1, "phase": "up", "x": 1, "y": 1}]}"#,
             location: "t.json:2:1", message: "event 1: `t` goes back in time: expected t ≥ 1, found 0.5"),
        Case(label: "move before down", text: head + "\n" + #"{"t": 0, "id": 4, "phase": "move", "x": 1, "y": 1}]}"#,
             location: "t.json:2:1", message: "event 0: `move` for contact 4, which is not down (expected a `down` for it first)"),
        Case(label: "two open contacts share an id", text: head + #"{"t": 0, "id": 1, "phase": "down", "x": 1, "y": 1},"# + "\n" + #"{"t": 0, "id": 1, "phase": "down", "x": 2, "y": 1}]}"#,
             location: "t.json:2:1", message: "event 1: `down` for contact 1, which is already down since event 0"),
        Case(label: "non-finite number", text: head + #"{"t": 0, "id": 1, "phase": "down", "x": 1e999, "y": 1}]}"#,
             location: "t.json:1:93", message: "event 0: `x` is not a finite number"),
        Case(label: "leading zero", text: head + #"{"t": 01, "id": 1, "phase": "down", "x": 1, "y": 1}]}"#,
             location: "t.json:1:100", message: "expected no leading zeros in a number, found '1'"),
        Case(label: "control character in a string", text: head + "{\"t\": 0, \"id\": 1, \"phase\": \"do\u{1}wn\", \"x\": 1, \"y\": 1}]}",
             location: "t.json:1:123", message: "control characters must be escaped"),
        Case(label: "bad escape", text: #"{"format": "touch\q", "version": 1}"#,
             location: "t.json:1:19", message: "expected an escape character"),
        Case(label: "missing comma", text: head + #"{"t": 0 "id": 1}]}"#, location: "t.json:1:101",
             message: "expected ',' or '}' after an event member, found '\"'"),
        Case(label: "deep nesting", text: #"{"format": "touch-trace", "meta": "# + String(repeating: "[", count: 100_000),
             location: "t.json:1:", message: "nesting deeper than 200 levels"),
    ]

    @Test(arguments: cases)
    func locatedError(_ c: Case) throws {
        let e = try #require(firstError(c.text), "\(c.label): no error")
        #expect(e.description.hasPrefix(c.location), "\(c.label): \(e)")
        #expect(e.description.contains(c.message), "\(c.label): \(e)")
    }

    @Test("the list model's scene keys and the feed are checked, each problem named with what was found",
          arguments: [
              (#""list": {"rows": 10, "sections": [4, 4]}"#, "`scene.list.sections` must add up to `rows` (10), found 8 rows in 2 sections"),
              (#""list": {"selection": "many"}"#, #"`scene.list.selection` must be one of "none", "single", "multiple", "checkmark", found "many""#),
              (#""list": {"rowHeights": [60, -1]}"#, "`scene.list.rowHeights` must be a non-empty array of positive numbers (trace units), found [60, -1]"),
              (#""list": {"pageSize": 0}"#, "`scene.list.pageSize` must be a whole number ≥ 1, found 0"),
              (#""list": {"snapToCells": 1}"#, "`scene.list.snapToCells` must be true or false, found 1"),
              (#""list": {"decelerationRate": 1.5}"#, "`scene.list.decelerationRate` must be a number between 0 and 1"),
              (#""data": {"latency": -1}"#, "`scene.data.latency` must be a number of seconds ≥ 0, found -1"),
              (#""data": {"failingPages": [0]}"#, "`scene.data.failingPages` must be an array of page numbers ≥ 1, found [0]"),
              (#""data": {"pages": 3}"#, "`scene.data.pages` is not a key of scene.data"),
              (#""list": {"rowHieght": 60}"#, "`scene.list.rowHieght` is not a key of scene.list (expected one of rows, rowHeight,"),
              (#""list": {"width": 0}"#, "`scene.list.width` must be a positive number (trace units), found 0"),
              (#""list": {"stopSpeed": -2}"#, "`scene.list.stopSpeed` must be a positive number (mm/s), found -2"),
              (#""list": {"settleDuration": "slow"}"#, #"`scene.list.settleDuration` must be a number ≥ 0 (s), found "slow""#),
              (#""list": "rows""#, "`scene.list` must be an object, found a string"),
              // Actions wider than the row: 1e308 was accepted and every offset came out NaN (null).
              (#""list": {"leadingActions": 1e308}"#, "`scene.list.leadingActions` must be a number from 0 to the row's width, 800 (trace units), or an array of positive widths, one per action, adding up to at most that, found 1e+308"),
              (#""list": {"width": 300, "trailingActions": 301}"#, "`scene.list.trailingActions` must be a number from 0 to the row's width, 300 (trace units), or an array of positive widths, one per action, adding up to at most that, found 301"),
              (#""list": {"trailingActions": [400, 401]}"#, "`scene.list.trailingActions` must be a number from 0 to the row's width, 800 (trace units), or an array of positive widths"),
              (#""list": {"trailingActions": [100, -5]}"#, "`scene.list.trailingActions` must be"),
              // Edits: each problem names the edit by its place.
              (#""list": {"edits": 3}"#, "`scene.list.edits` must be an array of edits"),
              (#""list": {"edits": [{"delete": [1]}]}"#, "`scene.list.edits[0]`.t must be a time in seconds ≥ 0, found nothing"),
              (#""list": {"edits": [{"t": 1, "delete": [1]}, {"t": 0.5, "delete": [1]}]}"#, "`scene.list.edits[1]`.t must not be earlier than the edit before it (1 s), found 0.5"),
              (#""list": {"edits": [{"t": 1, "delete": [1.5]}]}"#, "`scene.list.edits[0]`.delete must be an array of row indices (whole numbers ≥ 0), found [1.5]"),
              (#""list": {"edits": [{"t": 1, "remove": [1]}]}"#, "`scene.list.edits[0]`.remove is not a key of an edit"),
              (#""list": {"edits": [{"t": 1}]}"#, "`scene.list.edits[0]` changes nothing"),
              (#""list": {"edits": [{"t": 1, "move": {"from": 1}}]}"#, "`scene.list.edits[0]`.move must be {\"from\": row, \"to\": row}"),
              (#""list": {"rows": 8, "edits": [{"t": 1, "delete": [8]}]}"#, "`scene.list.edits[0]` names row 8, but the list has 8 rows (0 to 7) then"),
              (#""list": {"rows": 8, "edits": [{"t": 1, "delete": [0]}, {"t": 2, "insert": [8]}]}"#, "`scene.list.edits[1]` puts a row at 8, but the list has 8 rows (0 to 7) after it"),
              // A row twice is refused whether the rows are known or not (a paged list's passed).
              (#""list": {"pageSize": 20, "edits": [{"t": 1, "delete": [2, 2]}]}, "data": {"total": 100}"#, "`scene.list.edits[0]` deletes or moves row 2 twice"),
              (#""list": {"rows": 0, "edits": [{"t": 1, "delete": [0]}]}"#, "`scene.list.edits[0]` names row 0, but the list has no rows then"),
              (#""list": {"rows": 8, "edits": [{"t": 1, "delete": [2], "move": {"from": 2, "to": 0}}]}"#, "`scene.list.edits[0]` deletes or moves row 2 twice"),
              (#""list": {"reorder": 1}"#, "`scene.list.reorder` must be true or false, found 1"),
          ])
    func listSceneErrors(scene: String, message: String) throws {
        let text = #"{"format": "touch-trace", "version": 1, "device": {"width": 800, "height": 480}, "scene": {"#
            + scene + #"}, "events": []}"#
        let r = diagnose(text, name: "t.json")
        #expect(r.trace == nil, "expected the input to be refused")
        #expect(r.errors.contains { $0.description.contains(message) }, "\(r.errors)")
    }

    @Test("the format's words for swipePolicy, selection and paging are the list's own, every case of each")
    func sceneListWordsAreTheListsCases() {
        // The format reads scene.list without TouchList, so it keeps these words itself.
        #expect(ListOptionsCatalog.swipePolicies == SwipePolicy.allCases.map(\.rawValue))
        #expect(ListOptionsCatalog.selectionModes == SelectionMode.allCases.map(\.rawValue))
        #expect(ListOptionsCatalog.pagingModes == PagingMode.allCases.map(\.rawValue))
    }

    @Test("renamed scene.list keys: the old spelling is still accepted and means the same")
    func oldListKeysAreAliases() throws {
        func replay(_ list: String) throws -> [String] {
            let text = #"{"format": "touch-trace", "version": 1, "device": {"width": 800, "height": 480, "resolution": {"x": 5, "y": 5}}, "scene": {"list": {"rows": 40, "rowHeight": 60, "#
                + list + #"}}, "events": [{"t": 0, "id": 0, "phase": "down", "x": 400, "y": 400}, {"t": 0.05, "id": 0, "phase": "move", "x": 400, "y": 300}, {"t": 0.1, "id": 0, "phase": "move", "x": 400, "y": 190}, {"t": 0.6, "id": 0, "phase": "up", "x": 400, "y": 190}]}"#
            let r = diagnose(text, name: "t.json")
            let trace = try #require(r.trace, "\(r.errors)")
            return TraceReplay.run(header: trace.header, events: trace.events).output.map(\.jsonLine)
        }
        let old = try replay(#""snapToCells": true, "policy": "oneOpen", "refresh": true"#)
        let new = try replay(#""snapsToCells": true, "swipePolicy": "oneOpen", "refreshes": true"#)
        #expect(old == new)
        #expect(old.contains { $0.contains(#""type": "snap""#) }, "the drag of 210 units ends cut: a snap, with either spelling")
        #expect(old != (try replay(#""snapsToCells": false"#)))
    }

    @Test("a key given twice in an event is a located error, as everywhere in a trace (the first value was used, where most JSON readers take the last)")
    func duplicateKeys() throws {
        let r = diagnose(Self.head + #"{"t": 0, "id": 1, "phase": "down", "x": 1, "y": 1, "id": 2}]}"#)
        #expect(r.trace == nil)
        #expect(r.errors.first?.description == "t.json:1:144: error: event 0: `id` is given twice; a trace gives each key once", "\(r.errors)")
    }

    @Test("a nonzero number too small for a double is refused, not read as 0")
    func underflow() {
        let r = diagnose(Self.head + #"{"t": 0, "id": 1, "phase": "down", "x": 5e-400, "y": 1}]}"#)
        #expect(r.errors.first?.description.contains("found 5e-400, which is too small (it would read as 0)") == true)
        #expect(diagnose(Self.head + #"{"t": 0, "id": 1, "phase": "down", "x": 0e-400, "y": 1}]}"#).trace != nil, "zero is zero")
    }

    @Test("invalid UTF-8 in a string is refused, with its place")
    func invalidUTF8() {
        var bytes = Array(#"{"format": "touch-tra"#.utf8)
        bytes += [0xC3, 0x28]
        bytes += Array(#"ce", "version": 1}"#.utf8)
        let r = TraceReader.diagnose(bytes: bytes, name: "u.json")
        #expect(r.trace == nil)
        #expect(r.errors.first?.description == "u.json:1:22: error: invalid UTF-8 in a string")
    }

    @Test("validation reports every violation, not just the first")
    func everyViolationIsReported() {
        let text = Self.head + "\n" + [
            #"{"t": 0, "id": 1, "phase": "move", "x": 1, "y": 1},"#,
            #"{"t": 0, "id": 2, "phase": "down", "x": 1, "y": 1},"#,
            #"{"t": -1, "id": 2, "phase": "up", "x": 1, "y": 1},"#,
            #"{"t": 0, "id": 2, "phase": "hop", "x": 1, "y": 1}"#,
        ].joined(separator: "\n") + "]}"
        let r = diagnose(text)
        #expect(r.errors.map { $0.location.line } == [2, 4, 5])
        #expect(r.errors.map { $0.location.eventIndex } == [0, 2, 3])
        // A malformed event before a rule-breaking one: the index is still the file's.
        let shifted = diagnose(Self.head + #"{"t": 0}, {"t": 1, "id": 1, "phase": "up", "x": 1, "y": 1}]}"#)
        #expect(shifted.errors.map { $0.location.eventIndex } == [0, 1])
    }

    /// One event with several problems has each reported, located at its own member where it
    /// has one, in both encodings and in the streaming reader: fixing the first and running
    /// again to meet the next was the way before.
    @Test("every problem in one event is reported, not only the first")
    func everyProblemInAnEvent() throws {
        let shape = #"{"t": 0, "id": 1.5, "phase": "hop", "y": "1"}"#
        let timeAndContact = #"{"t": 1e999, "id": 3, "phase": "up", "x": 1, "y": 1}"#
        let doc = Self.head + "\n" + shape + ",\n" + timeAndContact + "]}"
        // In the order of their places in the file: the missing member and the id at the event.
        let expected = [
            "event 0: missing `x` (an event needs t, id, phase, x and y)",
            "event 0: `id` must be an integer, found 1.5",
            "event 0: `phase` must be down, move, up or cancel, found \"hop\"",
            "event 0: `y` must be a number, found a string",
            "event 1: `t` is not a finite number",
            "event 1: `up` for contact 3, which is not down (expected a `down` for it first)",
        ]
        func messages(_ ds: [Diagnostic]) -> [String] {
            ds.filter { $0.severity == .error }
                .sorted { ($0.location.line ?? 0, $0.location.column ?? 0) < ($1.location.line ?? 0, $1.location.column ?? 0) }
                .map { d in "event \(d.location.eventIndex ?? -1): \(d.message)" }
        }
        #expect(messages(diagnose(doc).errors) == expected)
        let lines = Self.linesHead + "\n" + shape + "\n" + timeAndContact + "\n"
        #expect(messages(diagnose(lines, name: "t.jsonl").errors) == expected)
        // The streaming reader, as validate and replay read a file.
        let dir = TempDir()
        let path = dir.url.appendingPathComponent("t.json").path
        try doc.write(toFile: path, atomically: true, encoding: .utf8)
        let stream = try TraceEventStream(path: path)
        for _ in stream {}
        #expect(messages(stream.diagnostics) == expected)
        // Each member's problem is at that member's value: the phase at column 30 of line 2.
        let phase = try #require(diagnose(doc).errors.first { $0.message.hasPrefix("`phase`") })
        #expect(phase.location.line == 2 && phase.location.column == 30, "\(phase)")
    }

    // MARK: Lines encoding

    static let linesHead = #"{"format": "touch-trace", "version": 1, "encoding": "lines", "device": {"width": 800, "height": 480}}"#

    @Test("a cut-off last line is a warning; everything before it is kept")
    func cutOffLastLine() throws {
        let text = Self.linesHead + "\n" + #"{"t": 0, "id": 1, "phase": "down", "x": 1, "y": 1}"# + "\n" + #"{"t": 0.1, "id": 1, "ph"#
        let r = diagnose(text, name: "r.jsonl")
        let t = try #require(r.trace)
        #expect(t.events.count == 1)
        #expect(r.errors.isEmpty)
        #expect(r.warnings.first?.description == "r.jsonl:3: warning: the last line is incomplete (the recording was cut off?): it is ignored, and the 1 events before it are kept")
    }

    @Test("a broken line in the middle is an error, located, and later lines are still checked")
    func brokenMiddleLine() {
        let text = [Self.linesHead,
                    #"{"t": 0, "id": 1, "phase": "down", "x": 1, "y": 1}"#,
                    #"{"t": 0.1, "id": 1 "phase": "move", "x": 1, "y": 1}"#,
                    #"{"t": 0.2, "id": 1, "phase": "up", "x": 1, "y": 1}"#,
                    #"{"t": 0.3, "id": 9, "phase": "up", "x": 1, "y": 1}"#].joined(separator: "\n") + "\n"
        let r = diagnose(text, name: "r.jsonl")
        #expect(r.trace == nil)
        #expect(r.errors.map(\.description) == [
            "r.jsonl:3:20: error: event 1: expected ',' or '}' after an event member, found '\"'",
            "r.jsonl:5: error: event 3: `up` for contact 9, which is not down (expected a `down` for it first)",
        ])
    }

    @Test func linesHeaderProblemsAreLocated() {
        let r = diagnose(#"{"format": "touch-trace", "version": 1, "encoding": "lines", "device": {"height": 4}}"# + "\n", name: "h.jsonl")
        #expect(r.errors.first?.description == "h.jsonl:1: error: missing `device.width` (a positive number of trace units)")
    }

    @Test func unreadableFiles() {
        #expect(TraceReader.diagnose(path: "/no/such/file.json").errors.first?.description == "/no/such/file.json: error: cannot open: No such file or directory")
        #expect(TraceReader.diagnose(path: "/tmp").errors.first?.description == "/tmp: error: is a folder, not a trace file")
    }

    @Test("contacts left open are a warning, not an error")
    func openContactWarning() throws {
        let r = diagnose(Self.head + #"{"t": 0, "id": 1, "phase": "down", "x": 1, "y": 1}]}"#)
        #expect(r.trace != nil)
        #expect(r.warnings.first?.message.contains("contact 1 is still down at the end") == true)
    }

    @Test("no input crashes or hangs the reader: every prefix of a corpus trace", arguments: ["demo-session.json", "lines-swipe-left.jsonl"])
    func everyPrefix(_ name: String) throws {
        let bytes = Array(try String(contentsOfFile: corpusPath(name), encoding: .utf8).utf8)
        var refused = 0
        for n in stride(from: 0, to: bytes.count, by: 7) {
            let r = TraceReader.diagnose(bytes: Array(bytes[0..<n]), name: name)
            if r.trace == nil { refused += 1; #expect(!r.errors.isEmpty) }
        }
        #expect(refused > 0)
    }
}
