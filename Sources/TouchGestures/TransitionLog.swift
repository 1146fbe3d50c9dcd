// A recognizer's state changes, kept for tests and logs: every recognizer and the list's state
// machines record their transitions here (a failure's reason is GestureFailure.swift's).

/// One change of a recognizer's state, kept when ``TransitionLog`` recording is on.
public struct Transition<State: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// The timestamp (seconds) of the frame or deadline that caused the change.
    public var time: Double
    /// The state before the change.
    public var from: State
    /// The state after the change.
    public var to: State

    /// A change from `from` to `to` at `time` (seconds).
    public init(time: Double, from: State, to: State) {
        self.time = time
        self.from = from
        self.to = to
    }

    /// The value in a few words, for logs and `print`.
    public var description: String { "\(formatFixed(time, digits: 3)): \(from) → \(to)" }
}

/// A recognizer's ordered state changes; empty and allocation-free unless ``isRecording``.
public struct TransitionLog<State: Hashable & Sendable>: Sendable {
    /// Whether transitions are kept. Off by default so that the hot path never allocates.
    public var isRecording = false
    /// The transitions kept so far, oldest first.
    public private(set) var entries: [Transition<State>] = []

    /// A log that keeps transitions when `recording` is true.
    public init(recording: Bool = false) { isRecording = recording }

    @inlinable package mutating func record(time: Double, from: State, to: State) {
        if isRecording { append(Transition(time: time, from: from, to: to)) }
    }

    @usableFromInline mutating func append(_ t: Transition<State>) { entries.append(t) }

    /// Forgets the transitions kept so far.
    public mutating func clear() { entries.removeAll() }
}
