import Testing
import TouchPlatform
import TouchGestures
import TouchTestSupport
@testable import GestureBindings

/// The dispatcher over scripted touches on the usual 800 × 480 panel at 5 units/mm
/// (160 × 96 mm), each binding's command naming it.
@Suite("Which binding each gesture runs")
struct DispatcherTests {
    static func bind(_ gesture: GesturePattern.Kind, _ name: String, direction: SwipeDirection? = nil,
                     fingers: Int? = nil, edge: GesturePattern.Edge = .any, distance: Binding.Distance = .any,
                     mode: Binding.Mode = .release, taps: Int = 1, pinch: GesturePattern.PinchWay? = nil,
                     turn: GesturePattern.Turn? = nil) -> Binding {
        Binding(gesture: GesturePattern(gesture, direction: direction, pinch: pinch, turn: turn, taps: taps, fingers: fingers, edge: edge),
                distance: distance, mode: mode, command: .argv([name]))
    }

    /// The commands run, with their times, as the replay runs them.
    static func fired(_ events: [TouchEvent], _ bindings: [Binding], diagonals: Bool? = nil) -> [(time: Double, name: String)] {
        var config = DaemonConfig()
        config.bindings = bindings
        config.diagonals = diagonals
        var d = GestureDispatcher(bindings: bindings, settings: config.settings, surface: panel)
        var out: [(Double, String)] = []
        let fire = { (f: GestureDispatcher.Firing) in out.append((f.time, f.binding.command.line)) }
        var assembler = FrameAssembler()
        // The deadline the daemon polls with is kept, not computed: it must stay the engine's.
        // Frames as the daemon hands them over: the engine fires what is due before each.
        let handle = { (frame: TouchFrame) in
            d.handle(frame, fire: fire)
            #expect(d.nextDeadline == d.engine.nextDeadline)
        }
        for e in events { assembler.add(e, emit: handle) }
        assembler.flush(emit: handle)
        d.finish(fire: fire)
        #expect(d.nextDeadline == d.engine.nextDeadline)
        return out
    }

    /// The dispatcher keeps a finger's start and latest point for the bindings' edge and
    /// distance, and looks each event's finger up among them: as many as the engine tracks
    /// (64), no more, whether they are down at once or tap while one is held. Then a swipe
    /// still runs its binding.
    @Test("per-finger state stays bounded: 10,000 fingers at once, or tapping while one is held")
    func fingerStateIsBounded() {
        var d = GestureDispatcher(bindings: [Self.bind(.swipe, "right", direction: .right, fingers: 1)],
                                  settings: DaemonConfig().settings, surface: panel)
        var fired: [String] = []
        let fire = { (f: GestureDispatcher.Firing) in fired.append(f.binding.command.line) }
        let many = 10_000
        d.handle(TouchFrame(time: 0, events: (0..<many).map { TouchEvent(time: 0, id: $0, phase: .down, position: Point(x: 400, y: 240)) }), fire: fire)
        #expect(d.trackedContacts == GestureEngine.maxContacts)
        d.handle(TouchFrame(time: 0.05, events: (0..<many).map { TouchEvent(time: 0.05, id: $0, phase: .up, position: Point(x: 400, y: 240)) }), fire: fire)
        // One finger held, 1,000 taps beside it, each a new id.
        d.handle(TouchFrame(time: 1, events: [TouchEvent(time: 1, id: -1, phase: .down, position: Point(x: 100, y: 100))]), fire: fire)
        for k in 0..<1_000 {
            let t = 1.1 + Double(k) * 0.01
            d.handle(TouchFrame(time: t, events: [TouchEvent(time: t, id: k, phase: .down, position: Point(x: 600, y: 300))]), fire: fire)
            d.handle(TouchFrame(time: t + 0.005, events: [TouchEvent(time: t + 0.005, id: k, phase: .up, position: Point(x: 600, y: 300))]), fire: fire)
            #expect(d.trackedContacts <= GestureEngine.maxContacts)
        }
        d.handle(TouchFrame(time: 20, events: [TouchEvent(time: 20, id: -1, phase: .up, position: Point(x: 100, y: 100))]), fire: fire)
        #expect(d.trackedContacts == 0, "the sequence ended with its last finger")
        // A swipe right afterwards runs its binding.
        var s = Script()
        Self.stroke(&s, at: 30, from: Point(x: 200, y: 240), mm: Point(x: 40, y: 0), duration: 0.2)
        var assembler = FrameAssembler()
        for e in s.events { assembler.add(e) { d.handle($0, fire: fire) } }
        assembler.flush { d.handle($0, fire: fire) }
        d.finish(fire: fire)
        #expect(fired == ["right"])
    }

    /// One finger from `from` moving by `mm` millimeters over `duration` seconds at 100 Hz.
    static func stroke(_ s: inout Script, id: Int = 1, at t0: Double = 0, from: Point, mm: Point, duration: Double, lift: Bool = true) {
        strokes(&s, [(id, from, mm)], at: t0, duration: duration, lift: lift)
    }

    /// Fingers moving together, each from its point by its millimeters, sampled in the same frames.
    static func strokes(_ s: inout Script, _ fingers: [(id: Int, from: Point, mm: Point)], at t0: Double = 0,
                        duration: Double, lift: Bool = true) {
        let steps = max(1, Int(duration * 100))
        for f in fingers { s.down(t0, f.id, f.from.x, f.from.y) }
        for k in 1...steps {
            let q = Double(k) / Double(steps)
            for f in fingers { s.move(t0 + duration * q, f.id, f.from.x + f.mm.x * 5 * q, f.from.y + f.mm.y * 5 * q) }
        }
        if lift {
            for f in fingers { s.up(t0 + duration + 0.01, f.id, f.from.x + f.mm.x * 5, f.from.y + f.mm.y * 5) }
        }
    }

    @Test func aSwipeRunsAtTheLiftWithItsEdge() {
        var s = Script()
        Self.stroke(&s, from: Point(x: 400, y: 478), mm: Point(x: 0, y: -40), duration: 0.2)
        let out = Self.fired(s.events, [Self.bind(.swipe, "up-from-left", direction: .up, edge: .edge(.left)),
                                        Self.bind(.swipe, "up-from-bottom", direction: .up, edge: .edge(.bottom))])
        #expect(out.map(\.name) == ["up-from-bottom"])
        #expect(out.first.map { abs($0.time - 0.21) < 1e-9 } == true)
    }

    @Test func distanceClassesAreThirdsOfTheScreenAlongTheSwipe() {
        // The panel is 96 mm high: short below 32 mm, medium to 64 mm, long from 64 mm.
        let classes = [Self.bind(.swipe, "long", distance: .long), Self.bind(.swipe, "medium", distance: .medium),
                       Self.bind(.swipe, "short", distance: .short)]
        for (mm, name) in [(20.0, "short"), (40, "medium"), (70, "long")] {
            var s = Script()
            Self.stroke(&s, from: Point(x: 400, y: 400), mm: Point(x: 0, y: -mm), duration: 0.2)
            #expect(Self.fired(s.events, classes).map(\.name) == [name], "\(mm) mm")
        }
        // Across the 160 mm width, 40 mm is short.
        var s = Script()
        Self.stroke(&s, from: Point(x: 100, y: 240), mm: Point(x: 40, y: 0), duration: 0.2)
        #expect(Self.fired(s.events, classes).map(\.name) == ["short"])
        #expect(Self.fired(s.events, [Self.bind(.swipe, "35+", distance: .atLeast(35))]).map(\.name) == ["35+"])
        #expect(Self.fired(s.events, [Self.bind(.swipe, "45+", distance: .atLeast(45))]).isEmpty)
    }

    @Test func theFirstMatchingBindingRunsAndNoOther() {
        var s = Script()
        Self.stroke(&s, from: Point(x: 400, y: 478), mm: Point(x: 0, y: -40), duration: 0.2)
        let any = Self.bind(.swipe, "any"), bottom = Self.bind(.swipe, "bottom", edge: .edge(.bottom))
        #expect(Self.fired(s.events, [any, bottom]).map(\.name) == ["any"])
        #expect(Self.fired(s.events, [bottom, any]).map(\.name) == ["bottom"])
        // `none`: not from an edge.
        #expect(Self.fired(s.events, [Self.bind(.swipe, "middle", edge: .none)]).isEmpty)
    }

    @Test func twoFingersSpreadingArePinchNeverASwipe() {
        var s = Script()
        Self.strokes(&s, [(1, Point(x: 350, y: 240), Point(x: -25, y: 0)), (2, Point(x: 450, y: 240), Point(x: 25, y: 0))],
                     duration: 0.25)
        let bindings = [Self.bind(.swipe, "swipe"), Self.bind(.pinch, "pinch in", pinch: .in), Self.bind(.pinch, "pinch out", pinch: .out)]
        #expect(Self.fired(s.events, bindings).map(\.name) == ["pinch out"])
    }

    @Test func aRepeatingBindingStepsWhileMovingAndTheLiftRunsNoSwipe() {
        // 45 mm up in 1.5 s, then 25 mm back down in 0.5 s, one touch: with a 10 mm step, four
        // steps up and two down.
        var s = Script()
        Self.stroke(&s, from: Point(x: 400, y: 400), mm: Point(x: 0, y: -45), duration: 1.5, lift: false)
        for k in 1...50 { s.move(1.5 + Double(k) * 0.01, 1, 400, 175 + Double(k) * 2.5) }
        s.up(2.01, 1, 400, 300)
        let out = Self.fired(s.events, [Self.bind(.swipe, "up", direction: .up),
                                        Self.bind(.swipe, "louder", direction: .up, mode: .repeating(step: 10)),
                                        Self.bind(.swipe, "quieter", direction: .down, mode: .repeating(step: 10))])
        #expect(out.map(\.name) == ["louder", "louder", "louder", "louder", "quieter", "quieter"])
        // The fourth step lands when 40 mm are covered: 40/45 of 1.5 s.
        #expect(abs(out[3].time - 1.5 * 40 / 45) < 0.011)
    }

    @Test func tapsDoubleTapsAndLongPresses() {
        let bindings = [Self.bind(.tap, "tap"), Self.bind(.tap, "double", taps: 2),
                        Self.bind(.tap, "two-finger tap", fingers: 2), Self.bind(.longPress, "hold")]
        var single = Script()
        single.down(0, 1, 400, 240); single.up(0.08, 1, 400, 240)
        let one = Self.fired(single.events, bindings)
        #expect(one.map(\.name) == ["tap"])
        // Reported when the double-tap window closes, not at the lift.
        #expect(one.first.map { $0.time > 0.08 } == true)

        var double = Script()
        double.down(0, 1, 400, 240); double.up(0.08, 1, 400, 240)
        double.down(0.2, 1, 402, 241); double.up(0.28, 1, 402, 241)
        #expect(Self.fired(double.events, bindings).map(\.name) == ["double"])

        var hold = Script()
        hold.down(0, 1, 400, 240); hold.move(0.5, 1, 401, 240); hold.move(1.0, 1, 401, 241); hold.up(1.2, 1, 401, 241)
        let held = Self.fired(hold.events, bindings)
        #expect(held.map(\.name) == ["hold"])
        #expect(held.first.map { $0.time < 1.0 } == true)

        // With no double tap bound, a tap is not held back for the window.
        let quick = Self.fired(single.events, [Self.bind(.tap, "tap")])
        #expect(quick.first.map { abs($0.time - 0.08) < 1e-9 } == true)
    }

    @Test("with no input, time passing to the tap's deadline fires it (the daemon's poll timeout), not before")
    func advanceFiresWhatIsDue() throws {
        let bindings = [Self.bind(.tap, "tap"), Self.bind(.tap, "double", taps: 2)]
        var config = DaemonConfig()
        config.bindings = bindings       // a double tap bound: a tap waits for its window
        var d = GestureDispatcher(bindings: bindings, settings: config.settings, surface: panel)
        var fired: [String] = []
        let fire = { (f: GestureDispatcher.Firing) in fired.append(f.binding.command.line) }
        var tap = Script()
        tap.down(0, 1, 400, 240); tap.up(0.08, 1, 400, 240)
        for frame in FrameAssembler.frames(of: tap.events) { d.handle(frame, fire: fire) }
        let due = try #require(d.nextDeadline)
        d.advance(to: due - 0.001, fire: fire)
        #expect(fired.isEmpty)
        #expect(d.nextDeadline == due)
        d.advance(to: due + 0.001, fire: fire)
        #expect(fired == ["tap"])
        #expect(d.nextDeadline == nil)
    }

    @Test func aRotationRunsByItsTurn() {
        // Two fingers 40 mm apart turning 90° clockwise about the center in 0.5 s.
        var s = Script()
        let c = Point(x: 400, y: 240), r = 100.0
        s.down(0, 1, c.x - r, c.y); s.down(0, 2, c.x + r, c.y)
        for k in 1...50 {
            let a = Double.pi / 2 * Double(k) / 50
            s.move(Double(k) * 0.01, 1, c.x - r * cos(a), c.y - r * sin(a))
            s.move(Double(k) * 0.01, 2, c.x + r * cos(a), c.y + r * sin(a))
        }
        s.up(0.52, 1, c.x, c.y - r); s.up(0.52, 2, c.x, c.y + r)
        let bindings = [Self.bind(.rotate, "counterclockwise", turn: .counterclockwise), Self.bind(.rotate, "clockwise", turn: .clockwise)]
        #expect(Self.fired(s.events, bindings).map(\.name) == ["clockwise"])
    }

    @Test func aCancelledTouchRunsNothingAtItsEnd() {
        var s = Script()
        Self.stroke(&s, from: Point(x: 400, y: 400), mm: Point(x: 0, y: -40), duration: 0.2, lift: false)
        s.cancel(0.25, 1, 400, 200)
        #expect(Self.fired(s.events, [Self.bind(.swipe, "up")]).isEmpty)
    }

    @Test func diagonalsFollowTheBindingsUnlessSet() {
        var s = Script()
        Self.stroke(&s, from: Point(x: 300, y: 300), mm: Point(x: 25, y: -25), duration: 0.2)
        #expect(Self.fired(s.events, [Self.bind(.swipe, "up-right", direction: .upRight)]).map(\.name) == ["up-right"])
        #expect(Self.fired(s.events, [Self.bind(.swipe, "up-right", direction: .upRight)], diagonals: false).isEmpty)
    }
}

