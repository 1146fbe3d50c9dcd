/// The states of a recognizer whose gesture lasts: long press, pan, pinch, rotation. Each
/// recognizer documents, on its `State`, which transitions it makes and why.
public enum ContinuousGestureState: Hashable, Sendable, CustomStringConvertible {
    case idle
    case possible
    case began
    case ended
    case failed(GestureFailure)

    /// The value in a few words, for logs and `print`.
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

/// The states of a recognizer whose gesture is one moment: swipe, fling. Each recognizer
/// documents, on its `State`, which transitions it makes and why.
public enum DiscreteGestureState: Hashable, Sendable, CustomStringConvertible {
    case idle
    case possible
    case recognized
    case failed(GestureFailure)

    /// The value in a few words, for logs and `print`.
    public var description: String {
        switch self {
        case .idle: "idle"
        case .possible: "possible"
        case .recognized: "recognized"
        case .failed(let f): "failed(\(f))"
        }
    }
}

/// The state machine pinch and rotation share; they differ only in what they measure (the
/// spread's change or the arc turned, in millimeters) and what they report.
struct TwoFingerMachine: Sendable {
    typealias State = ContinuousGestureState
    let recognizer: RecognizerName
    private(set) var state: State = .idle
    var log = TransitionLog<State>()

    init(_ recognizer: RecognizerName) { self.recognizer = recognizer }

    private mutating func move(to next: State, at time: Double) {
        log.record(time: time, from: state, to: next)
        state = next
    }

    /// One frame: `measured` is the gesture's largest movement so far (mm), `limit` its slop
    /// (mm); `report` builds a report for a phase.
    mutating func handle(time: Double, contacts: ContactTable, spread: SpreadTracker, measured: Double,
                         limit: Double, emit: (GestureEvent.Kind) -> Void,
                         report: (GesturePhase) -> GestureEvent.Kind) {
        if contacts.sequenceBegan, state == .idle { move(to: .possible, at: time) }
        switch state {
        case .possible:
            var failure: GestureFailure?
            if contacts.cancelledInFrame {
                failure = GestureFailure(.cancelled)
            } else if spread.twoOrMore && measured >= limit {
                move(to: .began, at: time)
                emit(report(.began))
                if contacts.sequenceEnded {
                    move(to: .ended, at: time)
                    emit(report(.ended))
                }
            } else if contacts.sequenceEnded {
                failure = spread.mostFingers < 2
                    ? GestureFailure(.tooFewFingers, measured: Double(spread.mostFingers), limit: 2)
                    : GestureFailure(.notEnoughMovement, measured: measured, limit: limit)
            }
            if let failure {
                move(to: .failed(failure), at: time)
                emit(.failed(recognizer: recognizer, reason: failure))
            }
        case .began:
            if contacts.cancelledInFrame || contacts.sequenceEnded {
                move(to: .ended, at: time)
                emit(report(contacts.cancelledInFrame ? .cancelled : .ended))
            } else {
                emit(report(.changed))
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
