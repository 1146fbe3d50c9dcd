import Testing
@testable import TouchGestures
import TouchTestSupport

/// The arena on its own: claims, holds, releases and sweeps, with stand-ins for the
/// recognizers that only write down what they were told.
@Suite("Arena alone: claim, hold, release, sweep")
struct ArenaAloneTests {
    /// Stand-in recognizers: each loss is written down.
    struct Members: ArenaMembers {
        var told: [String] = []
        mutating func lose(_ r: RecognizerName, _ failure: GestureFailure, at time: Double, emit: (GestureEvent) -> Void) {
            told.append("\(r.rawValue) told \(failure.kind.rawValue)")
        }
    }

    let tap = GestureEvent.Kind.tap(.init(position: Point(x: 1, y: 1), taps: 1, fingers: 1))
    let swipe = GestureEvent.Kind.swipe(.init(direction: .right, fingers: 1, start: .zero, end: Point(x: 60, y: 0),
                                              duration: 0.1, velocity: .zero))
    func pan(_ phase: GesturePhase) -> GestureEvent.Kind {
        .pan(.init(phase: phase, fingers: 1, position: .zero, translation: Point(x: 0, y: 30), velocity: nil))
    }

    func arena(_ configure: (inout ArenaSettings) -> Void = { _ in }) -> Arena {
        var settings = ArenaSettings()
        configure(&settings)
        var a = Arena(settings: settings)
        a.explain = true
        a.open(firstContact: 7)
        return a
    }

    @Test("a claim with nothing to wait for wins at once and rejects all but those together with it")
    func claimWinsAtOnce() {
        var a = arena()
        var m = Members()
        var out: [String] = []
        a.claim(.pan, pan(.began), at: 1, members: &m) { out.append(line($0)) }
        #expect(out == ["1.000 won pan #7", "1.000 failed longPress rejected(pan)", "1.000 failed tap rejected(pan)",
                        "1.000 failed pinch rejected(pan)", "1.000 failed rotate rejected(pan)", "1.000 pan began 0.000,30.000"])
        #expect(m.told == ["longPress told rejected", "tap told rejected", "pinch told rejected", "rotate told rejected"])
        #expect(a[.swipe] == .undecided && a[.fling] == .undecided, "together with the pan by default")
    }

    @Test("a claim that waits is held, and released when the one it waits for fails")
    func heldThenReleased() {
        var a = arena { $0.require(.tap, toWaitFor: .longPress) }
        var m = Members()
        var out: [String] = []
        a.claim(.tap, tap, at: 1, members: &m) { out.append(line($0)) }
        #expect(out.isEmpty && a[.tap] == .held)
        a.claim(.longPress, .failed(recognizer: .longPress, reason: GestureFailure(.moved)), at: 1.2, members: &m) { out.append(line($0)) }
        #expect(out.first == "1.200 failed longPress moved")
        #expect(out.dropFirst().first == "1.200 won tap #7")
        #expect(out.last == "1.200 tap 1x1f")
        #expect(a[.tap] == .won)
    }

    @Test("a held claim is refused when the one it waits for wins")
    func heldThenRefused() {
        var a = arena { $0.require(.tap, toWaitFor: .swipe) }
        var m = Members()
        var out: [String] = []
        a.claim(.tap, tap, at: 1, members: &m) { out.append(line($0)) }
        a.claim(.swipe, swipe, at: 1.1, members: &m) { out.append(line($0)) }
        #expect(a[.tap] == .lost)
        #expect(out.contains("1.100 failed tap rejected(swipe)"))
        #expect(!out.contains { $0.hasSuffix("tap 1x1f") }, "the held tap is never delivered")
    }

    @Test("the sweep at the end of a sequence grants what is still held, a continuous gesture as began then its end")
    func sweepGrantsHeld() {
        var a = arena { $0.require(.pan, toWaitFor: .longPress) }
        var m = Members()
        var out: [String] = []
        a.claim(.pan, pan(.ended), at: 2, members: &m) { out.append(line($0)) }
        #expect(a[.pan] == .held)
        a.sweep(at: 2, members: &m) { out.append(line($0)) }
        #expect(out.first == "2.000 won pan #7")
        #expect(out.suffix(2) == ["2.000 pan began 0.000,30.000", "2.000 pan ended 0.000,30.000"])
    }

    @Test("a locked pan and a swipe across its axis exclude each other; along it they are together")
    func lockedAxis() {
        var a = arena()
        a.panLockedVertical = true
        var m = Members()
        var out: [String] = []
        a.claim(.pan, pan(.began), at: 1, members: &m) { out.append(line($0)) }
        a.claim(.swipe, swipe, at: 1.1, members: &m) { out.append(line($0)) }
        #expect(a[.swipe] == .lost && out.last == "1.100 failed swipe rejected(pan)")
        var b = arena()
        b.panLockedVertical = true
        let down = GestureEvent.Kind.swipe(.init(direction: .down, fingers: 1, start: .zero, end: Point(x: 0, y: 60),
                                                duration: 0.1, velocity: .zero))
        b.claim(.pan, pan(.began), at: 1, members: &m) { _ in }
        b.claim(.swipe, down, at: 1.1, members: &m) { _ in }
        #expect(b[.swipe] == .won)
    }

    @Test("without explain only the winners' reports come out")
    func quietWithoutExplain() {
        var a = arena()
        a.explain = false
        var m = Members()
        var out: [String] = []
        a.claim(.pan, pan(.began), at: 1, members: &m) { out.append(line($0)) }
        #expect(out == ["1.000 pan began 0.000,30.000"])
        #expect(m.told.count == 4, "the losers are told all the same")
    }
}
