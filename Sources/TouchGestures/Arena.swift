/// A recognizer's standing in the arena of the current touch sequence.
public enum ArenaStanding: Hashable, Sendable {
    /// Taking part and not yet decided.
    case undecided
    /// Claimed, but waiting for a recognizer it must wait for to fail.
    case held
    /// Won the sequence: its output is delivered.
    case won
    /// Failed on its own or was rejected: no more output from it until the next sequence.
    case lost
    /// Not taking part (disabled).
    case absent
}

/// What the arena settles: it tells a recognizer when it took the sequence from it.
protocol ArenaMembers {
    /// Recognizer `r` lost the sequence (`failure` says why) at `time`; whatever it still owes
    /// (the tap's earlier taps) goes to `emit`.
    mutating func lose(_ r: RecognizerName, _ failure: GestureFailure, at time: Double, emit: (GestureEvent) -> Void)
}

/// One slot for each recognizer, at its ``RecognizerName/index``: the arena's capacity, 16, stated
/// here once. ``RecognizerSet`` (a `UInt16`, a bit each) holds as many; a seventeenth recognizer
/// raises both, which `ArenaCapacityTests` hold to every ``RecognizerName``.
typealias PerRecognizer<Element> = InlineArray<16, Element>

/// The arena of one touch sequence: each recognizer's standing, and the claims held. The
/// engine opens it when a sequence begins, hands it every claim (``claim(_:_:at:members:emit:)``)
/// and sweeps it when the sequence ends; the arena grants, holds, releases and rejects as
/// ``ArenaSettings`` says, tells the losers through ``ArenaMembers``, and delivers the winners'
/// reports (and, when explaining, its decisions) to `emit`.
struct Arena: Sendable {
    var settings: ArenaSettings
    /// Whether decisions are delivered too: `won`, and `failed` for every loser.
    var explain = false
    /// The pan's locked axis, if any (`true`: vertical): a swipe across it and a locked pan do
    /// not recognize together, the one exception to "together" in the rule.
    var panLockedVertical: Bool?
    private(set) var standing = PerRecognizer<ArenaStanding>(repeating: .absent)
    /// The latest report of each held claim, delivered when the claim is granted.
    private var held = PerRecognizer<GestureEvent.Kind?>(repeating: nil)
    /// Claims still held when their touch sequence ended while a declared sequence went on past
    /// it (a double tap, then a hold): delivered if the sequence fails, dropped if it is done.
    private var carried = PerRecognizer<GestureEvent.Kind?>(repeating: nil)
    private var carrying = false
    /// True while a win or a loss is being settled (nested settling returns at once).
    private var settling = false
    /// The direction of the swipe that won, if one did.
    private var wonSwipeDirection: SwipeDirection?
    /// The first contact of the sequence, named in `won` reports.
    private var firstContact = 0
    /// Whether the engine has sequences to run: the sequence member takes part only then.
    var sequencesGiven = false

    init(settings: ArenaSettings) { self.settings = settings }

    subscript(_ r: RecognizerName) -> ArenaStanding {
        get { standing[r.index] }
        set { standing[r.index] = newValue }
    }

    /// Opens a new sequence that began with contact `firstContact`: every enabled recognizer
    /// is undecided, and nothing is held.
    mutating func open(firstContact: Int) {
        for r in RecognizerName.allCases {
            let takesPart = settings.enabled.contains(r) && (r != .sequence || sequencesGiven)
            standing[r.index] = takesPart ? .undecided : .absent
            held[r.index] = nil
        }
        wonSwipeDirection = nil
        self.firstContact = firstContact
    }

    /// What becomes of a claim.
    enum Verdict { case win, hold, lose }

    /// The recognizers `r` waits for: those the settings say, and the sequence member, which
    /// every other member waits for (a touch that may still become a declared sequence is not
    /// given to a plain gesture; the member fails as soon as no sequence can be done).
    @inline(__always)
    func waits(_ r: RecognizerName) -> RecognizerSet {
        let given = settings.waitsFor(r)
        return r == .sequence ? given : given.union(RecognizerSet(.sequence))
    }

    /// Settles a claim by `r`: win, hold (a recognizer it waits for is undecided) or lose
    /// (one it waits for has won). Does not change any standing.
    @inline(__always)
    func verdict(for r: RecognizerName) -> Verdict {
        if standing[RecognizerName.sequence.index] == .absent, settings.waitsFor(r).rawValue == 0 { return .win }
        let waits = waits(r)
        if waits.rawValue == 0 { return .win }
        var hold = false
        for w in RecognizerName.allCases where waits.contains(w) {
            switch standing[w.index] {
            case .won: return .lose
            case .undecided, .held: hold = true
            case .lost, .absent: break
            }
        }
        return hold ? .hold : .win
    }

    /// The undecided or held recognizers a win by `winner` rejects.
    @inline(__always)
    func rejectedBy(_ winner: RecognizerName) -> RecognizerSet {
        var out = RecognizerSet()
        let together = settings.together(winner)
        for r in RecognizerName.allCases where r != winner {
            let s = standing[r.index]
            if (s == .undecided || s == .held) && !together.contains(r) { out.insert(RecognizerSet(r)) }
        }
        return out
    }

    /// While the engine follows gestures, what it delivers that its follower needs, noted as it
    /// goes; `nil` when nothing is followed (one test a delivery).
    var followNotes: FollowNotes?

    /// Sends an event out (the arena's own decisions only when explaining).
    @inline(__always) mutating func deliver(_ event: GestureEvent, emit: (GestureEvent) -> Void) {
        switch event.kind {
        case .failed, .won: if !explain { return }
        default: break
        }
        noteForFollower(event)
        emit(event)
    }

    /// Notes `event` for the follower while one follows (``followNotes``): every report the
    /// engine sends goes through here, from the arena or from the engine's fast path.
    @inline(__always) mutating func noteForFollower(_ event: GestureEvent) {
        if followNotes != nil { followNotes!.note(event) }
    }

    // MARK: Claims

    /// A report of member `r`, whose claim is held, that is not a failure: kept as its latest,
    /// for when the claim is granted (what ``claim(_:_:at:members:emit:)`` does with it).
    @inline(__always) mutating func holdLatest(_ r: RecognizerName, _ kind: GestureEvent.Kind) {
        held[r.index] = kind
    }

    /// A report from recognizer `r` at `time`: a failure takes it out; from a winner it is
    /// delivered; from a held claim it replaces the one held; from an undecided recognizer it
    /// is a claim, granted, held or refused by the rule.
    mutating func claim<M: ArenaMembers>(_ r: RecognizerName, _ kind: GestureEvent.Kind, at time: Double,
                                         members: inout M, emit: (GestureEvent) -> Void) {
        if case .failed = kind {
            let was = self[r]
            guard was == .undecided || was == .held else { return }
            self[r] = .lost
            held[r.index] = nil
            deliver(GestureEvent(time: time, kind: kind), emit: emit)
            if r == .sequence { deliverCarried(at: time, emit: emit) }
            settleHeld(at: time, members: &members, emit: emit)
            return
        }
        switch self[r] {
        case .won:
            deliver(GestureEvent(time: time, kind: kind), emit: emit)
        case .held:
            holdLatest(r, kind)
        case .lost, .absent:
            return
        case .undecided:
            if acrossLockedAxis(r, kind) {
                let rival: RecognizerName = r == .pan ? .swipe : .pan
                lose(r, GestureFailure(.rejected, rival: rival), at: time, members: &members, emit: emit)
                return
            }
            switch verdict(for: r) {
            case .win:
                if case .swipe(let sw) = kind { wonSwipeDirection = sw.direction }
                win(r, at: time, members: &members, emit: emit)
                deliver(GestureEvent(time: time, kind: kind), emit: emit)
            case .hold:
                self[r] = .held
                held[r.index] = kind
            case .lose:
                lose(r, GestureFailure(.waitedForWon, rival: wonRival(of: r)), at: time, members: &members, emit: emit)
            }
        }
    }

    /// The sequence is over: a claim still held has outlived every rival that won nothing,
    /// and is granted.
    mutating func sweep<M: ArenaMembers>(at time: Double, members: inout M, emit: (GestureEvent) -> Void) {
        if self[.sequence] == .undecided {
            // A declared sequence goes on past the lift (its next step puts fingers down
            // again): what waits for it waits on, into the next touch sequence if need be.
            for r in RecognizerName.allCases where self[r] == .held {
                carried[r.index] = held[r.index]
                held[r.index] = nil
                self[r] = .lost
                carrying = true
            }
            return
        }
        for r in RecognizerName.allCases where self[r] == .held {
            release(r, at: time, members: &members, emit: emit)
        }
    }

    /// The sequences failed: the claims carried from an earlier touch sequence are delivered
    /// now, as a held claim granted (a continuous gesture as `began`, then its end).
    private mutating func deliverCarried(at time: Double, emit: (GestureEvent) -> Void) {
        guard carrying else { return }
        carrying = false
        for r in RecognizerName.allCases {
            guard let kind = carried[r.index] else { continue }
            carried[r.index] = nil
            deliver(GestureEvent(time: time, kind: .won(recognizer: r, contact: firstContact)), emit: emit)
            let (began, end) = kind.asBegan()
            deliver(GestureEvent(time: time, kind: began), emit: emit)
            if let end { deliver(GestureEvent(time: time, kind: end), emit: emit) }
        }
    }

    /// A declared sequence was done: the claims carried from an earlier touch sequence go.
    private mutating func dropCarried(at time: Double, emit: (GestureEvent) -> Void) {
        guard carrying else { return }
        carrying = false
        for r in RecognizerName.allCases {
            guard carried[r.index] != nil else { continue }
            carried[r.index] = nil
            deliver(GestureEvent(time: time, kind: .failed(recognizer: r, reason: GestureFailure(.rejected, rival: .sequence))), emit: emit)
        }
    }

    /// True when `r`'s claim is a swipe across the axis of a locked pan that has won, or a
    /// locked pan beginning after a swipe across its axis has won.
    @inline(__always)
    private func acrossLockedAxis(_ r: RecognizerName, _ kind: GestureEvent.Kind) -> Bool {
        guard let vertical = panLockedVertical else { return false }
        // A diagonal swipe is across either axis.
        if r == .swipe, self[.pan] == .won, case .swipe(let s) = kind {
            return s.direction.isDiagonal || s.direction.isHorizontal == vertical
        }
        if r == .pan, self[.swipe] == .won, let d = wonSwipeDirection { return d.isDiagonal || d.isHorizontal == vertical }
        return false
    }

    /// The recognizer `r` waits for that has won, if any.
    @inline(__always)
    private func wonRival(of r: RecognizerName) -> RecognizerName? {
        RecognizerName.allCases.first { waits(r).contains($0) && self[$0] == .won }
    }

    /// Makes `r` the winner (with those together with it) and rejects the others.
    private mutating func win<M: ArenaMembers>(_ r: RecognizerName, at time: Double, members: inout M,
                                               emit: (GestureEvent) -> Void) {
        self[r] = .won
        deliver(GestureEvent(time: time, kind: .won(recognizer: r, contact: firstContact)), emit: emit)
        if r == .sequence { dropCarried(at: time, emit: emit) }
        // Rejections first, in the arena's order, then held claims that waited for the winner;
        // other held claims are settled once all of these are known.
        let wasSettling = settling
        settling = true
        let rejected = rejectedBy(r)
        for other in RecognizerName.allCases where rejected.contains(other) && self[other] != .lost {
            lose(other, GestureFailure(.rejected, rival: r), at: time, members: &members, emit: emit)
        }
        for other in RecognizerName.allCases where self[other] == .held && waits(other).contains(r) {
            lose(other, GestureFailure(.waitedForWon, rival: r), at: time, members: &members, emit: emit)
        }
        settling = wasSettling
        settleHeld(at: time, members: &members, emit: emit)
    }

    /// Takes `r` out of the sequence: tells it, and reports why.
    private mutating func lose<M: ArenaMembers>(_ r: RecognizerName, _ failure: GestureFailure, at time: Double,
                                                members: inout M, emit: (GestureEvent) -> Void) {
        self[r] = .lost
        held[r.index] = nil
        members.lose(r, failure, at: time, emit: emit)
        deliver(GestureEvent(time: time, kind: .failed(recognizer: r, reason: failure)), emit: emit)
        if r == .sequence { deliverCarried(at: time, emit: emit) }
        settleHeld(at: time, members: &members, emit: emit)
    }

    /// Grants or refuses held claims whose waits have been decided, until none changes. Wins
    /// and losses inside call it again; those calls return at once and this loop goes on.
    private mutating func settleHeld<M: ArenaMembers>(at time: Double, members: inout M,
                                                      emit: (GestureEvent) -> Void) {
        guard !settling else { return }
        // While the sequence member is undecided, every held claim waits for it, and no member
        // has won (a win needs the sequence member decided first): every verdict is `hold`.
        // Said once here, not by a verdict for each held claim at every failure (the
        // 16-sequence session called this 189,256 times, 463 instructions each, callgrind).
        guard standing[RecognizerName.sequence.index] != .undecided else { return }
        settling = true
        defer { settling = false }
        var changed = true
        while changed {
            changed = false
            for r in RecognizerName.allCases where self[r] == .held {
                switch verdict(for: r) {
                case .hold: continue
                case .lose:
                    lose(r, GestureFailure(.waitedForWon, rival: wonRival(of: r)), at: time, members: &members, emit: emit)
                case .win:
                    release(r, at: time, members: &members, emit: emit)
                }
                changed = true
            }
        }
    }

    /// Grants `r`'s held claim: it wins, and its latest held report is delivered now (a
    /// continuous gesture as `began`, followed by its end if it already ended).
    private mutating func release<M: ArenaMembers>(_ r: RecognizerName, at time: Double, members: inout M,
                                                   emit: (GestureEvent) -> Void) {
        let kind = held[r.index]
        held[r.index] = nil
        win(r, at: time, members: &members, emit: emit)
        guard let kind else { return }
        let (began, end) = kind.asBegan()
        deliver(GestureEvent(time: time, kind: began), emit: emit)
        if let end { deliver(GestureEvent(time: time, kind: end), emit: emit) }
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
        case .drag(var g):
            let e: GestureEvent.Kind? = end(g.phase) ? self : nil
            g.phase = .began
            return (.drag(g), e)
        // Every kind named: a continuous gesture added to the engine does not compile until it
        // says here how its first report begins, where a `default:` let it pass as discrete.
        case .tap, .swipe, .fling, .failed, .won, .follow, .sequence:
            return (self, nil)
        }
    }
}
