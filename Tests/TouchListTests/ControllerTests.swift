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

    @Test("row swipe vs vertical scroll: a start within the bias is the scroll's, and no row is dismissed")
    func scrollBeatsRowSwipe() {
        let list = ListModel(layout: eightRows)
        // 4 mm right, 3 mm down at the slop: across/along 1.33 ≤ 2, so the scroll claims.
        let (_, out) = replayList(rowStroke(firstDX: 4, firstDY: 3), list: list, explain: true)
        #expect(out.map(line) == [
            "0.050 failed longPress moved",
            "0.050 failed tap moved",
            "0.050 won pan #1",
            "0.050 failed pinch rejected(pan)",
            "0.050 failed rotate rejected(pan)",
            "0.050 pan began 20.000,15.000",
            "0.100 failed swipe rejected(pan)",
            "0.100 pan changed 120.000,15.000",
            "0.150 pan ended 120.000,15.000",
            "0.150 failed fling tooSlowToFling",
        ])
    }

    @Test("row swipe vs vertical scroll: a start beyond the bias leaves the row its swipe")
    func rowSwipeBeatsScroll() {
        let list = ListModel(layout: eightRows)
        // 5 mm right, 2 mm down: across/along 2.5 > 2, so the scroll refuses.
        let (_, out) = replayList(rowStroke(firstDX: 5, firstDY: 2), list: list, explain: true)
        #expect(out.map(line) == [
            "0.050 failed longPress moved",
            "0.050 failed tap moved",
            "0.050 failed pan offAxis",
            "0.100 won swipe #1",
            "0.100 failed pinch rejected(swipe)",
            "0.100 failed rotate rejected(swipe)",
            "0.100 swipe right 1f",
            "0.100 rowSwipe 3 true",
            "0.150 failed fling tooSlowToFling",
        ])
        // The bias is a setting: at 3, the same start is the scroll's.
        var settings = GestureSettings()
        settings.pan.axisBias = 3
        let (_, biased) = replayList(rowStroke(firstDX: 5, firstDY: 2), list: list, settings: settings)
        #expect(!biased.contains { $0.type == "rowSwipe" })
        #expect(biased.first.map(line) == "0.050 pan began 25.000,10.000")
    }

}
