import TouchGestures
import TouchList

/// What the C API drives with touches: the gesture engine (`struct tg_engine`) or a list's
/// controller (`struct tg_list`). Both take frames, let time pass and finish alike; only what
/// they report differs, and each puts it in the queue as an output.
protocol TouchDriven {
    /// The kind of handle C holds for it.
    static var handleKind: HandleKind { get }
    /// When `advance` next has something to do, in seconds; `nil` when nothing waits.
    var nextDeadline: Double? { get }
    /// Runs one frame, its touches read where they lie.
    mutating func handle(time: Double, events: UnsafeBufferPointer<TouchEvent>, into queue: OutputQueue)
    mutating func advance(to time: Double, into queue: OutputQueue)
    mutating func finish(into queue: OutputQueue)
}

extension ListController: TouchDriven {
    static var handleKind: HandleKind { .list }
    @inline(__always) mutating func handle(time: Double, events: UnsafeBufferPointer<TouchEvent>, into queue: OutputQueue) {
        handle(time: time, events: events) { queue.put($0) }
    }
    mutating func advance(to time: Double, into queue: OutputQueue) { advance(to: time) { queue.put($0) } }
    mutating func finish(into queue: OutputQueue) { finish { queue.put($0) } }
}

/// An engine or a list as a C caller holds it: what it runs, the touches being gathered into a
/// frame, and its event queue. The engine's and the list's C functions are each one call of the
/// functions below.
///
/// Its fields are read and written without Swift's run-time exclusivity checks: an object
/// belongs to one thread at a time (touchgestures.h), no access to one field overlaps another
/// here, and the checks, two or three a call, cost the C API a third of its speed.
class TouchSession<Core: TouchDriven>: CObject, TaggedHandle {
    @exclusivity(unchecked) final var core: Core
    @exclusivity(unchecked) final var feed: TouchFeed
    final let queue = OutputQueue()

    static var kind: HandleKind { Core.handleKind }

    init(core: Core, feed: consuming TouchFeed) {
        self.core = core
        self.feed = feed
        super.init(kind: Core.handleKind)
    }

    /// Runs the frame gathered, if any (a frame's end, or time passing past it).
    @inline(__always) final func runGathered() {
        feed.flush { time, events in core.handle(time: time, events: events, into: queue) }
    }

    /// `tg_*_touch`: one contact's report added to the frame being gathered.
    @inline(__always) static func touch(_ session: OpaquePointer?, _ function: StaticString, _ what: StaticString, time: Double, id: Int32,
                                        phase: Int32, x: Double, y: Double) -> Int32 {
        with(session, function, what) { (s: TouchSession) in s.feed.add(time: time, id: id, phase: phase, x: x, y: y, function: function) }
    }

    /// `tg_*_frame`: the frame gathered, run.
    @inline(__always) static func frame(_ session: OpaquePointer?, _ function: StaticString, _ what: StaticString) -> Int32 {
        with(session, function, what) { (s: TouchSession) in
            s.runGathered()
            return Status.ok.rawValue
        }
    }

    /// `tg_*_advance`: time passes with no touch.
    static func advance(_ session: OpaquePointer?, _ function: StaticString, _ what: StaticString, to time: Double) -> Int32 {
        with(session, function, what) { (s: TouchSession) in
            attempt { () throws(Refusal) in
                try s.feed.check(advanceTo: time, function: function)
                // A frame gathered and not yet run is earlier: it goes first.
                s.runGathered()
                s.core.advance(to: time, into: s.queue)
                s.feed.passed(to: time)
            }
        }
    }

    /// `tg_*_finish`: the frame gathered is run, contacts still down are cancelled, deadlines fire.
    static func finish(_ session: OpaquePointer?, _ function: StaticString, _ what: StaticString) -> Int32 {
        with(session, function, what) { (s: TouchSession) in
            s.runGathered()
            s.core.finish(into: s.queue)
            s.feed.finished()
            return Status.ok.rawValue
        }
    }

    /// `tg_*_next_deadline`: NaN when nothing waits, or for NULL.
    static func nextDeadline(_ session: OpaquePointer?) -> Double {
        on(session, else: .nan) { (s: TouchSession) in s.core.nextDeadline ?? .nan }
    }

    /// `tg_*_next_event`: the next queued event, or NULL.
    @inline(__always) static func nextEvent(_ session: OpaquePointer?) -> OpaquePointer? {
        on(session, else: nil) { (s: TouchSession) in s.queue.next() }
    }
}
