/// How a ``VelocityTracker`` turns recent samples into a velocity.
public enum VelocityStrategy: String, Hashable, Sendable, CaseIterable {
    /// Unweighted quadratic least squares over the newest samples (at most
    /// ``VelocityTracker/maxSamples`` within ``VelocityTracker/horizon`` of the newest, stopping
    /// at a gap over ``VelocityTracker/stopGap``), at least 3 of them; the velocity is the fit's
    /// slope at the newest sample. Flutter's default tracker (and Android's `LSQ2`).
    case lsq2
    /// The kinetic-energy ("impulse") estimate Android uses by default, over the same samples:
    /// each segment's velocity adds the work it would take to reach it, and the velocity is the
    /// one that total work gives. Needs 2 samples.
    case impulse
    /// The end points of the samples in the last ``VelocityTracker/twoPointWindow``: what GTK's
    /// swipe gesture reports. Needs 2 samples at different times.
    case twoPoint
}

/// Estimates a contact's velocity from its recent positions, in surface units per second.
///
/// Add every `down` and `move` position with ``add(time:position:)``; an `up` adds no sample.
/// Ask for ``velocity(liftTime:)`` at the lift. Storage is fixed (the newest ``capacity``
/// samples), allocated once when the tracker is made and kept across ``reset()``, so tracking
/// never allocates; a copy shares it until one of the two changes (copy on write).
public struct VelocityTracker: Sendable {
    /// Samples kept: enough for ``twoPointWindow`` at 240 Hz and more (a power of two).
    public static let capacity = 64
    /// Most samples the `lsq2` and `impulse` strategies use: 20 (Flutter's and Android's history size).
    public static let maxSamples = 20
    /// How old a sample may be, relative to the newest, to count: 0.1 s (Flutter's and Android's horizon).
    public static let horizon = 0.100
    /// A gap between two samples longer than this, in seconds, means the finger had stopped:
    /// 0.04 s (Flutter's `kAssumePointerMoveStoppedMilliseconds`, Android's equivalent).
    public static let stopGap = 0.040
    /// The window of the `twoPoint` strategy: 0.15 s (GTK's swipe keeps 150 ms of events).
    public static let twoPointWindow = 0.150

    /// How the velocity is estimated from the samples.
    public var strategy: VelocityStrategy

    /// The samples, time, x, y interleaved, in a buffer of its own: the tracker itself stays a
    /// few words, so the engine's table of trackers moves and reads them without copying 1.5 KB
    /// (an inline buffer was copied whole on every read through an array).
    private final class Storage: @unchecked Sendable {
        // @unchecked: written only through a uniquely referenced tracker (copy on write). The
        // buffer is a constant pointer, so reads and writes need no exclusivity bookkeeping.
        let samples: UnsafeMutablePointer<Double>
        static let size = 3 * VelocityTracker.capacity
        init() {
            samples = .allocate(capacity: Self.size)
            samples.initialize(repeating: 0, count: Self.size)
        }
        init(copying other: Storage) {
            samples = .allocate(capacity: Self.size)
            samples.initialize(from: other.samples, count: Self.size)
        }
        deinit { samples.deallocate() }
    }

    private var storage = Storage()
    private var newest = -1       // index of the newest sample
    private var count = 0

    /// A tracker with no samples yet, estimating with `strategy`.
    public init(strategy: VelocityStrategy = .lsq2) {
        self.strategy = strategy
    }

    /// Forgets every sample (for a new contact).
    public mutating func reset() {
        newest = -1
        count = 0
    }

    /// Records where the contact was at `time` (seconds).
    public mutating func add(time: Double, position: Point) {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
        newest = newest + 1 == Self.capacity ? 0 : newest + 1
        let s = storage.samples
        s[3 * newest] = time
        s[3 * newest + 1] = position.x
        s[3 * newest + 2] = position.y
        count = min(count + 1, Self.capacity)
    }

    /// The number of samples recorded (at most ``capacity``).
    public var sampleCount: Int { count }

    /// Where the finger was heading at its newest samples, in surface units per second: the
    /// velocities between the four newest samples, weighted 0.6, 0.35 and 0.05 from the oldest
    /// pair to the newest (the weights of Flutter's `IOSScrollViewFlingVelocityTracker`, which
    /// follows UIKit). Unlike a least-squares fit it cannot point past where the finger was
    /// going: a stroke that slows to a stop still heads its own way. `nil` with one sample.
    public func recentMotion() -> Point? {
        guard count > 1 else { return nil }
        let w = Samples(buffer: UnsafePointer(storage.samples), newest: newest, count: count)
        var sum = Point.zero
        for (pair, weight) in [(2, 0.6), (1, 0.35), (0, 0.05)] where pair + 1 < count {
            let a = w.sample(pair + 1), b = w.sample(pair)
            let dt = b.t - a.t
            if dt > 0 { sum = sum + Point(x: (b.x - a.x) / dt, y: (b.y - a.y) / dt) * weight }
        }
        withExtendedLifetime(storage) {}
        return sum
    }

    /// The velocity in surface units per second, or `nil` when the strategy has too few
    /// samples to say. `liftTime` (seconds) is when the finger lifted, if it did: a lift more
    /// than ``stopGap`` after the newest sample means the finger had stopped, and the velocity
    /// is zero.
    public func velocity(liftTime: Double? = nil) -> Point? {
        guard count > 0 else { return nil }
        let w = Samples(buffer: UnsafePointer(storage.samples), newest: newest, count: count)
        if let lift = liftTime, TouchEvent.exceeds(lift - w.sample(0).t, Self.stopGap) { return .zero }
        let v: Point? = switch strategy {
        case .lsq2: w.leastSquares(w.windowCount())
        case .impulse: w.impulse(w.windowCount())
        case .twoPoint: w.twoPoint()
        }
        withExtendedLifetime(storage) {}
        return v
    }
}

/// The recorded samples seen through one pointer, so that the strategies read them without
/// touching reference counts.
private struct Samples {
    let buffer: UnsafePointer<Double>
    let newest: Int
    let count: Int
    typealias Tracker = VelocityTracker

    /// The `k`-th newest sample (0 is the newest).
    @inline(__always) func sample(_ k: Int) -> (t: Double, x: Double, y: Double) {
        // The capacity is a power of two: a mask instead of an integer division, which costs
        // tens of cycles and is done for every sample a strategy reads.
        let i = 3 * ((newest - k) & (Tracker.capacity - 1))
        return (buffer[i], buffer[i + 1], buffer[i + 2])
    }

    /// How many of the newest samples form the `lsq2`/`impulse` window.
    func windowCount() -> Int {
        guard count > 0 else { return 0 }
        let t0 = sample(0).t
        var n = 1
        var previous = t0
        while n < min(count, Tracker.maxSamples) {
            let t = sample(n).t
            if TouchEvent.exceeds(t0 - t, Tracker.horizon) || TouchEvent.exceeds(previous - t, Tracker.stopGap) { break }
            previous = t
            n += 1
        }
        return n
    }

    // MARK: Strategies

    /// Quadratic least squares through the normal equations, on times in milliseconds centered
    /// on their mean (which keeps the 3 × 3 system well conditioned over a 100 ms window); the
    /// velocity is the fitted slope at the newest sample. One pass over the samples, no storage.
    func leastSquares(_ n: Int) -> Point? {
        guard n >= 3 else { return nil }
        let t0 = sample(0).t
        var mean = 0.0
        for k in 0..<n { mean += (sample(k).t - t0) * 1000 }
        mean /= Double(n)
        var s2 = 0.0, s3 = 0.0, s4 = 0.0
        var sx = 0.0, sxu = 0.0, sxu2 = 0.0, sy = 0.0, syu = 0.0, syu2 = 0.0
        for k in 0..<n {
            let p = sample(k)
            let u = (p.t - t0) * 1000 - mean
            let u2 = u * u
            s2 += u2
            s3 += u2 * u
            s4 += u2 * u2
            sx += p.x; sxu += p.x * u; sxu2 += p.x * u2
            sy += p.y; syu += p.y * u; syu2 += p.y * u2
        }
        // [n 0 s2; 0 s2 s3; s2 s3 s4] · [a b c] = [Σv, Σvu, Σvu²], by Cramer's rule.
        let nn = Double(n)
        let det = nn * (s2 * s4 - s3 * s3) - s2 * s2 * s2
        guard abs(det) > 1e-9 * nn * s2 * s4, det.isFinite else { return nil }
        func slope(_ sv: Double, _ svu: Double, _ svu2: Double) -> Double {
            let b = (nn * (svu * s4 - s3 * svu2) + sv * s3 * s2 - s2 * s2 * svu) / det
            let c = (nn * (s2 * svu2 - svu * s3) - sv * s2 * s2) / det
            return b - 2 * c * mean      // d/du (a + b·u + c·u²) at u = -mean (the newest sample)
        }
        // Units per millisecond → units per second.
        return Point(x: slope(sx, sxu, sxu2) * 1000, y: slope(sy, syu, syu2) * 1000)
    }

    /// Android's impulse estimate over the window, per axis.
    func impulse(_ n: Int) -> Point? {
        guard n >= 2 else { return nil }
        func axis(_ value: (Int) -> Double) -> Double? {
            // Oldest to newest.
            if n == 2 {
                let dt = sample(0).t - sample(1).t
                return dt != 0 ? (value(0) - value(1)) / dt : nil
            }
            var work = 0.0
            var segments = 0
            for k in stride(from: n - 1, to: 0, by: -1) {
                let dt = sample(k - 1).t - sample(k).t
                if dt == 0 { continue }
                let v = (value(k - 1) - value(k)) / dt
                work += (v - energyToVelocity(work)) * abs(v)
                segments += 1
                if segments == 1 { work *= 0.5 }
            }
            return segments > 0 ? energyToVelocity(work) : nil
        }
        guard let vx = axis({ sample($0).x }), let vy = axis({ sample($0).y }) else { return nil }
        return Point(x: vx, y: vy)
    }

    @inline(__always) func energyToVelocity(_ work: Double) -> Double {
        (work < 0 ? -1 : 1) * (2 * abs(work)).squareRoot()
    }

    /// GTK's swipe: the oldest and newest samples within ``twoPointWindow``.
    func twoPoint() -> Point? {
        let newestSample = sample(0)
        var oldest = newestSample
        for k in 1..<count {
            let s = sample(k)
            if TouchEvent.exceeds(newestSample.t - s.t, Tracker.twoPointWindow) { break }
            oldest = s
        }
        let dt = newestSample.t - oldest.t
        guard dt > 0 else { return nil }
        return Point(x: (newestSample.x - oldest.x) / dt, y: (newestSample.y - oldest.y) / dt)
    }
}
