import Testing
import GestureBindings

/// The daemon's read schedule: when it reads its touchscreens, and what poll waits for.
@Suite("ReadSchedule: reading the devices at most every interval while input comes")
struct ReadScheduleTests {
    @Test func idleItWatchesTheDevicesAndWaitsForNothingElse() {
        let s = ReadSchedule(interval: 0.025)
        #expect(s.watchesDevices)
        #expect(s.timeout(now: 10, deadline: nil) == -1)
        #expect(!s.readsDevices(now: 10, deadline: nil))
    }

    // The times below are sums of powers of two, exact in binary, so that the expected
    // milliseconds are what the rule says: rounded up, and one more.

    @Test func inputStartsAHoldAndTheHoldsEndReadsWhatCameMeanwhile() {
        var s = ReadSchedule(interval: 0.03125)
        s.read(at: 10, gotInput: true)
        #expect(!s.watchesDevices && s.holdUntil == 10.03125)
        // poll waits for the hold's end: 31.25 ms, rounded up, and the millisecond that makes
        // sure it passed.
        #expect(s.timeout(now: 10, deadline: nil) == 33)
        #expect(!s.readsDevices(now: 10.03, deadline: nil))
        #expect(s.readsDevices(now: 10.03125, deadline: nil))
        // More input: another hold, from the time of that read.
        s.read(at: 10.0625, gotInput: true)
        #expect(s.holdUntil == 10.09375)
        // Nothing came: the devices are watched again, so that the next touch wakes at once.
        s.read(at: 10.125, gotInput: false)
        #expect(s.watchesDevices && s.timeout(now: 10.125, deadline: nil) == -1)
    }

    @Test("a deadline within a hold reads what is queued before it fires")
    func aDeadlineWithinAHoldReadsFirst() {
        var s = ReadSchedule(interval: 0.03125)
        s.read(at: 10.5, gotInput: true)
        // A long press's time at 10.515625 s, before the hold's end at 10.53125 s: poll wakes
        // for it (15.625 ms).
        #expect(s.timeout(now: 10.5, deadline: 10.515625) == 17)
        // Once it is due, the devices are read before it fires: a finger lifted at 10.51 s,
        // still queued in the kernel, ends the press first.
        #expect(!s.readsDevices(now: 10.515, deadline: 10.515625))
        #expect(s.readsDevices(now: 10.515625, deadline: 10.515625))
    }

    @Test func aDeadlineWithNoHoldSetsTheTimeoutAlone() {
        let s = ReadSchedule(interval: 0.03125)
        #expect(s.timeout(now: 10, deadline: 10.25) == 251)
        #expect(s.timeout(now: 10.5, deadline: 10.25) == 0)
        #expect(!s.readsDevices(now: 10.5, deadline: 10.25))
    }

    @Test("interval 0 reads every frame as it comes: no hold ever")
    func intervalZeroNeverHolds() {
        var s = ReadSchedule(interval: 0)
        s.read(at: 10, gotInput: true)
        #expect(s.watchesDevices && s.holdUntil == nil)
        #expect(ReadSchedule(interval: -1).interval == 0)
    }
}
