internal import CPlatform

/// Recognizes a fling: the last lift of a touch sequence while the fingers still move fast.
///
/// At the lift it takes the mean velocity of the lifting fingers (from their
/// ``VelocityTracker``s, so a finger that stopped before lifting has none), converts it to
/// millimeters per second, and reports a fling when that speed is at least
/// ``GestureSettings/Fling/minVelocity`` and some finger travelled at least
/// ``GestureSettings/Fling/minDistance``; a faster fling is scaled down to
/// ``GestureSettings/Fling/maxVelocity``, keeping its direction.
///
/// The velocity must also agree with where the fingers were heading at their newest samples
/// (``VelocityTracker/recentMotion()``, UIKit's weighting as Flutter ports it): within 90°. A
/// least-squares fit of a stroke that slows to a stop can overshoot past zero and point back
/// the way the finger came; without this test a swipe that ended gently was followed by a
/// small fling against it (``GestureFailure/Kind/againstMotion``).
public struct FlingRecognizer: Sendable {
    /// The recognizer's states.
    ///
    /// Allowed transitions:
    /// - `idle → possible`: a finger went down with none down before.
    /// - `possible → recognized`: the last finger lifted fast enough after travelling far enough.
    /// - `possible → failed`: the lift was too slow or too close to the touch-down, a contact
    ///   was cancelled, or the arena gave the sequence to another recognizer.
    /// - `recognized → idle`, `failed → idle`: no finger is down.
    public typealias State = DiscreteGestureState

    /// The thresholds in use.
    public var settings: GestureSettings.Fling
    /// The current state.
    public private(set) var state: State = .idle
    /// Every state change, when recording is switched on.
    public var log = TransitionLog<State>()

    /// A recognizer with these thresholds (the defaults unless given).
    public init(settings: GestureSettings.Fling = .init()) {
        self.settings = settings
    }

    private mutating func move(to next: State, at time: Double) {
        log.record(time: time, from: state, to: next)
        state = next
    }

    /// Updates the recognizer with a frame already applied to its contacts.
    mutating func handle(_ frame: inout RecognizerFrame, into reports: inout Outbox) {
        let time = frame.time, contacts = frame.contacts, surface = frame.surface
        if contacts.sequenceBegan, state == .idle {
            move(to: .possible, at: time)
        }
        guard state == .possible else {
            if contacts.sequenceEnded, state != .idle { move(to: .idle, at: time) }
            return
        }
        var failure: GestureFailure?
        if contacts.cancelledInFrame {
            failure = GestureFailure(.cancelled)
        } else if contacts.sequenceEnded {
            let travel = contacts.sequenceMaxTravel
            if travel < settings.minDistance {
                failure = GestureFailure(.notEnoughMovement, measured: travel, limit: settings.minDistance)
            } else {
                var velocity = contacts.meanVelocity()
                var speed = surface.millimeters(velocity).length
                let recent = contacts.meanRecentMotion()
                if speed < settings.minVelocity {
                    failure = GestureFailure(.tooSlowToFling, measured: speed, limit: settings.minVelocity)
                } else if let angle = Self.angle(velocity, recent), angle >= 90 {
                    failure = GestureFailure(.againstMotion, measured: angle, limit: 90)
                } else {
                    if speed > settings.maxVelocity {
                        velocity = velocity * (settings.maxVelocity / speed)
                        speed = settings.maxVelocity
                    }
                    move(to: .recognized, at: time)
                    reports.put(.fling(.init(fingers: contacts.sequenceFingers, position: contacts.centroids().current,
                                      velocity: velocity, millimetersPerSecond: speed)))
                }
            }
        }
        if let failure {
            move(to: .failed(failure), at: time)
            reports.put(.failed(recognizer: .fling, reason: failure))
        }
        if contacts.sequenceEnded, state != .idle { move(to: .idle, at: time) }
    }

    /// The angle between `a` and `b`, in degrees (0 … 180); 90 when `b` is zero (no heading
    /// to agree with), `nil` when `a` is zero.
    static func angle(_ a: Point, _ b: Point) -> Double? {
        let la = a.length, lb = b.length
        guard la > 0 else { return nil }
        guard lb > 0 else { return 90 }
        let c = max(-1, min(1, (a.x * b.x + a.y * b.y) / (la * lb)))
        return Angles.acos(c) * 180 / Double.pi
    }
}

extension FlingRecognizer: Recognizer {
    static let name = RecognizerName.fling

    /// The edges of a sequence: it decides at the last lift (the travel it needs is kept by the contact table).
    func wants(_ frame: FrameFacts) -> Bool { frame.edge }

    mutating func lose(_ failure: GestureFailure, at time: Double, into reports: inout Outbox) {
        if state == .possible { move(to: .failed(failure), at: time) }
    }
}
