/// Names the recognizers, in the order the arena settles claims made in the same frame.
public enum RecognizerName: String, Hashable, Sendable, CaseIterable {
    case longPress, tap, pinch, rotate, swipe, pan, fling
    /// A one-finger drag across a locked pan's axis (``DragRecognizer``): a list's sliding row.
    /// Not enabled by default.
    case drag

    /// Position in `allCases`: the bit of this recognizer in a ``RecognizerSet``.
    @inlinable public var index: Int {
        switch self {
        case .longPress: 0
        case .tap: 1
        case .pinch: 2
        case .rotate: 3
        case .swipe: 4
        case .pan: 5
        case .fling: 6
        case .drag: 7
        }
    }
}

/// A set of recognizers, as bits: allocation-free, so the arena can test it per frame.
public struct RecognizerSet: OptionSet, Hashable, Sendable {
    /// One bit per recognizer, at ``RecognizerName/index``.
    public var rawValue: UInt8
    /// The set whose bits are `rawValue`.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The set holding only `name`.
    @inlinable public init(_ name: RecognizerName) { rawValue = 1 << UInt8(name.index) }
    /// The set holding `names`.
    public init(_ names: [RecognizerName]) {
        rawValue = 0
        for n in names { insert(RecognizerSet(n)) }
    }

    /// Every recognizer.
    public static let all = RecognizerSet(RecognizerName.allCases)

    /// Whether `name` is in the set.
    @inlinable public func contains(_ name: RecognizerName) -> Bool { rawValue & (1 << UInt8(name.index)) != 0 }

    /// The names in the set, in `RecognizerName.allCases` order.
    public var names: [RecognizerName] { RecognizerName.allCases.filter { contains($0) } }
}

/// What the engine knows of a frame before it offers it to the recognizers: enough for each
/// to say whether the frame can change anything for it.
struct FrameFacts {
    /// The frame begins or ends a touch sequence, or cancels a contact: every recognizer resets
    /// or decides on such a frame.
    var edge: Bool
    /// A finger went down in this frame.
    var down: Bool
    /// Two or more fingers are down.
    var twoOrMore: Bool
}

/// One recognizer, as the engine and the arena see it. Each gesture is a type of its own, in a
/// file of its own, that conforms; ``Recognizers`` holds one of each in the arena's order.
protocol Recognizer: Sendable {
    /// Its name in the arena.
    static var name: RecognizerName { get }
    /// Whether `frame` can change anything for it: a frame it has nothing to do with is not
    /// offered at all (what keeps a long drag cheap).
    func wants(_ frame: FrameFacts) -> Bool
    /// Updates the recognizer with a frame already applied to `contacts` (and to `spread`,
    /// measured once per frame for the two-finger recognizers). Each report goes to `emit`
    /// with whether it belongs to the sequence now on the surface (`false` for taps of earlier
    /// sequences, whose arenas have closed).
    mutating func handle(time: Double, contacts: ContactTable, surface: Surface, spread: SpreadTracker,
                         emit: (GestureEvent.Kind, Bool) -> Void)
    /// Gives up on the sequence because the arena decided so; a report it still owes (the
    /// tap's taps counted before this press) goes to `emit`.
    mutating func lose(_ failure: GestureFailure, at time: Double, emit: (GestureEvent.Kind) -> Void)
}

/// One recognizer of each kind, in the arena's order: what an engine runs and its arena settles.
struct Recognizers: Sendable, ArenaMembers {
    var longPress: LongPressRecognizer
    var tap: TapRecognizer
    var pinch: PinchRecognizer
    var rotate: RotateRecognizer
    var swipe: SwipeRecognizer
    var pan: PanRecognizer
    var fling: FlingRecognizer
    var drag = DragRecognizer()

    init(settings: GestureSettings) {
        longPress = LongPressRecognizer(settings: settings.longPress)
        tap = TapRecognizer(settings: settings.tap)
        pinch = PinchRecognizer(settings: settings.pinch)
        rotate = RotateRecognizer(settings: settings.rotate)
        swipe = SwipeRecognizer(settings: settings.swipe)
        pan = PanRecognizer(settings: settings.pan)
        fling = FlingRecognizer(settings: settings.fling)
    }

    /// Tells recognizer `r` that the arena took the sequence from it.
    mutating func lose(_ r: RecognizerName, _ failure: GestureFailure, at time: Double, emit: (GestureEvent) -> Void) {
        func tell<R: Recognizer>(_ recognizer: inout R) {
            recognizer.lose(failure, at: time) { emit(GestureEvent(time: time, kind: $0)) }
        }
        switch r {
        case .longPress: tell(&longPress)
        case .tap: tell(&tap)
        case .pinch: tell(&pinch)
        case .rotate: tell(&rotate)
        case .swipe: tell(&swipe)
        case .pan: tell(&pan)
        case .fling: tell(&fling)
        case .drag: tell(&drag)
        }
    }
}
