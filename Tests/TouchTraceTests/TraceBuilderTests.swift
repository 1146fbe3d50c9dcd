import Testing
import TouchGestures
import TouchTrace

/// `TraceBuilder`, the public way to build a trace in a test: its sampling, its rounding (moved
/// from Foundation's `String(format:)` to the C library's printf, which must round alike), its
/// seeded jitter, and the order of the trace it makes.
@Suite("TraceBuilder")
struct TraceBuilderTests {
    let device = TraceHeader.Device(width: 800, height: 480, resolution: Point(x: 5, y: 5))

    @Test("rounds as printf does: the exact binary value decides, a tie goes to the even digit")
    func rounding() {
        // 0.125 and 0.375 are exact ties in binary: to even. 2.675 and 1.005 lie just below their
        // ties in binary, so they round down, where rounding the scaled double gives 2.68 and 1.01.
        #expect(TraceBuilder.round(0.125, places: 2) == 0.12)
        #expect(TraceBuilder.round(0.375, places: 2) == 0.38)
        #expect(TraceBuilder.round(2.675, places: 2) == 2.67)
        #expect(TraceBuilder.round(1.005, places: 2) == 1.0)
        #expect(TraceBuilder.round(-0.125, places: 2) == -0.12)
        #expect(TraceBuilder.round(420.3849999, places: 2) == 420.38)
        // Too long for the text it is printed into: kept as it is, not cut.
        #expect(TraceBuilder.round(1e300, places: 2) == 1e300)
        #expect(TraceBuilder.round(.infinity, places: 2) == .infinity)
    }

    @Test("a stroke: down, one sample each 1/rate s with the minimum-jerk profile, up at the end")
    func stroke() {
        var builder = TraceBuilder(device: device)
        let end = builder.stroke(0.5, from: Point(x: 400, y: 400), millimeters: Point(x: 0, y: -30), duration: 0.1, rate: 100)
        #expect(end == 0.6)
        let events = builder.trace().events
        #expect(events.count == 11)
        #expect(events.first?.phase == .down && events.first?.position == Point(x: 400, y: 400))
        #expect(events.last?.phase == .up && events.last?.position == Point(x: 400, y: 250))
        #expect(events.dropFirst().dropLast().allSatisfy { $0.phase == .move })
        // Halfway in time is halfway in distance (the profile is symmetric); a fifth of the time
        // covers 10p³ − 15p⁴ + 6p⁵ = 0.05792 of it.
        #expect(events[5].position.y == 325)
        #expect(events[2].position.y == TraceBuilder.round(400 - 150 * 0.05792, places: 2))
        #expect(events[2].time == 0.52)
    }

    @Test("a stroke past the surface's edge is kept at the edge")
    func clamped() {
        var builder = TraceBuilder(device: device)
        builder.stroke(0, from: Point(x: 790, y: 10), millimeters: Point(x: 20, y: -20), duration: 0.05)
        #expect(builder.events.allSatisfy { (0...800).contains($0.position.x) && (0...480).contains($0.position.y) })
        #expect(builder.events.last?.position == Point(x: 800, y: 0))
    }

    @Test("jitter is seeded: the same seed gives the same trace, another seed another")
    func seeded() {
        func made(_ seed: UInt64) -> [TouchEvent] {
            var builder = TraceBuilder(device: device, seed: seed)
            builder.stroke(0, from: Point(x: 400, y: 240), millimeters: Point(x: 30, y: 0), duration: 0.2, jitter: 0.5)
            return builder.trace().events
        }
        #expect(made(7) == made(7))
        #expect(made(7) != made(8))
        // The touch-down is not jittered.
        #expect(made(7).first?.position == Point(x: 400, y: 240))
    }

    @Test("the trace is in time order; a frame's events in the order they were added")
    func order() {
        var builder = TraceBuilder(device: device)
        builder.tap(1, at: Point(x: 400, y: 240), fingers: 2)
        builder.hold(0, at: Point(x: 100, y: 100), duration: 0.5)
        let events = builder.trace().events
        #expect(events.map(\.time) == events.map(\.time).sorted())
        let downs = events.filter { $0.time == 1 && $0.phase == .down }
        #expect(downs.map(\.id) == [0, 1])
        #expect(downs.map(\.position.x) == [400 - 37.5, 400 + 37.5])
    }
}
