import Testing
import TouchGestures
import TouchList
import TouchTestSupport

/// The list model against ListOracle, the rules written out as plain reference functions
/// (the same functions the golden corpus computes its expectations with), on seeded random
/// inputs.
@Suite("List model against the oracle")
struct OracleTests {
    /// A small deterministic generator for the inputs.
    struct LCG {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    @Test("the rubber band and its inverse")
    func rubberBand() {
        var physics = ScrollPhysics()
        physics.bounces = true
        var r = LCG(state: 1)
        for _ in 0..<500 {
            let maxOffset = (r.next() * 3000).rounded()
            let raw = (r.next() * 2 - 0.5) * (maxOffset + 1000)
            let shown = physics.banded(raw, maxOffset: maxOffset, viewport: 480, topBounces: false)
            #expect(abs(shown - ListOracle.banded(raw, maxOffset: maxOffset)) <= 1e-9 * max(1, abs(raw)))
            #expect(abs(physics.unbanded(shown, maxOffset: maxOffset, viewport: 480) - raw) <= 1e-6 * max(1, abs(raw)))
        }
    }

    @Test("momentum: distance over any time, and when it stops")
    func momentum() {
        let physics = ScrollPhysics()
        var r = LCG(state: 2)
        for _ in 0..<500 {
            let v = (r.next() * 2 - 1) * 12                       // units per ms
            let ms = r.next() * 3000
            #expect(abs(physics.momentumDistance(velocity: v * 1000, milliseconds: ms)
                        - ListOracle.momentumDistance(velocity: v, milliseconds: ms)) <= 1e-9 * max(1, abs(v) * 500))
            guard abs(v) > ListOracle.stopSpeed else { continue }
            let stop = physics.momentumStop(velocity: v * 1000, from: 1e9, maxOffset: 2e9, stopSpeed: 10)
            #expect(abs(stop.milliseconds - ListOracle.momentumStop(velocity: abs(v))) <= 1e-6)
        }
    }

    @Test("the cut bottom cell: pulled in from half, pushed out under it, with variable heights")
    func cellSnapping() {
        var r = LCG(state: 3)
        for _ in 0..<300 {
            let heights = (0..<6).map { _ in (20 + r.next() * 100).rounded() }
            var options = ListOptions()
            options.rowHeights = heights
            options.snapsToCells = true
            var model = ListModel(layout: ListLayout(rows: 60, rowHeight: 60, width: 800, height: 480), options: options)
            let allHeights = (0..<60).map { heights[$0 % heights.count] }
            var tops: [Double] = []
            var y = 0.0
            for h in allHeights { tops.append(y); y += h }
            let maxOffset = y - 480
            model.scroll(toOffset: (r.next() * maxOffset).rounded())
            #expect(model.cellSnapTarget() == ListOracle.cellSnap(offset: model.contentOffset, tops: tops, heights: allHeights,
                                                                  maxOffset: maxOffset))
        }
        // Exactly half showing is pulled in ("half or more", the article's rule): rows of 60,
        // scrolled by 30, the bottom edge (510) shows 30 of row 8.
        var options = ListOptions()
        options.snapsToCells = true
        var model = ListModel(layout: ListLayout(rows: 60, rowHeight: 60, width: 800, height: 480), options: options)
        model.scroll(toOffset: 30)
        let tops = (0..<60).map { Double($0) * 60 }, heights = [Double](repeating: 60, count: 60)
        #expect(ListOracle.cellSnap(offset: 30, tops: tops, heights: heights, maxOffset: 3120) == 60)
        #expect(model.cellSnapTarget() == 60)
    }
}

extension OracleTests {
    @Test("edits: the heights after them and the offset that keeps the rows in view in place, against plain arrays")
    func editsAgainstTheOracle() throws {
        var r = SplitMix(state: 2024)
        for round in 0..<300 {
            let n = 5 + r.int(40)
            var options = ListOptions()
            options.rowHeights = (0..<(1 + r.int(4))).map { _ in Double(30 + r.int(5) * 15) }
            var m = ListModel(layout: ListLayout(rows: n, rowHeight: 60, width: 800, height: 480), options: options)
            m.scroll(toOffset: r.double() * m.maxOffset)
            var heights = (0..<n).map { m.geometry.height(ofItem: m.geometry.item(ofRow: $0)) }
            var nextID = n        // new rows take the next identities, top to bottom, and their heights by them
            for k in 0..<4 {
                let e = ListEditTests.randomEdit(&r, rows: heights.count)
                let fresh = (0..<e.insertedRows.count).map { options.rowHeights[(nextID + $0) % options.rowHeights.count] }
                nextID += e.insertedRows.count
                let expected = ListOracle.edited(heights: heights, offset: m.contentOffset, viewport: 480, deleted: e.deletedRows,
                                                 inserted: e.insertedRows, moved: e.movedRows.map { ($0.from, $0.to) }, newHeights: fresh)
                try m.performEdits(e, at: Double(k + 1), surface: panel) { _ in }
                let now = (0..<m.rowCount).map { m.geometry.height(ofItem: m.geometry.item(ofRow: $0)) }
                #expect(now == expected.heights, "round \(round) edit \(k)")
                #expect(abs(m.contentOffset - expected.offset) < 1e-6, "round \(round) edit \(k): \(m.contentOffset) against \(expected.offset)")
                heights = now
            }
        }
    }
}

extension OracleTests {
    @Test("a row's slide: offsets under the finger and through the settle, and the settle's end time, against the oracle")
    func rowSlidesAgainstTheOracle() {
        var options = ListOptions()
        options.leadingActions = 160
        options.trailingActions = 240
        var r = SplitMix(state: 31)
        for round in 0..<100 {
            var m = ListModel(layout: eightRows, options: options)
            var events: [ListEvent] = []
            m.touchBegan(at: 0)
            // The row claims the drag at x0; then the finger moves to random places.
            let x0 = 400.0
            m.dragRow(x: x0, start: Point(x: x0, y: 210), at: 0.01) { events.append($0) }
            var t = 0.01
            var x = x0
            for _ in 0..<10 {
                t += 1.0 / 60
                x = 400 + (r.double() * 2 - 1) * 700
                m.dragRow(x: x, start: Point(x: x0, y: 210), at: t) { events.append($0) }
                let expected = ListOracle.rowBanded(x - x0, leading: 160, trailing: 240, width: 800)
                #expect(abs(m.offset(ofRow: 3) - expected) < 1e-9, "round \(round): drag to \(x)")
            }
            let lift = t
            let from = m.offset(ofRow: 3)
            events = []
            m.liftRow(at: lift, surface: panel) { events.append($0) }
            guard case .settling(let s) = m.rowSwipes.active else {
                #expect(m.rowSwipes.active == .idle || from == 0, "round \(round)")
                continue
            }
            events = []
            var k = 0
            while m.rowSwipes.isSettling {
                k += 1
                m.advance(to: lift + Double(k) / 120, surface: panel) { events.append($0) }
            }
            let offsets = events.compactMap { e -> (Double, Double)? in if case .rowOffset(3, let o) = e.kind { (e.time, o) } else { nil } }
            for (time, o) in offsets {
                let expected = ListOracle.rowSettle(from: from, velocity: 0, to: s.to, t: time - lift)
                #expect(abs(o - expected) < 1e-9, "round \(round) at \(time): \(o) against \(expected)")
            }
            // It ends exactly at its target, 0.25 s after the lift, reported at that time.
            #expect(offsets.last.map { abs($0.0 - (lift + 0.25)) < 1e-12 && $0.1 == s.to } == true, "round \(round): \(offsets.last.map { "\($0)" } ?? "none")")
        }
    }
}
