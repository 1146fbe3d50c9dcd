import Testing
import TouchGestures
@testable import TouchList
import TouchTestSupport

/// Drag to reorder: the autoscroll as a pure function, and the lifted row's states as long
/// presses drive them.
@Suite("Drag to reorder")
struct ReorderTests {
    let physics = ReorderPhysics()

    @Test("the autoscroll speed is ItemTouchHelper's: depth capped by one row, a fifth-power ramp over 2 s, a floor")
    func autoscrollSpeed() {
        #expect(physics.autoscrollSpeed(outOfBounds: 0, rowHeight: 60, elapsed: 5) == 0)
        #expect(physics.autoscrollSpeed(outOfBounds: -3, rowHeight: 60, elapsed: 5) == 0)
        let max = 20.0 / 160 * 25.4 * 60
        #expect(abs(physics.autoscrollSpeed(outOfBounds: 60, rowHeight: 60, elapsed: 2) - max) < 1e-9)
        #expect(abs(physics.autoscrollSpeed(outOfBounds: 600, rowHeight: 60, elapsed: 9) - max) < 1e-9)
        // A third of the row out: 1 + (−2/3)⁵ of the most.
        let third = physics.autoscrollSpeed(outOfBounds: 20, rowHeight: 60, elapsed: 2)
        #expect(abs(third - max * (1 - 32.0 / 243)) < 1e-9)
        // Half-way through the ramp: (1/2)⁵ of it, 5.95 mm/s, below the 9.5 mm/s floor.
        #expect(physics.autoscrollSpeed(outOfBounds: 60, rowHeight: 60, elapsed: 1) == physics.minAutoscrollSpeed)
        let late = physics.autoscrollSpeed(outOfBounds: 60, rowHeight: 60, elapsed: 1.8)
        #expect(abs(late - max * 0.9 * 0.9 * 0.9 * 0.9 * 0.9) < 1e-9)
        // Deeper and longer is never slower.
        var last = 0.0
        for k in 1...60 {
            let v = physics.autoscrollSpeed(outOfBounds: Double(k), rowHeight: 60, elapsed: Double(k) / 20)
            #expect(v >= last)
            last = v
        }
    }

    func press(_ phase: GesturePhase, _ y: Double, _ t: Double) -> GestureEvent {
        GestureEvent(time: t, kind: .longPress(.init(phase: phase, fingers: 1, position: Point(x: 400, y: y), duration: t)))
    }

    func list(reorder: Bool = true) -> ListModel {
        var options = ListOptions()
        options.reorder = reorder
        var m = ListModel(layout: eightRows, options: options)
        m.reorderLog.isRecording = true
        return m
    }

    @Test("lift, move, drop: the row goes where its center is, the others keep their order, and it settles")
    func liftMoveDrop() {
        var m = list()
        var events: [ListEvent] = []
        m.selectedRows = [2]
        m.touchBegan(at: 0)
        m.apply(press(.began, 150, 0.5), surface: panel) { events.append($0) }
        m.apply(press(.changed, 200, 0.6), surface: panel) { events.append($0) }
        guard case .lifted(let l) = m.reorder else { Issue.record("not lifted"); return }
        #expect(l.row == 2 && l.grab == 30 && l.target == 3)
        #expect(m.reorderDisplacement(ofRow: 2, at: 0.6) == 50)
        #expect(m.reorderDisplacement(ofRow: 3, at: 0.6) == -60)    // makes room
        #expect(m.reorderDisplacement(ofRow: 4, at: 0.6) == 0)
        m.apply(press(.changed, 330, 0.7), surface: panel) { events.append($0) }
        m.apply(press(.ended, 330, 0.8), surface: panel) { events.append($0) }
        #expect(events.map(\.kind) == [.rowMoved(from: 2, to: 5)])
        #expect(m.selectedRows == [5])                               // the selection went with it
        #expect(m.identity(ofRow: 5) == 2 && m.identity(ofRow: 2) == 3)
        guard case .settling(let s) = m.reorder else { Issue.record("not settling"); return }
        #expect(s.row == 5 && s.from == 0)                            // dropped right over its slot
        m.advance(to: 2, surface: panel) { events.append($0) }
        #expect(m.reorder == .idle)
        #expect(m.reorderLog.entries.map(\.to) == [.lifted, .settling, .idle])
    }

    @Test("a cancelled lift, a deleted lifted row, and a list without reorder move nothing")
    func nothingMoves() throws {
        var m = list()
        var events: [ListEvent] = []
        m.touchBegan(at: 0)
        m.apply(press(.began, 150, 0.5), surface: panel) { events.append($0) }
        m.apply(press(.changed, 330, 0.6), surface: panel) { events.append($0) }
        m.apply(press(.cancelled, 330, 0.7), surface: panel) { events.append($0) }
        #expect(m.reorder == .idle && events.isEmpty)

        m.apply(press(.began, 150, 1.5), surface: panel) { events.append($0) }
        try m.performEdits(ListEdits(deleting: [2]), at: 1.6, surface: panel) { _ in }
        #expect(m.reorder == .idle)
        m.apply(press(.ended, 330, 1.7), surface: panel) { events.append($0) }
        #expect(events.isEmpty)

        var off = list(reorder: false)
        off.apply(press(.began, 150, 0.5), surface: panel) { events.append($0) }
        off.apply(press(.ended, 330, 0.8), surface: panel) { events.append($0) }
        #expect(off.reorder == .idle && events.isEmpty)
    }

    @Test("held at the bottom edge, the list scrolls by itself, faster as time goes on, and stops at the end")
    func autoscrolls() {
        var options = ListOptions()
        options.reorder = true
        var m = ListModel(layout: ListLayout(rows: 40, rowHeight: 60, width: 800, height: 480), options: options)
        m.touchBegan(at: 0)
        m.apply(press(.began, 90, 0.5), surface: panel) { _ in }
        m.apply(press(.changed, 480, 0.6), surface: panel) { _ in }
        #expect(m.isMoving)
        var offsets: [Double] = []
        for k in 1...400 {
            m.advance(to: 0.6 + Double(k) / 60, surface: panel) { _ in }
            offsets.append(m.contentOffset)
        }
        let steps = zip(offsets.dropFirst(), offsets).map { $0 - $1 }
        #expect(steps.allSatisfy { $0 >= 0 })
        #expect(steps[150] > steps[10])               // the ramp
        #expect(offsets.last == m.maxOffset)          // stopped at the end, not past it
    }
}
