import TouchGestures
import TouchTestSupport
import TouchTools
import TouchTrace

/// The clamped 2105 mm/s throw (10525 units/s at 5 units/mm), in units per ms.
let throwVelocity = 10525.0 / 1000

/// A 3000 mm/s throw up (125 units a frame at 120 Hz), lifted without stopping, from `t0`;
/// returns the lift's time. The fling is clamped to 2105 mm/s.
func throwUp(_ b: inout TraceBuilder, _ t0: Double = 0.0) -> Double {
    for k in 0..<4 {
        b.add(TraceBuilder.round(t0 + Double(k) / 120, places: 6), 0, k == 0 ? .down : .move, 400, 470 - 125 * Double(k))
    }
    let lift = TraceBuilder.round(t0 + 4.0 / 120, places: 6)
    b.add(lift, 0, .up, 400, 470 - 125 * 3)
    return lift
}

/// A finger down at (`x`, `y`), a first move of 30 units in the direction of `steps[0]` (past
/// the 4.7 mm = 23.5-unit slop: the pan begins there and the content does not move), then one
/// move per `dt` by each of `steps` (units, + is down), then held still for `hold` and lifted (so
/// no fling). Returns the times of the steps and of the lift.
@discardableResult
func slowDrag(_ b: inout TraceBuilder, _ t0: Double, x: Double, y y0: Double, steps: [Double], dt: Double = 0.05,
              hold: Double = 0.5) -> (times: [Double], lift: Double) {
    let id = b.newID()
    var y = y0
    b.add(t0, id, .down, x, y)
    y += steps[0] > 0 ? 30 : -30
    b.add(TraceBuilder.round(t0 + dt, places: 6), id, .move, x, y)
    var times: [Double] = []
    for (k, d) in steps.enumerated() {
        y += d
        let tk = TraceBuilder.round(t0 + dt * Double(k + 2), places: 6)
        b.add(tk, id, .move, x, y)
        times.append(tk)
    }
    let lift = TraceBuilder.round(times[times.count - 1] + hold, places: 6)
    b.add(lift, id, .up, x, y)
    return (times, lift)
}

/// A `scroll` expectation: the offset within `tolerance`, and the time when given.
func scroll(_ offset: Double, _ momentum: Bool, _ t: Double? = nil, tolerance: Double = 1e-6) -> JSONObject {
    var e: JSONObject = ["type": "scroll", "offset": .n(offset), "momentum": .bool(momentum), "tolerance": ["offset": .n(tolerance)]]
    if let t {
        e["t"] = .n(t)
        e["tolerance"] = ["offset": .n(tolerance), "t": 1e-9]
    }
    return e
}

/// A `snap` expectation at `t`.
func snap(_ offset: Double, _ to: String, _ t: Double) -> JSONObject {
    ["type": "snap", "offset": .n(offset), "to": .string(to), "t": .n(t), "tolerance": ["offset": 1e-6, "t": 1e-9]]
}

/// A pan scrolls a list taller than its viewport, a fling continues as momentum (UIKit's 0.998
/// per ms), a touch stops it, and rows are hit through the offset. Expected offsets and times
/// come from the rules (ListOracle), not from running the library.
func scrolling() {
    let tall: JSONObject = ["list": .object(eightRows.with(["rows": 40]))]   // 2400 units of content, 480 shown
    let maxOffset = 40.0 * 60 - 480

    /// Up 100 units a frame at 120 Hz: the pan begins at the first move (20 mm, past its slop)
    /// and the content follows from there, 100 units a frame; then still until the lift.
    func drag(_ b: inout TraceBuilder) {
        for k in 0..<5 { b.add(TraceBuilder.round(Double(k) / 120, places: 6), 0, k == 0 ? .down : .move, 400, 450 - 100 * Double(k)) }
        b.add(0.3, 0, .up, 400, 50)
    }

    var t = CorpusTrace("scroll-drag-few-frames", seed: 300, scene: tall,
                        note: "a drag up, 100 units a frame, then held still before the lift (no fling)")
    drag(&t.b)
    t.expect = [["type": "scroll", "offset": 100, "momentum": false, "t": .n(TraceBuilder.round(2.0 / 120, places: 6))],
                ["type": "scroll", "offset": 200, "momentum": false, "t": .n(TraceBuilder.round(3.0 / 120, places: 6))],
                ["type": "scroll", "offset": 300, "momentum": false, "t": .n(TraceBuilder.round(4.0 / 120, places: 6))]]
    t.expectNone = ["fling", "rowSwipe", "select"]
    t.write()

    // After that scroll, a tap at y = 100 is on row (100 + 300) / 60 = 6.7: row 6.
    t = CorpusTrace("scroll-then-tap-selects-through-offset", seed: 301, scene: tall,
                    note: "scroll up by 300 units, then tap at y 100: row 6, not row 1")
    drag(&t.b)
    t.b.tap(0.8, at: Point(x: 400, y: 100))
    t.expect = [select(6)]
    t.write()

    // At rest after a scroll, a row swipe changes the row under the finger, through the offset.
    t = CorpusTrace("scroll-then-row-swipe-through-offset", seed: 305, scene: tall,
                    note: "scroll up by 300 units (a quick drag, so also a swipe up), then a right swipe at y 100: row 6 opens")
    drag(&t.b)
    t.b.stroke(0.8, from: Point(x: 300, y: 100), millimeters: Point(x: 35, y: 0), duration: 0.2)
    t.expect = [swipe("up"), swipe("right"), rowSwipe(6, true)]
    t.write()

    let afterDrag = 250.0                   // the second and third moves scroll 125 each
    let dragScrolls: [JSONObject] = [["type": "scroll", "offset": 125, "momentum": false],
                                     ["type": "scroll", "offset": 250, "momentum": false]]

    t = CorpusTrace("scroll-fling-momentum-to-the-end", seed: 302, scene: tall,
                    note: "a fast throw up: momentum at 2105 mm/s decelerating by 0.998 a ms reaches the last row and stops there")
    var lift = throwUp(&t.b)
    let toEnd = ListOracle.momentumReaches(maxOffset - afterDrag, velocity: throwVelocity)
    t.expect = dragScrolls + [["type": "scroll", "offset": .n(maxOffset), "momentum": true,
                               "t": .n(lift + toEnd / 1000), "tolerance": ["t": 1e-9]]]
    t.expectNone = ["select"]
    t.write()

    // The same throw on a longer list: momentum ends where its speed falls to 2 mm/s (10 units/s).
    let longer: JSONObject = ["list": .object(eightRows.with(["rows": 400]))]
    t = CorpusTrace("scroll-fling-momentum-decelerates-to-rest", seed: 303, scene: longer,
                    note: "the same throw over 400 rows: the content slows to 2 mm/s and stops")
    lift = throwUp(&t.b)
    let stop = ListOracle.momentumStop(velocity: throwVelocity)
    let travelled = ListOracle.momentumDistance(velocity: throwVelocity, milliseconds: stop)
    t.expect = dragScrolls + [["type": "scroll", "offset": .n(afterDrag + travelled), "momentum": true,
                               "t": .n(lift + stop / 1000), "tolerance": ["t": 1e-9, "offset": 1e-6]]]
    t.write()

    // A touch during momentum stops it where it is, and that touch selects nothing.
    t = CorpusTrace("scroll-touch-stops-momentum", seed: 304, scene: longer,
                    note: "a throw, then a tap 0.2 s after the lift: the content stops there, nothing is selected")
    lift = throwUp(&t.b)
    let touch = TraceBuilder.round(lift + 0.2, places: 6)
    t.b.tap(touch, at: Point(x: 400, y: 200))
    let at = (touch - lift) * 1000
    t.expect = dragScrolls + [["type": "scroll", "offset": .n(afterDrag + ListOracle.momentumDistance(velocity: throwVelocity, milliseconds: at)),
                               "momentum": true, "t": .n(touch), "tolerance": ["offset": 1e-6]]]
    t.expectNone = ["select"]
    t.write()
}
