internal import CPlatform

/// How a list scrolls on its own: momentum after a fling, and the animations that settle it.
public struct ScrollPhysics: Hashable, Sendable {
    /// The fraction of its velocity the content keeps each millisecond (no unit). Default
    /// 0.998: UIKit's `UIScrollView.DecelerationRate.normal`; `fast` is 0.99.
    public var decelerationRate: Double = 0.998
    /// Below this speed, in millimeters per second, the content stops. Default 2 mm/s (our
    /// choice: at 60 frames per second the content would move under 0.04 mm a frame).
    public var stopSpeed: Double = 2
    /// When true, a drag may pull the content past either end, with growing resistance (a
    /// rubber band), and it springs back at the lift. Default `false`: the content stops at
    /// its ends. A list that refreshes may always be pulled past its top.
    public var bounces = false
    /// How stiff the rubber band is (no unit): a drag `x` past an end shows
    /// `(1 − 1 / (x · c / d + 1)) · d` of it, `d` the viewport height, so the pull never exceeds
    /// one viewport. Default 0.55, the constant commonly measured for UIKit's scroll view.
    public var rubberBandCoefficient = 0.55
    /// How long a snap or a spring back takes, in seconds. Default 0.5 s, the animation of
    /// the cell-snapping article; its curve is an ease-out, here `1 − (1 − p)²`.
    public var settleDuration = 0.5

    /// The defaults, each with its source in its documentation.
    public init() {}
}


// The physics as pure functions of their inputs: the model keeps the state, these compute.
extension ScrollPhysics {
    /// The offset shown for a drag to the unbanded offset `raw` (surface units): past an end,
    /// the rubber band's share of the distance past it. `viewport` is the viewport height and
    /// `maxOffset` the largest offset at rest (surface units); `topBounces` lets the content
    /// past its top even when ``bounces`` is off (a list that refreshes).
    public func banded(_ raw: Double, maxOffset: Double, viewport: Double, topBounces: Bool) -> Double {
        let d = viewport, c = rubberBandCoefficient
        func band(_ x: Double) -> Double { d > 0 && c > 0 ? (1 - 1 / (x * c / d + 1)) * d : 0 }
        if raw < 0 { return bounces || topBounces ? -band(-raw) : 0 }
        if raw > maxOffset { return bounces ? maxOffset + band(raw - maxOffset) : maxOffset }
        return raw
    }

    /// The inverse of ``banded(_:maxOffset:viewport:topBounces:)``: the unbanded offset (the
    /// drag) that shows `offset`, in surface units.
    public func unbanded(_ offset: Double, maxOffset: Double, viewport: Double) -> Double {
        let d = viewport, c = rubberBandCoefficient
        func unband(_ y: Double) -> Double { d > 0 && c > 0 && y < d ? (d / c) * (1 / (1 - y / d) - 1) : y }
        if offset < 0 { return -unband(-offset) }
        if offset > maxOffset { return maxOffset + unband(offset - maxOffset) }
        return offset
    }

    /// How far momentum starting at `velocity` (surface units per second) carries the content
    /// in `milliseconds`: the velocity decays as `v(t) = v0 · rate^(t in ms)`, so the distance
    /// is `v0 · (rate^t − 1) / ln(rate)` (per ms), exact for any step.
    public func momentumDistance(velocity v0: Double, milliseconds elapsed: Double) -> Double {
        let rate = decelerationRate
        return v0 / 1000 * (pow(rate, elapsed) - 1) / log(rate)
    }

    /// The velocity of momentum that started at `velocity` (units/s), `milliseconds` later.
    public func momentumVelocity(velocity v0: Double, milliseconds elapsed: Double) -> Double {
        v0 * pow(decelerationRate, elapsed)
    }

    /// When momentum starting at `velocity` (units/s) from `offset` stops, in milliseconds,
    /// and at which offset (surface units): when its speed falls to `stopSpeed` (units/s), or
    /// earlier, at the moment it reaches an end (0 or `maxOffset`).
    public func momentumStop(velocity v0: Double, from offset: Double, maxOffset: Double,
                             stopSpeed: Double) -> (milliseconds: Double, offset: Double) {
        let rate = decelerationRate
        guard rate > 0, rate < 1, v0 != 0 else { return (0, offset) }
        let lnRate = log(rate)
        let v0ms = v0 / 1000                    // units per ms
        let stop = stopSpeed / 1000             // units per ms
        // When the speed falls to the stop speed, in ms.
        var stopAfter = abs(v0ms) > stop ? log(stop / abs(v0ms)) / lnRate : 0
        var target = offset + v0ms * (pow(rate, stopAfter) - 1) / lnRate
        // Reaching an end first stops it there, at the moment it arrives:
        // v0·(rate^Δ − 1)/ln(rate) = d  ⇔  Δ = log(1 + d·ln(rate)/v0) / ln(rate).
        let end = v0 > 0 ? maxOffset : 0
        if (v0 > 0 && target > end) || (v0 < 0 && target < end) {
            let a = 1 + (end - offset) * lnRate / v0ms
            stopAfter = a > 0 ? log(a) / lnRate : stopAfter
            target = end
        }
        return (stopAfter, target)
    }

    /// The settling curve, an ease-out: the share of the way covered at `progress` (0 ... 1)
    /// of ``settleDuration``, `1 − (1 − p)²`.
    public static func easeOut(_ progress: Double) -> Double {
        1 - (1 - progress) * (1 - progress)
    }
}
