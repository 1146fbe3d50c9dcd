import Testing
import TouchGestures
import TouchTrace

/// The settings' `sequences` (``GestureSequence`` as data): read from JSON as the Swift values
/// say, and every mistake refused at the member it is about.
@Suite("Declared sequences in settings JSON")
struct SequenceSettingsTests {
    private typealias Step = GestureSequence.Step

    private func read(_ text: String) throws(DiagnosticError) -> GestureSettings {
        try GestureSettings.from(text: Array(text.utf8), name: "s.json")
    }

    @Test("every action and its keys read as the Swift value they name; move's distance defaults to short, its fingers to all, a tap to one tap")
    func everyAction() throws {
        let text = """
        {"sequences": [
          {"name": "drawer", "steps": [{"touch": 1, "edge": "bottom", "along": [0.25, 0.75]}, {"hold": 0.4, "tolerance": 2},
                                       {"move": "up", "distance": "long", "within": 0.5}, {"lift": "all"}]},
          {"name": "hold-and-swipe", "steps": [{"touch": 1}, {"hold": 0.3}, {"touch": 1}, {"move": "down", "fingers": "last"}]},
          {"name": "two", "steps": [{"tap": 2, "taps": 2}, {"touch": 2}, {"pinch": "out", "distance": 10},
                                    {"rotate": "counterclockwise", "angle": 30}, {"move": "upLeft", "distance": 7.5}, {"lift": 1}]}
        ]}
        """
        let s = try read(text)
        // Written back as the settings read them, they read back the same.
        let written = "{\"sequences\": [" + s.sequences.map { $0.settingsText(toml: false) }.joined(separator: ", ") + "]}"
        #expect(try read(written).sequences == s.sequences, "\(written)")
        #expect(s.sequences == [
            GestureSequence(name: "drawer", steps: [
                Step(.touch(fingers: 1, edge: .bottom, along: 0.25...0.75)), Step(.hold(seconds: 0.4, tolerance: 2)),
                Step(.move(.up, distance: .long), within: 0.5), Step(.lift(nil)),
            ]),
            GestureSequence(name: "hold-and-swipe", steps: [
                Step(.touch(fingers: 1)), Step(.hold(seconds: 0.3)), Step(.touch(fingers: 1)), Step(.move(.down, distance: .short, fingers: .last)),
            ]),
            GestureSequence(name: "two", steps: [
                Step(.tap(fingers: 2, taps: 2)), Step(.touch(fingers: 2)), Step(.pinch(.out, distance: 10)),
                Step(.rotate(.counterclockwise, angle: 30)), Step(.move(.upLeft, distance: .millimeters(7.5))), Step(.lift(1)),
            ]),
        ])
    }

    /// A file whose `sequences` holds `step` as the second step of one sequence, on line 3.
    private func mistake(_ step: String) -> String {
        """
        {"swipe.minDistance": 12,
         "sequences": [{"name": "s", "steps": [{"touch": 1},
           \(step)]}]}
        """
    }

    @Test("a mistake in a step is refused at its key's line and column (at the step's brace for the step's own), naming the step and the sequence", arguments: [
        (#"{"hold": "long"}"#, "hold", "`sequences[0].steps[1].hold` (s) must be a number of seconds"),
        (#"{"hold": 0.4, "speed": 3}"#, "speed", "`sequences[0].steps[1].speed` (s) is not a key of a `hold` step"),
        (#"{"move": "sideways"}"#, "move", "`sequences[0].steps[1].move` (s) must be one of"),
        (#"{"move": "up", "distance": "far"}"#, "distance", "`sequences[0].steps[1].distance` (s) must be a number of millimetres or"),
        (#"{"move": "up", "fingers": "middle"}"#, "fingers", "`sequences[0].steps[1].fingers` (s) must be one of \"all\", \"last\", \"first\""),
        (#"{"pinch": "in"}"#, nil, "`sequences[0].steps[1].distance` (s) is needed"),
        (#"{"tap": 1, "taps": 4}"#, "taps", "`sequences[0].steps[1].taps` (s) must be 1, 2 or 3"),
        (#"{"lift": 0}"#, "lift", "`sequences[0].steps[1].lift` (s) must be \"all\" or a whole number"),
        (#"{"hold": 0.4, "move": "up"}"#, nil, "`sequences[0].steps[1]` (s) names 2 actions"),
        (#"{"wait": 1}"#, nil, "`sequences[0].steps[1]` (s) names no action"),
        (#"{"hold": -1}"#, "hold", "`sequences[0].steps[1].hold` (s) must be more than 0 s"),
        (#"{"touch": 1, "along": [0.5, 1]}"#, "along", "`sequences[0].steps[1].along` (s) needs an edge"),
        (#"{"hold": 0.3, "within": 0}"#, "within", "`sequences[0].steps[1].within` (s) must be more than 0 s"),
    ] as [(String, String?, String)])
    func locatedMistakes(_ step: String, _ key: String?, _ message: String) {
        let text = mistake(step)
        // The step begins at column 4 of line 3; a key's place is where its quoted name stands.
        let column = 4 + (key.flatMap { k in step.range(of: "\"\(k)\"").map { step.distance(from: step.startIndex, to: $0.lowerBound) } } ?? 0)
        guard let error = (#expect(throws: DiagnosticError.self, "accepted: \(step)") { _ = try read(text) }) else { return }
        let d = error.diagnostics.first
        #expect(error.diagnostics.count == 1, "\(error.diagnostics.map(\.description))")
        #expect(d?.location.line == 3 && d?.location.column == column, "\(d.map(\.description) ?? "none") for \(step), expected column \(column)")
        #expect(d?.message.hasPrefix(message) == true, "\(d?.message ?? "none")")
    }

    @Test("the sequence's own mistakes: no name, a first step that puts no finger down, a name given twice, not a list")
    func sequenceMistakes() {
        func problems(_ text: String) -> [String] {
            do {
                _ = try read(text)
                return []
            } catch {
                return error.diagnostics.map(\.description)
            }
        }
        #expect(problems(#"{"sequences": [{"steps": [{"touch": 1}]}]}"#).first?.contains("`sequences[0].name` must be a string") == true)
        #expect(problems(#"{"sequences": [{"name": "a", "steps": [{"hold": 1}]}]}"#).first?.contains("the first step must be a touch or a tap") == true)
        let twice = problems(#"{"sequences": [{"name": "a", "steps": [{"touch": 1}]}, {"name": "a", "steps": [{"tap": 1}]}]}"#)
        #expect(twice.count == 1 && twice.first?.contains("given to two sequences") == true, "\(twice)")
        #expect(problems(#"{"sequences": {"name": "a"}}"#).first?.contains("`sequences` must be a list of sequences") == true)
        #expect(problems(#"{"sequences": [{"name": "a", "steps": [{"touch": 1}], "on": true}]}"#).first?.contains("unknown key `on`") == true)
        let long = String(repeating: "n", count: 33)
        #expect(problems(#"{"sequences": [{"name": "\#(long)", "steps": [{"touch": 1}]}]}"#).first?.contains("at most 32 bytes") == true)
    }

    @Test("a replayed trace reports its sequence by name: a hold on the bottom edge, then up")
    func replayedTrace() throws {
        var events: [String] = [#"{"t": 0, "id": 1, "phase": "down", "x": 400, "y": 478}"#]
        for k in 1...8 { events.append(#"{"t": \#(Double(k) * 0.05), "id": 1, "phase": "move", "x": 400, "y": 478}"#) }
        for k in 1...20 { events.append(#"{"t": \#(0.4 + Double(k) * 0.01), "id": 1, "phase": "move", "x": 400, "y": \#(478 - k * 5)}"#) }
        events.append(#"{"t": 0.61, "id": 1, "phase": "up", "x": 400, "y": 378}"#)
        let text = """
        {"format": "touch-trace", "version": 1, "device": {"width": 800, "height": 480, "resolution": {"x": 5, "y": 5}},
         "scene": {"settings": {"sequences": [{"name": "drawer", "steps": [{"touch": 1, "edge": "bottom"}, {"hold": 0.4}, {"move": "up", "distance": 15}]}]}},
         "events": [\(events.joined(separator: ",\n"))]}
        """
        let read = TraceReader.diagnose(bytes: Array(text.utf8), name: "t.json")
        let trace = try #require(read.trace, "\(read.diagnostics.map(\.description))")
        let settings = try #require(trace.header.settings)
        #expect(settings.sequences.map(\.name) == ["drawer"])
        var out: [GestureEvent] = []
        var engine = GestureEngine(settings: settings, surface: trace.header.surface)
        var assembler = FrameAssembler()
        for e in trace.events { assembler.add(e) { engine.handle($0) { out.append($0) } } }
        assembler.flush { engine.handle($0) { out.append($0) } }
        engine.finish { out.append($0) }
        let done = out.filter { if case .sequence = $0.kind { true } else { false } }
        // The hold ends at 0.4 s; 15 mm above it at 0.4 + 0.15 s.
        #expect(done.count == 1 && done.first.map { abs($0.time - 0.55) < 1e-9 } == true, "\(out.map(\.description))")
        #expect(done.first?.jsonObject["name"] == .string("drawer") && done.first?.jsonObject["index"] == .number(0))
    }
}
