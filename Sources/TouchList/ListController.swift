import TouchGestures

/// Joins a `GestureEngine` (of `TouchGestures`), the ``ListModel`` its gestures drive and the ``PageSource`` the
/// list's pages come from: the one code path that recordings, tests and live devices all go
/// through when there is a list.
///
/// Feed frames in time order with ``handle(_:emit:)``; call ``advance(to:emit:)`` when time
/// passes with no event (so that momentum, snaps, page answers and a single tap's deadline
/// move on), and ``finish(emit:)`` at the end of the input. Each gesture is reported first,
/// then the list changes it caused.
///
/// ```swift
/// var controller = ListController(surface: surface,
///                                 list: ListModel(layout: ListLayout(rows: 8, rowHeight: 60, width: 800, height: 480)))
/// controller.handle(frame) { output in print(output) }
/// ```
public struct ListController: Sendable {
    /// What a controller reports: a gesture, or a change of the list.
    public enum Output: Hashable, Sendable {
        /// A recognized gesture (or, when explaining, an arena decision).
        case gesture(GestureEvent)
        /// A change of the list, caused by a gesture or by time passing.
        case list(ListEvent)

        /// When it happened, in seconds on the input's clock.
        public var time: Double {
            switch self {
            case .gesture(let g): g.time
            case .list(let l): l.time
            }
        }

        /// The gesture, when this is one.
        public var gesture: GestureEvent? {
            if case .gesture(let g) = self { return g }
            return nil
        }

        /// The list change, when this is one.
        public var listEvent: ListEvent? {
            if case .list(let l) = self { return l }
            return nil
        }

        /// The trace format's name for its kind.
        public var type: String {
            switch self {
            case .gesture(let g): g.kind.type
            case .list(let l): l.kind.type
            }
        }
    }

    /// The gesture engine. With `GestureSettings.PanAxis.automatic`, its pan is locked to
    /// the vertical axis: the list's scroll, which a row's horizontal swipe excludes. When the
    /// list's rows slide, its drag recognizer takes part too: the row follows the drag's reports
    /// (`GestureEvent.Drag`), which begin when the drag wins the touch in the arena.
    public var engine: GestureEngine
    /// The list the gestures drive.
    public var list: ListModel
    /// Where the list's pages come from, if it is paged: each request the list makes is
    /// passed to it, and its answers are given to the list when the input's clock reaches
    /// their time (before the frame at or after it, or on ``advance(to:emit:)``).
    #if !hasFeature(Embedded)
    public var pageSource: (any PageSource)? {
        get { pages.box?.anySource }
        set { pages.box = newValue.map { ExistentialSourceBox($0) } }
    }
    #endif
    private var pages = Pages()

    /// Makes `source` the list's ``pageSource``: the same as setting the property, for builds
    /// that have no existentials (Embedded Swift, tools/cross), and without one in the way.
    public mutating func setPageSource<S: PageSource>(_ source: S) {
        pages.box = SourceBoxOf(source)
    }

    /// A controller over `surface` with the given thresholds, driving `list`.
    public init(settings: GestureSettings = .init(), surface: Surface, list: ListModel) {
        var settings = settings
        if settings.pan.axis == .automatic { settings.pan.axis = .vertical }
        if list.slidesRows { settings.arena.enabled.insert(RecognizerSet(.drag)) }
        engine = GestureEngine(settings: settings, surface: surface)
        self.list = list
    }

    /// The surface the frames' coordinates refer to.
    public var surface: Surface { engine.surface }

    /// Processes one frame (frames in non-decreasing time order; see
    /// `GestureEngine.handle(_:emit:)`): lets time pass to it, then reports its gestures,
    /// each followed by what it did to the list, then the frame's scroll.
    public mutating func handle(_ frame: TouchFrame, emit: (Output) -> Void) {
        frame.events.withUnsafeBufferPointer { handle(time: frame.time, events: $0, emit: emit) }
    }

    /// ``handle(_:emit:)`` for a frame whose events lie in memory the caller keeps (the C
    /// library's, as `GestureEngine`'s of the same shape).
    package mutating func handle(time: Double, events: UnsafeBufferPointer<TouchEvent>, emit: (Output) -> Void) {
        // The engine fires its own deadlines before the frame; the list and the pages need
        // time to pass first only while they have something under way.
        if list.isMoving || pages.box?.nextAnswerTime != nil {
            advance(to: time, emit: emit)
        }
        passed(to: time)
        // What an edit held for a tap that never came (it turned into a drag) is forgotten
        // before the next touch: a later tap at the same point is another tap.
        if list.heldTap != nil, engine.pendingTapPosition == nil { list.heldTap = nil }
        Self.run(&engine, &list, &pages, time: time, events: events, emit: emit)
        if list.slidesRows {
            list.followDrag(at: time, surface: engine.surface) { emit(.list($0)) }
            actOnLiftOverAction(emit: emit)
        }
    }

    /// A tap lifted over a row's uncovered action acts now, as a phone's does, rather than when
    /// the double-tap window closes: the row closes with the tap, so a second tap there could
    /// not make a double tap of it.
    private mutating func actOnLiftOverAction(emit: (Output) -> Void) {
        guard engine.tapWaits, let p = engine.pendingTapPosition, list.action(at: p) != nil else { return }
        let surface = engine.surface
        engine.reportWaitingTap { event in Self.deliver(event, &list, &pages, surface: surface, emit: emit) }
    }

    private static func run(_ engine: inout GestureEngine, _ list: inout ListModel, _ pages: inout Pages,
                            time frameTime: Double, events: UnsafeBufferPointer<TouchEvent>, emit: (Output) -> Void) {
        let surface = engine.surface
        guard engine.handle(time: frameTime, events: events, sequence: { edge, time in
            switch edge {
            case .began: list.touchBegan(at: time)
            case .ended: list.touchesEnded(at: time)
            }
        }, emit: { event in
            emit(.gesture(event))
            // Only what the list acts on is passed to it (most reports are not).
            if list.actsOn(event.kind) {
                list.apply(event, surface: surface) { emit(.list($0)) }
                pages.passOn(list.lastRequest)     // a tap on the load-more row asks for a page
            }
        }) else { return }
        if list.needsEndFrame {
            list.endFrame(at: frameTime, surface: surface) { emit(.list($0)) }
            pages.passOn(list.lastRequest)
        }
    }

    /// The earliest time (seconds) at which ``advance(to:emit:)`` has something to do with no
    /// new input: a gesture deadline (a tap's window, a long press) or a page's answer; `nil`
    /// when nothing is pending. While ``isAnimating``, the list moves on its own as well, and a
    /// screen redraws it every display frame; otherwise a live loop can sleep until then (or the
    /// next input) without waking.
    public var nextDeadline: Double? {
        let answer = pages.box?.nextAnswerTime
        guard let gesture = engine.nextDeadline else { return answer }
        return answer.map { min($0, gesture) } ?? gesture
    }

    /// True while the list moves with no finger on it, at ``time``: momentum, a spring back, a
    /// snap, a row settling open or closed, a lifted row scrolling the list or a dropped one
    /// settling into its slot, an edit's rows growing or collapsing. A screen redraws every display
    /// frame while it is true (``nextDeadline`` does not count these: they move every frame), and
    /// may sleep once it is false.
    public var isAnimating: Bool { list.isMoving || list.isAnimatingEdits(at: time) }

    /// The latest time the controller was given (a frame's, ``advance(to:emit:)``'s or an
    /// edit's), in seconds; `-infinity` before any. What ``isAnimating`` and a renderer's
    /// ``ListModel/drawn(_:at:)`` are at.
    public private(set) var time = -Double.infinity

    /// Lets time pass to `time` (seconds) with no new event: page answers arrive, momentum and
    /// settling move on, and deadlines fire, each at its own time.
    public mutating func advance(to time: Double, emit: (Output) -> Void) {
        defer { passed(to: time) }
        let surface = engine.surface
        // Pages due by then arrive each at its own time, after everything due before it (an
        // arrival or a scroll may ask for the next page, which may arrive before `time` too).
        while true {
            guard let due = pages.box?.nextAnswerTime, due <= time else {
                advanceTimers(to: time, emit: emit)
                // Stepping may have asked for a page that is due by `time` as well.
                if let next = pages.box?.nextAnswerTime, next <= time { continue }
                return
            }
            advanceTimers(to: due, emit: emit)
            guard let answer = pages.nextAnswer(dueBy: due) else { return }
            list.receive(answer, surface: surface) { emit(.list($0)) }
            pages.passOn(list.lastRequest)
        }
    }

    /// Time has come to `time`: an edit's animations that have ended by then are let go (they
    /// stayed in ``ListModel/editAnimations`` until the next edit).
    private mutating func passed(to time: Double) {
        guard time > self.time else { return }
        self.time = time
        if list.editAnimations.first?.isDone(at: time) == true { list.editAnimations.removeAll { $0.isDone(at: time) } }
    }

    /// Moves the list and fires the engine's deadlines up to `time` (seconds), in time order:
    /// the list is stepped to a waiting deadline before the gesture it fires is applied.
    private mutating func advanceTimers(to time: Double, emit: (Output) -> Void) {
        let surface = engine.surface
        if let d = engine.nextDeadline, TouchEvent.reached(time, d), list.isMoving {
            list.advance(to: d, surface: surface) { emit(.list($0)) }
            pages.passOn(list.lastRequest)
        }
        Self.fire(&engine, &list, &pages, to: time, emit: emit)
        if list.isMoving {
            list.advance(to: time, surface: surface) { emit(.list($0)) }
            pages.passOn(list.lastRequest)
        }
    }

    private static func fire(_ engine: inout GestureEngine, _ list: inout ListModel, _ pages: inout Pages,
                             to time: Double, emit: (Output) -> Void) {
        let surface = engine.surface
        engine.advance(to: time) { event in deliver(event, &list, &pages, surface: surface, emit: emit) }
    }

    /// Reports a gesture that time passing fired, then what it did to the list.
    private static func deliver(_ event: GestureEvent, _ list: inout ListModel, _ pages: inout Pages,
                                surface: Surface, emit: (Output) -> Void) {
        emit(.gesture(event))
        if list.actsOn(event.kind) {
            list.apply(event, surface: surface) { emit(.list($0)) }
            pages.passOn(list.lastRequest)
        }
    }

    /// Applies `edits` to the list at `time` (seconds, not before the last frame): time passes to
    /// it first, then the rows change as ``ListModel/performEdits(_:at:surface:emit:)`` says.
    /// Call it after ``handle(_:emit:)`` has returned, in answer to what it reported: the usual
    /// place is the app's loop, with the outputs it collected (see the TouchList article). A refused
    /// edit changes nothing and reports nothing.
    public mutating func performEdits(_ edits: ListEdits, at time: Double, emit: (Output) -> Void) throws(ListEditError) {
        _ = try list.check(edits)
        advance(to: time, emit: emit)
        // A tap still pending acts on the row it touched, wherever the edit moves it.
        list.holdTap(at: engine.pendingTapPosition)
        try list.performEdits(edits, at: time, surface: engine.surface) { emit(.list($0)) }
        pages.passOn(list.lastRequest)
        passed(to: time)
    }

    /// Ends the input: contacts still down are cancelled at the last timestamp (as the trace
    /// format prescribes), then everything pending happens.
    public mutating func finish(emit: (Output) -> Void) {
        if let frame = engine.cancellingFrame() { handle(frame, emit: emit) }
        advance(to: .infinity, emit: emit)
    }
}

/// The page source and the last request handed to it.
private struct Pages: Sendable {
    var box: SourceBox?
    var sentRequest = 0

    /// Hands the list's newest page request to the page source, once.
    mutating func passOn(_ request: PageRequest?) {
        guard let r = request, r.serial != sentRequest else { return }
        sentRequest = r.serial
        unique()?.request(r)
    }

    mutating func nextAnswer(dueBy time: Double) -> PageAnswer? {
        unique()?.nextAnswer(dueBy: time)
    }

    /// The box, copied first if another controller shares it.
    private mutating func unique() -> SourceBox? {
        guard let b = box else { return nil }
        if !isKnownUniquelyReferenced(&box!) { box = b.copy() }
        return box
    }
}

/// Holds a controller's page source by reference, so that the controller stays a plain
/// (loadable) struct: an existential stored inline made the compiler copy the whole engine
/// on every frame. `@unchecked Sendable`: it is mutated only through `Pages.unique()`, which
/// copies it first when it is shared, so no two controllers (or threads) ever see one box
/// change.
///
/// A class with a subclass per kind of source, rather than an `any PageSource`: Embedded Swift
/// (the phones' build) has no existentials of such protocols. The host's ``ListController/pageSource``
/// property, which takes and gives one, keeps it in a subclass of its own.
class SourceBox: @unchecked Sendable {
    var nextAnswerTime: Double? { nil }
    func request(_ request: PageRequest) {}
    func nextAnswer(dueBy time: Double) -> PageAnswer? { nil }
    func copy() -> SourceBox { SourceBox() }
    #if !hasFeature(Embedded)
    var anySource: any PageSource { fatalError("a SourceBox of no source") }
    #endif
}

/// A box holding a source of type `S`.
final class SourceBoxOf<S: PageSource>: SourceBox, @unchecked Sendable {
    var source: S
    init(_ source: S) { self.source = source }
    override var nextAnswerTime: Double? { source.nextAnswerTime }
    override func request(_ request: PageRequest) { source.request(request) }
    override func nextAnswer(dueBy time: Double) -> PageAnswer? { source.nextAnswer(dueBy: time) }
    override func copy() -> SourceBox { SourceBoxOf(source) }
    #if !hasFeature(Embedded)
    override var anySource: any PageSource { source }
    #endif
}

#if !hasFeature(Embedded)
/// A box holding the source ``ListController/pageSource`` was given, as it was given.
final class ExistentialSourceBox: SourceBox, @unchecked Sendable {
    var source: any PageSource
    init(_ source: any PageSource) { self.source = source }
    override var nextAnswerTime: Double? { source.nextAnswerTime }
    override func request(_ request: PageRequest) { source.request(request) }
    override func nextAnswer(dueBy time: Double) -> PageAnswer? { source.nextAnswer(dueBy: time) }
    override func copy() -> SourceBox { ExistentialSourceBox(source) }
    override var anySource: any PageSource { source }
}
#endif
