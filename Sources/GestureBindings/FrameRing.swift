import TouchGestures

/// The last seconds of a device's touch events, as the daemon's dispatcher saw them, kept so
/// that a misfire can be saved as a trace and replayed (SIGUSR2, or a `save-trace` binding).
///
/// A fixed number of events in a circle: it is allocated once, so memory stays flat however
/// long the daemon runs and nothing is allocated per frame. An event takes 24 bytes: the default
/// ``defaultCapacity`` of 8,192 is 192 KiB, half a minute of two fingers on a 120 Hz panel
/// (a frame of one finger's move is one event; phone panels report 60 to 120 frames a second).
/// Older events are written over; ``events(since:)`` keeps only whole touches.
package struct FrameRing: Sendable {
    /// One event, packed: positions as 32-bit floats (device units, exact to 16 million).
    struct Packed: Sendable {
        var time: Double
        var x: Float
        var y: Float
        var id: Int32
        /// One byte, as it is: no code of our own to pack it and read it back.
        var phase: TouchPhase
    }

    /// Events kept by default: 8,192 (192 KiB): 30 s of two fingers at 120 Hz. In the VM's
    /// session, whose touches filled a ring of 16,384, the daemon's peak memory rose by about
    /// 340 KiB; this one costs half of that at most.
    package static let defaultCapacity = 8_192

    /// The events, in a circle once full. Reserved whole at the start (one allocation; its
    /// pages become resident only as they are written), then filled, then written over.
    private var slots: [Packed] = []
    private let capacity: Int
    private var next = 0
    private var count = 0

    /// An empty ring of `capacity` events (at least 1).
    package init(capacity: Int = FrameRing.defaultCapacity) {
        self.capacity = max(1, capacity)
        slots.reserveCapacity(self.capacity)
    }

    /// How many events it holds now.
    package var eventCount: Int { count }

    /// Keeps a frame's events, writing over the oldest once full.
    package mutating func append(_ frame: TouchFrame) {
        for e in frame.events {
            let packed = Packed(time: e.time, x: Float(e.position.x), y: Float(e.position.y), id: Int32(truncatingIfNeeded: e.id), phase: e.phase)
            if slots.count < capacity { slots.append(packed) } else { slots[next] = packed }
            next = (next + 1) % capacity
            count = min(count + 1, capacity)
        }
    }

    /// The events since `start` (seconds, the events' clock), oldest first, of whole touches
    /// only: a contact whose touch-down was written over (or is older than `start`) is left out
    /// until it lifts, so that the trace they make is valid from its first event.
    package func events(since start: Double) -> [TouchEvent] {
        var out: [TouchEvent] = []
        out.reserveCapacity(count)
        var live = Set<Int32>()
        let first = (next - count + capacity) % capacity
        for k in 0..<count {
            let p = slots[(first + k) % capacity]
            guard p.time >= start else { continue }
            let phase = p.phase
            if phase == .down { live.insert(p.id) } else if !live.contains(p.id) { continue }
            if phase == .up || phase == .cancel { live.remove(p.id) }
            out.append(TouchEvent(time: p.time, id: Int(p.id), phase: phase, position: Point(x: Double(p.x), y: Double(p.y))))
        }
        return out
    }

    /// The time of the newest event, if any.
    package var newestTime: Double? {
        count == 0 ? nil : slots[(next - 1 + capacity) % capacity].time
    }
}
