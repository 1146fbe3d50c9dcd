internal import CPlatform

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

        init(_ settings: GestureSettings) {
            edgeZone = settings.swipe.edgeZone
            slop = settings.tap.maxMovement
            gap = settings.tap.maxGap
        }
    }

    /// The sequences run, in the order their claims are settled.
    private(set) var sequences: [GestureSequence]
    var limits: Limits
    private var runs: [Run]
    /// The runs running or waiting between touches, by index: a frame visits these alone (most
    /// runs fail as the touch begins). Rebuilt when a run changes.
    private var live: [Int] = []
    /// Each sequence's first step's edge and section, when it touches down on an edge: judged
    /// once as a touch sequence begins, before the run is set up (most touches land on no edge).
    private var firstEdges: [(edge: ScreenEdge, along: ClosedRange<Double>?)?] = []
    /// The largest moves of the frames that only moved fingers, added up since the touch
    /// sequence began (mm): a bound on how far any finger went in them.
    private var travelled = 0.0
    /// For each run, the ``travelled`` up to which it may skip such frames: its travel when it
    /// last looked plus its slack (``Run/slack(_:_:)``); infinite for one not running. Read, not
    /// written, by a frame that skips it: a skip costs a comparison.
    private var skipUntil: [Double] = []
    /// Whether the member claimed or failed in this touch sequence: it reports once.
    private var decided = false
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
        skipUntil = [Double](repeating: -.infinity, count: runs.count)
        decided = false
        changed = false
        deadline = nil
    }

    /// The step each sequence failed at in the current (or last) touch sequence, with why and
    /// when; `nil` for one that did not fail: what `--explain` names.
    func failure(of index: Int) -> Run.Failure? { runs[index].failure }

    // MARK: Frames

    mutating func handle(time: Double, contacts: ContactTable, surface: Surface, spread: SpreadTracker,
                         emit: (GestureEvent.Kind, Bool) -> Void) {
        if contacts.sequenceBegan {
            decided = false
            travelled = 0
            let landed = contacts.contacts.first?.start ?? .zero
            for k in runs.indices { begin(k, at: time, landed: landed, surface: surface) }
            rebuildLive()
        }
        if contacts.cancelledInFrame {
            for k in live where runs[k].status == .running || runs[k].status == .between {
                runs[k].fail(GestureFailure(.cancelled), at: time)
                changed = true
            }
        }
        // A frame that only moves fingers, by at most `largest` mm each, is skipped by a run
        // whose slack is larger.
        let quiet = Run.onlyMoves(contacts)
        if quiet {
            var largest = 0.0
            for c in contacts.contacts {
                let d = surface.millimeters(c.position - c.previous)
                largest = max(largest, d.x * d.x + d.y * d.y)
            }
            travelled += largest.squareRoot()
        }
        // A step done begins the next where it ended; the new step sees the frames after it.
        // Each run's step is its own method, run in place in the array: one uniqueness check a
        // run, where a method of the recognizer writing `runs[k]` field by field made one a
        // write.
        for k in live {
            if quiet, travelled < skipUntil[k] { continue }
            guard runs[k].status == .running else {
                skipUntil[k] = .infinity
                continue
            }
            let (moved, slack) = runs[k].frame(at: time, contacts: contacts, surface: surface)
            if moved { changed = true }
            // Strictly under: a frame that brings the travel to the slack is looked at.
            skipUntil[k] = slack > 0 ? travelled + slack : -.infinity
        }
        if contacts.sequenceEnded {
            for k in live where runs[k].status == .running { touchesEnded(k, at: time) }
        }
        guard changed else { return }
        changed = false
        report(at: time, contacts: contacts) { emit($0, true) }
        rebuildLive()
        refreshDeadline()
    }

    private mutating func rebuildLive() {
        live.removeAll(keepingCapacity: true)
        for k in runs.indices where runs[k].status == .running || runs[k].status == .between { live.append(k) }
    }

    /// A touch sequence begins: a run waiting between touches goes on (or fails, when its gap
    /// has passed); every other run starts at its first step.
    private mutating func begin(_ k: Int, at time: Double, landed: Point, surface: Surface) {
        changed = true
        if runs[k].status == .between {
            if let d = runs[k].deadline, TouchEvent.reached(time, d) {
                runs[k].fail(GestureFailure(.tooSlow, measured: time - runs[k].start, limit: d - runs[k].start), at: time)
            } else {
                runs[k].status = .running
                runs[k].anchors.removeAll(keepingCapacity: true)
                runs[k].held.removeAll(keepingCapacity: true)
                if !runs[k].tapping { runs[k].group.removeAll(keepingCapacity: true) }
                return
            }
        }
        if let (edge, along) = firstEdges[k],
           let off = Run.landing(landed, edge: edge, along: along, surface: surface, zone: limits.edgeZone) {
            runs[k].failAtFirstStep(off, at: time)
            return
        }
        runs[k].restart(at: time)
    }

    /// Every finger lifted in this frame: the step a run is at either allows it (a lift, a tap
    /// counted, a touch or tap next), or fails.
    private mutating func touchesEnded(_ k: Int, at time: Double) {
        changed = true
        runs[k].touchesEnded(at: time)
    }

    /// Reports the member's claim (the first run done) or its failure (every run failed), once
    /// a touch sequence.
    private mutating func report(at time: Double, contacts: ContactTable, emit: (GestureEvent.Kind) -> Void) {
        guard !decided else { return }
        var pending = false
        for k in runs.indices {
            switch runs[k].status {
            case .done:
                decided = true
                let centre = contacts.centroids().current
                emit(.sequence(.init(index: k, name: sequences[k].name, fingers: contacts.activeCount, position: centre,
                                     duration: runs[k].doneAt - runs[k].began)))
                stopOthers(than: k)
                return
            case .running, .between: pending = true
            case .ready, .failed: break
            }
        }
        guard !pending, !runs.isEmpty else { return }
        decided = true
        // The run that got furthest says why; among equals, the first.
        var best: Int?
        for k in runs.indices {
            guard let f = runs[k].failure else { continue }
            if best == nil || f.step > runs[best!].failure!.step { best = k }
        }
        let reason = best.flatMap { runs[$0].failure?.failure } ?? GestureFailure(.tooFewFingers, measured: 0, limit: 1)
        emit(.failed(recognizer: .sequence, reason: reason))
    }

    private mutating func stopOthers(than winner: Int) {
        for k in runs.indices where k != winner && (runs[k].status == .running || runs[k].status == .between) {
            runs[k].status = .ready
        }
    }

    /// The arena gave the touch sequence to another member.
    mutating func lose(_ failure: GestureFailure, at time: Double) {
        decided = true
        for k in runs.indices where runs[k].status == .running || runs[k].status == .between { runs[k].status = .ready }
        rebuildLive()
        refreshDeadline()
    }

    // MARK: Deadlines

    /// The earliest time a run's step ends or runs out with no new event; `nil` when none can.
    /// Kept after every change rather than worked out when asked: the engine asks after every
    /// frame.
    private(set) var deadline: Double?

    private mutating func refreshDeadline() {
        var earliest: Double?
        for k in live {
            if let d = runs[k].deadline, earliest == nil || d < earliest! { earliest = d }
        }
        deadline = earliest
    }

    /// Lets time pass to `time` with no new event: each run's deadlines due by then, at their
    /// own times; the member's claim or failure goes to `emit` with its time.
    mutating func advance(to time: Double, contacts: ContactTable, emit: (Double, GestureEvent.Kind) -> Void) {
        var last = time
        for k in runs.indices {
            while let d = runs[k].deadline, TouchEvent.reached(time, d) {
                last = d
                runs[k].expire(at: d, contacts: contacts)
                skipUntil[k] = -.infinity
            }
        }
        changed = false
        report(at: last, contacts: contacts) { emit(last, $0) }
        rebuildLive()
        refreshDeadline()
    }
}

extension SequenceRecognizer.Run {

    /// The step a run is at, done at `time`: the next begins there (its fingers where they are
    /// now), or the run is done.
    mutating func complete(at time: Double, contacts: ContactTable?) {
        if case .hold(_, let tolerance) = current.action {
            held.removeAll(keepingCapacity: true)
            held.append(contentsOf: anchors)
            heldTolerance = tolerance ?? limits.slop
        }
        step += 1
        start = time
        guard step < steps.count else {
            status = .done
            doneAt = time
            return
        }
        current = steps[step]
        count = 0
        measure = 0
        measureInMillimeters = false
        tapping = false
        group.removeAll(keepingCapacity: true)
        anchors.removeAll(keepingCapacity: true)
        guard let contacts else { return }
        for c in contacts.contacts where !c.ended { anchors.append(Anchor(id: c.id, position: c.position)) }
        // Held fingers that lifted in a lift step are held no more.
        let anchors = anchors
        held.removeAll { h in !anchors.contains { $0.id == h.id } }
        switch current.action {
        case .move(_, _, let fingers):
            switch fingers {
            case .all: for a in anchors { group.append(a.id) }
            case .last: group.append(contentsOf: last)
            case .first: group.append(contentsOf: first)
            }
            let present = group.count { id in anchors.contains { $0.id == id } }
            if present < max(group.count, 1) {
                fail(GestureFailure(.tooFewFingers, measured: Double(present), limit: Double(max(group.count, 1))), at: time)
            }
        case .pinch, .rotate:
            if anchors.count < 2 { fail(GestureFailure(.tooFewFingers, measured: Double(anchors.count), limit: 2), at: time) }
            if !seen.isEmpty { seen.removeAll(keepingCapacity: true) }
            seen.append(contentsOf: anchors)
        case .hold:
            if anchors.isEmpty { fail(GestureFailure(.tooFewFingers, measured: 0, limit: 1), at: time) }
        case .touch, .tap, .lift:
            break
        }
    }

    mutating func fail(_ why: GestureFailure, at time: Double) {
        status = .failed
        var why = why
        why.sequenceStep = .init(sequence: index, step: step, action: current.action.kind)
        failure = Failure(step: step, failure: why, time: time)
    }

    /// Moves the run on by a frame: whether its status, step or taps changed, and its slack
    /// after the frame (``slack(_:_:)``; 0 once it runs no more). One mutating call, as a
    /// method that reads the run in the array copies it whole (its six lists retained).
    mutating func frame(at time: Double, contacts: ContactTable, surface: Surface) -> (changed: Bool, slack: Double) {
        let (status0, step0, count0, tapping0) = (status, step, count, tapping)
        advance(at: time, contacts: contacts, surface: surface)
        let changed = status != status0 || step != step0 || count != count0 || tapping != tapping0
        return (changed, status == .running ? slack(contacts, surface) : 0)
    }

    private mutating func advance(at time: Double, contacts: ContactTable, surface: Surface) {
        let step = current
        let start = start
        if let w = step.within, TouchEvent.reached(time, start + w) {
            fail(GestureFailure(.tooSlow, measured: time - start, limit: w), at: time)
            return
        }
        // Fingers a hold held stay where they were, unless this step moves them.
        if !namesHeld, !held.isEmpty, let broken = heldBroken(contacts, surface) {
            fail(broken, at: time)
            return
        }
        let outcome: Outcome
        switch step.action {
        case .touch(let fingers, let edge, let along):
            outcome = touch(fingers: fingers, edge: edge, along: along, time: time, contacts: contacts, surface: surface)
        case .hold(let seconds, let tolerance):
            outcome = hold(seconds: seconds, tolerance: tolerance ?? limits.slop, time: time, contacts: contacts, surface: surface)
        case .move(let direction, let distance, _):
            outcome = move(direction, distance.millimeters, time: time, contacts: contacts, surface: surface)
        case .pinch(let way, let distance):
            outcome = pinch(way, distance, time: time, contacts: contacts, surface: surface)
        case .rotate(let turn, let angle):
            outcome = rotate(turn, angle, time: time, contacts: contacts, surface: surface)
        case .tap(let fingers, let taps):
            outcome = tap(fingers: fingers, taps: taps, time: time, contacts: contacts)
        case .lift(let count):
            outcome = lift(count, time: time, contacts: contacts)
        }
        switch outcome {
        case .going: break
        case .failed(let f): fail(f, at: time)
        case .done: complete(at: time, contacts: contacts)
        }
    }

    enum Outcome { case going, done, failed(GestureFailure) }

    /// A held finger that lifted or wandered past the hold's tolerance, as a failure.
    func heldBroken(_ contacts: ContactTable, _ surface: Surface) -> GestureFailure? {
        for h in held {
            guard let c = contacts.contacts.first(where: { $0.id == h.id }), !c.ended else {
                return GestureFailure(.lifted, measured: contacts.time - start)
            }
            let moved = surface.millimeters(c.position - h.position).length
            if moved > heldTolerance { return GestureFailure(.moved, measured: moved, limit: heldTolerance) }
        }
        return nil
    }

    func isAnchor(_ id: Int) -> Bool { anchors.contains { $0.id == id } }

    /// Whether the step moves the fingers an earlier hold held (else they stay held).
    var namesHeld: Bool {
        switch current.action {
        case .move(_, _, let fingers): fingers == .all
        case .pinch, .rotate, .lift, .hold: true
        case .touch, .tap: false
        }
    }

    /// How far (mm) every finger may still move before the step can be done or broken by
    /// movement alone: a frame in which no finger comes or goes, and none moves further than
    /// this, changes nothing, and the recognizer skips the run for it (subtracting the frame's
    /// largest move). 0: look at every frame (a rotation, whose angle a short move can turn far).
    /// A touch or a tap waiting for its fingers, a hold and a lift are most of what runs during
    /// a long press or a two-finger gesture: skipping the frames that cannot change them took the
    /// runs' own work in `touch-bench`'s `sequences` session (16 sequences) from 922 to 308
    /// instructions a frame (callgrind).
    func slack(_ contacts: ContactTable, _ surface: Surface) -> Double {
        var s = Double.infinity
        func distance(_ a: Anchor) -> Double? {
            guard let c = contacts.contacts.first(where: { $0.id == a.id }) else { return nil }
            return surface.millimeters(c.position - a.position).length
        }
        if !namesHeld {
            for h in held { s = min(s, heldTolerance - (distance(h) ?? heldTolerance)) }
        }
        switch current.action {
        case .touch:
            for c in contacts.contacts where !isAnchor(c.id) { s = min(s, limits.slop - c.maxTravel) }
            for a in anchors where !held.contains(where: { $0.id == a.id }) { s = min(s, limits.slop - (distance(a) ?? limits.slop)) }
        case .tap:
            for c in contacts.contacts where !isAnchor(c.id) { s = min(s, limits.slop - c.maxTravel) }
        case .hold(_, let tolerance):
            let limit = tolerance ?? limits.slop
            for a in anchors { s = min(s, limit - (distance(a) ?? limit)) }
        case .move(_, let distance, _):
            // Done or broken only once the fingers' centre is `distance` from where it was.
            s = min(s, distance.millimeters - groupShift(contacts, surface).length)
        case .pinch(_, let distance):
            // Each finger and the centre move at most the largest move: the spread, twice the
            // mean distance from the centre, changes at most four times it.
            if !measureInMillimeters { return 0 }
            let change = Self.spread(anchors, contacts, surface: surface) - measure
            s = min(s, (distance - abs(change)) / 4)
        case .rotate(_, let angle):
            // A finger that moves s mm, its centre moving s mm too, turns about it by at most
            // asin(2s / r) ≤ π s / r radians at r mm from it: the nearest finger bounds the turn.
            var centre = Point.zero, n = 0.0
            for a in seen {
                guard let c = contacts.contacts.first(where: { $0.id == a.id }) else { continue }
                centre = centre + c.position
                n += 1
            }
            guard n >= 2 else { return 0 }
            centre = centre / n
            var nearest = Double.infinity
            for a in seen {
                guard let c = contacts.contacts.first(where: { $0.id == a.id }) else { continue }
                nearest = min(nearest, surface.millimeters(c.position - centre).length)
            }
            let left = (angle - abs(measure)) * Double.pi / 180
            s = min(s, left * nearest / Double.pi, nearest / 2)
        case .lift:
            break
        }
        return max(s, 0)
    }

    /// A finger that lifted in this frame (`nil`: none).
    static func lifted(_ contacts: ContactTable) -> ContactTable.Contact? {
        // A contact that ended stays listed for the frame it ended in, and only then.
        guard contacts.activeCount < contacts.contacts.count else { return nil }
        return contacts.contacts.first { $0.ended && !$0.cancelled }
    }

    /// Whether the frame only moved fingers: none went down and none lifted. Most frames do
    /// only that, and a touch or a tap waiting for its fingers then has only their travel to
    /// check.
    static func onlyMoves(_ contacts: ContactTable) -> Bool {
        !contacts.downInFrame && contacts.activeCount == contacts.contacts.count
    }

    /// How far (mm) a finger that went down in this step (not an anchor) travelled past the
    /// slop since it landed; `nil` when none did.
    @inline(__always) func newFingerMoved(_ contacts: ContactTable) -> Double? {
        let slop = limits.slop
        for c in contacts.contacts where c.maxTravelSquared > slop * slop && !isAnchor(c.id) { return c.maxTravel }
        return nil
    }

    /// How far (mm) a finger down when the step began, held by no hold, moved past the slop
    /// since; `nil` when none did.
    @inline(__always) func restingFingerMoved(_ contacts: ContactTable, _ surface: Surface) -> Double? {
        guard anchors.count > held.count else { return nil }
        for a in anchors where !held.contains(where: { $0.id == a.id }) {
            guard let c = contacts.contacts.first(where: { $0.id == a.id }) else { continue }
            let moved = surface.millimeters(c.position - a.position).length
            if moved > limits.slop { return moved }
        }
        return nil
    }

    /// A finger of the step past the slop, as a failure.
    func movedTooFar(_ mm: Double) -> Outcome { .failed(GestureFailure(.moved, measured: mm, limit: limits.slop)) }

    mutating func touch(fingers: Int, edge: ScreenEdge?, along: ClosedRange<Double>?,
                                time: Double, contacts: ContactTable, surface: Surface) -> Outcome {
        if Self.onlyMoves(contacts) {
            // No finger came or went: the count is as it was, and the edges were judged as the
            // fingers landed.
            if let mm = newFingerMoved(contacts) { return movedTooFar(mm) }
            if let mm = restingFingerMoved(contacts, surface) { return movedTooFar(mm) }
            return .going
        }
        if Self.lifted(contacts) != nil {
            let down = contacts.contacts.count { !$0.ended && !isAnchor($0.id) }
            return .failed(GestureFailure(.tooFewFingers, measured: Double(down), limit: Double(fingers)))
        }
        var added = 0
        for c in contacts.contacts where !isAnchor(c.id) {
            added += 1
            if let edge, let f = landing(c.start, edge: edge, along: along, surface: surface) { return .failed(f) }
        }
        if let mm = newFingerMoved(contacts) { return movedTooFar(mm) }
        if let mm = restingFingerMoved(contacts, surface) { return movedTooFar(mm) }
        if added > fingers { return .failed(GestureFailure(.tooManyFingers, measured: Double(added), limit: Double(fingers))) }
        guard added == fingers else { return .going }
        last.removeAll(keepingCapacity: true)
        for c in contacts.contacts where !isAnchor(c.id) { last.append(c.id) }
        if first.isEmpty {
            let last = last
            first.append(contentsOf: last)
        }
        return .done
    }

    /// Whether a finger that went down at `p` is off `edge` (or its section `along`), as a failure.
    func landing(_ p: Point, edge: ScreenEdge, along: ClosedRange<Double>?, surface: Surface) -> GestureFailure? {
        Self.landing(p, edge: edge, along: along, surface: surface, zone: limits.edgeZone)
    }

    /// Whether a finger that went down at `p` is off `edge`'s zone, `zone` mm wide (or off its
    /// section `along`), as a failure.
    static func landing(_ p: Point, edge: ScreenEdge, along: ClosedRange<Double>?, surface: Surface,
                        zone width: Double) -> GestureFailure? {
        let zones = EdgeZones(of: p, on: surface, width: width)
        if !edge.admits(zones.edge) {
            let q = surface.millimeters(p)
            let far = surface.millimeters(Point(x: surface.width, y: surface.height))
            let from: Double
            switch edge {
            case .left: from = q.x
            case .right: from = far.x - q.x
            case .top: from = q.y
            case .bottom: from = far.y - q.y
            case .topLeft: from = max(q.x, q.y)
            case .topRight: from = max(far.x - q.x, q.y)
            case .bottomLeft: from = max(q.x, far.y - q.y)
            case .bottomRight: from = max(far.x - q.x, far.y - q.y)
            }
            return GestureFailure(.outsideEdge, measured: from, limit: width)
        }
        guard let along else { return nil }
        let fraction: Double
        switch edge {
        case .top, .bottom: fraction = surface.width > 0 ? p.x / surface.width : 0
        default: fraction = surface.height > 0 ? p.y / surface.height : 0
        }
        if fraction < along.lowerBound { return GestureFailure(.outsideSection, measured: fraction, limit: along.lowerBound) }
        if fraction > along.upperBound { return GestureFailure(.outsideSection, measured: fraction, limit: along.upperBound) }
        return nil
    }

    mutating func hold(seconds: Double, tolerance: Double, time: Double,
                               contacts: ContactTable, surface: Surface) -> Outcome {
        let start = start
        if Self.lifted(contacts) != nil {
            return .failed(GestureFailure(.releasedEarly, measured: time - start, limit: seconds))
        }
        let down = contacts.activeCount
        if down > anchors.count {
            return .failed(GestureFailure(.tooManyFingers, measured: Double(down), limit: Double(anchors.count)))
        }
        for a in anchors {
            guard let c = contacts.contacts.first(where: { $0.id == a.id }) else { continue }
            let moved = surface.millimeters(c.position - a.position).length
            if moved > tolerance { return .failed(GestureFailure(.moved, measured: moved, limit: tolerance)) }
        }
        // The hold's end is a deadline, met by `advance` before this frame; a frame at or past
        // it (an engine fed no idle ticks) ends it here.
        return TouchEvent.reached(time, start + seconds) ? .done : .going
    }

    mutating func move(_ direction: SwipeDirection, _ distance: Double, time: Double,
                               contacts: ContactTable, surface: Surface) -> Outcome {
        let d = groupShift(contacts, surface)
        let along = d.dot(direction.unitVector)
        if let gone = Self.lifted(contacts) {
            if group.contains(gone.id) {
                return .failed(GestureFailure(.tooShort, measured: max(along, 0), limit: distance))
            }
            return .failed(GestureFailure(.lifted, measured: time - start))
        }
        if contacts.activeCount > anchors.count {
            return .failed(GestureFailure(.tooManyFingers, measured: Double(contacts.activeCount), limit: Double(anchors.count)))
        }
        guard d.length >= distance else { return .going }
        if SwipeDirection(of: d, diagonals: direction.isDiagonal) != direction {
            let cosine = max(-1, min(1, along / d.length))
            let off = acos(cosine) * 180 / Double.pi
            return .failed(GestureFailure(.wrongDirection, measured: off, limit: direction.isDiagonal ? 22.5 : 45))
        }
        return along >= distance ? .done : .going
    }

    /// How far the move's fingers' centre went since the step began, in mm.
    func groupShift(_ contacts: ContactTable, _ surface: Surface) -> Point {
        var sum = Point.zero
        var n = 0
        for a in anchors where group.contains(a.id) {
            guard let c = contacts.contacts.first(where: { $0.id == a.id }) else { continue }
            sum = sum + (c.position - a.position)
            n += 1
        }
        return n == 0 ? .zero : surface.millimeters(sum / Double(n))
    }

    /// Twice the mean distance (mm) of the anchored fingers from their centre: where they are
    /// now, or with no table, where they were when the step began.
    static func spread(_ anchors: [Anchor], _ contacts: ContactTable?, surface: Surface) -> Double {
        var points: (sum: Point, n: Int) = (.zero, 0)
        func position(_ a: Anchor) -> Point {
            guard let contacts, let c = contacts.contacts.first(where: { $0.id == a.id }) else { return a.position }
            return c.position
        }
        for a in anchors {
            points.sum = points.sum + position(a)
            points.n += 1
        }
        guard points.n > 0 else { return 0 }
        let centre = points.sum / Double(points.n)
        var total = 0.0
        for a in anchors {
            let v = position(a) - centre
            total += surface.millimeters(v).length
        }
        return 2 * total / Double(points.n)
    }

    mutating func pinch(_ way: GesturePattern.PinchWay, _ distance: Double, time: Double,
                                contacts: ContactTable, surface: Surface) -> Outcome {
        if measureInMillimeters == false {
            // The spread at the step's start, measured once in mm now that a surface is at hand.
            measure = Self.spread(anchors, nil, surface: surface)
            measureInMillimeters = true
        }
        let change = Self.spread(anchors, contacts, surface: surface) - measure
        let toward = way == .out ? change : -change
        if Self.lifted(contacts) != nil { return .failed(GestureFailure(.tooShort, measured: max(toward, 0), limit: distance)) }
        if contacts.activeCount > anchors.count {
            return .failed(GestureFailure(.tooManyFingers, measured: Double(contacts.activeCount), limit: Double(anchors.count)))
        }
        if toward >= distance { return .done }
        if -toward >= distance { return .failed(GestureFailure(.pinchedWrongWay, measured: -toward, limit: distance)) }
        return .going
    }

    mutating func rotate(_ turn: GesturePattern.Turn, _ angle: Double, time: Double,
                                 contacts: ContactTable, surface: Surface) -> Outcome {
        // The turn since the run last looked: the mean of each finger's turn about the
        // fingers' centre, from where it was then (`seen`); added up over the step (degrees,
        // clockwise positive on a screen whose y grows downward). The frames skipped between
        // (``slack(_:_:)``) turn it less than a right angle, which one atan2 measures.
        var before = Point.zero, now = Point.zero, n = 0
        for a in seen {
            guard let c = contacts.contacts.first(where: { $0.id == a.id }) else { continue }
            before = before + a.position
            now = now + c.position
            n += 1
        }
        if n >= 2 {
            before = before / Double(n)
            now = now / Double(n)
            var sum = 0.0
            for k in seen.indices {
                guard let c = contacts.contacts.first(where: { $0.id == seen[k].id }) else { continue }
                let u = surface.millimeters(seen[k].position - before), v = surface.millimeters(c.position - now)
                let cross = u.x * v.y - u.y * v.x
                if cross != 0 { sum += atan2(cross, u.dot(v)) }
                seen[k].position = c.position
            }
            measure += sum / Double(n) * 180 / Double.pi
        }
        let toward = turn == .clockwise ? measure : -measure
        if Self.lifted(contacts) != nil { return .failed(GestureFailure(.notEnoughTurn, measured: max(toward, 0), limit: angle)) }
        if contacts.activeCount > anchors.count {
            return .failed(GestureFailure(.tooManyFingers, measured: Double(contacts.activeCount), limit: Double(anchors.count)))
        }
        if toward >= angle { return .done }
        if -toward >= angle { return .failed(GestureFailure(.turnedWrongWay, measured: -toward, limit: angle)) }
        return .going
    }

    mutating func tap(fingers: Int, taps: Int, time: Double, contacts: ContactTable) -> Outcome {
        // No finger came or went: only the tapping fingers' travel can change anything.
        if Self.onlyMoves(contacts) {
            if let mm = newFingerMoved(contacts) { return movedTooFar(mm) }
            return .going
        }
        // Fingers down when the step began rest; the others tap.
        for c in contacts.contacts where isAnchor(c.id) && c.ended {
            return .failed(GestureFailure(.lifted, measured: time - start))
        }
        var touching = 0, down = 0
        for c in contacts.contacts where !isAnchor(c.id) {
            if !tapping {
                if count > 0, TouchEvent.reached(time, lastLift + limits.gap) {
                    return .failed(GestureFailure(.tooSlow, measured: time - lastLift, limit: limits.gap))
                }
                tapping = true
                most = 0
                group.removeAll(keepingCapacity: true)
            }
            if !group.contains(c.id) { group.append(c.id) }
            if c.maxTravel > limits.slop { return .failed(GestureFailure(.moved, measured: c.maxTravel, limit: limits.slop)) }
            touching += 1
            if !c.ended { down += 1 }
        }
        guard tapping else { return .going }
        most = max(most, touching)
        if most > fingers {
            return .failed(GestureFailure(.tooManyFingers, measured: Double(most), limit: Double(fingers)))
        }
        guard down == 0 else { return .going }
        // Every tapping finger lifted: one tap, if enough were down together.
        if most < fingers {
            return .failed(GestureFailure(.tooFewFingers, measured: Double(most), limit: Double(fingers)))
        }
        tapping = false
        count += 1
        lastLift = time
        return count >= taps ? .done : .going
    }

    mutating func lift(_ wanted: Int?, time: Double, contacts: ContactTable) -> Outcome {
        if contacts.activeCount > anchors.count - count {
            return .failed(GestureFailure(.tooManyFingers, measured: Double(contacts.activeCount),
                                          limit: Double(anchors.count - count)))
        }
        count += contacts.contacts.count { $0.ended && !$0.cancelled && isAnchor($0.id) }
        if let wanted { return count >= wanted ? .done : .going }
        return contacts.activeCount == 0 ? .done : .going
    }
}

/// A finger a run keeps: its contact id and where it was (surface units).
struct Anchor: Hashable, Sendable {
    var id: Int
    var position: Point
}

extension SequenceRecognizer {
    /// One sequence's progress through its steps.
    struct Run: Sendable {
        enum Status: Hashable, Sendable { case ready, running, between, done, failed }

        /// Where a run failed: the step (0-based), why, and when.
        struct Failure: Hashable, Sendable {
            var step: Int
            var failure: GestureFailure
            var time: Double
        }

        /// The sequence's index in the settings, its steps, and the limits they read.
        let index: Int
        let steps: [GestureSequence.Step]
        let limits: Limits
        var status = Status.ready
        var step = 0
        /// The step it is at (a copy of its sequence's, read every frame without going through
        /// the sequences' arrays).
        var current = GestureSequence.Step(.lift(nil))
        /// When the current step began (the previous one's end).
        var start = 0.0
        /// When the first step began, and when the last was done.
        var began = 0.0, doneAt = 0.0
        /// The fingers down when the step began, where they were.
        var anchors: [Anchor] = []
        /// The fingers an earlier hold held, where they were held, and how far they may wander.
        var held: [Anchor] = []
        var heldTolerance = 0.0
        /// The fingers the first and the latest touch put down.
        var first: [Int] = [], last: [Int] = []
        /// A move's fingers; a tap's fingers of the tap under way.
        var group: [Int] = []
        /// A rotation's fingers, where they were when the run last looked.
        var seen: [Anchor] = []
        /// A lift's fingers lifted; a tap step's taps counted.
        var count = 0
        /// A tap's most fingers down together.
        var most = 0
        var tapping = false
        var lastLift = 0.0
        /// A pinch's spread at the start (mm); a rotation's turn so far (degrees).
        var measure = 0.0
        var measureInMillimeters = false
        var failure: Failure?

        init(index: Int, steps: [GestureSequence.Step], limits: Limits) {
            self.index = index
            self.steps = steps
            self.limits = limits
            anchors.reserveCapacity(10)
            held.reserveCapacity(10)
            first.reserveCapacity(10)
            last.reserveCapacity(10)
            group.reserveCapacity(10)
            seen.reserveCapacity(10)
        }

        /// Fails at its first step as a touch sequence begins at `time`, with no more set up.
        mutating func failAtFirstStep(_ why: GestureFailure, at time: Double) {
            status = .failed
            step = 0
            start = time
            began = time
            var why = why
            why.sequenceStep = .init(sequence: index, step: 0, action: steps[0].action.kind)
            failure = Failure(step: 0, failure: why, time: time)
        }

        /// Starts at the first step, with a touch sequence beginning at `time`.
        mutating func restart(at time: Double) {
            status = .running
            step = 0
            current = steps[0]
            start = time
            began = time
            count = 0
            most = 0
            measure = 0
            measureInMillimeters = false
            tapping = false
            failure = nil
            // Emptied only when not empty already: each emptying checks the buffer's uniqueness
            // (a restart of 16 runs each touch cost 390 instructions a run, callgrind).
            if !anchors.isEmpty { anchors.removeAll(keepingCapacity: true) }
            if !held.isEmpty { held.removeAll(keepingCapacity: true) }
            if !first.isEmpty { first.removeAll(keepingCapacity: true) }
            if !last.isEmpty { last.removeAll(keepingCapacity: true) }
            if !group.isEmpty { group.removeAll(keepingCapacity: true) }
        }
    }
}

extension GestureSequence.Action {
    var isTap: Bool {
        if case .tap = self { return true }
        return false
    }
}

extension SequenceRecognizer: Recognizer {
    static let name = RecognizerName.sequence

    /// Every frame: a step may move on with any frame.
    func wants(_ frame: FrameFacts) -> Bool { true }

    mutating func lose(_ failure: GestureFailure, at time: Double, emit: (GestureEvent.Kind) -> Void) {
        lose(failure, at: time)
    }
}

extension SequenceRecognizer.Run {
    /// The next deadline: the hold's end, the step's `within`, the gap before the next tap, or
    /// (between touches) the gap before the next touch; `nil` when the run waits for nothing.
    var deadline: Double? {
        guard status == .running || status == .between else { return nil }
        var d = current.within.map { start + $0 }
        func sooner(_ t: Double) { if d == nil || t < d! { d = t } }
        if status == .between {
            if !current.action.isTap || count == 0 { sooner(start + (current.within ?? limits.gap)) }
        }
        switch current.action {
        case .hold(let seconds, _) where status == .running: sooner(start + seconds)
        case .tap where count > 0 && !tapping: sooner(lastLift + limits.gap)
        default: break
        }
        return d
    }

    /// The deadline `d` has come: a hold ends there, anything else has run out of time.
    mutating func expire(at d: Double, contacts: ContactTable) {
        if case .hold(let seconds, _) = current.action, status == .running,
           TouchEvent.reached(d, start + seconds), current.within.map({ start + $0 > d }) ?? true {
            complete(at: d, contacts: contacts)
        } else {
            // The gap before a next tap counts from the last lift; every other limit from the
            // step's start.
            let waitingTap = current.action.isTap && count > 0 && !tapping
            let since = d - (waitingTap ? lastLift : start)
            fail(GestureFailure(.tooSlow, measured: since, limit: since), at: d)
        }
    }

    /// Every finger lifted in this frame: the step either allows it (a lift, a tap counted, a
    /// touch or tap next), or fails.
    mutating func touchesEnded(at time: Double) {
        while status == .running {
            let measured = time - start
            switch current.action {
            case .tap, .touch:
                status = .between
                tapping = false
            case .lift:
                // Every finger is up: a lift is done, and the step after it begins with none down.
                complete(at: time, contacts: nil)
            case .hold(let seconds, _):
                fail(GestureFailure(.releasedEarly, measured: measured, limit: seconds), at: time)
            case .move(_, let distance, _):
                fail(GestureFailure(.tooShort, measured: 0, limit: distance.millimeters), at: time)
            case .pinch(_, let distance):
                fail(GestureFailure(.tooShort, measured: 0, limit: distance), at: time)
            case .rotate(_, let angle):
                fail(GestureFailure(.notEnoughTurn, measured: 0, limit: angle), at: time)
            }
        }
    }
}
