/// Recognizes a one-finger drag across a locked pan's axis: what a list's row follows when it
/// slides over its actions, while the list's pan (its scroll) is locked to the vertical axis.
/// Flutter puts a `Dismissible`'s horizontal drag in the gesture arena beside the list's
/// vertical one in the same way.
///
/// It does not judge the axis itself: a locked pan already decides, where the finger crosses
/// its slop (or by its heading at the decision distance), whether a touch is its own
/// (``PanRecognizer``). The drag claims the touch the pan gave up across its axis
/// (``GestureFailure/Kind/offAxis``), as soon as exactly one finger is down, so that one rule
/// decides between a scroll and a row's drag. It fails when the pan wins (the scroll took the
/// touch), when the pan fails for any other reason (that reason is the drag's), and when the
/// touch ends unclaimed.
///
/// In the arena it recognizes together with every recognizer but the pan: a row that follows
/// the finger leaves the touch's swipe (which the row settles by), its fling and the others as
/// they were. It reports as the other continuous gestures do (``GestureEvent/Drag``): `began`
/// with its claim, `changed` when the first finger moves or the number of fingers changes, and
/// `ended` (or `cancelled`) at the lift, each with the start, the first finger's position and
/// the fingers, so a consumer follows the reports rather than asking the engine after each
/// frame.
///
/// Not enabled by default (``ArenaSettings/enabled``): a list whose rows slide turns it on.
public struct DragRecognizer: Sendable {
    /// The recognizer's states.
    ///
    /// Allowed transitions:
    /// - `idle → possible`: a finger went down with none down before.
    /// - `possible → began`: the locked pan failed across its axis, and one finger is down.
    /// - `possible → failed`: the pan began (the arena rejects the drag), failed for another
    ///   reason, or the touch ended unclaimed.
    /// - `began → ended`: the last finger lifted (its report is `cancelled` when a contact was
    ///   cancelled in that frame; the consumer settles the row either way).
    /// - `ended → idle`, `failed → idle`: no finger is down.
    public typealias State = ContinuousGestureState

    /// The current state.
    public private(set) var state: State = .idle
    /// Every state change, when recording is switched on.
    public var log = TransitionLog<State>()
    /// Where the touch sequence's first finger went down (surface units), while a finger is
    /// down.
    public private(set) var start: Point?
    /// Where the first finger is (surface units): where it was last seen, its lift included.
    public private(set) var position = Point(x: 0, y: 0)
    /// Fingers down after the current frame.
    public private(set) var fingers = 0
    private var firstId = -1
    /// The fewest fingers down in a frame since the pan failed across its axis.
    private var fewest = Int.max
    /// The position and fingers of the last report, so that `changed` is reported only when
    /// either changed.
    private var reported = (position: Point(x: 0, y: 0), fingers: 0)

    /// A drag recognizer (it has no thresholds: the pan's decide).
    public init() {}

    private mutating func move(to next: State, at time: Double) {
        log.record(time: time, from: state, to: next)
        state = next
    }

    /// Updates the recognizer with a frame already applied to its contacts. Its claim depends on
    /// one fact, the frame's ``RecognizerFrame/panFailure`` (a pan that won rejects the drag in
    /// the arena).
    mutating func handle(_ frame: inout RecognizerFrame, into reports: inout Outbox) {
        let time = frame.time, contacts = frame.contacts
        if contacts.sequenceBegan {
            if state != .idle { move(to: .idle, at: time) }
            move(to: .possible, at: time)
            firstId = contacts.sequenceFirstId
            start = nil
            fewest = .max
        }
        // The first finger, as long as it is listed (its lift's frame included).
        for c in contacts.contacts where c.id == firstId {
            if start == nil { start = c.start }
            position = c.position
        }
        let before = fingers
        fingers = contacts.activeCount
        if state == .began {
            if contacts.sequenceEnded {
                reports.put(report(contacts.cancelledInFrame ? .cancelled : .ended, fingers: before))
            } else if position != reported.position || fingers != reported.fingers {
                reports.put(report(.changed, fingers: fingers))
            }
        } else if state == .possible {
            switch frame.panFailure {
            case let f? where f.kind == .offAxis:
                if fingers == 1 {
                    move(to: .began, at: time)
                    reports.put(report(.began, fingers: fingers))
                } else if contacts.sequenceEnded {
                    // The pan gave the touch up only at the lift (its reason is the drag's), or
                    // more fingers than one stayed down after it did.
                    let reason = fewest == .max ? f : GestureFailure(.tooManyFingers, measured: Double(fewest), limit: 1)
                    move(to: .failed(reason), at: time)
                    reports.put(.failed(recognizer: .drag, reason: reason))
                } else {
                    fewest = min(fewest, fingers)
                }
            case let f?:
                move(to: .failed(f), at: time)
                reports.put(.failed(recognizer: .drag, reason: f))
            case nil:
                if contacts.sequenceEnded {
                    let f = GestureFailure(.rejected, rival: .pan)
                    move(to: .failed(f), at: time)
                    reports.put(.failed(recognizer: .drag, reason: f))
                }
            }
        }
        if contacts.sequenceEnded {
            if state == .began { move(to: .ended, at: time) }
            if state != .idle { move(to: .idle, at: time) }
            start = nil
            fingers = 0
        }
    }

    /// A report of the drag in `phase` with `fingers`, remembered as the last one.
    private mutating func report(_ phase: GesturePhase, fingers: Int) -> GestureEvent.Kind {
        reported = (position, fingers)
        return .drag(.init(phase: phase, fingers: fingers, start: start ?? position, position: position))
    }
}

extension DragRecognizer: Recognizer {
    static let name = RecognizerName.drag

    /// Every frame: it follows the first finger.
    func wants(_ frame: FrameFacts) -> Bool { true }

    mutating func lose(_ failure: GestureFailure, at time: Double, into reports: inout Outbox) {
        if state == .possible || state == .began { move(to: .failed(failure), at: time) }
    }
}
