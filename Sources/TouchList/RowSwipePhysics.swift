internal import CPlatform
import TouchGestures

/// How a row's content slides over its actions (``ListOptions/leadingActions``,
/// ``ListOptions/trailingActions``): pure functions of the drag, the lift and time. Offsets are
/// in surface units, positive when the content has moved right (uncovering the leading
/// actions on the left), negative when it has moved left (uncovering the trailing ones).
public struct RowSwipePhysics: Hashable, Sendable {
    /// How far into a side's actions the content must be at the lift for the row to settle
    /// open, as a share of that side's width (no unit). Default 0.5: Android's
    /// `ItemTouchHelper.Callback.getSwipeThreshold` default, half the way.
    public var openShare = 0.5
    /// A lift at least this fast (millimeters per second) across the row opens the side it
    /// moves toward, or closes an open row it moves back over, whatever the distance.
    /// Default 184 mm/s: Flutter's `Dismissible` fling threshold (`_kMinFlingVelocity`, 700
    /// logical pixels per second at its nominal 38 per centimeter), the fling speed of every
    /// gesture that follows the finger (the daemon's streaming bindings too).
    public var flingSpeed = Settle.flingSpeed
    /// A full swipe: the finger dragged the content past a side's actions by at least this share
    /// of the rest of the row's width (no unit), and the side's first action runs. Default 0.4:
    /// Flutter's `Dismissible` default `dismissThresholds`, 40% of the width, here counted from
    /// where the actions end.
    public var fullSwipeShare = 0.4
    /// How long the content takes to settle open or closed after the lift, in seconds.
    /// Default 0.25 s: Android's `ItemTouchHelper.DEFAULT_SWIPE_ANIMATION_DURATION` (250 ms).
    public var settleDuration = 0.25
    /// How stiff the rubber band past a side's actions is (no unit), as the scroll's (a drag
    /// `x` past the actions shows `(1 − 1/(x · c / w + 1)) · w` of it, `w` the row's width).
    /// Default 0.55, the scroll's (``ScrollPhysics/rubberBandCoefficient``).
    public var rubberBandCoefficient = 0.55

    /// The defaults, each with its source in its documentation.
    public init() {}

    /// The offset shown for a drag to the unbanded offset `raw`: followed one to one within
    /// the actions (`widths.leading` and `widths.trailing` wide), with the rubber band past them
    /// (a side with no actions resists from 0), scaled by the row's width. Surface units
    /// throughout.
    public func banded(_ raw: Double, in widths: RowActionWidths) -> Double {
        let c = rubberBandCoefficient, width = widths.row
        func band(_ x: Double) -> Double { width > 0 && c > 0 ? (1 - 1 / (x * c / width + 1)) * width : 0 }
        if raw > widths.leading { return widths.leading + band(raw - widths.leading) }
        if raw < -widths.trailing { return -widths.trailing - band(-widths.trailing - raw) }
        return raw
    }

    /// The inverse of ``banded(_:in:)``: the unbanded drag that shows `offset` (surface units).
    public func unbanded(_ offset: Double, in widths: RowActionWidths) -> Double {
        let c = rubberBandCoefficient, width = widths.row
        func unband(_ y: Double) -> Double { width > 0 && c > 0 && y < width ? (width / c) * (1 / (1 - y / width) - 1) : y }
        if offset > widths.leading { return widths.leading + unband(offset - widths.leading) }
        if offset < -widths.trailing { return -widths.trailing - unband(-widths.trailing - offset) }
        return offset
    }

    /// What the lift decides.
    public struct Decision: Hashable, Sendable {
        /// Where the content settles: 0 (closed), `leading` or `-trailing` (open).
        public var target: Double
        /// The side whose first action a full swipe runs, if the drag was one.
        public var fullSwipe: RowSide?
    }

    /// Where a row's content settles when the finger lifts with the content at `raw` (the
    /// unbanded drag, surface units) moving at `velocity` (surface units per second, positive
    /// to the right), over actions and a row `widths` wide; `unitsPerMillimeter` converts
    /// ``flingSpeed``, `allowsFullSwipe` says whether a full swipe can run. A fast lift decides
    /// by its direction; otherwise the content opens the side it is at least ``openShare`` into,
    /// and closes short of that.
    public func decide(raw: Double, velocity: Double, in widths: RowActionWidths,
                       unitsPerMillimeter: Double, allowsFullSwipe: Bool) -> Decision {
        let leading = widths.leading, trailing = widths.trailing, width = widths.row
        if allowsFullSwipe {
            if leading > 0, raw - leading >= fullSwipeShare * (width - leading) { return Decision(target: 0, fullSwipe: .leading) }
            if trailing > 0, -raw - trailing >= fullSwipeShare * (width - trailing) { return Decision(target: 0, fullSwipe: .trailing) }
        }
        let fast = flingSpeed * unitsPerMillimeter
        if velocity >= fast { return Decision(target: raw < 0 ? 0 : leading, fullSwipe: nil) }
        if velocity <= -fast { return Decision(target: raw > 0 ? 0 : -trailing, fullSwipe: nil) }
        if leading > 0, raw >= openShare * leading { return Decision(target: leading, fullSwipe: nil) }
        if trailing > 0, -raw >= openShare * trailing { return Decision(target: -trailing, fullSwipe: nil) }
        return Decision(target: 0, fullSwipe: nil)
    }

    /// The settling content `elapsed` seconds after it left `from` at `velocity` (units/s)
    /// toward `to`: a critically damped spring (it carries the lift's speed and never
    /// overshoots by more than that speed pushes it) whose frequency brings it within 1% of
    /// the distance at ``settleDuration``; at and after that, exactly `to`.
    public func settling(from: Double, velocity: Double, to: Double, elapsed: Double) -> Double {
        guard elapsed < settleDuration, settleDuration > 0 else { return to }
        // e^(−x)(1 + x) = 0.01 at x = 6.638352067993812 (to double precision; 6.638, as it was
        // written, left 1.0003%): the spring's ω·T for 1% left at T.
        let omega = 6.638352067993812 / settleDuration
        let a = from - to, b = velocity + omega * a
        return to + (a + b * elapsed) * exp(-omega * elapsed)
    }
}

/// A side of a row: where its actions are, and which a full swipe ran.
public enum RowSide: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The left side, uncovered by sliding the content to the right.
    case leading
    /// The right side, uncovered by sliding the content to the left.
    case trailing

    /// The side's name as traces write it (`leading`), for logs and `print`.
    public var description: String { rawValue }
}

/// How far a sliding row's content can move over its actions, as one value: the width of the
/// actions on each side (``RowActions/width`` of ``ListOptions/leadingActions`` and
/// ``ListOptions/trailingActions``) and the row's own width, which scales the rubber band past
/// them and the full swipe. Surface units.
public struct RowActionWidths: Hashable, Sendable {
    /// All the leading actions' widths together: how far the content slides right to show them.
    public var leading: Double
    /// All the trailing actions' widths together: how far the content slides left to show them.
    public var trailing: Double
    /// The row's width.
    public var row: Double

    /// The widths of a row's leading and trailing actions and of the row itself (surface units).
    public init(leading: Double, trailing: Double, row: Double) {
        self.leading = leading
        self.trailing = trailing
        self.row = row
    }
}
