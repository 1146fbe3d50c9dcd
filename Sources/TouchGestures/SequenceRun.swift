// A sequence's run: its state, how a frame or a deadline moves it on, and how far it may skip.

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
        /// Whether the run is still under way: running a step, or waiting between touches.
        @inline(__always) var isLive: Bool { status == .running || status == .between }
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
        /// Where a tap step's first tap's first finger landed: each following tap lands near it.
        var firstTap = Point.zero
        /// A pinch's spread at the start (mm); a rotation's turn so far (degrees).
        var measure = 0.0
        var measureInMillimeters = false
        /// A move step: whether its direction was judged as the fingers passed the slop.
        var directionJudged = false
        /// When each step done so far was done (`touchtrace render` draws them).
        var stepEnds: [Double] = []
        var failure: Failure?
        /// ``failure``, read in place: read as `runs[k].failure` where an earlier `runs[k]` was
        /// written, the run was copied whole to read it (27,602 copies in the 16-sequence
        /// session, 460 instructions each, callgrind).
        @inline(__always) mutating func failureRead() -> Failure? { failure }
        /// The recognizer's ``SequenceRecognizer/travelled`` up to which the run may skip the
        /// frames that only move fingers: its travel when it last looked plus its slack
        /// (``slack(_:_:)``); -infinity to look at the next frame. Read, not written, by a frame
        /// that skips it: a skip costs a comparison. Kept in the run, not in a list beside the
        /// runs: writing it there checked that list's uniqueness at every look (16 M
        /// instructions of the 16-sequence session, callgrind).
        var skipUntil = -Double.infinity
        /// Whether it failed as the touch sequence began, off its first step's edge
        /// (``failOffEdge(at:)``).
        var missedEdge = false
        /// Whether the run was offered to the engine's follower at its followed step
        /// (``GestureSequence/followedStep``) in this touch sequence.
        var followOffered = false

        init(index: Int, steps: [GestureSequence.Step], limits: Limits) {
            self.index = index
            self.steps = steps
            self.limits = limits
            anchors.reserveCapacity(10)
            held.reserveCapacity(10)
            first.reserveCapacity(10)
            last.reserveCapacity(10)
            group.reserveCapacity(10)
            stepEnds.reserveCapacity(steps.count)
            seen.reserveCapacity(10)
        }

        /// Fails at its first step as a touch sequence begins at `time`, the touch off the edge
        /// (or the section) the step names, with no more set up. Its ``failure`` (how far off)
        /// is worked out when it is read (`SequenceRecognizer.edgeFailure(of:at:)`): most touches
        /// land on no edge, and a sequence that begins on one fails at every such touch
        /// (writing the failure then cost 65 instructions a run and a touch, callgrind).
        mutating func failOffEdge(at time: Double) {
            status = .failed
            step = 0
            start = time
            began = time
            failure = nil
            missedEdge = true
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
            missedEdge = false
            followOffered = false
            // Emptied one element at a time (``Swift/Array/shrink(to:)``): an empty list is not
            // written, and a short one costs no trip through `replaceSubrange` (a restart of 16
            // runs each touch cost 390 instructions a run with `removeAll`, callgrind).
            anchors.shrink(to: 0)
            held.shrink(to: 0)
            first.shrink(to: 0)
            last.shrink(to: 0)
            group.shrink(to: 0)
            stepEnds.shrink(to: 0)
            directionJudged = false
        }
    }
}

extension GestureSequence.Action {
    var isTap: Bool {
        if case .tap = self { return true }
        return false
    }
}

extension SequenceRecognizer.Run {
    /// The next deadline: the hold's end, the step's `within`, the gap before the next tap, or
    /// (between touches) the gap before the next touch; `nil` when the run waits for nothing.
    var deadline: Double? {
        guard isLive else { return nil }
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
                completeAllLifted(at: time)
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


extension SequenceRecognizer.Run {

    /// The step a run is at, done at `time`: the next begins there (its fingers where they are
    /// now), or the run is done.
    /// One list is copied into another element by element, here and in the steps: through
    /// `append(contentsOf:)` each copy retained and released the list read, and with
    /// `removeAll(where:)` it cost 314 instructions a step done (callgrind).
    mutating func complete(at time: Double, contacts: ContactTable) {
        guard finishStep(at: time) else { return }
        for c in contacts.contacts where !c.ended { anchors.append(Anchor(id: c.id, position: c.position)) }
        enterStep(at: time)
    }

    /// The step a run is at, done at `time` as every finger lifted: the next begins with none down.
    /// (Not `complete` given no table: a table made optional was copied, 128 bytes, into every
    /// frame of every run, callgrind.)
    mutating func completeAllLifted(at time: Double) {
        _ = finishStep(at: time)
    }

    /// Ends the current step at `time`: whether a next one begins (its fingers still to be noted).
    private mutating func finishStep(at time: Double) -> Bool {
        if case .hold(_, let tolerance) = current.action {
            held.shrink(to: 0)
            for i in anchors.indices { held.append(anchors[i]) }
            heldTolerance = tolerance ?? limits.slop
        }
        stepEnds.append(time)
        step += 1
        start = time
        guard step < steps.count else {
            status = .done
            doneAt = time
            return false
        }
        current = steps[step]
        count = 0
        measure = 0
        measureInMillimeters = false
        directionJudged = false
        tapping = false
        group.shrink(to: 0)
        anchors.shrink(to: 0)
        return true
    }

    /// Sets the step just begun up, its fingers (``anchors``) noted.
    private mutating func enterStep(at time: Double) {
        // Held fingers that lifted in a lift step are held no more.
        if !held.isEmpty {
            var kept = 0
            for i in held.indices where isAnchor(held[i].id) {
                held[kept] = held[i]
                kept += 1
            }
            held.shrink(to: kept)
        }
        switch current.action {
        case .move(_, _, let fingers):
            switch fingers {
            case .all: for a in anchors { group.append(a.id) }
            case .last: for i in last.indices { group.append(last[i]) }
            case .first: for i in first.indices { group.append(first[i]) }
            }
            let present = group.count { id in anchors.contains { $0.id == id } }
            if present < max(group.count, 1) {
                fail(GestureFailure(.tooFewFingers, measured: Double(present), limit: Double(max(group.count, 1))), at: time)
            }
        case .pinch, .rotate:
            if anchors.count < 2 { fail(GestureFailure(.tooFewFingers, measured: Double(anchors.count), limit: 2), at: time) }
            seen.shrink(to: 0)
            for i in anchors.indices { seen.append(anchors[i]) }
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

    /// Moves the run on by a frame: whether its status, step or taps changed. Its
    /// ``skipUntil`` after the frame is its slack (``slack(_:_:)``) past `travelled`, or
    /// -infinity when it has none or runs no more. One mutating call, as a method that reads
    /// the run in the array copies it whole (its six lists retained).
    mutating func frame(at time: Double, contacts: ContactTable, surface: Surface, travelled: Double) -> Bool {
        let (status0, step0, count0, tapping0) = (status, step, count, tapping)
        advance(at: time, contacts: contacts, surface: surface)
        let changed = status != status0 || step != step0 || count != count0 || tapping != tapping0
        let s = status == .running ? slack(contacts, surface) : 0
        skipUntil = s > 0 ? travelled + s : -.infinity
        return changed
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
            outcome = tap(fingers: fingers, taps: taps, time: time, contacts: contacts, surface: surface)
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
    mutating func heldBroken(_ contacts: ContactTable, _ surface: Surface) -> GestureFailure? {
        for h in held {
            guard let c = contacts.contacts.first(where: { $0.id == h.id }), !c.ended else {
                return GestureFailure(.lifted, measured: contacts.time - start)
            }
            let moved = surface.millimeters(c.position - h.position).length
            if moved > heldTolerance { return GestureFailure(.moved, measured: moved, limit: heldTolerance) }
        }
        return nil
    }

    mutating func isAnchor(_ id: Int) -> Bool { anchors.contains { $0.id == id } }

    /// Whether the step moves the fingers an earlier hold held (else they stay held).
    var namesHeld: Bool {
        mutating get {
            switch current.action {
            case .move(_, _, let fingers): fingers == .all
            case .pinch, .rotate, .lift, .hold: true
            case .touch, .tap: false
            }
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
    /// `mutating` though it writes nothing: called as a plain method from
    /// ``frame(at:contacts:surface:)``, even inlined, the run was copied whole for it (a
    /// 345-byte `memcpy` a call, 49 M instructions of the 16-sequence session, callgrind).
    mutating func slack(_ contacts: ContactTable, _ surface: Surface) -> Double {
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
            // Judged as the fingers' centre passes the slop, then done or broken only once it
            // is `distance` from where it was.
            let next = directionJudged || followsMove ? distance.millimeters : min(distance.millimeters, limits.slop)
            s = min(s, next - groupShift(contacts, surface).length)
        case .pinch(_, let distance):
            // Each finger and the centre move at most the largest move: the spread, twice the
            // mean distance from the centre, changes at most four times it; with two fingers it
            // is their distance, which changes at most twice it.
            if !measureInMillimeters { return 0 }
            let change = Self.spread(anchors, contacts, surface: surface) - measure
            s = min(s, (distance - abs(change)) / (anchors.count == 2 ? 2 : 4))
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
            // With two fingers the line between them, 2r long, changes by at most 2s: it turns by
            // at most asin(s / r) ≤ π s / 2r, half the bound of the general case.
            let left = (angle - abs(measure)) * Double.pi / 180
            let perMillimeter = seen.count == 2 ? Double.pi / 2 : Double.pi
            s = min(s, left * nearest / perMillimeter, nearest / 2)
        case .lift:
            break
        }
        return max(s, 0)
    }

}
