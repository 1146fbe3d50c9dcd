import Testing
import TouchPlatform
import TouchGestures
import TouchTestSupport
import TouchList

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

    func apply(_ model: inout ListModel, _ events: [GestureEvent]) -> [ListEvent.Kind] {
        var out: [ListEvent.Kind] = []
        for e in events { model.apply(e, surface: panel) { out.append($0.kind) } }
        return out
    }

    @Test func hitTestingUsesTheViewport() {
        let l = ListModel(layout: ListLayout(rows: 5, rowHeight: 60, top: 20, left: 10, width: 400, height: 200))
        #expect(l.row(at: Point(x: 10, y: 20)) == 0)
        #expect(l.row(at: Point(x: 409.9, y: 79.9)) == 0)
        #expect(l.row(at: Point(x: 100, y: 80)) == 1)
        #expect(l.row(at: Point(x: 100, y: 219)) == 3)
        #expect(l.row(at: Point(x: 100, y: 220)) == nil, "below the viewport")
        #expect(l.row(at: Point(x: 9, y: 50)) == nil, "left of the list")
        #expect(ListModel(layout: ListLayout(rows: 2, rowHeight: 60, width: 800, height: 480)).row(at: Point(x: 1, y: 130)) == nil, "below the last row")
    }

    @Test func defaultListFillsTheSurfaceWithUIKitRows() {
        let l = ListLayout.standard(for: panel)
        #expect(abs(l.rowHeight - 44 * 25.4 / 163 * 5) < 1e-9)
        #expect(l.rows == 15, "480 / 34.3 = 14.0…: the fifteenth row is partly visible")
    }

    @Test func toggleFlipsOnAnyHorizontalSwipe() {
        var m = ListModel(layout: eightRows)
        let out = apply(&m, [swipe(.right, row: 2), swipe(.left, row: 2), swipe(.up, row: 2), swipe(.left, row: 4)])
        #expect(out == [.rowSwipe(row: 2, side: .leading), .rowSwipe(row: 2, side: nil), .rowSwipe(row: 4, side: .trailing)])
        #expect(m.rowSwipes.swiped == [4])
    }

    @Test func aSwipedRowKeepsTheSideItsSwipeUncovered() {
        // A right swipe uncovers the leading side, a left swipe the trailing one (UIKit's
        // leading and trailing swipe actions); closing a row forgets its side.
        for policy in [SwipePolicy.toggle, .oneOpen] {
            var m = ListModel(layout: eightRows, options: { var o = ListOptions(); o.swipePolicy = policy; return o }())
            _ = apply(&m, [swipe(.right, row: 2)])
            #expect(m.rowSwipes.swiped == [2] && m.rowSwipes.swipedFromLeading == [2], "\(policy)")
            _ = apply(&m, [swipe(.left, row: 2)])
            #expect(m.rowSwipes.swiped.isEmpty && m.rowSwipes.swipedFromLeading.isEmpty, "\(policy): closed")
            _ = apply(&m, [swipe(.left, row: 5)])
            #expect(m.rowSwipes.swiped == [5] && m.rowSwipes.swipedFromLeading.isEmpty, "\(policy): a left swipe")
            _ = apply(&m, [swipe(.right, row: 6)])
            #expect(m.rowSwipes.swipedFromLeading == [6], "\(policy): a right swipe on another row")
            #expect(m.rowSwipes.swiped == (policy == .oneOpen ? [6] : [5, 6]), "\(policy)")
        }
        var m = ListModel(layout: eightRows, options: { var o = ListOptions(); o.swipePolicy = .directional; return o }())
        _ = apply(&m, [swipe(.left, row: 1), swipe(.right, row: 3)])
        #expect(m.rowSwipes.swiped == [1] && m.rowSwipes.swipedFromLeading.isEmpty, "directional: only a left swipe opens")
    }

    @Test func directionalLeftOpensRightCloses() {
        var m = ListModel(layout: eightRows, options: { var o = ListOptions(); o.swipePolicy = .directional; return o }())
        let out = apply(&m, [swipe(.right, row: 1), swipe(.left, row: 1), swipe(.left, row: 1), swipe(.right, row: 1)])
        #expect(out == [.rowSwipe(row: 1, side: .trailing), .rowSwipe(row: 1, side: nil)])
    }

    @Test func oneOpenClosesTheOtherAndTapsCloseWithoutSelecting() {
        var m = ListModel(layout: eightRows, options: { var o = ListOptions(); o.swipePolicy = .oneOpen; return o }())
        let out = apply(&m, [swipe(.left, row: 1), swipe(.left, row: 3), tap(row: 5), tap(row: 5)])
        #expect(out == [.rowSwipe(row: 1, side: .trailing), .rowSwipe(row: 1, side: nil),
                        .rowSwipe(row: 3, side: .trailing), .rowSwipe(row: 3, side: nil), .select(row: 5)])
        #expect(m.rowSwipes.openRow == nil)
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

@Suite("List scrolling: drag, momentum, stops")
struct ListScrollingTests {
    func tallList() -> ListModel { ListModel(layout: ListLayout(rows: 400, rowHeight: 60, width: 800, height: 480)) }

    /// A drag that ends in a fling (momentum continues a drag: a fling alone moves nothing).
    func fling(_ model: inout ListModel, velocityY: Double, at time: Double) {
        for phase in [GesturePhase.began, .ended] {
            let pan = GestureEvent(time: time, kind: .pan(.init(phase: phase, fingers: 1, position: .zero, translation: .zero, velocity: nil)))
            model.apply(pan, surface: panel) { _ in }
        }
        let f = GestureEvent(time: time, kind: .fling(.init(fingers: 1, position: Point(x: 400, y: 100),
                                                            velocity: Point(x: 0, y: velocityY), millimetersPerSecond: abs(velocityY) / 5)))
        model.apply(f, surface: panel) { _ in }
    }

    @Test("momentum gives the same offsets however often it is stepped")
    func momentumIsIndependentOfStepping() {
        var coarse = tallList(), fine = tallList()
        fling(&coarse, velocityY: -8000, at: 1)
        fling(&fine, velocityY: -8000, at: 1)
        var coarseOut: [ListEvent] = [], fineOut: [ListEvent] = []
        coarse.advance(to: 1.5, surface: panel) { coarseOut.append($0) }
        for k in 1...500 { fine.advance(to: 1 + Double(k) / 1000, surface: panel) { fineOut.append($0) } }
        #expect(coarseOut.count == 1 && fineOut.count == 500)
        #expect(abs(coarse.contentOffset - fine.contentOffset) < 1e-6)
        // To rest: both stop at the same place, at the same moment.
        coarse.advance(to: .infinity, surface: panel) { coarseOut.append($0) }
        fine.advance(to: .infinity, surface: panel) { fineOut.append($0) }
        #expect(!coarse.isMoving && !fine.isMoving)
        #expect(abs(coarseOut.last!.time - fineOut.last!.time) < 1e-9)
        #expect(abs(coarse.contentOffset - fine.contentOffset) < 1e-6)
        // v0 / -ln(0.998) per ms bounds the distance: 8 units/ms over 0.002002 ≈ 3996 units.
        #expect(coarse.contentOffset > 3900 && coarse.contentOffset < 3996)
    }

    @Test("momentum toward the start stops at offset 0, at the moment it gets there")
    func momentumStopsAtTheStart() {
        var m = tallList()
        fling(&m, velocityY: -8000, at: 0)
        m.advance(to: 0.1, surface: panel) { _ in }
        let offset = m.contentOffset
        m.touchBegan(at: 0.1)             // a touch stops it
        #expect(!m.isMoving && m.contentOffset == offset)
        fling(&m, velocityY: 8000, at: 0.2)      // spent on stopping: this touch's fling does nothing
        #expect(!m.isMoving)
        m.touchBegan(at: 0.4)
        fling(&m, velocityY: 8000, at: 0.4)      // back toward the start, fast enough to overshoot
        var out: [ListEvent] = []
        m.advance(to: 10, surface: panel) { out.append($0) }
        #expect(m.contentOffset == 0 && !m.isMoving)
        #expect(out.count == 1 && out[0].time < 10)
        if case .scroll(let o, let momentum) = out[0].kind { #expect(o == 0 && momentum) } else { Issue.record("no scroll") }
    }

    @Test("a list whose rows fit does not scroll")
    func fittingListDoesNotScroll() {
        var m = ListModel(layout: eightRows)
        var out: [ListEvent] = []
        let pan = GestureEvent(time: 0, kind: .pan(.init(phase: .began, fingers: 1, position: .zero, translation: Point(x: 0, y: -100), velocity: nil)))
        m.apply(pan, surface: panel) { out.append($0) }
        fling(&m, velocityY: -8000, at: 0.1)
        m.advance(to: 1, surface: panel) { out.append($0) }
        #expect(out.isEmpty && m.contentOffset == 0)
    }
}

@Suite("List scrolling: the state machine's transition log")
struct ScrollStateTests {
    typealias P = ScrollState.Phase

    /// A drag up over row 2 of a 400-row list, lifted at `liftTime` with a fling of
    /// `velocityY` (units/s), or none. The pan begins with 25 units of translation (its slop)
    /// and moves 25 more: the content follows from where the pan began, so it scrolls by 25.
    func drag(_ m: inout ListModel, lift liftTime: Double, velocityY: Double?) {
        m.touchBegan(at: 0)
        for (t, phase, dy) in [(0.05, GesturePhase.began, -25.0), (0.1, .changed, -50), (liftTime, .ended, -50)] {
            m.apply(GestureEvent(time: t, kind: .pan(.init(phase: phase, fingers: 1, position: Point(x: 400, y: 150),
                                                          translation: Point(x: 0, y: dy), velocity: nil))), surface: panel) { _ in }
        }
        if let v = velocityY {
            m.apply(GestureEvent(time: liftTime, kind: .fling(.init(fingers: 1, position: Point(x: 400, y: 100),
                                                                   velocity: Point(x: 0, y: v), millimetersPerSecond: abs(v) / 5))), surface: panel) { _ in }
        }
        m.touchesEnded(at: liftTime)
        m.endFrame(at: liftTime, surface: panel) { _ in }
    }

    func tall(snapping: Bool) -> ListModel {
        var o = ListOptions()
        o.snapsToCells = snapping
        var m = ListModel(layout: ListLayout(rows: 400, rowHeight: 60, width: 800, height: 480), options: o)
        m.scrollLog.isRecording = true
        return m
    }

    @Test("drag, fling, momentum to rest, then a snap: every phase in order, each at its time")
    func throwAndSnap() {
        var m = tall(snapping: true)
        drag(&m, lift: 0.15, velocityY: -1000)
        #expect(m.contentOffset == 25)
        m.advance(to: 100, surface: panel) { _ in }
        let entries = m.scrollLog.entries
        #expect(entries.map(\.to) == [.touching, .dragging, .touching, .decelerating, .settling, .idle])
        #expect(entries.prefix(4).map(\.time) == [0, 0.05, 0.15, 0.15])
        // Momentum of 1000 units/s falls to the stop speed (2 mm/s = 10 units/s) after
        // ln(10/1000)/ln(0.998) ms; the snap then takes the settle duration, 0.5 s.
        let stop = 0.15 + log(0.01) / log(0.998) / 1000
        #expect(abs(entries[4].time - stop) < 1e-9)
        #expect(abs(entries[5].time - (stop + 0.5)) < 1e-9)
        #expect(m.contentOffset.truncatingRemainder(dividingBy: 60) == 0, "rest on a whole row")
        #expect(m.scrollState == .idle)
    }

    @Test("a slow drag lifted with no fling is released and, with nothing to snap, comes to rest")
    func releaseWithoutSnap() {
        var m = tall(snapping: false)
        drag(&m, lift: 0.2, velocityY: nil)
        #expect(m.scrollLog.entries.map(\.to) == [.touching, .dragging, .touching, .released, .idle])
        #expect(m.scrollState == .idle && m.contentOffset == 25)
    }

    @Test("a touch during momentum stops it and is spent: its own fling starts nothing")
    func touchStopsMomentum() {
        var m = tall(snapping: false)
        drag(&m, lift: 0.15, velocityY: -3000)
        m.advance(to: 0.3, surface: panel) { _ in }
        #expect(m.scrollState.phase == .decelerating)
        m.scrollLog.clear()
        drag(&m, lift: 0.5, velocityY: -3000)
        #expect(m.scrollLog.entries.map(\.from) == [P.decelerating, .touching, .dragging, .touching, .released])
        #expect(m.scrollLog.entries.map(\.to) == [P.touching, .dragging, .touching, .released, .idle])
        #expect(!m.isMoving)
    }
}
