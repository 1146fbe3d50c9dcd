import TouchGestures

/// Turns one device's touch frames into the bindings to run: the engine recognizes, and the
/// dispatcher decides which binding each gesture (or each step of a repeating slide) calls for.
///
/// Rules, in the order a user meets them:
/// - The first binding that matches, in the order written, runs; the others do not.
/// - A swipe runs at the lift, when its length (mean of the fingers' displacements along its
///   direction, in mm) is known; its edge is the one ``SwipeRecognizer`` reports: where every
///   finger went down, when the swipe moves away from it.
/// - A repeating swipe binding runs each time the fingers' mean displacement since the last
///   run is `step` mm or more and points the binding's way (so a 45 mm slide with a 10 mm
///   step runs it 4 times); a touch sequence that ran one runs
///   no swipe at its lift. Its edge is where the fingers went down.
/// - A tap runs when the tap (or double tap) is reported, a long press when the hold time has
///   passed, a pinch and a rotation at the lift (in or out by the scale, clockwise or not by
///   the angle). Their edge is where the fingers went down.
/// - A sequence that ends with a cancelled contact runs nothing at its lift.
/// - A streaming binding (`stream = true`) is chosen when its gesture begins and fed the
///   gesture's progress until it commits or cancels (DispatcherStreams.swift has its rules); a
///   sequence that streamed runs nothing at its lift.
package struct GestureDispatcher: Sendable {
    package let bindings: [Binding]
    /// What each binding is matched on, in the same order: looking through them copies no
    /// command or origin string (a daemon with lisgd's 288 bindings copied and released each
    /// one it looked at, at every gesture).
    let keys: [Key]
    package private(set) var engine: GestureEngine
    let surface: Surface
    let edgeZone: Double
    let diagonals: Bool
    let axis: GestureSettings.SwipeAxis
    /// The repeating swipe bindings, as indices into `bindings` and `keys`.
    private let repeating: [Int]

    /// A binding without its command: a value with no reference in it.
    struct Key {
        var gesture: GesturePattern
        var distance: Binding.Distance
        var mode: Binding.Mode

        init(_ b: Binding) { (gesture, distance, mode) = (b.gesture, b.distance, b.mode) }
    }

    /// One contact of the current touch sequence. A handful at most: kept in an array and
    /// searched, which touches less code (and so fewer pages of a resident daemon) than hashing.
    struct Track {
        var id: Int
        var start: Point
        var latest: Point
        var active: Bool
        /// Where a repeating binding's next step counts from.
        var anchor: Point?
    }

    // The current touch sequence.
    var tracks: [Track] = []
    /// How many fingers the current sequence keeps (at most ``GestureEngine/maxContacts``).
    var trackedContacts: Int { tracks.count }
    /// The engine's events for the frame in hand, kept between frames so that a frame does not
    /// allocate an array (a drag reports a pan change at every frame).
    private var scratch: [GestureEvent] = []
    /// How many fingers of the current touch sequence are down. Stored, not worked out: a host
    /// that keeps the dispatcher in an object (the C library's `tg_bindings`) reads a computed
    /// property of it only through a copy of the whole dispatcher, which was a third of that
    /// library's time (`touch-bench capi`, callgrind).
    package internal(set) var fingersDown = 0
    /// Changes whenever a contact goes down or up, so that a slide starts its count again.
    private var contactsVersion = 0
    private var anchorsVersion = -1
    private var zones = EdgeZones.all
    var startEdge: ScreenEdge?
    private var pendingSwipe: GestureEvent.Swipe?
    var cancelled = false
    var repeated = false
    /// Whether a gesture of the current sequence streamed: the engine followed one for a
    /// binding (as it followed it, before this frame's reports are dispatched).
    var streamed: Bool { engine.followedInSequence }
    /// Whether a stream is open (its gesture goes on).
    package var isStreaming: Bool { engine.isFollowing }
    /// `tap.maxGap`, for `--explain` to name when two taps were too far apart for one double tap.
    let tapMaxGap: Double
    /// When the last touch sequence ended, whether it was a tap, and how long after that end the
    /// current one began (for `--explain`).
    private var lastSequenceEnd: Double?
    private var sequenceTapped = false
    var previousSequenceTapped = false
    var gapBefore: Double?
    /// How many fingers the last sequence had, for a near miss told after its end.
    var endedFingers = 0
    /// Explaining only: why the recognizers of the current sequence gave up, and whether a
    /// gesture of it was explained (then it needs no near-miss line).
    var failures: [(RecognizerName, GestureFailure)] = []
    var explainedSequence = false
    /// Explaining only: why each sequence a binding names failed in the current touch sequence,
    /// in words (`sequence drawer: step 2 (hold): moved 5.4 mm > 4.7 mm at 0.12 s`).
    var sequenceFailures: [String] = []
    /// Explaining only: the repeating bindings that stepped in the current sequence, in order
    /// (one run for each binding and direction in a row), told at its end.
    var slideRuns: [SlideRun] = []
    /// A near miss told at the end of a sequence, held while a tap of it may still come.
    var pendingNearMiss: String?
    /// When true, the dispatcher also says when a binding claims the touch sequence
    /// (DispatcherClaims.swift): what a compositor takes from the app. The daemon does not ask.
    package var claims = false
    /// Whether a binding claimed the current touch sequence (or, between sequences, the last).
    package internal(set) var claimed = false

    /// When true, ``explanation`` gets one line for each touch (`--explain`): the gesture and
    /// the binding it ran; or, when it ran nothing, why not in the user's own units: the
    /// binding that came nearest and the test it failed, or, when no gesture was recognized at
    /// all, the gesture a binding waits for that the touch came nearest to and the limit it
    /// missed (`swipe up from the bottom edge, 1 finger: distance 11.5 mm < 11.8 mm`).
    package var explains = false {
        // The engine then reports why its recognizers gave up: what a near miss is told from.
        didSet { engine.explain = explains }
    }
    /// With ``explains``, every binding tried for each gesture, in order, with the first reason
    /// each did not match, up to the one that ran (`--explain -v`).
    package var explainsEveryBinding = false
    /// Said beside the limits they explain (``LimitNotes``).
    package var limitNotes = LimitNotes()
    /// The explanation lines since the last ``takeExplanation()``.
    package internal(set) var explanation: [String] = []

    /// The explanation lines so far, handed over and forgotten.
    package mutating func takeExplanation() -> [String] {
        defer { explanation.removeAll() }
        return explanation
    }

    package init(bindings: [Binding], settings: GestureSettings, surface: Surface) {
        self.bindings = bindings
        self.surface = surface
        edgeZone = settings.swipe.edgeZone
        diagonals = settings.swipe.diagonals
        axis = settings.swipe.axis
        tapMaxGap = settings.tap.maxGap
        let keys = bindings.map(Key.init)
        self.keys = keys
        repeating = keys.indices.filter { if case .repeating = keys[$0].mode { keys[$0].gesture.kind == .swipe } else { false } }
        engine = GestureEngine(settings: settings, surface: surface)
        engine.followRequests = Self.followRequests(keys)
    }

    /// When (seconds) the engine next needs ``advance(to:fire:)`` with no input: a tap's
    /// double-tap window or a long press's time; `nil` when nothing is pending.
    ///
    /// Stored, and updated by every call that feeds the engine: the daemon asks at each wake-up,
    /// and computing it from outside copied the whole engine each time (a quarter of the
    /// daemon's instructions in the VM's session, callgrind).
    package private(set) var nextDeadline: Double?

    /// Handles one frame; `seen` is told every gesture the engine reports (for a log). A tap
    /// or long press due before the frame fires first (the engine advances to the frame's time
    /// itself): ``advance(to:fire:seen:)`` is for time passing with no input.
    package mutating func handle(_ frame: TouchFrame, fire: (Firing) -> Void, seen: (GestureEvent) -> Void = { _ in }) {
        if fingersDown == 0, frame.events.contains(where: { $0.phase == .down }) {
            // What was due before this touch began is the last sequence's (a tap whose window
            // closed): it fires, and is explained with what that sequence left, before the new
            // sequence forgets it (a held press's near long press went unsaid).
            if let due = engine.nextDeadline, TouchEvent.reached(frame.time, due) {
                dispatch({ $0.advance(to: frame.time, emit: $1) }, fire: fire, seen: seen)
                if pendingNearMiss != nil, engine.nextDeadline == nil { tellNearMiss() }
            }
            beginSequence()
            gapBefore = lastSequenceEnd.map { frame.time - $0 }
        }
        for e in frame.events {
            let k = tracks.firstIndex { $0.id == e.id }
            switch e.phase {
            case .down:
                if let k {
                    if !tracks[k].active { fingersDown += 1 }
                    tracks[k] = Track(id: e.id, start: e.position, latest: e.position, active: true)
                } else {
                    // As many fingers in one sequence as the engine tracks at once, and no more:
                    // each event looks its finger up among them (10⁵ fingers down at once made
                    // a replay quadratic, 6.5 s), and the list would grow with a finger held
                    // while others tap. A finger past them is ignored, with its moves and lift.
                    guard tracks.count < GestureEngine.maxContacts else { continue }
                    tracks.append(Track(id: e.id, start: e.position, latest: e.position, active: true))
                    fingersDown += 1
                }
                contactsVersion &+= 1
                zones = zones.intersection(EdgeZones(of: e.position, on: surface, width: edgeZone))
                startEdge = zones.edge
            case .move:
                if let k { tracks[k].latest = e.position }
            case .up, .cancel:
                if e.phase == .cancel { cancelled = true } else if let k { tracks[k].latest = e.position }
                if let k, tracks[k].active {
                    tracks[k].active = false
                    fingersDown -= 1
                    contactsVersion &+= 1
                }
            }
        }
        dispatch({ $0.handle(frame, emit: $1) }, fire: fire, seen: seen)
        if !repeating.isEmpty, fingersDown > 0, !cancelled, !streamed { slide(at: frame.time, fire: fire) }
        if claims, !claimed, fingersDown > 0, let s = pendingSwipe { claimSwipe(s, at: frame.time, fire: fire) }
        if fingersDown == 0, !tracks.isEmpty { endSequence(at: frame.time, fire: fire) }
        nextDeadline = engine.nextDeadline
        if pendingNearMiss != nil, nextDeadline == nil { tellNearMiss() }
    }

    /// Lets time pass to `time` (seconds) with no input: a pending tap or long press fires.
    package mutating func advance(to time: Double, fire: (Firing) -> Void, seen: (GestureEvent) -> Void = { _ in }) {
        dispatch({ $0.advance(to: time, emit: $1) }, fire: fire, seen: seen)
        nextDeadline = engine.nextDeadline
        if pendingNearMiss != nil, nextDeadline == nil { tellNearMiss() }
    }

    /// Ends the input: contacts still down are cancelled, pending deadlines fire.
    package mutating func finish(fire: (Firing) -> Void, seen: (GestureEvent) -> Void = { _ in }) {
        dispatch({ $0.finish(emit: $1) }, fire: fire, seen: seen)
        nextDeadline = engine.nextDeadline
        if pendingNearMiss != nil { tellNearMiss() }
    }

    /// Feeds the engine (`feed` calls it with the function that collects what it reports),
    /// then tells `seen` and fires the bindings of each gesture, in order. The gestures are
    /// collected in the scratch array, whose memory is kept from call to call.
    mutating func dispatch(_ feed: (inout GestureEngine, (GestureEvent) -> Void) -> Void,
                                   fire: (Firing) -> Void, seen: (GestureEvent) -> Void) {
        var events: [GestureEvent] = []
        swap(&events, &scratch)
        feed(&engine) { events.append($0) }
        if explains {
            // Only reported when explaining: why each recognizer gave up, kept for a near miss
            // (a tap's explanation may name the long press it missed in the same frame).
            for g in events {
                guard case .failed(let r, let f) = g.kind else { continue }
                if failures.count < 16 { failures.append((r, f)) }
                // The member says the furthest run; every sequence a binding names is said.
                if r == .sequence { noteSequenceFailures() }
            }
        }
        for g in events {
            switch g.kind {
            case .failed, .won: continue  // not gestures: not logged, and nothing binds them
            case .follow(let f):
                // A streaming binding's report: its own line, not a gesture of the log.
                reportStream(f, at: g.time, fire: fire)
                continue
            default: break
            }
            seen(g)
            gesture(g, fire: fire)
        }
        events.shrink(to: 0)
        swap(&events, &scratch)
    }

    private mutating func beginSequence() {
        tracks.removeAll(keepingCapacity: true)
        fingersDown = 0
        anchorsVersion = -1
        zones = .all
        startEdge = nil
        pendingSwipe = nil
        cancelled = false
        repeated = false
        failures.removeAll(keepingCapacity: true)
        sequenceFailures.removeAll(keepingCapacity: true)
        slideRuns.removeAll(keepingCapacity: true)
        explainedSequence = false
        claimed = false
        previousSequenceTapped = sequenceTapped
        sequenceTapped = false
    }

    /// The edge zone `p` (surface units) lies in.
    private func zone(of p: Point) -> ScreenEdge? { EdgeZones(of: p, on: surface, width: edgeZone).edge }

    /// The swipe `s` as it stands: its length along its direction (the mean of the fingers'
    /// displacements from their touch-downs, a lifted finger's to its lift, in mm) and the
    /// screen's extent that way. At the last lift, what its binding is chosen by.
    ///
    /// `mutating`, as ``first(_:)``, though it writes nothing: called as a plain method from the
    /// claims (every frame of a swipe no binding takes yet, in `tg_bindings`), the whole
    /// dispatcher was copied for the call (`touch-bench capi`: the bindings pass 6.40 G → 5.46 G
    /// instructions, callgrind).
    mutating func candidate(_ s: GestureEvent.Swipe) -> Candidate {
        let u = s.direction.unitVector
        var total = 0.0
        for t in tracks {
            let d = surface.millimeters(t.latest - t.start)
            total += d.x * u.x + d.y * u.y
        }
        let size = surface.millimeters(Point(x: surface.width, y: surface.height))
        return Candidate(GesturePattern(.swipe, direction: s.direction, fingers: s.fingers, edge: .init(s.edge)),
                         length: total / Double(tracks.count), extent: abs(size.x * u.x) + abs(size.y * u.y))
    }

    /// The first binding that `c` matches: the one rule that fires bindings and that
    /// ``explain(_:at:_:ran:)`` reports on. `mutating` for the reason ``candidate(_:)`` gives.
    mutating func first(_ c: Candidate) -> Binding? {
        for k in keys.indices where mismatch(keys[k], c) == nil { return bindings[k] }
        return nil
    }

    /// What a finished gesture is: its pattern (every field of its kind set), and for a swipe
    /// its length along its direction and the screen's extent that way (mm).
    struct Candidate {
        var gesture: GesturePattern
        var length = 0.0, extent = 0.0

        init(_ gesture: GesturePattern, length: Double = 0, extent: Double = 0) {
            (self.gesture, self.length, self.extent) = (gesture, length, extent)
        }
    }

    /// Why a binding's key does not match a gesture: the first test it fails. Cases only, no
    /// text: matching runs at every finished gesture; the words are made only for `--explain`.
    enum Mismatch: Equatable {
        /// Another kind of gesture.
        case gesture
        case repeating, streams
        /// A test of the pattern's own after its kind (fingers, the kind's field, edge).
        case pattern(GesturePattern.Mismatch)
        case distance

        /// How many of ``mismatch(_:_:atBegin:)``'s tests passed before this one failed.
        var rank: Int {
            switch self {
            case .gesture, .pattern(.kind): 0
            case .repeating, .streams: 1
            case .pattern(.fingers): 2
            case .pattern(.direction): 3
            case .pattern(.taps): 4
            case .pattern(.pinch): 5
            case .pattern(.turn), .pattern(.sequence): 6
            case .pattern(.edge): 7
            case .distance: 8
            }
        }
    }

    /// The first test `key` fails for `c`, or `nil` when it matches. Each gesture's own tests
    /// (direction and distance for a swipe, taps, pinch, turn) are made for that gesture only.
    /// `atBegin`: as a gesture begins, when a stream is chosen: the mode and the distance (still
    /// to come) are not tested.
    func mismatch(_ key: Key, _ c: Candidate, atBegin: Bool = false) -> Mismatch? {
        if key.gesture.kind != c.gesture.kind { return .gesture }
        if !atBegin, key.mode == .stream { return .streams }
        if !atBegin, key.mode != .release { return .repeating }
        if let m = key.gesture.mismatch(c.gesture) { return .pattern(m) }
        if !atBegin, c.gesture.kind == .swipe, !key.distance.admits(c.length, extent: c.extent) { return .distance }
        return nil
    }

    /// Seconds with three decimals; a time whose milliseconds do not fit an Int (or that is
    /// not finite) as Swift writes a Double.
    package static func decimalTime(_ t: Double) -> String { formatFixed(t, digits: 3) }

    private mutating func gesture(_ g: GestureEvent, fire: (Firing) -> Void) {
        switch g.kind {
        case .swipe(let s):
            pendingSwipe = s
        case .tap(let t):
            sequenceTapped = true
            let edge = zone(of: t.position)
            let c = Candidate(GesturePattern(.tap, taps: t.taps, fingers: t.fingers, edge: .init(edge)))
            let b = first(c)
            let cause = Firing.Cause.tap(taps: t.taps, fingers: t.fingers, edge: edge)
            explain(Firing.words(cause), at: g.time, c, ran: b)
            if let b { run(Firing(time: g.time, binding: b, cause: cause), fire: fire) }
        case .longPress(let l) where l.phase == .began:
            let c = Candidate(GesturePattern(.longPress, fingers: l.fingers, edge: .init(startEdge)))
            let b = first(c)
            let cause = Firing.Cause.longPress(fingers: l.fingers, edge: startEdge)
            explain(Firing.words(cause), at: g.time, c, ran: b)
            if let b { run(Firing(time: g.time, binding: b, cause: cause), fire: fire) }
        case .pinch(let p) where claims && (p.phase == .began || p.phase == .changed):
            claimPinch(p, at: g.time, fire: fire)
        case .rotate(let r) where claims && (r.phase == .began || r.phase == .changed):
            claimRotation(r, at: g.time, fire: fire)
        case .pinch(let p) where p.phase == .ended && p.scale != 1 && !streamed:
            let way: GesturePattern.PinchWay = p.scale < 1 ? .in : .out
            let c = Candidate(GesturePattern(.pinch, pinch: way, fingers: p.fingers, edge: .init(startEdge)))
            let b = first(c)
            let cause = Firing.Cause.pinch(way, scale: p.scale, fingers: p.fingers)
            explain(Firing.words(cause), at: g.time, c, ran: b)
            if let b { run(Firing(time: g.time, binding: b, cause: cause), fire: fire) }
        case .rotate(let r) where r.phase == .ended && r.angle != 0 && !streamed:
            let way: GesturePattern.Turn = r.angle > 0 ? .clockwise : .counterclockwise
            let c = Candidate(GesturePattern(.rotate, turn: way, fingers: r.fingers, edge: .init(startEdge)))
            let b = first(c)
            let cause = Firing.Cause.rotate(way, radians: r.angle, fingers: r.fingers)
            explain(Firing.words(cause), at: g.time, c, ran: b)
            if let b { run(Firing(time: g.time, binding: b, cause: cause), fire: fire) }
        case .sequence(let q) where !streamed:
            // Its steps said where and with how many fingers: a binding names it by its name.
            let c = Candidate(GesturePattern(.sequence, fingers: q.fingers, sequence: q.index))
            let b = first(c)
            let cause = Firing.Cause.sequence(q)
            explain(Firing.words(cause), at: g.time, c, ran: b)
            if let b { run(Firing(time: g.time, binding: b, cause: cause), fire: fire) }
        default:
            break
        }
    }

    /// `v` with at most one decimal (`11.8`, `12`): how measurements are said.
    static func decimal(_ v: Double) -> String { formatRounded(v, digits: 1) }

    /// A repeating binding's step: the mean displacement of the fingers down, in mm, since the
    /// last step (or since the set of fingers last changed).
    private mutating func slide(at time: Double, fire: (Firing) -> Void) {
        if anchorsVersion != contactsVersion {
            for k in tracks.indices { tracks[k].anchor = tracks[k].active ? tracks[k].latest : nil }
            anchorsVersion = contactsVersion
            return
        }
        var sum = Point.zero
        for t in tracks where t.active { sum = sum + surface.millimeters(t.latest - (t.anchor ?? t.latest)) }
        let d = sum / Double(fingersDown)
        guard let way = SwipeDirection(of: d, diagonals: diagonals, axis: axis) else { return }
        let along = d.x * way.unitVector.x + d.y * way.unitVector.y
        let fingers = fingersDown
        let slid = GesturePattern(.swipe, direction: way, fingers: fingers, edge: .init(startEdge))
        for r in repeating {
            let b = keys[r]
            guard case .repeating(let step) = b.mode, along >= step, b.gesture.mismatch(slid) == nil else { continue }
            repeated = true
            engine.stopFollowing()
            if explains { noteSlideStep(binding: r, way: way, step: step, fingers: fingers, at: time) }
            // The next step counts from one step further along, and from where the fingers
            // are across: what went past the step counts toward the next one, sideways
            // wandering does not add up.
            let rest = Point(x: surface.unitsX(way.unitVector.x * (along - step)),
                             y: surface.unitsY(way.unitVector.y * (along - step)))
            for k in tracks.indices where tracks[k].active { tracks[k].anchor = tracks[k].latest - rest }
            run(Firing(time: time, binding: bindings[r], cause: .slide(way, millimeters: along, fingers: fingers, edge: startEdge)), fire: fire)
            return
        }
    }

    private mutating func endSequence(at time: Double, fire: (Firing) -> Void) {
        lastSequenceEnd = time
        endedFingers = tracks.count
        defer {
            tracks.removeAll(keepingCapacity: true)
            pendingSwipe = nil
        }
        guard let s = pendingSwipe, !repeated, !cancelled, !streamed else {
            if explains, !explainedSequence, !repeated, !streamed { nearMiss(at: time) }
            if explains, repeated { explainSlides(at: time) }
            return
        }
        let c = candidate(s)
        let b = first(c)
        let cause = Firing.Cause.swipe(s.direction, millimeters: c.length, fingers: s.fingers, edge: s.edge)
        explain(Firing.words(cause), at: time, c, ran: b)
        if let b { run(Firing(time: time, binding: b, cause: cause), fire: fire) }
    }
}
