/// Turns frames of touch events into gestures: the one code path that recordings, tests and
/// live devices all go through (a list adds its controller on top: `ListController`).
///
/// Feed frames in time order with ``handle(_:emit:)``; call ``advance(to:emit:)`` when time
/// passes with no event (a live device's idle tick), and ``finish(emit:)`` at the end of the
/// input. Time comes only from the frames' timestamps: the engine reads no clock, so a replay
/// gives the same output every time. Once warm it allocates nothing per event.
///
/// Every recognizer sees every frame; their claims are settled by the arena (see
/// ``ArenaSettings`` for its rule), so only the winners' output reaches `emit`.
///
/// ```swift
/// var engine = GestureEngine(surface: Surface(width: 800, height: 480,
///                                             unitsPerMillimeter: Point(x: 5, y: 5)))
/// engine.handle(frame) { event in print(event) }
/// ```
public struct GestureEngine: Sendable, MemberStepper {
    /// The most contacts tracked at once (64): a touch that goes down past this is ignored, with
    /// its moves and lift, as a panel ignores fingers beyond its slots. Panels report ten
    /// fingers or a few more; without a bound, 10⁵ contacts down at once made every event search
    /// them all (a replay took 35 s). Whoever keeps its own per-contact state beside the engine
    /// (a dispatcher of bindings) bounds it the same way.
    public static let maxContacts = 64

    /// The surface the frames' coordinates refer to.
    public let surface: Surface
    /// When true, the arena's decisions are reported: `won` events, and `failed` events for
    /// recognizers that gave up or were rejected (for `touchtrace replay --explain`).
    public var explain: Bool {
        get { arena.explain }
        set { arena.explain = newValue }
    }

    /// The long-press recognizer (its state and transition log can be inspected).
    public var longPress: LongPressRecognizer {
        get { recognizers.longPress }
        set {
            recognizers.longPress = newValue
            nextDeadline = freshDeadline
        }
    }
    /// The tap recognizer.
    public var tap: TapRecognizer {
        get { recognizers.tap }
        set {
            recognizers.tap = newValue
            nextDeadline = freshDeadline
        }
    }
    /// The pinch recognizer.
    public var pinch: PinchRecognizer {
        get { recognizers.pinch }
        set { recognizers.pinch = newValue }
    }
    /// The rotation recognizer.
    public var rotate: RotateRecognizer {
        get { recognizers.rotate }
        set { recognizers.rotate = newValue }
    }
    /// The swipe recognizer.
    public var swipe: SwipeRecognizer {
        get { recognizers.swipe }
        set {
            // Whether a recognizer waits for the swipe is the engine's arena's, not the value's.
            let awaited = recognizers.swipe.awaited
            recognizers.swipe = newValue
            recognizers.swipe.awaited = awaited
        }
    }
    /// The pan recognizer.
    public var pan: PanRecognizer {
        get { recognizers.pan }
        set { recognizers.pan = newValue }
    }
    /// The fling recognizer.
    public var fling: FlingRecognizer {
        get { recognizers.fling }
        set { recognizers.fling = newValue }
    }
    /// The drag recognizer: a one-finger drag across the locked pan's axis (when enabled).
    public var drag: DragRecognizer {
        get { recognizers.drag }
        set { recognizers.drag = newValue }
    }

    /// The declared sequences the engine runs (``GestureSettings/sequences``), as one member of
    /// its arena; a sequence with a ``GestureSequence/problem`` is left out. Setting them starts
    /// every sequence afresh. The edge zone, the slop and the gap they read are those of the
    /// settings the engine was made with.
    public var sequences: [GestureSequence] {
        get { recognizers.sequence.sequences }
        set {
            recognizers.sequence.load(newValue)
            arena.sequencesGiven = !recognizers.sequence.isEmpty
            nextDeadline = freshDeadline
        }
    }

    /// When each step of declared sequence `index` (in ``sequences``) was done, in the touch
    /// sequence on the surface or, once it ended, the last one: every step's, right after the
    /// sequence is reported done. For `touchtrace render`.
    package func sequenceStepEnds(_ index: Int) -> [Double] { recognizers.sequence.stepEnds(of: index) }

    /// Why each declared sequence failed in the touch sequence on the surface (or, once it
    /// ended, the last one): each failure (its ``GestureFailure/sequenceStep`` names the
    /// sequence and the step) with the seconds from the sequence's first step to it, in the
    /// order of ``sequences``. The member reports only the furthest; `--explain` says them all.
    package var sequenceFailures: [(failure: GestureFailure, after: Double)] { recognizers.sequence.runFailures }

    /// The gestures to follow while they happen, in order: the first that takes a beginning
    /// gesture decides whether it is followed (``FollowRequest`` has the rules). Each followed
    /// gesture is reported as ``GestureEvent/Kind/follow(_:)`` events, after the frame's other
    /// reports. None by default; with none, an engine pays one test a frame.
    public var followRequests: [FollowRequest] {
        get { followers.first?.requests ?? [] }
        set {
            if newValue.isEmpty {
                followers = []
            } else if followers.isEmpty {
                followers = [GestureFollower(requests: newValue)]
            } else {
                followers[0].requests = newValue
            }
        }
    }

    /// Whether a gesture is being followed now (its `began` reported, its end not yet).
    package var isFollowing: Bool { followers.first?.isFollowing ?? false }
    /// Whether a gesture of the current touch sequence was followed (it may have ended): what
    /// the daemon's streaming bindings keep the sequence's other bindings from running by.
    package var followedInSequence: Bool { followers.first?.followedInSequence ?? false }

    /// No gesture begins to be followed in the rest of the current touch sequence: it went
    /// another way (the daemon's repeating binding ran). One already followed goes on.
    public mutating func stopFollowing() {
        if !followers.isEmpty { followers[0].stop() }
    }

    /// The follower of ``followRequests``: empty when there are none (a word in the engine,
    /// not the follower's kilobyte and a half of velocity tracker).
    private var followers: [GestureFollower] = []
    private var recognizers: Recognizers
    private var arena: Arena
    private var lastTime = -Double.infinity
    private var scratch = TouchFrame(time: 0, events: [])
    /// The contacts, the spread and what is known of the frame being handled: one value that
    /// every recognizer is handed in turn, by reference.
    private var input: FrameInput

    /// An engine with the given thresholds over `surface`.
    public init(settings: GestureSettings = .init(), surface: Surface) {
        self.surface = surface
        recognizers = Recognizers(settings: settings)
        input = FrameInput(surface: surface)
        arena = Arena(settings: settings.arena)
        arena.sequencesGiven = !recognizers.sequence.isEmpty
        arena.panLockedVertical = recognizers.pan.lockedVertical
        input.frame.contacts.velocityStrategy = settings.velocityStrategy
    }

    /// The velocity of the contact `id` now, in surface units per second, from its
    /// ``VelocityTracker``; `nil` when no such contact is down or the strategy cannot tell yet.
    public func velocity(ofContact id: Int) -> Point? {
        input.frame.contacts.velocity(ofContact: id)
    }

    /// Each recognizer's standing in the arena of the current (or last) touch sequence.
    public func standing(of recognizer: RecognizerName) -> ArenaStanding { arena[recognizer] }

    // MARK: Input

    /// Where a touch sequence is, for ``handle(_:sequence:emit:)``'s observer.
    public enum SequenceEdge: Hashable, Sendable {
        /// The first finger went down: told before any gesture of the frame is reported.
        case began
        /// The last finger lifted (or was cancelled): told after every gesture of the frame.
        case ended
    }

    /// Processes one frame. Frames must come in non-decreasing time order; a frame older than
    /// the last one is ignored (it cannot be undone), so live input that goes back in time
    /// cannot corrupt the state.
    public mutating func handle(_ frame: TouchFrame, emit: (GestureEvent) -> Void) {
        handle(frame, sequence: { _, _ in }, emit: emit)
    }

    /// Processes one frame as ``handle(_:emit:)`` does, also telling `sequence` when a touch
    /// sequence begins and ends (with the frame's time, in seconds): what a list or any other
    /// consumer of the gestures needs to know about touches that no gesture reports. Returns
    /// false when the frame was ignored (empty, or older than the last one).
    @discardableResult
    public mutating func handle(_ frame: TouchFrame, sequence: (SequenceEdge, Double) -> Void,
                                emit: (GestureEvent) -> Void) -> Bool {
        frame.events.withUnsafeBufferPointer { handle(time: frame.time, events: $0, sequence: sequence, emit: emit) }
    }

    /// ``handle(_:sequence:emit:)`` for a frame whose events lie in memory the caller keeps:
    /// the C library gathers a frame's touches in a buffer of its own and hands it over as it
    /// is, rather than copying each touch into an array with a uniqueness check (35 of the
    /// 112 instructions a touch cost through C, callgrind).
    @discardableResult
    package mutating func handle(time: Double, events: UnsafeBufferPointer<TouchEvent>, sequence: (SequenceEdge, Double) -> Void,
                                 emit: (GestureEvent) -> Void) -> Bool {
        // One path, followed or not, with the caller's `emit`: the engine's frame is compiled
        // once for each caller's closure, as it was before it followed anything (a second path,
        // or a closure of the engine's own around `emit`, compiled the whole engine again for
        // it: 78 to 258 KB of the C library on armhf). An engine with no request pays this one
        // test; one with requests comes back here with the arena noting what the follower needs.
        if !followers.isEmpty, arena.followNotes == nil {
            return handleFollowing(time: time, events: events, sequence: sequence, emit: emit)
        }
        // A contact id twice in one frame (lifted and put down elsewhere at once, as libinput's
        // seat slots and a trace may have it) is two frames at one time: the first ends where
        // the id comes again. In one frame the two touches were one contact that jumped, or a
        // two-finger tap at their midpoint, over a row nobody touched.
        if events.count >= 2, let k = Self.firstRepeatedContact(events) {
            let first = handle(time: time, events: UnsafeBufferPointer(rebasing: events[..<k]), sequence: sequence, emit: emit)
            let rest = handle(time: time, events: UnsafeBufferPointer(rebasing: events[k...]), sequence: sequence, emit: emit)
            return first || rest
        }
        defer { nextDeadline = freshDeadline }
        guard time >= lastTime, !events.isEmpty else { return false }
        if deadlineDue(by: time) { fireDue(by: time, emit: emit) }
        lastTime = time
        input.frame.contacts.apply(time: time, events: events, surface: surface)
        if input.frame.contacts.sequenceBegan {
            sequence(.began, time)
            arena.open(firstContact: input.frame.contacts.sequenceFirstId)
        }
        input.frame.time = time
        input.frame.facts = FrameFacts(edge: input.frame.contacts.sequenceBegan || input.frame.contacts.sequenceEnded || input.frame.contacts.cancelledInFrame,
                                 down: input.frame.contacts.downInFrame, twoOrMore: input.frame.contacts.contacts.count >= 2)
        // The spread once, before any recognizer: a win in this frame that rejects pinch and
        // rotation leaves a measure nobody reads, and changes nothing else.
        measureSpread()
        // Each recognizer in the arena's order; a recognizer's claims are settled before the
        // next one sees the frame (a win may already have taken the sequence from it).
        Recognizers.inOrder(&self, emit: emit)
        if input.frame.contacts.sequenceEnded {
            arena.sweep(at: time, members: &recognizers, emit: emit)
            sequence(.ended, time)
        }
        return true
    }

    /// A frame of an engine with follow requests: handled as any, while the arena and the
    /// engine note what the follower needs of its reports; then the follower's reports of it,
    /// after the frame's other reports.
    @inline(never) private mutating func handleFollowing(time: Double, events: UnsafeBufferPointer<TouchEvent>,
                                                         sequence: (SequenceEdge, Double) -> Void, emit: (GestureEvent) -> Void) -> Bool {
        if time >= lastTime { followers[0].frameBegins(events, noneDown: input.frame.contacts.activeCount == 0) }
        arena.followNotes = FollowNotes()
        let handled = handle(time: time, events: events, sequence: sequence, emit: emit)
        var notes = arena.followNotes ?? FollowNotes()
        arena.followNotes = nil
        if handled {
            if arena.sequencesGiven {
                recognizers.sequence.noteForFollower(&notes, followed: followers[0].followedSequence)
            }
            let limits = followLimits
            let reports = followers[0].frameEnds(notes, events, at: time, contacts: input.frame.contacts, limits: limits)
            if let r = reports.first { emit(r) }
            if let r = reports.second { emit(r) }
        }
        return handled
    }

    /// What the follower reads of the settings, as the recognizers hold them now.
    private var followLimits: FollowLimits {
        FollowLimits(swipe: recognizers.swipe.settings.minDistance, pinch: recognizers.pinch.settings.minSpanChange,
                     rotate: recognizers.rotate.settings.minArc, slop: recognizers.pan.settings.minDistance,
                     edgeZone: recognizers.swipe.settings.edgeZone, diagonals: recognizers.swipe.settings.diagonals,
                     axis: recognizers.swipe.settings.axis, surface: surface)
    }

    /// The index of the first event whose contact id an earlier event of the frame has, if any:
    /// a bit per id modulo 64 rules most frames out with no comparison; a frame of more events
    /// than that keeps a set (with the bits alone, a frame of 400,000 contacts compared each with
    /// all before it: `touch-bench scaling` took minutes where it took 0.3 s).
    @inline(__always) package static func firstRepeatedContact(_ events: UnsafeBufferPointer<TouchEvent>) -> Int? {
        if events.count > 64 {
            var ids = Set<Int>(minimumCapacity: events.count)
            for k in events.indices where !ids.insert(events[k].id).inserted { return k }
            return nil
        }
        var seen: UInt64 = 0
        for k in events.indices {
            let bit: UInt64 = 1 << (UInt64(truncatingIfNeeded: events[k].id) & 63)
            if seen & bit != 0, events[..<k].contains(where: { $0.id == events[k].id }) { return k }
            seen |= bit
        }
        return nil
    }

    /// Measures the fingers' spread once for both two-finger recognizers, and only while one of
    /// them may still use it.
    @inline(__always) private mutating func measureSpread() {
        if input.frame.contacts.sequenceBegan { input.frame.spread.reset() }
        let pinch = recognizers.pinch.state, rotate = recognizers.rotate.state
        let rotating = rotate == .possible || rotate == .began || input.frame.contacts.sequenceBegan
        if input.frame.contacts.contacts.count >= 2 || input.frame.contacts.sequenceBegan,
           pinch == .possible || pinch == .began || rotating {
            input.frame.spread.update(input.frame.contacts, surface: surface, angle: rotating)
        }
    }

    /// The earliest time (seconds) at which a deadline may fire with no new event: a tap's
    /// double-tap window closing, or a long press's time passing; `nil` when none is pending.
    /// A live loop sleeps until then (or the next input), and calls ``advance(to:emit:)``.
    ///
    /// Kept up to date by every call that changes what it depends on (frames, time, the tap and
    /// long-press recognizers), rather than computed when asked:
    /// a loop asks at every wake-up, and a computed property of a struct held in another
    /// value is called on a copy of the whole engine (a quarter of touch-gestured's
    /// instructions on a live session, callgrind in the VM test).
    public private(set) var nextDeadline: Double?

    /// ``nextDeadline`` worked out from the recognizers' state.
    package var freshDeadline: Double? {
        var press = arena[.longPress] == .undecided ? recognizers.longPress.deadline(input.frame.contacts) : nil
        if arena.sequencesGiven, let s = recognizers.sequence.deadline { press = press.map { min($0, s) } ?? s }
        guard let tapDeadline = recognizers.tap.deadline else { return press }
        return press.map { min($0, tapDeadline) } ?? tapDeadline
    }

    /// True when a deadline is due by `time`: ``nextDeadline`` is the earliest of them, kept by
    /// every call that changes one, and a later deadline is reached only if the earliest is.
    /// (Asking the tap, the long press and the sequences at every frame, as this did before,
    /// cost 60 instructions a frame whenever one might be pending: with sequences declared,
    /// every frame; 97 M of `touch-bench`'s 16-sequence session, callgrind.)
    @inline(__always) private func deadlineDue(by time: Double) -> Bool {
        guard let d = nextDeadline else { return false }
        return TouchEvent.reached(time, d)
    }

    /// Whether recognizer `r` must see this frame: while it is in the running, and on the
    /// frames that begin and end a sequence (so that it can reset). A recognizer that has lost
    /// has nothing to say until then, and skipping it is most of what keeps a long drag cheap.
    @inline(__always) private func takesPart(_ r: RecognizerName) -> Bool {
        switch arena[r] {
        case .absent: false
        case .lost: input.frame.contacts.sequenceBegan || input.frame.contacts.sequenceEnded
        case .undecided, .held, .won: true
        }
    }

    /// Offers the frame to the recognizer of type `R`, if it takes part, and routes what it
    /// reports: one step of ``Recognizers/inOrder(_:emit:)``. Inlined, so that each step is
    /// specialized down to its recognizer's own code.
    @inline(__always) mutating func step<R: Recognizer>(_ member: R.Type, emit: (GestureEvent) -> Void) {
        guard takesPart(R.name) else { return }
        // The drag claims what the pan, before it in the order, gave up across its axis
        // (DragRecognizer): the pan's failure travels to it in the frame.
        if R.name == .drag { input.frame.panFailure = recognizers.pan.sequenceFailure }
        recognizers.visit(R.name, &input)
        if input.box.count > 0 { flush(R.name, at: input.frame.time, emit: emit) }
    }

    /// Routes what one recognizer reported in this frame, in order, and empties the box.
    private mutating func flush(_ r: RecognizerName, at time: Double, emit: (GestureEvent) -> Void) {
        let box = input.box
        let n = box.count
        guard n > 0 else { return }
        input.box.count = 0
        if n == 1, box.firstCurrent, arena[r] == .won {
            // The common case, a winner's one report of the frame: straight out.
            if case .failed = box.first {} else {
                let e = GestureEvent(time: time, kind: box.first)
                arena.noteForFollower(e)
                emit(e)
                return
            }
        } else if n == 1, box.firstCurrent, arena[r] == .held {
            // A held claim's latest report, kept for when it is granted: what `claim` does with
            // it, without its other cases (while declared sequences are undecided, a claim is
            // held for many frames: 445,000 of the 16-sequence session's 608,000 claims, 69
            // instructions each, callgrind).
            if case .failed = box.first {} else {
                arena.holdLatest(r, box.first)
                return
            }
        }
        let (first, second, third) = ((box.first, box.firstCurrent), (box.second, box.secondCurrent),
                                      (box.third, box.thirdCurrent))
        send(r, first, at: time, emit: emit)
        if n > 1 { send(r, second, at: time, emit: emit) }
        if n > 2 { send(r, third, at: time, emit: emit) }
    }

    private mutating func send(_ r: RecognizerName, _ item: (GestureEvent.Kind, Bool), at time: Double,
                               emit: (GestureEvent) -> Void) {
        if item.1 {
            arena.claim(r, item.0, at: time, members: &recognizers, emit: emit)
        } else {
            // Taps of earlier sequences: their arenas have closed.
            emit(GestureEvent(time: time, kind: item.0))
        }
    }

    /// Lets time pass to `time` (seconds) with no new event: fires every deadline due by then,
    /// each at its own time (a single tap when its double-tap window closes, a long press when
    /// its time has passed).
    public mutating func advance(to time: Double, emit: (GestureEvent) -> Void) {
        if followers.isEmpty {
            fireDue(by: time, emit: emit)
        } else {
            // A long press that matures with no touch stops the sequence's following, as in a frame.
            arena.followNotes = FollowNotes()
            fireDue(by: time, emit: emit)
            if let notes = arena.followNotes { followers[0].apply(notes) }
            arena.followNotes = nil
        }
        nextDeadline = freshDeadline
    }

    /// Where the taps being counted landed, while a press is down or a tap waits for its
    /// double-tap window; `nil` when no tap is pending.
    package var pendingTapPosition: Point? { recognizers.tap.pendingPosition }

    /// True while a tap waits for its double-tap window to close.
    package var tapWaits: Bool {
        if case .waiting = recognizers.tap.state { return true }
        return false
    }

    /// Reports a tap waiting for its double-tap window now, at the last frame's time, as if the
    /// window had closed: for a consumer that knows a second tap could mean nothing there (a
    /// list's tap on an uncovered row action, which acts at the lift as a phone's does).
    package mutating func reportWaitingTap(emit: (GestureEvent) -> Void) {
        guard lastTime.isFinite else { return }
        recognizers.tap.reportWaiting(at: lastTime, emit: emit)
        nextDeadline = freshDeadline
    }

    /// What ``advance(to:emit:)`` fires, without keeping ``nextDeadline``: `handle`, which fires
    /// what is due before a frame, keeps it once at its own end.
    private mutating func fireDue(by time: Double, emit: (GestureEvent) -> Void) {
        if let d = recognizers.tap.deadline, TouchEvent.reached(time, d) {
            var due: GestureEvent?
            recognizers.tap.advance(to: time) { due = $0 }
            if let e = due { emit(e) }
        }
        if arena[.longPress] == .undecided, recognizers.longPress.state == .possible {
            var fired: (Double, GestureEvent.Kind)?
            recognizers.longPress.advance(to: time, contacts: input.frame.contacts) { fired = ($0, $1) }
            if let (t, k) = fired { arena.claim(.longPress, k, at: t, members: &recognizers, emit: emit) }
        }
        if arena.sequencesGiven, let d = recognizers.sequence.deadline, TouchEvent.reached(time, d) {
            var fired: (Double, GestureEvent.Kind)?
            recognizers.sequence.advance(to: time, contacts: input.frame.contacts) { fired = ($0, $1) }
            if let (t, k) = fired { arena.claim(.sequence, k, at: t, members: &recognizers, emit: emit) }
        }
    }

    /// Ends the input: contacts still down are cancelled at the last timestamp (as the trace
    /// format prescribes), then every pending deadline fires.
    public mutating func finish(emit: (GestureEvent) -> Void) {
        // The followed gesture is cancelled as the input ending, after the gestures that ending
        // reports: the follower sits out the frame that cancels the contacts.
        let follower = followers
        followers = []
        if let frame = cancellingFrame() { handle(frame, emit: emit) }
        advance(to: .infinity, emit: emit)
        followers = follower
        cancelFollowing(emit: emit)
    }

    /// Cancels the gesture being followed, if any, as input that ends with its fingers down
    /// (``GestureEvent/Follow/End/inputEnded``, at the last frame's time): what ``finish(emit:)``
    /// does, and what a daemon that exits or reloads tells the reader of a followed gesture. The
    /// touch sequence follows no other gesture.
    public mutating func cancelFollowing(emit: (GestureEvent) -> Void) {
        if !followers.isEmpty, let r = followers[0].inputEnded() { emit(r) }
    }

    /// The frame that cancels every contact still down, at the last timestamp, for the end of
    /// the input; `nil` when none is down. Handling it is what ``finish(emit:)`` does first.
    package mutating func cancellingFrame() -> TouchFrame? {
        defer { nextDeadline = freshDeadline }
        guard lastTime.isFinite else { return nil }
        input.frame.contacts.cancelAll(at: lastTime, into: &scratch)
        guard !scratch.events.isEmpty else { return nil }
        lastTime = -Double.infinity
        return scratch
    }
}
