import Foundation
import Testing
import TouchGestures
import TouchTestSupport

/// Declared sequences of steps (``GestureSequence``), run by the arena's sequence member: each
/// rule asserted from the rule on scripted touches over the usual panel (800 × 480 at 5 units/mm:
/// 160 × 96 mm; the tap's slop 4.7 mm, the edge zone 5 mm, the tap's gap 0.3 s).
@Suite("Declared sequences of steps")
struct SequenceTests {
    private typealias Step = GestureSequence.Step

    private func settings(_ sequences: GestureSequence...) -> GestureSettings {
        var s = GestureSettings()
        s.sequences = sequences
        return s
    }

    private func sequences(_ out: [GestureEvent]) -> [(time: Double, report: GestureEvent.Sequence)] {
        out.compactMap { if case .sequence(let q) = $0.kind { ($0.time, q) } else { nil } }
    }

    private func failure(of r: RecognizerName, _ out: [GestureEvent]) -> (time: Double, reason: GestureFailure)? {
        for e in out { if case .failed(r, let why) = e.kind { return (e.time, why) } }
        return nil
    }

    /// Sxmo's drawer: a finger on the bottom edge, held 0.4 s, then up 15 mm.
    private let drawer = GestureSequence(name: "drawer", steps: [
        Step(.touch(fingers: 1, edge: .bottom)),
        Step(.hold(seconds: 0.4)),
        Step(.move(.up, distance: .millimeters(15))),
    ])

    /// One finger down at (400, 478), 0.4 mm from the bottom edge, still (a frame every 50 ms)
    /// until `still` s, then up a millimetre every 10 ms for `mm` mm, and lifted there.
    private func fromBottom(still: Double, mm: Int) -> [TouchEvent] {
        var s = Script()
        s.down(0, 1, 400, 478)
        var t = 0.05
        while t <= still + 1e-9 {
            s.move(t, 1, 400, 478)
            t += 0.05
        }
        for k in 1...mm { s.move(still + Double(k) * 0.01, 1, 400, 478 - Double(k) * 5) }
        s.up(still + Double(mm) * 0.01 + 0.01, 1, 400, 478 - Double(mm) * 5)
        return s.events
    }

    @Test("held on the bottom edge then moved up: the sequence is done where the finger is 15 mm above where the hold ended, and takes the touch")
    func drawerDone() {
        let (engine, out) = replay(fromBottom(still: 0.5, mm: 20), settings: settings(drawer))
        let done = sequences(out)
        // The hold ends at 0.4 s (its deadline); the move from there reaches 15 mm at 0.5 + 0.15 s.
        #expect(done.count == 1 && done.first.map { abs($0.time - 0.65) < 1e-9 } == true, "\(done)")
        #expect(done.first?.report.index == 0 && done.first?.report.fingers == 1)
        #expect(done.first.map { abs($0.report.duration - 0.65) < 1e-9 } == true)
        #expect(engine.sequences.map(\.name) == ["drawer"])
        // The long press (claimed at 0.5 s) and the swipe waited for it, and lost: nothing else.
        #expect(out.count == 1, "\(out.map(line))")
    }

    @Test("a plain gesture the sequence cannot become is not delayed: a swipe up from the bottom edge with no hold comes at the same time and with the same values as with no sequence")
    func noHoldNoWait() {
        var s = Script()
        s.down(0, 1, 400, 478)
        for k in 1...20 { s.move(Double(k) * 0.01, 1, 400, 478 - Double(k) * 5) }
        s.up(0.21, 1, 400, 378)
        let plain = replay(s.events).output
        let (_, withSequence) = replay(s.events, settings: settings(drawer))
        #expect(!swipes(plain).isEmpty)
        #expect(withSequence == plain, "\(withSequence.map(line)) against \(plain.map(line))")
        // Why the sequence failed: the finger moved past the slop during the hold.
        let (_, explained) = replay(s.events, settings: settings(drawer), explain: true)
        let why = failure(of: .sequence, explained)
        #expect(why?.reason.kind == .moved && why?.reason.limit == GestureSettings.touchSlop, "\(String(describing: why))")
        // It failed at the first frame past the slop, 5 mm at 0.05 s, in the frame the pan
        // claimed in, and long before the swipe's claim at 12 mm.
        #expect(why.map { abs($0.time - 0.05) < 1e-9 && abs($0.reason.measured - 5) < 1e-9 } == true, "\(explained.map(line))")
    }

    @Test("a tap away from the edge: the sequence fails as the finger lands, saying how far from the edge, and the tap comes as with no sequence")
    func tapAwayFromEdge() {
        var s = Script()
        s.down(0, 1, 400, 240)
        s.up(0.08, 1, 400, 240)
        var noDouble = GestureSettings()
        noDouble.tap.maxCount = 1
        var with = noDouble
        with.sequences = [drawer]
        #expect(replay(s.events, settings: with).output == replay(s.events, settings: noDouble).output)
        let (_, explained) = replay(s.events, settings: with, explain: true)
        let why = failure(of: .sequence, explained)
        // y 240 is 48 mm from the top of a 96 mm surface: 48 mm from the bottom edge, zone 5 mm.
        #expect(why?.time == 0 && why?.reason.kind == .outsideEdge)
        #expect(why.map { abs($0.reason.measured - 48) < 1e-9 && $0.reason.limit == 5 } == true, "\(String(describing: why))")
    }

    @Test("a finger that wanders 3 mm during a hold of 2 mm tolerance breaks it: moved 3 mm > 2 mm, and the long press is not held back")
    func holdBroken() {
        var s = Script()
        s.down(0, 1, 400, 478)
        s.move(0.1, 1, 400, 475)
        s.move(0.2, 1, 400, 463)       // 3 mm up, under the slop: no pan
        s.move(0.6, 1, 400, 463)
        s.up(0.7, 1, 400, 463)
        var steady = drawer
        steady.steps[1] = Step(.hold(seconds: 0.4, tolerance: 2))
        let (_, out) = replay(s.events, settings: settings(steady), explain: true)
        let why = failure(of: .sequence, out)
        #expect(why?.time == 0.2 && why?.reason.kind == .moved && why?.reason.limit == 2, "\(String(describing: why))")
        // Which step broke, and its measure: what --explain prints.
        #expect(why?.reason.sequenceStep == .init(sequence: 0, step: 1, action: .hold))
        #expect(why?.reason.description == "step 2 (hold): moved 3.0 mm > 2.0 mm", "\(why.map { "\($0.reason)" } ?? "none")")
        #expect(why.map { abs($0.reason.measured - 3) < 1e-9 } == true)
        #expect(sequences(out).isEmpty)
        // The long press began at 0.5 s, its own time, as with no sequence.
        let plain = replay(s.events).output
        #expect(out.filter { if case .longPress = $0.kind { true } else { false } }
                == plain.filter { if case .longPress = $0.kind { true } else { false } })
        #expect(plain.contains { if case .longPress(let g) = $0.kind { g.phase == .began && $0.time == 0.5 } else { false } })
    }

    /// fusuma's ask: one finger holds, another swipes up.
    private let holdAndSwipe = GestureSequence(name: "hold-and-swipe", steps: [
        Step(.touch(fingers: 1)),
        Step(.hold(seconds: 0.3)),
        Step(.touch(fingers: 1)),
        Step(.move(.up, distance: .short, fingers: .last)),
    ])

    /// Finger 1 down at (200, 300) and still; finger 2 down at (500, 300) at 0.4 s and up 20 mm,
    /// a millimetre every 10 ms; finger 1 drifts `drift` mm right as it does.
    private func holdOneSwipeOther(drift: Double) -> [TouchEvent] {
        var s = Script()
        s.down(0, 1, 200, 300)
        for k in 1...7 { s.move(Double(k) * 0.05, 1, 200, 300) }
        s.down(0.4, 2, 500, 300)
        for k in 1...20 {
            let t = 0.4 + Double(k) * 0.01
            s.move(t, 2, 500, 300 - Double(k) * 5)
            s.move(t, 1, 200 + drift * 5 * Double(k) / 20, 300)
        }
        s.up(0.62, 2, 500, 200)
        s.up(0.65, 1, 200 + drift * 5, 300)
        return s.events
    }

    @Test("two sequences done in the same frame: the one declared first takes the touch, once")
    func firstDeclaredOfTwoDoneTogether() {
        let twin = GestureSequence(name: "twin", steps: drawer.steps)
        let (_, out) = replay(fromBottom(still: 0.5, mm: 20), settings: settings(twin, drawer))
        let done = sequences(out)
        #expect(done.count == 1, "\(done)")
        #expect(done.first?.report.index == 0 && done.first?.report.name == "twin", "\(done)")
        #expect(done.first.map { abs($0.time - 0.65) < 1e-9 } == true, "\(done)")
    }

    @Test("one finger holds while another swipes up: done when the second has gone 12 mm (short)")
    func holdOneSwipeAnother() {
        let (_, out) = replay(holdOneSwipeOther(drift: 0), settings: settings(holdAndSwipe))
        let done = sequences(out)
        #expect(done.count == 1 && done.first.map { abs($0.time - 0.52) < 1e-9 && $0.report.fingers == 2 } == true, "\(done)")
    }

    @Test("the held finger must stay held while the other moves: 10 mm of drift fails the sequence, moved")
    func heldFingerDrifts() {
        let (_, out) = replay(holdOneSwipeOther(drift: 10), settings: settings(holdAndSwipe), explain: true)
        #expect(sequences(out).isEmpty)
        let why = failure(of: .sequence, out)
        #expect(why?.reason.kind == .moved && why?.reason.limit == GestureSettings.touchSlop, "\(String(describing: why))")
        // 10 mm over 20 frames passes 4.7 mm at the 10th (5 mm), 0.50 s, before the other
        // finger's 12 mm at the 12th.
        #expect(why.map { abs($0.time - 0.5) < 1e-9 && abs($0.reason.measured - 5) < 1e-9 } == true)
    }

    @Test("an edge's section: the top edge's right half takes a finger at 0.75 of it and refuses one at 0.25, saying where")
    func section() {
        let menu = GestureSequence(name: "menu", steps: [
            Step(.touch(fingers: 1, edge: .top, along: 0.5...1)),
            Step(.move(.down, distance: .short)),
        ])
        func stroke(x: Double) -> [TouchEvent] {
            var s = Script()
            s.down(0, 1, x, 2)
            for k in 1...15 { s.move(Double(k) * 0.01, 1, x, 2 + Double(k) * 5) }
            s.up(0.16, 1, x, 77)
            return s.events
        }
        let right = replay(stroke(x: 600), settings: settings(menu)).output
        #expect(sequences(right).count == 1 && swipes(right).isEmpty, "\(right.map(line))")
        let (_, left) = replay(stroke(x: 200), settings: settings(menu), explain: true)
        #expect(sequences(left).isEmpty && swipes(left).count == 1)
        let why = failure(of: .sequence, left)
        #expect(why?.reason.kind == .outsideSection && why?.reason.measured == 0.25 && why?.reason.limit == 0.5, "\(String(describing: why))")
    }

    @Test("swipe right then up in one stroke: each move from where the last ended; a stroke that goes on right fails, the wrong direction named")
    func rightThenUp() {
        let corner = GestureSequence(name: "corner", steps: [
            Step(.touch(fingers: 1)),
            Step(.move(.right, distance: .millimeters(15))),
            Step(.move(.up, distance: .millimeters(15)), within: 0.5),
        ])
        func stroke(thenUp: Bool) -> [TouchEvent] {
            var s = Script()
            s.down(0, 1, 200, 300)
            for k in 1...15 { s.move(Double(k) * 0.01, 1, 200 + Double(k) * 5, 300) }
            for k in 1...20 {
                let t = 0.15 + Double(k) * 0.01
                if thenUp { s.move(t, 1, 275, 300 - Double(k) * 5) } else { s.move(t, 1, 275 + Double(k) * 5, 300) }
            }
            s.up(0.36, 1, thenUp ? 275 : 375, thenUp ? 200 : 300)
            return s.events
        }
        let done = sequences(replay(stroke(thenUp: true), settings: settings(corner)).output)
        // Right 15 mm at 0.15 s; up 15 mm from there at 0.30 s.
        #expect(done.count == 1 && done.first.map { abs($0.time - 0.30) < 1e-9 } == true, "\(done)")
        let (_, on) = replay(stroke(thenUp: false), settings: settings(corner), explain: true)
        #expect(sequences(on).isEmpty)
        let why = failure(of: .sequence, on)
        // 15 mm more to the right: 90° from up, whose sector is 45° either side.
        #expect(why?.reason.kind == .wrongDirection && why?.reason.limit == 45 && why.map { abs($0.reason.measured - 90) < 1e-9 } == true,
                "\(String(describing: why))")
        #expect(why.map { abs($0.time - 0.30) < 1e-9 } == true)
    }

    @Test("a move's direction is judged as the fingers pass the slop: a slow scroll down under touch-then-right waits 5 mm, not the move's 15")
    func moveJudgedAtTheSlop() {
        let corner = GestureSequence(name: "corner", steps: [Step(.touch(fingers: 1)), Step(.move(.right, distance: .millimeters(15)))])
        // Down at 20 mm/s: 1 mm every 0.05 s.
        var s = Script()
        s.down(0, 1, 400, 100)
        for k in 1...30 { s.move(Double(k) * 0.05, 1, 400, 100 + Double(k) * 5) }
        s.up(1.5, 1, 400, 250)
        let (_, out) = replay(s.events, settings: settings(corner), explain: true)
        let why = failure(of: .sequence, out)
        // The slop (4.7 mm) passed at 5 mm, 0.25 s: 90° from right, whose sector is 45° either side.
        #expect(why?.reason.kind == .wrongDirection && why.map { abs($0.time - 0.25) < 1e-9 } == true, "\(String(describing: why))")
        let pan = out.first { if case .pan(let p) = $0.kind { p.phase == .began } else { false } }
        #expect(pan.map { $0.time <= 0.25 + 1e-9 } == true, "the scroll began at \(String(describing: pan?.time))")
    }

    @Test("within: a second finger 0.2 s after the first is too late for a touch of two within 0.1 s, failed at the deadline")
    func withinDeadline() {
        let two = GestureSequence(name: "two", steps: [Step(.touch(fingers: 2), within: 0.1), Step(.hold(seconds: 0.2))])
        var s = Script()
        s.down(0, 1, 200, 300)
        s.move(0.05, 1, 200, 300)
        s.down(0.2, 2, 400, 300)
        s.up(0.3, 1, 200, 300)
        s.up(0.3, 2, 400, 300)
        let (_, out) = replay(s.events, settings: settings(two), explain: true)
        let why = failure(of: .sequence, out)
        #expect(why?.reason.kind == .tooSlow && why?.reason.limit == 0.1 && why?.time == 0.1, "\(String(describing: why))")
    }

    @Test("a sequence may end in a hold: done at the hold's own time, whatever the frames")
    func endsInAHold() {
        let press = GestureSequence(name: "press", steps: [Step(.touch(fingers: 2)), Step(.hold(seconds: 0.25))])
        var s = Script()
        s.down(0, 1, 200, 300)
        s.down(0.02, 2, 300, 300)
        s.move(0.4, 1, 200, 300)
        s.up(0.5, 1, 200, 300)
        s.up(0.5, 2, 300, 300)
        let done = sequences(replay(s.events, settings: settings(press)).output)
        // The touch is done at 0.02 s (the second finger); the hold 0.25 s later, at 0.27 s,
        // reported there though the next frame came at 0.4 s.
        #expect(done.count == 1 && done.first.map { abs($0.time - 0.27) < 1e-9 && $0.report.fingers == 2 } == true, "\(done)")
    }

    @Test("a double tap, then a hold: the sequence goes on past each lift, and the double tap it began with is not reported")
    func doubleTapThenHold() {
        let seq = GestureSequence(name: "tap-tap-hold", steps: [
            Step(.tap(fingers: 1, taps: 2)), Step(.touch(fingers: 1)), Step(.hold(seconds: 0.5)),
        ])
        var s = Script()
        s.down(0, 1, 400, 240); s.up(0.08, 1, 400, 240)
        s.down(0.2, 1, 402, 240); s.up(0.28, 1, 402, 240)
        s.down(0.45, 1, 401, 241)
        for k in 1...12 { s.move(0.45 + Double(k) * 0.05, 1, 401, 241) }
        s.up(1.1, 1, 401, 241)
        let out = replay(s.events, settings: settings(seq)).output
        let done = sequences(out)
        // The touch at 0.45 s, held 0.5 s: 0.95 s.
        #expect(done.count == 1 && done.first.map { abs($0.time - 0.95) < 1e-9 } == true, "\(out.map(line))")
        #expect(out.count == 1, "\(out.map(line))")
    }

    @Test("taps 25 mm apart are no double tap to a tap step, as to the engine's own (tap.maxSpacing 15.9 mm): it fails as the second lands, saying how far")
    func tapsFarApart() {
        let seq = GestureSequence(name: "tap-tap-hold", steps: [
            Step(.tap(fingers: 1, taps: 2)), Step(.touch(fingers: 1)), Step(.hold(seconds: 0.5)),
        ])
        func taps(apartMillimetres mm: Double) -> [TouchEvent] {
            var s = Script()
            s.down(0, 1, 400, 240); s.up(0.08, 1, 400, 240)
            s.down(0.2, 1, 400 + mm * 5, 240); s.up(0.28, 1, 400 + mm * 5, 240)
            s.down(0.45, 1, 400 + mm * 5, 240)
            for k in 1...12 { s.move(0.45 + Double(k) * 0.05, 1, 400 + mm * 5, 240) }
            s.up(1.1, 1, 400 + mm * 5, 240)
            return s.events
        }
        let far = replay(taps(apartMillimetres: 25), settings: settings(seq), explain: true).output
        #expect(sequences(far).isEmpty, "\(far.map(line))")
        let why = failure(of: .sequence, far)
        #expect(why?.reason.kind == .tooFarApart && why.map { abs($0.reason.measured - 25) < 1e-9 && $0.reason.limit == 15.9 } == true,
                "\(far.map(line))")
        #expect(why?.reason.sequenceStep?.step == 0 && why.map { abs($0.time - 0.2) < 1e-9 } == true)
        #expect("\(why?.reason.description ?? "")".contains("landed 25.0 mm from the first tap > 15.9 mm"), "\(why.map { "\($0.reason)" } ?? "")")
        // 10 mm apart: within the spacing, the sequence is done as the hold ends.
        let near = replay(taps(apartMillimetres: 10), settings: settings(seq)).output
        #expect(sequences(near).count == 1, "\(near.map(line))")
    }

    @Test("a double tap with no touch after it: the double tap waits for the gap the sequence allows, then comes")
    func doubleTapAlone() {
        let seq = GestureSequence(name: "tap-tap-hold", steps: [
            Step(.tap(fingers: 1, taps: 2)), Step(.touch(fingers: 1)), Step(.hold(seconds: 0.5)),
        ])
        var s = Script()
        s.down(0, 1, 400, 240); s.up(0.08, 1, 400, 240)
        s.down(0.2, 1, 402, 240); s.up(0.28, 1, 402, 240)
        let plain = replay(s.events).output.filter { if case .tap = $0.kind { true } else { false } }
        let out = replay(s.events, settings: settings(seq)).output
        let taps = out.filter { if case .tap = $0.kind { true } else { false } }
        #expect(plain.count == 1 && plain.first?.time == 0.28)
        // The same double tap, reported when the 0.3 s gap after the last lift has passed.
        #expect(taps.count == 1 && taps.first.map { abs($0.time - 0.58) < 1e-9 } == true, "\(out.map(line))")
        if case .tap(let t)? = taps.first?.kind, case .tap(let p)? = plain.first?.kind { #expect(t == p) }
        #expect(sequences(out).isEmpty)
    }

    @Test("pinch out and rotate clockwise steps, each judged in its own unit; the wrong way fails")
    func pinchAndRotate() {
        let spread = GestureSequence(name: "spread", steps: [Step(.touch(fingers: 2)), Step(.pinch(.out, distance: 10))])
        let turn = GestureSequence(name: "turn", steps: [Step(.touch(fingers: 2)), Step(.rotate(.clockwise, angle: 28))])
        // Two fingers 40 mm apart about (400, 240), spreading 1 mm a frame each way.
        var apart = Script()
        apart.down(0, 1, 300, 240); apart.down(0, 2, 500, 240)
        for k in 1...8 {
            let t = Double(k) * 0.02
            apart.move(t, 1, 300 - Double(k) * 5, 240); apart.move(t, 2, 500 + Double(k) * 5, 240)
        }
        apart.up(0.2, 1, 260, 240); apart.up(0.2, 2, 540, 240)
        let pinched = sequences(replay(apart.events, settings: settings(spread)).output)
        // 2 mm of spread a frame: 10 mm at the fifth, 0.10 s.
        #expect(pinched.count == 1 && pinched.first.map { abs($0.time - 0.1) < 1e-9 } == true, "\(pinched)")
        let (_, wrong) = replay(apart.events, settings: settings(GestureSequence(name: "squeeze", steps: [
            Step(.touch(fingers: 2)), Step(.pinch(.in, distance: 10)),
        ])), explain: true)
        #expect(failure(of: .sequence, wrong)?.reason.kind == .pinchedWrongWay)
        // Two fingers turning about (400, 240), 5° a frame clockwise on the screen (y down).
        var round = Script()
        round.down(0, 1, 300, 240); round.down(0, 2, 500, 240)
        for k in 1...10 {
            let a = Double(k) * 5 * Double.pi / 180
            let t = Double(k) * 0.02
            let (c, s) = (cos(a), sin(a))
            round.move(t, 1, 400 - 100 * c, 240 - 100 * s); round.move(t, 2, 400 + 100 * c, 240 + 100 * s)
        }
        round.up(0.22, 1, 300, 240 - 1); round.up(0.22, 2, 500, 240 + 1)
        // 5° a frame: past 28° at the sixth frame, 0.12 s.
        let turned = sequences(replay(round.events, settings: settings(turn)).output)
        #expect(turned.count == 1 && turned.first.map { abs($0.time - 0.12) < 1e-9 } == true, "\(turned)")
        let (_, back) = replay(round.events, settings: settings(GestureSequence(name: "back", steps: [
            Step(.touch(fingers: 2)), Step(.rotate(.counterclockwise, angle: 28)),
        ])), explain: true)
        let why = failure(of: .sequence, back)
        #expect(why?.reason.kind == .turnedWrongWay && why?.time == 0.12, "\(String(describing: why))")
    }

    @Test("a sequence's report, name and all, is no larger than a followed gesture's: no event of the engine grows")
    func reportSize() {
        #expect(MemoryLayout<GestureEvent.Sequence>.size <= MemoryLayout<GestureEvent.Follow>.size,
                "\(MemoryLayout<GestureEvent.Sequence>.size) > \(MemoryLayout<GestureEvent.Follow>.size)")
        let q = GestureEvent.Sequence(index: 2, name: "über-drawer", fingers: 1, position: .zero, duration: 0)
        #expect(q.name == "über-drawer")
        // A name past 32 bytes keeps its whole characters that fit.
        let long = GestureEvent.Sequence(index: 0, name: String(repeating: "é", count: 20), fingers: 1, position: .zero, duration: 0)
        #expect(long.name == String(repeating: "é", count: 16))
    }

    @Test("a sequence that cannot run is left out, and says why: the first step must put fingers down, numbers in range")
    func problems() {
        #expect(GestureSequence(name: "x", steps: [Step(.hold(seconds: 1))]).problem?.step == 0)
        #expect(GestureSequence(name: "x", steps: []).problem?.key == "steps")
        #expect(GestureSequence(name: "", steps: [Step(.touch(fingers: 1))]).problem?.key == "name")
        #expect(GestureSequence(name: "x", steps: [Step(.touch(fingers: 1, along: 0...0.5))]).problem?.key == "along")
        #expect(GestureSequence(name: "x", steps: [Step(.touch(fingers: 1, edge: .topLeft, along: 0...0.5))]).problem?.key == "along")
        #expect(GestureSequence(name: "x", steps: [Step(.touch(fingers: 1, edge: .top, along: 0.6...0.5 + 0.1))]).problem?.key == "along")
        #expect(GestureSequence(name: "x", steps: [Step(.tap(fingers: 1, taps: 4))]).problem?.key == "taps")
        #expect(GestureSequence(name: "x", steps: [Step(.touch(fingers: 1)), Step(.hold(seconds: .nan))]).problem?.step == 1)
        #expect(GestureSequence(name: "x", steps: [Step(.touch(fingers: 1), within: 0)]).problem?.key == "within")
        #expect(GestureSequence(name: "x", steps: [Step(.touch(fingers: 1)), Step(.move(.up, distance: .millimeters(-1)))]).problem?.key == "distance")
        #expect(drawer.problem == nil && holdAndSwipe.problem == nil)
        var engine = GestureEngine(surface: panel)
        engine.sequences = [GestureSequence(name: "bad", steps: [Step(.lift(nil))]), drawer]
        #expect(engine.sequences.map(\.name) == ["drawer"])
    }
}
