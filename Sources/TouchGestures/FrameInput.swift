/// One frame as every recognizer sees it: applied to the contacts and the spread, with what the
/// engine knows of it. The engine keeps it in ``FrameInput`` and hands it to each member's
/// ``Recognizer/handle(_:into:)`` in place: `inout`, though no recognizer writes it, so that it
/// is passed by its address. Passed by value, this struct of some hundreds of bytes was copied
/// at each of the 4.6 million calls of the engine benchmark's full session (+296 M instructions
/// of `memcpy`, +6.1% of the run, callgrind).
struct RecognizerFrame {
    let surface: Surface
    var time = 0.0
    var facts = FrameFacts(edge: false, down: false, twoOrMore: false)
    var contacts = ContactTable()
    var spread = SpreadTracker()
    /// Why the pan failed in this touch sequence, if it did, as the engine reads it just before
    /// the drag's step (the pan is earlier in the order): the one fact one member takes from
    /// another (``DragRecognizer`` claims what the locked pan gave up across its axis).
    var panFailure: GestureFailure?

    init(surface: Surface) { self.surface = surface }
}

/// What the engine hands each recognizer of a frame, and the reports it takes back. Kept by the
/// engine as one stored value and passed to ``Recognizers/visit(_:_:)`` in place: building it
/// per frame would copy the contact table (and retain its arrays) for nothing.
struct FrameInput: RecognizerVisitor {
    var frame: RecognizerFrame
    /// The reports of the recognizer last visited: they are routed only after it returns, as
    /// routing may change it.
    var box = Outbox()

    init(surface: Surface) { frame = RecognizerFrame(surface: surface) }

    /// Runs one recognizer over the frame, if it wants it. The frame and the box are two
    /// stored properties, both lent in place (a closure that wrote the box while the contact
    /// table was lent made the compiler copy the table on every call: +19% of the engine
    /// benchmark's instructions, callgrind).
    @inline(__always) mutating func visit<R: Recognizer>(_ recognizer: inout R) {
        guard recognizer.wants(frame.facts) else { return }
        recognizer.handle(&frame, into: &box)
    }
}

/// A recognizer's reports from one frame or one loss (at most three: the tap's earlier taps, its own
/// report and a failure), kept in plain fields: no allocation, and no copying of an inline
/// array on each access.
struct Outbox {
    var count = 0
    var first = GestureEvent.Kind.won(recognizer: .tap, contact: 0), second = GestureEvent.Kind.won(recognizer: .tap, contact: 0), third = GestureEvent.Kind.won(recognizer: .tap, contact: 0)
    var firstCurrent = true, secondCurrent = true, thirdCurrent = true

    @inline(__always) mutating func put(_ kind: GestureEvent.Kind, current: Bool = true) {
        switch count {
        case 0: first = kind; firstCurrent = current
        case 1: second = kind; secondCurrent = current
        default: third = kind; thirdCurrent = current
        }
        count += 1
    }
}
