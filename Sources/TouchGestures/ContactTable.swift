/// The contacts on the surface, shared by every recognizer, updated once per frame.
///
/// A *touch sequence* starts when a finger goes down while none is down and ends when the
/// last one lifts. The table keeps, per contact, where and when it went down and where it is
/// now; contacts that ended in the current frame stay listed (with ``Contact/ended`` set)
/// until the next frame, so recognizers see their final positions.
public struct ContactTable: Sendable {
    /// One finger on the surface.
    public struct Contact: Hashable, Sendable {
        public var id: Int
        /// When it went down, in seconds.
        public var startTime: Double
        /// Where it went down, in surface units.
        public var start: Point
        /// Where it is now, in surface units.
        public var position: Point
        /// Largest distance from ``start`` so far, in millimetres.
        public var maxTravel: Double
        /// True when it lifted or was cancelled in the current frame.
        public var ended: Bool
        /// True when it was cancelled in the current frame.
        public var cancelled: Bool
    }

    /// Contacts down in the current frame, plus those that ended in it.
    public private(set) var contacts: [Contact] = []
    /// When the current touch sequence began, in seconds.
    public private(set) var sequenceStart: Double = 0
    /// Most contacts down at once so far in the current sequence.
    public private(set) var sequenceFingers = 0
    /// True when the current frame began a new touch sequence.
    public private(set) var sequenceBegan = false
    /// True when no contact is down after the current frame.
    public private(set) var sequenceEnded = false
    /// True when a contact was cancelled in the current frame.
    public private(set) var cancelledInFrame = false
    /// True when a contact went down in the current frame.
    public private(set) var downInFrame = false
    /// Contacts down after the current frame.
    public private(set) var activeCount = 0
    /// Contacts that ended in the current frame (still listed until the next one).
    private var endedCount = 0

    public init() { contacts.reserveCapacity(16) }

    /// Applies one frame. Events for ids that are not down (other than `down`) are ignored,
    /// and a `down` for an id already down restarts that contact, so that live input that
    /// skipped an event cannot wedge the table.
    mutating func apply(_ frame: TouchFrame, surface: Surface) {
        // Drop contacts that ended in the previous frame.
        if endedCount > 0 {
            var kept = 0
            for k in contacts.indices where !contacts[k].ended {
                if kept != k { contacts[kept] = contacts[k] }
                kept += 1
            }
            contacts.removeLast(contacts.count - kept)
            endedCount = 0
        }
        sequenceBegan = false
        cancelledInFrame = false
        downInFrame = false
        for e in frame.events {
            var index: Int?
            for k in contacts.indices where contacts[k].id == e.id && !contacts[k].ended {
                index = k
                break
            }
            switch e.phase {
            case .down:
                if activeCount == 0 {
                    sequenceStart = frame.time
                    sequenceFingers = 0
                    sequenceBegan = true
                }
                let c = Contact(id: e.id, startTime: frame.time, start: e.position, position: e.position,
                                maxTravel: 0, ended: false, cancelled: false)
                if let i = index { contacts[i] = c } else { contacts.append(c); activeCount += 1 }
                downInFrame = true
            case .move, .up, .cancel:
                guard let i = index else { continue }
                contacts[i].position = e.position
                let travel = surface.millimetres(e.position - contacts[i].start).length
                if travel > contacts[i].maxTravel { contacts[i].maxTravel = travel }
                if e.phase.endsContact {
                    contacts[i].ended = true
                    endedCount += 1
                    activeCount -= 1
                    if e.phase == .cancel {
                        contacts[i].cancelled = true
                        cancelledInFrame = true
                    }
                }
            }
        }
        let down = contacts.count
        if down > sequenceFingers { sequenceFingers = down }
        sequenceEnded = activeCount == 0 && !contacts.isEmpty
    }

    /// Ends every open contact as cancelled, for the end of a trace or a lost device.
    mutating func cancelAll(at time: Double, into frame: inout TouchFrame) {
        frame.time = time
        frame.events.removeAll(keepingCapacity: true)
        for c in contacts where !c.ended {
            frame.events.append(TouchEvent(time: time, id: c.id, phase: .cancel, position: c.position))
        }
    }

    /// Mean of the contacts' start positions and of their current positions, in surface units.
    func centroids() -> (start: Point, current: Point) {
        var s = Point.zero, p = Point.zero
        for c in contacts {
            s = s + c.start
            p = p + c.position
        }
        let n = Double(max(contacts.count, 1))
        return (s / n, p / n)
    }

    /// Largest travel of any contact in the table, in millimetres.
    func maxTravel() -> Double {
        var m = 0.0
        for c in contacts where c.maxTravel > m { m = c.maxTravel }
        return m
    }
}
