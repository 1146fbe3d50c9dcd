import Testing
import TouchGestures

/// One line per output event: time, type, and what tells the arena's decisions apart.
func line(_ e: GestureEvent) -> String {
    let t = formatted(e.time)
    switch e.kind {
    case .won(let r, let contact): return "\(t) won \(r.rawValue) #\(contact)"
    case .failed(let r, let why):
        let rival = why.rival.map { "(\($0.rawValue))" } ?? ""
        return "\(t) failed \(r.rawValue) \(why.kind.rawValue)\(rival)"
    case .longPress(let g): return "\(t) longPress \(g.phase.rawValue) \(g.fingers)f"
    case .pan(let g): return "\(t) pan \(g.phase.rawValue) \(formatted(g.translation.x)),\(formatted(g.translation.y))"
    case .pinch(let g): return "\(t) pinch \(g.phase.rawValue) ×\(formatted(g.scale))"
    case .rotate(let g): return "\(t) rotate \(g.phase.rawValue) \(formatted(g.angle))"
    case .swipe(let g): return "\(t) swipe \(g.direction.rawValue) \(g.fingers)f"
    case .tap(let g): return "\(t) tap \(g.taps)x\(g.fingers)f"
    case .fling(let g): return "\(t) fling \(formatted(g.speed))"
    case .rowSwipe(let row, let on): return "\(t) rowSwipe \(row) \(on)"
    case .select(let row): return "\(t) select \(row)"
    case .scroll(let offset, let momentum): return "\(t) scroll \(formatted(offset))\(momentum ? " momentum" : "")"
    case .deselect(let row): return "\(t) deselect \(row)"
    case .check(let row, let on): return "\(t) check \(row) \(on)"
    case .snap(let offset, let kind): return "\(t) snap \(formatted(offset)) \(kind.rawValue)"
    case .loadMore(let page): return "\(t) loadMore \(page)"
    case .refresh: return "\(t) refresh"
    case .page(let page, let rows): return "\(t) page \(page) \(rows.map(String.init) ?? "failed")"
    }
}

/// Three decimals: the core's own fixed-point formatter.
func formatted(_ v: Double) -> String { formatFixed(v, digits: 3) }

@Suite("Arena: whole ordered logs of each decision")
struct ArenaTests {
    @Test("long press vs pan, held still: the long press claims at 0.5 s and everyone else is rejected")
    func longPressWins() {
        var s = Script()
        s.down(0, 1, 400, 200)
        s.move(0.3, 1, 401, 200)
        s.move(0.7, 1, 450, 200)     // after the win, movement is the long press's
        s.up(0.8, 1, 450, 200)
        let (_, out) = replay(s.events, explain: true)
        #expect(out.map(line) == [
            "0.500 won longPress #1",
            "0.500 failed tap rejected(longPress)",
            "0.500 failed pinch rejected(longPress)",
            "0.500 failed rotate rejected(longPress)",
            "0.500 failed swipe rejected(longPress)",
            "0.500 failed pan rejected(longPress)",
            "0.500 failed fling rejected(longPress)",
            "0.500 longPress began 1f",
            "0.700 longPress changed 1f",
            "0.800 longPress ended 1f",
        ])
    }

    @Test("long press vs pan, moving first: the pan claims at its slop and the long press fails on movement")
    func panWins() {
        var s = Script()
        s.down(0, 1, 400, 200)
        s.move(0.1, 1, 425, 200)     // 5 mm: past both slops
        s.move(0.6, 1, 430, 200)
        s.up(0.65, 1, 430, 200)
        let (_, out) = replay(s.events, explain: true)
        #expect(out.map(line) == [
            "0.100 failed longPress moved",
            "0.100 failed tap moved",
            "0.100 won pan #1",
            "0.100 failed pinch rejected(pan)",
            "0.100 failed rotate rejected(pan)",
            "0.100 pan began 25.000,0.000",
            "0.600 pan changed 30.000,0.000",
            "0.650 failed swipe tooShort",
            "0.650 pan ended 30.000,0.000",
            "0.650 failed fling tooSlowToFling",
        ])
    }

    @Test("a single tap waits for the double-tap window only when double taps are recognised")
    func singleTapWaitsOnlyForADoubleTap() {
        var s = Script()
        s.down(0, 1, 400, 200)
        s.up(0.08, 1, 400, 200)
        let (_, waiting) = replay(s.events)
        #expect(waiting.map(line) == ["0.380 tap 1x1f"])
        var single = GestureSettings()
        single.tap.maxCount = 1
        let (_, atOnce) = replay(s.events, settings: single, explain: true)
        #expect(atOnce.map(line) == [
            "0.080 failed longPress releasedEarly",
            "0.080 won tap #1",
            "0.080 failed pinch rejected(tap)",
            "0.080 failed rotate rejected(tap)",
            "0.080 failed swipe rejected(tap)",
            "0.080 failed pan rejected(tap)",
            "0.080 failed fling rejected(tap)",
            "0.080 tap 1x1f",
        ])
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
        let (_, out) = replay(rowStroke(firstDX: 4, firstDY: 3), list: list, explain: true)
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
        let (_, out) = replay(rowStroke(firstDX: 5, firstDY: 2), list: list, explain: true)
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
        let (_, biased) = replay(rowStroke(firstDX: 5, firstDY: 2), list: list, settings: settings)
        #expect(!biased.contains { $0.kind.type == "rowSwipe" })
        #expect(biased.first.map(line) == "0.050 pan began 25.000,10.000")
    }

    /// Two fingers 20 mm apart that spread to 30 mm while turning 30° in one frame.
    func twist() -> [TouchEvent] {
        var s = Script()
        s.down(0, 1, 350, 240); s.down(0, 2, 450, 240)
        // 30 mm apart, turned 30° clockwise: half-span 75 units.
        let c = 0.8660254037844387 * 75, d = 0.5 * 75
        s.move(0.05, 1, 400 - c, 240 - d); s.move(0.05, 2, 400 + c, 240 + d)
        s.up(0.1, 1, 400 - c, 240 - d); s.up(0.1, 2, 400 + c, 240 + d)
        return s.events
    }

    @Test("pinch and rotation recognise together by default")
    func pinchAndRotateTogether() {
        let (_, out) = replay(twist(), explain: true)
        #expect(out.map(line) == [
            "0.050 failed longPress moved",
            "0.050 failed tap moved",
            "0.050 won pinch #1",
            "0.050 failed swipe rejected(pinch)",
            "0.050 failed pan rejected(pinch)",
            "0.050 failed fling rejected(pinch)",
            "0.050 pinch began ×1.500",
            "0.050 won rotate #1",
            "0.050 rotate began 0.524",
            "0.100 pinch ended ×1.500",
            "0.100 rotate ended 0.524",
        ])
    }

    @Test("declared apart, the first of pinch and rotation to claim rejects the other")
    func pinchAndRotateApart() {
        var settings = GestureSettings()
        settings.arena.recogniseApart(.pinch, .rotate)
        let (_, out) = replay(twist(), settings: settings, explain: true)
        #expect(out.map(line) == [
            "0.050 failed longPress moved",
            "0.050 failed tap moved",
            "0.050 won pinch #1",
            "0.050 failed rotate rejected(pinch)",
            "0.050 failed swipe rejected(pinch)",
            "0.050 failed pan rejected(pinch)",
            "0.050 failed fling rejected(pinch)",
            "0.050 pinch began ×1.500",
            "0.100 pinch ended ×1.500",
        ])
    }

    @Test("a claim that waits for another recognizer is held until that one fails, then begins at that time")
    func heldClaimIsReleased() {
        var settings = GestureSettings()
        settings.pan.axis = .free
        settings.arena.require(.pan, toWaitFor: .swipe)
        settings.arena.enabled.remove(RecognizerSet(.longPress))
        var s = Script()
        s.down(0, 1, 300, 240)
        s.move(0.2, 1, 330, 240)     // 6 mm: the pan claims, and is held
        s.move(0.5, 1, 350, 240)     // 10 mm: still short of a swipe
        s.move(0.75, 1, 380, 240)    // 16 mm, but past 0.7 s: the swipe fails, the pan begins
        s.move(0.8, 1, 400, 240)
        s.up(0.85, 1, 400, 240)
        let (_, out) = replay(s.events, settings: settings, explain: true)
        #expect(out.map(line) == [
            "0.200 failed tap moved",
            "0.750 failed swipe tooSlow",
            "0.750 won pan #1",
            "0.750 failed pinch rejected(pan)",
            "0.750 failed rotate rejected(pan)",
            "0.750 pan began 50.000,0.000",
            "0.750 pan changed 80.000,0.000",
            "0.800 pan changed 100.000,0.000",
            "0.850 pan ended 100.000,0.000",
            "0.850 failed fling tooSlowToFling",
        ])
    }

    @Test("a claim that waits for a recognizer that wins is refused")
    func heldClaimLoses() {
        var settings = GestureSettings()
        settings.pan.axis = .free
        settings.arena.require(.pan, toWaitFor: .swipe)
        var s = Script()
        s.down(0, 1, 300, 240)
        s.move(0.05, 1, 330, 240)
        s.move(0.1, 1, 400, 240)
        s.up(0.15, 1, 400, 240)
        let (_, out) = replay(s.events, settings: settings, explain: true)
        #expect(out.map(line) == [
            "0.050 failed longPress moved",
            "0.050 failed tap moved",
            "0.100 won swipe #1",
            "0.100 failed pinch rejected(swipe)",
            "0.100 failed rotate rejected(swipe)",
            "0.100 failed pan waitedForWon(swipe)",
            "0.100 swipe right 1f",
            "0.150 failed fling tooSlowToFling",
        ])
    }

    @Test("time passing with no event fires the long press at its deadline, through advance(to:)")
    func advanceFiresLongPress() {
        var engine = GestureEngine(surface: panel)
        var out: [GestureEvent] = []
        engine.handle(TouchFrame(time: 1.0, events: [TouchEvent(time: 1.0, id: 4, phase: .down, position: Point(x: 100, y: 100))])) { out.append($0) }
        engine.advance(to: 1.3) { out.append($0) }
        #expect(out.isEmpty)
        engine.advance(to: 1.75) { out.append($0) }
        #expect(out.map(line) == ["1.500 longPress began 1f"])
        engine.advance(to: 2.0) { out.append($0) }
        #expect(out.count == 1, "it begins once")
        #expect(engine.standing(of: .longPress) == .won)
        #expect(engine.standing(of: .tap) == .lost)
    }

    @Test("a disabled recognizer takes no part and reports nothing")
    func disabledRecognizer() {
        var settings = GestureSettings()
        settings.arena.enabled = RecognizerSet([.tap, .swipe])
        var s = Script()
        s.down(0, 1, 400, 200)
        s.up(0.9, 1, 400, 200)
        let (engine, out) = replay(s.events, settings: settings, explain: true)
        #expect(out.map(line) == ["0.900 failed swipe tooSlow", "1.200 tap 1x1f"])
        #expect(engine.standing(of: .longPress) == .absent)
    }

    @Test("the settings API: together, apart, waits")
    func settingsAPI() {
        var a = ArenaSettings()
        #expect(a.recogniseTogether(.pinch, with: .rotate) && a.recogniseTogether(.rotate, with: .pinch))
        #expect(a.recogniseTogether(.pan, with: .swipe) && !a.recogniseTogether(.tap, with: .longPress))
        a.recogniseApart(.rotate, .pinch)
        #expect(!a.recogniseTogether(.pinch, with: .rotate))
        a.require(.tap, toWaitFor: .longPress)
        #expect(a.waitsFor(.tap) == RecognizerSet(.longPress) && a.waitsFor(.longPress).isEmpty)
        a.removeRequirements(of: .tap)
        #expect(a.waitsFor(.tap).isEmpty)
        #expect(RecognizerSet.all.names == RecognizerName.allCases)
    }
}
