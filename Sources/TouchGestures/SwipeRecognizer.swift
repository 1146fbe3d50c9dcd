/// Recognizes a quick straight stroke: the table-cell swipe detector of the original article,
/// generalized to four directions (eight with ``GestureSettings/Swipe/diagonals``) and any
/// number of fingers.
///
/// In each frame of a touch sequence it measures the displacement of the fingers (mean of
/// their current positions minus mean of their touch-down points) in millimeters and fires in
/// the first frame where the stroke has crossed ``GestureSettings/Swipe/minDistance`` along a
/// direction's axis (the dominant axis, or with diagonals the nearest of eight directions) and,
/// judged at the crossing (interpolated between this frame and the one before, so that a panel
/// sampling every 15–20 ms does not decide by where the finger happened to be sampled):
/// - the drift across the axis is at most ``GestureSettings/Swipe/maxDrift`` ("shaky
///   fingers"), when the rule sets one;
/// - the along-axis distance beats the cross-axis one;
/// - less than ``GestureSettings/Swipe/maxDuration`` has passed since the first touch-down.
///
/// Before the crossing, a drift over the limit at a frame fails the swipe.
///
/// **A slow swipe clearly along one axis.** A stroke that crosses the distance only after
/// ``GestureSettings/Swipe/maxDuration`` (a finger that rests or creeps before it flicks) is
/// not failed at once. It is still a swipe, reported at the last lift, when at the crossing it
/// was more than twice as far along its axis as across it (GTK's `GtkGesturePan` takes a
/// direction when one axis is twice the other), its net motion at the lift still points the
/// same way, and its fingers lift moving that way at
/// ``GestureSettings/Swipe/lateLiftVelocity`` or faster: the release decides, as Android's
/// `ViewPager` and `ItemTouchHelper` and Flutter's `Dismissible` decide a slow drag by its
/// fling, whatever the time it took. With no `lateLiftVelocity` (the seed rules), or when
/// another recognizer waits for the swipe to fail, the time limit fails the swipe where it
/// passes, as the original did.
///
/// With several fingers, each must also have moved at least half the minimum distance the
/// same way, so two fingers spreading apart or one finger dragging while another rests are
/// not a swipe. A swipe whose fingers all went down within ``GestureSettings/Swipe/edgeZone``
/// of an edge (two edges: a corner) reports that edge whatever its direction, the way Linux
/// phone shells bind edge swipes (lisgd takes the zone a stroke starts in).
///
/// It fires at most once per touch sequence (the original's `localSwipeActive`) and re-arms
/// when every finger has lifted.
public struct SwipeRecognizer: Sendable {
    /// The recognizer's states.
    ///
    /// Allowed transitions:
    /// - `idle → possible`: a finger went down with none down before.
    /// - `possible → recognized`: every condition held in one frame; the swipe is reported.
    /// - `possible → recognized` at the last lift: a slow swipe (past the time limit) clearly
    ///   along its axis lifted moving that way.
    /// - `possible → failed`: the drift went over its limit, the time limit passed (with no
    ///   ``GestureSettings/Swipe/lateLiftVelocity``; with one, at the lift of a stroke that did
    ///   not end as a slow swipe), a contact was cancelled, or every finger lifted before the
    ///   distance was reached.
    /// - `recognized → idle`, `failed → idle`: every finger has lifted.
    public typealias State = DiscreteGestureState

    /// The thresholds in use.
    public var settings: GestureSettings.Swipe
    /// The current state.
    public private(set) var state: State = .idle
    /// Every state change, when recording is switched on.
    public var log = TransitionLog<State>()

    /// How much more along than across a stroke must be to have a direction: a stroke along a
    /// diagonal (to within rounding, 10⁻⁹ of its length) is no four-direction swipe, whichever
    /// way the last bit of its coordinates fell.
    static let tie = 1 + 1e-9

    /// How much more along its axis than across a stroke must be where it crosses the distance
    /// to be a slow swipe: 2, GTK 4's `GtkGesturePan` rule (a direction once one axis is more
    /// than twice the other, `gtkgesturepan.c`). Plausible 1.5 (34°) to 4 (14°).
    static let clearAxisRatio = 2.0

    /// Where a stroke clearly along an axis crossed the distance after the time limit: its
    /// direction, and the time from the touch-down to the crossing.
    private struct LateCrossing: Sendable {
        var direction: SwipeDirection
        var elapsed: Double
    }
    private var late: LateCrossing?
    /// Whether another recognizer waits for this one to fail (``ArenaSettings/require(_:toWaitFor:)``):
    /// then the time limit fails the swipe where it passes, slow swipe or not, so that the
    /// waiting claim is not held until the lift. Set by the engine from its arena's settings.
    var awaited = false

    // The displacement (mm) and time (s) of the frame before, for the crossing.
    private var previous = Point.zero
    private var previousTime = 0.0

    /// A recognizer with these thresholds (the defaults unless given).
    public init(settings: GestureSettings.Swipe = .init()) {
        self.settings = settings
    }

    private mutating func move(to next: State, at time: Double) {
        log.record(time: time, from: state, to: next)
        state = next
    }

    /// Updates the recognizer with a frame already applied to its contacts; reports a swipe or
    /// (for ``GestureEngine/explain``) a failure into `reports`.
    mutating func handle(_ frame: inout RecognizerFrame, into reports: inout Outbox) {
        let time = frame.time, contacts = frame.contacts, surface = frame.surface
        if contacts.sequenceBegan, state == .idle {
            move(to: .possible, at: time)
            late = nil
        }
        if state == .possible { evaluate(time: time, contacts: contacts, surface: surface, into: &reports) }
        if contacts.sequenceEnded {
            if state == .possible, let late {
                endLate(late, time: time, contacts: contacts, surface: surface, into: &reports)
            } else if state == .possible {
                let (s, c) = contacts.centroids()
                let d = surface.millimeters(c - s)
                fail(liftFailure(d), at: time, into: &reports)
            }
            if state != .idle { move(to: .idle, at: time) }
        }
    }

    /// The last lift of a stroke that crossed the distance late, clearly along an axis: a swipe
    /// if it still points that way and lifts moving that way at least
    /// ``GestureSettings/Swipe/lateLiftVelocity``; else the time limit's failure, measured where
    /// it crossed.
    @inline(never)
    private mutating func endLate(_ late: LateCrossing, time: Double, contacts: ContactTable, surface: Surface,
                                  into reports: inout Outbox) {
        let (start, current) = contacts.centroids()
        let mm = surface.millimeters(current - start)
        let direction = late.direction
        let u = direction.unitVector
        let v = surface.millimeters(contacts.meanVelocity())
        guard let minimum = settings.lateLiftVelocity,
              self.direction(of: mm) == direction,
              v.x * u.x + v.y * u.y >= minimum else {
            fail(GestureFailure(.tooSlow, measured: late.elapsed, limit: settings.maxDuration), at: time, into: &reports)
            return
        }
        recognize(direction, time: time, contacts: contacts, surface: surface, into: &reports)
    }

    /// The direction of a displacement `d` (mm) among those the swipe listens for
    /// (``GestureSettings/Swipe/axis``); `nil` for none.
    @inline(__always)
    func direction(of d: Point) -> SwipeDirection? {
        SwipeDirection(of: d, diagonals: settings.diagonals, axis: settings.axis)
    }

    /// Reports the swipe in `direction` now, from the touch-down to where the fingers are.
    @inline(never)
    private mutating func recognize(_ direction: SwipeDirection, time: Double, contacts: ContactTable, surface: Surface,
                                    into reports: inout Outbox) {
        let (start, current) = contacts.centroids()
        let elapsed = time - contacts.sequenceStart
        move(to: .recognized, at: time)
        reports.put(.swipe(.init(direction: direction, fingers: contacts.sequenceFingers, start: start,
                          end: current, duration: elapsed, velocity: elapsed > 0 ? (current - start) / elapsed : .zero,
                          edge: edge(contacts: contacts, surface: surface))))
    }

    /// Why a stroke that lifted without a swipe was none: too short along its direction, or
    /// long enough but as far across as along (on a diagonal between two directions; it was said
    /// to be too short, "distance 28.3 mm < 12.0 mm").
    func liftFailure(_ d: Point) -> GestureFailure {
        let direction = self.direction(of: d) ?? self.direction(of: Point(x: d.x * (1 + 1e-6), y: d.y))
        guard let direction else { return GestureFailure(.tooShort, measured: 0, limit: settings.minDistance) }
        let u = direction.unitVector
        let along = d.x * u.x + d.y * u.y
        let cross = abs(d.x * u.y - d.y * u.x)
        if along >= settings.minDistance {
            return GestureFailure(.offAxis, measured: along > 0 ? min(cross / along, 999) : 999, limit: 1)
        }
        return GestureFailure(.tooShort, measured: along, limit: settings.minDistance)
    }

    private mutating func fail(_ reason: GestureFailure, at time: Double, into reports: inout Outbox) {
        move(to: .failed(reason), at: time)
        reports.put(.failed(recognizer: .swipe, reason: reason))
    }

    /// True when every finger moved at least half the minimum distance toward `direction`.
    private func fingersAgree(_ direction: SwipeDirection, contacts: ContactTable, surface: Surface) -> Bool {
        guard contacts.contacts.count > 1 else { return true }
        let u = direction.unitVector
        for c in contacts.contacts {
            let d = surface.millimeters(c.position - c.start)
            if d.x * u.x + d.y * u.y < settings.minDistance / 2 { return false }
        }
        return true
    }

    /// The edge or corner every finger started in, whatever the swipe's direction: a swipe along
    /// the bottom edge is a bottom-edge swipe (as lisgd takes it, and phone shells' sliders need).
    private func edge(contacts: ContactTable, surface: Surface) -> ScreenEdge? {
        var zones = EdgeZones.all
        for c in contacts.contacts { zones = zones.intersection(EdgeZones(of: c.start, on: surface, width: settings.edgeZone)) }
        return zones.edge
    }

    /// A stroke that crossed late, clearly along an axis, waits for its lift; a drift limit
    /// still fails it on the way. Apart from ``evaluate(time:contacts:surface:into:)``, which
    /// runs on every frame of every stroke: inlined there it cost the engine benchmark 0.4%.
    @inline(never)
    private mutating func driftAfterLate(_ late: LateCrossing, _ mm: Point, time: Double,
                                         into reports: inout Outbox) {
        guard let maxDrift = settings.maxDrift else { return }
        let u = late.direction.unitVector
        let cross = abs(mm.x * u.y - mm.y * u.x)
        if cross > maxDrift {
            fail(GestureFailure(.crossDrift, measured: cross, limit: maxDrift), at: time, into: &reports)
        }
    }

    private mutating func evaluate(time: Double, contacts: ContactTable, surface: Surface,
                                   into reports: inout Outbox) {
        if contacts.cancelledInFrame {
            fail(GestureFailure(.cancelled), at: time, into: &reports)
            return
        }
        let elapsed = time - contacts.sequenceStart
        let (start, current) = contacts.centroids()
        let delta = current - start
        let mm = surface.millimeters(delta)
        let before = contacts.sequenceBegan ? Point.zero : previous
        let beforeTime = contacts.sequenceBegan ? contacts.sequenceStart : previousTime
        previous = mm
        previousTime = time
        if let late {
            driftAfterLate(late, mm, time: time, into: &reports)
            return
        }
        let waitsForLift = settings.lateLiftVelocity != nil && !awaited
        // Most frames of a stroke are short of the distance in every direction (the along-axis
        // distance is at most the length of `mm`, kept a millionth short of the limit against
        // rounding), where only a drift limit or the time limit could decide: with neither
        // due, nothing below can, and the direction is not worked out (1.1% of the engine
        // benchmark's instructions, callgrind).
        if settings.maxDrift == nil, elapsed < settings.maxDuration || waitsForLift,
           mm.x * mm.x + mm.y * mm.y < settings.minDistance * settings.minDistance * (1 - 1e-6) {
            return
        }
        guard let direction = direction(of: mm) else {
            if elapsed >= settings.maxDuration, !waitsForLift {
                fail(GestureFailure(.tooSlow, measured: elapsed, limit: settings.maxDuration), at: time, into: &reports)
            }
            return
        }
        // Along and across the direction's axis, in mm, at this frame.
        let u = direction.unitVector
        let along = mm.x * u.x + mm.y * u.y
        let cross = abs(mm.x * u.y - mm.y * u.x)
        let maxDrift = settings.maxDrift ?? .infinity
        if along >= settings.minDistance {
            // Judged where the stroke crossed the distance, between the frame before and this one.
            let alongBefore = before.x * u.x + before.y * u.y
            let f = alongBefore < settings.minDistance && along > alongBefore
                ? (settings.minDistance - alongBefore) / (along - alongBefore) : 1
            let at = before + (mm - before) * f
            let alongAt = at.x * u.x + at.y * u.y
            let crossAt = abs(at.x * u.y - at.y * u.x)
            let elapsedAt = beforeTime + (time - beforeTime) * f - contacts.sequenceStart
            if crossAt <= maxDrift, alongAt > crossAt * Self.tie, elapsedAt < settings.maxDuration,
               fingersAgree(direction, contacts: contacts, surface: surface) {
                recognize(direction, time: time, contacts: contacts, surface: surface, into: &reports)
            } else if crossAt > maxDrift {
                fail(GestureFailure(.crossDrift, measured: crossAt, limit: maxDrift), at: time, into: &reports)
            } else if elapsedAt >= settings.maxDuration, waitsForLift, alongAt > crossAt * Self.clearAxisRatio,
                      fingersAgree(direction, contacts: contacts, surface: surface) {
                late = LateCrossing(direction: direction, elapsed: elapsedAt)
            } else if elapsedAt >= settings.maxDuration {
                fail(GestureFailure(.tooSlow, measured: elapsedAt, limit: settings.maxDuration), at: time, into: &reports)
            }
        } else if cross > maxDrift {
            fail(GestureFailure(.crossDrift, measured: cross, limit: maxDrift), at: time, into: &reports)
        } else if elapsed >= settings.maxDuration, !waitsForLift {
            fail(GestureFailure(.tooSlow, measured: elapsed, limit: settings.maxDuration), at: time, into: &reports)
        }
    }
}

extension SwipeRecognizer: Recognizer {
    static let name = RecognizerName.swipe

    /// While possible; a swipe that has fired or failed only waits for the last lift.
    func wants(_ frame: FrameFacts) -> Bool { frame.edge || state == .possible }

    mutating func lose(_ failure: GestureFailure, at time: Double, into reports: inout Outbox) {
        if state == .possible { move(to: .failed(failure), at: time) }
    }
}
