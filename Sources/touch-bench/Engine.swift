// The engine and the list model, in process (BENCHMARKS.md, "Engine" and "The list").
import CAllocCounter
import Foundation
import TouchGestures
import TouchList
import TouchTrace
import TouchTools
internal import CPlatform

let surface = Surface(width: 800, height: 480, unitsPerMillimeter: Point(x: 5, y: 5))
let layout = ListLayout(rows: 8, rowHeight: 60, width: 800, height: 480)

struct EngineFigures { var events: Int; var seconds: Double; var allocations: UInt64; var outputs: Int }

/// Contact events through every recognizer, the arena and the list model, on one core.
/// `kinds` 5 is the core session of the first benchmark (swipes, taps, drags, two-finger
/// swipes); 7 adds pinches that turn and long presses. With `slides`, the list's rows slide
/// over actions (160 units leading, 240 trailing): the drag takes part in the arena, and each
/// horizontal stroke on a row moves it. With `follows`, the engine follows every swipe, pinch
/// and rotation (three ``FollowRequest``s), as a daemon of streaming bindings does. With
/// `sequences`, the 16 declared sequences of ``benchSequences`` run beside the recognizers.
func benchEngine(total: Int, kinds: Int, slides: Bool = false, follows: Bool = false, sequences: Bool = false) -> EngineFigures {
    let session = syntheticSession(events: 1_000_000, kinds: kinds)
    let span = (session.last?.time ?? 0) + 1
    var settings = GestureSettings()
    // TOUCH_BENCH_RECOGNIZERS=tap,swipe measures only those (an empty value: the pipeline alone).
    if let only = getenv("TOUCH_BENCH_RECOGNIZERS").map({ String(cString: $0) }) {
        settings.arena.enabled = RecognizerSet(only.split(separator: ",").compactMap { RecognizerName(rawValue: String($0)) })
    }
    if sequences { settings.sequences = benchSequences }
    var options = ListOptions()
    if slides {
        options.leadingActions = RowActions(widths: [160])
        options.trailingActions = RowActions(widths: [240])
    }
    var engine = ListController(settings: settings, surface: surface, list: ListModel(layout: layout, options: options))
    if follows {
        engine.engine.followRequests = [FollowRequest(GesturePattern(.swipe)), FollowRequest(GesturePattern(.pinch)),
                                        FollowRequest(GesturePattern(.rotate))]
    }
    var assembler = FrameAssembler()
    var outputs = 0
    // Warm-up pass: every buffer reaches its working size.
    for e in session { assembler.add(e) { engine.handle($0) { _ in outputs += 1 } } }
    let passes = max(1, total / session.count)
    outputs = 0
    let a0 = tg_allocations()
    let t0 = now()
    for p in 1...passes {
        let offset = Double(p) * span
        for var e in session {
            e.time += offset
            assembler.add(e) { engine.handle($0) { _ in outputs += 1 } }
        }
    }
    assembler.flush { engine.handle($0) { _ in outputs += 1 } }
    let t1 = now()
    let a1 = tg_allocations()
    return EngineFigures(events: passes * session.count, seconds: t1 - t0, allocations: a1 - a0, outputs: outputs)
}

struct ListFigures { var rows: Int; var buildSeconds: Double; var frames: Int; var nsPerFrame: Double; var allocationsPerFrame: Double; var slots: Int }

/// A fling across a list of `rows` rows of variable heights (20 to 119 units, a fixed
/// pseudo-random sequence), stepped at 120 frames per second; each frame steps the momentum
/// and lays out the visible cells (range, sticky header, slots), as a renderer would. With
/// `estimated`, rows start at an estimate and are measured as they come into view. The
/// fling's speed is chosen to carry the content across the whole list, top to bottom, and
/// the throw is repeated back and forth until about `minFrames` frames have run.
func benchList(rows: Int, estimated: Bool, minFrames: Int) -> ListFigures {
    var state: UInt64 = 99
    var heights = [Double]()
    heights.reserveCapacity(rows)
    for _ in 0..<rows {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        heights.append(Double(20 + (state >> 33) % 100))
    }
    var options = ListOptions()
    options.rowHeights = heights
    options.sections = stride(from: 0, to: rows, by: 100).map { min(100, rows - $0) }
    options.headerHeight = 28
    if estimated { options.estimatedRowHeight = 70 }
    let layout = ListLayout(rows: rows, rowHeight: 60, width: 800, height: 480)
    let b0 = now()
    var list = ListModel(layout: layout, options: options)
    let buildSeconds = now() - b0
    list.layoutCells()
    var frames = 0
    var elapsed = 0.0
    var t = 0.0
    var allocations: UInt64 = 0
    var direction = 1.0
    while frames < minFrames {
        // Speed to travel the whole content: distance = v0 / -ln(rate) (per ms).
        let distance = list.maxOffset * 1.02
        let v0 = distance * -log(list.options.physics.decelerationRate) * 1000 * direction
        let fling = GestureEvent(time: t, kind: .fling(.init(fingers: 1, position: Point(x: 400, y: 240),
                                                          velocity: Point(x: 0, y: -v0), millimetersPerSecond: 0)))
        // Momentum continues a drag: the throw is a pan that ends in a fling.
        list.touchBegan(at: t)
        for phase in [GesturePhase.began, .ended] {
            list.apply(GestureEvent(time: t, kind: .pan(.init(phase: phase, fingers: 1, position: Point(x: 400, y: 240),
                                                              translation: .zero, velocity: nil))), surface: surface) { _ in }
        }
        list.apply(fling, surface: surface) { _ in }
        guard list.isMoving else { fatalError("the throw did not move the list") }
        let a0 = tg_allocations()
        let t0 = now()
        var n = 0
        while list.isMoving {
            t += 1.0 / 120
            list.advance(to: t, surface: surface) { _ in }
            list.layoutCells()
            n += 1
        }
        elapsed += now() - t0
        allocations += tg_allocations() - a0
        frames += n
        direction = -direction
        t += 1
    }
    return ListFigures(rows: rows, buildSeconds: buildSeconds, frames: frames, nsPerFrame: elapsed / Double(frames) * 1e9,
                       allocationsPerFrame: Double(allocations) / Double(frames), slots: list.slotCount)
}

struct EditFigures { var medianMicroseconds: Double; var p90Microseconds: Double; var edits: Int; var allocationsPerEdit: Double; var bytesBefore: Int; var bytesAfter: Int }

/// One edit at a time on a list of `rows` rows, fixed (60 units) or variable heights (20–119,
/// as `benchList`), scrolled to its middle: a row inserted in the middle, then deleted again,
/// `edits` times in all. Each `performEdits` is timed on its own (the anchoring, the identities,
/// the geometry, the report and the animation record together); the median and the 90th
/// percentile are printed, with the bytes the geometry keeps before and after.
func benchEdits(rows: Int, variable: Bool, edits: Int) -> EditFigures {
    var options = ListOptions()
    if variable {
        var state: UInt64 = 99
        options.rowHeights = (0..<rows).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(20 + (state >> 33) % 100)
        }
    }
    var list = ListModel(layout: ListLayout(rows: rows, rowHeight: 60, width: 800, height: 480), options: options)
    list.scroll(toOffset: list.maxOffset / 2)
    let bytesBefore = list.geometry.storedBytes
    var times: [Double] = []
    times.reserveCapacity(edits)
    var t = 0.0
    var allocations: UInt64 = 0
    let middle = rows / 2
    for k in 0..<edits {
        t += 0.5
        let edit = k % 2 == 0 ? ListEdits(inserting: [middle]) : ListEdits(deleting: [middle])
        let a0 = tg_allocations()
        let t0 = now()
        do { try list.performEdits(edit, at: t, surface: surface) { _ in } } catch { fatalError("\(error)") }
        times.append(now() - t0)
        allocations += tg_allocations() - a0
    }
    times.sort()
    return EditFigures(medianMicroseconds: times[times.count / 2] * 1e6, p90Microseconds: times[times.count * 9 / 10] * 1e6,
                       edits: edits, allocationsPerEdit: Double(allocations) / Double(edits),
                       bytesBefore: bytesBefore, bytesAfter: list.geometry.storedBytes)
}

/// Sixteen declared sequences, of every kind of step, as a phone shell's configuration might
/// declare them: edge holds and edge sections on each side, a finger held while another moves,
/// taps then holds, strokes that turn, pinches and rotations after a touch of two or three.
let benchSequences: [GestureSequence] = {
    typealias Step = GestureSequence.Step
    var list: [GestureSequence] = []
    for (k, edge) in [ScreenEdge.bottom, .top, .left, .right].enumerated() {
        let inward: SwipeDirection = [.up, .down, .right, .left][k]
        list.append(GestureSequence(name: "hold-\(edge.rawValue)", steps: [
            Step(.touch(fingers: 1, edge: edge)), Step(.hold(seconds: 0.4)), Step(.move(inward, distance: .short)),
        ]))
        list.append(GestureSequence(name: "section-\(edge.rawValue)", steps: [
            Step(.touch(fingers: 1, edge: edge, along: 0.5...1)), Step(.move(inward, distance: .medium), within: 0.5),
        ]))
    }
    list.append(GestureSequence(name: "hold-and-swipe-up", steps: [
        Step(.touch(fingers: 1)), Step(.hold(seconds: 0.3)), Step(.touch(fingers: 1)), Step(.move(.up, distance: .short, fingers: .last)),
    ]))
    list.append(GestureSequence(name: "hold-and-swipe-down", steps: [
        Step(.touch(fingers: 1)), Step(.hold(seconds: 0.3)), Step(.touch(fingers: 1)), Step(.move(.down, distance: .short, fingers: .last)),
    ]))
    list.append(GestureSequence(name: "right-then-up", steps: [
        Step(.touch(fingers: 1)), Step(.move(.right, distance: .short)), Step(.move(.up, distance: .short), within: 0.5),
    ]))
    list.append(GestureSequence(name: "tap-tap-hold", steps: [
        Step(.tap(fingers: 1, taps: 2)), Step(.touch(fingers: 1)), Step(.hold(seconds: 0.5)),
    ]))
    list.append(GestureSequence(name: "three-finger-tap", steps: [Step(.tap(fingers: 3))]))
    list.append(GestureSequence(name: "spread", steps: [Step(.touch(fingers: 2)), Step(.pinch(.out, distance: 20))]))
    list.append(GestureSequence(name: "turn", steps: [Step(.touch(fingers: 2)), Step(.rotate(.clockwise, angle: 45))]))
    list.append(GestureSequence(name: "three-up", steps: [Step(.touch(fingers: 3), within: 0.1), Step(.move(.up, distance: .medium)), Step(.lift(nil))]))
    return list
}()
