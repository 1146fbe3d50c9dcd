/// Recognizes two or more fingers moving apart or together: the pinch (scale) gesture.
///
/// The spread is the distance between the fingers (with more than two, twice their mean
/// distance from their center), measured in millimeters. The pinch begins when it has changed
/// by ``GestureSettings/Pinch/minSpanChange`` since two fingers were down, then reports the
/// scale relative to the starting spread every frame, and `ended` at the last lift. By default
/// it recognizes together with ``RotateRecognizer`` (see ``ArenaSettings``).
public typealias PinchRecognizer = TwoFingerRecognizer<PinchMeasure>

/// The pinch's measure: how much the spread of the fingers changed, in millimeters, against
/// ``GestureSettings/Pinch/minSpanChange``.
public enum PinchMeasure: TwoFingerMeasure {
    /// The pinch's thresholds.
    public typealias Settings = GestureSettings.Pinch
}

extension PinchMeasure: SpreadMeasure {
    static var name: RecognizerName { .pinch }
    static func threshold(_ settings: Settings) -> Double { settings.minSpanChange }
    static func movement(_ spread: SpreadTracker) -> Double { spread.largestSpanChange }
    static func report(_ phase: GesturePhase, contacts: ContactTable, spread: SpreadTracker) -> GestureEvent.Kind {
        .pinch(.init(phase: phase, fingers: contacts.contacts.count, focus: contacts.centroids().current,
                     scale: spread.scale))
    }
}
