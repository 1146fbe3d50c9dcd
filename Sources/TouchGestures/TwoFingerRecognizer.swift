/// Recognizes two or more fingers moving together by what `Measure` measures: their spread
/// (``PinchRecognizer``) or the arc they turn (``RotateRecognizer``). The two gestures share
/// this one state machine and differ only in the measure and the report.
///
/// The gesture begins when the measure reaches its threshold (in millimeters) with two or more
/// fingers down, then reports every frame and `ended` at the last lift. By default the two
/// recognize together (see ``ArenaSettings``).
public struct TwoFingerRecognizer<Measure: TwoFingerMeasure>: Sendable {
    /// The recognizer's states.
    ///
    /// Allowed transitions:
    /// - `idle → possible`: a finger went down with none down before.
    /// - `possible → began`: two or more fingers moved past the threshold.
    /// - `possible → failed`: every finger lifted first (with one finger only: too few
    ///   fingers), a contact was cancelled, or the arena gave the sequence to another recognizer.
    /// - `began → ended`: the last finger lifted (or a contact was cancelled: `cancelled`).
    /// - `ended → idle`, `failed → idle`: no finger is down.
    public typealias State = ContinuousGestureState

    /// The thresholds in use.
    public var settings: Measure.Settings
    /// The current state.
    public private(set) var state: State = .idle
    /// Every state change, when recording is switched on.
    public var log = TransitionLog<State>()

    /// A recognizer with these thresholds.
    public init(settings: Measure.Settings) {
        self.settings = settings
    }

    private mutating func move(to next: State, at time: Double) {
        log.record(time: time, from: state, to: next)
        state = next
    }
}

/// What a ``TwoFingerRecognizer`` measures, and so which gesture it is: ``PinchMeasure`` or
/// ``RotateMeasure``.
public protocol TwoFingerMeasure: Sendable {
    /// The gesture's thresholds, in ``GestureSettings``.
    associatedtype Settings: Hashable & Sendable
}

/// How a measure judges a frame, inside the engine (the public protocol names only its
/// settings).
protocol SpreadMeasure: TwoFingerMeasure {
    /// The recognizer's name in the arena.
    static var name: RecognizerName { get }
    /// The threshold in `settings`, in millimeters.
    static func threshold(_ settings: Settings) -> Double
    /// The gesture's largest movement so far, in millimeters.
    static func movement(_ spread: SpreadTracker) -> Double
    /// The report of the gesture in `phase`.
    static func report(_ phase: GesturePhase, contacts: ContactTable, spread: SpreadTracker) -> GestureEvent.Kind
}

extension TwoFingerRecognizer: Recognizer where Measure: SpreadMeasure {
    static var name: RecognizerName { Measure.name }

    /// Frames with two or more fingers, the edges of a sequence, and every frame once begun: it
    /// waits, undecided, through frames with fewer fingers.
    func wants(_ frame: FrameFacts) -> Bool { frame.edge || frame.twoOrMore || state == .began }

    mutating func handle(_ frame: inout RecognizerFrame, into reports: inout Outbox) {
        let time = frame.time
        if frame.contacts.sequenceBegan, state == .idle { move(to: .possible, at: time) }
        switch state {
        case .possible:
            let measured = Measure.movement(frame.spread), limit = Measure.threshold(settings)
            var failure: GestureFailure?
            if frame.contacts.cancelledInFrame {
                failure = GestureFailure(.cancelled)
            } else if frame.spread.twoOrMore && measured >= limit {
                move(to: .began, at: time)
                reports.put(Measure.report(.began, contacts: frame.contacts, spread: frame.spread))
                if frame.contacts.sequenceEnded {
                    move(to: .ended, at: time)
                    reports.put(Measure.report(.ended, contacts: frame.contacts, spread: frame.spread))
                }
            } else if frame.contacts.sequenceEnded {
                failure = frame.spread.mostFingers < 2
                    ? GestureFailure(.tooFewFingers, measured: Double(frame.spread.mostFingers), limit: 2)
                    : GestureFailure(.notEnoughMovement, measured: measured, limit: limit)
            }
            if let failure {
                move(to: .failed(failure), at: time)
                reports.put(.failed(recognizer: Measure.name, reason: failure))
            }
        case .began:
            let ends = frame.contacts.cancelledInFrame || frame.contacts.sequenceEnded
            if ends { move(to: .ended, at: time) }
            let phase: GesturePhase = frame.contacts.cancelledInFrame ? .cancelled : ends ? .ended : .changed
            reports.put(Measure.report(phase, contacts: frame.contacts, spread: frame.spread))
        case .idle, .ended, .failed:
            break
        }
        if frame.contacts.sequenceEnded, state != .idle { move(to: .idle, at: time) }
    }

    mutating func lose(_ failure: GestureFailure, at time: Double, into reports: inout Outbox) {
        if state == .possible || state == .began { move(to: .failed(failure), at: time) }
    }
}
