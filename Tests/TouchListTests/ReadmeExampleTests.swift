import Testing
import TouchGestures
import TouchList
import TouchTestSupport

/// The README's library example, kept compiling and kept true.
@Suite("README example")
struct ReadmeExampleTests {
    @Test func theExampleRunsAsTheReadmeSays() {
        var printed: [String] = []
        func print(_ s: Any) { printed.append("\(s)") }
        var s = Script()
        s.down(0, 1, 300, 150); s.move(0.1, 1, 380, 150); s.up(0.15, 1, 380, 150)
        let events = s.events

        // --- from README.md, "Use it as a library" ---
        let surface = Surface(width: 800, height: 480, unitsPerMillimeter: Point(x: 5, y: 5))
        var controller = ListController(surface: surface,
                                        list: ListModel(layout: ListLayout(rows: 8, rowHeight: 60, width: 800, height: 480)))

        var frames = FrameAssembler()
        for event in events {
            frames.add(event) { frame in
                controller.handle(frame) { output in
                    switch output {
                    case .gesture(let gesture):
                        switch gesture.kind {
                        case .swipe(let s): print("swipe \(s.direction) with \(s.fingers) finger(s)")
                        case .tap(let t): print("\(t.taps) tap(s) at \(t.position)")
                        case .longPress(let p) where p.phase == .began: print("long press at \(p.position)")
                        default: break          // pans, pinches, flings… (see GestureEvent.Kind)
                        }
                    case .list(let change):
                        switch change.kind {
                        case .rowSwipe(let row, let side): print("row \(row) is now \(side.map { "open on its \($0) side" } ?? "closed")")
                        case .select(let row): print("row \(row) selected")
                        default: break          // scrolls, snaps, pages… (see ListEvent.Kind)
                        }
                    }
                }
            }
        }
        frames.flush { controller.handle($0) { print($0.type) } }
        controller.finish { print($0.type) }
        // ---
        #expect(printed == ["swipe right with 1 finger(s)", "row 2 is now open on its leading side"])
    }

    @Test("the paged list example: a throw to the end asks for page 2, which arrives; cells are drawn")
    func thePagedListExampleRuns() {
        let surface = Surface(width: 800, height: 480, unitsPerMillimeter: Point(x: 5, y: 5))
        var drawn: [(ListItem, Int)] = []
        func draw(_ item: ListItem, slot: Int, y: Double, height: Double, pinned: Bool) { drawn.append((item, slot)) }
        // --- from README.md, "Use it as a library" ---
        var options = ListOptions()
        options.rowHeights = [60, 90]
        options.snapsToCells = true
        options.paging = .infinite
        options.refreshes = true
        var controller = ListController(surface: surface,
                                        list: ListModel(layout: ListLayout(rows: 25, rowHeight: 60, width: 800, height: 480),
                                                        options: options))
        controller.pageSource = ScriptedFeed(pageSize: 25, total: 500, latency: 0.3)
        // ---
        var s = Script()                         // a throw up: clamped at 2105 mm/s
        for k in 0..<4 { k == 0 ? s.down(0, 0, 400, 470) : s.move(Double(k) / 120, 0, 400, 470 - 125 * Double(k)) }
        s.up(4.0 / 120, 0, 400, 95)
        var out: [String] = []
        var frames = FrameAssembler()
        for e in s.events { frames.add(e) { controller.handle($0) { out.append($0.type) } } }
        frames.flush { controller.handle($0) { out.append($0.type) } }
        controller.finish { out.append($0.type) }
        // --- from README.md ---
        for cell in controller.list.layoutCells() {
            draw(cell.item, slot: cell.slot, y: cell.y, height: cell.height, pinned: cell.pinned)
        }
        // ---
        #expect(out.filter { ["loadMore", "page"].contains($0) } == ["loadMore", "page"])
        #expect(controller.list.rowCount == 50)
        #expect(!drawn.isEmpty && Set(drawn.map(\.1)).count == drawn.count)
    }
}
