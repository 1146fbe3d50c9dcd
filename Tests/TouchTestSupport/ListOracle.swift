import TouchPlatform

/// The list's rules as plain reference functions, written from the sources the list model
/// ports (UIKit's deceleration, the cell- and section-snapping articles, SVPullToRefresh, the
/// table view guide), independent of `TouchList`'s implementation: the golden corpus computes
/// its expected offsets and times with these, and the list's own tests compare against them.
/// Lengths are in trace units at 5 units/mm unless a parameter says otherwise; times in
/// seconds; velocities in units per millisecond.
public enum ListOracle {
    /// One point of the 163 points-per-inch screens the articles ran on, in millimeters.
    public static let millimetersPerPoint = 25.4 / 163
    /// The cell-snapping article's animation, seconds.
    public static let settleDuration = 0.5
    /// UIKit's `DecelerationRate.normal`: the part of its velocity momentum keeps each ms.
    public static let decelerationRate = 0.998
    /// The speed under which momentum stops: 2 mm/s at 5 units/mm, in units per ms.
    public static let stopSpeed = 10.0 / 1000

    /// The section-snapping article's 75 points, in trace units at `resolution` units/mm.
    public static func sectionSnapDistance(resolution: Double = 5) -> Double { 75 * millimetersPerPoint * resolution }
    /// SVPullToRefresh's 60-point trigger, in trace units at `resolution` units/mm.
    public static func refreshDistance(resolution: Double = 5) -> Double { 60 * millimetersPerPoint * resolution }

    /// The offset shown for a drag to `raw`: past an end, `(1 − 1/(x·c/d + 1))·d` of the
    /// distance `x` past it (`d` the viewport height, `c` UIKit's commonly measured 0.55).
    public static func banded(_ raw: Double, maxOffset: Double, viewport d: Double = 480, coefficient c: Double = 0.55) -> Double {
        func band(_ x: Double) -> Double { (1 - 1 / (x * c / d + 1)) * d }
        if raw < 0 { return -band(-raw) }
        if raw > maxOffset { return maxOffset + band(raw - maxOffset) }
        return raw
    }

    /// The cell-snapping rule: the cell cut by the bottom edge decides; half or more showing
    /// pulls it in, less pushes it out; clamped to the ends. `nil` when no cell is cut or
    /// nothing moves. `tops` and `heights` list the cells, top to bottom.
    public static func cellSnap(offset: Double, tops: [Double], heights: [Double], viewport: Double = 480,
                                maxOffset: Double) -> Double? {
        let bottom = offset + viewport
        for (top, h) in zip(tops, heights) where top < bottom && bottom < top + h {
            let shown = bottom - top
            let target = shown >= h / 2 ? offset + (h - shown) : offset - shown
            let clamped = min(max(target, 0), maxOffset)
            return clamped == offset ? nil : clamped
        }
        return nil
    }

    /// How far momentum starting at `velocity` (units/ms) travels in `milliseconds`: the speed
    /// decays as `v0 · rate^t`, so the distance is `v0 · (rate^t − 1) / ln(rate)`.
    public static func momentumDistance(velocity v0: Double, milliseconds t: Double, rate: Double = decelerationRate) -> Double {
        v0 * (pow(rate, t) - 1) / log(rate)
    }

    /// When momentum starting at `velocity` (units/ms) falls to `stopSpeed`, in ms.
    public static func momentumStop(velocity v0: Double, stopSpeed: Double = stopSpeed, rate: Double = decelerationRate) -> Double {
        log(stopSpeed / v0) / log(rate)
    }

    /// When momentum starting at `velocity` (units/ms) has covered `distance`, in ms: the
    /// inverse of ``momentumDistance(velocity:milliseconds:rate:)``.
    public static func momentumReaches(_ distance: Double, velocity v0: Double, rate: Double = decelerationRate) -> Double {
        log(1 + distance * log(rate) / v0) / log(rate)
    }
}

extension ListOracle {
    /// An edit worked out on plain arrays, as the trace format states it: the rows' heights
    /// after the edit (UIKit's rule: deletions and move sources numbered before, insertions and
    /// move targets after, the other rows in order; the new rows `newHeights` tall, top to bottom), and the content
    /// offset that keeps the first row in view that stays in place where it was on the screen
    /// (none above the top: the offset stays), clamped to the content at rest.
    public static func edited(heights: [Double], offset: Double, viewport: Double, deleted: [Int], inserted: [Int],
                              moved: [(from: Int, to: Int)], newHeights: [Double]) -> (heights: [Double], offset: Double) {
        let leaving = Set(deleted + moved.map(\.from))
        var staying = heights.indices.filter { !leaving.contains($0) }[...]
        let count = heights.count - deleted.count + inserted.count
        var newOf: [Int: Int] = [:]             // old index → new index
        var out: [Double] = []
        let movedTo = Dictionary(uniqueKeysWithValues: moved.map { ($0.to, $0.from) })
        let insertedSet = Set(inserted)
        var fresh = newHeights[...]
        for place in 0..<count {
            if let from = movedTo[place] { out.append(heights[from]); newOf[from] = place }
            else if insertedSet.contains(place) { out.append(fresh.popFirst()!) }
            else { let old = staying.popFirst()!; out.append(heights[old]); newOf[old] = place }
        }
        func top(_ hs: [Double], _ i: Int) -> Double { hs[..<i].reduce(0, +) }
        var result = offset
        if offset > 0 {
            var anchor = heights.indices.first { top(heights, $0) + heights[$0] > offset } ?? heights.count
            while anchor < heights.count, leaving.contains(anchor) { anchor += 1 }
            if anchor < heights.count, let now = newOf[anchor] {
                result = top(out, now) - (top(heights, anchor) - offset)
            }
        }
        let maxOffset = max(0, out.reduce(0, +) - viewport)
        return (out, min(max(result, 0), maxOffset))
    }
}

extension ListOracle {
    /// A row's content for a drag to `raw` (surface units, unbanded): one to one within the
    /// actions, the rubber band `(1 − 1/(x·c/w + 1))·w` past them, as docs/trace-format.md states.
    public static func rowBanded(_ raw: Double, leading: Double, trailing: Double, width w: Double, coefficient c: Double = 0.55) -> Double {
        if raw > leading { let x = raw - leading; return leading + (1 - 1 / (x * c / w + 1)) * w }
        if raw < -trailing { let x = -trailing - raw; return -trailing - (1 - 1 / (x * c / w + 1)) * w }
        return raw
    }

    /// A row settling from `from` at `velocity` (units/s) toward `to`, `t` seconds after the lift:
    /// a critically damped spring whose frequency leaves 1% of the distance at `duration`
    /// (found here by bisection on `e^(−x)(1 + x) = 0.01`), exactly `to` from `duration` on.
    public static func rowSettle(from: Double, velocity: Double, to: Double, t: Double, duration: Double = 0.25) -> Double {
        guard t < duration else { return to }
        var lo = 1.0, hi = 20.0
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if exp(-mid) * (1 + mid) > 0.01 { lo = mid } else { hi = mid }
        }
        let omega = lo / duration
        let x0 = from - to
        return to + (x0 + (velocity + omega * x0) * t) * exp(-omega * t)
    }
}
