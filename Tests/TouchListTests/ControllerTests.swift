import Testing
import TouchGestures
import TouchList
import TouchTestSupport

@Suite("List controller: gestures and the list changes they cause")
struct ControllerTests {
    @Test("the ordered log of output: swipe before its row change, tap before its selection")
    func outputOrder() {
        var s = Script()
        s.down(0, 1, 300, 150)
        s.move(0.1, 1, 380, 150)
        s.up(0.15, 1, 380, 150)
        s.down(0.6, 1, 300, 270)
        s.up(0.65, 1, 300, 270)
        let (_, out) = replayList(s.events, list: ListModel(layout: eightRows))
        #expect(out.map(\.type) == ["swipe", "rowSwipe", "tap", "select"])
        #expect(out.map(\.time) == [0.1, 0.1, 0.95, 0.95])
    }

    /// A stroke on row 3 of a list: `dx`, `dy` mm at the slop, then 20 mm more right.
    func rowStroke(firstDX: Double, firstDY: Double) -> [TouchEvent] {
        var s = Script()
        s.down(0, 1, 300, 210)
        s.move(0.05, 1, 300 + firstDX * 5, 210 + firstDY * 5)
        s.move(0.10, 1, 300 + (firstDX + 20) * 5, 210 + firstDY * 5)
        s.up(0.15, 1, 300 + (firstDX + 20) * 5, 210 + firstDY * 5)
        return s.events
    }

    @Test("row swipe vs vertical scroll, the seed's rule: a start within the bias is the scroll's, and no row is dismissed")
    func scrollBeatsRowSwipe() {
        let list = ListModel(layout: eightRows)
        // 4 mm right, 3 mm down at the slop: across/along 1.33 ≤ 2, so the scroll claims there.
        let (_, out) = replayList(rowStroke(firstDX: 4, firstDY: 3), list: list,
                                  settings: GestureSettings(swipeRule: .seedMillimeters), explain: true)
        #expect(out.map(line) == [
            "0.050 failed longPress moved",
            "0.050 won pan #1",
            "0.050 failed tap rejected(pan)",
            "0.050 failed pinch rejected(pan)",
            "0.050 failed rotate rejected(pan)",
            "0.050 pan began 20.000,15.000",
            "0.100 failed swipe rejected(pan)",
            "0.100 pan changed 120.000,15.000",
            "0.150 pan ended 120.000,15.000",
            "0.150 failed fling tooSlowToFling",
        ])
    }

    @Test("row swipe vs vertical scroll, the heading rule: a start within the bias waits, and the heading since the slop decides")
    func headingDecides() {
        let list = ListModel(layout: eightRows)
        // 4 mm right, 3 mm down at 0.05 s: past the 4.7 mm slop, but neither axis 4:1, so the
        // scroll waits. At 0.10 s the finger is at (24, 3) mm: the swipe crosses 12 mm at
        // (12, 3) and claims first (the arena's order); the scroll's heading from the slop
        // (3.8, 2.8) to 10 mm (≈ (9.5, 3)) is across its axis, so it fails.
        let (_, out) = replayList(rowStroke(firstDX: 4, firstDY: 3), list: list, explain: true)
        #expect(out.map(line) == [
            "0.050 failed longPress moved",
            "0.100 failed tap moved",
            "0.100 won swipe #1",
            "0.100 failed pinch rejected(swipe)",
            "0.100 failed rotate rejected(swipe)",
            "0.100 swipe right 1f",
            "0.100 rowSwipe 3 true",
            "0.100 failed pan offAxis",
            "0.150 failed fling tooSlowToFling",
        ])
        // 3 mm right, 4 mm down, then 2 mm right and 8 mm down more: the heading since the
        // slop is down, so the scroll begins at the frame that passes 10 mm, and no row moves.
        var s = Script()
        s.down(0, 1, 300, 210)
        s.move(0.05, 1, 315, 230)
        s.move(0.10, 1, 325, 270)
        s.up(0.15, 1, 325, 270)
        let (_, down) = replayList(s.events, list: list, explain: true)
        #expect(down.contains { line($0) == "0.100 won pan #1" })
        #expect(!down.contains { $0.type == "rowSwipe" })
        #expect(!down.contains { line($0).hasPrefix("0.100 swipe right") || line($0).hasPrefix("0.100 swipe left") })
    }

    @Test("row swipe vs vertical scroll: a start beyond the bias leaves the row its swipe")
    func rowSwipeBeatsScroll() {
        let list = ListModel(layout: eightRows)
        // 5 mm right, 1 mm down: across/along 5 ≥ 4, so the scroll refuses at the slop.
        let (_, out) = replayList(rowStroke(firstDX: 5, firstDY: 1), list: list, explain: true)
        #expect(out.map(line) == [
            "0.050 failed longPress moved",
            "0.050 failed pan offAxis",
            "0.100 failed tap moved",
            "0.100 won swipe #1",
            "0.100 failed pinch rejected(swipe)",
            "0.100 failed rotate rejected(swipe)",
            "0.100 swipe right 1f",
            "0.100 rowSwipe 3 true",
            "0.150 failed fling tooSlowToFling",
        ])
        // By the seed's rule the bias is 2 and decides alone: 5 mm right, 2 mm down is 2.5 > 2,
        // the row's; at 3, the same start is the scroll's. (By the heading rule both would wait,
        // and the heading since the slop is the row's.)
        let (_, seed) = replayList(rowStroke(firstDX: 5, firstDY: 2), list: list, settings: GestureSettings(swipeRule: .seedMillimeters))
        #expect(seed.contains { $0.type == "rowSwipe" })
        var settings = GestureSettings(swipeRule: .seedMillimeters)
        settings.pan.axisBias = 3
        let (_, biased) = replayList(rowStroke(firstDX: 5, firstDY: 2), list: list, settings: settings)
        #expect(!biased.contains { $0.type == "rowSwipe" })
        #expect(biased.first.map(line) == "0.050 pan began 25.000,10.000")
    }

}
