import Testing
import TouchPlatform
import TouchGestures
import TouchTrace
import TouchTools
import TouchTestSupport
@testable import GestureBindings

/// Streaming bindings (`stream = true`): the lines a command reads, written from the rules in
/// DispatcherStreams.swift on the usual 800 × 480 panel at 5 units/mm (160 × 96 mm), 120 frames
/// a second.
@Suite("Streaming bindings: progress while the gesture happens, commit or cancel at the lift")
struct StreamTests {
    typealias Line = GestureDispatcher.StreamLine

    /// One frame of each finger's position; `phase` for all of them.
    struct Step {
        var time: Double
        var points: [Point]
        var phase: TouchPhase = .move
    }

    /// Fingers moving in a straight line from `from` to `to` (mm offsets applied to each start)
    /// in `seconds`, at 120 Hz, starting at `start`.
    static func path(_ starts: [Point], by offset: (Double) -> [Point], seconds: Double, from t0: Double) -> [Step] {
        let n = max(1, Int((seconds * 120).rounded()))
        return (1...n).map { k in
            let f = Double(k) / Double(n)
            let offs = offset(f)
            return Step(time: t0 + Double(k) / 120, points: zip(starts, offs).map { $0 + Point(x: $1.x * 5, y: $1.y * 5) })
        }
    }

    /// What the dispatcher fires for the steps: the stream lines (with the binding named) and the
    /// other commands.
    static func run(_ bindings: [Binding], _ steps: [Step]) -> (lines: [Line], streamedTo: [String], others: [String]) {
        let r = run(bindings, frames: steps.map { s in
            TouchFrame(time: s.time, events: s.points.enumerated().map {
                TouchEvent(time: s.time, id: $0.offset, phase: s.phase, position: $0.element)
            })
        })
        return (r.lines, r.streamedTo, r.others)
    }

    /// What the dispatcher fires (and, with `explains`, says) for `frames`, then a second past the
    /// last and the input's end.
    static func run(_ bindings: [Binding], frames: [TouchFrame], explains: Bool = false)
        -> (lines: [Line], streamedTo: [String], others: [String], explanation: [String]) {
        var config = DaemonConfig()
        config.bindings = bindings
        return run(config, frames: frames, explains: explains)
    }

    /// The same, for a whole configuration (its settings' sequences too).
    static func run(_ config: DaemonConfig, frames: [TouchFrame], explains: Bool = false)
        -> (lines: [Line], streamedTo: [String], others: [String], explanation: [String]) {
        var d = GestureDispatcher(bindings: config.bindings, settings: config.settings, surface: panel)
        d.explains = explains
        var lines: [Line] = [], to: [String] = [], others: [String] = []
        let fire = { (f: GestureDispatcher.Firing) in
            if let l = f.stream {
                lines.append(l)
                to.append(f.binding.command.line)
            } else {
                others.append(f.binding.command.line)
            }
        }
        for f in frames { d.handle(f, fire: fire) }
        d.advance(to: (frames.last?.time ?? 0) + 1, fire: fire)
        d.finish(fire: fire)
        return (lines, to, others, d.takeExplanation())
    }

    static let bottom = Point(x: 400, y: 478)
    static func up(_ mm: Double) -> (Double) -> [Point] { { f in [Point(x: 0, y: -mm * f)] } }

    static func streaming(_ name: String, distance: Binding.Distance = .atLeast(20), edge: GesturePattern.Edge = .edge(.bottom)) -> Binding {
        DispatcherTests.bind(.swipe, name, direction: .up, edge: edge, distance: distance, mode: .stream)
    }

    /// Lines in order: one begin first, one commit or cancel last, updates between, times rising.
    static func wellFormed(_ lines: [Line]) -> Bool {
        guard let first = lines.first, let last = lines.last, lines.count >= 2 else { return false }
        return first.event == .begin && (last.event == .commit || last.event == .cancel)
            && lines.dropFirst().dropLast().allSatisfy { $0.event == .update }
            && zip(lines, lines.dropFirst()).allSatisfy { $0.time <= $1.time }
    }

    @Test("a slow pull past the threshold commits; progress is the distance over the binding's")
    func pullPastThresholdCommits() {
        // 30 mm up from the bottom edge in 0.6 s (50 mm/s, a third of a fling's speed).
        var steps = [Step(time: 0, points: [Self.bottom], phase: .down)]
        steps += Self.path([Self.bottom], by: Self.up(30), seconds: 0.6, from: 0)
        steps.append(Step(time: 0.6 + 1.0 / 120, points: [Self.bottom + Point(x: 0, y: -150)], phase: .up))
        let r = Self.run([Self.streaming("drawer"), DispatcherTests.bind(.swipe, "release-up", direction: .up)], steps)
        #expect(Self.wellFormed(r.lines))
        #expect(r.streamedTo.allSatisfy { $0 == "drawer" })
        // The swipe was taken by the stream as it began: the release binding for it does not run.
        #expect(r.others.isEmpty)
        // It begins once the finger has moved the touch slop (4.7 mm), not before.
        let begin = r.lines[0]
        #expect(begin.value >= GestureSettings.touchSlop && begin.value < GestureSettings.touchSlop + 0.5)
        // Progress is the value over 20 mm, and follows the finger up.
        for l in r.lines { #expect(abs(l.progress - l.value / 20) < 0.001) }
        let ups = r.lines.dropLast()
        #expect(zip(ups, ups.dropFirst()).allSatisfy { $0.value <= $1.value })
        let end = r.lines.last!
        #expect(end.event == .commit && abs(end.value - 30) < 0.01 && end.fingers == 1)
        // The velocity reported is the finger's: about 50 mm/s mid-way.
        let mid = r.lines[r.lines.count / 2]
        #expect(abs(mid.velocity - 50) < 5)
    }

    @Test("pulled past the threshold and back, then lifted still, it cancels")
    func pullPastAndBackCancels() {
        var steps = [Step(time: 0, points: [Self.bottom], phase: .down)]
        steps += Self.path([Self.bottom], by: Self.up(30), seconds: 0.6, from: 0)
        let top = Self.bottom + Point(x: 0, y: -150)
        steps += Self.path([top], by: { f in [Point(x: 0, y: 25 * f)] }, seconds: 0.5, from: steps.last!.time)
        // Held still 0.2 s (no frames), then lifted: no speed at the lift.
        let held = Self.bottom + Point(x: 0, y: -25)
        steps.append(Step(time: steps.last!.time + 0.2, points: [held], phase: .up))
        let r = Self.run([Self.streaming("drawer")], steps)
        #expect(Self.wellFormed(r.lines))
        #expect(r.lines.contains { $0.progress > 1.4 })
        let end = r.lines.last!
        #expect(end.event == .cancel && abs(end.progress - 0.25) < 0.01 && end.velocity == 0)
    }

    @Test("a short fling toward the threshold commits short of it; one flung back cancels past it")
    func flingsDecideByDirection() {
        // 12 mm in 0.05 s (240 mm/s) with a 30 mm threshold: progress 0.4, lifted at speed.
        var steps = [Step(time: 0, points: [Self.bottom], phase: .down)]
        steps += Self.path([Self.bottom], by: Self.up(12), seconds: 0.05, from: 0)
        steps.append(Step(time: steps.last!.time + 1.0 / 120, points: [Self.bottom + Point(x: 0, y: -60 - 10)], phase: .up))
        let r = Self.run([Self.streaming("drawer", distance: .atLeast(30))], steps)
        #expect(Self.wellFormed(r.lines))
        let end = r.lines.last!
        #expect(end.event == .commit && end.progress < 1 && end.velocity >= Settle.flingSpeed)

        // 40 mm up slowly (past 30 mm), then 8 mm back in 0.03 s (270 mm/s) and lifted.
        var back = [Step(time: 0, points: [Self.bottom], phase: .down)]
        back += Self.path([Self.bottom], by: Self.up(40), seconds: 0.8, from: 0)
        let top = Self.bottom + Point(x: 0, y: -200)
        back += Self.path([top], by: { f in [Point(x: 0, y: 8 * f)] }, seconds: 0.03, from: back.last!.time)
        back.append(Step(time: back.last!.time + 1.0 / 120, points: [top + Point(x: 0, y: 45)], phase: .up))
        let b = Self.run([Self.streaming("drawer", distance: .atLeast(30))], back)
        #expect(Self.wellFormed(b.lines))
        let last = b.lines.last!
        #expect(last.event == .cancel && last.progress > 1 && last.velocity <= -Settle.flingSpeed, "\(b.lines.suffix(6).map { $0.text })")
    }

    /// The synth's strokes as frames (``FrameAssembler``, as the daemon groups them), and the
    /// engine's fling at their lift (mm/s; nil when it reports none).
    static func synthFrames(_ description: String) throws -> (frames: [TouchFrame], fling: Double?) {
        var frames: [TouchFrame] = []
        var assembler = FrameAssembler()
        for e in try TraceSynth.trace(from: "device 800x480 res 5; " + description).events { assembler.add(e) { frames.append($0) } }
        assembler.flush { frames.append($0) }
        var engine = GestureEngine(surface: panel)
        var fling: Double?
        for f in frames { engine.handle(f) { if case .fling(let g) = $0.kind { fling = g.millimetersPerSecond } } }
        return (frames, fling)
    }

    @Test("a stream ends at the speed the engine's fling reports: short of the threshold, a flick at Settle.flingSpeed or faster commits, up and down; a slower fling cancels",
          arguments: [("fling up 15mm at 400,478 in 0.08s", SwipeDirection.up, ScreenEdge.bottom),
                      ("fling down 15mm at 400,2 in 0.08s", .down, .top),
                      ("fling up 15mm at 400,478 in 0.12s", .up, .bottom),
                      ("fling down 15mm at 400,2 in 0.12s", .down, .top)])
    func streamEndsAtTheEnginesFlingSpeed(_ description: String, _ way: SwipeDirection, _ edge: ScreenEdge) throws {
        let (frames, fling) = try Self.synthFrames(description)
        let speed = try #require(fling, "the engine reports a fling")
        let drawer = Binding(gesture: GesturePattern(.swipe, direction: way, edge: .edge(edge)), distance: .atLeast(30), mode: .stream,
                             command: .argv(["drawer"]))
        let (lines, _, _, explanation) = Self.run([drawer], frames: frames, explains: true)
        #expect(Self.wellFormed(lines))
        let end = try #require(lines.last)
        // 15 mm of a 30 mm threshold: short of it, so the lift's speed decides (Settle).
        #expect(end.progress < 1)
        #expect(abs(end.velocity - speed) < 1e-6, "the stream's lift speed is the fling's")
        #expect(end.event == (speed >= Settle.flingSpeed ? .commit : .cancel))
        // Both sides of Settle.flingSpeed are taken: 0.08 s is over it, 0.12 s (a fling to the
        // engine, at 13.2 mm/s or more) under it.
        #expect((speed >= Settle.flingSpeed) == description.hasSuffix("0.08s"), "\(speed) mm/s")
        // --explain gives the same speed, and the limit it was weighed against.
        let said = GestureDispatcher.decimal(speed)
        let ending = explanation.last { $0.contains("ends:") } ?? ""
        #expect(ending.contains(speed >= Settle.flingSpeed ? "commit: flung toward it at \(said) mm/s" : "at \(said) mm/s (< 184 mm/s"), "\(ending)")
    }

    @Test("a cancelled touch cancels its stream, past the threshold or not; input that ends with a finger down too")
    func cancelledTouchCancels() {
        var steps = [Step(time: 0, points: [Self.bottom], phase: .down)]
        steps += Self.path([Self.bottom], by: Self.up(30), seconds: 0.6, from: 0)
        steps.append(Step(time: steps.last!.time + 1.0 / 120, points: [Self.bottom + Point(x: 0, y: -150)], phase: .cancel))
        let r = Self.run([Self.streaming("drawer")], steps)
        #expect(Self.wellFormed(r.lines))
        #expect(r.lines.last!.event == .cancel && r.lines.last!.progress > 1)

        // No lift at all: the input's end cancels it.
        let open = Self.run([Self.streaming("drawer")], Array(steps.dropLast()))
        #expect(Self.wellFormed(open.lines))
        #expect(open.lines.last!.event == .cancel)
    }

    @Test("the first binding that matches as the swipe begins decides: a release binding before it keeps the swipe")
    func firstBindingDecides() {
        var steps = [Step(time: 0, points: [Self.bottom], phase: .down)]
        steps += Self.path([Self.bottom], by: Self.up(30), seconds: 0.25, from: 0)
        steps.append(Step(time: steps.last!.time + 1.0 / 120, points: [Self.bottom + Point(x: 0, y: -150)], phase: .up))
        let r = Self.run([DispatcherTests.bind(.swipe, "release-up", direction: .up), Self.streaming("drawer")], steps)
        #expect(r.lines.isEmpty && r.others == ["release-up"])
        // Not from the edge the stream wants: no stream, and the release binding after it runs.
        let mid = Point(x: 400, y: 300)
        var away = [Step(time: 0, points: [mid], phase: .down)]
        away += Self.path([mid], by: Self.up(30), seconds: 0.25, from: 0)
        away.append(Step(time: away.last!.time + 1.0 / 120, points: [mid + Point(x: 0, y: -150)], phase: .up))
        let a = Self.run([Self.streaming("drawer"), DispatcherTests.bind(.swipe, "release-up", direction: .up)], away)
        #expect(a.lines.isEmpty && a.others == ["release-up"])
        // The direction is the one at the slop: a swipe that starts left does not stream up.
        var left = [Step(time: 0, points: [Self.bottom], phase: .down)]
        left += Self.path([Self.bottom], by: { f in [Point(x: -8 * f, y: 0)] }, seconds: 0.1, from: 0)
        let turned = Self.bottom + Point(x: -40, y: 0)
        left += Self.path([turned], by: Self.up(30), seconds: 0.25, from: left.last!.time)
        left.append(Step(time: left.last!.time + 1.0 / 120, points: [turned + Point(x: 0, y: -150)], phase: .up))
        #expect(Self.run([Self.streaming("drawer")], left).lines.isEmpty)
    }

    @Test("a pinch streams its scale; progress is the spread's change over the binding's distance")
    func pinchStreamsScale() {
        // Two fingers 20 mm either side of the centre spread to 35 mm each side in 0.5 s: the
        // spread grows 15 mm, the scale goes 1 → 1.75.
        let a = Point(x: 300, y: 240), b = Point(x: 500, y: 240)
        var steps = [Step(time: 0, points: [a, b], phase: .down)]
        steps += Self.path([a, b], by: { f in [Point(x: -15 * f, y: 0), Point(x: 15 * f, y: 0)] }, seconds: 0.5, from: 0)
        steps.append(Step(time: steps.last!.time + 0.1, points: [a + Point(x: -75, y: 0), b + Point(x: 75, y: 0)], phase: .up))
        let bind = DispatcherTests.bind(.pinch, "zoom", distance: .atLeast(10), mode: .stream)
        let r = Self.run([bind, DispatcherTests.bind(.pinch, "release-pinch")], steps)
        #expect(Self.wellFormed(r.lines))
        #expect(r.others.isEmpty)
        let end = r.lines.last!
        #expect(end.event == .commit && abs(end.value - 1.75) < 0.01 && abs(end.progress - 1.5) < 0.01 && end.fingers == 2)
        for l in r.lines { #expect(abs(l.progress * 10 - (l.value - 1) * 20) < 0.05) }
    }

    @Test("a rotation streams its angle in degrees, clockwise positive")
    func rotationStreamsAngle() {
        // Two fingers 20 mm from their centre turn 60° clockwise in 0.5 s.
        let c = Point(x: 400, y: 240), r0 = 100.0
        func at(_ deg: Double) -> [Point] {
            let t = deg * Double.pi / 180
            return [c + Point(x: r0 * cos(t), y: r0 * sin(t)), c - Point(x: r0 * cos(t), y: r0 * sin(t))]
        }
        var steps = [Step(time: 0, points: at(0), phase: .down)]
        for k in 1...60 { steps.append(Step(time: Double(k) / 120, points: at(Double(k)))) }
        steps.append(Step(time: 0.6, points: at(60), phase: .up))
        let bind = DispatcherTests.bind(.rotate, "dial", mode: .stream, turn: .clockwise)
        let r = Self.run([bind], steps)
        #expect(Self.wellFormed(r.lines))
        let end = r.lines.last!
        #expect(end.event == .commit && abs(end.value - 60) < 0.5)
        // Progress: the arc (60° of a 20 mm radius, 20.9 mm) over rotate.minArc.
        #expect(abs(end.progress * GestureSettings().rotate.minArc - 20 * Double.pi / 3) < 0.1)
    }

    @Test("the line's text: six fields, one space apart")
    func lineText() {
        let f = GestureEvent.Follow(phase: .changed, request: 0, gesture: GesturePattern(.swipe, direction: .up, fingers: 2, edge: .none),
                                    threshold: 20, progress: 0.42, value: 8.4, velocity: -120.46, fingers: 2, end: nil)
        let l = Line(f, at: 12.3456)
        #expect(l.text == "update 12.346 0.420 8.400 -120.5 2")
        #expect(l.text.split(separator: " ").count == 6)
    }

    @Test("the settle rule: a fast lift by its direction, a slow one by the threshold")
    func settleRule() {
        #expect(Settle.decide(progress: 0.1, velocity: 200) == .flungToward(200))
        #expect(Settle.decide(progress: 3, velocity: -200) == .flungBack(200))
        #expect(Settle.decide(progress: 1, velocity: 100) == .reached(1))
        #expect(Settle.decide(progress: 0.99, velocity: -100) == .short(0.99))
        #expect(Settle.decide(progress: 0.99, velocity: 184).completes)
        #expect(!Settle.decide(progress: 1.5, velocity: -184).completes)
    }

    @Test("`stream = true` reads for swipes, pinches and rotations; a pinch's distance is millimeters")
    func configReadsStream() throws {
        let c = try DaemonConfig(text: """
            [[binding]]
            gesture = "swipe"
            direction = "up"
            edge = "bottom"
            distance = 25
            stream = true
            command = ["drawer"]
            [[binding]]
            gesture = "pinch"
            distance = 12
            stream = true
            shell = "zoom"
            [[binding]]
            gesture = "rotate"
            stream = false
            shell = "once"
            """, file: "c.toml")
        #expect(c.bindings.map { $0.mode } == [.stream, .stream, .release])
        #expect(c.bindings[0].distance == .atLeast(25) && c.bindings[1].distance == .atLeast(12))
        // What --print-config writes reads back the same.
        let again = try DaemonConfig(text: c.printed(device: nil), file: "p.toml")
        #expect(again.bindings.map { $0.mode } == c.bindings.map { $0.mode })
    }

    @Test("a stream that cannot be is refused where it is written", arguments: [
        ("gesture = \"tap\"\nstream = true\nshell = \"x\"", "c.toml:3:1: error: `stream` does not apply to a tap (only to swipe, pinch, rotate and sequence)"),
        ("gesture = \"swipe\"\nstream = true\nmode = \"repeat\"\nshell = \"x\"", "c.toml:4:1: error: `stream = true` and `mode` are two ways of running a binding: give one of them"),
        ("gesture = \"swipe\"\nstream = 1\nshell = \"x\"", "c.toml:3:10: error: `stream` must be true (the command reads the gesture's progress while it happens) or false, found 1"),
        ("gesture = \"swipe\"\nstream = true\naction = \"save-trace\"", "c.toml:4:1: error: `action` cannot stream: give `command` or `shell` for a streaming binding"),
        ("gesture = \"pinch\"\nstream = true\ndistance = \"long\"\nshell = \"x\"", "c.toml:4:12: error: `distance` must be a length in millimeters, 0.01 to 1000: the change of the fingers' spread at which the stream commits, found \"long\""),
        ("gesture = \"pinch\"\ndistance = 5\nshell = \"x\"", "c.toml:3:1: error: `distance` does not apply to a pinch (only to swipe)"),
    ])
    func streamMistakes(_ body: String, _ message: String) {
        #expect(throws: DiagnosticError.self) { try DaemonConfig(text: "[[binding]]\n" + body + "\n", file: "c.toml") }
        do {
            _ = try DaemonConfig(text: "[[binding]]\n" + body + "\n", file: "c.toml")
        } catch {
            #expect(error.description == message)
        }
    }
}
