import Testing
import TouchGestures
import TouchEvdev
import TouchList
import TouchTrace
@testable import TouchTools
import TouchTestSupport

@Suite("stats and settings files")
struct StatsAndSettingsTests {
    @Test("figures of a synthesised trace: rate, fingers, path length in mm, gestures")
    func stats() throws {
        let t = try TraceSynth.trace(from: "rate 120; swipe right 40mm in 0.5s fingers 2; tap")
        let st = TraceStats(trace: t)
        #expect(abs(st.frameRate - 120) < 0.5)
        #expect(st.mostFingers == 2)
        #expect(st.contacts == 3)
        #expect(abs(st.longestPathMillimeters - 40) < 0.01)
        #expect(abs(st.totalPathMillimeters - 80) < 0.02)
        #expect(st.gestures["swipe"] == 1 && st.gestures["tap"] == 1)
        #expect(st.frameJitterMilliseconds < 0.5, "frames while a finger is down come every 8 to 8.3 ms; the 0.5 s gap between the gestures is not a frame interval")
    }

    @Test("the frame rate of a recording of taps is its rate while touched (it read 9.1 Hz: pauses counted)")
    func rateDuringContact() throws {
        let t = try TraceSynth.trace(from: "rate 60; gap 1s; tap hold 0.2s; tap hold 0.2s; tap hold 0.2s")
        let st = TraceStats(trace: t)
        #expect(abs(st.frameRate - 60) < 0.5)
    }

    @Test("settings by their documented names, flat or nested; mistakes are named")
    func settings() throws {
        let s = try GestureSettings.from(json: .object(JSONObject([
            .init("swipe", .object(JSONObject([.init("minDistance", .number(20))]))),
            .init("tap.maxGap", .number(0.25)),
            .init("tap.maxDuration", .null),
        ])), source: "s.json")
        #expect(s.swipe.minDistance == 20 && s.tap.maxGap == 0.25 && s.tap.maxDuration == nil)
        #expect(throws: DiagnosticError.self) {
            try GestureSettings.from(json: .object(JSONObject([.init("swipe.minDist", .number(1))])), source: "s.json")
        }
        if let error = (#expect(throws: DiagnosticError.self, "accepted 1.5 taps") { _ = try GestureSettings.from(json: .object(JSONObject([.init("tap.maxCount", .number(1.5))])), source: "s.json") }) {
            #expect(error.description == "s.json: error: `tap.maxCount` is a whole number (count; 1–100), found 1.5")
        }
        // Each name sets a setting of its own: all results differ from the defaults and from
        // each other (a name wired to another's field would repeat a result).
        var seen: [GestureSettings] = [GestureSettings()]
        for setting in GestureSettings.catalog where setting.kind == .number {
            // A value in the setting's plausible range, other than its default.
            let range = try #require(setting.plausible)
            var v = (range.lowerBound + range.upperBound) / 2
            if setting.unit == .count { v = v.rounded(.down) }
            if v == setting.defaultValue { v = range.lowerBound }
            let key = setting.name
            let s = try? GestureSettings.from(json: .object(JSONObject([.init(key, .number(v))])), source: "k")
            #expect(s != nil, "\(key)")
            if let s { #expect(!seen.contains(s), "\(key) set nothing new"); seen.append(s) }
        }
    }
}

extension CLITests {
    @Test func diffMarksTheFirstDifference() throws {
        let dir = TempDir()
        try #"{"tap": {"maxCount": 3}}"#.write(toFile: dir.path("s.json"), atomically: true, encoding: .utf8)
        let same = try run(["diff", "traces/tap-double.json", "traces/tap-double.json"])
        #expect(same.status == 0 && same.out.hasSuffix("same output (2 events)\n"))
        let d = try run(["diff", "traces/tap-triple-is-double-then-single.json", "--settings-b", dir.path("s.json")])
        #expect(d.status == 1)
        #expect(d.out.contains(">> 0.280 tap 2× 1f"))
        #expect(d.out.contains("0.480 tap 3× 1f"))
        #expect(d.out.hasSuffix("4 rows differ; the first at A's output 1, B's output 1 (A has 4 outputs, B 2)\n"), "\(d.out)")
    }

    @Test("diff realigns after an output only one side has: what follows stays side by side")
    func diffRealignsAfterAnInsertion() throws {
        let dir = TempDir()
        func tap(_ t: Double, _ id: Int, _ y: Int) -> String {
            #"{"t": \#(t), "id": \#(id), "phase": "down", "x": 100, "y": \#(y)}, {"t": \#(t + 0.05), "id": \#(id), "phase": "up", "x": 100, "y": \#(y)}"#
        }
        func trace(_ taps: [String]) -> String {
            #"{"format": "touch-trace", "version": 1, "device": {"width": 800, "height": 480}, "events": ["# + taps.joined(separator: ", ") + "]}"
        }
        try trace([tap(0, 1, 90), tap(2, 3, 330)]).write(toFile: dir.path("a.json"), atomically: true, encoding: .utf8)
        try trace([tap(0, 1, 90), tap(1, 2, 210), tap(2, 3, 330)]).write(toFile: dir.path("b.json"), atomically: true, encoding: .utf8)
        let d = try run(["diff", dir.path("a.json"), dir.path("b.json")])
        #expect(d.status == 1)
        let lines = d.out.split(separator: "\n").map(String.init)
        let rows = Array(lines.dropFirst(3).dropLast())
        // One selection at a time, so a tap on another row also deselects the last one.
        // A: tap, select 3, tap, deselect 3, select 12. B: tap, select 3, tap, deselect 3,
        // select 8, tap, deselect 8, select 12. In common, in order: the first tap and select,
        // the last tap and select 12 (B's deselects are of other rows or at other times).
        #expect(rows.count == 8, "\(d.out)")
        #expect(rows.map { $0.hasPrefix("  ") } == [true, true, false, false, false, true, false, true], "\(d.out)")
        #expect(rows[2].hasPrefix(">> ·") && rows[3].hasPrefix(" ≠ ·"), "\(d.out)")
        #expect(lines.last == "4 rows differ; the first at a gap in A, B's output 3 (A has 5 outputs, B 8)", "\(d.out)")
    }

    @Test func statsOverAFolderEndsWithTotals() throws {
        let r = try run(["stats", "traces"])
        #expect(r.status == 0)
        #expect(r.out.contains("\ndemo-session.json "))
        #expect(r.out.split(separator: "\n").last?.hasPrefix("total: \(corpusFiles.count) traces") == true)
    }

    /// Whatever the layout of a settings text (flat or nested, any whitespace and line breaks),
    /// its mistake is reported at its key's line and column (it was at the file, or line 1).
    @Test("property: a settings text's mistake is at its key's line and column, whatever the layout")
    func settingsMistakesAreLocated() throws {
        var rng = SplitMix(state: 46)
        let defaults = GestureSettings()
        for _ in 0..<400 {
            func space() -> String { ["", " ", "\n", "  \n\t", "\r\n "][rng.int(5)] }
            // A few settings in a random order, none of the two the mistake names.
            var pool = GestureSettings.catalog.filter { $0.kind == .number && $0.name != "tap.maxGap" && $0.name != "longPress.minDuration" }
            var names: [GestureSettingInfo] = []
            for _ in 0..<(1 + rng.int(6)) { names.append(pool.remove(at: rng.int(pool.count))) }
            let bad = rng.int(names.count + 1)   // where the mistake stands among them
            var text = "{" + space()
            var expected = (line: 0, column: 0)
            func mark() {
                let before = Array(text.utf8)
                let line = before.filter { $0 == 0x0A }.count + 1
                let lineStart = (before.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
                expected = (line, before.count - lineStart + 1)
            }
            var members: [String] = []
            for (k, setting) in names.enumerated() {
                if k == bad { members.append("BAD") }
                members.append(setting.name)
            }
            if bad == names.count { members.append("BAD") }
            for (k, name) in members.enumerated() {
                if k > 0 { text += "," + space() }
                if name == "BAD" {
                    // An unknown name, or a known one out of its range; flat or nested.
                    let nested = rng.int(2) == 0
                    if nested {
                        text += "\"tap\"" + space() + ":" + space() + "{" + space()
                        mark()
                        text += rng.int(2) == 0 ? "\"maxGapp\"" + space() + ":" + space() + "0.3" : "\"maxGap\"" + space() + ":" + space() + "300"
                        text += space() + "}"
                    } else {
                        mark()
                        text += rng.int(2) == 0 ? "\"swipe.minDistanc\"" + space() + ":" + space() + "12" : "\"longPress.minDuration\"" + space() + ":" + space() + "800"
                    }
                } else {
                    let setting = GestureSettings.setting(named: name)!
                    let value = defaults.value(of: setting).map { formatJSONNumber($0) } ?? "null"
                    text += "\"\(name)\"" + space() + ":" + space() + value
                }
            }
            text += space() + "}"
            if let error = (#expect(throws: DiagnosticError.self, "accepted: \(text)") { _ = try GestureSettings.from(text: Array(text.utf8), name: "s.json") }) {
                let at = error.diagnostics.first?.location
                #expect(at?.line == expected.line && at?.column == expected.column,
                        "\(error.diagnostics.map(\.description)) for \(text.debugDescription), expected \(expected)")
            }
        }
    }
}
