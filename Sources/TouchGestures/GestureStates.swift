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
