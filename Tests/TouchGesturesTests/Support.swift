import TouchGestures

/// Builds event sequences for tests: `down`, `move`, `up`, `cancel` at given times.
struct Script {
    var events: [TouchEvent] = []

    mutating func down(_ t: Double, _ id: Int, _ x: Double, _ y: Double) { add(t, id, .down, x, y) }
    mutating func move(_ t: Double, _ id: Int, _ x: Double, _ y: Double) { add(t, id, .move, x, y) }
    mutating func up(_ t: Double, _ id: Int, _ x: Double, _ y: Double) { add(t, id, .up, x, y) }
    mutating func cancel(_ t: Double, _ id: Int, _ x: Double, _ y: Double) { add(t, id, .cancel, x, y) }

    mutating func add(_ t: Double, _ id: Int, _ phase: TouchPhase, _ x: Double, _ y: Double) {
        events.append(TouchEvent(time: t, id: id, phase: phase, position: Point(x: x, y: y)))
    }
}

/// A 800 × 480 surface at 5 units/mm, as in most golden traces.
let panel = Surface(width: 800, height: 480, unitsPerMillimetre: Point(x: 5, y: 5))
/// Eight rows of 60 units.
let eightRows = ListLayout(rows: 8, rowHeight: 60, width: 800, height: 480)

/// Runs `events` through an engine with transition logs on; returns the engine and its output.
func replay(_ events: [TouchEvent], surface: Surface = panel, list: ListModel? = nil,
            settings: GestureSettings = .init(), explain: Bool = false, finish: Bool = true)
    -> (engine: GestureEngine, output: [GestureEvent]) {
    var engine = GestureEngine(settings: settings, surface: surface, list: list)
    engine.explain = explain
    engine.swipe.log.isRecording = true
    engine.tap.log.isRecording = true
    engine.longPress.log.isRecording = true
    engine.pan.log.isRecording = true
    engine.pinch.log.isRecording = true
    engine.rotation.log.isRecording = true
    engine.fling.log.isRecording = true
    var out: [GestureEvent] = []
    var assembler = FrameAssembler()
    for e in events { assembler.add(e) { engine.handle($0) { out.append($0) } } }
    assembler.flush { engine.handle($0) { out.append($0) } }
    if finish { engine.finish { out.append($0) } }
    return (engine, out)
}

/// Default settings without the long press: for tests of another recognizer's time limits,
/// which a still finger would otherwise lose to the long press at 0.5 s.
let withoutLongPress: GestureSettings = {
    var s = GestureSettings()
    s.arena.enabled.remove(RecognizerSet(.longPress))
    return s
}()

/// Transition shorthand: (time, from, to).
func tr<S>(_ t: Double, _ from: S, _ to: S) -> Transition<S> { Transition(time: t, from: from, to: to) }
