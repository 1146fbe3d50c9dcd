import Testing
import TouchGestures
@testable import TouchList
import TouchTestSupport

/// A single tap is reported when its double-tap window closes; an edit in that window must not
/// make it act on another row than the one the finger touched.
@Suite("A tap acts on the row it touched, through edits made before it is reported")
struct TapAfterEditTests {
    /// A tap at (400, y) lifted at 0.05 s, an edit at `editTime`, then time to 2 s; the outputs.
    func tapThenEdit(y: Double, edit: ListEdits, at editTime: Double = 0.1,
                     options: ListOptions = ListOptions()) throws -> (ListController, [ListController.Output]) {
        var c = ListController(surface: panel, list: ListModel(layout: eightRows, options: options))
        var out: [ListController.Output] = []
        c.handle(TouchFrame(time: 0, events: [TouchEvent(time: 0, id: 1, phase: .down, position: Point(x: 400, y: y))])) { out.append($0) }
        c.handle(TouchFrame(time: 0.05, events: [TouchEvent(time: 0.05, id: 1, phase: .up, position: Point(x: 400, y: y))])) { out.append($0) }
        try c.performEdits(edit, at: editTime) { out.append($0) }
        c.advance(to: 2) { out.append($0) }
        return (c, out)
    }

    func selected(_ out: [ListController.Output]) -> [Int] {
        out.compactMap { if case .list(let e) = $0, case .select(let row) = e.kind { return row }; return nil }
    }

    @Test("a row inserted above: the touched row 3 is row 4 by the time the tap is reported, and row 4 is selected")
    func insertAbove() throws {
        let (c, out) = try tapThenEdit(y: 210, edit: ListEdits(inserting: [0]))
        #expect(selected(out) == [4])
        #expect(c.list.selectedRow == 4)
        #expect(c.list.identity(ofRow: 4) == 3, "the row selected is the one that was touched")
    }

    @Test("a row deleted above: the touched row 3 is row 2, and row 2 is selected")
    func deleteAbove() throws {
        let (_, out) = try tapThenEdit(y: 210, edit: ListEdits(deleting: [0]))
        #expect(selected(out) == [2])
    }

    @Test("the touched row deleted: the tap selects nothing (not the row that took its place)")
    func touchedRowDeleted() throws {
        let (c, out) = try tapThenEdit(y: 210, edit: ListEdits(deleting: [3]))
        #expect(selected(out).isEmpty)
        #expect(c.list.selectedRow == nil)
    }

    @Test("a move of the touched row: the tap follows it")
    func touchedRowMoved() throws {
        let (_, out) = try tapThenEdit(y: 210, edit: ListEdits(moving: [RowMove(from: 3, to: 6)]))
        #expect(selected(out) == [6])
    }

    @Test("two edits in the window: the row touched is still the one, taken before the first")
    func twoEdits() throws {
        var c = ListController(surface: panel, list: ListModel(layout: eightRows))
        var out: [ListController.Output] = []
        c.handle(TouchFrame(time: 0, events: [TouchEvent(time: 0, id: 1, phase: .down, position: Point(x: 400, y: 210))])) { out.append($0) }
        c.handle(TouchFrame(time: 0.05, events: [TouchEvent(time: 0.05, id: 1, phase: .up, position: Point(x: 400, y: 210))])) { out.append($0) }
        try c.performEdits(ListEdits(inserting: [0]), at: 0.1) { out.append($0) }
        try c.performEdits(ListEdits(inserting: [0, 1]), at: 0.2) { out.append($0) }
        c.advance(to: 2) { out.append($0) }
        #expect(selected(out) == [6])
    }

    @Test("an edit made while no tap is pending changes nothing about the next tap at the same point")
    func noStaleTarget() throws {
        var c = ListController(surface: panel, list: ListModel(layout: eightRows))
        var out: [ListController.Output] = []
        // A drag that is no tap, an edit while it is down, then a tap at the drag's start.
        c.handle(TouchFrame(time: 0, events: [TouchEvent(time: 0, id: 1, phase: .down, position: Point(x: 400, y: 210))])) { out.append($0) }
        try c.performEdits(ListEdits(inserting: [0]), at: 0.01) { out.append($0) }
        c.handle(TouchFrame(time: 0.05, events: [TouchEvent(time: 0.05, id: 1, phase: .move, position: Point(x: 400, y: 150))])) { out.append($0) }
        c.handle(TouchFrame(time: 0.1, events: [TouchEvent(time: 0.1, id: 1, phase: .up, position: Point(x: 400, y: 150))])) { out.append($0) }
        c.advance(to: 3) { out.append($0) }
        let offset = c.list.contentOffset
        c.handle(TouchFrame(time: 3, events: [TouchEvent(time: 3, id: 2, phase: .down, position: Point(x: 400, y: 210))])) { out.append($0) }
        c.handle(TouchFrame(time: 3.05, events: [TouchEvent(time: 3.05, id: 2, phase: .up, position: Point(x: 400, y: 210))])) { out.append($0) }
        c.advance(to: 4) { out.append($0) }
        guard case .row(let now) = c.list.item(at: Point(x: 400, y: 210)) else { Issue.record("no row at the tap"); return }
        #expect(c.list.contentOffset == offset)
        #expect(selected(out) == [now], "the row under the point now, not one an old edit held")
    }

    @Test("a tap on an uncovered action acts at the lift, not when the double-tap window closes")
    func actionAtLift() {
        var options = ListOptions()
        options.trailingActions = [120, 120]
        var s = Script()
        let y = 3.0 * 60 + 30
        s.down(0, 0, 600, y)
        for k in 1...48 { s.move(Double(k) / 120, 0, 600 - 175 * Double(k) / 48, y) }
        s.up(0.55, 0, 425, y)
        s.down(1.5, 1, 780, y)
        s.up(1.55, 1, 780, y)
        let (_, out) = replayList(s.events, list: ListModel(layout: eightRows, options: options))
        let actions = out.compactMap { o -> Double? in if case .list(let e) = o, case .rowAction = e.kind { return e.time }; return nil }
        #expect(actions == [1.55])
        let taps = out.compactMap { o -> Double? in if case .gesture(let g) = o, case .tap = g.kind { return g.time }; return nil }
        #expect(taps == [1.55], "the tap is reported with its action, once")
    }

    @Test("a tap on a row's content (no action under it) still waits for the double-tap window")
    func contentTapWaits() {
        var s = Script()
        s.down(0, 1, 400, 210)
        s.up(0.05, 1, 400, 210)
        let (_, out) = replayList(s.events, list: ListModel(layout: eightRows))
        let taps = out.compactMap { o -> Double? in if case .gesture(let g) = o, case .tap = g.kind { return g.time }; return nil }
        #expect(taps == [0.35])
    }

    @Test("identities: the row of an identity is found through edits, and none for a deleted one")
    func rowOfIdentity() throws {
        var m = ListModel(layout: eightRows)
        try m.performEdits(ListEdits(deleting: [2], inserting: [0, 5]), at: 1, surface: panel) { _ in }
        for row in 0..<m.rowCount { #expect(m.identities.row(ofId: m.identity(ofRow: row)) == row) }
        #expect(m.identities.row(ofId: 2) == nil)
        #expect(m.identities.row(ofId: 99) == nil)
    }
}
