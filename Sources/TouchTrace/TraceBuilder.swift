internal import CPlatform
import TouchGestures

/// Builds a trace from strokes, holds and taps, as a test or a benchmark writes one: fingers
/// moving along paths over a duration, sampled at a rate with a minimum-jerk speed profile
/// (`10p³ − 15p⁴ + 6p⁵`, the smooth start and stop of a hand's reach) and optional seeded
/// jitter (normal, in millimeters), held still, or tapping; merged into frames by time.
///
/// ```swift
/// var builder = TraceBuilder(device: .init(width: 800, height: 480, resolution: Point(x: 5, y: 5)))
/// // One finger 30 mm up from the bottom edge in 0.15 s, then a tap at the middle at 1 s.
/// builder.stroke(0, from: Point(x: 400, y: 478), millimeters: Point(x: 0, y: -30), duration: 0.15)
/// builder.tap(1, at: Point(x: 400, y: 240))
/// let trace = builder.trace()      // replay it: TouchReplay's TraceReplay.run(header:events:)
/// ```
///
/// The golden corpus (`traces/Corpus`), `touchtrace synth` and the benchmark's sessions make
/// their traces with it too.
///
/// Positions are in trace units, durations and times in seconds, rates in samples per second.
/// Times are rounded to the microsecond and positions to 1/100 unit, both correctly rounded
/// (as a decimal printed to that many places), unless ``rounds`` is off. Contacts are numbered
/// 0 to 9 in turn; a stroke that would leave the surface is kept at its edge.
public struct TraceBuilder: Sendable {
    /// The header the trace gets.
    public var header: TraceHeader
    /// Whether times and positions are rounded (to 1 µs and 0.01 unit). Default true.
    public var rounds = true
    /// The events so far, in the order they were added.
    public private(set) var events: [TouchEvent] = []
    /// Trace units per millimeter, for strokes and jitter given in millimeters: the device's
    /// resolution, one with units `"mm"`, else 96 per inch.
    public let resolution: Point
    private var rng: MersenneTwister
    private var nextID = 0

    /// A builder for a trace on `device`, its jitter seeded with `seed`.
    public init(device: TraceHeader.Device, seed: UInt64 = 1) {
        header = TraceHeader(device: device)
        rng = MersenneTwister(seed: seed)
        let d = Surface.defaultUnitsPerMillimeter
        resolution = device.resolution ?? (device.units == "mm" ? Point(x: 1, y: 1) : Point(x: d, y: d))
    }

    /// A contact id for a new finger: 0 to 9 in turn.
    package mutating func newID() -> Int {
        defer { nextID = (nextID + 1) % 10 }
        return nextID
    }

    /// Adds one event (`t` in seconds, `x`, `y` in trace units), rounded as ``rounds`` says.
    public mutating func add(_ t: Double, _ id: Int, _ phase: TouchPhase, _ x: Double, _ y: Double) {
        let position = rounds ? Point(x: Self.round(x, places: 2), y: Self.round(y, places: 2)) : Point(x: x, y: y)
        events.append(TouchEvent(time: rounds ? Self.round(t, places: 6) : t, id: id, phase: phase, position: position))
    }

    /// Removes the last `n` events added.
    package mutating func removeLast(_ n: Int) { events.removeLast(min(n, events.count)) }

    /// A contact following the polyline `points` over `duration` from `t0`: down at the first
    /// point (unless `down` is false: it continues contact `id`, already down there), one
    /// sample per `1/rate` s, jittered by `jitter` mm (not the touch-down), and lifted (`end`)
    /// at the last sample unless `lift` is false. Returns the time it ends, `t0 + duration`.
    @discardableResult
    public mutating func path(_ t0: Double, _ points: [Point], duration: Double, rate: Double = 120,
                              jitter: Double = 0, lift: Bool = true, id: Int? = nil, end: TouchPhase = .up,
                              down: Bool = true) -> Double {
        let id = id ?? newID()
        var lengths: [Double] = []
        for k in 0..<(points.count - 1) { lengths.append(hypot(points[k + 1].x - points[k].x, points[k + 1].y - points[k].y)) }
        let sum = lengths.reduce(0, +)
        let total = sum == 0 ? 1.0 : sum
        func at(_ p: Double) -> Point {
            var d = Self.minimumJerk(p) * total
            for (k, length) in lengths.enumerated() {
                if d <= length || k == lengths.count - 1 {
                    let f = length == 0 ? 0 : min(d / length, 1.0)
                    let a = points[k], b = points[k + 1]
                    return Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)
                }
                d -= length
            }
            return points[points.count - 1]
        }
        let first = clamp(points[0])
        if down { add(t0, id, .down, first.x, first.y) }
        let n = max(1, Int((duration * rate).rounded(.toNearestOrEven)))
        for k in 1...n {
            let t = t0 + duration * Double(k) / Double(n)
            let p = at(Double(k) / Double(n))
            let j = self.jitter(jitter)
            let q = clamp(Point(x: p.x + j.x, y: p.y + j.y))
            add(t, id, k == n && lift ? end : .move, q.x, q.y)
        }
        return t0 + duration
    }

    /// A straight stroke from `start` by `millimeters` (converted with ``resolution``).
    @discardableResult
    public mutating func stroke(_ t0: Double, from start: Point, millimeters: Point, duration: Double,
                                rate: Double = 120, jitter: Double = 0, lift: Bool = true, end: TouchPhase = .up) -> Double {
        let target = Point(x: start.x + millimeters.x * resolution.x, y: start.y + millimeters.y * resolution.y)
        return path(t0, [start, target], duration: duration, rate: rate, jitter: jitter, lift: lift, end: end)
    }

    /// A finger held at `at` for `duration`, sampled at `rate` (60 by default).
    @discardableResult
    public mutating func hold(_ t0: Double, at: Point, duration: Double, rate: Double = 60, jitter: Double = 0,
                              id: Int? = nil, end: TouchPhase = .up) -> Double {
        path(t0, [at, at], duration: duration, rate: rate, jitter: jitter, id: id, end: end)
    }

    /// A tap of `fingers` fingers side by side `spread` mm apart, centered on `at`, held
    /// `duration`.
    @discardableResult
    public mutating func tap(_ t0: Double, at: Point, duration: Double = 0.08, fingers: Int = 1,
                             spread: Double = 15) -> Double {
        for f in 0..<fingers {
            let x = at.x + (Double(f) - Double(fingers - 1) / 2) * spread * resolution.x
            hold(t0, at: Point(x: x, y: at.y), duration: duration)
        }
        return t0 + duration
    }

    /// A jitter of `mm` millimeters (standard deviation, per axis), in trace units; none for 0.
    package mutating func jitter(_ mm: Double) -> Point {
        guard mm > 0 else { return .zero }
        let x = rng.gauss(mu: 0, sigma: mm) * resolution.x
        let y = rng.gauss(mu: 0, sigma: mm) * resolution.y
        return Point(x: x, y: y)
    }

    /// `p` kept within the surface.
    package func clamp(_ p: Point) -> Point {
        Point(x: min(max(p.x, 0.0), header.device.width), y: min(max(p.y, 0.0), header.device.height))
    }

    /// The trace: the events in time order, each frame's events in the order they were added.
    public func trace() -> Trace {
        let sorted = events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map { $0.element }
        return Trace(header: header, events: sorted)
    }

    /// The minimum-jerk profile: the share of the way covered at `p` (0 … 1) of the duration.
    package static func minimumJerk(_ p: Double) -> Double {
        10 * pow(p, 3) - 15 * pow(p, 4) + 6 * pow(p, 5)
    }

    /// `value` rounded to `places` decimals, correctly: the decimal nearest to its exact
    /// binary value (ties to even), read back.
    package static func round(_ value: Double, places: Int) -> Double {
        guard value.isFinite else { return value }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        // Scaling errs by at most half an ulp, which changes the rounded integer only next to a
        // tie; there the decimal is printed exactly. n / scale is then the double nearest n/10ᵖ.
        let scaled = value * scale
        if abs(scaled) < 1e15, abs(abs(scaled - scaled.rounded(.down)) - 0.5) > 1e-6 {
            return scaled.rounded() / scale
        }
        // Here, next to a tie, the exact decimal expansion of the binary value decides, which C's
        // printf works out and formatFixed (which rounds the scaled double) does not. With
        // formatFixed, 2 of the 164 corpus traces changed in a coordinate's last digit (420.38
        // became 420.39).
        return platform_round_decimal(value, Int32(places))
    }
}
