import TouchGestures
import TouchTrace
import TouchList

/// The velocity of each contact of a trace at its lift.
package struct ContactVelocity: Hashable, Sendable {
    /// The contact's id in the trace.
    package var id: Int
    /// When it lifted, in seconds.
    package var time: Double
    /// Its velocity in trace units per second; `nil` when the strategy had too few samples.
    package var velocity: Point?
}

extension ContactVelocity {
    /// Velocities at every `up` of `events`, in order, with one tracker per open contact. Every
    /// `down` and `move` adds a sample; an `up` adds none. Cancelled contacts, and contacts still
    /// down at the end, have no lift and are not reported.
    package static func atLifts(of events: some Sequence<TouchEvent>, strategy: VelocityStrategy) -> [ContactVelocity] {
        var out: [ContactVelocity] = []
        atLifts(of: events, strategy: strategy) { out.append($0) }
        return out
    }

    /// The same, each lift handed to `emit` as it comes: memory holds the open contacts only.
    package static func atLifts(of events: some Sequence<TouchEvent>, strategy: VelocityStrategy,
                               emit: (ContactVelocity) -> Void) {
        var trackers: [Int: VelocityTracker] = [:]
        for e in events {
            switch e.phase {
            case .down:
                var t = VelocityTracker(strategy: strategy)
                t.add(time: e.time, position: e.position)
                trackers[e.id] = t
            case .move:
                trackers[e.id]?.add(time: e.time, position: e.position)
            case .up:
                if let t = trackers.removeValue(forKey: e.id) {
                    emit(ContactVelocity(id: e.id, time: e.time, velocity: t.velocity(liftTime: e.time)))
                }
            case .cancel:
                trackers[e.id] = nil
            }
        }
    }
}
