/// A swipe direction on the surface (y grows downward, so `down` means toward the bottom).
public enum SwipeDirection: String, Hashable, Sendable, CaseIterable {
    case left, right, up, down

    /// True for `left` and `right`.
    public var isHorizontal: Bool { self == .left || self == .right }
}

/// Names the recognizers in `failed` events and explanations.
public enum RecognizerName: String, Hashable, Sendable {
    case swipe, tap
}

/// What the engine reports: a recognised gesture, a list change, or (when explaining) a failure.
public struct GestureEvent: Hashable, Sendable {
    /// When it happened, in seconds on the input's clock.
    public var time: Double
    /// What happened.
    public var kind: Kind

    public init(time: Double, kind: Kind) {
        self.time = time
        self.kind = kind
    }

    /// The kinds of output, each named as the trace format's `type`.
    public enum Kind: Hashable, Sendable {
        /// `tap`: one or more taps (``Tap/taps``) with one or more fingers.
        case tap(Tap)
        /// `swipe`: a quick stroke, recognised in the frame where it first qualifies.
        case swipe(Swipe)
        /// `rowSwipe`: a list row's swipe state changed; `swiped` is its new state.
        case rowSwipe(row: Int, swiped: Bool)
        /// `select`: a list row was selected by a tap.
        case select(row: Int)
        /// `failed`: a recognizer gave up on a touch sequence. Only with ``GestureEngine/explain``.
        case failed(recognizer: RecognizerName, reason: GestureFailure)

        /// The trace format's name for this kind.
        public var type: String {
            switch self {
            case .tap: "tap"
            case .swipe: "swipe"
            case .rowSwipe: "rowSwipe"
            case .select: "select"
            case .failed: "failed"
            }
        }
    }

    /// A recognised tap or multiple tap.
    public struct Tap: Hashable, Sendable {
        /// Where: the mean of the first tap's touch-down points, in surface units.
        public var position: Point
        /// How many taps in a row: 1 single, 2 double, …
        public var taps: Int
        /// How many fingers each tap used.
        public var fingers: Int

        public init(position: Point, taps: Int, fingers: Int) {
            self.position = position
            self.taps = taps
            self.fingers = fingers
        }
    }

    /// A recognised swipe.
    public struct Swipe: Hashable, Sendable {
        public var direction: SwipeDirection
        /// Most fingers down at once during the swipe.
        public var fingers: Int
        /// Mean touch-down point of the fingers, in surface units.
        public var start: Point
        /// Mean position of the fingers when the swipe was recognised, in surface units.
        public var end: Point
        /// Seconds from the first touch-down to recognition.
        public var duration: Double
        /// Mean velocity from start to end, in surface units per second.
        public var velocity: Point

        public init(direction: SwipeDirection, fingers: Int, start: Point, end: Point,
                    duration: Double, velocity: Point) {
            self.direction = direction
            self.fingers = fingers
            self.start = start
            self.end = end
            self.duration = duration
            self.velocity = velocity
        }
    }
}
