import Testing
import TouchGestures
import TouchTestSupport
@testable import GestureBindings

/// `stream = true` on a sequence binding: the stream follows the sequence's last move, pinch or
/// rotate step (``GestureSequence/followedStep``) from the moment its run reaches that step, and
/// ends at the lift of that step's fingers (commit or cancel as every stream's), or as the
/// sequence breaks before it. Written from those rules on the usual 800 × 480 panel at 5
/// units/mm, 120 frames a second.
@Suite("Streaming sequences: the stream follows the sequence's last move, pinch or rotate step")
struct SequenceStreamTests {
    typealias Line = GestureDispatcher.StreamLine

    /// Frames at 120 Hz from 0 to `seconds`: finger k at `at(t)[k]`, down from the first frame
    /// where it is given, up at the first where it is not.
    static func script(_ seconds: Double, _ at: (Double) -> [Point?]) -> [TouchFrame] {
        var frames: [TouchFrame] = []
        var down: Set<Int> = []
        var last: [Int: Point] = [:]
        let n = Int((seconds * 120).rounded())
        for k in 0...n {
            let t = Double(k) / 120
            var events: [TouchEvent] = []
            for (id, p) in at(t).enumerated() {
                if let p {
                    events.append(TouchEvent(time: t, id: id, phase: down.contains(id) ? .move : .down, position: p))
                    down.insert(id)
                    last[id] = p
                } else if down.contains(id) {
                    events.append(TouchEvent(time: t, id: id, phase: .up, position: last[id]!))
                    down.remove(id)
                }
            }
            if !events.isEmpty { frames.append(TouchFrame(time: t, events: events)) }
        }
        return frames
    }

    /// Millimetres on the panel, in its units.
    static func mm(_ x: Double, _ y: Double) -> Point { Point(x: x * 5, y: y * 5) }

    /// `at` shaped linearly from 0 at `t0` to 1 at `t1`.
    static func ramp(_ t: Double, _ t0: Double, _ t1: Double) -> Double { min(max((t - t0) / (t1 - t0), 0), 1) }

    static func run(_ toml: String, _ frames: [TouchFrame])
        throws -> (lines: [Line], streamedTo: [String], others: [String], explanation: [String]) {
        StreamTests.run(try DaemonConfig(text: toml, file: "c.toml"), frames: frames, explains: true)
    }

    static func binding(_ steps: String) -> String {
        "[[binding]]\ngesture = \"sequence\"\nname = \"q\"\nsteps = [ \(steps) ]\nstream = true\ncommand = [\"follow\"]\n"
    }

    static let drawer = binding(#"{ touch = 1, edge = "bottom" }, { hold = 0.4 }, { move = "up", distance = 15 }, { lift = "all" }"#)

    /// Held 0.5 s on the bottom edge, then `up` mm up between 0.5 s and `end`, lifted 0.1 s later.
    static func drawerFrames(up: Double, end: Double) -> [TouchFrame] {
        script(end + 0.1) { t in
            t >= end + 0.1 ? [nil] : [Point(x: 400, y: 478) - mm(0, up * ramp(t, 0.5, end))]
        }
    }

    @Test("held on the edge, then up past the step's 15 mm: the stream begins as the hold ends, and commits at the lift")
    func drawerCommits() throws {
        let r = try Self.run(Self.drawer, Self.drawerFrames(up: 40, end: 0.8))
        #expect(r.lines.first?.event == .begin && r.lines.last?.event == .commit, "\(r.lines.map(\.text))")
        #expect(r.lines.dropFirst().dropLast().allSatisfy { $0.event == .update })
        // The hold is done at the first frame 0.4 s after the touch-down.
        #expect(abs((r.lines.first?.time ?? 0) - 0.4) < 0.5 / 120)
        #expect(r.lines.first?.progress == 0)
        // At the lift: 40 mm of the step's 15.
        #expect(abs((r.lines.last?.value ?? 0) - 40) < 0.1 && abs((r.lines.last?.progress ?? 0) - 40.0 / 15) < 0.01)
        #expect(Set(r.streamedTo) == ["follow"])
        // The sequence streamed: its binding does not run again when it is done.
        #expect(r.others.isEmpty, "\(r.others)")
        #expect(r.explanation.contains { $0.contains("sequence q, step 3 (move) began, 1 finger") && $0.contains("threshold 15 mm") },
                "\(r.explanation)")
    }

    @Test("up 8 mm slowly and lifted still: short of the step's 15 mm, the stream cancels and nothing runs")
    func shortCancels() throws {
        let r = try Self.run(Self.drawer, Self.drawerFrames(up: 8, end: 1.5))
        #expect(r.lines.first?.event == .begin && r.lines.last?.event == .cancel, "\(r.lines.map(\.text))")
        #expect(abs((r.lines.last?.value ?? 0) - 8) < 0.1)
        #expect(r.others.isEmpty)
    }

    @Test("a plain touch on the bottom edge lifted before the hold's end streams nothing")
    func noHoldNoStream() throws {
        let r = try Self.run(Self.drawer, Self.script(0.3) { t in t < 0.2 ? [Point(x: 400, y: 478) - Self.mm(0, 30 * Self.ramp(t, 0, 0.2))] : [nil] })
        #expect(r.lines.isEmpty, "\(r.lines.map(\.text))")
    }

    static let holdAndSwipe = binding(#"{ touch = 1 }, { hold = 0.4 }, { touch = 1 }, { move = "up", distance = 20, fingers = "last" }"#)

    /// One finger held at (40, 48) mm; a second down at 0.6 s at (100, 60) mm and moved 30 mm up
    /// by 0.9 s; both lifted at 1.0 s. The held one drifts `drift` mm right while the other moves.
    static func holdAndSwipeFrames(drift: Double) -> [TouchFrame] {
        script(1.0) { t in
            guard t < 1.0 else { return [nil, nil] }
            let held = mm(40 + drift * ramp(t, 0.65, 0.9), 48)
            return [held, t >= 0.6 ? mm(100, 60 - 30 * ramp(t, 0.65, 0.9)) : nil]
        }
    }

    @Test("one finger held while another swipes up: the stream follows the second finger, and commits")
    func heldWhileAnotherMoves() throws {
        let r = try Self.run(Self.holdAndSwipe, Self.holdAndSwipeFrames(drift: 0))
        #expect(r.lines.first?.event == .begin && r.lines.last?.event == .commit, "\(r.lines.map(\.text))")
        // Begun when the second finger touched down; the held finger is not one of the step's.
        #expect(abs((r.lines.first?.time ?? 0) - 0.6) < 0.5 / 120)
        #expect(r.lines.allSatisfy { $0.fingers == 1 })
        #expect(abs((r.lines.last?.value ?? 0) - 30) < 0.1)
    }

    @Test("the held finger wandering 10 mm breaks the sequence: the stream cancels then, not at the lift, saying why")
    func brokenHoldCancels() throws {
        let r = try Self.run(Self.holdAndSwipe, Self.holdAndSwipeFrames(drift: 10))
        #expect(r.lines.first?.event == .begin && r.lines.last?.event == .cancel, "\(r.lines.map(\.text))")
        // The tap's slop is 4.7 mm (GestureSettings): the drift passes it well before the lift.
        #expect((r.lines.last?.time ?? 1) < 0.9)
        #expect(r.explanation.contains { $0.contains("cancel: the sequence broke a step before the lift") && $0.contains("moved") },
                "\(r.explanation)")
        #expect(r.others.isEmpty)
    }

    @Test("two fingers spread from 20 mm to 60 mm apart: a pinch step streams the spread's change and the scale")
    func pinchStreams() throws {
        let toml = Self.binding(#"{ touch = 2 }, { pinch = "out", distance = 20 }"#)
        let r = try Self.run(toml, Self.script(0.5) { t in
            guard t < 0.5 else { return [nil, nil] }
            let half = 10 + 20 * Self.ramp(t, 0.1, 0.4)
            return [Self.mm(80 - half, 48), Self.mm(80 + half, 48)]
        })
        #expect(r.lines.first?.event == .begin && r.lines.last?.event == .commit, "\(r.lines.map(\.text))")
        // The spread, twice the fingers' mean distance from their centre, went 20 → 60 mm.
        #expect(abs((r.lines.last?.value ?? 0) - 3) < 0.01 && abs((r.lines.last?.progress ?? 0) - 2) < 0.01)
        #expect(r.lines.allSatisfy { $0.fingers == 2 })
    }

    @Test("two fingers turned 90° clockwise about their centre: a rotate step streams the angle")
    func rotateStreams() throws {
        let toml = Self.binding(#"{ touch = 2 }, { rotate = "clockwise", angle = 45 }"#)
        let r = try Self.run(toml, Self.script(0.5) { t in
            guard t < 0.5 else { return [nil, nil] }
            // Clockwise on a screen whose y grows downward: from (r, 0) toward (0, r).
            let a = Double.pi / 2 * Self.ramp(t, 0.1, 0.4)
            let (c, s) = (Self.cosine(a) * 15, Self.sine(a) * 15)
            return [Self.mm(80 + c, 48 + s), Self.mm(80 - c, 48 - s)]
        })
        #expect(r.lines.first?.event == .begin && r.lines.last?.event == .commit, "\(r.lines.map(\.text))")
        #expect(abs((r.lines.last?.value ?? 0) - 90) < 0.5 && abs((r.lines.last?.progress ?? 0) - 2) < 0.02)
    }

    // Enough of sine and cosine for a quarter turn (Taylor to the 11th power: < 1e-8 there).
    static func sine(_ x: Double) -> Double {
        var term = x, sum = x
        for k in stride(from: 2, through: 10, by: 2) {
            term *= -x * x / Double(k * (k + 1))
            sum += term
        }
        return sum
    }

    static func cosine(_ x: Double) -> Double { sine(x + Double.pi / 2) }
}
