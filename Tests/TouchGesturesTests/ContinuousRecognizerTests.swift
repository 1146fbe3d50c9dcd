import Testing
import TouchGestures
import TouchTestSupport

@Suite("Long press, pan, pinch, rotation, fling: whole transition logs")
struct ContinuousRecognizerTests {
    typealias L = LongPressRecognizer.State
    typealias P = PanRecognizer.State
    typealias Z = PinchRecognizer.State
    typealias R = RotateRecognizer.State
    typealias F = FlingRecognizer.State

    @Test func longPressBeginsAtItsDeadlineAndEndsAtTheLift() {
        var s = Script()
        s.down(0, 1, 400, 200)
        s.move(0.2, 1, 402, 200)
        s.move(0.9, 1, 500, 200)
        s.up(1.0, 1, 500, 200)
        let (engine, out) = replay(s.events)
        #expect(engine.longPress.log.entries == [
            tr(0, L.idle, L.possible),
            tr(0.5, L.possible, L.began),
            tr(1.0, L.began, L.ended),
            tr(1.0, L.ended, L.idle),
        ])
        let reports = out.compactMap { if case .longPress(let g) = $0.kind { g } else { nil } }
        #expect(reports.map(\.phase) == [.began, .changed, .ended])
        #expect(reports.map(\.duration) == [0.5, 0.9, 1.0])
        #expect(reports[1].position == Point(x: 500, y: 200))
    }

    @Test func longPressFailsOnMovementAndOnAnEarlyLift() {
        var s = Script()
        s.down(0, 1, 400, 200)
        s.move(0.2, 1, 424, 200)          // 4.8 mm > 4.7 mm
        s.up(0.3, 1, 424, 200)
        s.down(1, 2, 400, 200)
        s.up(1.3, 2, 400, 200)
        let (engine, _) = replay(s.events)
        let moved = GestureFailure(.moved, measured: panel.millimeters(Point(x: 24, y: 0)).x, limit: 4.7)   // 4.8 mm
        let early = GestureFailure(.releasedEarly, measured: 0.30000000000000004, limit: 0.5)
        #expect(engine.longPress.log.entries == [
            tr(0, L.idle, L.possible), tr(0.2, L.possible, L.failed(moved)), tr(0.3, L.failed(moved), L.idle),
            tr(1, L.idle, L.possible), tr(1.3, L.possible, L.failed(early)), tr(1.3, L.failed(early), L.idle),
        ])
        #expect(early.description == "released after 0.30 s < 0.50 s")
    }

    @Test func panCarriesItsTranslationAcrossFingersJoiningAndLeaving() {
        var s = Script()
        s.down(0, 1, 100, 100)
        s.move(0.05, 1, 130, 100)         // began: +30
        s.down(0.1, 2, 300, 100)          // the center jumps to 215; the translation must not
        s.move(0.15, 1, 140, 100); s.move(0.15, 2, 310, 100)   // both +10: +40
        s.up(0.2, 1, 140, 100)
        s.move(0.25, 2, 330, 100)         // one finger left; +20 more: +60
        s.up(0.3, 2, 330, 100)
        var settings = GestureSettings()
        settings.pan.axis = .free
        let (engine, out) = replay(s.events, settings: settings)
        #expect(engine.pan.log.entries == [
            tr(0, P.idle, P.possible), tr(0.05, P.possible, P.began), tr(0.3, P.began, P.ended), tr(0.3, P.ended, P.idle),
        ])
        let pans = out.compactMap { if case .pan(let g) = $0.kind { g } else { nil } }
        #expect(pans.map(\.phase) == [.began, .changed, .changed, .changed, .ended])
        #expect(pans.map(\.translation.x) == [30, 30, 40, 60, 60])
        #expect(pans.map(\.fingers) == [1, 2, 2, 1, 1])
    }

    @Test func aLockedPanFailsOffItsAxis() {
        var s = Script()
        s.down(0, 1, 100, 100)
        s.move(0.05, 1, 125, 105)          // 5 mm across, 1 mm along: ratio 5 ≥ 4, at the slop
        s.up(0.1, 1, 125, 105)
        var settings = GestureSettings()
        settings.pan.axis = .vertical
        let (engine, _) = replay(s.events, settings: settings)
        let off = GestureFailure(.offAxis, measured: 5, limit: 4)
        #expect(engine.pan.log.entries == [tr(0, P.idle, P.possible), tr(0.05, P.possible, P.failed(off)), tr(0.1, P.failed(off), P.idle)])
        #expect(off.description == "off axis: across/along 5.0 > 4.0")
    }

    @Test func aLockedPanThatDoesNotFavorAnAxisWaitsForTheHeadingSinceTheSlop() {
        var settings = GestureSettings()
        settings.pan.axis = .vertical
        // 3 across and 4 along (5 mm, past the slop at 4.7 mm: 1.33:1, it waits), then 7 mm
        // along and 1 across more (at 10 mm from touch-down the heading since the slop is
        // along the axis): it begins in that frame.
        var s = Script()
        s.down(0, 1, 100, 100)
        s.move(0.05, 1, 115, 120)
        s.move(0.10, 1, 120, 155)
        s.up(0.15, 1, 120, 155)
        let (engine, _) = replay(s.events, settings: settings)
        #expect(engine.pan.log.entries.map(\.time) == [0, 0.10, 0.15, 0.15])
        #expect(engine.pan.log.entries[1].to == P.began)
        // The same start turning sideways instead: more across than along since the slop.
        var t = Script()
        t.down(0, 1, 100, 100)
        t.move(0.05, 1, 115, 120)
        t.move(0.10, 1, 160, 125)
        t.up(0.15, 1, 160, 125)
        let (sideways, _) = replay(t.events, settings: settings)
        #expect(sideways.pan.log.entries.map(\.time) == [0, 0.10, 0.15])
        if case .failed(let f) = sideways.pan.log.entries[1].to {
            #expect(f.kind == .offAxis && f.limit == 1)
        } else {
            Issue.record("the pan did not fail")
        }
        // Lifted before 10 mm: the lift decides, by the heading since the slop (along: begins).
        var u = Script()
        u.down(0, 1, 100, 100)
        u.move(0.05, 1, 115, 120)
        u.move(0.10, 1, 117, 135)
        u.up(0.15, 1, 117, 135)
        let (lifted, _) = replay(u.events, settings: settings)
        #expect(lifted.pan.log.entries.map(\.to) == [P.possible, P.began, P.ended, P.idle])
        #expect(lifted.pan.log.entries[1].time == 0.15)
        // With no decision distance the slop decides alone, by the bias (the seed's rule).
        settings.pan.axisDecisionDistance = nil
        let (atSlop, _) = replay(t.events, settings: settings)
        #expect(atSlop.pan.log.entries[1] == tr(0.05, P.possible, P.began))
    }

    @Test func pinchAndRotationFollowTheSpreadAndTheTurn() {
        var s = Script()
        s.down(0, 1, 350, 240); s.down(0, 2, 450, 240)             // 20 mm apart
        s.move(0.05, 1, 335, 240); s.move(0.05, 2, 465, 240)       // 26 mm: scale 1.3
        s.move(0.1, 1, 400, 175); s.move(0.1, 2, 400, 305)         // 26 mm, turned 90°
        s.up(0.15, 1, 400, 175); s.up(0.15, 2, 400, 305)
        let (engine, out) = replay(s.events)
        #expect(engine.pinch.log.entries == [
            tr(0, Z.idle, Z.possible), tr(0.05, Z.possible, Z.began), tr(0.15, Z.began, Z.ended), tr(0.15, Z.ended, Z.idle),
        ])
        #expect(engine.rotate.log.entries == [
            tr(0, R.idle, R.possible), tr(0.1, R.possible, R.began), tr(0.15, R.began, R.ended), tr(0.15, R.ended, R.idle),
        ])
        let scales = out.compactMap { if case .pinch(let g) = $0.kind { g.scale } else { nil } }
        #expect(scales.map { ($0 * 1e9).rounded() / 1e9 } == [1.3, 1.3, 1.3])
        let angles = out.compactMap { if case .rotate(let g) = $0.kind { g.angle } else { nil } }
        #expect(angles.count == 2 && angles.allSatisfy { abs($0 - Double.pi / 2) < 1e-12 })
    }

    @Test func oneFingerIsTooFewForAPinch() {
        var s = Script()
        s.down(0, 1, 100, 100)
        s.up(0.1, 1, 100, 100)
        let (engine, _) = replay(s.events)
        let few = GestureFailure(.tooFewFingers, measured: 1, limit: 2)
        #expect(engine.pinch.log.entries == [tr(0, Z.idle, Z.possible), tr(0.1, Z.possible, Z.failed(few)), tr(0.1, Z.failed(few), Z.idle)])
        #expect(few.description == "1 finger(s) < 2")
    }

    @Test func flingNeedsSpeedAndDistanceAndIsClamped() {
        // 125 units (25 mm) every 1/120 s: 3000 mm/s, clamped to 2105 mm/s.
        var s = Script()
        for k in 0..<5 { k == 0 ? s.down(0, 1, 100, 240) : s.move(Double(k) / 120, 1, 100 + 125 * Double(k), 240) }
        s.up(5.0 / 120, 1, 725, 240)
        let (engine, out) = replay(s.events)
        #expect(engine.fling.log.entries == [tr(0, F.idle, F.possible), tr(5.0 / 120, F.possible, F.recognized), tr(5.0 / 120, F.recognized, F.idle)])
        let fling = out.compactMap { if case .fling(let g) = $0.kind { g } else { nil } }
        #expect(fling.count == 1)
        #expect(abs(fling[0].millimetersPerSecond - 2105) < 1e-9 && abs(fling[0].velocity.x - 2105 * 5) < 1e-6)

        // The same throw, but the finger rests 50 ms before lifting: no fling.
        var rest = Script()
        for k in 0..<5 { k == 0 ? rest.down(0, 1, 100, 240) : rest.move(Double(k) / 120, 1, 100 + 125 * Double(k), 240) }
        rest.up(4.0 / 120 + 0.05, 1, 600, 240)
        let (_, none) = replay(rest.events, explain: true)
        #expect(none.contains { $0.kind == .failed(recognizer: .fling, reason: GestureFailure(.tooSlowToFling, measured: 0, limit: 13.2)) })
    }
}

@Suite("Lift velocities in reports")
struct LiftVelocityTests {
    @Test("a pan's end and a fling carry the velocity a tracker gives for the same samples")
    func liftVelocityMatchesATracker() throws {
        var s = Script()
        var tracker = VelocityTracker()
        // A second touch first, so that a stale figure from an earlier sequence would show.
        s.down(0, 7, 100, 400); s.move(0.01, 7, 100, 380); s.move(0.02, 7, 100, 360); s.up(0.03, 7, 100, 360)
        for k in 0...6 {
            let t = 1.0 + Double(k) / 120, x = 100 + 40 * Double(k) + 2 * Double(k * k)
            k == 0 ? s.down(t, 1, x, 240) : s.move(t, 1, x, 240)
            tracker.add(time: t, position: Point(x: x, y: 240))
        }
        s.up(1.0 + 6.0 / 120, 1, 100 + 40 * 6 + 72, 240)
        var settings = GestureSettings()
        settings.pan.axis = .free
        let (_, out) = replay(s.events, settings: settings)
        let expected = try #require(tracker.velocity(liftTime: 1.0 + 6.0 / 120))
        let pans = out.compactMap { if case .pan(let g) = $0.kind, g.phase == .ended { g.velocity } else { nil } }
        let flings = out.compactMap { if case .fling(let g) = $0.kind { g.velocity } else { nil } }
        #expect(pans.count == 2 && flings.count == 2)
        #expect(pans.last == expected)
        #expect(flings.last == expected)
    }
}
