import TouchGestures
import TouchTestSupport
import TouchTools
import TouchTrace

let directions: [(String, Double, Double)] = [("left", -1, 0), ("right", 1, 0), ("up", 0, -1), ("down", 0, 1)]
let speeds: [(String, Double)] = [("slow", 0.6), ("normal", 0.25), ("fast", 0.08)]

/// Swipes (directions, speeds, drift, several fingers, units), row policies, taps, cancels,
/// the lines encoding, and the demo session.
func swipesAndTaps() {
    // --- Swipes in each direction at three speeds: 40 mm strokes on row 3 (or mid-panel).
    for (di, (d, ux, uy)) in directions.enumerated() {
        for (si, (speed, dur)) in speeds.enumerated() {
            var t = CorpusTrace("swipe-\(d)-\(speed)", seed: UInt64(100 + 10 * di + si),
                                note: "one finger, 40 mm \(d) in \(formatJSONNumber(dur)) s, light jitter")
            let start = ux != 0 ? Point(x: 400, y: rowY(3)) : Point(x: 400, y: 240)
            t.b.stroke(0.0, from: start, millimeters: Point(x: 40 * ux, y: 40 * uy), duration: dur, jitter: 0.2)
            if ux != 0 {
                t.expect = [swipe(d), rowSwipe(3, true)]
            } else {
                t.expect = [swipe(d)]
                t.expectNone = ["rowSwipe"]
            }
            t.write()
        }
    }

    // --- Shaky but within limits: 1 mm jitter and a 5 mm sideways drift.
    var t = CorpusTrace("swipe-right-shaky-within-drift", seed: 7, note: "1 mm jitter, 5 mm drift down: still a swipe")
    t.b.path(0.0, [Point(x: 200, y: rowY(2) - 10), Point(x: 300, y: rowY(2) + 15), Point(x: 400, y: rowY(2) + 15)], duration: 0.3, jitter: 1.0)
    t.expect = [swipe("right"), rowSwipe(2, true)]
    t.write()

    // --- Drift over the limit: a 39 degree diagonal fails on drift before reaching 12 mm.
    t = CorpusTrace("drift-over-limit-diagonal", seed: 8, scene: withSettings(["swipe": ["rule": "seedMillimeters"]]),
                    note: "swipe.rule seedMillimeters: 20 mm right, 16 mm down: drift passes 8 mm first")
    t.b.stroke(0.0, from: Point(x: 300, y: rowY(2)), millimeters: Point(x: 20, y: 16), duration: 0.3)
    t.expectNone = ["swipe", "rowSwipe"]
    // The finger passes the 4.7 mm slop first (the long press fails; the tap waits, as a finger
    // may roll off as it lifts; the list's vertical pan claims, since 16 mm down to 20 mm right
    // is within its 2:1 bias, and rejects the tap and the two-finger gestures), then the drift
    // passes 8 mm; the stroke eases out, so its lift is no fling.
    t.expect = [failed("longPress", "moved"), failed("tap", "rejected", ["rival": "pan"]),
                failed("pinch", "rejected", ["rival": "pan"]), failed("rotate", "rejected", ["rival": "pan"]),
                failed("swipe", "crossDrift"), failed("fling", "tooSlowToFling")]
    t.write()

    t = CorpusTrace("drift-over-limit-wobble", seed: 9, note: "a 10 mm sideways wobble, then a long stroke right")
    t.b.path(0.0, [Point(x: 300, y: rowY(2)), Point(x: 320, y: rowY(2) + 50), Point(x: 600, y: rowY(2) + 50)], duration: 0.4)
    t.expectNone = ["swipe", "rowSwipe"]
    t.write()

    // --- Too slow: 15 mm over 1.4 s reaches 12 mm only after 0.7 s, and eases to a stop.
    t = CorpusTrace("too-slow-drag-right", seed: 10, scene: withSettings(noLongPress),
                    note: "15 mm right over 1.4 s, easing to a stop: past the 0.7 s limit, and lifted at rest (no long press competing)")
    t.b.stroke(0.0, from: Point(x: 300, y: rowY(4)), millimeters: Point(x: 15, y: 0), duration: 1.4, rate: 60)
    t.expectNone = ["swipe", "rowSwipe", "tap"]
    // Past the 4.7 mm slop the list's vertical pan refuses a horizontal start, and the tap
    // fails once the finger is past it longer than a lift's roll (0.1 s). The stroke crosses
    // 12 mm after 0.7 s, straight along x, so the swipe waits for the lift (a slow swipe, if it
    // ends flung); the finger lifts at rest, so at the lift it fails as too slow, after the
    // two-finger gestures (the arena's order), and the fling fails too.
    t.expect = [failed("pan", "offAxis"), failed("tap", "moved"),
                failed("pinch", "tooFewFingers"), failed("rotate", "tooFewFingers"),
                ["type": "failed", "recognizer": "swipe", "reason": "tooSlow", "t": 1.4],
                failed("fling", "tooSlowToFling")]
    t.write()

    // --- A slow swipe: the finger creeps 6 mm left over 0.8 s, then flicks 32 mm in 1/15 s and
    // lifts still moving. It crosses 12 mm after the 0.7 s limit, straight along x, and lifts
    // moving left at about 480 mm/s, over swipe.lateLiftVelocity's 13.2 mm/s: a swipe left,
    // reported at the lift (0.8 s + 8/120 s), that opens row 4 as any swipe left does.
    t = CorpusTrace("slow-swipe-creep-then-flick-left", seed: 14, scene: withSettings(noLongPress),
                    note: "6 mm left over 0.8 s, then a 32 mm flick lifted while moving: a slow swipe left, at the lift")
    do {
        let id = t.b.newID()
        let from = Point(x: 500, y: rowY(4))
        let crept = t.b.path(0, [from, Point(x: from.x - 6 * t.b.resolution.x, y: from.y)], duration: 0.8,
                             rate: 60, lift: false, id: id)
        for k in 1...8 {
            let x = from.x - (6 + 4 * Double(k)) * t.b.resolution.x
            t.b.add(crept + Double(k) / 120, id, k == 8 ? .up : .move, x, from.y)
        }
    }
    t.expect = [["type": "swipe", "direction": "left", "fingers": 1, "t": .n(TraceBuilder.round(0.8 + 8.0 / 120, places: 6))],
                rowSwipe(4, true)]
    t.expectNone = ["tap", "select"]
    t.write()

    // --- Vertical drags are not horizontal swipes.
    t = CorpusTrace("vertical-drag-down-no-row-swipe", seed: 11, note: "a quick drag down over rows: swipe down, no row changes")
    t.b.stroke(0.0, from: Point(x: 400, y: 100), millimeters: Point(x: 0, y: 50), duration: 0.3, jitter: 0.3)
    t.expect = [swipe("down")]
    t.expectNone = ["rowSwipe", "select"]
    t.write()

    t = CorpusTrace("vertical-scroll-slow-no-swipe", seed: 12, note: "a slow scroll up: no swipe at all, no row changes")
    t.b.stroke(0.0, from: Point(x: 400, y: 400), millimeters: Point(x: 0, y: -20), duration: 1.8, rate: 60, jitter: 0.2)
    t.expectNone = ["swipe", "rowSwipe", "tap", "select"]
    t.write()

    // --- Back and forth inside one touch: one swipe only (the original's localSwipeActive).
    t = CorpusTrace("back-and-forth-one-swipe", seed: 13, note: "right, left, right in one touch: one swipe, one toggle")
    let y1 = rowY(1)
    t.b.path(0.0, [Point(x: 300, y: y1), Point(x: 450, y: y1), Point(x: 250, y: y1), Point(x: 450, y: y1)], duration: 0.6)
    t.expect = [swipe("right"), rowSwipe(1, true)]
    t.write()

    // --- Two swipes on one row toggle it twice.
    t = CorpusTrace("two-swipes-same-row-toggle-twice", seed: 14, note: "right then left on row 5")
    t.b.stroke(0.0, from: Point(x: 300, y: rowY(5)), millimeters: Point(x: 35, y: 0), duration: 0.2)
    t.b.stroke(0.6, from: Point(x: 500, y: rowY(5)), millimeters: Point(x: -35, y: 0), duration: 0.2)
    t.expect = [swipe("right"), rowSwipe(5, true), swipe("left"), rowSwipe(5, false)]
    t.write()

    // --- Swipes on different rows.
    t = CorpusTrace("swipes-different-rows", seed: 15, note: "row 1 then row 6")
    t.b.stroke(0.0, from: Point(x: 300, y: rowY(1)), millimeters: Point(x: 30, y: 0), duration: 0.2, jitter: 0.3)
    t.b.stroke(0.5, from: Point(x: 300, y: rowY(6)), millimeters: Point(x: -30, y: 0), duration: 0.2, jitter: 0.3)
    t.expect = [rowSwipe(1, true), rowSwipe(6, true)]
    t.write()

    // --- Row swipe policies.
    var sc: JSONObject = ["list": .object(eightRows.with(["swipePolicy": "toggle"]))]
    t = CorpusTrace("policy-toggle-left-then-right", seed: 16, scene: sc, note: "toggle: any swipe flips the row")
    t.b.stroke(0.0, from: Point(x: 500, y: rowY(2)), millimeters: Point(x: -30, y: 0), duration: 0.2)
    t.b.stroke(0.5, from: Point(x: 300, y: rowY(2)), millimeters: Point(x: 30, y: 0), duration: 0.2)
    t.expect = [rowSwipe(2, true), rowSwipe(2, false)]
    t.write()

    sc = ["list": .object(eightRows.with(["swipePolicy": "directional"]))]
    t = CorpusTrace("policy-directional-left-opens-right-closes", seed: 17, scene: sc,
                    note: "left opens, left again changes nothing, right closes")
    t.b.stroke(0.0, from: Point(x: 500, y: rowY(2)), millimeters: Point(x: -30, y: 0), duration: 0.2)
    t.b.stroke(0.5, from: Point(x: 500, y: rowY(2)), millimeters: Point(x: -30, y: 0), duration: 0.2)
    t.b.stroke(1.0, from: Point(x: 300, y: rowY(2)), millimeters: Point(x: 30, y: 0), duration: 0.2)
    t.expect = [swipe("left"), rowSwipe(2, true), swipe("left"), swipe("right"), rowSwipe(2, false)]
    t.write()

    t = CorpusTrace("policy-directional-right-on-closed-row", seed: 18, scene: sc, note: "right on a closed row: no change")
    t.b.stroke(0.0, from: Point(x: 300, y: rowY(4)), millimeters: Point(x: 30, y: 0), duration: 0.2)
    t.expect = [swipe("right")]
    t.expectNone = ["rowSwipe"]
    t.write()

    sc = ["list": .object(eightRows.with(["swipePolicy": "oneOpen"]))]
    t = CorpusTrace("policy-one-open-row", seed: 19, scene: sc,
                    note: "open row 1, open row 3 (closes 1), tap row 5 (closes 3, selects nothing)")
    t.b.stroke(0.0, from: Point(x: 500, y: rowY(1)), millimeters: Point(x: -30, y: 0), duration: 0.2)
    t.b.stroke(0.5, from: Point(x: 500, y: rowY(3)), millimeters: Point(x: -30, y: 0), duration: 0.2)
    t.b.tap(1.0, at: Point(x: 400, y: rowY(5)))
    t.expect = [rowSwipe(1, true), rowSwipe(1, false), rowSwipe(3, true), rowSwipe(3, false)]
    t.expectNone = ["select"]
    t.write()

    t = CorpusTrace("policy-one-open-tap-open-row-closes", seed: 20, scene: sc,
                    note: "open row 2, tap it (closes), tap it again (selects)")
    t.b.stroke(0.0, from: Point(x: 500, y: rowY(2)), millimeters: Point(x: -30, y: 0), duration: 0.2)
    t.b.tap(0.6, at: Point(x: 400, y: rowY(2)))
    t.b.tap(1.5, at: Point(x: 400, y: rowY(2)))
    t.expect = [rowSwipe(2, true), rowSwipe(2, false), select(2)]
    t.write()

    // --- Taps.
    t = CorpusTrace("tap-single-selects-row", seed: 21, note: "one finger, 80 ms")
    t.b.tap(0.0, at: Point(x: 400, y: rowY(3)))
    t.expect = [tap(1, 1).with(["x": 400, "y": .n(rowY(3)), "t": 0.38]), select(3)]
    t.write()

    t = CorpusTrace("tap-double", seed: 22, note: "two taps 150 ms apart")
    t.b.tap(0.0, at: Point(x: 400, y: rowY(4)))
    t.b.tap(0.23, at: Point(x: 402, y: rowY(4) + 1))
    t.expect = [tap(2, 1), select(4)]
    t.write()

    t = CorpusTrace("tap-two-finger", seed: 23, note: "two fingers 15 mm apart, down and up together")
    t.b.tap(0.0, at: Point(x: 400, y: rowY(2)), fingers: 2)
    t.expect = [tap(1, 2), select(2)]
    t.write()

    t = CorpusTrace("tap-two-finger-double", seed: 24, note: "two two-finger taps")
    t.b.tap(0.0, at: Point(x: 400, y: rowY(2)), fingers: 2)
    t.b.tap(0.25, at: Point(x: 400, y: rowY(2)), fingers: 2)
    t.expect = [tap(2, 2)]
    t.write()

    t = CorpusTrace("tap-triple-is-double-then-single", seed: 25, note: "three quick taps; taps count up to 2")
    for k in 0..<3 { t.b.tap(0.2 * Double(k), at: Point(x: 400, y: rowY(1))) }
    t.expect = [tap(2), tap(1)]
    t.write()

    t = CorpusTrace("taps-apart-in-time", seed: 26, note: "two taps 0.5 s apart: two single taps")
    t.b.tap(0.0, at: Point(x: 400, y: rowY(1)))
    t.b.tap(0.58, at: Point(x: 400, y: rowY(6)))
    t.expect = [tap(1), select(1), tap(1), select(6)]
    t.write()

    t = CorpusTrace("taps-apart-in-space", seed: 27, note: "two quick taps 40 mm apart: two single taps")
    t.b.tap(0.0, at: Point(x: 200, y: rowY(1)))
    t.b.tap(0.2, at: Point(x: 400, y: rowY(1)))
    t.expect = [tap(1).with(["x": 200, "t": 0.2]), tap(1).with(["x": 400])]
    t.write()

    t = CorpusTrace("tap-held-long-is-still-a-tap", seed: 28, scene: withSettings(noLongPress),
                    note: "a 0.8 s press: with no long-press recognizer competing, still a tap")
    t.b.hold(0.0, at: Point(x: 400, y: rowY(3)), duration: 0.8, jitter: 0.2)
    // The swipe's 0.7 s limit passes while the finger is still down; the tap is reported 0.3 s after the lift.
    t.expect = [["type": "tap", "taps": 1, "fingers": 1, "t": 1.1], select(3)]
    t.expectNone = ["swipe", "rowSwipe", "longPress"]
    t.write()

    t = CorpusTrace("tap-moved-too-far", seed: 29, note: "8 mm drift during a 0.3 s press: neither tap nor swipe")
    t.b.stroke(0.0, from: Point(x: 400, y: rowY(3)), millimeters: Point(x: 8, y: 0), duration: 0.3)
    t.expectNone = ["tap", "select", "swipe"]
    t.write()

    // --- A fingertip that rolls off as it lifts: still for 0.3 s, then 7 mm right in its last
    // 33 ms. It passes the 4.7 mm slop 17 ms before the lift, within tap.liftRollTime (0.1 s),
    // and goes 7 mm in all, within tap.liftRollMovement (12 mm); the list's vertical pan refuses
    // a sideways start, and a swipe needs 12 mm: a tap, reported 0.3 s after the lift.
    t = CorpusTrace("tap-rolled-off-at-the-lift", seed: 32,
                    note: "still 0.3 s, then 7 mm sideways in the last 33 ms before the lift: still a tap")
    do {
        let id = t.b.newID()
        let at = Point(x: 400, y: rowY(3))
        let held = t.b.path(0, [at, at], duration: 0.3, rate: 60, lift: false, id: id)
        for k in 1...4 {
            t.b.add(held + Double(k) / 120, id, k == 4 ? .up : .move, at.x + 1.75 * Double(k) * t.b.resolution.x, at.y)
        }
    }
    t.expect = [["type": "tap", "taps": 1, "fingers": 1, "x": 400, "t": .n(TraceBuilder.round(0.3 + 4.0 / 120 + 0.3, places: 6))],
                select(3)]
    t.expectNone = ["swipe", "rowSwipe", "scroll"]
    t.write()

    // --- A brief second contact: a finger taps row 2 for 0.1 s; 30 ms after it lands, another
    // contact touches row 6, 48 mm away, for 30 ms, and lifts while the first is still down.
    // Shorter than tap.minFingerTime (0.05 s), it is no second finger: it is a tap of its own
    // at its lift, where it landed (row 6 selected), and the first finger's tap is reported where
    // it landed when its double-tap window closes, 0.3 s after its lift (row 2 selected). A
    // two-finger tap would land between them, on row 4.
    t = CorpusTrace("tap-with-brief-second-contact", seed: 35,
                    note: "a 0.1 s tap, and a 30 ms contact 48 mm away while it is down: two one-finger taps, each where it landed")
    do {
        let first = t.b.newID(), second = t.b.newID()
        t.b.add(0, first, .down, 300, rowY(2))
        t.b.add(0.03, second, .down, 560, rowY(6))
        t.b.add(0.06, second, .up, 560, rowY(6))
        t.b.add(0.1, first, .up, 300, rowY(2))
    }
    t.expect = [["type": "tap", "taps": 1, "fingers": 1, "x": 560, "y": .n(rowY(6)), "t": 0.06], select(6),
                ["type": "tap", "taps": 1, "fingers": 1, "x": 300, "y": .n(rowY(2)), "t": 0.4], select(2)]
    t.expectNone = ["pinch", "swipe", "scroll"]
    t.write()

    t = CorpusTrace("tap-with-jitter", seed: 30, note: "a 0.15 s press with 0.6 mm jitter: still a tap")
    t.b.hold(0.0, at: Point(x: 400, y: rowY(6)), duration: 0.15, rate: 120, jitter: 0.6)
    t.expect = [tap(1), select(6)]
    t.write()

    t = CorpusTrace("tap-then-quick-swipe", seed: 31, note: "a tap, then 0.1 s later a swipe: the tap is reported when the second touch moves")
    t.b.tap(0.0, at: Point(x: 400, y: rowY(1)))
    t.b.stroke(0.18, from: Point(x: 500, y: rowY(5)), millimeters: Point(x: -30, y: 0), duration: 0.2)
    t.expect = [tap(1), select(1), swipe("left"), rowSwipe(5, true)]
    t.write()

    // --- Cancelled contacts.
    t = CorpusTrace("cancelled-during-swipe", seed: 32, note: "cancelled after 6 mm: no swipe, no tap")
    t.b.stroke(0.0, from: Point(x: 300, y: rowY(2)), millimeters: Point(x: 6, y: 0), duration: 0.1, end: .cancel)
    t.expectNone = ["swipe", "rowSwipe", "tap", "select"]
    t.write()

    t = CorpusTrace("cancelled-tap", seed: 33, note: "down then cancel: not a tap")
    t.b.hold(0.0, at: Point(x: 400, y: rowY(2)), duration: 0.08, end: .cancel)
    t.expectNone = ["tap", "select"]
    t.expect = ["longPress", "tap", "pinch", "rotate", "swipe", "pan", "fling"].map { failed($0, "cancelled") }
    t.write()

    t = CorpusTrace("contact-open-at-end", seed: 34, note: "the trace ends with the finger still down after a swipe")
    t.b.stroke(0.0, from: Point(x: 300, y: rowY(3)), millimeters: Point(x: 30, y: 0), duration: 0.2, lift: false)
    t.expect = [swipe("right"), rowSwipe(3, true)]
    t.write()

    // --- The lines encoding, and a recording cut off mid-line.
    t = CorpusTrace("lines-swipe-left", seed: 35, note: "the lines encoding")
    t.b.stroke(0.0, from: Point(x: 500, y: rowY(0)), millimeters: Point(x: -30, y: 0), duration: 0.2)
    t.expect = [swipe("left"), rowSwipe(0, true)]
    t.write(lines: true)

    t = CorpusTrace("lines-cut-off-last-line", seed: 36, note: "a recording whose last line was cut off by a crash")
    t.b.stroke(0.0, from: Point(x: 300, y: rowY(7)), millimeters: Point(x: 30, y: 0), duration: 0.2)
    t.expect = [swipe("right"), rowSwipe(7, true)]
    t.write(lines: true, cutLastLine: true)

    // --- Several fingers.
    t = CorpusTrace("swipe-two-finger-right", seed: 37, note: "two fingers 10 mm apart move 30 mm right together")
    for k in 0..<2 {
        t.b.stroke(0.0, from: Point(x: 300, y: rowY(3) - 25 + 50 * Double(k)), millimeters: Point(x: 30, y: 0), duration: 0.2, jitter: 0.2)
    }
    t.expect = [swipe("right", 2), rowSwipe(3, true)]
    t.write()

    t = CorpusTrace("swipe-three-finger-up", seed: 38, note: "three fingers swipe up")
    for k in 0..<3 { t.b.stroke(0.0, from: Point(x: 300 + 75 * Double(k), y: 400), millimeters: Point(x: 0, y: -30), duration: 0.2) }
    t.expect = [swipe("up", 3)]
    t.expectNone = ["rowSwipe"]
    t.write()

    // --- Where the list is, and units.
    t = CorpusTrace("swipe-below-last-row", seed: 39, scene: ["list": .object(eightRows.with(["rows": 5]))],
                    note: "five rows; a swipe below them changes none")
    t.b.stroke(0.0, from: Point(x: 300, y: 400), millimeters: Point(x: 30, y: 0), duration: 0.2)
    t.expect = [swipe("right")]
    t.expectNone = ["rowSwipe"]
    t.write()

    let mmDevice = TraceHeader.Device(name: "A surface in millimetres", width: 160, height: 96, units: "mm")
    t = CorpusTrace("units-mm-swipe", seed: 40, device: mmDevice,
                    scene: ["list": ["rows": 8, "rowHeight": 12, "width": 160, "height": 96]],
                    note: "coordinates in mm; 30 mm right on row 4")
    t.b.stroke(0.0, from: Point(x: 60, y: 54), millimeters: Point(x: 30, y: 0), duration: 0.2)
    t.expect = [swipe("right"), rowSwipe(4, true)]
    t.write()

    let noResolution = TraceHeader.Device(name: "A panel with no resolution", width: 1280, height: 800)
    let tenRows: JSONObject = ["list": ["rows": 10, "rowHeight": 80, "width": 1280, "height": 800]]
    t = CorpusTrace("default-density-swipe", seed: 41, device: noResolution, scene: tenRows,
                    note: "no resolution: 96 dpi assumed, so 60 px (15.9 mm) is a swipe")
    t.b.path(0.0, [Point(x: 600, y: 440), Point(x: 540, y: 440)], duration: 0.15)
    t.expect = [swipe("left"), rowSwipe(5, true)]
    t.write()

    t = CorpusTrace("default-density-short-stroke", seed: 42, device: noResolution, scene: tenRows,
                    note: "no resolution: 40 px is 10.6 mm at 96 dpi, short of 12 mm")
    t.b.path(0.0, [Point(x: 600, y: 440), Point(x: 640, y: 440)], duration: 0.15)
    t.expectNone = ["swipe", "rowSwipe"]
    t.write()

    let anisotropic = TraceHeader.Device(name: "Anisotropic panel", width: 1600, height: 480, resolution: Point(x: 10, y: 5))
    t = CorpusTrace("anisotropic-resolution", seed: 43, device: anisotropic,
                    scene: ["list": ["rows": 8, "rowHeight": 60, "width": 1600, "height": 480]],
                    note: "100 units right is 10 mm at 10 units/mm: no swipe; 200 units is 20 mm: a swipe")
    t.b.path(0.0, [Point(x: 600, y: rowY(2)), Point(x: 700, y: rowY(2))], duration: 0.2)
    t.b.path(0.6, [Point(x: 600, y: rowY(4)), Point(x: 800, y: rowY(4))], duration: 0.2)
    t.expect = [swipe("right"), rowSwipe(4, true)]
    t.write()

    t = CorpusTrace("no-scene-default-list", seed: 44, scene: [:], note: "no scene: default rows of 6.86 mm (34.3 units)")
    t.b.stroke(0.0, from: Point(x: 300, y: 100), millimeters: Point(x: 30, y: 0), duration: 0.2)
    t.expect = [swipe("right"), rowSwipe(2, true)]
    t.write()

    // --- Sampling rates and the time limit's edge.
    for hz in [60, 240] {
        t = CorpusTrace("swipe-right-\(hz)hz", seed: UInt64(45 + hz), note: "sampled at \(hz) Hz")
        t.b.stroke(0.0, from: Point(x: 300, y: rowY(2)), millimeters: Point(x: 30, y: 0), duration: 0.2, rate: Double(hz), jitter: 0.2)
        t.expect = [swipe("right"), rowSwipe(2, true)]
        t.write()
    }

    t = CorpusTrace("swipe-just-in-time", seed: 46, note: "reaches 12 mm at about 0.6 s: still under 0.7 s")
    t.b.stroke(0.0, from: Point(x: 300, y: rowY(2)), millimeters: Point(x: 14, y: 0), duration: 0.9, rate: 60)
    t.expect = [swipe("right"), rowSwipe(2, true)]
    t.write()

    demoSession()
}

/// The demo session the README replays: the list model as a whole. 25 rows of a 60-row feed,
/// snapping to whole cells, with infinite scroll and pull to refresh (see `lists()`), and rows
/// that slide over their actions as a phone's do: 160 units of leading actions (one button) and
/// 320 of trailing ones (two). The list is 440 units tall, so that it ends above the 40 units of
/// the demo's status bar on the 800 × 480 panel.
func demoSession() {
    let height = 440.0, rows = 25.0
    let scene: JSONObject = ["list": .object(eightRows.with(["rows": .n(rows), "height": .n(height), "snapsToCells": true,
                                                            "paging": "infinite", "refreshes": true,
                                                            "leadingActions": 160, "trailingActions": [160, 160]])),
                             "data": ["total": 60, "latency": 0.4]]
    var t = CorpusTrace("demo-session", seed: 47, scene: scene,
                        note: "pull to refresh; drag row 1 open to the right, then row 3 to the left (row 1 closes), "
                            + "drag row 3 back closed; tap row 5, double tap row 6; a slow drag that snaps; a throw to the end that loads page 2")
    // Pulled down 150 units at the top (70 shown, past 60 points): refresh; page 1 comes back.
    let refreshAt = slowDrag(&t.b, 0.0, x: 400, y: 100, steps: [50, 50, 50]).lift
    // 40 mm (200 units) strokes, claimed by the row at the slop (about 25 units in), so each
    // moves the content about 175 units: past half of the 160 leading units (opens), past half
    // of the 320 trailing ones (opens, and closes row 1 as its drag begins), and from row 3's
    // open -320 back to about -145, short of half: it closes.
    t.b.stroke(1.5, from: Point(x: 250, y: rowY(1)), millimeters: Point(x: 40, y: 0), duration: 0.25, jitter: 0.3)
    t.b.stroke(2.3, from: Point(x: 550, y: rowY(3)), millimeters: Point(x: -40, y: 0), duration: 0.25, jitter: 0.3)
    t.b.stroke(3.1, from: Point(x: 250, y: rowY(3)), millimeters: Point(x: 40, y: 0), duration: 0.25, jitter: 0.3)
    t.b.tap(3.9, at: Point(x: 400, y: rowY(5)))
    t.b.tap(4.7, at: Point(x: 380, y: rowY(6)))
    t.b.tap(4.9, at: Point(x: 382, y: rowY(6)))
    // Dragged up 200 units and held: the bottom edge (200 + 440 = 640) shows 40 of row 10's
    // 60 units, half or more, so the list snaps on to 220 (row 10 whole at the bottom).
    let lift = slowDrag(&t.b, 5.5, x: 400, y: 400, steps: [-50, -50, -50, -50]).lift
    let snappedAt = TraceBuilder.round(lift + 0.5, places: 6)
    // A throw from 220: the drag moves it 250 units to 470, momentum (2105 mm/s, the clamp)
    // carries it to the end (25 × 60 − 440 = 1060), within one screen of it: page 2 is asked
    // for there, and arrives 0.4 s later.
    let throwLift = throwUp(&t.b, 7.0)
    let end = rows * 60 - height
    let atEnd = throwLift + ListOracle.momentumReaches(end - 470, velocity: throwVelocity) / 1000
    t.expect = [["type": "refresh", "t": .n(refreshAt)], ["type": "page", "page": 1, "rows": 25],
                rowSwipe(1, true), rowSwipe(1, false), rowSwipe(3, true), rowSwipe(3, false),
                tap(1), select(5), tap(2), select(6),
                ["type": "snap", "offset": 220, "to": "cell", "t": .n(snappedAt)],
                ["type": "loadMore", "page": 2, "t": .n(atEnd), "tolerance": ["t": 1e-9]],
                ["type": "page", "page": 2, "rows": 25, "t": .n(atEnd + 0.4), "tolerance": ["t": 1e-9]]]
    t.expectNone = ["fullSwipe"]
    t.write()
}
