/// Which gesture: its kind and what tells one of that kind from another (a swipe's direction, a
/// pinch's way, a rotation's turn, a tap's count), with its fingers and the edge it starts from.
///
/// One value says it wherever a gesture is named: a daemon's binding ("swipe up, 3 fingers, from
/// the bottom edge"), a request to follow a gesture, and a recognized gesture as the bindings
/// test it. In a pattern, a field left `nil` (or ``Edge/any``) takes any value; a recognized
/// gesture's pattern has each of its kind's fields set. ``mismatch(_:)`` is the one test of a
/// gesture against a pattern.
///
/// ```swift
/// let drawer = GesturePattern(.swipe, direction: .up, fingers: 1, edge: .edge(.bottom))
/// let seen = GesturePattern(.swipe, direction: .up, fingers: 1, edge: .edge(.bottomLeft))
/// drawer.mismatch(seen)  // nil: a side's zone takes the corners that touch it
/// ```
public struct GesturePattern: Hashable, Sendable {
    /// The gestures a pattern can name: the recognizers whose gestures a user binds, and the
    /// declared sequences of steps (``GestureSequence``), told apart by their names.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case tap, swipe, longPress, pinch, rotate, sequence

        /// The engine's recognizer of it.
        public var recognizer: RecognizerName {
            switch self {
            case .tap: .tap
            case .swipe: .swipe
            case .longPress: .longPress
            case .pinch: .pinch
            case .rotate: .rotate
            case .sequence: .sequence
            }
        }

        /// The kind `recognizer` recognizes; `nil` for the pan, the fling and the drag, which
        /// no pattern names (they move content rather than run something).
        public init?(_ recognizer: RecognizerName) {
            switch recognizer {
            case .tap: self = .tap
            case .swipe: self = .swipe
            case .longPress: self = .longPress
            case .pinch: self = .pinch
            case .rotate: self = .rotate
            case .sequence: self = .sequence
            case .pan, .fling, .drag: return nil
            }
        }
    }

    /// Which way a pinch goes.
    public enum PinchWay: String, Hashable, Sendable, CaseIterable {
        /// The fingers came together (scale below 1).
        case `in`
        /// The fingers spread apart (scale above 1).
        case out
    }

    /// Which way a rotation turns, as seen on the screen.
    public enum Turn: String, Hashable, Sendable, CaseIterable {
        case clockwise, counterclockwise
    }

    /// Where the gesture started: every finger within ``GestureSettings/Swipe/edgeZone`` of an
    /// edge (or of two, a corner), or not.
    public enum Edge: Hashable, Sendable {
        /// Anywhere (in a pattern); lisgd's `*`.
        case any
        /// In no edge's zone; lisgd's `N`.
        case none
        /// In this edge's (or corner's) zone. In a pattern, a side also takes the two corners
        /// that touch it, as lisgd's do (a pattern for a corner tried before it takes those first).
        case edge(ScreenEdge)

        /// The edge of a recognized gesture that started in `edge`'s zone, or in none.
        public init(_ edge: ScreenEdge?) { self = edge.map { .edge($0) } ?? .none }

        /// The edge or corner itself; `nil` for ``any`` and ``none``.
        public var screenEdge: ScreenEdge? {
            if case .edge(let e) = self { e } else { nil }
        }

        /// Whether a gesture that started in `edge`'s zone (`nil`: in none) is one this takes.
        public func admits(_ edge: ScreenEdge?) -> Bool {
            switch self {
            case .any: true
            case .none: edge == nil
            case .edge(let e): e.admits(edge)
            }
        }
    }

    // The stored fields in the order that packs them best: the two counts, then the bytes
    // (a sequence's index last), 33 bytes where the order of the words below took 41.

    /// A tap's count: 1 a tap, 2 a double tap. Only a tap's is tested.
    public var taps: Int
    /// How many fingers; `nil` for any number.
    public var fingers: Int?
    /// The kind of gesture: always tested first.
    public var kind: Kind
    /// A swipe's direction; `nil` for any.
    public var direction: SwipeDirection?
    /// A pinch's way; `nil` for either.
    public var pinch: PinchWay?
    /// A rotation's turn; `nil` for either.
    public var turn: Turn?
    /// Where the gesture started; ``Edge/any`` for anywhere.
    public var edge: Edge
    /// A declared sequence, by its index in ``GestureSettings/sequences`` (as its report,
    /// ``GestureEvent/Sequence/index``, gives it); `nil` for any. Only a sequence's is tested.
    public var sequence: Int?

    /// A gesture of `kind`; every field not given takes any value (a tap's count is 1).
    public init(_ kind: Kind, direction: SwipeDirection? = nil, pinch: PinchWay? = nil, turn: Turn? = nil,
                taps: Int = 1, fingers: Int? = nil, edge: Edge = .any, sequence: Int? = nil) {
        (self.kind, self.direction, self.pinch, self.turn) = (kind, direction, pinch, turn)
        (self.taps, self.fingers, self.edge, self.sequence) = (taps, fingers, edge, sequence)
    }

    /// The test a gesture failed, in the order ``mismatch(_:)`` makes them, with what the pattern
    /// asked for.
    public enum Mismatch: Hashable, Sendable {
        case kind
        case fingers(Int)
        case direction(SwipeDirection)
        case taps(Int)
        case pinch(PinchWay)
        case turn(Turn)
        case sequence(Int)
        case edge
    }

    /// The first test `gesture` (a recognized gesture's pattern) fails, or `nil` when this
    /// pattern takes it. In order: the kind, the fingers, then the kind's own field (a swipe's
    /// direction, a tap's count, a pinch's way, a rotation's turn, a sequence's index), then the edge.
    public func mismatch(_ gesture: GesturePattern) -> Mismatch? {
        if kind != gesture.kind { return .kind }
        if let f = fingers, f != gesture.fingers { return .fingers(f) }
        switch kind {
        case .swipe: if let d = direction, d != gesture.direction { return .direction(d) }
        case .tap: if taps != gesture.taps { return .taps(taps) }
        case .pinch: if let p = pinch, p != gesture.pinch { return .pinch(p) }
        case .rotate: if let t = turn, t != gesture.turn { return .turn(t) }
        case .sequence: if let k = sequence, k != gesture.sequence { return .sequence(k) }
        case .longPress: break
        }
        if !edge.admits(gesture.edge.screenEdge) { return .edge }
        return nil
    }
}
