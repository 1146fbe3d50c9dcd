/// Recognizes a drag: the fingers' center moving more than ``GestureSettings/Pan/minDistance``.
///
/// The pan reports its translation (movement of the fingers' center since touch-down, in
/// surface units) as `began`, then `changed` every frame it moves, then `ended` at the last
/// lift with the velocity at the lift (mean of the lifting fingers' tracked velocities, units/s).
/// The translation adds up, frame by frame, the mean movement of the fingers that were already
/// down, so fingers joining or leaving do not make it jump.
///
/// A pan locked to an axis (``GestureSettings/Pan/axis``; a list's scroll is vertical) decides
/// whether the touch is its own. Where the fingers cross the slop (interpolated between
/// frames), movement along the axis at least ``GestureSettings/Pan/axisBias`` times the movement
/// across it begins the pan at once, and movement across it at least `axisBias` times the
/// movement along it makes the pan fail at once. Any other stroke decides when the fingers are
/// ``GestureSettings/Pan/axisDecisionDistance`` from touch-down (or lift, if sooner), by its
/// heading since the slop: more along the axis than across begins the pan, more across makes
/// it fail, leaving the touch to, say, a row's swipe. With no decision distance, the slop
/// decides alone: more than `axisBias` times as much across as along fails, anything else begins.
public struct PanRecognizer: Sendable {
    /// The recognizer's states.
    ///
    /// Allowed transitions:
    /// - `idle → possible`: a finger went down with none down before.
    /// - `possible → began`: the center moved past the slop (and along the locked axis, if any:
    ///   clearly at the slop, or by its heading at the decision distance or the lift).
    /// - `possible → failed`: the pan went across its locked axis, a contact was cancelled,
    ///   every finger lifted short of the slop, or the arena gave the sequence to another
    ///   recognizer.
    /// - `began → ended`: the last finger lifted (or a contact was cancelled: `cancelled`).
    /// - `ended → idle`, `failed → idle`: no finger is down.
    public typealias State = ContinuousGestureState

    /// The thresholds in use.
    public var settings: GestureSettings.Pan
    /// The axis in force: `nil` free, `true` vertical, `false` horizontal (``GestureSettings/PanAxis/automatic``
    /// resolved by the engine).
    public internal(set) var lockedVertical: Bool?
    /// The current state.
    public private(set) var state: State = .idle
    /// Every state change, when recording is switched on.
    public var log = TransitionLog<State>()
    /// Why the pan failed in the current (or last) touch sequence, if it did: kept after its
    /// state returns to `idle` at the lift, for the drag that claims what it gives up.
    private(set) var sequenceFailure: GestureFailure?

    private var translation = Point.zero
    private var longest = 0.0              // longest translation so far, mm
    private var previousMM = Point.zero    // the translation at the frame before, mm
    /// Where (mm from touch-down) a locked pan crossed its slop without favoring its axis
    /// clearly: it decides later, by the heading from here.
    private var slopPoint: Point?
    private var reportedTranslation = Point.zero
    private var reportedFingers = 0

    /// A recognizer with these thresholds (the defaults unless given).
    public init(settings: GestureSettings.Pan = .init()) {
        self.settings = settings
        switch settings.axis {
        case .automatic, .free: lockedVertical = nil
        case .vertical: lockedVertical = true
        case .horizontal: lockedVertical = false
        }
    }

    private mutating func move(to next: State, at time: Double) {
        log.record(time: time, from: state, to: next)
        state = next
        if case .failed(let f) = next { sequenceFailure = f }
    }

    /// Updates the recognizer with a frame already applied to its contacts.
    mutating func handle(_ frame: inout RecognizerFrame, into reports: inout Outbox) {
        let time = frame.time, contacts = frame.contacts, surface = frame.surface
        if contacts.sequenceBegan { sequenceFailure = nil }
        if contacts.sequenceBegan, state == .idle || state == .ended {
            move(to: .possible, at: time)
            translation = .zero
            longest = 0
            previousMM = .zero
            slopPoint = nil
        }
        guard state == .possible || state == .began else {
            if contacts.sequenceEnded, state != .idle { move(to: .idle, at: time) }
            return
        }
        let count = contacts.contacts.count
        translation = translation + contacts.centerStep()
        let mm = surface.millimeters(translation)
        let distance = mm.length
        if distance > longest { longest = distance }

        let before = previousMM
        previousMM = mm
        if state == .possible {
            var failure: GestureFailure?
            var begins = false
            if contacts.cancelledInFrame {
                failure = GestureFailure(.cancelled)
            } else if let vertical = lockedVertical, distance >= settings.minDistance || slopPoint != nil {
                failure = decideAxis(vertical: vertical, before: before, now: mm, ended: contacts.sequenceEnded,
                                     begins: &begins)
            } else if distance >= settings.minDistance {
                begins = true
            } else if contacts.sequenceEnded {
                failure = GestureFailure(.notEnoughMovement, measured: longest, limit: settings.minDistance)
            }
            if begins {
                move(to: .began, at: time)
                reports.put(report(.began, contacts: contacts))
            }
            if let failure {
                move(to: .failed(failure), at: time)
                reports.put(.failed(recognizer: .pan, reason: failure))
            }
            if state == .began, contacts.sequenceEnded {
                move(to: .ended, at: time)
                reports.put(report(contacts.cancelledInFrame ? .cancelled : .ended, contacts: contacts))
            }
        } else if contacts.cancelledInFrame || contacts.sequenceEnded {
            move(to: .ended, at: time)
            reports.put(report(contacts.cancelledInFrame ? .cancelled : .ended, contacts: contacts))
        } else if translation != reportedTranslation || count != reportedFingers {
            reports.put(report(.changed, contacts: contacts))
        }
        if contacts.sequenceEnded, state != .idle { move(to: .idle, at: time) }
    }

    /// A locked pan's decision in a frame at or past its slop (`before` and `now`: the
    /// translation at the frame before and at this one, mm): a failure, or `begins` set, or
    /// neither (it waits for the decision distance). See the type's description.
    private mutating func decideAxis(vertical: Bool, before: Point, now: Point, ended: Bool,
                                     begins: inout Bool) -> GestureFailure? {
        func split(_ p: Point) -> (along: Double, across: Double) {
            vertical ? (abs(p.y), abs(p.x)) : (abs(p.x), abs(p.y))
        }
        let bias = settings.axisBias
        guard let slop = slopPoint else {
            // First past the slop in this frame: judged where the stroke crossed it.
            let at = Self.crossing(settings.minDistance, from: before, to: now)
            let (along, across) = split(at)
            guard let decision = settings.axisDecisionDistance else {
                if across > bias * along {
                    return GestureFailure(.offAxis, measured: along > 0 ? min(across / along, 999) : 999, limit: bias)
                }
                begins = true
                return nil
            }
            if along >= bias * across {
                begins = true
                return nil
            }
            if across >= bias * along {
                return GestureFailure(.offAxis, measured: along > 0 ? min(across / along, 999) : 999, limit: bias)
            }
            slopPoint = at
            // The decision distance may have been crossed in the same frame.
            return now.length >= decision || ended
                ? decideAxis(vertical: vertical, before: at, now: now, ended: ended, begins: &begins) : nil
        }
        let decision = settings.axisDecisionDistance ?? settings.minDistance
        guard now.length >= decision || ended else { return nil }
        let at = now.length >= decision ? Self.crossing(decision, from: before, to: now) : now
        let (along, across) = split(at - slop)
        slopPoint = nil
        if across > along {
            return GestureFailure(.offAxis, measured: along > 0 ? min(across / along, 999) : 999, limit: 1)
        }
        begins = true
        return nil
    }

    /// The point where the segment from `a` to `b` (mm from touch-down) first reaches
    /// `radius` mm from touch-down; `b` when `a` is already there.
    static func crossing(_ radius: Double, from a: Point, to b: Point) -> Point {
        let la = a.length, lb = b.length
        guard la < radius, lb > la else { return b }
        return a + (b - a) * ((radius - la) / (lb - la))
    }

    private mutating func report(_ phase: GesturePhase, contacts: ContactTable) -> GestureEvent.Kind {
        reportedTranslation = translation
        reportedFingers = contacts.contacts.count
        return .pan(.init(phase: phase, fingers: contacts.contacts.count, position: contacts.centroids().current,
                   translation: translation,
                   velocity: phase == .ended || phase == .cancelled ? contacts.meanVelocity() : nil))
    }
}

extension PanRecognizer: Recognizer {
    static let name = RecognizerName.pan

    /// Every frame: the fingers move the pan.
    func wants(_ frame: FrameFacts) -> Bool { true }

    mutating func lose(_ failure: GestureFailure, at time: Double, into reports: inout Outbox) {
        if state == .possible || state == .began { move(to: .failed(failure), at: time) }
    }
}
