/// Turns frames of touch events into gestures and list changes: the one code path that
/// recordings, tests and live devices all go through.
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
///                                             unitsPerMillimetre: Point(x: 5, y: 5)))
/// engine.handle(frame) { event in print(event) }
/// ```
public struct GestureEngine: Sendable {
    /// The surface the frames' coordinates refer to.
    public let surface: Surface
    /// When true, the arena's decisions are reported: `won` events, and `failed` events for
    /// recognizers that gave up or were rejected (for `touchtrace replay --explain`).
    public var explain = false

    /// The long-press recognizer (its state and transition log can be inspected).
    public var longPress: LongPressRecognizer
    /// The tap recognizer.
    public var tap: TapRecognizer
    /// The pinch recognizer.
    public var pinch: PinchRecognizer
    /// The rotation recognizer.
    public var rotation: RotationRecognizer
    /// The swipe recognizer.
    public var swipe: SwipeRecognizer
    /// The pan recognizer.
    public var pan: PanRecognizer
    /// The fling recognizer.
    public var fling: FlingRecognizer

    private var arena: Arena
    private var held = InlineArray<7, GestureEvent.Kind?>(repeating: nil)
    private var contacts = ContactTable()
    private var lastTime = -Double.infinity
    private var scratch = TouchFrame(time: 0, events: [])
    private var settling = false
    private var wonSwipeHorizontal: Bool?
    private var spread = SpreadTracker()

    /// An engine with the given thresholds over `surface`.
    public init(settings: GestureSettings = .init(), surface: Surface) {
        self.surface = surface
        longPress = LongPressRecognizer(settings: settings.longPress)
        tap = TapRecognizer(settings: settings.tap)
        pinch = PinchRecognizer(settings: settings.pinch)
        rotation = RotationRecognizer(settings: settings.pinch)
        swipe = SwipeRecognizer(settings: settings.swipe)
        pan = PanRecognizer(settings: settings.pan)
        fling = FlingRecognizer(settings: settings.fling)
        arena = Arena(settings: settings.arena)
        contacts.velocityStrategy = settings.velocityStrategy
    }

    /// The velocity of the contact `id` now, in surface units per second, from its
    /// ``VelocityTracker``; `nil` when no such contact is down or the strategy cannot tell yet.
    public func velocity(ofContact id: Int) -> Point? {
        contacts.velocity(ofContact: id)
    }

    /// Each recognizer's standing in the arena of the current (or last) touch sequence.
    public func standing(of recognizer: RecognizerName) -> ArenaStanding { arena[recognizer] }

    // MARK: Delivery

    /// Sends an event to the caller (arena decisions only when explaining).
    @inline(__always) private func deliver(_ event: GestureEvent, emit: (GestureEvent) -> Void) {
        switch event.kind {
        case .failed, .won: if !explain { return }
        default: break
        }
        emit(event)
    }

    /// Routes a recognizer's output through the arena.
    private mutating func route(_ r: RecognizerName, _ kind: GestureEvent.Kind, at time: Double,
                                emit: (GestureEvent) -> Void) {
        if case .failed = kind {
            let was = arena[r]
            guard was == .undecided || was == .held else { return }
            arena[r] = .lost
            held[r.index] = nil
            deliver(GestureEvent(time: time, kind: kind), emit: emit)
            settleHeld(at: time, emit: emit)
            return
        }
        switch arena[r] {
        case .won:
            deliver(GestureEvent(time: time, kind: kind), emit: emit)
        case .held:
            held[r.index] = kind
        case .lost, .absent:
            return
        case .undecided:
            if acrossLockedAxis(r, kind) {
                let rival: RecognizerName = r == .pan ? .swipe : .pan
                lose(r, GestureFailure(.rejected, rival: rival), at: time, emit: emit)
                return
            }
            switch arena.verdict(for: r) {
            case .win:
                if case .swipe(let sw) = kind { wonSwipeHorizontal = sw.direction.isHorizontal }
                win(r, at: time, emit: emit)
                deliver(GestureEvent(time: time, kind: kind), emit: emit)
            case .hold:
                arena[r] = .held
                held[r.index] = kind
            case .lose:
                lose(r, GestureFailure(.waitedForWon, rival: wonRival(of: r)), at: time, emit: emit)
            }
        }
    }

    /// True when `r`'s claim is a swipe across the axis of a locked pan that has won, or a
    /// locked pan beginning after a swipe across its axis has won: the one exception to
    /// "together" in the arena's rule.
    private func acrossLockedAxis(_ r: RecognizerName, _ kind: GestureEvent.Kind) -> Bool {
        guard let vertical = pan.lockedVertical else { return false }
        if r == .swipe, arena[.pan] == .won, case .swipe(let s) = kind { return s.direction.isHorizontal == vertical }
        if r == .pan, arena[.swipe] == .won, let horizontal = wonSwipeHorizontal { return horizontal == vertical }
        return false
    }

    /// The recognizer `r` waits for that has won, if any.
    private func wonRival(of r: RecognizerName) -> RecognizerName? {
        RecognizerName.allCases.first { arena.settings.waitsFor(r).contains($0) && arena[$0] == .won }
    }

    /// Makes `r` the winner (with those together with it) and rejects the others.
    private mutating func win(_ r: RecognizerName, at time: Double, emit: (GestureEvent) -> Void) {
        arena[r] = .won
        deliver(GestureEvent(time: time, kind: .won(recognizer: r, contact: contacts.sequenceFirstId)), emit: emit)
        // Rejections first, in the arena's order, then held claims that waited for the winner;
        // other held claims are settled once all of these are known.
        let wasSettling = settling
        settling = true
        let rejected = arena.rejectedBy(r)
        for other in RecognizerName.allCases where rejected.contains(other) && arena[other] != .lost {
            lose(other, GestureFailure(.rejected, rival: r), at: time, emit: emit)
        }
        for other in RecognizerName.allCases where arena[other] == .held && arena.settings.waitsFor(other).contains(r) {
            lose(other, GestureFailure(.waitedForWon, rival: r), at: time, emit: emit)
        }
        settling = wasSettling
        settleHeld(at: time, emit: emit)
    }

    /// Takes `r` out of the sequence: tells it, and reports why.
    private mutating func lose(_ r: RecognizerName, _ failure: GestureFailure, at time: Double,
                               emit: (GestureEvent) -> Void) {
        arena[r] = .lost
        held[r.index] = nil
        switch r {
        case .longPress: longPress.lose(failure, at: time)
        case .tap:
            var earlier: GestureEvent.Kind?
            tap.lose(failure, at: time) { earlier = $0 }
            // Taps counted in earlier sequences belong to arenas already closed.
            if let k = earlier { deliver(GestureEvent(time: time, kind: k), emit: emit) }
        case .pinch: pinch.lose(failure, at: time)
        case .rotate: rotation.lose(failure, at: time)
        case .swipe: swipe.lose(failure, at: time)
        case .pan: pan.lose(failure, at: time)
        case .fling: fling.lose(failure, at: time)
        }
        deliver(GestureEvent(time: time, kind: .failed(recognizer: r, reason: failure)), emit: emit)
        settleHeld(at: time, emit: emit)
    }

    /// Grants or refuses held claims whose waits have been decided, until none changes. Wins
    /// and losses inside call it again; those calls return at once and this loop goes on.
    private mutating func settleHeld(at time: Double, emit: (GestureEvent) -> Void) {
        guard !settling else { return }
        settling = true
        defer { settling = false }
        var changed = true
        while changed {
            changed = false
            for r in RecognizerName.allCases where arena[r] == .held {
                switch arena.verdict(for: r) {
                case .hold: continue
                case .lose:
                    lose(r, GestureFailure(.waitedForWon, rival: wonRival(of: r)), at: time, emit: emit)
                case .win:
                    release(r, at: time, emit: emit)
                }
                changed = true
            }
        }
    }

    /// Grants `r`'s held claim: it wins, and its latest held report is delivered now (a
    /// continuous gesture as `began`, followed by its end if it already ended).
    private mutating func release(_ r: RecognizerName, at time: Double, emit: (GestureEvent) -> Void) {
        let kind = held[r.index]
        held[r.index] = nil
        win(r, at: time, emit: emit)
        guard let kind else { return }
        let (began, end) = kind.asBegan()
        deliver(GestureEvent(time: time, kind: began), emit: emit)
        if let end { deliver(GestureEvent(time: time, kind: end), emit: emit) }
    }

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
        guard frame.time >= lastTime, !frame.events.isEmpty else { return false }
        if hasDeadline { advance(to: frame.time, emit: emit) }
        lastTime = frame.time
        contacts.apply(frame, surface: surface)
        let time = frame.time
        if contacts.sequenceBegan {
            sequence(.began, time)
            arena.open()
            for k in 0..<7 { held[k] = nil }
            wonSwipeHorizontal = nil
        }
        // Each recognizer in the arena's order; claims made in the same frame are settled in it.
        // A recognizer's reports are collected before routing, as routing may change it.
        var box = Outbox()
        // Frames where a recognizer has nothing to do are not passed to it (each skip below
        // names what the recognizer would have done with the frame: nothing).
        let edgeFrame = contacts.sequenceBegan || contacts.sequenceEnded || contacts.cancelledInFrame
        if takesPart(.longPress) {
            longPress.handle(time: time, contacts: contacts, surface: surface) { box.put($0) }
            if box.count > 0 { flush(.longPress, &box, at: time, emit: emit) }
        }
        // A tap that is not pressed waits for the next touch-down or the end of the sequence.
        if takesPart(.tap), edgeFrame || contacts.downInFrame || tap.isPressed {
            tap.handle(time: time, contacts: contacts, surface: surface) { box.put($0, current: $1) }
            if box.count > 0 { flush(.tap, &box, at: time, emit: emit) }
        }
        if contacts.sequenceBegan { spread.reset() }
        // The spread is measured once per frame for both, and only when two fingers are down.
        if contacts.contacts.count >= 2 || contacts.sequenceBegan,
           pinch.state == .possible || pinch.state == .began || rotation.state == .possible
            || rotation.state == .began || contacts.sequenceBegan {
            spread.update(contacts, surface: surface,
                          angle: rotation.state == .possible || rotation.state == .began || contacts.sequenceBegan)
        }
        // Pinch and rotation wait, undecided, through frames with fewer than two fingers.
        let twoFingerWork = edgeFrame || contacts.contacts.count >= 2
        if takesPart(.pinch), twoFingerWork || pinch.state == .began {
            pinch.handle(time: time, contacts: contacts, spread: spread) { box.put($0) }
            if box.count > 0 { flush(.pinch, &box, at: time, emit: emit) }
        }
        if takesPart(.rotate), twoFingerWork || rotation.state == .began {
            rotation.handle(time: time, contacts: contacts, spread: spread) { box.put($0) }
            if box.count > 0 { flush(.rotate, &box, at: time, emit: emit) }
        }
        // A swipe that has fired or failed only waits for the last lift.
        if takesPart(.swipe), edgeFrame || swipe.state == .possible {
            swipe.handle(time: time, contacts: contacts, surface: surface) { box.put($0) }
            if box.count > 0 { flush(.swipe, &box, at: time, emit: emit) }
        }
        if takesPart(.pan) {
            pan.handle(time: time, contacts: contacts, surface: surface) { box.put($0) }
            if box.count > 0 { flush(.pan, &box, at: time, emit: emit) }
        }
        // The fling decides at the last lift; the travel it needs is kept by the contact table.
        if takesPart(.fling), edgeFrame {
            fling.handle(time: time, contacts: contacts, surface: surface) { box.put($0) }
            if box.count > 0 { flush(.fling, &box, at: time, emit: emit) }
        }
        if contacts.sequenceEnded {
            // The sequence is over: a claim still held has outlived every rival that won nothing.
            for r in RecognizerName.allCases where arena[r] == .held {
                release(r, at: time, emit: emit)
            }
            sequence(.ended, time)
        }
        return true
    }

    /// The earliest time (seconds) at which a deadline may fire with no new event: a tap's
    /// double-tap window closing, or a long press's time passing; `nil` when none is pending.
    /// A live loop sleeps until then (or the next input), and calls ``advance(to:emit:)``.
    public var nextDeadline: Double? {
        let press = arena[.longPress] == .undecided ? longPress.deadline(contacts) : nil
        guard let tapDeadline = tap.deadline else { return press }
        return press.map { min($0, tapDeadline) } ?? tapDeadline
    }

    /// True when a deadline may be pending: a tap waiting for its double-tap window, or a long
    /// press waiting for its time.
    @inline(__always) private var hasDeadline: Bool {
        if case .waiting = tap.state { return true }
        return longPress.state == .possible
    }

    /// Whether recognizer `r` must see this frame: while it is in the running, and on the
    /// frames that begin and end a sequence (so that it can reset). A recognizer that has lost
    /// has nothing to say until then, and skipping it is most of what keeps a long drag cheap.
    @inline(__always) private func takesPart(_ r: RecognizerName) -> Bool {
        switch arena[r] {
        case .absent: false
        case .lost: contacts.sequenceBegan || contacts.sequenceEnded
        case .undecided, .held, .won: true
        }
    }

    /// Routes what one recognizer reported in this frame, in order, and empties the box.
    private mutating func flush(_ r: RecognizerName, _ box: inout Outbox, at time: Double,
                                emit: (GestureEvent) -> Void) {
        let n = box.count
        guard n > 0 else { return }
        box.count = 0
        if n == 1, box.firstCurrent, arena[r] == .won {
            // The common case, a winner's one report of the frame: straight out.
            if case .failed = box.first {} else {
                deliver(GestureEvent(time: time, kind: box.first), emit: emit)
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
            route(r, item.0, at: time, emit: emit)
        } else {
            // Taps of earlier sequences: their arenas have closed.
            deliver(GestureEvent(time: time, kind: item.0), emit: emit)
        }
    }

    /// Lets time pass to `time` (seconds) with no new event: fires every deadline due by then,
    /// each at its own time (a single tap when its double-tap window closes, a long press when
    /// its time has passed).
    public mutating func advance(to time: Double, emit: (GestureEvent) -> Void) {
        if let d = tap.deadline, d < time {
            var due: GestureEvent?
            tap.advance(to: time) { due = $0 }
            if let e = due { deliver(e, emit: emit) }
        }
        if arena[.longPress] == .undecided, longPress.state == .possible {
            var fired: (Double, GestureEvent.Kind)?
            longPress.advance(to: time, contacts: contacts) { fired = ($0, $1) }
            if let (t, k) = fired { route(.longPress, k, at: t, emit: emit) }
        }
    }

    /// Ends the input: contacts still down are cancelled at the last timestamp (as the trace
    /// format prescribes), then every pending deadline fires.
    public mutating func finish(emit: (GestureEvent) -> Void) {
        if let frame = cancellingFrame() { handle(frame, emit: emit) }
        advance(to: .infinity, emit: emit)
    }

    /// The frame that cancels every contact still down, at the last timestamp, for the end of
    /// the input; `nil` when none is down. Handling it is what ``finish(emit:)`` does first.
    public mutating func cancellingFrame() -> TouchFrame? {
        guard lastTime.isFinite else { return nil }
        contacts.cancelAll(at: lastTime, into: &scratch)
        guard !scratch.events.isEmpty else { return nil }
        lastTime = -Double.infinity
        return scratch
    }
}

/// A recognizer's reports from one frame (at most three: the tap's earlier taps, its own
/// report and a failure), kept in plain fields: no allocation, and no copying of an inline
/// array on each access.
private struct Outbox {
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

extension GestureEvent.Kind {
    /// This report as the first of its gesture (`began`), and the report itself when it was
    /// already an end; for discrete gestures, the report unchanged.
    func asBegan() -> (GestureEvent.Kind, GestureEvent.Kind?) {
        func end(_ p: GesturePhase) -> Bool { p == .ended || p == .cancelled }
        switch self {
        case .longPress(var g):
            let e: GestureEvent.Kind? = end(g.phase) ? self : nil
            g.phase = .began
            return (.longPress(g), e)
        case .pan(var g):
            let e: GestureEvent.Kind? = end(g.phase) ? self : nil
            g.phase = .began
            return (.pan(g), e)
        case .pinch(var g):
            let e: GestureEvent.Kind? = end(g.phase) ? self : nil
            g.phase = .began
            return (.pinch(g), e)
        case .rotate(var g):
            let e: GestureEvent.Kind? = end(g.phase) ? self : nil
            g.phase = .began
            return (.rotate(g), e)
        default:
            return (self, nil)
        }
    }
}
