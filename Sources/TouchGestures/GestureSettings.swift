/// Every threshold the recognizers use. Distances are in millimetres, times in seconds.
///
/// Distances are converted to surface units through the ``Surface`` resolution, so the
/// defaults mean the same physical motion on any device. Each default names its source.
public struct GestureSettings: Hashable, Sendable {
    /// Swipe thresholds (see ``SwipeRecognizer``).
    public var swipe = Swipe()
    /// Tap thresholds (see ``TapRecognizer``).
    public var tap = Tap()

    public init() {}

    /// Thresholds of the swipe detector ported from the original table-cell code.
    public struct Swipe: Hashable, Sendable {
        /// Minimum distance along the swipe axis, in millimetres. Default 12 mm.
        ///
        /// The original used `HORIZ_SWIPE_DRAG_MIN 12` in points (Apple's event-handling
        /// sample the article took its code from). At the first iPhone's 163 points per inch
        /// that is 1.9 mm, below the jitter of a resting fingertip, which is why such
        /// detectors fired on taps; we keep the number and read it in millimetres.
        public var minDistance: Double = 12
        /// Maximum drift across the swipe axis ("shaky fingers"), in millimetres. Default 8 mm.
        ///
        /// The original allowed `VERT_SWIPE_DRAG_MAX 4` points (0.6 mm at 163 ppi). Scaled with
        /// the distance above it would be 4 mm; we allow twice that because a thumb swiping
        /// across a row moves in an arc, and 8 mm still keeps a 12 mm swipe within 34° of its axis.
        public var maxDrift: Double = 8
        /// Maximum time from touch-down to the frame where the swipe is recognised, in seconds.
        /// Default 0.7 s, the original's limit (`touch.timestamp - startTouchTime < .7`).
        public var maxDuration: Double = 0.7

        public init() {}
    }

    /// Thresholds of single and multiple taps.
    public struct Tap: Hashable, Sendable {
        /// How far any finger may move from where it went down, in millimetres. Default 4.7 mm:
        /// Flutter's `kTouchSlop` of 18 logical pixels at its nominal 38 logical pixels per cm.
        public var maxMovement: Double = 4.7
        /// Longest press that is still a tap, from first finger down to last finger up, in
        /// seconds; `nil` (the default) sets no limit. As in Flutter and GTK, a press of any
        /// length is a tap unless a long-press recognizer competes for it and claims it; with no
        /// such recognizer, a user who holds a row for 0.8 s and lets go expects it selected (the
        /// two-finger touch in the Atmel recording of the corpus is held 0.82 s). Set it (0.5 s is
        /// the long-press time of Android's `DEFAULT_LONG_PRESS_TIMEOUT` and GTK's
        /// `gtk-long-press-time`) to refuse longer presses.
        public var maxDuration: Double? = nil
        /// Longest gap from one tap's lift to the next tap's touch-down for the two to count
        /// as one multiple tap, in seconds. Default 0.3 s, Android's `DOUBLE_TAP_TIMEOUT` and
        /// Flutter's `kDoubleTapTimeout`.
        public var maxGap: Double = 0.3
        /// How far a following tap may land from the first, in millimetres. Default 15.9 mm:
        /// Android's `DOUBLE_TAP_SLOP` of 100 dp at 160 dp per inch.
        public var maxSpacing: Double = 15.9
        /// The most taps counted in one multiple tap; reaching it reports at once. Default 2
        /// (double tap). A sequence shorter than this is reported when ``maxGap`` has passed.
        public var maxCount: Int = 2

        public init() {}
    }
}
