/// Recognises two or more fingers turning around their centre: the rotation gesture.
///
/// The angle is that of the line from the first finger to the second, in radians, clockwise
/// positive on a screen whose y grows downward, and unwrapped (two turns are 4π). The rotation
/// begins when the fingers have travelled ``GestureSettings/Pinch/minArc`` millimetres around
/// their centre (angle × half the spread), so a wide grip begins at a smaller angle than a
/// narrow one, then reports the angle every frame and `ended` at the last lift. By default it
/// recognises together with ``PinchRecognizer`` (see ``ArenaSettings``).
public struct RotationRecognizer: Sendable {
    /// The recognizer's states.
    ///
    /// Allowed transitions:
    /// - `idle → possible`: a finger went down with none down before.
    /// - `possible → began`: two or more fingers turned past the slop.
    /// - `possible → failed`: every finger lifted first (with one finger only: too few
    ///   fingers), a contact was cancelled, or the arena gave the sequence to another recognizer.
    /// - `began → ended`: the last finger lifted (or a contact was cancelled: `cancelled`).
    /// - `ended → idle`, `failed → idle`: no finger is down.
    public enum State: Hashable, Sendable, CustomStringConvertible {
        case idle
        case possible
        case began
        case ended
        case failed(GestureFailure)

        public var description: String {
            switch self {
            case .idle: "idle"
            case .possible: "possible"
            case .began: "began"
            case .ended: "ended"
            case .failed(let f): "failed(\(f))"
            }
        }
    }

    /// The thresholds in use.
    public var settings: GestureSettings.Pinch
    /// The current state.
    public private(set) var state: State = .idle
    /// Every state change, when recording is switched on.
    public var log = TransitionLog<State>()

    public init(settings: GestureSettings.Pinch = .init()) {
        self.settings = settings
    }

    private mutating func move(to next: State, at time: Double) {
        log.record(time: time, from: state, to: next)
        state = next
    }

    private func report(_ phase: GesturePhase, contacts: ContactTable, spread: SpreadTracker) -> GestureEvent.Kind {
        .rotate(.init(phase: phase, fingers: contacts.contacts.count, focus: contacts.centroids().current,
                      angle: spread.angle))
    }

    /// Updates the recognizer with a frame already applied to `contacts` and to `spread`
    /// (shared with the other two-finger recognizer, measured once per frame).
    mutating func handle(time: Double, contacts: ContactTable, spread: SpreadTracker, surface: Surface,
                         emit: (GestureEvent.Kind) -> Void) {
        if contacts.sequenceBegan, state == .idle { move(to: .possible, at: time) }
        switch state {
        case .possible:
            let two = spread.twoOrMore
            var failure: GestureFailure?
            if contacts.cancelledInFrame {
                failure = GestureFailure(.cancelled)
            } else if two && spread.largestArc >= settings.minArc {
                move(to: .began, at: time)
                emit(report(.began, contacts: contacts, spread: spread))
                if contacts.sequenceEnded {
                    move(to: .ended, at: time)
                    emit(report(.ended, contacts: contacts, spread: spread))
                }
            } else if contacts.sequenceEnded {
                failure = spread.mostFingers < 2
                    ? GestureFailure(.tooFewFingers, measured: Double(spread.mostFingers), limit: 2)
                    : GestureFailure(.notEnoughMovement, measured: spread.largestArc, limit: settings.minArc)
            }
            if let failure {
                move(to: .failed(failure), at: time)
                emit(.failed(recognizer: .rotate, reason: failure))
            }
        case .began:
            if contacts.cancelledInFrame || contacts.sequenceEnded {
                move(to: .ended, at: time)
                emit(report(contacts.cancelledInFrame ? .cancelled : .ended, contacts: contacts, spread: spread))
            } else {
                emit(report(.changed, contacts: contacts, spread: spread))
            }
        case .idle, .ended, .failed:
            break
        }
        if contacts.sequenceEnded, state != .idle { move(to: .idle, at: time) }
    }

    /// Gives up on the sequence because the arena decided so.
    mutating func lose(_ failure: GestureFailure, at time: Double) {
        if state == .possible || state == .began { move(to: .failed(failure), at: time) }
    }
}
