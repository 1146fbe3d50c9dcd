internal import CPlatform

/// The contacts on the surface, shared by every recognizer, updated once per frame.
///
/// A *touch sequence* starts when a finger goes down while none is down and ends when the
/// last one lifts. The table keeps, per contact, where and when it went down and where it is
/// now; contacts that ended in the current frame stay listed (with ``Contact/ended`` set)
/// until the next frame, so recognizers see their final positions.
struct ContactTable: Sendable {
    /// One finger on the surface.
    struct Contact: Hashable, Sendable {
        var id: Int
        /// When it went down, in seconds.
        var startTime: Double
        /// Where it went down, in surface units.
        var start: Point
        /// Where it is now, in surface units.
        var position: Point
        /// Where it was before the current frame (its start, if it went down in it), in surface units.
        var previous: Point
        /// Square of the largest distance from ``start`` so far, in square millimeters (kept
        /// squared so that a move costs no square root).
        var maxTravelSquared: Double
        /// Largest distance from ``start`` so far, in millimeters.
        var maxTravel: Double { maxTravelSquared.squareRoot() }
        /// Time of its latest event, in seconds (the lift's, once it ended).
        var lastTime: Double
        /// True when it lifted or was cancelled in the current frame.
        var ended: Bool
        /// True when it was cancelled in the current frame.
        var cancelled: Bool
    }

    /// Contacts down in the current frame, plus those that ended in it.
    private(set) var contacts: [Contact] = []
    /// Each contact's velocity tracker, parallel to ``contacts``.
    private var trackers: [VelocityTracker] = []
    private var startCenter = Point.zero
    private var center = Point.zero
    /// Time of the current frame, in seconds.
    private(set) var time = 0.0
    /// Id of the contact that began the current touch sequence.
    private(set) var sequenceFirstId = 0
    /// When the current touch sequence began, in seconds.
    private(set) var sequenceStart: Double = 0
    /// Largest travel of any contact of the current sequence so far, in millimeters.
    var sequenceMaxTravel: Double { sequenceMaxTravelSquared.squareRoot() }
    private var sequenceMaxTravelSquared = 0.0
    /// Most contacts down at once so far in the current sequence.
    var sequenceFingers: Int { Int(fingersSoFar) }
    // Counters are 16-bit (at most 2 × `GestureEngine.maxContacts` contacts are listed), and the
    // one-byte fields sit together: they keep the table within 128 bytes, which the engine
    // copies for every recognizer it calls (at 136 bytes the copy went through memcpy: 190 M of
    // the engine benchmark's 8.5 billion instructions, callgrind). `ContactTableLayoutTests` holds it there.
    private var fingersSoFar: Int16 = 0
    /// True when the current frame began a new touch sequence.
    private(set) var sequenceBegan = false
    /// True when no contact is down after the current frame.
    private(set) var sequenceEnded = false
    /// True when a contact was cancelled in the current frame.
    private(set) var cancelledInFrame = false
    /// True when a contact went down in the current frame.
    private(set) var downInFrame = false
    /// The strategy new trackers use.
    var velocityStrategy: VelocityStrategy = .lsq2
    /// Contacts down after the current frame.
    var activeCount: Int { Int(active) }
    private var active: Int16 = 0
    /// Contacts that ended in the current frame (still listed until the next one).
    private var endedCount: Int16 = 0

    init() {
        contacts.reserveCapacity(16)
        trackers.reserveCapacity(16)
    }

    /// Applies one frame. Events for ids that are not down (other than `down`) are ignored,
    /// and a `down` for an id already down restarts that contact, so that live input that
    /// skipped an event cannot wedge the table.
    mutating func apply(time frameTime: Double, events: UnsafeBufferPointer<TouchEvent>, surface: Surface) {
        // Drop contacts that ended in the previous frame.
        if endedCount > 0 {
            var kept = 0
            for k in contacts.indices where !contacts[k].ended {
                if kept != k {
                    contacts[kept] = contacts[k]
                    trackers.swapAt(kept, k)
                }
                kept += 1
            }
            // The trackers past `kept` stay as spares, reset and reused by the next touch-down.
            contacts.shrink(to: kept)
            endedCount = 0
        }
        // Through the buffer: one uniqueness check for the loop instead of one per write.
        contacts.withUnsafeMutableBufferPointer { buf in
            for k in buf.indices { buf[k].previous = buf[k].position }
        }
        time = frameTime
        sequenceBegan = false
        cancelledInFrame = false
        downInFrame = false
        for e in events {
            var index: Int?
            for k in contacts.indices where contacts[k].id == e.id && !contacts[k].ended {
                index = k
                break
            }
            switch e.phase {
            case .down:
                // Past `maxContacts` fingers, a new one is ignored, as a panel ignores fingers
                // beyond its slots (and its moves and lift with it, its id being unknown).
                if index == nil, active >= GestureEngine.maxContacts { continue }
                if active == 0 {
                    sequenceStart = frameTime
                    fingersSoFar = 0
                    sequenceMaxTravelSquared = 0
                    sequenceBegan = true
                    sequenceFirstId = e.id
                }
                let c = Contact(id: e.id, startTime: frameTime, start: e.position, position: e.position,
                                previous: e.position, maxTravelSquared: 0, lastTime: frameTime, ended: false, cancelled: false)
                // Trackers are reused in place: making a new one writes and copies 1.5 KB.
                let slot: Int
                if let i = index {
                    contacts[i] = c
                    slot = i
                } else {
                    contacts.append(c)
                    active += 1
                    slot = contacts.count - 1
                    if trackers.count <= slot { trackers.append(VelocityTracker(strategy: velocityStrategy)) }
                }
                trackers[slot].reset()
                trackers[slot].strategy = velocityStrategy
                trackers[slot].add(time: frameTime, position: e.position)
                downInFrame = true
            case .move, .up, .cancel:
                guard let i = index else { continue }
                if e.phase == .move { trackers[i].add(time: frameTime, position: e.position) }
                // Through the buffer: one uniqueness check for all the writes to the contact.
                let travel = contacts.withUnsafeMutableBufferPointer { buf in
                    buf[i].position = e.position
                    buf[i].lastTime = frameTime
                    let d = surface.millimeters(e.position - buf[i].start)
                    let travel = d.x * d.x + d.y * d.y
                    if travel > buf[i].maxTravelSquared { buf[i].maxTravelSquared = travel }
                    if e.phase.endsContact {
                        buf[i].ended = true
                        if e.phase == .cancel { buf[i].cancelled = true }
                    }
                    return travel
                }
                if travel > sequenceMaxTravelSquared { sequenceMaxTravelSquared = travel }
                if e.phase.endsContact {
                    endedCount += 1
                    active -= 1
                    if e.phase == .cancel { cancelledInFrame = true }
                }
            }
        }
        let down = contacts.count
        if down > sequenceFingers { fingersSoFar = Int16(clamping: down) }
        computeCentroids()
        sequenceEnded = active == 0 && !contacts.isEmpty
        // The lift velocity is asked by the pan's end and by the fling: estimated once here.
        if sequenceEnded || cancelledInFrame {
            endVelocity = estimateMeanVelocity()
            endRecentMotion = estimateMeanRecentMotion()
        }
    }

    /// Ends every open contact as cancelled, for the end of a trace or a lost device.
    mutating func cancelAll(at time: Double, into frame: inout TouchFrame) {
        frame.time = time
        frame.events.removeAll(keepingCapacity: true)
        for c in contacts where !c.ended {
            frame.events.append(TouchEvent(time: time, id: c.id, phase: .cancel, position: c.position))
        }
    }

    /// Mean of the contacts' start positions and of their current positions, in surface units
    /// (computed once per frame).
    @inline(__always) func centroids() -> (start: Point, current: Point) { (startCenter, center) }

    private mutating func computeCentroids() {
        var s = Point.zero, p = Point.zero
        for c in contacts {
            s = s + c.start
            p = p + c.position
        }
        let n = Double(max(contacts.count, 1))
        startCenter = s / n
        center = p / n
    }

    /// The velocity of contact `index` in surface units per second: at its lift when it ended
    /// (zero when it had stopped), else now; zero when the strategy cannot tell yet. Asked at a
    /// lift, not every frame: reading a tracker out of the array copies its 1.5 KB.
    func velocity(_ index: Int) -> Point { estimate(index) ?? .zero }

    /// The tracker's estimate for contact `index`: at its lift if it ended, else now.
    private func estimate(_ index: Int) -> Point? {
        trackers[index].velocity(liftTime: contacts[index].ended ? contacts[index].lastTime : nil)
    }

    /// The velocity of the contact `id`, if it is in the table and its tracker can tell.
    func velocity(ofContact id: Int) -> Point? {
        contacts.firstIndex(where: { $0.id == id }).flatMap(estimate)
    }

    /// Mean velocity of the contacts in the table, in surface units per second, at the end of
    /// a sequence or in a frame where a contact was cancelled (the frames that ask for it).
    func meanVelocity() -> Point { endVelocity }

    private var endVelocity = Point.zero

    /// Mean of the contacts' ``VelocityTracker/recentMotion()``, in surface units per second,
    /// in the same frames as ``meanVelocity()``.
    func meanRecentMotion() -> Point { endRecentMotion }

    private var endRecentMotion = Point.zero

    private func estimateMeanRecentMotion() -> Point {
        var v = Point.zero
        for k in contacts.indices { v = v + (trackers[k].recentMotion() ?? .zero) }
        return contacts.isEmpty ? .zero : v / Double(contacts.count)
    }

    private func estimateMeanVelocity() -> Point {
        var v = Point.zero
        for k in contacts.indices { v = v + velocity(k) }
        return contacts.isEmpty ? .zero : v / Double(contacts.count)
    }

    /// How far the fingers' center moved in the current frame, in surface units: the mean
    /// movement of the contacts that were already down, so that fingers joining or leaving do
    /// not make the center jump.
    func centerStep() -> Point {
        var sum = Point.zero
        var n = 0
        for c in contacts where c.startTime < time {
            sum = sum + (c.position - c.previous)
            n += 1
        }
        return n == 0 ? .zero : sum / Double(n)
    }

    /// Largest travel of any contact in the table, in millimeters.
    func maxTravel() -> Double {
        var m = 0.0
        for c in contacts where c.maxTravelSquared > m { m = c.maxTravelSquared }
        return m.squareRoot()
    }
}

/// Follows the spread (distance between the fingers) and the turn (angle of the line through
/// the first two fingers) of two or more contacts, in millimeters and radians. Each frame
/// compares the fingers that were already down at their previous and current positions, so
/// fingers joining or leaving change neither. Shared by ``PinchRecognizer`` and
/// ``RotateRecognizer``.
struct SpreadTracker: Sendable {
    /// Spread now relative to the first two-finger spread (no unit).
    private(set) var scale = 1.0
    /// Angle turned since two fingers were down, radians, clockwise positive, unwrapped.
    private(set) var angle = 0.0
    /// Change of the spread since two fingers were down, mm.
    private(set) var spanChange = 0.0
    /// Largest |spanChange| so far, mm.
    private(set) var largestSpanChange = 0.0
    /// Largest arc (angle × half the spread) turned, mm.
    private(set) var largestArc = 0.0
    /// Most fingers seen together (counted from frames with two or more; 1 otherwise).
    var mostFingers: Int { max(mostListed, 1) }
    private var mostListed = 0
    /// True when two or more fingers are listed in the current frame.
    private(set) var twoOrMore = false

    mutating func reset() { self = SpreadTracker() }

    /// Spread (twice the mean distance from the center, mm) and the vector from the first to
    /// the second (mm) of the contacts already down before this frame, at their previous or
    /// current positions.
    private static func measure(_ contacts: ContactTable, surface: Surface, previous: Bool)
        -> (span: Double, line: Point, count: Int) {
        let list = contacts.contacts
        if list.count == 2, list[0].startTime < contacts.time, list[1].startTime < contacts.time {
            // Two fingers (the common case): the spread is their distance, in one pass.
            let a = surface.millimeters(previous ? list[0].previous : list[0].position)
            let b = surface.millimeters(previous ? list[1].previous : list[1].position)
            let d = b - a
            return (d.length, d, 2)
        }
        var center = Point.zero
        var n = 0
        var first = Point.zero, second = Point.zero
        for c in contacts.contacts where c.startTime < contacts.time {
            let p = surface.millimeters(previous ? c.previous : c.position)
            center = center + p
            if n == 0 { first = p } else if n == 1 { second = p }
            n += 1
        }
        guard n >= 2 else { return (0, .zero, n) }
        center = center / Double(n)
        var sum = 0.0
        for c in contacts.contacts where c.startTime < contacts.time {
            sum += surface.millimeters(previous ? c.previous : c.position).distance(to: center)
        }
        return (2 * sum / Double(n), second - first, n)
    }

    /// Updates from a frame; the turn only when `angle` (a rotation still needs it).
    mutating func update(_ contacts: ContactTable, surface: Surface, angle wantsAngle: Bool) {
        let listed = contacts.contacts.count
        if listed > mostListed { mostListed = listed }
        twoOrMore = listed >= 2
        let before = Self.measure(contacts, surface: surface, previous: true)
        if before.count >= 2 {
            let now = Self.measure(contacts, surface: surface, previous: false)
            if before.span > 0 { scale *= now.span / before.span }
            spanChange += now.span - before.span
            // The turn from the old line to the new one, in (-π, π]: one atan2 of cross and dot.
            let a = before.line, b = now.line
            let cross = a.x * b.y - a.y * b.x
            if wantsAngle, cross != 0 { angle += Angles.atan2(cross, a.dot(b)) }
            largestSpanChange = max(largestSpanChange, abs(spanChange))
            largestArc = max(largestArc, abs(angle) * now.span / 2)
        }
    }
}
