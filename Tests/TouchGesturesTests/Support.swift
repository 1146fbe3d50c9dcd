import TouchGestures
import TouchTestSupport

/// Runs `events` through an engine with transition logs on; returns the engine and its output.
/// `prepare` changes the engine before the first event (a recognizer set by hand, say).
func replay(_ events: [TouchEvent], surface: Surface = panel,
            settings: GestureSettings = .init(), explain: Bool = false, finish: Bool = true,
            prepare: (inout GestureEngine) -> Void = { _ in })
    -> (engine: GestureEngine, output: [GestureEvent]) {
    var engine = GestureEngine(settings: settings, surface: surface)
    prepare(&engine)
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


/// A recognizer's state that can say the failure it holds.
protocol FailingState: Hashable, Sendable {
    var failure: GestureFailure? { get }
}

extension DiscreteGestureState: FailingState {
    var failure: GestureFailure? { if case .failed(let f) = self { f } else { nil } }
}

extension TapRecognizer.State: FailingState {
    var failure: GestureFailure? { if case .failed(let f) = self { f } else { nil } }
}

/// The first change a recognizer's log records after its touch-down: when it was, and the failure
/// if the recognizer failed there (`nil`: it recognized or waited). `nil` when there is none.
func firstDecision<S: FailingState>(_ log: TransitionLog<S>) -> (time: Double, failure: GestureFailure?)? {
    log.entries.dropFirst().first.map { ($0.time, $0.to.failure) }
}

/// The swipes among `out`.
func swipes(_ out: [GestureEvent]) -> [GestureEvent.Swipe] {
    out.compactMap { if case .swipe(let w) = $0.kind { w } else { nil } }
}

/// Whether `out` reports a tap.
func hasTap(_ out: [GestureEvent]) -> Bool { out.contains { if case .tap = $0.kind { true } else { false } } }
