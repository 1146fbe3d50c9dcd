/// Recognizes a drag: the fingers' center moving more than ``GestureSettings/Pan/minDistance``.
///
/// The pan reports its translation (movement of the fingers' center since touch-down, in
/// surface units) as `began`, then `changed` every frame it moves, then `ended` at the last
/// lift with the velocity at the lift (mean of the lifting fingers' tracked velocities, units/s).
/// The translation adds up, frame by frame, the mean movement of the fingers that were already
/// down, so fingers joining or leaving do not make it jump.
///
/// A pan locked to an axis (``GestureSettings/Pan/axis``; a list's scroll is vertical) decides
/// when it passes its slop: movement across the axis more than ``GestureSettings/Pan/axisBias``
/// times the movement along it makes it fail, leaving the touch to, say, a row's swipe.
public struct PanRecognizer: Sendable {
    /// The recognizer's states.
    ///
    /// Allowed transitions:
    /// - `idle → possible`: a finger went down with none down before.
    /// - `possible → began`: the center moved past the slop (and along the locked axis, if any).
    /// - `possible → failed`: the pan started across its locked axis, a contact was cancelled,
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

    private var translation = Point.zero
    private var longest = 0.0              // longest translation so far, mm
    private var reportedTranslation = Point.zero
    private var reportedFingers = 0

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
    }

    /// Updates the recognizer with a frame already applied to `contacts`.
    mutating func handle(time: Double, contacts: ContactTable, surface: Surface,
                         emit: (GestureEvent.Kind) -> Void) {
        if contacts.sequenceBegan, state == .idle || state == .ended {
            move(to: .possible, at: time)
            translation = .zero
            longest = 0
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

        if state == .possible {
            var failure: GestureFailure?
            if contacts.cancelledInFrame {
                failure = GestureFailure(.cancelled)
            } else if distance >= settings.minDistance {
                if let vertical = lockedVertical {
                    let along = vertical ? abs(mm.y) : abs(mm.x)
                    let across = vertical ? abs(mm.x) : abs(mm.y)
                    if across > settings.axisBias * along {
                        failure = GestureFailure(.offAxis, measured: along > 0 ? min(across / along, 999) : 999,
                                                 limit: settings.axisBias)
                    }
                }
                if failure == nil {
                    move(to: .began, at: time)
                    emit(report(.began, contacts: contacts))
                }
            } else if contacts.sequenceEnded {
                failure = GestureFailure(.notEnoughMovement, measured: longest, limit: settings.minDistance)
            }
            if let failure {
                move(to: .failed(failure), at: time)
                emit(.failed(recognizer: .pan, reason: failure))
            }
            if state == .began, contacts.sequenceEnded {
                move(to: .ended, at: time)
                emit(report(contacts.cancelledInFrame ? .cancelled : .ended, contacts: contacts))
            }
        } else if contacts.cancelledInFrame || contacts.sequenceEnded {
            move(to: .ended, at: time)
            emit(report(contacts.cancelledInFrame ? .cancelled : .ended, contacts: contacts))
        } else if translation != reportedTranslation || count != reportedFingers {
            emit(report(.changed, contacts: contacts))
        }
        if contacts.sequenceEnded, state != .idle { move(to: .idle, at: time) }
    }

    private mutating func report(_ phase: GesturePhase, contacts: ContactTable) -> GestureEvent.Kind {
        reportedTranslation = translation
        reportedFingers = contacts.contacts.count
        return .pan(.init(phase: phase, fingers: contacts.contacts.count, position: contacts.centroids().current,
                   translation: translation,
                   velocity: phase == .ended || phase == .cancelled ? contacts.meanVelocity() : nil))
    }

    /// Gives up on the sequence because the arena decided so.
    mutating func lose(_ failure: GestureFailure, at time: Double) {
        if state == .possible || state == .began { move(to: .failed(failure), at: time) }
    }
}

extension PanRecognizer: Recognizer {
    static let name = RecognizerName.pan

    /// Every frame: the fingers move the pan.
    func wants(_ frame: FrameFacts) -> Bool { true }

    mutating func handle(time: Double, contacts: ContactTable, surface: Surface, spread: SpreadTracker,
                         emit: (GestureEvent.Kind, Bool) -> Void) {
        handle(time: time, contacts: contacts, surface: surface) { emit($0, true) }
    }

    mutating func lose(_ failure: GestureFailure, at time: Double, emit: (GestureEvent.Kind) -> Void) {
        lose(failure, at: time)
    }
}
