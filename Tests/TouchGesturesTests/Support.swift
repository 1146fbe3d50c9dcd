import TouchGestures
import TouchTestSupport

/// Runs `events` through an engine with transition logs on; returns the engine and its output.
func replay(_ events: [TouchEvent], surface: Surface = panel,
            settings: GestureSettings = .init(), explain: Bool = false, finish: Bool = true)
    -> (engine: GestureEngine, output: [GestureEvent]) {
    var engine = GestureEngine(settings: settings, surface: surface)
    engine.explain = explain
    engine.swipe.log.isRecording = true
    engine.tap.log.isRecording = true
    engine.longPress.log.isRecording = true
    engine.pan.log.isRecording = true
    engine.pinch.log.isRecording = true
    engine.rotate.log.isRecording = true
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

