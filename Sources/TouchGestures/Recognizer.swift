/// Names the recognizers, in the order the arena settles claims made in the same frame.
///
/// The cases are the list of the arena's members: the engine offers each frame to the
/// recognizers in this order, and the arena breaks ties in it.
public enum RecognizerName: String, Hashable, Sendable, CaseIterable {
    case longPress, tap, pinch, rotate, swipe, pan, fling
    /// A one-finger drag across a locked pan's axis (``DragRecognizer``): a list's sliding row.
    /// Not enabled by default.
    case drag
    /// The declared sequences of ``GestureSettings/sequences`` (``GestureSequence``), as one
    /// member: every other member waits for it while one of them can still be done. It takes
    /// part only when sequences are given.
    case sequence

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
        case .sequence: 8
        }
    }
}

/// A set of recognizers, as bits: allocation-free, so the arena can test it per frame.
public struct RecognizerSet: OptionSet, Hashable, Sendable {
    /// One bit per recognizer, at ``RecognizerName/index``.
    public var rawValue: UInt16
    /// The set whose bits are `rawValue`.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The set holding only `name`.
    @inlinable public init(_ name: RecognizerName) { rawValue = 1 << UInt16(name.index) }
    /// The set holding `names`.
    public init(_ names: [RecognizerName]) {
        rawValue = 0
        for n in names { insert(RecognizerSet(n)) }
    }

    /// Every recognizer.
    public static let all = RecognizerSet(RecognizerName.allCases)

    /// Whether `name` is in the set.
    @inlinable public func contains(_ name: RecognizerName) -> Bool { rawValue & (1 << UInt16(name.index)) != 0 }

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
    /// Updates the recognizer with `frame`, already applied to its contacts (and to its spread,
    /// measured once per frame for the two-finger recognizers). The frame is only read: `inout`
    /// passes it by address (``RecognizerFrame`` says why). Each report goes to `reports`,
    /// marked as belonging to an earlier sequence when it does (the tap's taps of sequences
    /// whose arenas have closed).
    mutating func handle(_ frame: inout RecognizerFrame, into reports: inout Outbox)
    /// Gives up on the sequence because the arena decided so; a report it still owes (the
    /// tap's taps counted before this press) goes to `reports`.
    mutating func lose(_ failure: GestureFailure, at time: Double, into reports: inout Outbox)
}

/// One recognizer of each kind, in the arena's order: what an engine runs and its arena settles.
///
/// This is where a recognizer is registered, and the only place: its field and initial value,
/// its step in ``inOrder(_:emit:)`` and its case in ``visit(_:_:)``, beside its case in
/// ``RecognizerName``. The engine's frame steps every member through `inOrder`, and the arena's
/// word to a loser reaches it through `visit`, so neither needs a line for a new recognizer. The
/// compiler rejects a name without a case in `visit`, and a test an order in `inOrder` other than
/// `RecognizerName`'s.
struct Recognizers: Sendable, ArenaMembers {
    var longPress: LongPressRecognizer
    var tap: TapRecognizer
    var pinch: PinchRecognizer
    var rotate: RotateRecognizer
    var swipe: SwipeRecognizer
    var pan: PanRecognizer
    var fling: FlingRecognizer
    var drag = DragRecognizer()
    var sequence: SequenceRecognizer

    init(settings: GestureSettings) {
        longPress = LongPressRecognizer(settings: settings.longPress)
        tap = TapRecognizer(settings: settings.tap)
        pinch = PinchRecognizer(settings: settings.pinch)
        rotate = RotateRecognizer(settings: settings.rotate)
        swipe = SwipeRecognizer(settings: settings.swipe)
        swipe.awaited = settings.arena.isAwaited(.swipe)
        pan = PanRecognizer(settings: settings.pan)
        fling = FlingRecognizer(settings: settings.fling)
        sequence = SequenceRecognizer(sequences: settings.sequences, limits: .init(settings))
    }

    /// Steps `stepper` through the members' types in the arena's order. Types rather than a loop
    /// over names: each step is specialized for its recognizer, so the engine's frame runs as
    /// straight code with no dispatch (a loop over the names cost 22 instructions a member,
    /// 1.8% of the engine benchmark's, callgrind).
    @inline(__always) static func inOrder<S: MemberStepper>(_ stepper: inout S, emit: (GestureEvent) -> Void) {
        stepper.step(LongPressRecognizer.self, emit: emit)
        stepper.step(TapRecognizer.self, emit: emit)
        stepper.step(PinchRecognizer.self, emit: emit)
        stepper.step(RotateRecognizer.self, emit: emit)
        stepper.step(SwipeRecognizer.self, emit: emit)
        stepper.step(PanRecognizer.self, emit: emit)
        stepper.step(FlingRecognizer.self, emit: emit)
        stepper.step(DragRecognizer.self, emit: emit)
        stepper.step(SequenceRecognizer.self, emit: emit)
    }

    /// Hands the recognizer named `name` to `visitor`: the one place a name meets its member.
    /// The engine hands each recognizer its frame this way, and the arena tells its losers.
    @inline(__always) mutating func visit<V: RecognizerVisitor>(_ name: RecognizerName, _ visitor: inout V) {
        switch name {
        case .longPress: visitor.visit(&longPress)
        case .tap: visitor.visit(&tap)
        case .pinch: visitor.visit(&pinch)
        case .rotate: visitor.visit(&rotate)
        case .swipe: visitor.visit(&swipe)
        case .pan: visitor.visit(&pan)
        case .fling: visitor.visit(&fling)
        case .drag: visitor.visit(&drag)
        case .sequence: visitor.visit(&sequence)
        }
    }

    /// Tells recognizer `r` that the arena took the sequence from it.
    mutating func lose(_ r: RecognizerName, _ failure: GestureFailure, at time: Double, emit: (GestureEvent) -> Void) {
        var loss = Loss(failure: failure, time: time)
        visit(r, &loss)
        // What a loser still owes (the taps a tap counted before this press), in order.
        let box = loss.box
        if box.count > 0 { emit(GestureEvent(time: time, kind: box.first)) }
        if box.count > 1 { emit(GestureEvent(time: time, kind: box.second)) }
        if box.count > 2 { emit(GestureEvent(time: time, kind: box.third)) }
    }

    /// What ``lose(_:_:at:emit:)`` hands the loser, and the reports it gives back.
    private struct Loss: RecognizerVisitor {
        let failure: GestureFailure
        let time: Double
        var box = Outbox()

        mutating func visit<R: Recognizer>(_ recognizer: inout R) {
            recognizer.lose(failure, at: time, into: &box)
        }
    }
}

/// Something done to each recognizer in the arena's order (``Recognizers/inOrder(_:emit:)``):
/// the engine, handing each its frame.
protocol MemberStepper {
    /// Does it to the recognizer of type `member`; its reports go to `emit`.
    mutating func step<R: Recognizer>(_ member: R.Type, emit: (GestureEvent) -> Void)
}

/// Something done to one recognizer whatever its type, through ``Recognizers/visit(_:_:)``.
protocol RecognizerVisitor {
    /// Does it to `recognizer`.
    mutating func visit<R: Recognizer>(_ recognizer: inout R)
}
