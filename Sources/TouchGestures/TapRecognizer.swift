/// Recognizes single and multiple taps with one or more fingers.
///
/// A *press* lasts from the first finger down to the last finger up. It is a tap when no
/// finger travels more than ``GestureSettings/Tap/maxMovement`` (or, in its last
/// ``GestureSettings/Tap/liftRollTime`` before the lift, more than
/// ``GestureSettings/Tap/liftRollMovement``: a fingertip rolling off as it lifts) and it lasts at most
/// ``GestureSettings/Tap/maxDuration`` (when one is set). Taps whose gap (lift to next touch-down) is shorter than
/// ``GestureSettings/Tap/maxGap`` (a touch-down that reaches lift + gap comes too late: at that
/// time the taps are reported, as the engine's deadline promises), that land within ``GestureSettings/Tap/maxSpacing`` of the
/// first and use as many fingers count as one multiple tap. The count is reported once: at
/// once when it reaches ``GestureSettings/Tap/maxCount``, otherwise when the gap has passed
/// with no further touch (at the deadline's own time, lift + gap, so the result does not
/// depend on the frame rate), or when the next touch turns out not to be a tap. A finger that
/// joins a press and lifts within ``GestureSettings/Tap/minFingerTime`` while another holds it
/// is no finger of the press: it is reported at its lift as a one-finger tap where it landed.
public struct TapRecognizer: Sendable {
    /// The recognizer's states.
    ///
    /// Allowed transitions:
    /// - `idle → pressed(1)`: a finger went down with none down before.
    /// - `pressed(n) → waiting(n)`: the last finger lifted within the limits, `n < maxCount`.
    /// - `pressed(n) → recognized(n)`: the last finger lifted within the limits, `n == maxCount`.
    /// - `waiting(n) → pressed(n + 1)`: a finger went down within the gap and spacing limits.
    /// - `waiting(n) → recognized(n)`: the gap passed, or a touch landed too far away.
    /// - `pressed(n) → failed`: a finger moved too far (past the slop for longer than the lift
    ///   roll's time, or past the roll's distance), the press lasted too long, or a contact was
    ///   cancelled; taps counted before this press are reported.
    /// - `recognized → idle`, `failed → idle`: no finger is down.
    /// - `recognized(n) → pressed(1)`: a new touch that could not join the previous taps.
    public enum State: Hashable, Sendable, CustomStringConvertible {
        case idle
        case pressed(Int)
        case waiting(Int)
        case recognized(Int)
        case failed(GestureFailure)

        /// The value in a few words, for logs and `print`.
        public var description: String {
            switch self {
            case .idle: "idle"
            case .pressed(let n): "pressed(\(n))"
            case .waiting(let n): "waiting(\(n))"
            case .recognized(let n): "recognized(\(n))"
            case .failed(let f): "failed(\(f))"
            }
        }
    }

    /// The thresholds in use.
    public var settings: GestureSettings.Tap
    /// The current state.
    public private(set) var state: State = .idle
    /// Every state change, when recording is switched on.
    public var log = TransitionLog<State>()

    // The multiple tap being counted.
    private var anchor = Point.zero          // mean touch-down point of the first tap
    private var anchorSum = Point.zero
    private var anchorCount = 0
    private var fingers = 0                  // fingers of the first tap
    private var pressFingers = 0             // most fingers down in the current press
    private var liftTime = 0.0               // when the last counted tap lifted
    private var movedAt: Double?             // when the press passed maxMovement, if it did
    // When the latest finger joined a sequence already begun (any sequence's: an older one
    // only costs a search). No contact younger than it can be a late joiner. Kept here, not in
    // the contact table: a field there took the table past what the engine hands each
    // recognizer in registers (+147 M instructions of memcpy, full engine session, callgrind).
    private var latestJoin = -Double.infinity

    /// A recognizer with these thresholds (the defaults unless given).
    public init(settings: GestureSettings.Tap = .init()) {
        self.settings = settings
    }

    private mutating func move(to next: State, at time: Double) {
        log.record(time: time, from: state, to: next)
        state = next
    }

    /// The report of the counted taps at `time`; leaves the state `recognized`. Whoever takes it
    /// says whether the taps end with the touch sequence now on the surface (a claim the arena
    /// must settle) or with earlier ones, whose arenas have closed.
    private mutating func report(_ count: Int, at time: Double) -> GestureEvent.Kind {
        move(to: .recognized(count), at: time)
        return .tap(.init(position: anchor, taps: count, fingers: fingers))
    }

    /// True while a press is being counted (the state the recognizer checks every frame in).
    var isPressed: Bool {
        if case .pressed = state { return true }
        return false
    }

    /// When a waiting tap is reported if no further touch comes (seconds), or `nil`.
    var deadline: Double? {
        if case .waiting = state { return liftTime + settings.maxGap }
        return nil
    }

    /// Where the taps being counted landed (the mean touch-down point of the first), while a
    /// press is down or a tap waits for the double-tap window: the point their report will
    /// carry. `nil` when no tap is pending.
    package var pendingPosition: Point? {
        switch state {
        case .pressed, .waiting: anchor
        default: nil
        }
    }

    /// Reports the waiting taps at `time` (seconds) rather than when the window closes: for a
    /// consumer to whom a further tap could mean nothing. No-op unless a tap waits.
    mutating func reportWaiting(at time: Double, emit: (GestureEvent) -> Void) {
        guard case .waiting(let n) = state else { return }
        emit(GestureEvent(time: time, kind: report(n, at: time)))
        move(to: .idle, at: time)
    }

    /// Fires the gap deadline if `time` has reached it.
    mutating func advance(to time: Double, emit: (GestureEvent) -> Void) {
        guard case .waiting(let n) = state else { return }
        let deadline = liftTime + settings.maxGap
        // At the deadline itself, not only after it: a caller that advances to exactly the
        // time the deadline gave must get the taps (the touch-down rule below agrees).
        guard TouchEvent.reached(time, deadline) else { return }
        emit(GestureEvent(time: deadline, kind: report(n, at: deadline)))
        move(to: .idle, at: deadline)
    }

    /// Updates the recognizer with a frame already applied to its contacts.
    mutating func handle(_ frame: inout RecognizerFrame, into reports: inout Outbox) {
        let time = frame.time, contacts = frame.contacts, surface = frame.surface
        if contacts.downInFrame {
            if time > contacts.sequenceStart { latestJoin = time }
            switch state {
            case .idle:
                beginSequence(time: time)
            case .recognized:
                beginSequence(time: time)
            case .waiting(let n):
                // A following tap must land near the first one.
                let (start, _) = contacts.centroids()
                let spacing = surface.millimeters(start - anchor).length
                if spacing <= settings.maxSpacing && !TouchEvent.reached(time, liftTime + settings.maxGap) {
                    move(to: .pressed(n + 1), at: time)
                    pressFingers = 0
                    movedAt = nil
                } else {
                    reports.put(report(n, at: time), current: false)
                    beginSequence(time: time)
                }
            case .pressed, .failed:
                break
            }
        }
        if case .pressed(let n) = state {
            if n == 1 && contacts.downInFrame {
                for c in contacts.contacts where c.startTime == time {
                    anchorSum = anchorSum + c.start
                    anchorCount += 1
                }
                anchor = anchorSum / Double(max(anchorCount, 1))
            }
            pressFingers = max(pressFingers, countedFingers(n, time: time, contacts: contacts, into: &reports))
            let travel = contacts.maxTravel()
            let held = time - contacts.sequenceStart
            // Past the slop, a press is still a tap while it may be a fingertip rolling off as it
            // lifts: within the roll's time and distance (judged at the frames, the lift's
            // included; a frame that comes later decides).
            var rolling = false
            if travel > settings.maxMovement {
                let since = movedAt ?? time
                movedAt = since
                if let roll = settings.liftRollTime, time - since <= roll, travel <= settings.liftRollMovement { rolling = true }
            }
            var failure: GestureFailure?
            if contacts.cancelledInFrame {
                failure = GestureFailure(.cancelled)
            } else if travel > settings.maxMovement, !rolling {
                failure = GestureFailure(.moved, measured: travel, limit: settings.maxMovement)
            } else if let limit = settings.maxDuration, held > limit {
                failure = GestureFailure(.heldTooLong, measured: held, limit: limit)
            }
            if let failure {
                if n > 1 { reports.put(.tap(.init(position: anchor, taps: n - 1, fingers: fingers)), current: false) }
                move(to: .failed(failure), at: time)
                reports.put(.failed(recognizer: .tap, reason: failure))
            } else if contacts.sequenceEnded {
                if n == 1 { fingers = pressFingers }
                if pressFingers != fingers {
                    // A press with another finger count starts a multiple tap of its own.
                    reports.put(report(n - 1, at: time), current: false)
                    move(to: .pressed(1), at: time)
                    fingers = pressFingers
                    anchor = contacts.centroids().start
                    anchorSum = anchor
                    anchorCount = 1
                    liftTime = time
                    move(to: .waiting(1), at: time)
                    if settings.maxCount <= 1 { reports.put(report(1, at: time)) }
                } else if n >= settings.maxCount {
                    reports.put(report(n, at: time))
                } else {
                    liftTime = time
                    move(to: .waiting(n), at: time)
                }
            }
        }
        if contacts.sequenceEnded {
            switch state {
            case .recognized, .failed: move(to: .idle, at: time)
            default: break
            }
        }
    }

    /// The fingers of the press that count in this frame. A contact that joined the press is
    /// not counted while it is younger than ``GestureSettings/Tap/minFingerTime``, unless the
    /// press ends with it; one that lifts that young while another finger holds the press is a
    /// brief contact: it leaves the first tap's touch-down point, and it is a one-finger tap of
    /// its own where it landed (one per frame: the arena takes at most three reports from a
    /// frame, and a failure with earlier taps is two).
    private mutating func countedFingers(_ n: Int, time: Double, contacts: ContactTable,
                                         into reports: inout Outbox) -> Int {
        var counted = contacts.contacts.count
        // No finger joined within `brief` (`latestJoin`): none is young, and the
        // search is skipped (two-finger strokes cost the engine 1.5% more without it, callgrind).
        guard counted >= 2, let brief = settings.minFingerTime, time - latestJoin < brief,
              !contacts.sequenceEnded else { return counted }
        var reported = false
        for c in contacts.contacts where c.startTime > contacts.sequenceStart && time - c.startTime < brief {
            counted -= 1
            guard c.ended else { continue }
            if n == 1 {
                anchorSum = anchorSum - c.start
                anchorCount -= 1
                anchor = anchorSum / Double(max(anchorCount, 1))
            }
            if !reported, !c.cancelled, c.maxTravel <= settings.maxMovement {
                reported = true
                reports.put(.tap(.init(position: c.start, taps: 1, fingers: 1)), current: false)
            }
        }
        return counted
    }

    private mutating func beginSequence(time: Double) {
        move(to: .pressed(1), at: time)
        movedAt = nil
        anchorSum = .zero
        anchorCount = 0
        fingers = 0
        pressFingers = 0
    }
}

extension TapRecognizer: Recognizer {
    static let name = RecognizerName.tap

    /// Touch-downs, the edges of a sequence, and every frame of a press; a tap that is not
    /// pressed waits for the next touch-down or the end of the sequence.
    func wants(_ frame: FrameFacts) -> Bool { frame.edge || frame.down || isPressed }

    /// Gives up on the current press because the arena gave it to another recognizer; taps
    /// counted before this press are still reported.
    mutating func lose(_ failure: GestureFailure, at time: Double, into reports: inout Outbox) {
        guard case .pressed(let n) = state else { return }
        if n > 1 { reports.put(.tap(.init(position: anchor, taps: n - 1, fingers: fingers))) }
        move(to: .failed(failure), at: time)
    }
}
