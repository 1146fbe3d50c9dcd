import Testing
import TouchGestures
import TouchTestSupport

@Suite("Velocity tracker")
struct VelocityTrackerTests {
    /// A tracker fed `f(t)` at the given times (seconds).
    func tracker(_ strategy: VelocityStrategy, times: [Double], _ f: (Double) -> Point) -> VelocityTracker {
        var v = VelocityTracker(strategy: strategy)
        for t in times { v.add(time: t, position: f(t)) }
        return v
    }

    let every8ms = (0..<12).map { Double($0) * 0.008 }

    @Test("lsq2 is exact for quadratic motion: the slope at the newest sample")
    func lsq2ExactOnQuadratics() throws {
        // x = 3 + 200 t + 900 t², y = 5 − 40 t − 300 t²; at t = 0.088: vx = 200 + 1800 t.
        let v = try #require(tracker(.lsq2, times: every8ms) { t in Point(x: 3 + 200 * t + 900 * t * t, y: 5 - 40 * t - 300 * t * t) }.velocity())
        let t = every8ms.last!
        #expect(abs(v.x - (200 + 1800 * t)) < 1e-6)
        #expect(abs(v.y - (-40 - 600 * t)) < 1e-6)
    }

    @Test("impulse and twoPoint are exact for constant velocity")
    func constantVelocity() throws {
        for s in [VelocityStrategy.impulse, .twoPoint, .lsq2] {
            let v = try #require(tracker(s, times: every8ms) { t in Point(x: 10 + 500 * t, y: 20 - 250 * t) }.velocity())
            #expect(abs(v.x - 500) < 1e-9 && abs(v.y + 250) < 1e-9, "\(s): \(v)")
        }
    }

    @Test func tooFewSamplesGiveNoEstimate() {
        #expect(tracker(.lsq2, times: [0, 0.008]) { _ in .zero }.velocity() == nil)
        #expect(tracker(.impulse, times: [0]) { _ in .zero }.velocity() == nil)
        #expect(tracker(.twoPoint, times: [0]) { _ in .zero }.velocity() == nil)
        #expect(VelocityTracker().velocity() == nil)
        #expect(tracker(.impulse, times: [0, 0.01]) { t in Point(x: 100 * t, y: 0) }.velocity() == Point(x: 100, y: 0))
    }

    @Test("a lift more than 40 ms after the last sample means the finger had stopped")
    func stoppedBeforeLift() throws {
        let v = tracker(.lsq2, times: every8ms) { t in Point(x: 500 * t, y: 0) }
        #expect(try #require(v.velocity(liftTime: every8ms.last! + 0.039)).x > 400)
        #expect(v.velocity(liftTime: every8ms.last! + 0.041) == .zero)
    }

    @Test("a gap over 40 ms cuts the window: only the motion after it counts")
    func gapCutsTheWindow() throws {
        // Fast to the right, a 50 ms pause, then slowly to the left.
        var v = VelocityTracker(strategy: .lsq2)
        for k in 0..<6 { v.add(time: Double(k) * 0.008, position: Point(x: Double(k) * 20, y: 0)) }
        for k in 0..<4 { v.add(time: 0.09 + Double(k) * 0.008, position: Point(x: 100 - Double(k), y: 0)) }
        let est = try #require(v.velocity())
        #expect(abs(est.x + 125) < 1e-6)
    }

    @Test("only samples within 100 ms of the newest count, and at most 20")
    func horizon() throws {
        var v = VelocityTracker(strategy: .impulse)
        // 30 samples 8 ms apart: an old fast part (stopped at 0.12 s) then a slow part.
        for k in 0..<30 {
            let t = Double(k) * 0.008
            v.add(time: t, position: Point(x: t < 0.12 ? 1000 * t : 120 + 50 * (t - 0.12), y: 0))
        }
        let est = try #require(v.velocity())
        #expect(abs(est.x - 50) < 1e-9, "the fast part is older than 100 ms")
    }
}

extension VelocityTrackerTests {
    @Test("a sample exactly 100 ms old counts, one a microsecond older does not (timestamps in seconds)")
    func horizonBoundaryToTheMicrosecond() throws {
        // Timestamps like a device's: seconds since boot, where 0.1 s differences are inexact.
        func estimate(oldest: Double) throws -> Point {
            var v = VelocityTracker(strategy: .twoPoint)
            v.add(time: 1234.567 - oldest, position: Point(x: 0, y: 0))
            for k in 1...10 { v.add(time: 1234.567 - 0.080 + Double(k) * 0.008, position: Point(x: 100, y: 0)) }
            return try #require(v.velocity())
        }
        #expect(try estimate(oldest: 0.150).x > 0, "150 ms old is inside the two-point window")
        #expect(try estimate(oldest: 0.150001).x == 0, "past the window, only the resting samples count")
    }
}
