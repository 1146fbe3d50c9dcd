import Testing
import TouchGestures
import TouchTestSupport

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
            "0.100 won pan #1",
            "0.100 failed tap rejected(pan)",
            "0.100 failed pinch rejected(pan)",
            "0.100 failed rotate rejected(pan)",
            "0.100 pan began 25.000,0.000",
            "0.600 pan changed 30.000,0.000",
            "0.650 failed swipe tooShort",
            "0.650 pan ended 30.000,0.000",
            "0.650 failed fling tooSlowToFling",
        ])
    }

    @Test("a single tap waits for the double-tap window only when double taps are recognized")
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

    @Test("pinch and rotation recognize together by default")
    func pinchAndRotateTogether() {
        let (_, out) = replay(twist(), explain: true)
        #expect(out.map(line) == [
            "0.050 failed longPress moved",
            "0.050 won pinch #1",
            "0.050 failed tap rejected(pinch)",
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
        settings.arena.recognizeApart(.pinch, .rotate)
        let (_, out) = replay(twist(), settings: settings, explain: true)
        #expect(out.map(line) == [
            "0.050 failed longPress moved",
            "0.050 won pinch #1",
            "0.050 failed tap rejected(pinch)",
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
        s.move(0.69, 1, 355, 240)    // 11 mm: still short of a swipe
        s.move(0.75, 1, 380, 240)    // 16 mm: 12 mm crossed at 0.702 s, past 0.7 s: the swipe fails, the pan begins
        s.move(0.8, 1, 400, 240)
        s.up(0.85, 1, 400, 240)
        let (_, out) = replay(s.events, settings: settings, explain: true)
        #expect(out.map(line) == [
            "0.690 failed tap moved",
            "0.750 failed swipe tooSlow",
            "0.750 won pan #1",
            "0.750 failed pinch rejected(pan)",
            "0.750 failed rotate rejected(pan)",
            "0.750 pan began 55.000,0.000",
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
            "0.100 failed tap moved",
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
        // The swipe waits for the lift (a slow swipe could still end flung), and the still
        // finger lifts short of its distance.
        #expect(out.map(line) == ["0.900 failed swipe tooShort", "1.200 tap 1x1f"])
        #expect(engine.standing(of: .longPress) == .absent)
    }

    @Test("the settings API: together, apart, waits")
    func settingsAPI() {
        var a = ArenaSettings()
        #expect(a.recognizeTogether(.pinch, with: .rotate) && a.recognizeTogether(.rotate, with: .pinch))
        #expect(a.recognizeTogether(.pan, with: .swipe) && !a.recognizeTogether(.tap, with: .longPress))
        a.recognizeApart(.rotate, .pinch)
        #expect(!a.recognizeTogether(.pinch, with: .rotate))
        a.require(.tap, toWaitFor: .longPress)
        #expect(a.waitsFor(.tap) == RecognizerSet(.longPress) && a.waitsFor(.longPress).isEmpty)
        a.removeRequirements(of: .tap)
        #expect(a.waitsFor(.tap).isEmpty)
        #expect(RecognizerSet.all.names == RecognizerName.allCases)
    }
}
