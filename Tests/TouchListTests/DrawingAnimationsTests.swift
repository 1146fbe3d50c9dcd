import Testing
import TouchGestures
@testable import TouchList
import TouchTestSupport

/// What a renderer needs while the list animates by itself: whether it does (``ListController/isAnimating``),
/// and where each cell is drawn (``ListModel/drawn(_:at:)``).
@Suite("Drawing a list while it animates: edits and reorder")
struct DrawingAnimationsTests {
    @Test("an edit animates for 0.25 s: isAnimating says so (it said false), and the ended animation is let go (it lingered until the next edit)")
    func editAnimates() throws {
        var c = ListController(surface: panel, list: ListModel(layout: eightRows))
        try c.performEdits(ListEdits(inserting: [0]), at: 1) { _ in }
        #expect(c.isAnimating)
        #expect(c.nextDeadline == nil, "nothing waits for a deadline: the screen redraws each frame while isAnimating")
        c.advance(to: 1.2) { _ in }
        #expect(c.isAnimating && c.list.editAnimations.count == 1)
        c.advance(to: 1.25) { _ in }
        #expect(!c.isAnimating)
        #expect(c.list.editAnimations.isEmpty)
    }

    @Test("rows collapsing at one place from one time are one animation: 1,000 deletes of the top row keep one (they kept 1,000, and each edit scanned them all)")
    func deletesAtOnePlaceAreOneAnimation() throws {
        var c = ListController(surface: panel, list: ListModel(layout: ListLayout(rows: 2000, rowHeight: 60, width: 800, height: 480)))
        for _ in 0..<1000 { try c.performEdits(ListEdits(deleting: [0]), at: 1) { _ in } }
        #expect(c.list.editAnimations.count == 1)
        #expect(c.list.editAnimations.first.map { $0.kind == .collapse && $0.height == 60_000 } == true)
        // Half-way, the place has half of the 1,000 rows' height left, as the 1,000 had together.
        #expect(abs((c.list.editAnimations.first?.shownHeight(at: 1.125) ?? 0) - 30_000) < 1e-6)
        c.advance(to: 1.25) { _ in }
        #expect(c.list.editAnimations.isEmpty)
    }

    @Test("drawn: an inserted row grows and the rows below follow it; a deleted row's place closes")
    func drawnThroughAnEdit() throws {
        var c = ListController(surface: panel, list: ListModel(layout: eightRows))
        try c.performEdits(ListEdits(deleting: [4], inserting: [0]), at: 1) { _ in }
        let cells = c.list.layoutCells()
        func drawn(_ row: Int, _ t: Double) -> (y: Double, height: Double) {
            c.list.drawn(cells.first { $0.item == .row(row) }!, at: t)
        }
        // At the edit: the new row 0 has no height yet and the old rows are where they were.
        #expect(drawn(0, 1).height == 0)
        for r in 1...4 { #expect(abs(drawn(r, 1).y - cells.first { $0.item == .row(r) }!.y + 60) < 1e-9, "row \(r)") }
        // Old row 4 (deleted) still takes its place: old row 5, now row 5 again, is drawn where it was.
        #expect(abs(drawn(5, 1).y - cells.first { $0.item == .row(5) }!.y) < 1e-9)
        // At the end, every cell where the model lays it out.
        for cell in cells {
            let d = c.list.drawn(cell, at: 1.25)
            #expect(d.y == cell.y && d.height == cell.height, "\(cell.item) drawn at \(d) at the end")
        }
        // Half-way in time, half-way in place (accelerate-decelerate).
        #expect(abs(drawn(0, 1.125).height - 30) < 1e-9)
    }

    @Test("an edit while a row settles reports the row's offset once at the edit's time (the controller and the list each let time pass: twice)")
    func editDuringASettleReportsOnce() throws {
        var options = ListOptions()
        options.trailingActions = [80]
        var c = ListController(surface: panel, list: ListModel(layout: eightRows, options: options))
        var out: [ListController.Output] = []
        var t = 0.0
        c.handle(TouchFrame(time: t, events: [TouchEvent(time: t, id: 1, phase: .down, position: Point(x: 500, y: 150))])) { out.append($0) }
        for k in 1...12 {
            t = Double(k) / 60
            c.handle(TouchFrame(time: t, events: [TouchEvent(time: t, id: 1, phase: .move, position: Point(x: 500 - 12.5 * Double(k), y: 150))])) { out.append($0) }
        }
        t += 0.01
        c.handle(TouchFrame(time: t, events: [TouchEvent(time: t, id: 1, phase: .up, position: Point(x: 350, y: 150))])) { out.append($0) }
        // Settling open for 0.25 s from the lift: an edit half-way.
        let edit = t + 0.1
        try c.performEdits(ListEdits(inserting: [7]), at: edit) { out.append($0) }
        let offsets = out.filter { if case .list(let e) = $0, case .rowOffset(2, _) = e.kind, e.time == edit { return true }; return false }
        #expect(offsets.count == 1, "\(offsets)")
    }

    @Test("an open row closes when another row is lifted to be reordered (it stayed open, against one open row at a time)")
    func liftClosesTheOpenRow() throws {
        var options = ListOptions()
        options.reorder = true
        options.trailingActions = [80]
        var c = ListController(surface: panel, list: ListModel(layout: eightRows, options: options))
        var out: [ListController.Output] = []
        // Row 2 swiped open: 30 mm left at y 150.
        var t = 0.0
        func frame(_ phase: TouchPhase, _ x: Double, _ y: Double) {
            c.handle(TouchFrame(time: t, events: [TouchEvent(time: t, id: 1, phase: phase, position: Point(x: x, y: y))])) { out.append($0) }
        }
        frame(.down, 500, 150)
        for k in 1...12 { t = Double(k) / 60; frame(.move, 500 - 12.5 * Double(k), 150) }
        t += 0.01; frame(.up, 350, 150)
        c.advance(to: 1) { out.append($0) }
        #expect(c.list.rowSwipes.swiped.contains(2), "row 2 did not open")
        // Row 5 held 0.6 s, then lifted.
        t = 2; frame(.down, 400, 330)
        c.advance(to: 2.6) { out.append($0) }
        #expect(c.list.reorder.phase == .lifted)
        #expect(!c.list.rowSwipes.swiped.contains(2), "row 2 stayed open while row 5 was lifted")
        #expect(out.contains { if case .list(let e) = $0, case .rowSwipe(2, nil) = e.kind { return true }; return false })
    }
}
