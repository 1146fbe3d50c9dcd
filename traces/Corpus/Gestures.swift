import Foundation
import TouchGestures
import TouchTools
import TouchTrace

/// Long press, pan, pinch, rotation, multi-finger and edge swipes, fling, and the arena's
/// decisions. Continuous gestures are pinned by the arena's `won` events (and, where the motion
/// has few frames, by every report); the rest by `expectNone`.
func gestures() {
    let y3 = rowY(3)

    // --- Long press.
    var t = CorpusTrace("long-press-held-still", seed: 200, note: "one finger held still 0.9 s on row 3")
    t.b.hold(0.0, at: Point(x: 400, y: y3), duration: 0.9, rate: 60)
    t.expect = [["type": "longPress", "phase": "began", "t": 0.5, "fingers": 1, "x": 400, "y": .n(y3)],
                ["type": "longPress", "phase": "ended", "t": 0.9, "fingers": 1]]
    t.expectNone = ["tap", "select", "pan", "swipe", "fling"]
    t.write()

    t = CorpusTrace("long-press-no-events-while-held", seed: 201,
                    note: "a finger down at 0 and up at 1.0 with no event between (a still finger sends none): "
                        + "the long press begins at its deadline, 0.5 s, not at the lift")
    t.b.add(0.0, 0, .down, 400, y3)
    t.b.add(1.0, 0, .up, 400, y3)
    t.expect = [["type": "longPress", "phase": "began", "t": 0.5],
                ["type": "longPress", "phase": "ended", "t": 1.0, "duration": 1.0]]
    t.expectNone = ["tap", "select"]
    t.write()

    t = CorpusTrace("long-press-two-fingers", seed: 202, note: "two fingers held still 0.7 s")
    t.b.hold(0.0, at: Point(x: 350, y: y3), duration: 0.7, rate: 60)
    t.b.hold(0.0, at: Point(x: 450, y: y3), duration: 0.7, rate: 60)
    t.expect = [["type": "longPress", "phase": "began", "t": 0.5, "fingers": 2, "x": 400],
                ["type": "longPress", "phase": "ended", "t": 0.7, "fingers": 2]]
    t.expectNone = ["tap", "pinch", "rotate"]
    t.write()

    t = CorpusTrace("long-press-then-drag", seed: 203,
                    note: "held 0.6 s, then dragged 30 mm right: the long press owns the drag, no pan, no row swipe")
    t.b.path(0.0, [Point(x: 300, y: y3), Point(x: 300, y: y3)], duration: 0.6, rate: 60, lift: false, id: 0)
    t.b.path(0.6, [Point(x: 300, y: y3), Point(x: 450, y: y3)], duration: 0.3, rate: 60, id: 0, down: false)
    t.expect = [won("longPress", ["t": 0.5])]
    t.expectNone = ["pan", "swipe", "rowSwipe", "tap", "fling"]
    t.write()

    t = CorpusTrace("long-press-released-early-is-tap", seed: 204, note: "held 0.4 s: a tap, not a long press")
    t.b.hold(0.0, at: Point(x: 400, y: y3), duration: 0.4, rate: 60)
    t.expect = [["type": "tap", "taps": 1, "t": 0.7], select(3)]
    t.expectNone = ["longPress"]
    t.write()

    t = CorpusTrace("long-press-loses-to-pan", seed: 205,
                    note: "still for 0.2 s, then a drag down: the pan claims before 0.5 s, the long press loses")
    t.b.path(0.0, [Point(x: 400, y: 100), Point(x: 400, y: 100)], duration: 0.2, rate: 60, lift: false, id: 0)
    t.b.path(0.2, [Point(x: 400, y: 100), Point(x: 400, y: 300)], duration: 0.6, rate: 60, id: 0, down: false)
    // The drag is quick enough to be a swipe down as well, which recognizes together with the pan.
    t.expect = [won("pan"), won("swipe"), swipe("down")]
    t.expectNone = ["longPress", "tap"]
    t.write()

    // --- Single tap and double tap: the single tap waits only if a double tap is possible.
    t = CorpusTrace("tap-single-no-double-tap-recognizer", seed: 206, scene: withSettings(["tap": ["maxCount": 1]]),
                    note: "tap.maxCount 1: no double tap to wait for, so the tap is reported at the lift")
    t.b.tap(0.0, at: Point(x: 400, y: y3))
    t.expect = [tap(1).with(["t": 0.08]), select(3).with(["t": 0.08])]
    t.write()

    t = CorpusTrace("tap-two-quick-taps-no-double-tap-recognizer", seed: 207, scene: withSettings(["tap": ["maxCount": 1]]),
                    note: "two quick taps with tap.maxCount 1: two single taps, each at its lift")
    t.b.tap(0.0, at: Point(x: 400, y: y3))
    t.b.tap(0.2, at: Point(x: 400, y: y3))
    t.expect = [tap(1).with(["t": 0.08]), tap(1).with(["t": 0.28])]
    t.write()

    // --- Pan.
    t = CorpusTrace("pan-scroll-list-down", seed: 208,
                    note: "a drag down the list, 8 mm in 0.3 s then 20 mm more over 1.5 s: the list's vertical pan, "
                        + "too slow for a swipe, stopped before the lift so no fling")
    t.b.path(0.0, [Point(x: 400, y: 100), Point(x: 400, y: 140)], duration: 0.3, rate: 60, lift: false, id: 0)
    t.b.path(0.3, [Point(x: 400, y: 140), Point(x: 400, y: 240)], duration: 1.5, rate: 60, id: 0, down: false)
    t.expect = [won("pan")]
    t.expectNone = ["swipe", "rowSwipe", "tap", "select", "longPress", "fling"]
    t.write()

    let free = withSettings(["pan": ["axis": "free"]])
    t = CorpusTrace("pan-free-diagonal", seed: 209, scene: withSettings(["swipe": ["rule": "seedMillimeters"], "pan": ["axis": "free"]]),
                    note: "pan.axis free, swipe.rule seedMillimeters: a slow diagonal drag is a pan, and its drift no swipe")
    t.b.stroke(0.0, from: Point(x: 200, y: 100), millimeters: Point(x: 30, y: 30), duration: 0.8, rate: 60)
    t.expect = [won("pan")]
    t.expectNone = ["swipe", "longPress", "tap"]
    t.write()

    t = CorpusTrace("pan-few-frames", seed: 210, scene: free,
                    note: "a drag in four frames, every report pinned: began past the slop, changed, ended")
    for (k, (time, x)) in [(0.0, 300.0), (0.05, 330), (0.1, 360), (0.15, 360)].enumerated() {
        t.b.add(time, 0, k == 0 ? .down : (k == 3 ? .up : .move), x, 200)
    }
    t.expect = [["type": "pan", "phase": "began", "t": 0.05, "translation": ["x": 30, "y": 0]],
                ["type": "pan", "phase": "changed", "t": 0.1, "translation": ["x": 60, "y": 0]],
                ["type": "pan", "phase": "ended", "t": 0.15, "translation": ["x": 60, "y": 0]]]
    t.write()

    // --- Row swipe against the list's scroll: the axis decides, with a bias.
    t = CorpusTrace("arena-row-swipe-beats-scroll", seed: 211,
                    note: "a horizontal stroke on row 3: the vertical pan refuses it, the row swipe wins")
    t.b.stroke(0.0, from: Point(x: 300, y: y3), millimeters: Point(x: 35, y: 0), duration: 0.25, jitter: 0.2)
    t.expect = [swipe("right"), rowSwipe(3, true)]
    t.expectNone = ["pan"]
    t.write()

    t = CorpusTrace("arena-scroll-beats-row-swipe", seed: 212,
                    note: "6 mm down, then 20 mm right in one quick stroke: alone it would be a right swipe, "
                        + "but the scroll claimed first, so no row is dismissed while scrolling")
    t.b.path(0.0, [Point(x: 300, y: 150), Point(x: 300, y: 180), Point(x: 400, y: 180)], duration: 0.3)
    t.expect = [won("pan")]
    t.expectNone = ["rowSwipe", "swipe"]
    t.write()

    let angle = 20 * (Double.pi / 180)
    for (bias, name, wins) in [(2, "arena-20-degree-stroke-bias-2-row-swipe", true), (3, "arena-20-degree-stroke-bias-3-scroll", false)] {
        t = CorpusTrace(name, seed: 213, scene: withSettings(["swipe": ["rule": "seedMillimeters"], "pan": ["axisBias": .n(Double(bias))]]),
                        note: "swipe.rule seedMillimeters (the pan decides at its slop): 35 mm at 20 degrees below horizontal (across/along 2.75) with pan.axisBias \(bias)")
        t.b.stroke(0.0, from: Point(x: 300, y: rowY(2)), millimeters: Point(x: 35 * cos(angle), y: 35 * sin(angle)), duration: 0.25)
        if wins {
            t.expect = [swipe("right"), rowSwipe(2, true)]
            t.expectNone = ["pan"]
        } else {
            t.expect = [won("pan")]
            t.expectNone = ["swipe", "rowSwipe"]
        }
        t.write()
    }

    // --- Pinch and rotation (no rows under the fingers, to keep the list out of it).
    let empty: JSONObject = ["list": .object(noRows)]
    t = CorpusTrace("pinch-out-few-frames", seed: 214, scene: empty,
                    note: "two fingers 20 mm apart spread to 40 mm in three frames: every report pinned")
    for (time, half) in [(0.0, 50.0), (0.05, 75), (0.1, 100)] {
        let phase: TouchPhase = time == 0 ? .down : .move
        t.b.add(time, 0, phase, 400 - half, 240)
        t.b.add(time, 1, phase, 400 + half, 240)
    }
    t.b.add(0.15, 0, .up, 300, 240)
    t.b.add(0.15, 1, .up, 500, 240)
    t.expect = [["type": "pinch", "phase": "began", "t": 0.05, "scale": 1.5, "fingers": 2, "x": 400, "y": 240],
                ["type": "pinch", "phase": "changed", "t": 0.1, "scale": 2.0],
                ["type": "pinch", "phase": "ended", "t": 0.15, "scale": 2.0]]
    t.expectNone = ["rotate", "pan", "swipe", "tap"]
    t.write()

    t = CorpusTrace("pinch-in", seed: 215, scene: empty, note: "two fingers 60 mm apart close to 20 mm over 0.4 s")
    t.b.stroke(0.0, from: Point(x: 250, y: 240), millimeters: Point(x: 20, y: 0), duration: 0.4)
    t.b.stroke(0.0, from: Point(x: 550, y: 240), millimeters: Point(x: -20, y: 0), duration: 0.4)
    t.expect = [won("pinch")]
    t.expectNone = ["rotate", "pan", "swipe"]
    t.write()

    t = CorpusTrace("rotate-quarter-turn-few-frames", seed: 216, scene: empty,
                    note: "two fingers 40 mm apart turn 90 degrees clockwise about their centre in three steps")
    let r = 100.0
    for (k, a) in [0.0, 30, 60, 90].enumerated() {
        let th = a * (Double.pi / 180)
        let phase: TouchPhase = k == 0 ? .down : .move
        let time = 0.05 * Double(k)
        t.b.add(time, 0, phase, 400 - r * cos(th), 240 - r * sin(th))
        t.b.add(time, 1, phase, 400 + r * cos(th), 240 + r * sin(th))
    }
    t.b.add(0.2, 0, .up, 400, 140)
    t.b.add(0.2, 1, .up, 400, 340)
    let tol: JSONValue = ["angle": 1e-4]
    t.expect = [["type": "rotate", "phase": "began", "t": 0.05, "angle": .n(Double.pi / 6), "fingers": 2, "tolerance": tol],
                ["type": "rotate", "phase": "changed", "t": 0.1, "angle": .n(Double.pi / 3), "tolerance": tol],
                ["type": "rotate", "phase": "changed", "t": 0.15, "angle": .n(Double.pi / 2), "tolerance": tol],
                ["type": "rotate", "phase": "ended", "t": 0.2, "angle": .n(Double.pi / 2), "tolerance": tol]]
    t.expectNone = ["pinch", "pan"]
    t.write()

    /// Two fingers about (400, 240) spreading from one span to another (mm) while turning.
    func twist(_ b: inout TraceBuilder, from: Double, to: Double, degrees: Double, duration: Double = 0.4, rate: Double = 60) {
        let n = Int((duration * rate).rounded(.toNearestOrEven))
        for k in 0...n {
            let p = TraceBuilder.minimumJerk(Double(k) / Double(n))
            let half = (from + (to - from) * p) * res / 2
            let th = (degrees * p) * (Double.pi / 180)
            let phase: TouchPhase = k == 0 ? .down : (k == n ? .up : .move)
            let time = TraceBuilder.round(duration * Double(k) / Double(n), places: 6)
            b.add(time, 0, phase, 400 - half * cos(th), 240 - half * sin(th))
            b.add(time, 1, phase, 400 + half * cos(th), 240 + half * sin(th))
        }
    }

    t = CorpusTrace("pinch-and-rotate-together", seed: 217, scene: empty,
                    note: "spread 30 to 50 mm while turning 60 degrees: pinch and rotation both win")
    twist(&t.b, from: 30, to: 50, degrees: 60)
    t.expect = [won("pinch"), won("rotate")]
    t.expectNone = ["pan", "swipe", "longPress"]
    t.write()

    t = CorpusTrace("pinch-and-rotate-apart", seed: 218,
                    scene: ["list": .object(noRows), "settings": ["arena": ["apart": [["pinch", "rotate"]]]]],
                    note: "the same twist with pinch and rotation declared apart: the first to claim wins")
    twist(&t.b, from: 30, to: 50, degrees: 60)
    t.expect = [won("pinch")]
    t.expectNone = ["rotate"]
    t.write()

    t = CorpusTrace("two-finger-drag-is-pan-not-pinch", seed: 219, scene: withSettings(["pan": ["axis": "free"]], noRows),
                    note: "two fingers 20 mm apart drag 30 mm down together over 0.8 s: a two-finger pan")
    t.b.stroke(0.0, from: Point(x: 350, y: 100), millimeters: Point(x: 0, y: 30), duration: 0.8, rate: 60)
    t.b.stroke(0.0, from: Point(x: 450, y: 100), millimeters: Point(x: 0, y: 30), duration: 0.8, rate: 60)
    // Quick enough (12 mm within 0.7 s) to be a two-finger swipe down too, together with the pan.
    t.expect = [won("pan"), won("swipe"), swipe("down", 2)]
    t.expectNone = ["pinch", "rotate"]
    t.write()

    // --- Multi-finger swipes.
    t = CorpusTrace("swipe-four-finger-left", seed: 220, scene: empty, note: "four fingers swipe 30 mm left")
    for k in 0..<4 { t.b.stroke(0.0, from: Point(x: 500, y: 120 + 70 * Double(k)), millimeters: Point(x: -30, y: 0), duration: 0.2, jitter: 0.2) }
    t.expect = [swipe("left", 4)]
    t.write()

    t = CorpusTrace("two-fingers-one-resting-is-no-swipe", seed: 221, scene: empty,
                    note: "one finger rests while the other moves 40 mm right: the fingers do not move the same way")
    t.b.hold(0.0, at: Point(x: 200, y: 240), duration: 0.3, rate: 120)
    t.b.stroke(0.0, from: Point(x: 400, y: 240), millimeters: Point(x: 40, y: 0), duration: 0.25)
    t.expectNone = ["swipe"]
    t.write()

    // --- Edge swipes (5 mm edge zones of the 160 x 96 mm panel).
    let edges: [(String, Point, Point, String, String?)] = [
        ("edge-swipe-from-left", Point(x: 10, y: 240), Point(x: 30, y: 0), "right", "left"),
        ("edge-swipe-from-right", Point(x: 795, y: 240), Point(x: -30, y: 0), "left", "right"),
        ("edge-swipe-from-top", Point(x: 400, y: 3), Point(x: 0, y: 30), "down", "top"),
        ("edge-swipe-from-bottom", Point(x: 400, y: 478), Point(x: 0, y: -30), "up", "bottom"),
        ("edge-swipe-corner-top-left", Point(x: 8, y: 8), Point(x: 30, y: 0), "right", "topLeft"),
        ("edge-swipe-corner-bottom-right", Point(x: 794, y: 476), Point(x: 0, y: -30), "up", "bottomRight"),
        // Along the left edge: the zone it started in, whatever the direction (lisgd's rule,
        // which Sxmo's edge sliders need).
        ("edge-zone-moving-along-edge", Point(x: 10, y: 100), Point(x: 0, y: 30), "down", "left"),
        ("edge-swipe-started-outside-zone", Point(x: 40, y: 240), Point(x: 30, y: 0), "right", nil),
    ]
    for (name, start, delta, direction, edge) in edges {
        t = CorpusTrace(name, seed: 222, scene: empty,
                        note: "starts at (\(Int(start.x)), \(Int(start.y))) and moves (\(Int(delta.x)), \(Int(delta.y))) mm: swipe \(direction), edge \(edge ?? "None")")
        t.b.stroke(0.0, from: start, millimeters: delta, duration: 0.2)
        t.expect = [swipe(direction).with(["edge": edge.map { .string($0) } ?? .null])]
        t.write()
    }

    t = CorpusTrace("edge-swipe-two-fingers-from-bottom", seed: 223, scene: empty,
                    note: "two fingers from the bottom edge: a two-finger edge swipe up")
    t.b.stroke(0.0, from: Point(x: 350, y: 478), millimeters: Point(x: 0, y: -30), duration: 0.2)
    t.b.stroke(0.0, from: Point(x: 450, y: 477), millimeters: Point(x: 0, y: -30), duration: 0.2)
    t.expect = [swipe("up", 2).with(["edge": "bottom"])]
    t.write()

    // --- Fling.
    t = CorpusTrace("fling-up-quick-stroke", seed: 224, scene: empty,
                    note: "30 mm up in 0.1 s, lifted while moving: a fling upward")
    t.b.path(0.0, [Point(x: 400, y: 400), Point(x: 400, y: 250)], duration: 0.1, rate: 120)
    // Cut the ease-out: lift while still fast (the last three samples become one lift at speed).
    t.b.removeLast(3)
    let last = t.b.events[t.b.events.count - 1]
    t.b.add(last.time + 1.0 / 120, 0, .up, last.position.x, last.position.y - 15)
    t.expect = [swipe("up"), ["type": "fling", "fingers": 1]]
    t.write()

    t = CorpusTrace("fling-clamped-to-maximum", seed: 225, scene: empty,
                    note: "a 3000 mm/s throw, constant speed: the fling is clamped to 2105 mm/s")
    for k in 0..<6 {
        t.b.add(TraceBuilder.round(Double(k) / 120, places: 6), 0, k == 0 ? .down : (k == 5 ? .up : .move), 100 + 125 * Double(k), 240)
    }
    t.expect = [["type": "fling", "speed": 2105, "velocity": ["x": 10525, "y": 0], "tolerance": ["velocity": 1e-6]]]
    t.write()

    // A swipe that slows to a stop is not followed by a fling back: a least-squares fit of its
    // last 100 ms overshoots past zero, and the fling must agree with where the finger was
    // heading (issue 12). A flick back at the end of a stroke is a fling, the other way.
    t = CorpusTrace("fling-none-after-decelerating-swipe", seed: 229,
                    note: "40 mm right in 0.25 s with 0.3 mm of jitter, easing to a stop on row 3: a swipe and its row, no fling back")
    t.b.stroke(0.0, from: Point(x: 300, y: y3), millimeters: Point(x: 40, y: 0), duration: 0.25, jitter: 0.3)
    t.expect = [swipe("right"), rowSwipe(3, true)]
    t.expectNone = ["fling"]
    t.write()

    t = CorpusTrace("fling-flick-back-at-the-end-of-a-stroke", seed: 230, scene: empty,
                    note: "30 mm right over 0.3 s, then flicked 15 mm left in 50 ms and lifted moving: a fling left")
    t.b.path(0.0, [Point(x: 300, y: 240), Point(x: 450, y: 240)], duration: 0.3, rate: 120, lift: false, id: 0)
    for k in 1...6 {   // 75 units left at a constant 1500 units/s (300 mm/s), lifted moving
        t.b.add(0.3 + Double(k) / 120, 0, k == 6 ? .up : .move, 450 - 12.5 * Double(k), 240)
    }
    // Leftward, about 1500 units/s: x anywhere from -2500 to -500, y near 0.
    t.expect = [swipe("right"), ["type": "fling", "velocity": ["x": -1500, "y": 0], "tolerance": ["velocity": 1000]]]
    t.write()

    t = CorpusTrace("drag-stopped-before-lift-no-fling", seed: 226, scene: empty,
                    note: "a quick 30 mm drag, then the finger rests 0.2 s before lifting: no fling")
    t.b.path(0.0, [Point(x: 300, y: 240), Point(x: 450, y: 240)], duration: 0.15, rate: 120, lift: false, id: 0)
    t.b.add(0.35, 0, .up, 450, 240)
    t.expect = [swipe("right")]
    t.expectNone = ["fling"]
    t.write()

    // --- Waiting for another recognizer to fail.
    let waits: JSONObject = ["pan": ["axis": "free"], "arena": ["waitsFor": [["pan", "swipe"]],
                                                                "enabled": ["tap", "pinch", "rotate", "swipe", "pan", "fling"]]]
    t = CorpusTrace("arena-pan-waits-for-swipe-swipe-wins", seed: 227, scene: withSettings(waits, noRows),
                    note: "the pan waits for the swipe to fail; a quick stroke is a swipe, so the pan never begins")
    t.b.stroke(0.0, from: Point(x: 300, y: 240), millimeters: Point(x: 35, y: 0), duration: 0.2)
    t.expect = [won("swipe"), swipe("right"), won("fling")]
    t.expectNone = ["pan"]
    t.write()

    t = CorpusTrace("arena-pan-waits-for-swipe-slow-drag", seed: 228, scene: withSettings(waits, noRows),
                    note: "the same rule on a drag of 6 mm in 0.3 s, then 20 mm over 2 s: the pan claims at its "
                        + "slop (about 0.2 s) but is held; the swipe fails at 0.7 s, and the pan begins then")
    t.b.path(0.0, [Point(x: 300, y: 240), Point(x: 330, y: 240)], duration: 0.3, rate: 60, lift: false, id: 0)
    t.b.path(0.3, [Point(x: 330, y: 240), Point(x: 430, y: 240)], duration: 2.0, rate: 60, id: 0, down: false)
    t.expect = [won("pan", ["t": 0.7])]
    t.expectNone = ["swipe"]
    t.write()
}
