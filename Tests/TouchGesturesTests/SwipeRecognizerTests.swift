import Testing
import TouchGestures
import TouchTestSupport

@Suite("Swipe recognizer: whole transition logs")
struct SwipeRecognizerTests {
    typealias S = SwipeRecognizer.State

    @Test func recognizesInTheFrameWhereAllConditionsFirstHold() {
        var s = Script()
        s.down(0, 1, 100, 100)
        s.move(0.05, 1, 130, 101)   // 6 mm
        s.move(0.10, 1, 165, 102)   // 13 mm: fires here, not at lift
        s.move(0.15, 1, 200, 102)
        s.up(0.20, 1, 210, 102)
        let (engine, out) = replay(s.events)
        #expect(engine.swipe.log.entries == [
            tr(0, S.idle, S.possible),
            tr(0.10, S.possible, S.recognized),
            tr(0.20, S.recognized, S.idle),
        ])
        let swipes = out.compactMap { if case .swipe(let w) = $0.kind { (time: $0.time, swipe: w) } else { nil } }
        #expect(swipes.count == 1)
        #expect(swipes.first?.time == 0.10)
        #expect(swipes.first?.swipe.direction == .right)
        #expect(swipes.first?.swipe.fingers == 1)
        #expect(swipes.first?.swipe.start == Point(x: 100, y: 100))
        #expect(swipes.first?.swipe.end == Point(x: 165, y: 102))
        #expect(abs((swipes.first?.swipe.velocity.x ?? 0) - 650) < 1e-9)
    }

    /// 15 mm up in 0.1 s, then 30 mm left by 0.3 s (5 units per mm), lifted there.
    static let upThenLeft: [TouchEvent] = {
        var s = Script()
        s.down(0, 1, 400, 300)
        s.move(0.1, 1, 400, 225)
        s.move(0.2, 1, 325, 225)
        s.move(0.3, 1, 250, 225)
        s.up(0.32, 1, 250, 225)
        return s.events
    }()

    static func swipeOnly(axis: GestureSettings.SwipeAxis) -> GestureSettings {
        var s = GestureSettings()
        s.arena.enabled = RecognizerSet(.swipe)
        s.swipe.axis = axis
        return s
    }

    @Test("with swipe.axis horizontal, a stroke that went up first is judged by its motion along x: a swipe left where x crosses 12 mm; free takes it for a swipe up")
    func horizontalAxisJudgesAlongX() {
        let free = replay(Self.upThenLeft, settings: Self.swipeOnly(axis: .free)).output
        #expect(swipes(free).map(\.direction) == [.up])
        let (engine, out) = replay(Self.upThenLeft, settings: Self.swipeOnly(axis: .horizontal))
        #expect(swipes(out).map(\.direction) == [.left])
        // x crosses 12 mm between 0.1 and 0.2 s, where the stroke is 15 mm up: not further along
        // than across, so it waits; at 0.3 s it is 30 mm left and 15 mm up, and fires.
        #expect(engine.swipe.log.entries == [
            tr(0, S.idle, S.possible),
            tr(0.3, S.possible, S.recognized),
            tr(0.32, S.recognized, S.idle),
        ])
        let vertical = replay(Self.upThenLeft, settings: Self.swipeOnly(axis: .vertical)).output
        #expect(swipes(vertical).map(\.direction) == [.up])
    }

    @Test("with swipe.axis vertical, a stroke that went left first is a swipe down once it is further down than across")
    func verticalAxisJudgesAlongY() {
        var s = Script()
        s.down(0, 1, 400, 100)
        s.move(0.1, 1, 325, 100)   // 15 mm left
        s.move(0.2, 1, 325, 200)   // 20 mm down
        s.up(0.25, 1, 325, 200)
        #expect(swipes(replay(s.events, settings: Self.swipeOnly(axis: .free)).output).map(\.direction) == [.left])
        #expect(swipes(replay(s.events, settings: Self.swipeOnly(axis: .vertical)).output).map(\.direction) == [.down])
        #expect(swipes(replay(s.events, settings: Self.swipeOnly(axis: .horizontal)).output).map(\.direction) == [.left])
    }

    @Test func driftOverTheLimitFailsWithMeasuredValue() {
        var s = Script()
        s.down(0, 1, 100, 100)
        s.move(0.05, 1, 150, 150)   // 10 mm along, 10 mm across
        s.up(0.10, 1, 200, 150)
        let (engine, out) = replay(s.events, settings: GestureSettings(swipeRule: .seedMillimeters), explain: true)
        let drift = GestureFailure(.crossDrift, measured: 10, limit: 8)
        #expect(engine.swipe.log.entries == [
            tr(0, S.idle, S.possible),
            tr(0.05, S.possible, S.failed(drift)),
            tr(0.10, S.failed(drift), S.idle),
        ])
        #expect(drift.description == "cross drift 10.0 mm > 8.0 mm")
        #expect(!out.contains { if case .swipe = $0.kind { true } else { false } })
        // The heading rule has no drift limit: 12 mm right is crossed at (12, 10) mm, two
        // tenths of the way from (10, 10) to (20, 10), nearer the horizontal axis.
        let (heading, _) = replay(s.events)
        #expect(heading.swipe.log.entries == [
            tr(0, S.idle, S.possible),
            tr(0.10, S.possible, S.recognized),
            tr(0.10, S.recognized, S.idle),
        ])
    }

    @Test func driftIsJudgedWhereTheStrokeCrossesTheDistance() {
        // Samples at (10, 6) and (20, 12) mm: 12 mm along is crossed a fifth of the way,
        // where the drift is 7.2 mm ≤ 8; at the sample it is 12 mm.
        var s = Script()
        s.down(0, 1, 100, 100)
        s.move(0.02, 1, 150, 130)
        s.move(0.04, 1, 200, 160)
        s.up(0.06, 1, 200, 160)
        let (engine, out) = replay(s.events, settings: GestureSettings(swipeRule: .seedMillimeters))
        #expect(engine.swipe.log.entries.map(\.to) == [S.possible, S.recognized, S.idle])
        #expect(out.contains { if case .swipe(let w) = $0.kind { w.direction == .right } else { false } })
        // A sample further across, (20, 17) mm: at the crossing 6 + 0.2 × 11 = 8.2 mm > 8.
        var t = Script()
        t.down(0, 1, 100, 100)
        t.move(0.02, 1, 150, 130)
        t.move(0.04, 1, 200, 185)
        t.up(0.06, 1, 200, 185)
        let (wide, _) = replay(t.events, settings: GestureSettings(swipeRule: .seedMillimeters))
        if case .failed(let f)? = wide.swipe.log.entries.dropFirst().first?.to {
            #expect(f.kind == .crossDrift)
            #expect(abs(f.measured - 8.2) < 1e-9)
        } else {
            Issue.record("the swipe did not fail")
        }
    }

    @Test("with no lateLiftVelocity (the seed rules), the time limit fails the swipe where it is passed")
    func tooSlowFailsAtTheTimeLimit() {
        var s = Script()
        s.down(0, 1, 100, 100)
        s.move(0.40, 1, 110, 100)
        s.move(0.85, 1, 180, 100)   // 16 mm at 0.85 s: 12 mm crossed 10/14 of the way from 0.40 s
        s.up(0.90, 1, 180, 100)
        var settings = withoutLongPress
        settings.swipe.lateLiftVelocity = nil
        let (engine, _) = replay(s.events, settings: settings)
        let crossed = 0.40 + 0.45 * 10 / 14
        let slow = GestureFailure(.tooSlow, measured: crossed, limit: 0.7)
        #expect(engine.swipe.log.entries.count == 3)
        #expect(engine.swipe.log.entries.first == tr(0, S.idle, S.possible))
        #expect(engine.swipe.log.entries.dropFirst().first?.time == 0.85)
        if case .failed(let f)? = engine.swipe.log.entries.dropFirst().first?.to {
            #expect(f.kind == .tooSlow)
            #expect(abs(f.measured - crossed) < 1e-9)
        } else {
            Issue.record("the swipe did not fail")
        }
        #expect(slow.description == "0.72 s ≥ 0.70 s")
    }

    @Test("short of the distance, with no lateLiftVelocity, the time limit fails the swipe at the first frame past it")
    func shortStrokeFailsAtTheTimeLimit() {
        // 4 mm right at 0.5 s, 6 mm at 0.75 s: never near 12 mm; past 0.7 s at 0.75 s.
        var s = Script()
        s.down(0, 1, 100, 100)
        s.move(0.50, 1, 120, 100)
        s.move(0.75, 1, 130, 100)
        s.up(0.90, 1, 130, 100)
        var settings = withoutLongPress
        settings.swipe.lateLiftVelocity = nil
        let (engine, _) = replay(s.events, settings: settings)
        let decided = firstDecision(engine.swipe.log)
        #expect(decided?.time == 0.75)
        #expect(decided?.failure == GestureFailure(.tooSlow, measured: 0.75, limit: 0.7))
        // With the default lateLiftVelocity the stroke waits for its lift, where it is too short.
        let (waiting, _) = replay(s.events, settings: withoutLongPress)
        #expect(firstDecision(waiting.swipe.log)?.time == 0.90)
        #expect(firstDecision(waiting.swipe.log)?.failure?.kind == .tooShort)
    }

    @Test("a drift limit under the distance fails a stroke that is short of the distance but drifts past it")
    func driftLimitFailsAShortStroke() {
        // (8.2, 8.3) mm: 11.7 mm from the start, short of 12; downward, 8.2 mm across > 8.
        var s = Script()
        s.down(0, 1, 100, 100)
        s.move(0.05, 1, 141, 141.5)
        s.up(0.10, 1, 141, 141.5)
        let (engine, _) = replay(s.events, settings: GestureSettings(swipeRule: .seedMillimeters))
        let decided = firstDecision(engine.swipe.log)
        #expect(decided?.time == 0.05)
        #expect(decided?.failure?.kind == .crossDrift)
        #expect(decided?.failure.map { abs($0.measured - 8.2) < 1e-9 } == true)
    }

    /// A finger that creeps 4 mm in 0.8 s, then flicks 20 mm in 4 frames of 60 Hz and lifts still
    /// moving (240 mm/s): it crosses 12 mm at 0.833 s, straight along x.
    static func creepThenFlick(back: Bool = false, across: Double = 0) -> [TouchEvent] {
        var s = Script()
        s.down(0, 1, 100, 100)
        s.move(0.40, 1, 110, 100)
        s.move(0.80, 1, 120, 100 + across / 2)
        for k in 1...4 {
            let t = 0.80 + Double(k) / 60
            let x = back && k > 2 ? 160 - 60 * Double(k - 2) : 120 + 20 * Double(k)
            if k == 4 { s.up(t, 1, x, 100 + across) } else { s.move(t, 1, x, 100 + across) }
        }
        return s.events
    }

    /// The swipe of ``creepThenFlick(back:across:)`` failed as too slow before its lift, and no
    /// swipe was reported.
    static func expectTooSlowBeforeTheLift(_ engine: GestureEngine, _ out: [GestureEvent],
                                           sourceLocation: SourceLocation = #_sourceLocation) {
        let decided = firstDecision(engine.swipe.log)
        #expect(decided.map { $0.time < 0.80 + 4.0 / 60 } == true, "it fails before the lift", sourceLocation: sourceLocation)
        #expect(decided?.failure?.kind == .tooSlow, sourceLocation: sourceLocation)
        #expect(swipes(out).isEmpty, sourceLocation: sourceLocation)
    }

    @Test("a slow swipe clearly along x that lifts while moving its way is recognized at the lift")
    func slowSwipeFlungIsRecognizedAtTheLift() {
        let (engine, out) = replay(Self.creepThenFlick(), settings: withoutLongPress)
        let lift = 0.80 + 4.0 / 60
        #expect(engine.swipe.log.entries == [
            tr(0, S.idle, S.possible),
            tr(lift, S.possible, S.recognized),
            tr(lift, S.recognized, S.idle),
        ])
        let reported = swipes(out)
        #expect(reported.count == 1)
        #expect(reported.first?.direction == .right)
        #expect(reported.first.map { abs($0.duration - lift) < 1e-9 } == true)
        #expect(out.first { if case .swipe = $0.kind { true } else { false } }?.time == lift)
    }

    @Test("a slow drag that lifts at rest fails at the lift, as too slow where it crossed")
    func slowDragLiftedAtRestFailsAtTheLift() {
        var s = Script()
        s.down(0, 1, 100, 100)
        s.move(0.40, 1, 110, 100)
        s.move(0.85, 1, 180, 100)   // 12 mm crossed at 0.40 + 0.45 × 10/14 s, straight along x
        s.move(0.95, 1, 180, 100)
        s.move(1.05, 1, 180, 100)
        s.up(1.20, 1, 180, 100)
        let (engine, out) = replay(s.events, settings: withoutLongPress)
        let decided = firstDecision(engine.swipe.log)
        #expect(decided?.time == 1.20)
        #expect(decided?.failure?.kind == .tooSlow)
        #expect(decided?.failure.map { abs($0.measured - (0.40 + 0.45 * 10 / 14)) < 1e-9 } == true)
        #expect(swipes(out).isEmpty)
    }

    @Test("a slow stroke less than twice as far along as across where it crosses fails there")
    func slowSwipeNotClearlyAlongAnAxisFailsAtTheCrossing() {
        // 7 mm across at the crossing, 12 along: 1.7 to 1, under GTK's 2.
        let (engine, out) = replay(Self.creepThenFlick(across: 35), settings: withoutLongPress)
        Self.expectTooSlowBeforeTheLift(engine, out)
    }

    @Test("a slow swipe that turns back past its start fails at the lift")
    func slowSwipeTurnedBackFails() {
        // Right to 160 (12 mm at 0.833 s), then back to 40: its net motion points left at the lift.
        let (engine, out) = replay(Self.creepThenFlick(back: true), settings: withoutLongPress)
        #expect(firstDecision(engine.swipe.log)?.time == 0.80 + 4.0 / 60)
        #expect(firstDecision(engine.swipe.log)?.failure?.kind == .tooSlow)
        #expect(swipes(out).isEmpty)
    }

    @Test("a swipe another recognizer waits for fails at its time limit, slow swipe or not")
    func awaitedSwipeFailsAtTheTimeLimit() {
        var settings = withoutLongPress
        settings.arena.require(.pan, toWaitFor: .swipe)
        let (engine, out) = replay(Self.creepThenFlick(), settings: settings)
        Self.expectTooSlowBeforeTheLift(engine, out)
    }

    @Test("a swipe recognizer set on the engine keeps the engine's waiter: it still fails at the limit")
    func awaitedSurvivesANewSwipeRecognizer() {
        var settings = withoutLongPress
        settings.arena.require(.pan, toWaitFor: .swipe)
        let (engine, out) = replay(Self.creepThenFlick(), settings: settings) {
            $0.swipe = SwipeRecognizer(settings: settings.swipe)
            $0.swipe.log.isRecording = true
        }
        Self.expectTooSlowBeforeTheLift(engine, out)
    }

    @Test func timeIsJudgedWhereTheStrokeCrossesTheDistance() {
        // 16 mm at 0.82 s, but 12 mm was crossed at 0.40 + 0.42 × 8/14 = 0.64 s < 0.7 s.
        var s = Script()
        s.down(0, 1, 100, 100)
        s.move(0.40, 1, 120, 100)
        s.move(0.82, 1, 180, 100)
        s.up(0.90, 1, 180, 100)
        let (engine, _) = replay(s.events, settings: withoutLongPress)
        #expect(engine.swipe.log.entries == [
            tr(0, S.idle, S.possible),
            tr(0.82, S.possible, S.recognized),
            tr(0.90, S.recognized, S.idle),
        ])
    }

    @Test func liftingShortOfTheDistanceFails() {
        var s = Script()
        s.down(0, 1, 100, 100)
        s.move(0.05, 1, 125, 100)
        s.up(0.10, 1, 125, 100)
        let (engine, _) = replay(s.events)
        let short = GestureFailure(.tooShort, measured: 5, limit: 12)
        #expect(engine.swipe.log.entries == [
            tr(0, S.idle, S.possible),
            tr(0.10, S.possible, S.failed(short)),
            tr(0.10, S.failed(short), S.idle),
        ])
    }

    @Test("a long stroke at exactly 45° lifts as off axis, as far across as along (it was 'distance 28.3 mm < 12.0 mm')")
    func diagonalLiftIsOffAxisNotShort() {
        var s = Script()
        s.down(0, 1, 100, 300)
        for k in 1...10 { s.move(Double(k) * 0.02, 1, 100 + 14.142 * Double(k), 300 - 14.142 * Double(k)) }
        s.up(0.22, 1, 241.42, 158.58)
        let (engine, _) = replay(s.events)
        guard case .failed(let f)? = engine.swipe.log.entries.last?.from else { Issue.record("\(engine.swipe.log.entries)"); return }
        #expect(f.kind == .offAxis && abs(f.measured - 1) < 1e-3 && f.limit == 1, "\(f)")
        #expect(f.description.hasPrefix("off axis: across/along 1.0 ≥ 1.0, as far across as along"), "\(f.description)")
        // Two numbers that differ read differently: 1.036 against 1 is not "1.0 > 1.0".
        #expect(GestureFailure(.offAxis, measured: 1.036, limit: 1).description == "off axis: across/along 1.04 > 1.00")
        #expect(GestureFailure(.tooShort, measured: 5, limit: 12).description == "distance 5.0 mm < 12.0 mm")
    }

    @Test func cancelledContactFails() {
        var s = Script()
        s.down(0, 1, 100, 100)
        s.move(0.05, 1, 120, 100)
        s.cancel(0.08, 1, 120, 100)
        let (engine, _) = replay(s.events)
        let c = GestureFailure(.cancelled)
        #expect(engine.swipe.log.entries == [
            tr(0, S.idle, S.possible),
            tr(0.08, S.possible, S.failed(c)),
            tr(0.08, S.failed(c), S.idle),
        ])
    }

    @Test("back and forth in one touch fires once; the next touch re-arms")
    func oneSwipePerTouchSequenceThenReArms() {
        var s = Script()
        s.down(0, 1, 300, 100)
        s.move(0.05, 1, 380, 100)   // right: fires
        s.move(0.10, 1, 200, 100)   // left past the start: no second swipe
        s.move(0.15, 1, 400, 100)
        s.up(0.20, 1, 400, 100)
        s.down(0.50, 1, 400, 100)
        s.move(0.55, 1, 320, 100)   // a new touch: fires left
        s.up(0.60, 1, 320, 100)
        let (engine, out) = replay(s.events)
        #expect(engine.swipe.log.entries == [
            tr(0, S.idle, S.possible), tr(0.05, S.possible, S.recognized), tr(0.20, S.recognized, S.idle),
            tr(0.50, S.idle, S.possible), tr(0.55, S.possible, S.recognized), tr(0.60, S.recognized, S.idle),
        ])
        let directions = out.compactMap { if case .swipe(let w) = $0.kind { w.direction } else { nil } }
        #expect(directions == [.right, .left])
    }

    @Test func fingerCountIsTheMostFingersDownTogether() {
        var s = Script()
        s.down(0, 1, 100, 100)
        s.down(0, 2, 100, 160)
        s.move(0.05, 1, 100, 40)
        s.move(0.05, 2, 100, 100)   // both 12 mm up
        s.up(0.1, 1, 100, 40)
        s.up(0.1, 2, 100, 100)
        let (_, out) = replay(s.events)
        guard case .swipe(let w)? = out.first?.kind else {
            Issue.record("no swipe in \(out)")
            return
        }
        #expect(w.direction == .up)
        #expect(w.fingers == 2)
    }

    @Test("resolution per axis: 100 units is 10 mm at 10 units/mm, short of 12 mm")
    func distancesAreMillimetersPerAxis() {
        let wide = Surface(width: 1600, height: 480, unitsPerMillimeter: Point(x: 10, y: 5))
        var s = Script()
        s.down(0, 1, 100, 100)
        s.move(0.1, 1, 200, 100)
        s.up(0.15, 1, 200, 100)
        #expect(!replay(s.events, surface: wide).output.contains { $0.kind.type == "swipe" })
        #expect(replay(s.events, surface: panel).output.contains { $0.kind.type == "swipe" })
    }

    @Test func thresholdsAreSettings() {
        var settings = GestureSettings()
        settings.swipe.minDistance = 30
        var s = Script()
        s.down(0, 1, 100, 100)
        s.move(0.1, 1, 200, 100)   // 20 mm
        s.up(0.15, 1, 200, 100)
        #expect(!replay(s.events, settings: settings).output.contains { $0.kind.type == "swipe" })
    }
}
