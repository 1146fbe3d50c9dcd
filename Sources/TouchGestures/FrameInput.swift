/// What the engine hands each recognizer of a frame, and the reports it takes back. Kept by the
/// engine as one stored value and passed to ``Recognizers/visit(_:_:)`` in place: building it
/// per frame would copy the contact table (and retain its arrays) for nothing.
struct FrameInput: RecognizerVisitor {
    let surface: Surface
    var time = 0.0
    var facts = FrameFacts(edge: false, down: false, twoOrMore: false)
    var contacts = ContactTable()
    var spread = SpreadTracker()
    /// The reports of the recognizer last visited: they are routed only after it returns, as
    /// routing may change it.
    var box = Outbox()

    init(surface: Surface) { self.surface = surface }

    /// Runs one recognizer over the frame, if it wants it.
    @inline(__always) mutating func visit<R: Recognizer>(_ recognizer: inout R) {
        guard recognizer.wants(facts) else { return }
        Self.run(&recognizer, time, contacts, surface, spread, into: &box)
    }

    /// The step itself, given the parts one by one: a closure that changes `box` while a method
    /// of this value hands out `contacts` makes the compiler copy the contact table on every
    /// call (+19% of the engine benchmark's instructions, callgrind), as the two could overlap.
    @inline(__always) private static func run<R: Recognizer>(
        _ recognizer: inout R, _ time: Double, _ contacts: ContactTable, _ surface: Surface, _ spread: SpreadTracker,
        into box: inout Outbox
    ) {
        recognizer.handle(time: time, contacts: contacts, surface: surface, spread: spread) { box.put($0, current: $1) }
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
