import Testing
import TouchGestures
import TouchTestSupport

@Suite("Tap recognizer: whole transition logs")
struct TapRecognizerTests {
    typealias S = TapRecognizer.State

    @Test("a single tap is reported when the double-tap window closes, at lift + 0.3 s")
    func singleTap() {
        var s = Script()
        s.down(0, 1, 400, 200)
        s.up(0.08, 1, 401, 200)
        let (engine, out) = replay(s.events)
        #expect(engine.tap.log.entries == [
            tr(0, S.idle, S.pressed(1)),
            tr(0.08, S.pressed(1), S.waiting(1)),
            tr(0.38, S.waiting(1), S.recognized(1)),
            tr(0.38, S.recognized(1), S.idle),
        ])
        #expect(out == [GestureEvent(time: 0.38, kind: .tap(.init(position: Point(x: 400, y: 200), taps: 1, fingers: 1)))])
    }

    @Test func doubleTapReportsAtOnceOnTheSecondLift() {
        var s = Script()
        s.down(0, 1, 400, 200)
        s.up(0.08, 1, 400, 200)
        s.down(0.20, 1, 405, 203)
        s.up(0.28, 1, 405, 203)
        let (engine, out) = replay(s.events)
        #expect(engine.tap.log.entries == [
            tr(0, S.idle, S.pressed(1)),
            tr(0.08, S.pressed(1), S.waiting(1)),
            tr(0.20, S.waiting(1), S.pressed(2)),
            tr(0.28, S.pressed(2), S.recognized(2)),
            tr(0.28, S.recognized(2), S.idle),
        ])
        #expect(out.map(\.time) == [0.28])
        #expect(out.first?.kind == .tap(.init(position: Point(x: 400, y: 200), taps: 2, fingers: 1)))
    }

    /// An app that listens for taps alone (no pan to claim the touch at the slop first).
    static let tapOnly: GestureSettings = {
        var s = GestureSettings()
        s.arena.enabled = RecognizerSet([.tap])
        return s
    }()

    @Test("past the slop for longer than a lift's roll (0.1 s): the tap fails at the first frame after it")
    func movingTooFarFails() {
        var s = Script()
        s.down(0, 1, 100, 100)
        s.move(0.05, 1, 130, 100)   // 6 mm
        s.move(0.2, 1, 130, 100)    // still past the slop 0.15 s later
        s.up(0.25, 1, 130, 100)
        let (engine, _) = replay(s.events, settings: Self.tapOnly)
        let moved = GestureFailure(.moved, measured: 6, limit: 4.7)
        #expect(engine.tap.log.entries == [
            tr(0, S.idle, S.pressed(1)),
            tr(0.2, S.pressed(1), S.failed(moved)),
            tr(0.25, S.failed(moved), S.idle),
        ])
        #expect(moved.description == "moved 6.0 mm > 4.7 mm")
    }

    /// Still for 0.3 s, then 6 mm at 0.33 s and `last` at the lift, 0.35 s.
    static func rolled(last: Double) -> [TouchEvent] {
        var s = Script()
        s.down(0, 1, 100, 100)
        s.move(0.3, 1, 100, 100)
        s.move(0.33, 1, 130, 100)
        s.up(0.35, 1, 100 + 5 * last, 100)
        return s.events
    }

    @Test("a fingertip that rolls 8 mm off as it lifts, 20 ms after passing the slop, still taps where it went down")
    func rolledOffAtTheLiftIsATap() {
        let (engine, out) = replay(Self.rolled(last: 8), settings: Self.tapOnly)
        let due = 0.35 + Self.tapOnly.tap.maxGap
        #expect(engine.tap.log.entries == [
            tr(0, S.idle, S.pressed(1)),
            tr(0.35, S.pressed(1), S.waiting(1)),
            tr(due, S.waiting(1), S.recognized(1)),
            tr(due, S.recognized(1), S.idle),
        ])
        #expect(out.contains(GestureEvent(time: due, kind: .tap(.init(position: Point(x: 100, y: 100), taps: 1, fingers: 1)))))
    }

    @Test("a roll past tap.liftRollMovement (12 mm) fails, at the frame that went past it")
    func rollingTooFarFails() {
        let (engine, out) = replay(Self.rolled(last: 14), settings: Self.tapOnly)
        #expect(engine.tap.log.entries == [
            tr(0, S.idle, S.pressed(1)),
            tr(0.35, S.pressed(1), S.failed(GestureFailure(.moved, measured: 14, limit: 4.7))),
            tr(0.35, S.failed(GestureFailure(.moved, measured: 14, limit: 4.7)), S.idle),
        ])
        #expect(!hasTap(out))
    }

    @Test("a press held past tap.maxDuration fails as held too long, rolling at its lift or not")
    func rollingDoesNotExcuseAHeldPress() {
        var settings = Self.tapOnly
        settings.tap.maxDuration = 0.34   // passed at the lift, 0.35 s, while the finger rolls
        let (engine, out) = replay(Self.rolled(last: 8), settings: settings)
        #expect(firstDecision(engine.tap.log)?.time == 0.35)
        #expect(firstDecision(engine.tap.log)?.failure?.kind == .heldTooLong)
        #expect(!hasTap(out))
    }

    @Test("with tap.liftRollTime null, passing the slop fails the tap at once, as before")
    func noRollFailsAtTheSlop() {
        var settings = Self.tapOnly
        settings.tap.liftRollTime = nil
        let (engine, _) = replay(Self.rolled(last: 8), settings: settings)
        #expect(firstDecision(engine.tap.log)?.time == 0.33)
        #expect(firstDecision(engine.tap.log)?.failure?.kind == .moved)
    }

    @Test func holdingTooLongFails() {
        var s = Script()
        s.down(0, 1, 100, 100)
        s.move(0.3, 1, 100, 100)
        s.move(0.6, 1, 100, 100)
        s.up(0.7, 1, 100, 100)
        var settings = withoutLongPress
        settings.tap.maxDuration = 0.5
        let (engine, _) = replay(s.events, settings: settings)
        #expect(replay(s.events, settings: withoutLongPress).output.contains { $0.kind.type == "tap" },
                "with no limit set and no long press competing, a 0.7 s press is a tap")
        #expect(!replay(s.events).output.contains { $0.kind.type == "tap" },
                "with the long press on, it claims the press at 0.5 s")
        let held = GestureFailure(.heldTooLong, measured: 0.6, limit: 0.5)
        #expect(engine.tap.log.entries == [
            tr(0, S.idle, S.pressed(1)),
            tr(0.6, S.pressed(1), S.failed(held)),
            tr(0.7, S.failed(held), S.idle),
        ])
    }

    @Test func twoFingerTapCountsFingers() {
        var s = Script()
        s.down(0, 1, 300, 200)
        s.down(0.01, 2, 400, 200)
        s.up(0.08, 1, 300, 200)
        s.up(0.09, 2, 400, 200)
        let (_, out) = replay(s.events)
        #expect(out == [GestureEvent(time: 0.39, kind: .tap(.init(position: Point(x: 350, y: 200), taps: 1, fingers: 2)))])
    }

    /// A finger down at 0 at (100, 100) and up at 0.1 s; a second one 56 mm away, down at 0.03 s
    /// and up at `secondUp` (with the first when it is 0.1), moving `slide` mm on the way.
    static func briefSecond(secondUp: Double, slide: Double = 0) -> [TouchEvent] {
        var s = Script()
        s.down(0, 1, 100, 100)
        s.down(0.03, 2, 380, 100)
        if slide > 0 { s.move(0.04, 2, 380 + 5 * slide, 100) }
        if secondUp < 0.1 { s.up(secondUp, 2, 380 + 5 * slide, 100) }
        s.up(0.1, 1, 100, 100)
        if secondUp >= 0.1 { s.up(secondUp, 2, 380 + 5 * slide, 100) }
        return s.events
    }

    static func tap(_ x: Double, _ y: Double, fingers: Int) -> GestureEvent.Kind {
        .tap(.init(position: Point(x: x, y: y), taps: 1, fingers: fingers))
    }

    @Test("a second contact down 30 ms while the first finger holds the press is a tap of its own where it landed, at its lift; the first finger taps where it landed")
    func briefSecondContactIsATapOfItsOwn() {
        let (engine, out) = replay(Self.briefSecond(secondUp: 0.06))
        #expect(out == [GestureEvent(time: 0.06, kind: Self.tap(380, 100, fingers: 1)),
                        GestureEvent(time: 0.4, kind: Self.tap(100, 100, fingers: 1))])
        #expect(engine.tap.log.entries == [
            tr(0, S.idle, S.pressed(1)),
            tr(0.1, S.pressed(1), S.waiting(1)),
            tr(0.4, S.waiting(1), S.recognized(1)),
            tr(0.4, S.recognized(1), S.idle),
        ])
    }

    @Test("a second finger that stays tap.minFingerTime (0.05 s) or longer is the second finger of a two-finger tap")
    func secondFingerThatStaysIsAFinger() {
        let (_, out) = replay(Self.briefSecond(secondUp: 0.08))
        #expect(out == [GestureEvent(time: 0.4, kind: Self.tap(240, 100, fingers: 2))])
    }

    @Test("a brief second finger that lifts with the first is the second finger of a two-finger tap: no finger held the press after it")
    func briefSecondFingerLiftingWithTheFirstIsAFinger() {
        let (_, out) = replay(Self.briefSecond(secondUp: 0.1))
        #expect(out == [GestureEvent(time: 0.4, kind: Self.tap(240, 100, fingers: 2))])
    }

    @Test("a brief second contact that slid past the slop is no tap; the first finger still taps where it landed")
    func briefContactThatSlidIsNoTap() {
        let (_, out) = replay(Self.briefSecond(secondUp: 0.06, slide: 6), settings: Self.tapOnly)
        #expect(out == [GestureEvent(time: 0.4, kind: Self.tap(100, 100, fingers: 1))])
    }

    @Test("a brief contact in the second press of a double tap is a tap of its own; the double tap keeps its one finger")
    func briefContactInTheSecondPress() {
        // The first press 0–0.1 s; the second from 0.2 s, with a contact 56 mm away down 30 ms.
        // The double tap reaches tap.maxCount (2) at its lift: reported then, not after the gap.
        var s = Script()
        s.down(0, 1, 100, 100)
        s.up(0.1, 1, 100, 100)
        s.down(0.2, 1, 100, 100)
        s.down(0.23, 2, 380, 100)
        s.up(0.26, 2, 380, 100)
        s.up(0.3, 1, 100, 100)
        let (_, out) = replay(s.events, settings: Self.tapOnly)
        #expect(out == [GestureEvent(time: 0.26, kind: Self.tap(380, 100, fingers: 1)),
                        GestureEvent(time: 0.3, kind: .tap(.init(position: Point(x: 100, y: 100), taps: 2, fingers: 1)))])
    }

    @Test("with tap.minFingerTime null, a brief second contact is a second finger, as before")
    func noMinFingerTimeCountsEveryContact() {
        var settings = GestureSettings()
        settings.tap.minFingerTime = nil
        let (_, out) = replay(Self.briefSecond(secondUp: 0.06), settings: settings)
        #expect(out == [GestureEvent(time: 0.4, kind: Self.tap(240, 100, fingers: 2))])
    }

    @Test("advance(to:) fires the window's deadline without a frame, at the deadline's time, when given exactly that time")
    func advanceFiresDeadlines() {
        var s = Script()
        s.down(0, 1, 400, 200)
        s.up(0.08, 1, 400, 200)
        var (engine, out) = replay(s.events, finish: false)
        engine.advance(to: 0.379) { out.append($0) }
        #expect(out.isEmpty, "the window is still open before lift + gap")
        let due = try! #require(engine.nextDeadline)
        engine.advance(to: due) { out.append($0) }
        #expect(out.map(\.time) == [due], "advancing to the deadline the engine gave fires the tap")
        #expect(engine.nextDeadline == nil, "and nothing is left pending: a loop on nextDeadline ends")
    }

    @Test("a touch-down at exactly lift + gap comes too late to join: the tap was due at that time")
    func touchAtTheDeadlineStartsAnotherTap() {
        var s = Script()
        s.down(0, 1, 400, 200)
        s.up(0.08, 1, 400, 200)
        s.down(0.38, 1, 400, 200)
        s.up(0.45, 1, 400, 200)
        let (_, out) = replay(s.events)
        let taps = out.compactMap { e -> (Double, Int)? in if case .tap(let t) = e.kind { return (e.time, t.taps) }; return nil }
        #expect(taps.map(\.0) == [0.38, 0.75] && taps.map(\.1) == [1, 1])
    }

    @Test func aTouchTooFarAwayStartsAnotherTap() {
        var s = Script()
        s.down(0, 1, 100, 200)
        s.up(0.08, 1, 100, 200)
        s.down(0.2, 1, 400, 200)   // 60 mm away
        s.up(0.28, 1, 400, 200)
        let (engine, out) = replay(s.events)
        #expect(engine.tap.log.entries == [
            tr(0, S.idle, S.pressed(1)),
            tr(0.08, S.pressed(1), S.waiting(1)),
            tr(0.2, S.waiting(1), S.recognized(1)),
            tr(0.2, S.recognized(1), S.pressed(1)),
            tr(0.28, S.pressed(1), S.waiting(1)),
            tr(0.28 + 0.3, S.waiting(1), S.recognized(1)),
            tr(0.28 + 0.3, S.recognized(1), S.idle),
        ])
        #expect(out.map(\.time) == [0.2, 0.28 + 0.3], "the deadline is lift + gap, computed as such")
    }
}
