/// Recognizes two or more fingers moving apart or together: the pinch (scale) gesture.
///
/// The spread is the distance between the fingers (with more than two, twice their mean
/// distance from their center), measured in millimeters. The pinch begins when it has changed
/// by ``GestureSettings/Pinch/minSpanChange`` since two fingers were down, then reports the
/// scale relative to the starting spread every frame, and `ended` at the last lift. By default
/// it recognizes together with ``RotateRecognizer`` (see ``ArenaSettings``).
public struct PinchRecognizer: Sendable {
    /// The recognizer's states.
    ///
    /// Allowed transitions:
    /// - `idle → possible`: a finger went down with none down before.
    /// - `possible → began`: two or more fingers changed their spread past the slop.
    /// - `possible → failed`: every finger lifted first (with one finger only: too few
    ///   fingers), a contact was cancelled, or the arena gave the sequence to another recognizer.
    /// - `began → ended`: the last finger lifted (or a contact was cancelled: `cancelled`).
    /// - `ended → idle`, `failed → idle`: no finger is down.
    public typealias State = ContinuousGestureState

    /// The thresholds in use.
    public var settings: GestureSettings.Pinch
    /// The current state.
    public var state: State { machine.state }
    /// Every state change, when recording is switched on.
    public var log: TransitionLog<State> {
        get { machine.log }
        set { machine.log = newValue }
    }
    private var machine = TwoFingerMachine(.pinch)

    /// A recognizer with these thresholds (the defaults unless given).
    public init(settings: GestureSettings.Pinch = .init()) {
        self.settings = settings
    }

    /// Updates the recognizer with a frame already applied to `contacts` and to `spread`
    /// (shared with the other two-finger recognizer, measured once per frame).
    mutating func handle(time: Double, contacts: ContactTable, spread: SpreadTracker,
                         emit: (GestureEvent.Kind) -> Void) {
        machine.handle(time: time, contacts: contacts, spread: spread, measured: spread.largestSpanChange,
                       limit: settings.minSpanChange, emit: emit) { phase in
            .pinch(.init(phase: phase, fingers: contacts.contacts.count, focus: contacts.centroids().current,
                         scale: spread.scale))
        }
    }

    /// Gives up on the sequence because the arena decided so.
    mutating func lose(_ failure: GestureFailure, at time: Double) { machine.lose(failure, at: time) }
}

extension PinchRecognizer: Recognizer {
    static let name = RecognizerName.pinch

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
