import Foundation
import TouchGestures
import TouchTestSupport
import TouchTools
import TouchTrace

/// Rows that slide over their actions (`scene.list.leadingActions`, `trailingActions`): the
/// content follows the finger once the row claims the drag, and at the lift settles open when it
/// is at least half-way into a side's actions or was flicked toward them (184 mm/s), closed
/// otherwise; 40% of the rest of the width past the actions is a full swipe; one row is open
/// at a time, and a scroll or a tap closes it. Each trace's note works its outcome out.
func rowSlides() {
    // 160 units (32 mm) of leading actions, 240 (48 mm) of trailing ones, on 800-unit rows.
    let sliding = eightRows.with(["leadingActions": 160, "trailingActions": 240])
    let scene: JSONObject = ["list": .object(sliding)]
    let y3 = rowY(3), y5 = rowY(5)
    /// A drag along `points` in `duration`, then held still for 0.15 s before the lift (a lift
    /// with no speed: the distance decides).
    func dragAndRest(_ t: inout CorpusTrace, _ t0: Double, _ points: [Point], duration: Double) -> Double {
        let id = t.b.newID()
        let end = t.b.path(t0, points, duration: duration, lift: false, id: id)
        return t.b.path(end, [points[points.count - 1], points[points.count - 1]], duration: 0.15, rate: 60, id: id, down: false)
    }

    // --- 35 mm left, at rest at the lift: the row claims the drag at the 4.7 mm slop (a
    // horizontal start, 4:1), so the content is about 30 mm (150 units) into the 240 units
    // of trailing actions: past half of them, it settles open.
    var t = CorpusTrace("row-slide-drag-left-opens-trailing-actions", seed: 400, scene: scene,
                        note: "trailing 240, leading 160: 35 mm left and held: 150 of 240 units in at the lift, past half: open")
    _ = dragAndRest(&t, 0, [Point(x: 600, y: y3), Point(x: 425, y: y3)], duration: 0.4)
    t.expect = [rowSwipe(3, true, side: "trailing")]
    t.expectNone = ["fullSwipe", "select"]
    t.write()

    // --- 15 mm left, held: about 10 mm (50 units) in, short of half of 240: it settles closed,
    // and the row never changes state (the swipe gesture at 12 mm is the lift's to decide).
    t = CorpusTrace("row-slide-short-drag-closes", seed: 401, scene: scene,
                    note: "15 mm left and held: about 50 of 240 units in, short of half: closed, no rowSwipe")
    _ = dragAndRest(&t, 0, [Point(x: 600, y: y3), Point(x: 525, y: y3)], duration: 0.3)
    t.expect = [swipe("left")]
    t.expectNone = ["rowSwipe", "fullSwipe"]
    t.write()

    // --- The same 15 mm flicked in 0.08 s and lifted moving: the fling's speed across (far
    // above 184 mm/s) opens the side it moves toward, whatever the distance.
    t = CorpusTrace("row-slide-flick-opens", seed: 402, scene: scene,
                    note: "15 mm left in 0.08 s, lifted moving: a fling over 184 mm/s opens the trailing actions")
    t.b.path(0, [Point(x: 600, y: y3), Point(x: 525, y: y3)], duration: 0.08, rate: 120)
    t.expect = [rowSwipe(3, true, side: "trailing")]
    t.expectNone = ["fullSwipe"]
    t.write()

    // --- 25 mm right, held: the leading side (160 units) is uncovered; about 20 mm (100
    // units) in, past half: open.
    t = CorpusTrace("row-slide-drag-right-opens-leading-actions", seed: 403, scene: scene,
                    note: "25 mm right and held: about 100 of 160 leading units in, past half: open")
    _ = dragAndRest(&t, 0, [Point(x: 200, y: y3), Point(x: 325, y: y3)], duration: 0.35)
    t.expect = [rowSwipe(3, true, side: "leading")]
    t.expectNone = ["fullSwipe"]
    t.write()

    // --- 110 mm left: the unbanded drag is about 525 units, 285 past the 240 of actions,
    // more than 40% of the other 560 (224): a full swipe of the trailing side; the row then
    // settles closed, and since it was closed before, its state never changes.
    t = CorpusTrace("row-slide-full-swipe", seed: 404, scene: scene,
                    note: "110 mm left and held: about 285 units past the trailing actions, over 224 (40% of the rest): fullSwipe, then closed")
    _ = dragAndRest(&t, 0, [Point(x: 780, y: y3), Point(x: 230, y: y3)], duration: 0.6)
    t.expect = [["type": "fullSwipe", "row": 3, "side": "trailing"], ["type": "rowAction", "row": 3, "side": "trailing", "index": 0]]
    t.expectNone = ["rowSwipe"]
    t.write()

    // --- One row open at a time: row 3 opened, then row 5 dragged open: row 3 closes when
    // row 5 claims its drag, row 5 opens at its lift.
    t = CorpusTrace("row-slide-second-row-closes-the-first", seed: 405, scene: scene,
                    note: "row 3 dragged open, then row 5: row 3 closes as row 5's drag begins, row 5 opens at its lift")
    var at = dragAndRest(&t, 0, [Point(x: 600, y: y3), Point(x: 425, y: y3)], duration: 0.4)
    _ = dragAndRest(&t, at + 0.3, [Point(x: 600, y: y5), Point(x: 425, y: y5)], duration: 0.4)
    t.expect = [rowSwipe(3, true, side: "trailing"), rowSwipe(3, false, side: .null), rowSwipe(5, true, side: "trailing")]
    t.write()

    // --- A scroll closes the open row: row 3 opened, then a vertical drag on a 40-row list.
    t = CorpusTrace("row-slide-scroll-closes-the-open-row", seed: 406,
                    scene: ["list": .object(sliding.with(["rows": 40]))],
                    note: "row 3 dragged open, then a 30 mm drag up: the scroll's start closes row 3")
    at = dragAndRest(&t, 0, [Point(x: 600, y: y3), Point(x: 425, y: y3)], duration: 0.4)
    _ = dragAndRest(&t, at + 0.3, [Point(x: 400, y: 400), Point(x: 400, y: 250)], duration: 0.3)
    t.expect = [rowSwipe(3, true), rowSwipe(3, false)]
    t.expectNone = ["select"]
    t.write()

    // --- The row's drag is an arena member: a horizontal drag on row 3, then a vertical one.
    // In the first the scroll gives the touch up across its axis at the slop and the drag wins
    // there (before the swipe, which needs 12 mm); in the second the scroll wins at the slop
    // and rejects the drag. Swipes recognize together with both (30 mm up in 0.3 s is a swipe
    // too), so every `won`, in order: drag, swipe; pan, swipe.
    t = CorpusTrace("row-slide-drag-wins-the-arena", seed: 408,
                    scene: ["list": .object(sliding.with(["rows": 40]))],
                    note: "35 mm left on row 3: the drag wins where the scroll gives up (4.7 mm), then the swipe; 30 mm up: the scroll wins and rejects the drag, then the swipe")
    at = dragAndRest(&t, 0, [Point(x: 600, y: y3), Point(x: 425, y: y3)], duration: 0.4)
    _ = dragAndRest(&t, at + 0.5, [Point(x: 400, y: 400), Point(x: 400, y: 250)], duration: 0.3)
    t.expect = [["type": "won", "recognizer": "drag", "contact": 0], ["type": "won", "recognizer": "swipe", "contact": 0],
                ["type": "won", "recognizer": "pan", "contact": 1], ["type": "won", "recognizer": "swipe", "contact": 1]]
    t.write()

    // --- The drag's reports, every one pinned: 6 mm left crosses the scroll's 4.7 mm slop
    // across its axis, so the drag claims the touch in that frame (began, at the finger); the
    // next move is a change; a frame where the finger stays put reports nothing; the lift ends
    // it where the finger was. 60 of 240 units in at a lift at rest: the row settles closed.
    t = CorpusTrace("row-slide-drag-few-frames", seed: 419, scene: scene,
                    note: "the drag in four frames: began at the slop (x 570), changed (x 510), nothing for a frame at rest, ended at the lift")
    for (time, phase, x) in [(0.0, TouchPhase.down, 600.0), (0.05, .move, 570), (0.1, .move, 510), (0.15, .move, 510), (0.25, .up, 510)] {
        t.b.add(time, 0, phase, x, y3)
    }
    t.expect = [["type": "drag", "phase": "began", "t": 0.05, "x": 570, "y": .number(y3), "fingers": 1, "start": ["x": 600, "y": .number(y3)]],
                ["type": "drag", "phase": "changed", "t": 0.1, "x": 510, "fingers": 1],
                ["type": "drag", "phase": "ended", "t": 0.25, "x": 510, "fingers": 1, "start": ["x": 600, "y": .number(y3)]]]
    t.expectNone = ["rowSwipe", "fullSwipe"]
    t.write()

    // --- A tap closes the open row and selects nothing.
    t = CorpusTrace("row-slide-tap-closes-the-open-row", seed: 407, scene: scene,
                    note: "row 3 dragged open, then a tap on row 5: row 3 closes, nothing is selected")
    at = dragAndRest(&t, 0, [Point(x: 600, y: y3), Point(x: 425, y: y3)], duration: 0.4)
    t.b.tap(at + 0.3, at: Point(x: 400, y: y5))
    t.expect = [rowSwipe(3, true), tap(), rowSwipe(3, false)]
    t.expectNone = ["select"]
    t.write()

    listEdits()
}
