import Testing
import TouchTestSupport
import TouchGestures
@testable import TouchEvdev
@testable import TouchRecordings
import TouchList
import TouchTrace
@testable import TouchTools

/// Finite but huge numbers must never trap an integer conversion (the reader fuzzer found one:
/// a `version` of 10^50). Each place that turns a Double or a 32-bit difference into an integer.
@Suite("Huge values: errors or clamps, never a trap")
struct OverflowTests {
    @Test func hugeVersionIsAnError() {
        let r = TraceReader.diagnose(bytes: Array(#"{"format": "touch-trace", "version": 1e50, "device": {"width": 8, "height": 4}, "events": []}"#.utf8))
        #expect(r.trace == nil)
        #expect(r.errors.first?.message.contains("`version` must be the integer 1") == true)
    }

    @Test func hugeRowCountsAreRefusedOrBounded() {
        let r = TraceReader.diagnose(bytes: Array(#"{"format": "touch-trace", "version": 1, "device": {"width": 8, "height": 4}, "scene": {"list": {"rows": 1e12}}, "events": []}"#.utf8))
        #expect(r.errors.first?.message.contains("from 0 to 10,000,000") == true)
        let tall = ListLayout.standard(for: Surface(width: 10, height: 1e300, unitsPerMillimeter: Point(x: 1, y: 1)))
        #expect(tall.rows == ListLayout.maxDefaultRows)
        let huge = ListModel(layout: ListLayout(rows: 10, rowHeight: 1e-300, width: 1e300, height: 1e300))
        #expect(huge.row(at: Point(x: 5, y: 1e200)) == nil)
    }

    @Test("a decoder on axes spanning the whole 32-bit range does not overflow")
    func extremeAxes() throws {
        var d = DeviceDescription(name: "wide")
        d.axes[EventCode.mtSlot.rawValue] = AxisInfo(minimum: 0, maximum: 1)
        d.axes[EventCode.mtPositionX.rawValue] = AxisInfo(minimum: Int32.min, maximum: Int32.max)
        d.axes[EventCode.mtPositionY.rawValue] = AxisInfo(minimum: Int32.min, maximum: Int32.max)
        for r in Rotation.allCases {
            var dec = try #require(TouchDecoder(device: d, rotation: r))
            var frames = 0
            for e in [InputEvent(time: 0, type: .abs, code: .mtTrackingID, value: 1),
                      InputEvent(time: 0, type: .abs, code: .mtPositionX, value: Int32.max),
                      InputEvent(time: 0, type: .abs, code: .mtPositionY, value: Int32.min),
                      InputEvent(time: 0, type: .syn, code: .synReport, value: 0)] {
                dec.feed(e) { _ in frames += 1 }
            }
            #expect(frames == 1)
        }
        var a = DeviceDescription(name: "protocol A")
        a.axes[EventCode.mtPositionX.rawValue] = AxisInfo(minimum: Int32.min, maximum: Int32.max)
        a.axes[EventCode.mtPositionY.rawValue] = AxisInfo(minimum: Int32.min, maximum: Int32.max)
        var dec = try #require(TouchDecoder(device: a))
        var phases: [TouchPhase] = []
        for (x, t) in [(Int32.max, 0.0), (Int32.min, 0.01)] {
            for e in [InputEvent(time: t, type: .abs, code: .mtPositionX, value: x),
                      InputEvent(time: t, type: .abs, code: .mtPositionY, value: x),
                      InputEvent(time: t, type: .syn, code: .synMTReport, value: 0),
                      InputEvent(time: t, type: .syn, code: .synReport, value: 0)] {
                dec.feed(e) { phases += $0.events.map(\.phase) }
            }
        }
        // One contact that jumped across the whole range: matched as the same finger, moving.
        #expect(phases == [.down, .move])
    }

    @Test func exportRefusesWhatEvdevCannotCarry() {
        let big = Trace(header: TraceHeader(device: .init(width: 1e12, height: 10, resolution: Point(x: 5, y: 5))),
                        events: [TouchEvent(time: 0, id: 0, phase: .down, position: Point(x: 1e300, y: 1))])
        #expect(throws: DiagnosticError.self) { try EvemuExport.text(for: big) }
        let far = Trace(header: TraceHeader(device: .init(width: 100, height: 10)),
                        events: [TouchEvent(time: 0, id: 0, phase: .down, position: Point(x: 1e300, y: -1e300)),
                                 TouchEvent(time: 1, id: 0, phase: .up, position: Point(x: 1, y: 1))])
        #expect((try? EvemuExport.text(for: far)) != nil, "positions far outside are clamped, not trapped")
        // A resolution of 1e19 units/mm trapped converting to Int; evdev's axes are 32-bit.
        let fine = Trace(header: TraceHeader(device: .init(width: 1, height: 1, resolution: Point(x: 1e19, y: 1e19))),
                         events: [TouchEvent(time: 0, id: 0, phase: .down, position: Point(x: 0.5, y: 0.5))])
        do {
            _ = try EvemuExport.text(for: fine, source: "r.json")
            Issue.record("a resolution evdev cannot carry was exported")
        } catch {
            #expect(error.description.hasPrefix("r.json: error: the resolution (1e+19 × 1e+19 units/mm) is too large"))
        }
    }

    @Test func synthAndSettingsBoundTheirNumbers() {
        #expect(throws: DiagnosticError.self) { try TraceSynth.trace(from: "seed 1e300") }
        #expect(throws: DiagnosticError.self) { try TraceSynth.trace(from: "swipe right 10mm in 1e300s") }
        #expect(throws: DiagnosticError.self) {
            try GestureSettings.from(json: .object(JSONObject([.init("tap.maxCount", .number(1e300))])), source: "s")
        }
    }

    @Test("output at huge times formats without trapping")
    func hugeTimes() {
        let e = ListController.Output.list(ListEvent(time: 1e300, kind: .select(row: 1)))
        #expect(e.humanDescription.contains("row 1 selected"))
    }
}

/// `trimmingSpaces` (names in evemu `N:` and libinput `name:` lines) is found on UTF-8 bytes;
/// it must still agree with trimming by characters, for any mix of spaces, tabs and text.
@Suite("Trimming names: the byte-level trim agrees with the character-level one")
struct TrimmingTests {
    func reference(_ s: Substring) -> String {
        var t = s
        while let f = t.first, f == " " || f == "\t" { t = t.dropFirst() }
        while let l = t.last, l == " " || l == "\t" { t = t.dropLast() }
        return String(t)
    }

    @Test func agreesOnRandomText() {
        let pieces = [" ", "\t", "a", "é", "指", "🖐", "e\u{301}", "\r", "#", "  \t "]
        var g = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let s = (0..<Int.random(in: 0...8, using: &g)).map { _ in pieces.randomElement(using: &g)! }.joined()
            let sub = ("x" + s + "x").dropFirst().dropLast()   // a Substring inside a larger string
            #expect(sub.trimmingSpaces() == reference(sub), "\(s.debugDescription)")
            #expect(s.trimmingSpaces() == reference(s[...]), "\(s.debugDescription)")
        }
    }
}
