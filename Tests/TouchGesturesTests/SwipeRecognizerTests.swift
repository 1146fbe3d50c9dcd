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

    @Test func driftOverTheLimitFailsWithMeasuredValue() {
        var s = Script()
        s.down(0, 1, 100, 100)
        s.move(0.05, 1, 150, 150)   // 10 mm along, 10 mm across
        s.up(0.10, 1, 200, 150)
        let (engine, out) = replay(s.events, explain: true)
        let drift = GestureFailure(.crossDrift, measured: 10, limit: 8)
        #expect(engine.swipe.log.entries == [
            tr(0, S.idle, S.possible),
            tr(0.05, S.possible, S.failed(drift)),
            tr(0.10, S.failed(drift), S.idle),
        ])
        #expect(drift.description == "cross drift 10.0 mm > 8.0 mm")
        #expect(!out.contains { if case .swipe = $0.kind { true } else { false } })
    }

    @Test func tooSlowFailsAtTheTimeLimit() {
        var s = Script()
        s.down(0, 1, 100, 100)
        s.move(0.40, 1, 110, 100)
        s.move(0.82, 1, 180, 100)   // 16 mm, but 0.82 s after touch-down
        s.up(0.90, 1, 180, 100)
        let (engine, _) = replay(s.events, settings: withoutLongPress)
        let slow = GestureFailure(.tooSlow, measured: 0.82, limit: 0.7)
        #expect(engine.swipe.log.entries == [
            tr(0, S.idle, S.possible),
            tr(0.82, S.possible, S.failed(slow)),
            tr(0.90, S.failed(slow), S.idle),
        ])
        #expect(slow.description == "0.82 s ≥ 0.70 s")
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
