/// Recognizes two or more fingers turning around their center: the rotation gesture.
///
/// The angle is that of the line from the first finger to the second, in radians, clockwise
/// positive on a screen whose y grows downward, and unwrapped (two turns are 4π). The rotation
/// begins when the fingers have travelled ``GestureSettings/Rotate/minArc`` millimeters around
/// their center (angle × half the spread), so a wide grip begins at a smaller angle than a
/// narrow one, then reports the angle every frame and `ended` at the last lift. By default it
/// recognizes together with ``PinchRecognizer`` (see ``ArenaSettings``).
public struct RotateRecognizer: Sendable {
    /// The recognizer's states.
    ///
    /// Allowed transitions:
    /// - `idle → possible`: a finger went down with none down before.
    /// - `possible → began`: two or more fingers turned past the slop.
    /// - `possible → failed`: every finger lifted first (with one finger only: too few
    ///   fingers), a contact was cancelled, or the arena gave the sequence to another recognizer.
    /// - `began → ended`: the last finger lifted (or a contact was cancelled: `cancelled`).
    /// - `ended → idle`, `failed → idle`: no finger is down.
    public typealias State = ContinuousGestureState

    /// The thresholds in use.
    public var settings: GestureSettings.Rotate
    /// The current state.
    public var state: State { machine.state }
    /// Every state change, when recording is switched on.
    public var log: TransitionLog<State> {
        get { machine.log }
        set { machine.log = newValue }
    }
    private var machine = TwoFingerMachine(.rotate)

    /// A recognizer with these thresholds (the defaults unless given).
    public init(settings: GestureSettings.Rotate = .init()) {
        self.settings = settings
    }

    /// Updates the recognizer with a frame already applied to `contacts` and to `spread`
    /// (shared with the other two-finger recognizer, measured once per frame).
    mutating func handle(time: Double, contacts: ContactTable, spread: SpreadTracker,
                         emit: (GestureEvent.Kind) -> Void) {
        machine.handle(time: time, contacts: contacts, spread: spread, measured: spread.largestArc,
                       limit: settings.minArc, emit: emit) { phase in
            .rotate(.init(phase: phase, fingers: contacts.contacts.count, focus: contacts.centroids().current,
                         angle: spread.angle))
        }
    }

    /// Gives up on the sequence because the arena decided so.
    mutating func lose(_ failure: GestureFailure, at time: Double) { machine.lose(failure, at: time) }
}

extension RotateRecognizer: Recognizer {
    static let name = RecognizerName.rotate

    /// Frames with two or more fingers, the edges of a sequence, and every frame once begun: it waits, undecided, through frames with fewer fingers.
    func wants(_ frame: FrameFacts) -> Bool { frame.edge || frame.twoOrMore || state == .began }

    mutating func handle(time: Double, contacts: ContactTable, surface: Surface, spread: SpreadTracker,
                         emit: (GestureEvent.Kind, Bool) -> Void) {
        handle(time: time, contacts: contacts, spread: spread) { emit($0, true) }
    }

    mutating func lose(_ failure: GestureFailure, at time: Double, emit: (GestureEvent.Kind) -> Void) {
        lose(failure, at: time)
    }
}
