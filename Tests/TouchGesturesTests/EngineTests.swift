import Testing
import TouchGestures
import TouchTestSupport

@Suite("Gesture engine")
struct EngineTests {
    @Test("past 64 fingers down at once, a new one is ignored, its moves and lift with it (10⁵ made replay quadratic)")
    func contactsAreBounded() {
        var s = Script()
        for id in 0..<100 { s.down(0, id, 100 + Double(id % 10) * 60, 40 + Double(id / 10) * 40) }
        for id in 0..<100 { s.up(0.1, id, 100 + Double(id % 10) * 60, 40 + Double(id / 10) * 40) }
        let (_, out) = replay(s.events)
        let taps = out.compactMap { e -> GestureEvent.Tap? in if case .tap(let t) = e.kind { return t }; return nil }
        #expect(taps.map(\.fingers) == [64])
    }

    @Test("the deadline the engine keeps is always the one its recognizers' state gives, through 500 random sessions of taps, holds and drags")
    func deadlineKept() {
        var rng = SplitMix(state: 7)
        func next() -> UInt64 { rng.next() }
        var pending = 0
        for _ in 0..<500 {
            var engine = GestureEngine(surface: panel)
            var t = 0.0
            var down: [Int: Point] = [:]
            for _ in 0..<40 {
                t += Double(next() % 400) / 1000
                let id = Int(next() % 3)
                var events: [TouchEvent] = []
                if let p = down[id] {
                    if next() % 3 == 0 {
                        events.append(TouchEvent(time: t, id: id, phase: .up, position: p))
                        down[id] = nil
                    } else {
                        let q = Point(x: p.x + Double(next() % 40), y: p.y)
                        events.append(TouchEvent(time: t, id: id, phase: .move, position: q))
                        down[id] = q
                    }
                } else {
                    let p = Point(x: Double(100 + next() % 400), y: Double(100 + next() % 200))
                    events.append(TouchEvent(time: t, id: id, phase: .down, position: p))
                    down[id] = p
                }
                if next() % 4 == 0 {
                    engine.advance(to: t) { _ in }
                    #expect(engine.nextDeadline == engine.freshDeadline)
                }
                engine.handle(TouchFrame(time: t, events: events)) { _ in }
                #expect(engine.nextDeadline == engine.freshDeadline)
                if engine.nextDeadline != nil { pending += 1 }
            }
            engine.finish { _ in }
            #expect(engine.nextDeadline == engine.freshDeadline)
        }
        // Not a check that cannot fail: deadlines were pending, often.
        #expect(pending > 1_000)
    }

    @Test("a contact id lifted and put down elsewhere in one frame is two touches, one after the other (it was a two-finger tap at their midpoint)")
    func idReusedInOneFrame() {
        var engine = GestureEngine(settings: { var s = GestureSettings(); s.tap.maxCount = 1; return s }(), surface: panel)
        var out: [GestureEvent] = []
        let a = Point(x: 100, y: 100), b = Point(x: 600, y: 300)
        engine.handle(TouchFrame(time: 0, events: [TouchEvent(time: 0, id: 0, phase: .down, position: a)])) { out.append($0) }
        engine.handle(TouchFrame(time: 0.05, events: [TouchEvent(time: 0.05, id: 0, phase: .up, position: a),
                                                      TouchEvent(time: 0.05, id: 0, phase: .down, position: b)])) { out.append($0) }
        engine.handle(TouchFrame(time: 0.1, events: [TouchEvent(time: 0.1, id: 0, phase: .up, position: b)])) { out.append($0) }
        engine.finish { out.append($0) }
        let taps = out.compactMap { e -> (Point, Int)? in if case .tap(let t) = e.kind { return (t.position, t.fingers) }; return nil }
        #expect(taps.count == 2 && taps.allSatisfy { $0.1 == 1 }, "\(out)")
        #expect(taps.map(\.0) == [a, b])
        // The same through the randomised frames of a property: any frame with an id twice is
        // the frames split at the repeat.
        var rng = SplitMix(state: 7)
        for _ in 0..<200 {
            var frame: [TouchEvent] = []
            // Small frames (the bits) and frames past 64 events (the set), ids repeating or not.
            let size = rng.int(2) == 0 ? 2 + rng.int(6) : 60 + rng.int(100)
            let spread = rng.int(2) == 0 ? 4 : size * 3
            for _ in 0..<size { frame.append(TouchEvent(time: 0, id: rng.int(spread), phase: .move, position: .zero)) }
            let k = frame.withUnsafeBufferPointer { GestureEngine.firstRepeatedContact($0) }
            let expected = frame.indices.first { i in frame[..<i].contains { $0.id == frame[i].id } }
            #expect(k == expected)
        }
    }

    @Test("advancing to exactly the deadline the engine gives always does something: 500 random sessions, each deadline reached by a loop on nextDeadline alone")
    func deadlinesFireWhenReached() {
        var rng = SplitMix(state: 11)
        var fired = 0
        for _ in 0..<500 {
            var engine = GestureEngine(surface: panel)
            var t = 0.0
            var down: [Int: Point] = [:]
            for _ in 0..<30 {
                t += Double(rng.next() % 500) / 1000
                // Time passes as a live loop lets it: to each deadline in turn, as given.
                var loops = 0
                while let d = engine.nextDeadline, d <= t {
                    var out: [GestureEvent] = []
                    engine.advance(to: d) { out.append($0) }
                    #expect(!out.isEmpty, "advance(to: \(d)) reported nothing")
                    #expect(engine.nextDeadline != d, "the deadline \(d) is still pending after advancing to it")
                    fired += out.count
                    loops += 1
                    if loops > 4 { Issue.record("a loop on nextDeadline did not end"); break }
                }
                let id = Int(rng.next() % 2)
                let event: TouchEvent
                if let p = down[id] {
                    event = TouchEvent(time: t, id: id, phase: .up, position: p)
                    down[id] = nil
                } else {
                    let p = Point(x: Double(100 + rng.next() % 400), y: Double(100 + rng.next() % 200))
                    event = TouchEvent(time: t, id: id, phase: .down, position: p)
                    down[id] = p
                }
                engine.handle(TouchFrame(time: t, events: [event])) { _ in }
            }
        }
        // Not a check that cannot fail: deadlines were reached and fired, often.
        #expect(fired > 1_000)
    }

    @Test("an off-axis failure with no motion along the axis says so, not 999.0 as if it were measured")
    func offAxisWithNoMotionAlong() {
        let none = GestureFailure(.offAxis, measured: 999, limit: 4).description
        #expect(!none.contains("999") && none.contains("none along"), "\(none)")
        #expect(GestureFailure(.offAxis, measured: 23, limit: 4).description == "off axis: across/along 23.0 > 4.0")
    }

    @Test("a contact still down at the end is cancelled at the last timestamp")
    func finishCancelsOpenContacts() {
        var s = Script()
        s.down(0, 1, 300, 150)
        s.move(0.05, 1, 301, 150)
        let (engine, out) = replay(s.events, explain: true)
        #expect(engine.swipe.state == .idle)
        #expect(engine.tap.state == .idle)
        // Every recognizer taking part gives up, in the arena's order (the drag takes no part
        // unless a list's rows slide, the sequence member none unless sequences are given).
        let taking = RecognizerName.allCases.filter { ArenaSettings().enabled.contains($0) && $0 != .sequence }
        #expect(taking.count == 7 && !taking.contains(.drag))
        #expect(out.map(\.kind) == taking.map { .failed(recognizer: $0, reason: GestureFailure(.cancelled)) })
        #expect(out.allSatisfy { $0.time == 0.05 })
    }

    @Test("frames older than the last one are ignored, not replayed out of order")
    func oldFramesAreIgnored() {
        var engine = GestureEngine(surface: panel)
        var out: [GestureEvent] = []
        engine.handle(TouchFrame(time: 1, events: [TouchEvent(time: 1, id: 0, phase: .down, position: Point(x: 1, y: 1))])) { out.append($0) }
        engine.handle(TouchFrame(time: 0.5, events: [TouchEvent(time: 0.5, id: 0, phase: .up, position: Point(x: 1, y: 1))])) { out.append($0) }
        #expect(engine.tap.state == .pressed(1))
    }

    @Test("events for contacts that are not down are ignored by the engine")
    func strayEventsAreIgnored() {
        // Events no device sends: a plain array (a Script refuses them).
        let stray = [TouchEvent(time: 0, id: 7, phase: .move, position: Point(x: 10, y: 10)),
                     TouchEvent(time: 0.1, id: 7, phase: .up, position: Point(x: 10, y: 10))]
        let (engine, out) = replay(stray)
        #expect(out.isEmpty)
        #expect(engine.swipe.log.entries.isEmpty)
    }

    @Test func frameAssemblerGroupsEqualTimes() {
        var a = FrameAssembler()
        var frames: [[Int]] = []
        for (t, id) in [(0.0, 1), (0.0, 2), (0.1, 1), (0.2, 1), (0.2, 2)] {
            a.add(TouchEvent(time: t, id: id, phase: .move, position: .zero)) { frames.append($0.events.map(\.id)) }
        }
        a.flush { frames.append($0.events.map(\.id)) }
        #expect(frames == [[1, 2], [1], [1, 2]])
    }
}
