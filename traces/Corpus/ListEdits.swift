import Foundation
import TouchGestures
import TouchTestSupport
import TouchTools
import TouchTrace

func edit(deleted: Int = 0, inserted: Int = 0, moved: Int = 0) -> JSONObject {
    ["type": "edit", "deleted": .number(Double(deleted)), "inserted": .number(Double(inserted)), "moved": .number(Double(moved))]
}
func rowDeleted(_ row: Int) -> JSONObject { ["type": "rowDeleted", "row": .number(Double(row))] }
func rowInserted(_ row: Int) -> JSONObject { ["type": "rowInserted", "row": .number(Double(row))] }
func rowAction(_ row: Int, _ side: String, _ index: Int) -> JSONObject {
    ["type": "rowAction", "row": .number(Double(row)), "side": .string(side), "index": .number(Double(index))]
}

/// Edits (`scene.list.edits`) and the actions that lead to them. An edit is applied after the
/// frame at its time, as an app answering that frame's outputs would. Each trace's note works its
/// outcome out from the rules in docs/trace-format.md.
func listEdits() {
    func scene(_ list: JSONObject, _ edits: [JSONValue]) -> JSONObject {
        ["list": .object(list.with(["edits": .array(edits)]))]
    }
    let thirty = eightRows.with(["rows": 30])

    // --- Scrolled to 600 (row 10 at the top): deleting rows 2 and 3, above the view, keeps row 10
    // where it is on the screen: it is row 8 now, its top 480, so the offset becomes 480. A tap on
    // the top row then selects row 8.
    var t = CorpusTrace("list-edit-delete-above-keeps-rows-in-place", seed: 500,
                        scene: scene(thirty.with(["offset": 600]), [["t": 0.1, "delete": [2, 3]]]),
                        note: "offset 600 (row 10 at the top); rows 2 and 3 deleted at 0.1 s: row 10 is row 8, top 480, offset 480; a tap at the top selects row 8")
    t.b.tap(0.3, at: Point(x: 400, y: 30))
    t.expect = [edit(deleted: 2), rowDeleted(2), rowDeleted(3), scroll(480, true), tap(), select(8)]
    t.write()

    // --- At the top, a row inserted at 0 shows: the offset stays 0, and the top row is the new one.
    t = CorpusTrace("list-edit-insert-at-top-shows-the-row", seed: 501,
                    scene: scene(eightRows, [["t": 0.1, "insert": [0]]]),
                    note: "at offset 0 a row inserted at 0 shows at the top: no scroll; a tap at the top selects the new row 0")
    t.b.tap(0.3, at: Point(x: 400, y: 30))
    t.expect = [edit(inserted: 1), rowInserted(0), tap(), select(0)]
    t.expectNone = ["scroll"]
    t.write()

    // --- A tap is reported when its double-tap window closes (0.3 s after the lift); an edit in
    // that window moves the rows under its point. The row the finger touched decides: row 3 is
    // tapped (lifted at 0.38 s), a row is inserted at 0 at 0.5 s, so row 3 is row 4 when the tap
    // is reported at 0.68 s, and row 4 is selected (row 3 is then the row that was above it).
    t = CorpusTrace("list-edit-in-a-taps-window-selects-the-touched-row", seed: 509,
                    scene: scene(eightRows, [["t": 0.5, "insert": [0]]]),
                    note: "row 3 tapped (lift 0.38 s), a row inserted at 0 at 0.5 s, in the double-tap window: the tap selects row 4, the row touched")
    t.b.tap(0.3, at: Point(x: 400, y: rowY(3)))
    t.expect = [edit(inserted: 1), rowInserted(0), tap(), select(4)]
    t.write()

    // --- The same, the touched row deleted in the window: the tap selects nothing (not row 4,
    // which took its place).
    t = CorpusTrace("list-edit-in-a-taps-window-deleting-its-row-selects-nothing", seed: 510,
                    scene: scene(eightRows, [["t": 0.5, "delete": [3]]]),
                    note: "row 3 tapped (lift 0.38 s), row 3 deleted at 0.5 s: the tap selects nothing")
    t.b.tap(0.3, at: Point(x: 400, y: rowY(3)))
    t.expect = [edit(deleted: 1), rowDeleted(3), tap()]
    t.expectNone = ["select"]
    t.write()

    // --- The selection follows its row: row 2 selected, moved to 5; a tap on row 5 is a tap on
    // the selected row, so nothing is deselected (had the selection stayed at index 2, the tap
    // would deselect row 2 first).
    t = CorpusTrace("list-edit-move-keeps-the-selection", seed: 502,
                    scene: scene(eightRows, [["t": 0.4, "move": ["from": 2, "to": 5]]]),
                    note: "row 2 selected, moved to 5 at 0.4 s; a tap on row 5 selects it again with no deselect")
    t.b.tap(0, at: Point(x: 400, y: rowY(2)))
    t.b.tap(0.8, at: Point(x: 400, y: rowY(5)))
    t.expect = [tap(), select(2), edit(moved: 1), ["type": "rowMoved", "from": 2, "to": 5], tap(), select(5)]
    t.expectNone = ["deselect"]
    t.write()

    // --- Actions that act: trailing actions of 120 and 120 units (Delete at the edge, then
    // Flag). Row 3 dragged open (150 of 240 units in, past half); a tap 180 units in from the right
    // edge is over the second action (index 1); the row closes.
    let actions = eightRows.with(["leadingActions": 160, "trailingActions": [120, 120]])
    func dragAndRest(_ t: inout CorpusTrace, _ t0: Double, _ points: [Point], duration: Double) -> Double {
        let id = t.b.newID()
        let end = t.b.path(t0, points, duration: duration, lift: false, id: id)
        return t.b.path(end, [points[points.count - 1], points[points.count - 1]], duration: 0.15, rate: 60, id: id, down: false)
    }
    t = CorpusTrace("row-slide-tap-on-an-action-runs-it", seed: 503, scene: ["list": .object(actions)],
                    note: "trailing [120, 120]: row 3 opened, a tap 180 units in from the right edge runs action 1, then the row closes")
    var at = dragAndRest(&t, 0, [Point(x: 600, y: rowY(3)), Point(x: 425, y: rowY(3))], duration: 0.4)
    t.b.tap(at + 0.5, at: Point(x: 620, y: rowY(3)))
    t.expect = [rowSwipe(3, true), tap(), rowAction(3, "trailing", 1), rowSwipe(3, false)]
    t.expectNone = ["select"]
    t.write()

    // --- Delete: the same, the tap on the action at the edge (index 0, 20 units in), and the app
    // deletes the row in answer (an edit at 2.5 s, after the tap): the row is gone, rows below move
    // up, and a tap where row 3 was selects the row that was row 4, now row 3.
    t = CorpusTrace("row-slide-delete-action-removes-the-row", seed: 504,
                    scene: scene(actions.with(["selection": "single"]), [["t": 2.5, "delete": [3]]]),
                    note: "row 3 opened, Delete (index 0) tapped, the app deletes row 3 at 2.5 s; a tap where it was selects row 3 (the old row 4)")
    at = dragAndRest(&t, 0, [Point(x: 600, y: rowY(3)), Point(x: 425, y: rowY(3))], duration: 0.4)
    precondition(at + 0.5 + 0.08 < 2.5)
    t.b.tap(at + 0.5, at: Point(x: 780, y: rowY(3)))
    t.b.tap(3.0, at: Point(x: 400, y: rowY(3)))
    t.expect = [rowSwipe(3, true), tap(), rowAction(3, "trailing", 0), rowSwipe(3, false), edit(deleted: 1), rowDeleted(3), tap(), select(3)]
    t.write()

    // --- Drag to reorder: a long press (held 0.6 s, past the 0.5 s) lifts row 2 (y 120-180, the
    // finger at 150); 24 mm down (120 units) in 0.5 s puts its center at 270, over row 4
    // (240-300): dropped there, row 2 goes to 4. No scroll: the long press owns the touch.
    let reorderList = eightRows.with(["reorder": true])
    func pressDragLift(_ t: inout CorpusTrace, from: Point, to: Point, hold: Double = 0.6, duration: Double, rest: Double = 0.1) {
        let id = t.b.newID()
        let held = t.b.path(0, [from, from], duration: hold, rate: 60, lift: false, id: id)
        let moved = t.b.path(held, [from, to], duration: duration, lift: false, id: id, down: false)
        _ = t.b.path(moved, [to, to], duration: rest, rate: 60, id: id, down: false)
    }
    t = CorpusTrace("list-reorder-drag-down-two-rows", seed: 505, scene: ["list": .object(reorderList)],
                    note: "long press on row 2, 24 mm down: its center over row 4 at the lift: rowMoved 2 to 4, no scroll")
    pressDragLift(&t, from: Point(x: 400, y: 150), to: Point(x: 400, y: 270), duration: 0.5)
    t.expect = [["type": "rowMoved", "from": 2, "to": 4]]
    t.expectNone = ["scroll", "pan", "select", "rowSwipe"]
    t.write()

    // --- The same press and drag on a list without reorder: a long press and nothing else.
    t = CorpusTrace("list-long-press-without-reorder-moves-nothing", seed: 506,
                    note: "the same long press and drag with reorder off: the long press is reported, no row moves")
    pressDragLift(&t, from: Point(x: 400, y: 150), to: Point(x: 400, y: 270), duration: 0.5)
    t.expect = [["type": "won", "recognizer": "longPress"]]
    t.expectNone = ["rowMoved", "scroll", "select"]
    t.write()

    // --- Near the bottom edge the list scrolls by itself: row 1 of 40 (grabbed 30 units below its
    // top) lifted and dragged to y 470, its bottom 20 of its 60 units past the list's 480, then held
    // 2.5 s. Speed (ItemTouchHelper): 190.5 mm/s × (1 + (1/3 − 1)⁵ = 0.868) × (t/2 s)⁵, at least
    // 9.5 mm/s. The row's bottom passes 480 at about 1.09 s (the finger at 450 on its eased way to
    // 470) and the lift is at 3.7 s: 2.6 s at the edge, about 9 mm while the minimum holds, 46 mm
    // more to 2 s, then 165 mm/s for 0.6 s: about 154 mm, 770 units. The row's center (viewport
    // 470) is then near content 1240: row 20, give or take two for the edge's first frames.
    t = CorpusTrace("list-reorder-autoscroll-at-the-bottom-edge", seed: 507,
                    scene: ["list": .object(reorderList.with(["rows": 40]))],
                    note: "row 1 lifted and held at the bottom edge 2.5 s: the list scrolls by itself about 770 units; row 1 drops at row 20 ± 2")
    pressDragLift(&t, from: Point(x: 400, y: 90), to: Point(x: 400, y: 470), duration: 0.6, rest: 2.5)
    t.expect = [["type": "rowMoved", "from": 1, "to": 20, "tolerance": ["to": 2]]]
    t.expectNone = ["pan", "select"]
    t.write()
}
