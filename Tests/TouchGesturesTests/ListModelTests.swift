import Testing
import TouchGestures

@Suite("List model")
struct ListModelTests {
    func swipe(_ dir: SwipeDirection, row: Int, t: Double = 0) -> GestureEvent {
        let y = Double(row) * 60 + 30
        return GestureEvent(time: t, kind: .swipe(.init(direction: dir, fingers: 1, start: Point(x: 300, y: y),
                                                       end: Point(x: 400, y: y), duration: 0.1, velocity: .zero)))
    }

    func tap(row: Int, t: Double = 0) -> GestureEvent {
        GestureEvent(time: t, kind: .tap(.init(position: Point(x: 300, y: Double(row) * 60 + 30), taps: 1, fingers: 1)))
    }

    func apply(_ model: inout ListModel, _ events: [GestureEvent]) -> [GestureEvent.Kind] {
        var out: [GestureEvent.Kind] = []
        for e in events { model.apply(e) { out.append($0.kind) } }
        return out
    }

    @Test func hitTestingUsesTheViewport() {
        let l = ListLayout(rows: 5, rowHeight: 60, top: 20, left: 10, width: 400, height: 200)
        #expect(l.row(at: Point(x: 10, y: 20)) == 0)
        #expect(l.row(at: Point(x: 409.9, y: 79.9)) == 0)
        #expect(l.row(at: Point(x: 100, y: 80)) == 1)
        #expect(l.row(at: Point(x: 100, y: 219)) == 3)
        #expect(l.row(at: Point(x: 100, y: 220)) == nil, "below the viewport")
        #expect(l.row(at: Point(x: 9, y: 50)) == nil, "left of the list")
        #expect(ListLayout(rows: 2, rowHeight: 60, width: 800, height: 480).row(at: Point(x: 1, y: 130)) == nil, "below the last row")
    }

    @Test func defaultListFillsTheSurfaceWithUIKitRows() {
        let l = ListLayout.standard(for: panel)
        #expect(abs(l.rowHeight - 44 * 25.4 / 163 * 5) < 1e-9)
        #expect(l.rows == 15, "480 / 34.3 = 14.0…: the fifteenth row is partly visible")
    }

    @Test func toggleFlipsOnAnyHorizontalSwipe() {
        var m = ListModel(layout: eightRows)
        let out = apply(&m, [swipe(.right, row: 2), swipe(.left, row: 2), swipe(.up, row: 2), swipe(.left, row: 4)])
        #expect(out == [.rowSwipe(row: 2, swiped: true), .rowSwipe(row: 2, swiped: false), .rowSwipe(row: 4, swiped: true)])
        #expect(m.swiped == [false, false, false, false, true, false, false, false])
    }

    @Test func directionalLeftOpensRightCloses() {
        var m = ListModel(layout: eightRows, policy: .directional)
        let out = apply(&m, [swipe(.right, row: 1), swipe(.left, row: 1), swipe(.left, row: 1), swipe(.right, row: 1)])
        #expect(out == [.rowSwipe(row: 1, swiped: true), .rowSwipe(row: 1, swiped: false)])
    }

    @Test func oneOpenClosesTheOtherAndTapsCloseWithoutSelecting() {
        var m = ListModel(layout: eightRows, policy: .oneOpen)
        let out = apply(&m, [swipe(.left, row: 1), swipe(.left, row: 3), tap(row: 5), tap(row: 5)])
        #expect(out == [.rowSwipe(row: 1, swiped: true), .rowSwipe(row: 1, swiped: false),
                        .rowSwipe(row: 3, swiped: true), .rowSwipe(row: 3, swiped: false), .select(row: 5)])
        #expect(m.openRow == nil)
        #expect(m.selectedRow == 5)
    }

    @Test func tapSelectsTheRowUnderIt() {
        var m = ListModel(layout: eightRows)
        #expect(apply(&m, [tap(row: 6)]) == [.select(row: 6)])
        #expect(m.selectedRow == 6)
        #expect(apply(&m, [GestureEvent(time: 0, kind: .tap(.init(position: Point(x: 300, y: 900), taps: 1, fingers: 1)))]).isEmpty)
        #expect(m.selectedRow == 6)
    }
}
