/// Whether a gesture that follows the finger completes or falls back when the finger lifts: the
/// rule a list's row swipe settles by (`RowSwipePhysics`) and the daemon's streaming bindings
/// end by, in one place. A lift at least ``flingSpeed`` fast decides by its direction, whatever
/// the distance (a flick toward completes, a flick back falls back); a slower lift completes when
/// the gesture has reached its threshold, and falls back short of it. This is how Android's
/// `ItemTouchHelper` and Flutter's `Dismissible` decide a swipe, and how iOS's interactive
/// transitions decide between `finishInteractiveTransition` and `cancelInteractiveTransition`.
package enum Settle {
    /// A lift at least this fast (millimeters per second) decides by its direction. Default
    /// 184 mm/s: Flutter's `Dismissible` fling threshold (`_kMinFlingVelocity`, 700 logical pixels
    /// per second at its nominal 38 per centimeter). Plausible 100–400 mm/s: under 100 a finger
    /// that merely lifts while still drifting flings; over 400 a deliberate flick does not.
    package static let flingSpeed = 184.0

    /// What the lift decided, and why.
    package enum Outcome: Equatable, Sendable {
        /// Lifted at least the fling speed toward completion (mm/s).
        case flungToward(Double)
        /// Lifted at least the fling speed away from completion (mm/s).
        case flungBack(Double)
        /// Lifted slower, at or past the threshold (progress, 1 at the threshold).
        case reached(Double)
        /// Lifted slower, short of the threshold (progress).
        case short(Double)

        /// Whether the gesture completes.
        package var completes: Bool {
            switch self {
            case .flungToward, .reached: true
            case .flungBack, .short: false
            }
        }
    }

    /// The outcome of a lift at `progress` (0 at the start, 1 at the threshold) moving at
    /// `velocity` millimeters per second, positive toward completion.
    package static func decide(progress: Double, velocity: Double, flingSpeed: Double = flingSpeed) -> Outcome {
        if velocity >= flingSpeed { return .flungToward(velocity) }
        if velocity <= -flingSpeed { return .flungBack(-velocity) }
        return progress >= 1 ? .reached(progress) : .short(progress)
    }
}
