import Testing
import TouchGestures

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
        let surface = Surface(width: 800, height: 480, unitsPerMillimetre: Point(x: 5, y: 5))
        var engine = GestureEngine(surface: surface,
                                   list: ListModel(layout: ListLayout(rows: 8, rowHeight: 60, width: 800, height: 480)))

        var frames = FrameAssembler()
        for event in events {
            frames.add(event) { frame in
                engine.handle(frame) { output in
                    switch output.kind {
                    case .swipe(let s): print("swipe \(s.direction) with \(s.fingers) finger(s)")
                    case .rowSwipe(let row, let swiped): print("row \(row) is now \(swiped ? "open" : "closed")")
                    case .tap(let t): print("\(t.taps) tap(s) at \(t.position)")
                    case .select(let row): print("row \(row) selected")
                    case .longPress(let p) where p.phase == .began: print("long press at \(p.position)")
                    default: break
                    }
                }
            }
        }
        frames.flush { engine.handle($0) { print($0.kind.type) } }
        engine.finish { print($0.kind.type) }
        // ---
        #expect(printed == ["swipe right with 1 finger(s)", "row 2 is now open"])
    }
}
