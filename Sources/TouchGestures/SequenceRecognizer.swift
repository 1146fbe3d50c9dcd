/// Runs the engine's ``GestureSequence``s: one member of the arena for all of them
/// (``RecognizerName/sequence``).
///
/// Each sequence has a run: the step it is at, when that step began, and the fingers it keeps
/// (where each was when the step began, which a hold held, which the first and the latest touch
/// put down). Every frame moves each run on; a run whose step is broken fails with the step's
/// measure and limit, and restarts with the next touch sequence. The first run whose last step
/// is done claims the touch sequence for the member; when every run has failed, the member
/// fails, with the failure of the run that got furthest. Deadlines (a hold's time, a step's
/// `within`, the gap before the next tap or touch) are the engine's: ``deadline`` and
/// ``advance(to:contacts:surface:emit:)``, so a replay decides the same every time.
///
/// States of a run (``Run/Status``), each change at a frame or a deadline:
/// - `ready → running`: a touch sequence begins.
/// - `running → running`: a step is done and the next begins where it ended.
/// - `running → between`: every finger lifted and the next step puts fingers down again.
/// - `between → running`: a touch sequence begins within the gap.
/// - `running → done`: the last step is done (the member claims).
/// - `running, between → failed`: a step was broken, or its time ran out.
/// - `done, failed → running`: the next touch sequence begins (a fresh try).
struct SequenceRecognizer: Sendable {
    /// What the runs read of the other recognizers' settings.
    struct Limits: Hashable, Sendable {
        /// ``GestureSettings/Swipe/edgeZone`` (mm): where an edge's touch must land.
        var edgeZone: Double
        /// ``GestureSettings/Tap/maxMovement`` (mm): how far a tap, a waiting finger or (by
        /// default) a held one may wander.
        var slop: Double
        /// ``GestureSettings/Tap/maxGap`` (s): the gap allowed before the next tap, and before
        /// the next touch after every finger lifted when the step gives no `within`.
        var gap: Double
        /// ``GestureSettings/Tap/maxSpacing`` (mm): how far a following tap may land from the first.
        var spacing: Double

        init(_ settings: GestureSettings) {
            edgeZone = settings.swipe.edgeZone
            slop = settings.tap.maxMovement
            gap = settings.tap.maxGap
            spacing = settings.tap.maxSpacing
        }
    }

    /// The sequences run, in the order their claims are settled.
    private(set) var sequences: [GestureSequence]
    let limits: Limits
    private var runs: [Run]
    /// The runs running or waiting between touches, by index: a frame visits these alone (most
    /// runs fail as the touch begins). Rebuilt when a run changes.
    private var live: [Int] = []
    /// Each sequence's first step's edge and section, when it touches down on an edge: judged
    /// once as a touch sequence begins, before the run is set up (most touches land on no edge).
    private var firstEdges: [(edge: ScreenEdge, along: ClosedRange<Double>?)?] = []
    /// Each sequence's followed step (``GestureSequence/followedStep``), -1 for none.
    private var followedSteps: [Int] = []
    /// The largest moves of the frames that only moved fingers, added up since the touch
    /// sequence began (mm): a bound on how far any finger went in them.
    private var travelled = 0.0
    /// The least of the live runs' ``Run/skipUntil``: a frame that only moves fingers and brings
    /// ``travelled`` to less than this is skipped by every run at once, with one comparison.
    private var skipAll = -Double.infinity
    /// The first run (by index) done in this touch sequence, `Int.max` for none: the member's
    /// claim, found without looking at every run.
    private var firstDone = Int.max
    /// Whether the member claimed or failed in this touch sequence: it reports once.
    private var decided = false
    /// Where the touch sequence began, on which edge's zone (if any), on what surface: what a
    /// run that failed off its first step's edge says of it (``edgeFailure(of:at:)``).
    private var landing: (point: Point, edge: ScreenEdge?, surface: Surface?) = (.zero, nil, nil)
    /// Whether a run changed status, step or tap since the member last reported and worked out
    /// its deadline: most frames change none, and then neither is done again.
    private var changed = false

    init(sequences: [GestureSequence], limits: Limits) {
        self.limits = limits
        self.sequences = []
        self.runs = []
        load(sequences)
    }

    /// Whether there is nothing to run: the member then stays out of the arena.
    var isEmpty: Bool { sequences.isEmpty }

    /// Replaces the sequences; every run starts afresh. Each run's lists are given room for
    /// ten fingers now, so that a frame appends to them without allocating.
    mutating func load(_ list: [GestureSequence]) {
        sequences = list.filter { $0.problem == nil }
        runs = sequences.indices.map { Run(index: $0, steps: sequences[$0].steps, limits: limits) }
        live = []
        live.reserveCapacity(runs.count)
        firstEdges = sequences.map { q in
            if case .touch(_, let edge?, let along) = q.steps[0].action { (edge, along) } else { nil }
        }
        skipAll = -.infinity
        firstDone = .max
        followedSteps = sequences.map { $0.followedStep ?? -1 }
        decided = false
        changed = false
        deadline = nil
    }

    // MARK: Frames

    mutating func handle(_ frame: inout RecognizerFrame, into reports: inout Outbox) {
        // Nothing under way and nothing to report (every run stopped, or the member claimed):
        // only a new touch sequence can change anything.
        if live.isEmpty, !changed, !frame.contacts.sequenceBegan { return }
        // A frame that only moves fingers, by at most `largest` mm each, is skipped by a run
        // whose slack is larger; when it is skipped by every run and nothing is left to report,
        // nothing else is done. That is most frames (800,000 of the 16-sequence session's 1.1
        // million), so it is done here, and the rest out of line: with the rest in this
        // function, its entry and exit (registers spilled to a 500-byte frame) cost 28
        // instructions more at every frame (callgrind). (A frame that begins a touch sequence
        // or cancels one is not a quiet one.)
        let quiet = Run.onlyMoves(frame.contacts)
        if quiet {
            var largest = 0.0
            for c in frame.contacts.contacts {
                let d = frame.surface.millimeters(c.position - c.previous)
                largest = max(largest, d.x * d.x + d.y * d.y)
            }
            travelled += largest.squareRoot()
            // Strictly under, here and below: a frame that brings the travel to a slack is looked at.
            if travelled < skipAll, !changed { return }
        }
        step(&frame, quiet: quiet, into: &reports)
    }

    /// The frame's work past ``handle(_:into:)``'s quick answers: a touch sequence that
    /// begins, a cancel, the runs that look at the frame, the member's report.
    @inline(never) private mutating func step(_ frame: inout RecognizerFrame, quiet: Bool, into reports: inout Outbox) {
        // The table is read where the frame keeps it: a copy of it (128 bytes) cost 30
        // instructions a frame, and the member sees most frames (callgrind).
        let time = frame.time, surface = frame.surface
        if frame.contacts.sequenceBegan {
            decided = false
            travelled = 0
            skipAll = -.infinity
            firstDone = .max
            let landed = frame.contacts.contacts.first?.start ?? .zero
            let edge = EdgeZones(of: landed, on: surface, width: limits.edgeZone).edge
            landing = (landed, edge, surface)
            // ``live`` lists every run running or waiting between touches: as a touch sequence
            // begins, the one time a run can come back to life.
            live.shrink(to: 0)
            for k in runs.indices {
                begin(k, at: time, landed: landed, on: edge, surface: surface)
                if runs[k].isLive { live.append(k) }
            }
        }
        if frame.contacts.cancelledInFrame {
            for k in live where runs[k].isLive {
                runs[k].fail(GestureFailure(.cancelled), at: time)
                changed = true
            }
        }
        // A step done begins the next where it ended; the new step sees the frames after it.
        // Each run's step is its own method, run in place in the array: one uniqueness check a
        // run, where a method of the recognizer writing `runs[k]` field by field made one a
        // write.
        if !quiet || travelled >= skipAll {
            var least = Double.infinity
            for k in live {
                let skip = runs[k].skipUntil
                if quiet, travelled < skip {
                    least = min(least, skip)
                    continue
                }
                guard runs[k].status == .running else { continue }
                if runs[k].frame(at: time, contacts: frame.contacts, surface: surface, travelled: travelled) {
                    changed = true
                    noteIfDone(k)
                }
                least = min(least, runs[k].skipUntil)
            }
            skipAll = least
        }
        if frame.contacts.sequenceEnded {
            for k in live where runs[k].status == .running { touchesEnded(k, at: time) }
        }
        guard changed else { return }
        changed = false
        keepLive()
        if let kind = report(at: time, contacts: frame.contacts) { reports.put(kind) }
    }

    /// After a change: drops the runs that stopped from ``live``, in place (between touch
    /// sequences' beginnings, runs only leave it), and works out the ``deadline`` of those
    /// left, in the same pass. (Three passes over the runs after each change, this, the
    /// deadline's and the claim's test for a run still under way, cost 66 M instructions of
    /// the 16-sequence session, callgrind.)
    private mutating func keepLive() {
        var kept = 0
        var earliest: Double?
        for i in live.indices {
            let k = live[i]
            guard runs[k].isLive else { continue }
            if let d = runs[k].deadline, earliest == nil || d < earliest! { earliest = d }
            if kept != i { live[kept] = k }
            kept += 1
        }
        live.shrink(to: kept)
        deadline = earliest
    }

    /// A touch sequence begins: a run waiting between touches goes on (or fails, when its gap
    /// has passed); every other run starts at its first step.
    /// Inlined in the frame's loop, with the run waiting between touches out of line: called
    /// for every run at every touch, its entry and exit cost 60 instructions a run (callgrind).
    @inline(__always) private mutating func begin(_ k: Int, at time: Double, landed: Point, on landedEdge: ScreenEdge?, surface: Surface) {
        changed = true
        if runs[k].status == .between, goesOn(k, at: time) { return }
        if let (edge, along) = firstEdges[k], !Run.lands(landed, on: landedEdge, edge: edge, along: along, surface: surface) {
            runs[k].failOffEdge(at: time)
            return
        }
        runs[k].restart(at: time)
    }

    /// The failure of run `k`, which failed off its first step's edge at `time`
    /// (``Run/failOffEdge(at:)``), worked out from where the touch sequence began. `mutating`
    /// though it writes nothing, as ``Run/slack(_:_:)``: called from the member's mutating
    /// steps, a plain method copied the whole recognizer for it (callgrind).
    private mutating func edgeFailure(of k: Int, at time: Double) -> Run.Failure? {
        Self.offEdge(firstEdges[k], landing: landing, zone: limits.edgeZone, sequence: k,
                     action: sequences[k].steps[0].action.kind, at: time)
    }

    /// The failure at step 0 of sequence `sequence`, whose first step names the edge `first`
    /// (and its section), for a touch sequence that began at `landing` and so failed it at `time`.
    private static func offEdge(_ first: (edge: ScreenEdge, along: ClosedRange<Double>?)?,
                                landing: (point: Point, edge: ScreenEdge?, surface: Surface?), zone: Double,
                                sequence: Int, action: GestureSequence.ActionKind, at time: Double) -> Run.Failure? {
        guard let (edge, along) = first, let surface = landing.surface,
              var why = Run.landing(landing.point, on: landing.edge, edge: edge, along: along, surface: surface, zone: zone)
        else { return nil }
        why.sequenceStep = .init(sequence: sequence, step: 0, action: action)
        return Run.Failure(step: 0, failure: why, time: time)
    }

    /// Run `k`, waiting between touches, as a touch sequence begins at `time`: whether it goes
    /// on; else its gap has passed, and it failed.
    @inline(never) private mutating func goesOn(_ k: Int, at time: Double) -> Bool {
        if let d = runs[k].deadline, TouchEvent.reached(time, d) {
            runs[k].fail(GestureFailure(.tooSlow, measured: time - runs[k].start, limit: d - runs[k].start), at: time)
            return false
        }
        runs[k].status = .running
        runs[k].anchors.shrink(to: 0)
        runs[k].held.shrink(to: 0)
        if !runs[k].tapping { runs[k].group.shrink(to: 0) }
        return true
    }

    /// Every finger lifted in this frame: the step a run is at either allows it (a lift, a tap
    /// counted, a touch or tap next), or fails.
    /// Notes run `k` as the first done so far if it is done now: the member's claim is the
    /// first declared run done (a frame, a lift or a deadline may finish one).
    @inline(__always) private mutating func noteIfDone(_ k: Int) {
        if runs[k].status == .done { firstDone = min(firstDone, k) }
    }

    private mutating func touchesEnded(_ k: Int, at time: Double) {
        changed = true
        runs[k].touchesEnded(at: time)
        noteIfDone(k)
    }

    /// The member's claim (the first run done) or its failure (every run failed), once a touch
    /// sequence; `nil` while it is pending or once it was reported.
    private mutating func report(at time: Double, contacts: ContactTable) -> GestureEvent.Kind? {
        guard !decided else { return nil }
        if firstDone < runs.count {
            let k = firstDone
            decided = true
            let centre = contacts.centroids().current
            stopOthers(than: k)
            // Every other run stopped; the one done runs no more.
            live.shrink(to: 0)
            deadline = nil
            return .sequence(.init(index: k, name: sequences[k].name, fingers: contacts.activeCount, position: centre,
                                   duration: runs[k].doneAt - runs[k].began))
        }
        // Still pending if a run is running or between touches: ``live`` lists every such run
        // (``keepLive()`` came first).
        if !live.isEmpty { return nil }
        guard !runs.isEmpty else { return nil }
        decided = true
        // The run that got furthest says why; among equals, the first. (A run off its first
        // step's edge failed at step 0: its failure is worked out only if it is the one.)
        // A failed run is at the step it failed at (``Run/fail(_:at:)``, ``Run/failOffEdge(at:)``).
        var best = -1, bestStep = -1
        for k in runs.indices where runs[k].status == .failed && runs[k].step > bestStep {
            (best, bestStep) = (k, runs[k].step)
        }
        let reason = best < 0 ? nil : runs[best].missedEdge ? edgeFailure(of: best, at: runs[best].start) : runs[best].failureRead()
        return .failed(recognizer: .sequence, reason: reason?.failure ?? GestureFailure(.tooFewFingers, measured: 0, limit: 1))
    }

    /// What the engine's follower needs of the runs after a frame: whether the run of the
    /// sequence it follows (`followed`) broke a step or lost the touch, or else the first run
    /// that has reached its followed step (``GestureSequence/followedStep``) and was not offered
    /// yet in this touch sequence. Asked only by an engine with follow requests.
    mutating func noteForFollower(_ notes: inout FollowNotes, followed: Int?) {
        if let k = followed {
            notes.sequenceBroken = runs.indices.contains(k) && (runs[k].status == .failed || runs[k].status == .ready)
            return
        }
        for k in live where runs[k].status == .running && !runs[k].followOffered && runs[k].step == followedSteps[k] {
            runs[k].followOffered = true
            notes.sequenceOffer = SequenceOffer(index: k, action: runs[k].current.action, anchors: runs[k].anchors, group: runs[k].group)
            return
        }
    }

    /// When each step of sequence `index`'s run was done, in the touch sequence on the surface
    /// (or the last one): all of them once it is done.
    func stepEnds(of index: Int) -> [Double] { runs.indices.contains(index) ? runs[index].stepEnds : [] }

    /// Each failed run's failure (with its step) and the seconds from its first step's beginning
    /// to it, in the order of ``sequences``: what `--explain` says of every sequence tried.
    var runFailures: [(failure: GestureFailure, after: Double)] {
        runs.indices.compactMap { k in
            let r = runs[k]
            let f = r.missedEdge ? Self.offEdge(firstEdges[k], landing: landing, zone: limits.edgeZone, sequence: k,
                                                action: sequences[k].steps[0].action.kind, at: r.start) : r.failure
            return f.map { ($0.failure, $0.time - r.began) }
        }
    }

    private mutating func stopOthers(than winner: Int) {
        for k in runs.indices where k != winner && runs[k].isLive {
            runs[k].status = .ready
        }
    }

    /// The arena gave the touch sequence to another member.
    mutating func lose(_ failure: GestureFailure, at time: Double, into reports: inout Outbox) {
        decided = true
        for k in live where runs[k].isLive { runs[k].status = .ready }
        live.shrink(to: 0)
        deadline = nil
    }

    // MARK: Deadlines

    /// The earliest time a run's step ends or runs out with no new event; `nil` when none can.
    /// Kept after every change rather than worked out when asked: the engine asks after every
    /// frame.
    private(set) var deadline: Double?

    /// Lets time pass to `time` with no new event: each run's deadlines due by then, at their
    /// own times; the member's claim or failure goes to `emit` with its time.
    mutating func advance(to time: Double, contacts: ContactTable, emit: (Double, GestureEvent.Kind) -> Void) {
        var last = time
        // Only a run under way has a deadline: ``live`` lists them, in index order (a visit of
        // all 16 runs cost 1,300 instructions a deadline, callgrind).
        for k in live {
            while let d = runs[k].deadline, TouchEvent.reached(time, d) {
                last = d
                runs[k].expire(at: d, contacts: contacts)
                noteIfDone(k)
                runs[k].skipUntil = -.infinity
                skipAll = -.infinity
            }
        }
        changed = false
        keepLive()
        if let kind = report(at: last, contacts: contacts) { emit(last, kind) }
    }
}

extension SequenceRecognizer: Recognizer {
    static let name = RecognizerName.sequence

    /// Every frame: a step may move on with any frame.
    func wants(_ frame: FrameFacts) -> Bool { true }
}
