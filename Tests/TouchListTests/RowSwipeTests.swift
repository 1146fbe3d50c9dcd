import Testing
import TouchGestures
import TouchList
import TouchTestSupport

/// Rows that slide over their actions: the physics as pure functions, and the state machine as
/// the controller drives it.
@Suite("Rows that slide: physics and states")
struct RowSwipeTests {
    /// Every value an event carries says itself in a few words, as the states and events do:
    /// a side printed through `any CustomStringConvertible` (a log, a UI's own formatter) was not one.
    @Test func aRowSideDescribesItself() {
        let sides: [Any] = RowSide.allCases
        #expect(sides.compactMap { ($0 as? any CustomStringConvertible)?.description } == ["leading", "trailing"])
    }

    let physics = RowSwipePhysics()

    @Test("the content follows the drag one to one within the actions, with a rubber band past them")
    func banding() {
        #expect(physics.banded(-100, in: RowActionWidths(leading: 160, trailing: 240, row: 800)) == -100)
        #expect(physics.banded(160, in: RowActionWidths(leading: 160, trailing: 240, row: 800)) == 160)
        // 100 past the leading actions: (1 − 1/(100 × 0.55 / 800 + 1)) × 800.
        let past = physics.banded(260, in: RowActionWidths(leading: 160, trailing: 240, row: 800))
        #expect(abs(past - (160 + (1 - 1 / (100 * 0.55 / 800 + 1)) * 800)) < 1e-9)
        #expect(past < 260 && past > 160)
        // A side with no actions resists from 0.
        #expect(physics.banded(50, in: RowActionWidths(leading: 0, trailing: 240, row: 800)) < 50)
        for raw in stride(from: -700.0, through: 700, by: 37) {
            let shown = physics.banded(raw, in: RowActionWidths(leading: 160, trailing: 240, row: 800))
            #expect(abs(physics.unbanded(shown, in: RowActionWidths(leading: 160, trailing: 240, row: 800)) - raw) < 1e-6)
        }
    }

    @Test("the lift: half-way into a side opens it, a fast lift goes its way, far past the actions is a full swipe")
    func decisions() {
        func decide(_ raw: Double, _ v: Double = 0, full: Bool = true) -> RowSwipePhysics.Decision {
            physics.decide(raw: raw, velocity: v, in: RowActionWidths(leading: 160, trailing: 240, row: 800), unitsPerMillimeter: 5, allowsFullSwipe: full)
        }
        #expect(decide(-120).target == -240)          // exactly half of 240
        #expect(decide(-119).target == 0)
        #expect(decide(80).target == 160)
        #expect(decide(79).target == 0)
        // 184 mm/s at 5 units/mm is 920 units/s.
        #expect(decide(-30, -920).target == -240)
        #expect(decide(-30, -919).target == 0)
        #expect(decide(-200, 920).target == 0)        // flicked back over an open row: closed
        // Full swipe: 40% of the 560 units past the 240 of trailing actions, 224.
        #expect(decide(-464).target == 0 && decide(-464).fullSwipe == .trailing)
        #expect(decide(-463).fullSwipe == nil)
        #expect(decide(-464, full: false).target == -240)
        #expect(decide(160 + 256).fullSwipe == .leading)
    }

    @Test("the settle: a critically damped spring from the lift, exact at its end")
    func settling() {
        #expect(physics.settling(from: -170, velocity: 0, to: -240, elapsed: 0) == -170)
        #expect(physics.settling(from: -170, velocity: 0, to: -240, elapsed: 0.25) == -240)
        var last = -170.0
        for k in 1..<25 {
            let x = physics.settling(from: -170, velocity: 0, to: -240, elapsed: Double(k) * 0.01)
            #expect(x < last && x > -240)            // with no speed it never overshoots
            last = x
        }
        // 1% of the 70 units left at its end (the spring's frequency is chosen so), a hair more before.
        #expect(abs(physics.settling(from: -170, velocity: 0, to: -240, elapsed: 0.2499) + 240) < 0.71)
        #expect(abs(physics.settling(from: -170, velocity: 0, to: -240, elapsed: 0.2) + 240) > 0.71)
    }

    @Test("the states, as a drag opens row 3 and the settle ends exactly open")
    func states() {
        let list = slidingList()
        var s = Script()
        s.down(0, 1, 600, 210)
        s.move(0.05, 1, 570, 210)     // 6 mm left: past the slop, 4:1 across the scroll: the row's; anchor 570
        s.move(0.10, 1, 450, 210)     // offset −120
        s.move(0.15, 1, 400, 210)     // offset −170
        s.move(0.30, 1, 400, 210)
        s.up(0.35, 1, 400, 210)       // at rest: −170 is past half of 240, it opens
        let (controller, out) = replayList(s.events, list: list)
        let offsets = out.compactMap { o -> Double? in
            if case .list(let e) = o, case .rowOffset(3, let x) = e.kind { return x } else { return nil }
        }
        #expect(offsets.prefix(2) == [-120, -170])
        #expect(offsets.last == -240)
        #expect(out.contains { line($0) == "0.350 rowSwipe 3 true" })
        #expect(controller.list.rowSwipeLog.entries.map(\.description) == [
            "0.050: idle → tracking", "0.350: tracking → settlingOpen", "0.600: settlingOpen → open",
        ])
        #expect(controller.list.offset(ofRow: 3) == -240)
        #expect(controller.list.rowSwipes.openRow == 3)
    }

    /// The arena's decisions about the drag, as `--explain` shows them.
    private func dragDecisions(_ out: [ListController.Output]) -> [String] {
        out.compactMap { o -> String? in
            guard case .gesture(let g) = o else { return nil }
            switch g.kind {
            case .won(.drag, _): return "\(formatFixed(g.time, digits: 3)) won"
            case .failed(.drag, let f): return "\(formatFixed(g.time, digits: 3)) failed \(f)"
            default: return nil
            }
        }
    }

    /// Eight rows with 160 units of leading actions and 240 of trailing ones.
    private func slidingList() -> ListModel {
        var options = ListOptions()
        options.leadingActions = 160
        options.trailingActions = 240
        return ListModel(layout: eightRows, options: options)
    }

    @Test("the row's drag is an arena member: it wins the frame the scroll gives the touch up, and the row follows from then")
    func dragWinsInTheArena() {
        var s = Script()
        s.down(0, 1, 600, 210)
        s.move(0.05, 1, 570, 210)     // 6 mm left: the scroll fails across its axis
        s.move(0.10, 1, 450, 210)
        s.up(0.35, 1, 450, 210)
        let (controller, out) = replayList(s.events, list: slidingList(), explain: true)
        #expect(dragDecisions(out) == ["0.050 won"])
        // The pan failed first, in the same frame; the drag's win rejected no one (it is
        // together with all but the pan).
        let failedBeforeWin = out.prefix { !(line($0).contains("won drag")) }.filter { line($0).contains("failed pan") }
        #expect(failedBeforeWin.count == 1)
        #expect(controller.list.rowSwipeLog.entries.first?.description == "0.050: idle → tracking")
        #expect(controller.engine.standing(of: .drag) == .won)
    }

    @Test("a vertical drag is the scroll's: the drag loses to the pan, and no row moves")
    func dragLosesToTheScroll() {
        var s = Script()
        s.down(0, 1, 400, 300)
        s.move(0.05, 1, 400, 260)
        s.move(0.10, 1, 400, 200)
        s.up(0.30, 1, 400, 200)
        let (controller, out) = replayList(s.events, list: slidingList(), explain: true)
        #expect(dragDecisions(out) == ["0.050 failed rejected: pan won"])
        #expect(controller.list.rowSwipeLog.entries.isEmpty)
        #expect(!out.contains { if case .list(let e) = $0, case .rowOffset = e.kind { true } else { false } })
    }

    @Test("a tap: the drag fails for the pan's reason; two fingers across: it waits for one, and fails if none is left alone")
    func dragFailures() {
        var tap = Script()
        tap.down(0, 1, 400, 210)
        tap.up(0.08, 1, 401, 210)
        #expect(dragDecisions(replayList(tap.events, list: slidingList(), explain: true).output) == [
            "0.080 failed moved 0.2 mm < 4.7 mm",
        ])
        var two = Script()
        two.down(0, 1, 600, 210)
        two.down(0, 2, 600, 260)
        two.move(0.05, 1, 560, 210)
        two.move(0.05, 2, 560, 260)   // both left: the scroll fails across its axis
        two.move(0.10, 1, 500, 210)
        two.move(0.10, 2, 500, 260)
        two.up(0.20, 1, 500, 210)
        two.up(0.20, 2, 500, 260)
        let (controller, out) = replayList(two.events, list: slidingList(), explain: true)
        #expect(dragDecisions(out) == ["0.200 failed 2 fingers > 1"])
        // No row followed the fingers (the two-finger swipe toggles the row, as before).
        #expect(!controller.list.rowSwipeLog.entries.contains { $0.description.contains("tracking") })
    }

    @Test("a list whose rows do not slide leaves the drag out of the arena")
    func noDragWithoutSlidingRows() {
        var s = Script()
        s.down(0, 1, 600, 210)
        s.move(0.05, 1, 570, 210)
        s.up(0.2, 1, 450, 210)
        let (controller, out) = replayList(s.events, list: ListModel(layout: eightRows), explain: true)
        #expect(dragDecisions(out).isEmpty)
        #expect(controller.engine.standing(of: .drag) == .absent)
    }

    @Test("a refresh that replaces the rows leaves no row open or sliding: the new row 3 does not show the old row 3's actions")
    func refreshForgetsOpenRows() {
        var options = ListOptions()
        options.leadingActions = 160
        options.trailingActions = 240
        options.refreshes = true
        var controller = ListController(surface: panel, list: ListModel(layout: eightRows, options: options))
        controller.pageSource = ScriptedFeed(pageSize: 8, total: 8, latency: 2.0)
        var s = Script()
        s.down(0, 1, 400, 100)                 // a pull of 40 mm at the top: a refresh; page 1 comes at 2.5 s
        s.move(0.1, 1, 400, 200)
        s.move(0.2, 1, 400, 300)
        s.up(0.5, 1, 400, 300)
        s.down(1.1, 2, 600, 210)               // sprung back by 1.0 s; row 3 dragged 35 mm left and held: open
        s.move(1.2, 2, 570, 210)
        s.move(1.3, 2, 500, 210)
        s.move(1.4, 2, 425, 210)
        s.up(1.5, 2, 425, 210)
        var frames = FrameAssembler()
        for e in s.events { frames.add(e) { controller.handle($0) { _ in } } }
        frames.flush { controller.handle($0) { _ in } }
        controller.advance(to: 2.4) { _ in }
        #expect(controller.list.rowSwipes.openRow == 3, "row 3 did not open before the page came")
        #expect(controller.list.offset(ofRow: 3) == -240)
        var pages: [ListEvent.Kind] = []
        controller.advance(to: 3.0) { if case .list(let l) = $0, case .page = l.kind { pages.append(l.kind) } }
        #expect(pages.count == 1, "page 1 did not come back by 3.0 s")
        #expect(controller.list.rowSwipes.open.isEmpty)
        #expect(controller.list.rowSwipes.active == .idle)
        #expect(controller.list.offset(ofRow: 3) == 0)
    }

    @Test("mid-settle offsets are the spring's, whenever the list is stepped")
    func midSettle() {
        var options = ListOptions()
        options.trailingActions = 240
        let list = ListModel(layout: eightRows, options: options)
        var controller = ListController(surface: panel, list: list)
        var s = Script()
        s.down(0, 1, 600, 210)
        s.move(0.05, 1, 570, 210)
        s.move(0.15, 1, 400, 210)
        s.move(0.30, 1, 400, 210)
        s.up(0.35, 1, 400, 210)
        var assembler = FrameAssembler()
        var out: [ListEvent] = []
        for e in s.events { assembler.add(e) { controller.handle($0) { if case .list(let l) = $0 { out.append(l) } } } }
        assembler.flush { controller.handle($0) { if case .list(let l) = $0 { out.append(l) } } }
        #expect(controller.isAnimating)
        controller.advance(to: 0.475) { if case .list(let l) = $0 { out.append(l) } }
        let expected = RowSwipePhysics().settling(from: -170, velocity: 0, to: -240, elapsed: 0.125)
        #expect(abs(controller.list.offset(ofRow: 3) - expected) < 1e-9)
        controller.advance(to: 1) { _ in }
        #expect(!controller.isAnimating)
        #expect(controller.list.offset(ofRow: 3) == -240)
    }

    /// The offsets each row reported, in order.
    func rowOffsets(_ out: [ListController.Output]) -> [Int: [Double]] {
        var rows: [Int: [Double]] = [:]
        for o in out { if case .list(let e) = o, case .rowOffset(let r, let x) = e.kind { rows[r, default: []].append(x) } }
        return rows
    }

    /// Drags the row under `y` from x 600 to 400 starting at `t`, rests, and lifts at `t + lift`.
    func drag(_ s: inout Script, at t: Double, y: Double, id: Int, lift: Double = 0.35) {
        s.down(t, id, 600, y)
        s.move(t + 0.05, id, 570, y)
        s.move(t + 0.10, id, 450, y)
        s.move(t + 0.15, id, 400, y)
        s.move(t + lift - 0.03, id, 400, y)
        s.up(t + lift, id, 400, y)
    }

    @Test("a settle ends exactly at its target whatever the lift's time (it ended at 159.80 for one lift in five)")
    func settleEndsExactly() {
        var inexact: [String] = []
        for k in 0..<200 {
            var s = Script()
            drag(&s, at: 0, y: 210, id: 1, lift: 0.3 + Double(k) * 0.00137)
            let (controller, out) = replayList(s.events, list: slidingList())
            let last = rowOffsets(out)[3]?.last
            if last != -240 || controller.list.offset(ofRow: 3) != -240 { inexact.append("lift \(0.3 + Double(k) * 0.00137): \(String(describing: last))") }
        }
        #expect(inexact.isEmpty, "\(inexact.prefix(5))")
    }

    @Test("a closing row overtaken by a third row's swipe still settles to 0 (it stopped half-way and never reported 0)")
    func closingRowsEachSettle() {
        var options = ListOptions()
        options.trailingActions = 240
        var s = Script()
        drag(&s, at: 0, y: 210, id: 1)        // row 3 opens, settled by 0.6
        drag(&s, at: 1.0, y: 330, id: 2, lift: 0.2)    // row 5 claimed at 1.05: row 3 closes until 1.30
        drag(&s, at: 1.21, y: 90, id: 3, lift: 0.22)   // row 1 claimed at 1.26: row 5 closes while row 3 still does
        let (controller, out) = replayList(s.events, list: ListModel(layout: eightRows, options: options))
        let rows = rowOffsets(out)
        #expect(rows[3]?.last == 0, "row 3: \(rows[3] ?? [])")
        #expect(rows[5]?.last == 0, "row 5: \(rows[5] ?? [])")
        #expect(rows[1]?.last == -240, "row 1: \(rows[1] ?? [])")
        #expect(controller.list.offset(ofRow: 3) == 0 && controller.list.offset(ofRow: 5) == 0)
        #expect(controller.list.rowSwipes.openRow == 1)
        #expect(!controller.isAnimating)
    }

    @Test("a row swiped closed while another settles open closes beside it (it took that row's state: the other vanished unreported and two rows stayed open)")
    func closingBesideASettlingRow() {
        var options = ListOptions()
        options.leadingActions = 109
        options.trailingActions = 150
        var s = Script()
        // Row 1 dragged open to the left.
        s.down(0, 0, 700, 90); s.move(0.02, 0, 647, 90); s.move(0.04, 0, 595, 90); s.move(0.06, 0, 542, 90)
        s.move(0.11, 0, 542, 90); s.up(0.14, 0, 542, 90)
        // Row 0 flicked open to the left: row 1 closes.
        s.down(0.375, 1, 700, 30); s.move(0.395, 1, 588, 30); s.move(0.415, 1, 476, 30); s.move(0.435, 1, 364, 30)
        s.move(0.485, 1, 364, 30); s.up(0.515, 1, 364, 30)
        // While row 0 settles open, a swipe right on row 1, still closing: it closes beside row 0,
        // then its drag opens its leading actions and row 0 closes.
        s.down(0.523, 2, 100, 90); s.move(0.543, 2, 272, 90); s.move(0.563, 2, 444, 90); s.move(0.613, 2, 444, 90)
        s.up(0.643, 2, 444, 90)
        let (controller, out) = replayList(s.events, list: ListModel(layout: eightRows, options: options))
        let rows = rowOffsets(out)
        #expect(rows[0]?.last == 0, "row 0: \(rows[0] ?? [])")
        #expect(rows[1]?.last == 109, "row 1: \(rows[1] ?? [])")
        #expect(controller.list.rowSwipes.swiped == [1])
        #expect(controller.list.offset(ofRow: 0) == 0 && controller.list.offset(ofRow: 1) == 109)
    }

    @Test("rows without actions do not slide: a swipe toggles the row at once, as before")
    func noActions() {
        var s = Script()
        s.down(0, 1, 600, 210)
        s.move(0.05, 1, 570, 210)
        s.move(0.15, 1, 400, 210)
        s.up(0.2, 1, 400, 210)
        let (controller, out) = replayList(s.events, list: ListModel(layout: eightRows))
        #expect(!out.contains { $0.type == "rowOffset" })
        #expect(out.contains { line($0) == "0.150 rowSwipe 3 true" })
        #expect(controller.list.rowSwipeLog.entries.isEmpty)
    }
}
