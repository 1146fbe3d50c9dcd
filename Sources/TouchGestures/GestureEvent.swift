/// A swipe direction on the surface (y grows downward, so `down` means toward the bottom).
///
/// The four diagonals are reported only when ``GestureSettings/Swipe/diagonals`` is on.
public enum SwipeDirection: String, Hashable, Sendable, CaseIterable {
    case left, right, up, down
    case upLeft, upRight, downLeft, downRight

    /// True for `left` and `right`.
    public var isHorizontal: Bool { self == .left || self == .right }
    /// True for `up` and `down`.
    public var isVertical: Bool { self == .up || self == .down }
    /// True for the four diagonals.
    public var isDiagonal: Bool { !isHorizontal && !isVertical }

    /// The direction's sign along each axis: −1, 0 or 1 (x grows to the right, y downward).
    public var step: (x: Int, y: Int) {
        switch self {
        case .left: (-1, 0)
        case .right: (1, 0)
        case .up: (0, -1)
        case .down: (0, 1)
        case .upLeft: (-1, -1)
        case .upRight: (1, -1)
        case .downLeft: (-1, 1)
        case .downRight: (1, 1)
        }
    }

    /// The direction as a unit vector (length 1, no unit).
    public var unitVector: Point {
        let (x, y) = step
        let scale = x != 0 && y != 0 ? 0.5.squareRoot() : 1
        return Point(x: Double(x) * scale, y: Double(y) * scale)
    }

    /// The direction of a displacement `d` (millimeters, or any unit the same on both axes),
    /// among four directions or, with `diagonals`, eight. Among four, the longer axis wins;
    /// among eight, each direction owns the 45° around it, so a diagonal is reported from
    /// 22.5° off either axis. `nil` for no displacement.
    public init?(of d: Point, diagonals: Bool) {
        let ax = abs(d.x), ay = abs(d.y)
        guard ax > 0 || ay > 0 else { return nil }
        // tan 22.5° = √2 − 1: the boundary between an axis's sector and a diagonal's.
        let tan22_5 = 2.0.squareRoot() - 1
        let horizontal = d.x > 0 ? SwipeDirection.right : .left
        let vertical = d.y > 0 ? SwipeDirection.down : .up
        if !diagonals || (ay <= ax * tan22_5) || (ax <= ay * tan22_5) {
            self = ax >= ay ? horizontal : vertical
            return
        }
        switch (d.x > 0, d.y > 0) {
        case (true, true): self = .downRight
        case (true, false): self = .upRight
        case (false, true): self = .downLeft
        case (false, false): self = .upLeft
        }
    }
}

extension SwipeDirection {
    /// The direction of a displacement `d` among those a swipe listening along `axis` takes:
    /// ``init(of:diagonals:)`` for ``GestureSettings/SwipeAxis/free``, else the sign of the
    /// axis's own component (`nil` when it is 0).
    package init?(of d: Point, diagonals: Bool, axis: GestureSettings.SwipeAxis) {
        switch axis {
        case .free: self.init(of: d, diagonals: diagonals)
        case .horizontal:
            guard d.x != 0 else { return nil }
            self = d.x > 0 ? .right : .left
        case .vertical:
            guard d.y != 0 else { return nil }
            self = d.y > 0 ? .down : .up
        }
    }
}

extension GestureSettings.SwipeAxis {
    /// Whether a swipe listening along this axis can be one in direction `d`: every direction
    /// for ``free``, left and right for ``horizontal`` (no diagonal), up and down for ``vertical``.
    package func takes(_ d: SwipeDirection) -> Bool {
        switch self {
        case .free: true
        case .horizontal: d.isHorizontal
        case .vertical: d.isVertical
        }
    }

    /// The directions it takes, in words ("left and right"), for messages.
    package var directionWords: String {
        switch self {
        case .free: "every direction"
        case .horizontal: "left and right"
        case .vertical: "up and down"
        }
    }
}

/// An edge or corner of the surface, where an edge swipe starts.
public enum ScreenEdge: String, Hashable, Sendable, CaseIterable {
    case left, right, top, bottom, topLeft, topRight, bottomLeft, bottomRight
}

extension ScreenEdge {
    /// Whether a gesture that started in `edge`'s zone counts as starting from this one: the same
    /// edge, or for a side either corner that touches it (as lisgd's edges do; a corner written
    /// first takes its corner).
    package func admits(_ edge: ScreenEdge?) -> Bool {
        switch (self, edge) {
        case (.left, .topLeft?), (.left, .bottomLeft?), (.right, .topRight?), (.right, .bottomRight?),
             (.top, .topLeft?), (.top, .topRight?), (.bottom, .bottomLeft?), (.bottom, .bottomRight?): true
        default: edge == self
        }
    }
}

/// Where a continuous gesture (long press, pan, pinch, rotation, drag) is in its life.
public enum GesturePhase: String, Hashable, Sendable {
    /// The recognizer won its claim; the first report.
    case began
    /// The fingers moved (or the finger count changed) since the last report.
    case changed
    /// The last finger lifted.
    case ended
    /// A contact was cancelled by the device or the system.
    case cancelled
}

/// What the engine reports: a recognized gesture, or (when explaining) an arena decision.
public struct GestureEvent: Hashable, Sendable {
    /// When it happened, in seconds on the input's clock.
    public var time: Double
    /// What happened.
    public var kind: Kind

    /// An event of `kind` at `time` (seconds), as the engine reports it.
    public init(time: Double, kind: Kind) {
        self.time = time
        self.kind = kind
    }

    /// The kinds of output, each named as the trace format's `type`.
    public enum Kind: Hashable, Sendable {
        /// `tap`: one or more taps (``Tap/taps``) with one or more fingers.
        case tap(Tap)
        /// `swipe`: a quick stroke, recognized in the frame where it first qualifies.
        case swipe(Swipe)
        /// `longPress`: fingers held still for the long-press time, then moved and lifted.
        case longPress(LongPress)
        /// `pan`: a drag, from its slop to the lift.
        case pan(Pan)
        /// `pinch`: two or more fingers moving apart or together.
        case pinch(Pinch)
        /// `rotate`: two or more fingers turning around their center.
        case rotate(Rotate)
        /// `fling`: a lift fast enough to throw the content.
        case fling(Fling)
        /// `drag`: one finger dragging across a locked pan's axis (``DragRecognizer``), from
        /// its claim to the lift: what a list's sliding row follows. Only when the drag is
        /// enabled (``ArenaSettings/enabled``).
        case drag(Drag)
        /// `follow`: a gesture followed while it happens, as a ``FollowRequest`` of
        /// ``GestureEngine/followRequests`` asked: from its beginning to its commit or cancel. Only
        /// when a request was made.
        case follow(Follow)
        /// `sequence`: a ``GestureSequence`` of ``GestureSettings/sequences`` did its last step.
        /// Only when sequences are given.
        case sequence(Sequence)
        /// `failed`: a recognizer gave up on a touch sequence, or the arena rejected it (the
        /// reason's kind is then ``GestureFailure/Kind/rejected``). Only with
        /// ``GestureEngine/explain``.
        case failed(recognizer: RecognizerName, reason: GestureFailure)
        /// `won`: a recognizer won the touch sequence that began with contact `contact`. Only
        /// with ``GestureEngine/explain``.
        case won(recognizer: RecognizerName, contact: Int)

        /// The trace format's name for this kind.
        public var type: String {
            switch self {
            case .tap: "tap"
            case .swipe: "swipe"
            case .longPress: "longPress"
            case .pan: "pan"
            case .pinch: "pinch"
            case .rotate: "rotate"
            case .fling: "fling"
            case .drag: "drag"
            case .follow: "follow"
            case .sequence: "sequence"
            case .failed: "failed"
            case .won: "won"
            }
        }
    }

    /// A recognized tap or multiple tap.
    public struct Tap: Hashable, Sendable {
        /// Where: the mean of the touch-down points of the first tap's fingers, in surface
        /// units (a brief contact that is a tap of its own, ``GestureSettings/Tap/minFingerTime``,
        /// is none of them).
        public var position: Point
        /// How many taps in a row: 1 single, 2 double, …
        public var taps: Int
        /// How many fingers each tap used.
        public var fingers: Int

        /// A tap report: where, how many taps in a row, how many fingers.
        public init(position: Point, taps: Int, fingers: Int) {
            self.position = position
            self.taps = taps
            self.fingers = fingers
        }
    }

    /// A recognized swipe.
    public struct Swipe: Hashable, Sendable {
        /// The way the stroke went.
        public var direction: SwipeDirection
        /// Most fingers down at once during the swipe.
        public var fingers: Int
        /// Mean touch-down point of the fingers, in surface units.
        public var start: Point
        /// Mean position of the fingers when the swipe was recognized, in surface units.
        public var end: Point
        /// Seconds from the first touch-down to recognition.
        public var duration: Double
        /// Mean velocity from start to end, in surface units per second.
        public var velocity: Point
        /// The edge or corner zone every finger went down in (``GestureSettings/Swipe/edgeZone``,
        /// mm), whatever the swipe's direction; `nil` when they did not all start in one.
        public var edge: ScreenEdge?

        /// A swipe report with these values (surface units, seconds).
        public init(direction: SwipeDirection, fingers: Int, start: Point, end: Point,
                    duration: Double, velocity: Point, edge: ScreenEdge? = nil) {
            self.direction = direction
            self.fingers = fingers
            self.start = start
            self.end = end
            self.duration = duration
            self.velocity = velocity
            self.edge = edge
        }
    }

    /// A long press's report.
    public struct LongPress: Hashable, Sendable {
        /// Where the gesture is: began, changed, ended or cancelled.
        public var phase: GesturePhase
        /// Fingers down (at `ended`, those down before the lift).
        public var fingers: Int
        /// Mean position of the fingers, in surface units.
        public var position: Point
        /// Seconds since the first finger went down.
        public var duration: Double

        /// A long-press report with these values (surface units, seconds).
        public init(phase: GesturePhase, fingers: Int, position: Point, duration: Double) {
            self.phase = phase
            self.fingers = fingers
            self.position = position
            self.duration = duration
        }
    }

    /// A pan's report.
    public struct Pan: Hashable, Sendable {
        /// Where the gesture is: began, changed, ended or cancelled.
        public var phase: GesturePhase
        /// Fingers down (at `ended`, those down before the lift).
        public var fingers: Int
        /// Mean position of the fingers, in surface units.
        public var position: Point
        /// Movement of the fingers' center since the first touch-down, in surface units;
        /// continuous when fingers join or leave.
        public var translation: Point
        /// At `ended` (and `cancelled`), the mean velocity of the lifting fingers at the lift, in
        /// surface units per second (zero when they had stopped); `nil` in `began` and
        /// `changed`. As in Flutter's drag updates and GTK's `drag-update`, a moving pan
        /// reports where it is, and the velocity once, where it matters (a fling, momentum);
        /// mid-drag, ask ``GestureEngine/velocity(ofContact:)``. Estimating it every frame would
        /// cost more than the rest of the engine together.
        public var velocity: Point?

        /// A pan report with these values (surface units, seconds).
        public init(phase: GesturePhase, fingers: Int, position: Point, translation: Point, velocity: Point?) {
            self.phase = phase
            self.fingers = fingers
            self.position = position
            self.translation = translation
            self.velocity = velocity
        }
    }

    /// A pinch's report.
    public struct Pinch: Hashable, Sendable {
        /// Where the gesture is: began, changed, ended or cancelled.
        public var phase: GesturePhase
        /// How many fingers take part.
        public var fingers: Int
        /// Center of the fingers, in surface units.
        public var focus: Point
        /// Spread of the fingers relative to when they went down (1 unchanged, 2 twice as far
        /// apart), no unit; continuous when fingers join or leave.
        public var scale: Double

        /// A pinch report with these values.
        public init(phase: GesturePhase, fingers: Int, focus: Point, scale: Double) {
            self.phase = phase
            self.fingers = fingers
            self.focus = focus
            self.scale = scale
        }
    }

    /// A rotation's report.
    public struct Rotate: Hashable, Sendable {
        /// Where the gesture is: began, changed, ended or cancelled.
        public var phase: GesturePhase
        /// How many fingers take part.
        public var fingers: Int
        /// Center of the fingers, in surface units.
        public var focus: Point
        /// Angle turned since the fingers went down, in radians, clockwise on the screen
        /// positive (y grows downward); not wrapped, so two turns are 4π.
        public var angle: Double

        /// A rotation report with these values (the angle in radians).
        public init(phase: GesturePhase, fingers: Int, focus: Point, angle: Double) {
            self.phase = phase
            self.fingers = fingers
            self.focus = focus
            self.angle = angle
        }
    }

    /// A fling: the lift of a moving hand.
    public struct Fling: Hashable, Sendable {
        /// Fingers that were down.
        public var fingers: Int
        /// Where the last finger lifted, in surface units.
        public var position: Point
        /// Velocity at the lift, in surface units per second (the units positions are in),
        /// clamped to ``GestureSettings/Fling/maxVelocity``.
        public var velocity: Point
        /// How fast ``velocity`` is, in millimeters per second: the one figure of a fling that
        /// means the same on every panel (the trace format's `speed`).
        public var millimetersPerSecond: Double

        /// The former name of ``millimetersPerSecond``, which did not say its unit.
        @available(*, deprecated, renamed: "millimetersPerSecond")
        public var speed: Double { millimetersPerSecond }

        /// A fling report with these values (velocity in surface units per second).
        public init(fingers: Int, position: Point, velocity: Point, millimetersPerSecond: Double) {
            self.fingers = fingers
            self.position = position
            self.velocity = velocity
            self.millimetersPerSecond = millimetersPerSecond
        }
    }

    /// A drag's report: one finger across a locked pan's axis (``DragRecognizer``).
    ///
    /// Reported `began` when the drag claims the touch (the pan gave it up across its axis
    /// while one finger was down), `changed` when the first finger moved or the number of
    /// fingers changed, and `ended` (`cancelled` when a contact was cancelled) when the last
    /// finger lifted. A consumer that follows one finger (a list's row) follows ``position``
    /// while ``fingers`` is 1.
    public struct Drag: Hashable, Sendable {
        /// Where the gesture is: began, changed, ended or cancelled.
        public var phase: GesturePhase
        /// Fingers down after the frame (at `ended`, those down before the lift).
        public var fingers: Int
        /// Where the touch sequence's first finger went down, in surface units.
        public var start: Point
        /// Where the first finger is, in surface units: where it was last seen while it was
        /// down (its lift's frame included).
        public var position: Point

        /// A drag report with these values (surface units).
        public init(phase: GesturePhase, fingers: Int, start: Point, position: Point) {
            self.phase = phase
            self.fingers = fingers
            self.start = start
            self.position = position
        }
    }

    /// A followed gesture's report (``FollowRequest`` has the rules).
    ///
    /// Reported `began` when the gesture begins (a swipe at the touch slop, a pinch or a rotation
    /// when the engine reports it began), `changed` at each frame after, then `ended` when it
    /// commits or `cancelled` when it falls back, with why (``end``).
    ///
    /// Its fields are laid out to keep the event as small as a swipe's report: every event the
    /// engine reports is as large as its largest kind.
    public struct Follow: Hashable, Sendable {
        /// Why a followed gesture ended as it did.
        public enum End: String, Hashable, Sendable, CaseIterable {
            /// Committed: lifted at least 184 mm/s toward completion (``velocity``), whatever the
            /// progress.
            case flungToward
            /// Cancelled: lifted at least 184 mm/s away from completion (``velocity`` is negative).
            case flungBack
            /// Committed: lifted slower, at or past the threshold.
            case reached
            /// Cancelled: lifted slower, short of the threshold.
            case short
            /// Cancelled: a contact was cancelled by the device or the system.
            case touchCancelled
            /// Cancelled: the input ended with the fingers down (``GestureEngine/finish(emit:)``).
            case inputEnded
            /// Cancelled: a followed sequence broke a step, or the arena gave its touch to
            /// another gesture, before the fingers of its followed step lifted.
            case sequenceBroken

            /// Whether the gesture completes (`ended`) rather than falls back (`cancelled`).
            public var completes: Bool { self == .flungToward || self == .reached }
        }

        /// The index in ``GestureEngine/followRequests`` of the request that took it.
        public var request: Int
        /// The measure (mm) at which progress is 1.
        public var threshold: Double
        /// The measure over the threshold: 0 where the fingers went down, 1 at the threshold.
        public var progress: Double
        /// The gesture's own value: a swipe's distance along its direction (mm), a pinch's scale
        /// (1 at the start), a rotation's angle (degrees, clockwise positive); for a sequence, its
        /// followed step's (a move's, a pinch's or a rotation's).
        public var value: Double
        /// How fast the measure changes toward completion, in mm/s: at `ended` or `cancelled`,
        /// the speed at the lift (0 for ``End/touchCancelled`` and ``End/inputEnded``).
        public var velocity: Double
        /// Fingers down (at `began`, `ended` and `cancelled`: the fingers it began with).
        public var fingers: Int
        /// What began: a swipe, a pinch, a rotation or a declared sequence, with each of its
        /// kind's fields set.
        public var gesture: GesturePattern
        /// Where it is: began, changed, ended (it commits) or cancelled (it falls back).
        public var phase: GesturePhase
        /// Why it ended; `nil` while it goes on.
        public var end: End?

        /// The measure (mm) toward completion: progress × threshold.
        public var measure: Double { progress * threshold }

        /// A follow report with these values.
        public init(phase: GesturePhase, request: Int, gesture: GesturePattern, threshold: Double, progress: Double,
                    value: Double, velocity: Double, fingers: Int, end: End?) {
            (self.request, self.threshold, self.progress, self.value) = (request, threshold, progress, value)
            (self.velocity, self.fingers, self.gesture, self.phase, self.end) = (velocity, fingers, gesture, phase, end)
        }
    }
}
