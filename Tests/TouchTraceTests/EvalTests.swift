import Foundation
import Testing
import TouchGestures
@testable import TouchTools
import TouchTrace
import TouchTestSupport

/// `touchtrace eval`: the labels reader, the judging of strokes, the summary, and the command.
@Suite("Labelled strokes: touchtrace eval")
struct EvalTests {
    func labels(_ text: String) throws(DiagnosticError) -> [StrokeLabel] {
        try StrokeLabels.read(Array(text.utf8), name: "l.json")
    }

    @Test("every problem of a labels file is reported at its entry's line and column, all at once")
    func problemsAreLocated() {
        let text = """
            [
              {"trace": "a.json", "id": 1, "intent": "tap"},
              {"trace": "a.json", "id": 2, "intnet": "tap"},
              {"trace": "a.json", "id": 2.5, "intent": "tap"},
                {"trace": "a.json", "id": 3, "intent": "swipe-diagonal"},
              {"id": 4, "intent": "tap"}, 7
            ]
            """
        if let error = (#expect(throws: DiagnosticError.self, "accepted") { _ = try labels(text) }) {
            let lines = error.diagnostics.map(\.description)
            #expect(lines.count == 6, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("l.json:3:3: error: entry 1: unknown key `intnet`") })
            #expect(lines.contains { $0.hasPrefix("l.json:4:3: error: entry 2: `id` must be a whole number") })
            #expect(lines.contains { $0.hasPrefix("l.json:5:5: error: entry 3: `intent` must be one of") && $0.hasSuffix("found \"swipe-diagonal\"") })
            #expect(lines.contains { $0.hasPrefix("l.json:6:3: error: entry 4: `trace` must be") })
            #expect(lines.contains { $0.hasPrefix("l.json:6:31: error: entry 5: expected an object, found a number") })
        }
    }

    @Test("a labels file that is not an array, or not JSON, is refused with where")
    func notAnArray() {
        #expect(throws: DiagnosticError.self) { try labels(#"{"trace": "a.json"}"#) }
        do { _ = try labels("[{\"trace\": \"a.json\",]") } catch {
            #expect(error.diagnostics.first?.location.line == 1)
        }
    }

    @Test("entries are read with their optional time and person; a number names a person too")
    func readsEntries() throws {
        let read = try labels(#"[{"trace": "a.json", "id": 3, "t": 1.5, "user": 7, "intent": "scroll-vertical", "task": "reading"}, {"trace": "b.json", "id": 0, "intent": "short"}]"#)
        #expect(read.count == 2)
        #expect(read[0].downTime == 1.5 && read[0].user == "7" && read[0].intent == .scrollVertical)
        #expect(read[0].location.column == 2)
        #expect(read[1].downTime == nil && read[1].user == nil)
    }

    /// Labels over four traces of the corpus, with absolute paths.
    func corpusLabels(_ swipeIntent: StrokeIntent = .swipeHorizontal) -> [StrokeLabel] {
        [StrokeLabel(trace: corpusPath("swipe-right-normal.json"), id: 0, user: "a", intent: swipeIntent),
         StrokeLabel(trace: corpusPath("vertical-drag-down-no-row-swipe.json"), id: 0, user: "a", intent: .scrollVertical),
         StrokeLabel(trace: corpusPath("tap-single-selects-row.json"), id: 0, user: "b", intent: .tap),
         StrokeLabel(trace: corpusPath("two-swipes-same-row-toggle-twice.json"), id: 1, downTime: 0.6, user: "b", intent: .swipeHorizontal)]
    }

    @Test("strokes are judged by what their window of the replay produced, per intent and per person")
    func judgesStrokes() throws {
        let results = try StrokeEvaluation.run(labels: corpusLabels(), folder: "")
        // The vertical drag, labelled a scroll, is judged in a list whose rows swipe sideways:
        // its swipe listens along x only (a swipe down would come first otherwise).
        #expect(results.map(\.outcome) == [.swipe(.right), .scroll, .tap, .swipe(.left)])
        #expect(results.allSatisfy { $0.correct == true })
        #expect(abs(results[0].netMillimeters.x - 40) < 1)
        #expect(results[3].netMillimeters.x < -30)
        let summary = EvaluationSummary(results)
        #expect(summary.groups.map(\.user) == ["a", "b", nil])
        #expect(summary.groups[2][.swipeHorizontal]?.recall == 1)
        #expect(summary.groups[2][.swipeHorizontal]?.strokes == 2)
        #expect(summary.groups[0][.scrollVertical]?.outcomes[.scroll] == 1)
        var free = GestureSettings()
        free.swipe.axis = .free
        #expect(try StrokeEvaluation.run(labels: corpusLabels(), folder: "", settings: free)[1].outcome == .scroll,
                "the settings' own axis is kept only when it is not free: free is the default")
        #expect(summary.groups[0][.scrollVertical]?.horizontalSwipes == 0)
    }

    @Test("a stroke taken for something else is a miss, with its outcome and the explain reason")
    func missesSayWhy() throws {
        let results = try StrokeEvaluation.run(labels: corpusLabels(.swipeLeft), folder: "")
        #expect(results[0].correct == false)
        #expect(results[0].outcome == .swipe(.right))
        #expect(results[0].reason.contains("won: swipe"))
        // A vertical scroll taken for a row swipe is counted as such in its row.
        var seedPoints = GestureSettings(swipeRule: .seedPoints)
        seedPoints.pan.axis = .free
        let scroll = [StrokeLabel(trace: corpusPath("swipe-right-normal.json"), id: 0, intent: .scrollVertical)]
        // With every recognizer (a scroll alone listens for no swipe, and would take none).
        let summary = EvaluationSummary(try StrokeEvaluation.run(labels: scroll, folder: "", settings: seedPoints, listening: .all))
        #expect(summary.groups.last?[.scrollVertical]?.horizontalSwipes == 1)
        #expect(summary.groups.last?[.scrollVertical]?.recall == 0)
    }

    @Test("a missed stroke's shape is named: a path that turns back, a first leg across its net motion's axis; a straight one has no note")
    func missesNameTheirShape() throws {
        let dir = TempDir()
        // 800 × 480 at 5 units/mm. Stroke 0: 40 mm left, then 80 mm right (net 40 mm right, a path
        // of 120 mm): its first leg makes it a swipe left. Stroke 1: 14 mm up, then 40 mm left (net
        // (−40, −14) mm, horizontal; its first 12 mm are up). Stroke 2: 40 mm right, straight.
        var events: [String] = []
        func stroke(_ id: Int, _ t0: Double, _ points: [(Double, Double)]) {
            var t = t0
            for (k, p) in points.enumerated() {
                let phase = k == 0 ? "down" : k == points.count - 1 ? "up" : "move"
                events.append(#"{"t": \#(formatJSONNumber(t)), "id": \#(id), "phase": "\#(phase)", "x": \#(p.0), "y": \#(p.1)}"#)
                t += 0.01
            }
        }
        let back: [(Double, Double)] = (0...8).map { k in (400 - 25 * Double(k), 240) }
        let forth: [(Double, Double)] = (1...16).map { k in (200 + 25 * Double(k), 240) }
        stroke(0, 0, back + forth + [(600, 240)])
        let up: [(Double, Double)] = (0...7).map { k in (400, 240 - 10 * Double(k)) }
        let left: [(Double, Double)] = (1...8).map { k in (400 - 25 * Double(k), 170) }
        stroke(1, 2, up + left + [(200, 170)])
        let straight: [(Double, Double)] = (0...8).map { k in (400 + 25 * Double(k), 240) }
        stroke(2, 4, straight + [(600, 240)])
        let trace = #"{"format": "touch-trace", "version": 1, "device": {"width": 800, "height": 480, "resolution": {"x": 5, "y": 5}}, "events": ["#
            + events.joined(separator: ",\n") + "]}"
        try Data(trace.utf8).write(to: URL(fileURLWithPath: dir.path("t.json")))
        let labels = (0...2).map { StrokeLabel(trace: dir.path("t.json"), id: $0, intent: .swipeHorizontal) }
        // Every recognizer, the swipe in every direction: with the intents' own (left and right
        // only), stroke 1 is a swipe left, judged by its motion along x.
        let results = try StrokeEvaluation.run(labels: labels, folder: "", listening: .all)
        #expect(results.map(\.outcome) == [.swipe(.left), .swipe(.up), .swipe(.right)], "\(results.map(\.outcome))")
        #expect(try StrokeEvaluation.run(labels: labels, folder: "")[1].outcome == .swipe(.left))
        #expect(abs(results[0].pathMillimeters - 120) < 1e-9 && results[0].netMillimeters == Point(x: 40, y: 0))
        let notes = results.map { StrokeShape.notes($0) }
        #expect(notes[0] == ["its path, 120 mm, is 3.0× its net motion (it turns back)"], "\(notes[0])")
        #expect(notes[1] == ["its first 12 mm went (0.0, -12.0) mm, across its net motion's axis"], "\(notes[1])")
        #expect(notes[2].isEmpty, "\(notes[2])")
    }

    @Test("only the recognizers the intents listen for take part: a held press labelled a tap is a tap, unless every recognizer runs")
    func listeningFollowsTheIntents() throws {
        // A finger held still past the long press's time, and lifted.
        let held = [StrokeLabel(trace: corpusPath("long-press-held-still.json"), id: 0, intent: .tap)]
        let intents = try StrokeEvaluation.run(labels: held, folder: "")
        #expect(intents[0].outcome == .tap && intents[0].correct == true, "\(intents[0].outcome)")
        let all = try StrokeEvaluation.run(labels: held, folder: "", listening: .all)
        #expect(all[0].outcome == .longPress && all[0].correct == false, "\(all[0].outcome)")
        #expect(StrokeIntent.listening(for: held) == RecognizerSet(.tap))
        let mixed = held + [StrokeLabel(trace: "x", id: 0, intent: .scrollVertical), StrokeLabel(trace: "x", id: 1, intent: .unscored)]
        #expect(StrokeIntent.listening(for: mixed) == RecognizerSet([.tap, .pan, .fling, .swipe]))
        #expect(StrokeIntent.swipeAxis(for: mixed) == .horizontal)
        #expect(StrokeIntent.swipeAxis(for: held) == nil)
        #expect(StrokeIntent.swipeAxis(for: [StrokeLabel(trace: "x", id: 0, intent: .swipeUp)]) == .vertical)
        #expect(StrokeIntent.swipeAxis(for: [StrokeLabel(trace: "x", id: 0, intent: .swipeUp),
                                             StrokeLabel(trace: "x", id: 1, intent: .swipeLeft)]) == nil)
    }

    @Test("each intent's rule of what is right")
    func correctness() {
        let right = Point(x: 20, y: 3), left = Point(x: -20, y: 3)
        #expect(StrokeEvaluation.isCorrect(.swipe(.right), .swipeHorizontal, net: right) == true)
        #expect(StrokeEvaluation.isCorrect(.swipe(.right), .swipeHorizontal, net: left) == false)
        #expect(StrokeEvaluation.isCorrect(.swipe(.down), .scrollVertical, net: right) == true)
        #expect(StrokeEvaluation.isCorrect(.swipe(.left), .scrollVertical, net: right) == false)
        #expect(StrokeEvaluation.isCorrect(.scroll, .short, net: right) == true)
        #expect(StrokeEvaluation.isCorrect(.swipe(.up), .short, net: right) == false)
        #expect(StrokeEvaluation.isCorrect(.nothing, .unscored, net: right) == nil)
    }

    @Test("a label naming no stroke of its trace, or a trace that cannot be read, stops the evaluation at that label")
    func missingStrokes() {
        let bad = [StrokeLabel(trace: corpusPath("swipe-right-normal.json"), id: 4, intent: .tap,
                               location: SourceLocation(file: "l.json", line: 2, column: 3)),
                   StrokeLabel(trace: "no-such.json", id: 0, intent: .tap, location: SourceLocation(file: "l.json", line: 3, column: 3))]
        if let error = (#expect(throws: DiagnosticError.self, "accepted") { _ = try StrokeEvaluation.run(labels: bad, folder: "/nowhere") }) {
            let lines = error.diagnostics.map(\.description)
            #expect(lines.contains { $0.hasPrefix("l.json:2:3: error: no contact 4 in ") })
            #expect(lines.contains { $0.hasPrefix("l.json:3:3: error: trace /nowhere/no-such.json cannot be read") })
        }
    }

    @Test("touchtrace eval prints the tables and the misses; --json one object; bad labels exit 2")
    func command() throws {
        let cli = CLITests()
        let dir = TempDir()
        let text = """
            [{"trace": "\(corpusPath("swipe-right-normal.json"))", "id": 0, "user": "a", "intent": "swipe-horizontal"},
             {"trace": "\(corpusPath("vertical-drag-down-no-row-swipe.json"))", "id": 0, "user": "a", "intent": "swipe-left"}]
            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: dir.path("labels.json")))
        let r = try cli.run(["eval", dir.path("labels.json")])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("user a: horizontal swipes recognized 100.0% (1/1)"))
        #expect(r.out.contains("not taken for what they were meant as: 1"))
        #expect(r.out.contains("vertical-drag-down-no-row-swipe.json id 0 (user a, swipe-left, net (-0.3, 49.9) mm): taken for nothing"), "a swipe-left listens along x: a swipe down it does not take\n\(r.out)")
        let j = try cli.run(["eval", "--json", dir.path("labels.json")])
        let json = try JSONValue.parse(Array(j.out.utf8), name: "out")
        #expect(json["strokes"]?.numberValue == 2)
        #expect(json["failures"]?.arrayValue?.count == 1)
        try Data(#"[{"trace": "x.json", "id": 0, "intent": "swipe"}]"#.utf8).write(to: URL(fileURLWithPath: dir.path("bad.json")))
        let bad = try cli.run(["eval", dir.path("bad.json")])
        #expect(bad.status == 2)
        #expect(bad.err.contains("bad.json:1:2: error: entry 0: `intent` must be one of"))
    }

    /// Three taps far apart, each next touch going down at the instant the one before is
    /// reported (its wait for a second tap ends there).
    static let tapsAtTheNextDown: String = {
        var events: [String] = []
        for (k, (x, y)) in [(100, 100), (600, 100), (100, 400)].enumerated() {
            let t = 0.38 * Double(k)
            events.append(#"{"t": \#(formatJSONNumber(t)), "id": 0, "phase": "down", "x": \#(x), "y": \#(y)}"#)
            events.append(#"{"t": \#(formatJSONNumber(t + 0.08)), "id": 0, "phase": "up", "x": \#(x), "y": \#(y)}"#)
        }
        return #"{"format": "touch-trace", "version": 1, "device": {"name": "panel", "width": 800, "height": 480, "resolution": {"x": 5, "y": 5}, "units": "px"}, "events": ["#
            + events.joined(separator: ", ") + "]}"
    }()

    @Test("an output at the instant the next stroke goes down is the earlier stroke's: three taps score 3 of 3")
    func outputAtTheNextDownIsTheEarlierStrokes() throws {
        let dir = TempDir()
        try Data(Self.tapsAtTheNextDown.utf8).write(to: URL(fileURLWithPath: dir.path("taps.json")))
        let taps = (0..<3).map { k in StrokeLabel(trace: "taps.json", id: 0, downTime: 0.38 * Double(k), intent: .tap) }
        let results = try StrokeEvaluation.run(labels: taps, folder: dir.path(""))
        #expect(results.map(\.outcome) == [.tap, .tap, .tap])
        // The tap of each stroke is reported exactly at the next one's touch-down: the case.
        let replay = try CLITests().run(["replay", "--json", dir.path("taps.json")])
        #expect(replay.out.contains(#"{"t": 0.38, "type": "tap""#), "\(replay.out)")
    }

    @Test("a double tap is each of its touches': both its strokes labelled tap are taps (its first was counted as nothing)")
    func doubleTapIsBothStrokes() throws {
        let dir = TempDir()
        let t = try TraceSynth.trace(from: "device 800x480 res 5; double-tap at 400,240; pause 1s; tap at 200,100")
        try Data(TraceWriter.document(t).utf8).write(to: URL(fileURLWithPath: dir.path("t.json")))
        let downs = t.events.filter { $0.phase == .down }
        #expect(downs.count == 3)
        let labels = downs.map { StrokeLabel(trace: "t.json", id: $0.id, downTime: $0.time, intent: .tap) }
        let results = try StrokeEvaluation.run(labels: labels, folder: dir.path(""))
        #expect(results.map(\.outcome) == [.tap, .tap, .tap])
    }

    @Test("a tap of two fingers is no one-finger tap: two taps merged into one score as a multi-finger tap; a brief second contact scores as a tap of its own, and the first stroke keeps its own")
    func mergedTapsAreMultiFingerTaps() throws {
        let dir = TempDir()
        // A finger down 0.1 s; another 56 mm away, down 30 ms later for 30 ms (DepthTouch's brief
        // contacts: 7-41 ms); a tap of its own (no two fingers) one second later.
        let events = [#"{"t": 0, "id": 1, "phase": "down", "x": 100, "y": 100}"#,
                      #"{"t": 0.03, "id": 2, "phase": "down", "x": 380, "y": 100}"#,
                      #"{"t": 0.06, "id": 2, "phase": "up", "x": 380, "y": 100}"#,
                      #"{"t": 0.1, "id": 1, "phase": "up", "x": 100, "y": 100}"#,
                      #"{"t": 1, "id": 3, "phase": "down", "x": 600, "y": 300}"#,
                      #"{"t": 1.08, "id": 3, "phase": "up", "x": 600, "y": 300}"#]
        let doc = #"{"format": "touch-trace", "version": 1, "device": {"name": "panel", "width": 800, "height": 480, "resolution": {"x": 5, "y": 5}, "units": "px"}, "events": ["#
            + events.joined(separator: ", ") + "]}"
        try Data(doc.utf8).write(to: URL(fileURLWithPath: dir.path("t.json")))
        let labels = [(1, 0.0), (2, 0.03), (3, 1.0)].map { StrokeLabel(trace: "t.json", id: $0.0, downTime: $0.1, intent: .tap) }
        let results = try StrokeEvaluation.run(labels: labels, folder: dir.path(""))
        #expect(results.map(\.outcome) == [.tap, .tap, .tap])
        var merging = GestureSettings()
        merging.tap.minFingerTime = nil
        let merged = try StrokeEvaluation.run(labels: labels, folder: dir.path(""), settings: merging)
        #expect(merged.map(\.outcome) == [.multiFingerTap, .multiFingerTap, .tap])
        #expect(merged.map(\.correct) == [false, false, true])
        #expect(StrokeOutcome.multiFingerTap.name == "multi-finger tap")
    }

    @Test("a swipe stamped at its own stroke's touch-down instant is that stroke's, not the stroke before's")
    func swipeAtItsOwnDownInstant() throws {
        // A tap at 0 s; then a swipe whose every event carries one time (a recording with
        // coarse stamps): the swipe is reported at its stroke's touch-down instant.
        var events = [#"{"t": 0, "id": 0, "phase": "down", "x": 100, "y": 100}"#, #"{"t": 0.05, "id": 0, "phase": "up", "x": 100, "y": 100}"#]
        events.append(#"{"t": 1, "id": 1, "phase": "down", "x": 200, "y": 240}"#)
        for k in 1...8 { events.append(#"{"t": 1, "id": 1, "phase": "move", "x": \#(200 + 30 * k), "y": 240}"#) }
        events.append(#"{"t": 1, "id": 1, "phase": "up", "x": 440, "y": 240}"#)
        let text = #"{"format": "touch-trace", "version": 1, "device": {"width": 800, "height": 480, "resolution": {"x": 5, "y": 5}}, "events": ["#
            + events.joined(separator: ", ") + "]}"
        let dir = TempDir()
        try Data(text.utf8).write(to: URL(fileURLWithPath: dir.path("s.json")))
        let replay = try CLITests().run(["replay", "--json", dir.path("s.json")])
        #expect(replay.out.contains(#"{"t": 1, "type": "swipe""#), "the case needs the swipe at 1 s: \(replay.out)")
        let results = try StrokeEvaluation.run(labels: [StrokeLabel(trace: "s.json", id: 0, intent: .tap),
                                                        StrokeLabel(trace: "s.json", id: 1, intent: .swipeHorizontal)],
                                               folder: dir.path(""))
        #expect(results.map(\.outcome) == [.tap, .swipe(.right)])
    }

    @Test("a stroke labelled twice is an error at the second label, naming the first, and counted once")
    func strokeLabelledTwice() {
        let twice = [StrokeLabel(trace: corpusPath("swipe-right-normal.json"), id: 0, intent: .swipeHorizontal,
                                 location: SourceLocation(file: "l.json", line: 2, column: 3)),
                     StrokeLabel(trace: corpusPath("swipe-right-normal.json"), id: 0, downTime: 0, intent: .tap,
                                 location: SourceLocation(file: "l.json", line: 3, column: 3))]
        do {
            let r = try StrokeEvaluation.run(labels: twice, folder: "")
            Issue.record("accepted: \(r.count) results")
        } catch {
            let lines = error.diagnostics.map(\.description)
            #expect(lines.count == 1, "\(lines)")
            #expect(lines.first?.hasPrefix("l.json:3:3: error: contact 0 going down at 0 s in ") == true, "\(lines)")
            #expect(lines.first?.contains("is labelled already (line 2, column 3)") == true, "\(lines)")
        }
    }

    @Test("every bad field of an entry is reported, a key given twice is one, and 1e999 is named as out of range")
    func everyFieldOfAnEntry() {
        let text = #"[{"trace": "", "id": 1.5, "intent": "tapp", "t": 1e999, "user": [1]},"# + "\n"
            + #" {"trace": "a.json", "id": 1, "intent": "tap", "intent": "long-press"}]"#
        do {
            let read = try labels(text)
            Issue.record("accepted: \(read)")
        } catch {
            let lines = error.diagnostics.map(\.description)
            #expect(lines.count == 6, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("l.json:1:2: error: entry 0: `trace` must be") })
            #expect(lines.contains { $0.hasPrefix("l.json:1:2: error: entry 0: `id` must be a whole number") && $0.hasSuffix("found 1.5") })
            #expect(lines.contains { $0.hasPrefix("l.json:1:2: error: entry 0: `intent` must be one of") })
            #expect(lines.contains { $0.hasPrefix("l.json:1:2: error: entry 0: `t` must be") && $0.hasSuffix("found a number beyond a double's range (±1.8e308)") })
            #expect(lines.contains { $0.hasPrefix("l.json:1:2: error: entry 0: `user` must be a string or a number") })
            #expect(lines.contains { $0 == "l.json:2:2: error: entry 1: `intent` is given more than once; give it once" })
        }
    }

    @Test("one trace named three ways (a.json, ./a.json, its absolute path) is one trace: its stroke labelled under each is labelled twice, not counted three times")
    func traceNamedThreeWays() throws {
        let dir = TempDir()
        let trace = try String(contentsOfFile: corpusPath("swipe-right-normal.json"), encoding: .utf8)
        try Data(trace.utf8).write(to: URL(fileURLWithPath: dir.path("a.json")))
        let spellings = ["a.json", "./a.json", dir.path("a.json")]
        let labels = spellings.enumerated().map { k, name in
            StrokeLabel(trace: name, id: 0, intent: .swipeHorizontal, location: SourceLocation(file: "l.json", line: k + 2, column: 3))
        }
        do {
            let r = try StrokeEvaluation.run(labels: labels, folder: dir.path(""))
            Issue.record("one stroke counted \(r.count) times")
        } catch {
            let lines = error.diagnostics.map(\.description)
            #expect(lines.count == 2, "\(lines)")
            #expect(lines.allSatisfy { $0.contains("is labelled already (line 2, column 3)") }, "\(lines)")
        }
        // Named once, it is counted once.
        #expect(try StrokeEvaluation.run(labels: [labels[1]], folder: dir.path("")).count == 1)
    }

    @Test("labels and settings files with a byte order mark, in UTF-16 or UTF-32 are named so at 1:1, as traces are; a byte that is not UTF-8 is located where it is")
    func encodingsAreNamed() throws {
        let cli = CLITests()
        let dir = TempDir()
        let labels = #"[{"trace": "a.json", "id": 0, "intent": "tap"}]"#
        let cases: [(String, [UInt8], String)] = [
            ("bom.json", [0xEF, 0xBB, 0xBF] + Array(labels.utf8), "1:1: error: the file starts with a UTF-8 byte order mark (EF BB BF)"),
            ("le.json", [0xFF, 0xFE] + Array(labels.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, "1:1: error: the file is UTF-16 (it starts with its byte order mark)"),
            ("be.json", Array(labels.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }, "1:1: error: the file is UTF-16 (big-endian)"),
            ("le32.json", Array(labels.unicodeScalars).flatMap { [UInt8($0.value & 0xFF), 0, 0, 0] }, "1:1: error: the file is UTF-32 (little-endian)"),
            ("bad.json", Array("[\n {\"trace\": \"".utf8) + [0xFF] + Array("\"}]".utf8), "2:13: error: byte 0xFF at offset 14 is not UTF-8"),
        ]
        for (name, bytes, message) in cases {
            try Data(bytes).write(to: URL(fileURLWithPath: dir.path(name)))
            let r = try cli.run(["eval", dir.path(name)])
            #expect(r.status == 2, "\(name): \(r.err)")
            #expect(r.err.contains("\(name):\(message)"), "\(name): \(r.err)")
        }
        try Data([0xEF, 0xBB, 0xBF] + Array(#"{"tap.maxGap": 0.3}"#.utf8)).write(to: URL(fileURLWithPath: dir.path("settings.json")))
        let diff = try cli.run(["diff", corpusPath("swipe-right-normal.json"), "--settings-a", dir.path("settings.json")])
        #expect(diff.status == 2 && diff.err.contains("settings.json:1:1: error: the file starts with a UTF-8 byte order mark"), "\(diff.err)")
    }

    @Test("an id of 2⁵³ + 1 is refused by the limit it passes (it said only \"a whole number\", found 9007199254740992.0); 2⁵³ − 1 is read")
    func idLimitIsSaid() throws {
        do {
            _ = try labels(#"[{"trace": "a.json", "id": 9007199254740993, "intent": "tap"}]"#)
            Issue.record("an id of 2^53 + 1 accepted")
        } catch {
            #expect(error.diagnostics.map(\.description).contains { $0.contains("`id` must be a whole number of magnitude below 2⁵³ (9007199254740992)") },
                    "\(error.diagnostics)")
        }
        #expect(try labels(#"[{"trace": "a.json", "id": 9007199254740991, "intent": "tap"}]"#).first?.id == 9_007_199_254_740_991)
    }

    @Test("labels of short and unscored strokes only: the recognizers line says what ran, not \"(of )\"")
    func onlyUnscoredLabels() throws {
        let cli = CLITests()
        let dir = TempDir()
        let text = """
            [{"trace": "\(corpusPath("swipe-right-normal.json"))", "id": 0, "user": "a", "intent": "unscored"}]
            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: dir.path("labels.json")))
        let r = try cli.run(["eval", dir.path("labels.json")])
        #expect(r.status == 0, "\(r.err)")
        #expect(!r.out.contains("(of )"), "\(r.out)")
        #expect(r.out.contains("all the settings enable: no label's intent is scored"), "\(r.out)")
    }

    @Test("eval reads - (standard input) and one-letter file names, refuses --failures below 0, and escapes names it prints")
    func commandLineEdges() throws {
        let cli = CLITests()
        let dir = TempDir()
        let text = #"[{"trace": "\#(corpusPath("swipe-right-normal.json"))", "id": 0, "user": "a\u001b[2Jb", "intent": "swipe-left"}]"#
        try Data(text.utf8).write(to: URL(fileURLWithPath: dir.path("x")))
        let named = try runProgram(try #require(CLITests.binary), ["eval", "x"], in: dir.url)
        #expect(named.status == 0, "\(named.err)")
        #expect(named.out.contains("user a\\u{1B}[2Jb\n") && named.out.contains("(user a\\u{1B}[2Jb, swipe-left"), "\(named.out)")
        #expect(!named.out.contains("\u{1B}"))
        let piped = try cli.run(["eval", "-"], input: Data(text.utf8))
        #expect(piped.status == 0, "\(piped.err)")
        #expect(piped.out.contains("1 strokes in 1 trace (<stdin>)"), "\(piped.out)")
        let negative = try cli.run(["eval", "--failures=-1", "x"])
        #expect(negative.status == 2 && negative.err.contains("--failures must be 0 or more"), "\(negative.err)")
    }

    /// The calibration set of real people (../shared/data/touchalytics), when it is there.
    static let calibration = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data/touchalytics/labels.json").path

    @Test("on real people's strokes the default rule recognizes ≥ 97% of horizontal swipes and takes ≤ 0.5% of vertical scrolls for a row swipe, for each person",
          .enabled(if: FileManager.default.fileExists(atPath: calibration)))
    func realPeople() throws {
        let bytes = try #require(FileManager.default.contents(atPath: Self.calibration))
        let read = try StrokeLabels.read([UInt8](bytes), name: Self.calibration)
        let results = try StrokeEvaluation.run(labels: read, folder: (Self.calibration as NSString).deletingLastPathComponent)
        let summary = EvaluationSummary(results)
        #expect(summary.groups.count == 4)
        for g in summary.groups {
            let h = try #require(g[.swipeHorizontal]), v = try #require(g[.scrollVertical])
            #expect(h.recall! >= 0.97, "user \(g.user ?? "all"): \(h.correct)/\(h.strokes)")
            #expect(Double(v.horizontalSwipes) <= 0.005 * Double(v.strokes), "user \(g.user ?? "all")")
        }
        // The seed's rule in millimeters, judged at the crossing, in the list it was measured in
        // (every recognizer running), is where this started.
        let seed = EvaluationSummary(try StrokeEvaluation.run(labels: read, folder: (Self.calibration as NSString).deletingLastPathComponent,
                                                              settings: GestureSettings(swipeRule: .seedMillimeters), listening: .all))
        #expect(try #require(seed.groups.last?[.swipeHorizontal]?.recall) < 0.95)
    }

    @Test("the peers' tap rules, from their numbers: Android's 8 dp slop and 500 ms, Flutter's 18 px slop and no time")
    func tapPeerRules() {
        func stroke(_ mm: Double, _ seconds: Double) -> StrokeSamples {
            StrokeSamples(label: StrokeLabel(trace: "t", id: 0, user: "u", intent: .tap),
                          points: [(0, Point.zero), (seconds / 2, Point(x: mm, y: 0)), (seconds, Point(x: mm / 2, y: 0))])
        }
        let android = TapPeerRule.androidGestureDetector, flutter = TapPeerRule.flutterTap
        #expect(android.isTap(stroke(1.2, 0.3)) && flutter.isTap(stroke(1.2, 0.3)))
        #expect(!android.isTap(stroke(1.3, 0.3)) && flutter.isTap(stroke(1.3, 0.3)))   // past 8 dp = 1.27 mm
        #expect(!android.isTap(stroke(1.0, 0.5)) && flutter.isTap(stroke(1.0, 2.0)))     // held to the long press
        #expect(!flutter.isTap(stroke(4.8, 0.1)) && flutter.isTap(stroke(4.7, 0.1)))     // 18 px at 38 a cm = 4.74 mm
        let per = android.recall([stroke(1, 0.1), stroke(3, 0.1)], users: ["u"])
        #expect(per.count == 2 && per[0].taps == 2 && per[0].recognized == 1 && per[1].recognized == 1)
        // This project's column, from the replay's results: each person's taps, then everyone's;
        // strokes of other intents and people not listed count for everyone only.
        func result(_ user: String?, _ intent: StrokeIntent, _ correct: Bool) -> StrokeResult {
            StrokeResult(label: StrokeLabel(trace: "t", id: 0, user: user, intent: intent), outcome: correct ? .tap : .nothing,
                         correct: correct, netMillimeters: .zero, reason: "")
        }
        let ours = TapPeerRule.project([result("a", .tap, true), result("a", .tap, false), result("b", .tap, true),
                                        result("a", .swipeHorizontal, true), result(nil, .tap, false)], users: ["a", "b"])
        #expect(ours.map(\.taps) == [2, 1, 4] && ours.map(\.recognized) == [1, 1, 2], "\(ours)")
    }
}
