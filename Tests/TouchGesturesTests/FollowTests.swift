import Testing
import TouchGestures
import TouchTestSupport

/// The engine follows the gestures it is asked to (``GestureEngine/followRequests``): the rules
/// of ``FollowRequest``, each asserted from the rule on scripted touches over the usual panel
/// (800 × 480 at 5 units/mm: 160 × 96 mm; the touch slop 4.7 mm, the edge zone 5 mm).
@Suite("The engine's follow requests")
struct FollowTests {
    private func follows(_ out: [GestureEvent]) -> [GestureEvent.Follow] {
        out.compactMap { if case .follow(let f) = $0.kind { f } else { nil } }
    }

    /// One finger from the bottom edge (y 478: 0.4 mm from it) straight up `mm` millimetres, a
    /// millimetre every 10 ms (100 mm/s, under the 184 mm/s that decides by direction), then
    /// held 100 ms and lifted where it is: the lift's speed is 0.
    private func upFromBottom(_ mm: Int) -> [TouchEvent] {
        var s = Script()
        s.down(0, 1, 400, 478)
        for k in 1...mm { s.move(Double(k) * 0.01, 1, 400, 478 - Double(k) * 5) }
        let end = Double(mm) * 0.01
        s.move(end + 0.05, 1, 400, 478 - Double(mm) * 5)
        s.up(end + 0.1, 1, 400, 478 - Double(mm) * 5)
        return s.events
    }

    @Test("a swipe is followed from the touch slop: began, a change a frame, then ended past the threshold")
    func swipeFollowed() {
        let drawer = FollowRequest(GesturePattern(.swipe, direction: .up, edge: .edge(.bottom)), threshold: .millimeters(20))
        let (_, out) = replay(upFromBottom(30)) { $0.followRequests = [drawer] }
        let f = follows(out)
        #expect(f.first?.phase == .began)
        // Began at the first frame at or past 4.7 mm: 5 mm, a quarter of 20.
        #expect(f.first.map { abs($0.progress - 0.25) < 1e-9 } == true, "\(f.first.map { "\($0.progress)" } ?? "none")")
        #expect(f.first?.gesture == GesturePattern(.swipe, direction: .up, fingers: 1, edge: .edge(.bottom)))
        #expect(f.dropFirst().dropLast().allSatisfy { $0.phase == .changed })
        // 30 mm of 20, lifted at rest: reached, and so it commits.
        #expect(f.last?.phase == .ended && f.last?.end == .reached, "\(f.last.map { "\($0)" } ?? "none")")
        #expect(f.last.map { abs($0.progress - 1.5) < 1e-9 && abs($0.measure - 30) < 1e-9 && $0.threshold == 20 } == true)
        #expect(f.allSatisfy { $0.request == 0 })
        // The follow events come after the frame's other reports: the last output of all.
        if case .follow? = out.last?.kind {} else { Issue.record("the commit is not the frame's last report: \(out.last.map { "\($0)" } ?? "none")") }
    }

    @Test("short of the threshold and lifted at rest: cancelled, short")
    func short() {
        let (_, out) = replay(upFromBottom(15)) { $0.followRequests = [FollowRequest(GesturePattern(.swipe), threshold: .millimeters(20))] }
        let last = follows(out).last
        #expect(last?.phase == .cancelled && last?.end == .short, "\(last.map { "\($0)" } ?? "none")")
        #expect(last.map { abs($0.progress - 0.75) < 1e-9 } == true)
    }

    @Test("a flick decides by its direction: 5 mm of 20 thrown up at 250 mm/s commits")
    func flick() {
        var s = Script()
        s.down(0, 1, 400, 300)
        for k in 1...5 { s.move(Double(k) * 0.004, 1, 400, 300 - Double(k) * 5) }   // 1 mm every 4 ms
        s.up(0.024, 1, 400, 275)
        let (_, out) = replay(s.events) { $0.followRequests = [FollowRequest(GesturePattern(.swipe, direction: .up), threshold: .millimeters(20))] }
        let last = follows(out).last
        #expect(last?.phase == .ended && last?.end == .flungToward, "\(last.map { "\($0)" } ?? "none")")
        #expect(last.map { $0.velocity >= 184 && $0.progress < 1 } == true)
    }

    @Test("the first request that takes the gesture decides: one that does not follow keeps a later one from it")
    func firstDecides() {
        let quiet = FollowRequest(GesturePattern(.swipe, direction: .up), follows: false)
        let any = FollowRequest(GesturePattern(.swipe))
        let (_, out) = replay(upFromBottom(30)) { $0.followRequests = [quiet, any] }
        #expect(follows(out).isEmpty)
        let (_, second) = replay(upFromBottom(30)) { $0.followRequests = [FollowRequest(GesturePattern(.swipe, direction: .down)), any] }
        #expect(follows(second).first?.request == 1)
    }

    @Test("a request whose pattern does not take the gesture follows nothing: another edge, other fingers")
    func patternTested() {
        for request in [FollowRequest(GesturePattern(.swipe, edge: .edge(.top))), FollowRequest(GesturePattern(.swipe, fingers: 2)),
                        FollowRequest(GesturePattern(.pinch))] {
            let (_, out) = replay(upFromBottom(30)) { $0.followRequests = [request] }
            #expect(follows(out).isEmpty, "\(request)")
        }
    }

    @Test("thresholds: the recognizer's own, a third of the screen along the swipe, held to 0.01–1000 mm")
    func thresholds() {
        func threshold(_ t: FollowRequest.Threshold) -> Double? {
            let (_, out) = replay(upFromBottom(30)) { $0.followRequests = [FollowRequest(GesturePattern(.swipe), threshold: t)] }
            return follows(out).first?.threshold
        }
        #expect(threshold(.recognizer) == GestureSettings().swipe.minDistance)
        #expect(threshold(.screen(1.0 / 3)).map { abs($0 - 32) < 1e-9 } == true)   // 96 mm tall
        #expect(threshold(.millimeters(1e308)) == FollowRequest.thresholds.upperBound)
        #expect(threshold(.millimeters(1e-320)) == FollowRequest.thresholds.lowerBound)
        #expect(threshold(.millimeters(.nan)) == GestureSettings().swipe.minDistance)
    }

    @Test("the input ending with the finger down cancels it, after the engine's own reports of that ending")
    func inputEnded() {
        var s = Script()
        s.down(0, 1, 400, 300)
        for k in 1...10 { s.move(Double(k) * 0.01, 1, 400, 300 - Double(k) * 5) }
        let (_, out) = replay(s.events) { $0.followRequests = [FollowRequest(GesturePattern(.swipe))] }
        let last = follows(out).last
        #expect(last?.phase == .cancelled && last?.end == .inputEnded && last?.velocity == 0, "\(last.map { "\($0)" } ?? "none")")
        if case .follow? = out.last?.kind {} else { Issue.record("the engine reported after the cancel: \(out.last.map { "\($0)" } ?? "none")") }
    }

    @Test("a cancelled contact cancels it; a long press, or stopFollowing(), before the slop follows nothing")
    func stops() {
        var s = Script()
        s.down(0, 1, 400, 300)
        for k in 1...10 { s.move(Double(k) * 0.01, 1, 400, 300 - Double(k) * 5) }
        s.cancel(0.11, 1, 400, 250)
        let (_, cancelled) = replay(s.events) { $0.followRequests = [FollowRequest(GesturePattern(.swipe))] }
        #expect(follows(cancelled).last?.end == .touchCancelled)

        var held = Script()
        held.down(0, 1, 400, 300)
        held.move(0.6, 1, 400, 299)
        for k in 1...10 { held.move(0.6 + Double(k) * 0.01, 1, 400, 300 - Double(k) * 5) }
        held.up(0.75, 1, 400, 250)
        let (_, pressed) = replay(held.events) { $0.followRequests = [FollowRequest(GesturePattern(.swipe))] }
        #expect(pressed.contains { if case .longPress = $0.kind { true } else { false } }, "no long press to test with")
        #expect(follows(pressed).isEmpty)

        var engine = GestureEngine(surface: panel)
        engine.followRequests = [FollowRequest(GesturePattern(.swipe))]
        var out: [GestureEvent] = []
        engine.handle(TouchFrame(time: 0, events: [TouchEvent(time: 0, id: 1, phase: .down, position: Point(x: 400, y: 300))])) { out.append($0) }
        engine.stopFollowing()
        for k in 1...10 {
            let t = Double(k) * 0.01
            engine.handle(TouchFrame(time: t, events: [TouchEvent(time: t, id: 1, phase: .move, position: Point(x: 400, y: 300 - Double(k) * 5))])) { out.append($0) }
        }
        #expect(follows(out).isEmpty)
    }

    @Test("a pinch is followed from when the engine reports it began, by the change of the fingers' spread")
    func pinch() {
        var s = Script()
        s.down(0, 1, 300, 240)
        s.down(0, 2, 500, 240)   // 40 mm apart: 20 mm from their centre
        for k in 1...20 {
            let t = Double(k) * 0.02
            s.move(t, 1, 300 - Double(k) * 5, 240)
            s.move(t, 2, 500 + Double(k) * 5, 240)   // each 1 mm further out a frame
        }
        s.move(0.5, 1, 200, 240)
        s.move(0.5, 2, 600, 240)
        s.up(0.55, 1, 200, 240)
        s.up(0.55, 2, 600, 240)
        let (_, out) = replay(s.events) { $0.followRequests = [FollowRequest(GesturePattern(.pinch, pinch: .out), threshold: .millimeters(10))] }
        let f = follows(out)
        #expect(f.first?.phase == .began && f.first?.gesture.pinch == .out && f.first?.fingers == 2)
        // 20 mm further from the centre at the lift: progress 2, the value the pinch's scale (2×).
        let last = f.last
        #expect(last?.phase == .ended && last?.end == .reached, "\(last.map { "\($0)" } ?? "none")")
        #expect(last.map { abs($0.progress - 2) < 1e-9 && abs($0.value - 2) < 1e-9 } == true, "\(last.map { "\($0)" } ?? "none")")
    }

    @Test("the requests change nothing the engine recognizes: the same reports, with the follow events added")
    func sameGestures() {
        let events = upFromBottom(30) + upFromBottom(15).map { TouchEvent(time: $0.time + 2, id: 2, phase: $0.phase, position: $0.position) }
        let (_, plain) = replay(events)
        let (_, followed) = replay(events) { $0.followRequests = [FollowRequest(GesturePattern(.swipe))] }
        #expect(follows(followed).count > 2)
        #expect(followed.filter { if case .follow = $0.kind { false } else { true } } == plain)
    }
}

/// A declared sequence followed through the Swift API: its run's followed step
/// (``GestureSequence/followedStep``) is offered once the steps before it are done.
@Suite("The engine's follow requests for declared sequences")
struct SequenceFollowTests {
    static let drawer = GestureSequence(name: "drawer", steps: [
        .init(.touch(fingers: 1, edge: .bottom)), .init(.hold(seconds: 0.4)), .init(.move(.up, distance: .millimeters(15))),
    ])
    static let spread = GestureSequence(name: "spread", steps: [.init(.touch(fingers: 2)), .init(.pinch(.out, distance: 20))])

    /// Held 0.5 s on the bottom edge, then 30 mm up by 0.8 s, lifted at 0.9 s.
    static var heldThenUp: [TouchEvent] {
        var s = Script()
        s.down(0, 1, 400, 478)
        for k in 1...30 { s.move(Double(k) / 60, 1, 400, 478) }
        for k in 1...30 { s.move(0.5 + Double(k) * 0.01, 1, 400, 478 - Double(k) * 5) }
        s.up(0.9, 1, 400, 328)
        return s.events
    }

    static func follows(_ out: [GestureEvent]) -> [GestureEvent.Follow] {
        out.compactMap { if case .follow(let f) = $0.kind { f } else { nil } }
    }

    @Test("the last move step is followed from the hold's end, with the step's own distance as the threshold")
    func followedFromItsStep() {
        let (_, out) = replay(Self.heldThenUp) {
            $0.sequences = [Self.spread, Self.drawer]
            $0.followRequests = [FollowRequest(GesturePattern(.sequence, sequence: 1))]
        }
        let f = Self.follows(out)
        #expect(Self.drawer.followedStep == 2 && Self.spread.followedStep == 1)
        #expect(f.first?.phase == .began && f.first?.gesture == GesturePattern(.sequence, fingers: 1, sequence: 1), "\(f.first.map { "\($0)" } ?? "none")")
        #expect(f.first?.threshold == 15 && f.first?.progress == 0)
        #expect(f.last?.phase == .ended && f.last?.end == .reached && f.last.map { abs($0.measure - 30) < 1e-9 } == true,
                "\(f.last.map { "\($0)" } ?? "none")")
        // Followed or not, the sequence is reported when done.
        #expect(out.contains { if case .sequence(let q) = $0.kind { q.index == 1 } else { false } })
    }

    @Test("a request for another sequence follows nothing; a sequence with no move, pinch or rotate step has no followed step")
    func onlyItsOwn() {
        let (_, out) = replay(Self.heldThenUp) {
            $0.sequences = [Self.spread, Self.drawer]
            $0.followRequests = [FollowRequest(GesturePattern(.sequence, sequence: 0))]
        }
        #expect(Self.follows(out).isEmpty)
        #expect(GestureSequence(name: "h", steps: [.init(.touch(fingers: 1)), .init(.hold(seconds: 1))]).followedStep == nil)
    }
}
