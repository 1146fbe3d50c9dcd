/// When the daemon reads its touchscreens. At once when a touch begins; then, while input keeps
/// coming, at most once every ``interval``, taking what the kernel queued meanwhile in one read.
///
/// A touchscreen reports 60 to 120 frames a second while a finger moves, and a daemon that wakes
/// for each one pays a context switch, a `poll` and a `read` per frame, which is most of what it
/// costs (the VM test's perf profile, BENCHMARKS.md). Recognition does not depend on it: every
/// frame is still decoded and recognized, with the kernel's own timestamps, so the same touches
/// give the same gestures. What changes is when a command starts: up to ``interval`` after the
/// frame that completed its gesture.
///
/// A deadline (a long press's time, a double tap's window) that falls within a hold first reads
/// what is queued: a finger lifted before a long press's time ends the press before the time
/// can fire it.
package struct ReadSchedule: Sendable, Equatable {
    /// The shortest time between two reads while input keeps coming, in seconds; 0 reads every
    /// frame as it comes.
    package let interval: Double
    /// Until when (monotonic clock, seconds) the devices are not watched; `nil`: they are.
    package private(set) var holdUntil: Double?

    /// - Parameter interval: seconds, at least 0.
    package init(interval: Double) {
        self.interval = max(0, interval)
    }

    /// Whether the daemon's poll watches the devices (no hold is running).
    package var watchesDevices: Bool { holdUntil == nil }

    /// The devices were read at `now` (seconds); `gotInput` says whether they held any. Input
    /// starts a hold of ``interval``; none ends the hold, so that the next touch wakes the
    /// daemon at once.
    package mutating func read(at now: Double, gotInput: Bool) {
        holdUntil = gotInput && interval > 0 ? now + interval : nil
    }

    /// Whether to read the devices now without poll saying they are readable: a hold is over,
    /// or a deadline (seconds) is due within it.
    package func readsDevices(now: Double, deadline: Double?) -> Bool {
        guard let end = holdUntil else { return false }
        return now >= end || deadline.map { $0 <= now } == true
    }

    /// poll(2)'s timeout, in milliseconds: until the earlier of `deadline` and the hold's end
    /// (seconds, rounded up a millisecond so that it has passed when poll returns), 0 when that
    /// has passed, -1 (none) when there is neither.
    package func timeout(now: Double, deadline: Double?) -> Int32 {
        let next = min(deadline ?? .infinity, holdUntil ?? .infinity)
        guard next.isFinite else { return -1 }
        let wait = (next - now) * 1000
        if wait <= 0 { return 0 }
        return Int32(min(wait.rounded(.up) + 1, 3_600_000))
    }
}
