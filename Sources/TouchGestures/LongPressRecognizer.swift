/// Recognizes fingers held still for ``GestureSettings/LongPress/minDuration`` seconds.
///
/// The press begins at the deadline's own time (first touch-down + `minDuration`), whether a
/// frame or ``GestureEngine/advance(to:emit:)`` is what shows that the time has passed, so the
/// result does not depend on the frame rate. Until then no finger may travel more than
/// ``GestureSettings/LongPress/maxMovement`` (mm). Once begun, every frame reports `changed`
/// (the fingers may move freely) and the last lift reports `ended`.
public struct LongPressRecognizer: Sendable {
    /// The recognizer's states.
    ///
    /// Allowed transitions:
    /// - `idle → possible`: a finger went down with none down before.
    /// - `possible → began`: the long-press time passed with every finger within the movement limit.
    /// - `possible → failed`: a finger moved too far, every finger lifted early, a contact was
    ///   cancelled, or the arena gave the sequence to another recognizer.
    /// - `began → ended`: the last finger lifted (or a contact was cancelled: `cancelled`).
    /// - `ended → idle`, `failed → idle`: no finger is down.
    public typealias State = ContinuousGestureState

    /// The thresholds in use.
    public var settings: GestureSettings.LongPress
    /// The current state.
    public private(set) var state: State = .idle
    /// Every state change, when recording is switched on.
    public var log = TransitionLog<State>()
    private var reported = (position: Point.zero, fingers: 0)

    /// A recognizer with these thresholds (the defaults unless given).
    public init(settings: GestureSettings.LongPress = .init()) {
        self.settings = settings
    }

    private mutating func move(to next: State, at time: Double) {
        log.record(time: time, from: state, to: next)
        state = next
    }

    private mutating func report(_ phase: GesturePhase, time: Double, contacts: ContactTable) -> GestureEvent.Kind {
        let position = contacts.centroids().current
        reported = (position, contacts.contacts.count)
        return .longPress(.init(phase: phase, fingers: contacts.contacts.count, position: position,
                                duration: time - contacts.sequenceStart))
    }

    /// When the press is held long enough (seconds), while it is possible and a finger is down.
    func deadline(_ contacts: ContactTable) -> Double? {
        state == .possible && contacts.activeCount > 0 ? contacts.sequenceStart + settings.minDuration : nil
    }

    /// Fires the long-press deadline if it has passed by `time`; the report carries the
    /// deadline's time.
    mutating func advance(to time: Double, contacts: ContactTable, emit: (Double, GestureEvent.Kind) -> Void) {
        guard state == .possible, contacts.activeCount > 0 else { return }
        let deadline = contacts.sequenceStart + settings.minDuration
        guard TouchEvent.reached(time, deadline) else { return }
        move(to: .began, at: deadline)
        emit(deadline, report(.began, time: deadline, contacts: contacts))
    }

    /// Updates the recognizer with a frame already applied to its contacts.
    mutating func handle(_ frame: inout RecognizerFrame, into reports: inout Outbox) {
        let time = frame.time, contacts = frame.contacts
        if contacts.sequenceBegan, state == .idle { move(to: .possible, at: time) }
        switch state {
        case .possible:
            let travel = contacts.maxTravel()
            var failure: GestureFailure?
            if contacts.cancelledInFrame {
                failure = GestureFailure(.cancelled)
            } else if travel > settings.maxMovement {
                failure = GestureFailure(.moved, measured: travel, limit: settings.maxMovement)
            } else if contacts.sequenceEnded {
                failure = GestureFailure(.releasedEarly, measured: time - contacts.sequenceStart,
                                         limit: settings.minDuration)
            }
            if let failure {
                move(to: .failed(failure), at: time)
                reports.put(.failed(recognizer: .longPress, reason: failure))
            }
        case .began:
            if contacts.cancelledInFrame {
                move(to: .ended, at: time)
                reports.put(report(.cancelled, time: time, contacts: contacts))
            } else if contacts.sequenceEnded {
                move(to: .ended, at: time)
                reports.put(report(.ended, time: time, contacts: contacts))
            } else if contacts.centroids().current != reported.position || contacts.contacts.count != reported.fingers {
                reports.put(report(.changed, time: time, contacts: contacts))
            }
        case .idle, .ended, .failed:
            break
        }
        if contacts.sequenceEnded, state != .idle { move(to: .idle, at: time) }
    }
}

extension LongPressRecognizer: Recognizer {
    static let name = RecognizerName.longPress

    /// Every frame: the press may move, lift or be held.
    func wants(_ frame: FrameFacts) -> Bool { true }

    mutating func lose(_ failure: GestureFailure, at time: Double, into reports: inout Outbox) {
        if state == .possible || state == .began { move(to: .failed(failure), at: time) }
    }
}
