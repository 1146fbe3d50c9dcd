import Foundation
import TouchGestures
import TouchTestSupport
import TouchTools
import TouchTrace

/// The swipe rules (`swipe.rule`): judged where a stroke crosses a threshold, not at its samples;
/// a thumb's arc; the list's scroll against a row's swipe by the heading since the slop (10 mm,
/// `pan.axisDecisionDistance`), or at the lift; and the seed's rules beside them. Each
/// expectation follows from the rule named in the note, with the numbers worked out there.
func swipeRules() {
    let seedMM: JSONObject = ["swipe": ["rule": "seedMillimeters"]]
    let x0 = 300.0, y0 = rowY(2)
    /// A sample `mm` millimeters from (x0, y0).
    func at(_ t: inout CorpusTrace, _ time: Double, _ phase: TouchPhase, _ mm: Point) {
        t.b.add(time, 0, phase, x0 + mm.x * res, y0 + mm.y * res)
    }
    /// A stroke along `points` (trace units) in 0.2 s, then held still for 0.15 s before the
    /// lift, so that the lift is no fling and the arena's wins are the stroke's alone.
    func strokeAndRest(_ t: inout CorpusTrace, _ points: [Point], duration: Double = 0.2) {
        let end = t.b.path(0, points, duration: duration, lift: false, id: 0)
        t.b.path(end, [points[points.count - 1], points[points.count - 1]], duration: 0.15, rate: 60, id: 0, down: false)
    }

    // --- The drift judged at the crossing: samples at (10, 6) and (20, 12) mm. At the slop
    // (between (4, 1.5) and (10, 6)) the stroke is 2.4 times as wide as tall: the list's scroll
    // fails at once. 12 mm along is crossed a fifth of the way to (20, 12): drift 7.2 mm ≤ 8.
    // At the sample the drift is 12 mm, which the rule judged at samples took for a failure.
    var t = CorpusTrace("swipe-drift-judged-at-crossing", seed: 300, scene: withSettings(seedMM),
                        note: "swipe.rule seedMillimeters: samples at 10 and 20 mm along, 6 and 12 mm across; at the 12 mm crossing the drift is 7.2 mm <= 8")
    at(&t, 0, .down, .zero)
    at(&t, 0.02, .move, Point(x: 4, y: 1.5))
    at(&t, 0.04, .move, Point(x: 10, y: 6))
    at(&t, 0.06, .move, Point(x: 20, y: 12))
    at(&t, 0.08, .up, Point(x: 20, y: 12))
    t.expect = [swipe("right"), rowSwipe(2, true)]
    t.expectNone = ["pan"]
    t.write()

    // --- The time judged at the crossing: 9 mm at 0.6 s, 15 mm at 0.76 s; 12 mm is crossed
    // half-way, at 0.68 s < 0.7 s. (Past the 4.7 mm slop at 0.2 s: no long press at 0.5 s.)
    t = CorpusTrace("swipe-time-judged-at-crossing", seed: 301,
                    note: "default rule: 5 mm at 0.2 s, 9 mm at 0.6 s, 15 mm at 0.76 s: 12 mm crossed at 0.68 s < 0.7 s")
    at(&t, 0, .down, .zero)
    at(&t, 0.2, .move, Point(x: 5, y: 0))
    at(&t, 0.6, .move, Point(x: 9, y: 0))
    at(&t, 0.76, .move, Point(x: 15, y: 0))
    at(&t, 0.78, .up, Point(x: 15, y: 0))
    t.expect = [swipe("right"), rowSwipe(2, true)]
    t.expectNone = ["longPress"]
    t.write()

    // --- A thumb's arc: through (5, 6), (12, 9), (30, 10) mm. At the slop it heads 50° below
    // horizontal (1.2:1, not 4:1 either way): the list waits. At 10 mm (on the second leg, at
    // (7.1, 6.9)) it has gone 4.1 right and 3.3 down since the slop: more across than along,
    // so the scroll fails and the row has it. 12 mm right is crossed at (12, 9): 9 mm across,
    // less than along: a swipe right by the heading rule (the seed's 8 mm would refuse it).
    let arc = [Point(x: 0, y: 0), Point(x: 5, y: 6), Point(x: 12, y: 9), Point(x: 30, y: 10)]
        .map { Point(x: x0 + $0.x * res, y: y0 + $0.y * res) }
    t = CorpusTrace("swipe-thumb-arc-is-row-swipe", seed: 302,
                    note: "default rule: an arc through (5, 6), (12, 9), (30, 10) mm: the heading from the slop to 10 mm is 39 degrees, a row's; 9 mm across at the 12 mm crossing")
    strokeAndRest(&t, arc)
    t.expect = [won("swipe"), swipe("right"), rowSwipe(2, true)]
    t.expectNone = ["pan"]
    t.write()

    // The same arc by the seed's rule: at the slop the stroke is within the 2:1 bias of
    // vertical, so the list's scroll begins there, and a swipe across it cannot win.
    t = CorpusTrace("swipe-thumb-arc-seed-rule-scrolls", seed: 303, scene: withSettings(seedMM),
                    note: "swipe.rule seedMillimeters: the same arc; at the slop 5 across to 6 along is within the 2:1 bias, so the scroll wins")
    strokeAndRest(&t, arc)
    t.expect = [won("pan")]
    t.expectNone = ["swipe", "rowSwipe"]
    t.write()

    // --- The seed's rule as written (swipe.rule seedPoints): 12 points along is 1.87 mm, 4
    // points across 0.62 mm, at 163 points per inch. A 3 mm flick right with no drift is a
    // swipe there (and no swipe by the default rule, which asks 12 mm); the same with 1 mm of
    // drift at the crossing is not. Free pan, no rows: the swipe alone is judged.
    let seedPoints = withSettings(["swipe": ["rule": "seedPoints"], "pan": ["axis": "free"]], noRows)
    t = CorpusTrace("swipe-seed-points-rule-3mm-flick", seed: 380, scene: seedPoints,
                    note: "swipe.rule seedPoints: 3 mm right in 0.05 s, no drift: 1.87 mm along is crossed within 0.62 mm across")
    at(&t, 0, .down, .zero)
    at(&t, 0.025, .move, Point(x: 1.5, y: 0))
    at(&t, 0.05, .move, Point(x: 3, y: 0))
    at(&t, 0.06, .up, Point(x: 3, y: 0))
    t.expect = [swipe("right")]
    t.write()
    t = CorpusTrace("swipe-seed-points-rule-drift-fails", seed: 381, scene: seedPoints,
                    note: "swipe.rule seedPoints: 3 mm right with 1 mm down at 1.5 mm along: 1 mm > 0.62 mm across before 1.87 mm along")
    at(&t, 0, .down, .zero)
    at(&t, 0.025, .move, Point(x: 1.5, y: 1))
    at(&t, 0.05, .move, Point(x: 3, y: 1))
    at(&t, 0.06, .up, Point(x: 3, y: 1))
    t.expectNone = ["swipe"]
    t.write()
    // The same 3 mm flick by the default rule: 12 mm is never reached.
    t = CorpusTrace("swipe-default-rule-3mm-flick-is-no-swipe", seed: 382, scene: withSettings(["pan": ["axis": "free"]], noRows),
                    note: "default rule: 3 mm right in 0.05 s is short of 12 mm")
    at(&t, 0, .down, .zero)
    at(&t, 0.025, .move, Point(x: 1.5, y: 0))
    at(&t, 0.05, .move, Point(x: 3, y: 0))
    at(&t, 0.06, .up, Point(x: 3, y: 0))
    t.expectNone = ["swipe"]
    t.write()

    // --- The boundary between the list's scroll and a row's swipe: straight 35 mm strokes
    // at 40° and 50° below horizontal. Neither is 4:1 at the slop; at 10 mm the heading since
    // the slop is the stroke's own: 40° is more across than along (the row's), 50° more along.
    for (degrees, row) in [(40.0, true), (50.0, false)] {
        let a = degrees * Double.pi / 180
        t = CorpusTrace("arena-\(Int(degrees))-degree-stroke-\(row ? "row-swipe" : "scroll")", seed: 304 + UInt64(degrees),
                        note: "default rule: 35 mm at \(Int(degrees)) degrees below horizontal; decided at 10 mm by the heading since the slop")
        strokeAndRest(&t, [Point(x: x0, y: y0), Point(x: x0 + 35 * cos(a) * res, y: y0 + 35 * sin(a) * res)], duration: 0.25)
        if row {
            t.expect = [won("swipe"), swipe("right"), rowSwipe(2, true)]
            t.expectNone = ["pan"]
        } else {
            // A swipe down, along the scroll's axis, recognizes together with it.
            t.expect = [won("pan"), won("swipe"), swipe("down")]
            t.expectNone = ["rowSwipe"]
        }
        t.write()
    }

    // --- A stroke that lifts before the decision distance is decided at the lift: 8 mm at
    // 60° (1.7:1 at the slop, less than 4:1, so it waits); at the lift its heading since the slop is 60°,
    // more along the list's axis: the scroll begins and ends there, at 0.15 s.
    t = CorpusTrace("arena-short-stroke-decided-at-lift", seed: 370,
                    note: "default rule: 3, 6 and 8 mm at 60 degrees, lifted at 8 mm: the scroll's decision waits for 10 mm, so the lift decides")
    let u = Point(x: cos(Double.pi / 3), y: sin(Double.pi / 3))
    at(&t, 0, .down, .zero)
    at(&t, 0.05, .move, u * 3)
    at(&t, 0.1, .move, u * 6)
    at(&t, 0.15, .move, u * 8)
    at(&t, 0.15, .up, u * 8)
    t.expect = [["type": "pan", "phase": "began", "t": 0.15], ["type": "pan", "phase": "ended", "t": 0.15]]
    t.expectNone = ["swipe"]
    t.write()
}
