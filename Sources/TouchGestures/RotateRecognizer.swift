/// Recognizes two or more fingers turning around their center: the rotation gesture.
///
/// The angle is that of the line from the first finger to the second, in radians, clockwise
/// positive on a screen whose y grows downward, and unwrapped (two turns are 4π). The rotation
/// begins when the fingers have travelled ``GestureSettings/Rotate/minArc`` millimeters around
/// their center (angle × half the spread), so a wide grip begins at a smaller angle than a
/// narrow one, then reports the angle every frame and `ended` at the last lift. By default it
/// recognizes together with ``PinchRecognizer`` (see ``ArenaSettings``).
public typealias RotateRecognizer = TwoFingerRecognizer<RotateMeasure>

/// The rotation's measure: the arc the fingers turned around their center, in millimeters,
/// against ``GestureSettings/Rotate/minArc``.
public enum RotateMeasure: TwoFingerMeasure {
    /// The rotation's thresholds.
    public typealias Settings = GestureSettings.Rotate
}

extension RotateMeasure: SpreadMeasure {
    static var name: RecognizerName { .rotate }
    static func threshold(_ settings: Settings) -> Double { settings.minArc }
    static func movement(_ spread: SpreadTracker) -> Double { spread.largestArc }
    static func report(_ phase: GesturePhase, contacts: ContactTable, spread: SpreadTracker) -> GestureEvent.Kind {
        .rotate(.init(phase: phase, fingers: contacts.contacts.count, focus: contacts.centroids().current,
                      angle: spread.angle))
    }
}
