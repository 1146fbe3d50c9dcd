import Foundation
import Testing
import TouchGestures
import TouchEvdev
import TouchList
@testable import TouchTools
import TouchReplay
@testable import TouchTrace

@Suite("touchtrace synth descriptions")
struct SynthTests {
    func replayPasses(_ d: String) throws -> Trace {
        let t = try TraceSynth.trace(from: d)
        let out = TraceReplay.run(header: t.header, explain: true, events: t.events).output
        let diffs = ExpectationCheck.differences(header: t.header, output: out)
        #expect(diffs.isEmpty, "\(diffs)")
        return t
    }

    @Test("one line gives a golden trace that passes its own expectations")
    func goldenFromOneLine() throws {
        let t = try replayPasses("list rows 8 height 60; jitter 0.3mm; seed 3; swipe right 40mm at 300,210; expect swipe direction=right fingers=1; expect rowSwipe row=3 swiped=true")
        #expect(t.header.isTest)
        #expect(t.events.first?.position == Point(x: 300, y: 210), "the down point is not jittered")
        let end = try #require(t.events.last)
        #expect(abs(end.position.x - 500) < 5, "40 mm at 5 units/mm")
    }

    @Test func everyGestureKind() throws {
        _ = try replayPasses("""
            device 1000x600 res 4 name "Test panel"   # a comment
            rate 240; gap 0.6s
            tap at 100,100
            double-tap at 500,300 fingers 2
            swipe up 30mm in 0.2s at 500,400 fingers 3
            long-press at 200,200 for 0.9s
            drag from 100,500 to 160,500 in 1.2s       # 15 mm in 1.2 s: too slow for a swipe, moving before 0.5 s
            pause 0.2s
            swipe left 200px at 600,100
            expect tap taps=1 fingers=1
            expect tap taps=2 fingers=2
            expect swipe direction=up fingers=3
            expect longPress phase=began fingers=1
            expect longPress phase=ended
            expect swipe direction=left
            """)
    }

    @Test("a pinch moves two fingers apart by the spans given; a fling is a fast stroke")
    func pinchAndFling() throws {
        let t = try TraceSynth.trace(from: "pinch at 400,240 from 20mm to 60mm in 0.5s; fling left; expect swipe direction=left")
        let ends = t.events.filter { $0.phase == .up }
        #expect(ends.count == 3)
        #expect(abs(ends[1].position.x - ends[0].position.x - 300) < 1e-6, "60 mm apart at 5 units/mm")
        let fling = try #require(ContactVelocity.atLifts(of: t.events, strategy: .lsq2).last?.velocity)
        #expect(fling.x < -1000, "a fling is fast: \(fling.x) units/s")
        _ = try replayPasses("fling left; expect swipe direction=left")
    }

    /// Two fingers start on a horizontal line and turn by the angle given; RotateRecognizer
    /// reports the angle of the line between them since the start, clockwise positive, so the
    /// last report is the angle asked for. Times may be bare seconds or milliseconds.
    @Test("a rotation turns two fingers by the angle given; pause takes 0.5 and 200ms")
    func rotationAndTimes() throws {
        let t = try TraceSynth.trace(from: "rotate at 400,240 by 90deg radius 15mm in 0.6s; pause 0.5; rotate by -45deg; pause 200ms; tap")
        let downs = t.events.filter { $0.phase == .down }.map(\.time)
        // 0.6 s of turning, then 0.5 s of pause and the 0.5 s gap; 0.6 s more, 0.2 s and the gap.
        #expect(downs.count == 5)
        #expect(abs(downs[2] - 1.6) < 1e-9 && abs(downs[4] - 2.9) < 1e-9, "\(downs)")
        // Each finger stays 15 mm (75 units) from the center: it runs along chords of at most
        // 5°, which pass at most 75 (1 − cos 2.5°) = 0.0714 units inside the circle, and each
        // position is rounded to 0.01 unit (at most 0.005 √2 = 0.0071 off).
        let sag = 75 * (1 - cos(2.5 * Double.pi / 180)), rounding = 0.005 * 2.0.squareRoot()
        for e in t.events where e.time < 0.6 {
            let dx = e.position.x - 400, dy = e.position.y - 240, r = (dx * dx + dy * dy).squareRoot()
            #expect(r <= 75 + rounding && r >= 75 - sag - rounding, "\(r)")
        }
        let out = TraceReplay.run(header: t.header, events: t.events).output
        let ends = out.compactMap { o -> Double? in
            guard case .gesture(let g) = o, case .rotate(let r) = g.kind, r.phase == .ended else { return nil }
            return r.angle
        }
        #expect(ends.count == 2)
        #expect(abs(ends[0] - .pi / 2) < 1e-9 && abs(ends[1] + .pi / 4) < 1e-9, "\(ends)")
    }

    @Test("a seed makes the same trace; another seed another one")
    func deterministic() throws {
        let d = "jitter 0.5mm; seed 11; swipe down 30mm"
        #expect(try TraceSynth.trace(from: d) == TraceSynth.trace(from: d))
        #expect(try TraceSynth.trace(from: d) != TraceSynth.trace(from: d.replacingOccurrences(of: "11", with: "12")))
    }

    @Test("the sampling rate sets the spacing of the samples")
    func rate() throws {
        let t = try TraceSynth.trace(from: "rate 60; swipe right 20mm in 0.5s")
        #expect(t.events.count == 31)
        #expect(abs(t.events[1].time - t.events[0].time - 1.0 / 60) < 1e-6)
    }

    @Test("delete, insert and move become the list's edits at the time they are reached, and the replay applies them")
    func edits() throws {
        // The tap lasts 0.08 s from 0 and is reported when its double-tap window closes, at
        // 0.38: the delete then; 0.3 s later the insert and the move, in that order. Each edit
        // reports its counts, then a report per row (expectations in the outputs' order).
        let t = try replayPasses("""
            list rows 8 height 60 trailing 80,80 leading 70 reorder
            tap at 400,90
            delete 1
            pause 0.3s
            insert 0 2; move 3 to 0
            expect edit deleted=1 inserted=0 moved=0
            expect rowDeleted row=1
            expect edit deleted=0 inserted=2 moved=0
            expect rowInserted row=0
            expect rowInserted row=2
            expect edit deleted=0 inserted=0 moved=1
            expect rowMoved from=3 to=0
            """)
        let list = try #require(t.header.scene?["list"])
        #expect(list["trailingActions"] == .array([.number(80), .number(80)]))
        #expect(list["leadingActions"] == .array([.number(70)]))
        #expect(list["reorder"] == .bool(true))
        guard case .array(let edits)? = list["edits"] else { Issue.record("no edits: \(list)"); return }
        #expect(edits.count == 3)
        let times = edits.compactMap { $0["t"]?.numberValue }
        #expect(times.count == 3 && zip(times, [0.38, 0.68, 0.68]).allSatisfy { abs($0 - $1) < 1e-9 }, "\(times)")
        #expect(edits[0]["delete"] == .array([.number(1)]))
        #expect(edits[1]["insert"] == .array([.number(0), .number(2)]))
        #expect(edits[2]["move"]?["from"] == .number(3) && edits[2]["move"]?["to"] == .number(0))
    }

    @Test("an edit after a tap comes once the tap is reported: the tapped row is selected, then deleted (the edit came at the lift, and the tap found its row gone)")
    func editAfterATapWaitsForTheTap() throws {
        _ = try replayPasses("""
            list rows 8 height 60
            tap at 400,150
            delete 2
            expect tap
            expect select row=2
            expect edit deleted=1 inserted=0 moved=0
            expect rowDeleted row=2
            """)
        // A row's action tapped, then the app deletes the row: the action is row 2's, and no
        // other row is selected.
        _ = try replayPasses("""
            list rows 8 height 60 trailing 80
            swipe left 30mm at 500,150
            tap at 760,150
            delete 2
            expect rowAction row=2 side=trailing index=0
            expect rowDeleted row=2
            expect-none select
            """)
    }

    @Test("edits joined by `and` are one batch, as UIKit's performBatchUpdates; a press held then dragged lifts a row for reordering")
    func batchesAndHeldDrags() throws {
        let t = try replayPasses("""
            list rows 8 height 60
            delete 2 and insert 0 and move 5 to 1 and move 6 to 2
            expect edit deleted=1 inserted=1 moved=2
            """)
        guard case .array(let edits)? = t.header.scene?["list"]?["edits"] else { Issue.record("no edits"); return }
        #expect(edits.count == 1)
        #expect(edits.first?["move"] == .array([.object(["from": 5, "to": 1]), .object(["from": 6, "to": 2])]))
        // Held 0.7 s (past the long press's 0.5 s) at row 2, then dragged 3 rows down.
        _ = try replayPasses("""
            list rows 8 height 60 reorder
            drag from 400,150 to 400,330 hold 0.7s
            expect rowMoved from=2 to=5
            """)
        let held = try TraceSynth.trace(from: "drag from 400,150 to 400,330 hold 0.7s")
        #expect(held.events.filter { $0.time <= 0.7 }.allSatisfy { $0.position == Point(x: 400, y: 150) })
        #expect(held.events.last.map { abs($0.time - 1.7) < 1e-9 && $0.phase == .up } == true)
    }

    struct Bad: Sendable, CustomStringConvertible {
        let text: String, message: String
        var description: String { text }
    }

    @Test(arguments: [
        Bad(text: "swipe rigth 40mm", message: "-e:1:7: error: in `swipe rigth 40mm`: expected a direction (left, right, up, down, upLeft, upRight, downLeft, downRight), found 'rigth'"),
        Bad(text: "tap at 10;20", message: "-e:1:8: error: in `tap at 10`: expected a position x,y, like 400,210, found '10'"),
        Bad(text: "device 800x480\nswipe left 40", message: "-e:2:12: error: in `swipe left 40`: expected a distance like 40mm or 200px, found '40'"),
        Bad(text: "swipe left 40mm in fast", message: "-e:1:20: error: in `swipe left 40mm in fast`: expected a time in seconds, like 0.25s, 250ms or 0.25 (at most 3600s), found 'fast'"),
        Bad(text: "wiggle", message: "-e:1:1: error: in `wiggle`: expected a statement (device, list, rate, jitter, seed, gap, pause, swipe, fling, tap, double-tap, long-press, pinch, rotate, drag, delete, insert, move, expect, expect-none), found 'wiggle'"),
        Bad(text: "pinch from 20 to 60mm", message: "-e:1:12: error: in `pinch from 20 to 60mm`: expected a distance in mm, like 40mm, found '20'"),
        Bad(text: "tap fingers 12", message: "-e:1:13: error: in `tap fingers 12`: expected a finger count from 1 to 10, found '12'"),
        Bad(text: "drag from 1,1", message: "-e:1:14: error: in `drag from 1,1`: expected to, found the end of the statement"),
        Bad(text: "tap at nan,nan", message: "-e:1:8: error: in `tap at nan,nan`: expected a position x,y, like 400,210, found 'nan,nan'"),
        Bad(text: "device 800x480 res 1e308", message: "-e:1:20: error: in `device 800x480 res 1e308`: expected a resolution in units/mm, like 5 or 5,4 (below 1,000,000), found '1e308'"),
        Bad(text: "list rows 10 height 0", message: "-e:1:21: error: in `list rows 10 height 0`: expected a positive row height in trace units, found '0'"),
        Bad(text: "expect tap x=nan", message: "-e:1:12: error: in `expect tap x=nan`: expected a finite number for x, found 'x=nan'"),
        Bad(text: "expect tap row=3", message: "-e:1:12: error: in `expect tap row=3`: expected a field of tap, once (t, fingers, taps, x, y), found 'row=3'"),
        Bad(text: "expect tap taps=1 taps=2", message: "-e:1:19: error: in `expect tap taps=1 taps=2`: expected a field of tap, once (t, fingers, taps, x, y), found 'taps=2'"),
        Bad(text: "rate 2000; long-press for 3600s fingers 10", message: "-e:1:12: error: in `long-press for 3600s fingers 10`: expected at most 10000000 events in all (this statement would make it 72000010), found 'long-press'"),
        Bad(text: "rotate by 90", message: "-e:1:11: error: in `rotate by 90`: expected an angle in degrees, like 90deg or -45deg, found '90'"),
        Bad(text: "list policy sticky", message: "-e:1:13: error: in `list policy sticky`: expected toggle, directional or oneOpen, found 'sticky'"),
        Bad(text: "tap; delete 1", message: "-e:1:6: error: in `delete 1`: expected a list statement before the list's edits, found 'delete'"),
        Bad(text: "list rows 8; move 3 5", message: "-e:1:21: error: in `move 3 5`: expected to, found '5'"),
        Bad(text: "list rows 8; delete 2 -1", message: "-e:1:23: error: in `delete 2 -1`: expected a row: a whole number from 0 to 10,000,000, found '-1'"),
        Bad(text: "list rows 8; insert 1.5", message: "-e:1:21: error: in `insert 1.5`: expected a row: a whole number from 0 to 10,000,000, found '1.5'"),
        Bad(text: "list rows 8; move 1 to 2 3", message: "-e:1:26: error: in `move 1 to 2 3`: expected the end of the statement, found '3'"),
        Bad(text: "list rows 8; delete 1 and delete 2", message: "-e:1:27: error: in `delete 1 and delete 2`: expected each of delete and insert once in a batch (name all its rows at once), found 'delete'"),
        Bad(text: "list rows 8; delete 1 and", message: "-e:1:26: error: in `delete 1 and`: expected delete, insert or move after `and`, found the end of the statement"),
        Bad(text: "drag from 1,1 to 9,9 hold", message: "-e:1:26: error: in `drag from 1,1 to 9,9 hold`: expected a time in seconds, like 0.25s (at most 3600s), found the end of the statement"),
        Bad(text: "list rows 8 trailing 80,0", message: "-e:1:22: error: in `list rows 8 trailing 80,0`: expected action widths in trace units, like 80 or 80,80 (each above 0), found '80,0'"),
        Bad(text: "list leading wide", message: "-e:1:14: error: in `list leading wide`: expected action widths in trace units, like 80 or 80,80 (each above 0), found 'wide'"),
    ])
    func errorsPointAtTheWord(_ b: Bad) {
        if let error = (#expect(throws: DiagnosticError.self, "accepted: \(b.text)") { _ = try TraceSynth.trace(from: b.text, name: "-e") }) {
            #expect(error.description == b.message)
        }
    }
}

@Suite("synth: gestures stay on the surface")
struct SynthSurfaceTests {
    @Test("a stroke, tap or spread of fingers off the surface is an error naming where; one inside is made as described",
          arguments: [("swipe right 40mm at 790,210", "(990, 210)"), ("tap at 900,210", "(900, 210)"),
                      ("tap at 795,210 fingers 3", "(870, 210)"), ("device 400x300; drag from 10,10 to 10,350", "(10, 350)"),
                      ("swipe up 10mm at 100,20", "(100, -30)")])
    func offTheSurface(_ statement: String, _ point: String) {
        #expect {
            _ = try TraceSynth.trace(from: statement)
        } throws: { error in
            "\(error)".contains("a finger would be at \(point), off the ") && "\(error)".contains("in `")
        }
    }

    @Test func insideIsKept() throws {
        // 790 + 40 mm × 5 units/mm would be 990: 10 mm (to 840) is off too, 1 mm (to 795) is on.
        let t = try TraceSynth.trace(from: "swipe right 1mm at 790,210")
        #expect(t.events.map(\.position.x).max() == 795)
        #expect(throws: (any Error).self) { try TraceSynth.trace(from: "swipe right 10mm at 790,210") }
    }
}
