internal import CPlatform

// The steps of a sequence, each a method of the run that is at it: what a frame does to it.
//
// The run's helpers that only read it are `mutating` all the same, here and in SequenceRun.swift:
// called from a mutating method as plain methods, the run (345 bytes, eight lists) was copied
// whole for each call, its lists retained and released (400,000 copies in `touch-bench`'s
// 16-sequence session, callgrind).

extension SequenceRecognizer.Run {
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
    @inline(__always) mutating func newFingerMoved(_ contacts: ContactTable) -> Double? {
        let slop = limits.slop
        for c in contacts.contacts where c.maxTravelSquared > slop * slop && !isAnchor(c.id) { return c.maxTravel }
        return nil
    }

    /// How far (mm) a finger down when the step began, held by no hold, moved past the slop
    /// since; `nil` when none did.
    @inline(__always) mutating func restingFingerMoved(_ contacts: ContactTable, _ surface: Surface) -> Double? {
        guard anchors.count > held.count else { return nil }
        for a in anchors where !held.contains(where: { $0.id == a.id }) {
            guard let c = contacts.contacts.first(where: { $0.id == a.id }) else { continue }
            let moved = surface.millimeters(c.position - a.position).length
            if moved > limits.slop { return moved }
        }
        return nil
    }

    /// A finger that went down where the step takes none (more down than when it began), as a
    /// failure; `nil` when none did.
    mutating func fingerAdded(_ contacts: ContactTable) -> Outcome? {
        guard contacts.activeCount > anchors.count else { return nil }
        return .failed(GestureFailure(.tooManyFingers, measured: Double(contacts.activeCount), limit: Double(anchors.count)))
    }

    /// A finger of the step past the slop, as a failure.
    mutating func movedTooFar(_ mm: Double) -> Outcome { .failed(GestureFailure(.moved, measured: mm, limit: limits.slop)) }

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
        last.shrink(to: 0)
        for c in contacts.contacts where !isAnchor(c.id) { last.append(c.id) }
        if first.isEmpty {
            for i in last.indices { first.append(last[i]) }
        }
        return .done
    }

    /// Whether a finger that went down at `p` is off `edge` (or its section `along`), as a failure.
    mutating func landing(_ p: Point, edge: ScreenEdge, along: ClosedRange<Double>?, surface: Surface) -> GestureFailure? {
        Self.landing(p, edge: edge, along: along, surface: surface, zone: limits.edgeZone)
    }

    /// Whether a finger that went down at `p` is off `edge`'s zone, `zone` mm wide (or off its
    /// section `along`), as a failure.
    static func landing(_ p: Point, edge: ScreenEdge, along: ClosedRange<Double>?, surface: Surface,
                        zone width: Double) -> GestureFailure? {
        landing(p, on: EdgeZones(of: p, on: surface, width: width).edge, edge: edge, along: along, surface: surface, zone: width)
    }

    /// Whether a finger that went down at `p`, in the zone of edge `landed`, is on `edge` (and
    /// its section `along`): what ``landing(_:on:edge:along:surface:zone:)`` says with no
    /// failure, without working the failure out.
    static func lands(_ p: Point, on landed: ScreenEdge?, edge: ScreenEdge, along: ClosedRange<Double>?, surface: Surface) -> Bool {
        guard edge.admits(landed) else { return false }
        guard let along else { return true }
        let fraction: Double
        switch edge {
        case .top, .bottom: fraction = surface.width > 0 ? p.x / surface.width : 0
        default: fraction = surface.height > 0 ? p.y / surface.height : 0
        }
        return !(fraction < along.lowerBound) && !(fraction > along.upperBound)
    }

    /// ``landing(_:edge:along:surface:zone:)`` for a point whose zones' edge is known
    /// (`landed`): judged once as a touch sequence begins, for every sequence.
    static func landing(_ p: Point, on landed: ScreenEdge?, edge: ScreenEdge, along: ClosedRange<Double>?, surface: Surface,
                        zone width: Double) -> GestureFailure? {
        if !edge.admits(landed) {
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
        if let added = fingerAdded(contacts) { return added }
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
        if let added = fingerAdded(contacts) { return added }
        func wrongWay() -> Outcome? {
            guard SwipeDirection(of: d, diagonals: direction.isDiagonal) != direction else { return nil }
            let cosine = max(-1, min(1, along / d.length))
            let off = Angles.acos(cosine) * 180 / Double.pi
            return .failed(GestureFailure(.wrongDirection, measured: off, limit: direction.isDiagonal ? 22.5 : 45))
        }
        // The direction is judged first as the fingers pass the slop: a stroke already that far
        // another way is no move of this step. Judged only at the move's distance, a slow
        // scroll under a declared "right, then up" waited 12 mm (seconds of it; touchtrace
        // eval --beside) before the pan could have it. Not after a move: a stroke that turns
        // goes on its first way a little past that step's distance before it turns.
        if !directionJudged, !followsMove {
            guard d.length >= min(distance, limits.slop) else { return .going }
            directionJudged = true
            if let wrong = wrongWay() { return wrong }
        }
        guard d.length >= distance else { return .going }
        if let wrong = wrongWay() { return wrong }
        return along >= distance ? .done : .going
    }

    /// Whether the step before this one was a move (its fingers still moving that way).
    var followsMove: Bool { mutating get { step > 0 && steps[step - 1].action.kind == .move } }

    /// How far the move's fingers' centre went since the step began, in mm.
    mutating func groupShift(_ contacts: ContactTable, _ surface: Surface) -> Point {
        var sum = Point.zero
        var n = 0
        for a in anchors where group.contains(a.id) {
            guard let c = contacts.contacts.first(where: { $0.id == a.id }) else { continue }
            sum = sum + (c.position - a.position)
            n += 1
        }
        return n == 0 ? .zero : surface.millimeters(sum / Double(n))
    }

    /// Twice the mean distance (mm) of the anchored fingers from their centre, where they are now.
    static func spread(_ anchors: [Anchor], _ contacts: ContactTable, surface: Surface) -> Double {
        spread(anchors, surface) { a in contacts.contacts.first(where: { $0.id == a.id })?.position ?? a.position }
    }

    /// Twice the mean distance (mm) of the anchored fingers from their centre, where they were
    /// when the step began.
    static func spread(_ anchors: [Anchor], surface: Surface) -> Double {
        spread(anchors, surface) { $0.position }
    }

    @inline(__always)
    private static func spread(_ anchors: [Anchor], _ surface: Surface, at position: (Anchor) -> Point) -> Double {
        var sum = Point.zero
        for a in anchors { sum = sum + position(a) }
        guard !anchors.isEmpty else { return 0 }
        let centre = sum / Double(anchors.count)
        var total = 0.0
        for a in anchors { total += surface.millimeters(position(a) - centre).length }
        return 2 * total / Double(anchors.count)
    }

    mutating func pinch(_ way: GesturePattern.PinchWay, _ distance: Double, time: Double,
                                contacts: ContactTable, surface: Surface) -> Outcome {
        if measureInMillimeters == false {
            // The spread at the step's start, measured once in mm now that a surface is at hand.
            measure = Self.spread(anchors, surface: surface)
            measureInMillimeters = true
        }
        let change = Self.spread(anchors, contacts, surface: surface) - measure
        return judged(way == .out ? change : -change, distance, short: .tooShort, wrong: .pinchedWrongWay, contacts)
    }

    /// A pinch's or a rotation's measure `toward` its way, against `limit`: done there; failed
    /// when the fingers lift short of it (`short`), one is added, or it went as far the other
    /// way (`wrong`); else going.
    @inline(__always) mutating func judged(_ toward: Double, _ limit: Double, short: GestureFailure.Kind, wrong: GestureFailure.Kind,
                                  _ contacts: ContactTable) -> Outcome {
        if Self.lifted(contacts) != nil { return .failed(GestureFailure(short, measured: max(toward, 0), limit: limit)) }
        if let added = fingerAdded(contacts) { return added }
        if toward >= limit { return .done }
        if -toward >= limit { return .failed(GestureFailure(wrong, measured: -toward, limit: limit)) }
        return .going
    }

    mutating func rotate(_ turn: GesturePattern.Turn, _ angle: Double, time: Double,
                                 contacts: ContactTable, surface: Surface) -> Outcome {
        // The turn since the run last looked: the mean of each finger's turn about the
        // fingers' centre, from where it was then (`seen`); added up over the step (degrees,
        // clockwise positive on a screen whose y grows downward). The frames skipped between
        // (``slack(_:_:)``) turn it less than a right angle, which one atan2 measures.
        if seen.count == 2, let c0 = contacts.contacts.first(where: { $0.id == seen[0].id }),
           let c1 = contacts.contacts.first(where: { $0.id == seen[1].id }) {
            // Two fingers (most rotations): each turns about their centre as the line between
            // them turns, so the mean is that line's turn, one atan2 where the loop below takes
            // two (the 16-sequence session's rotations: 585 instructions a frame, callgrind).
            let u = surface.millimeters(seen[1].position - seen[0].position), v = surface.millimeters(c1.position - c0.position)
            let cross = u.x * v.y - u.y * v.x
            if cross != 0 { measure += Angles.atan2(cross, u.dot(v)) * 180 / Double.pi }
            seen[0].position = c0.position
            seen[1].position = c1.position
            return judged(turn == .clockwise ? measure : -measure, angle, short: .notEnoughTurn, wrong: .turnedWrongWay, contacts)
        }
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
                if cross != 0 { sum += Angles.atan2(cross, u.dot(v)) }
                seen[k].position = c.position
            }
            measure += sum / Double(n) * 180 / Double.pi
        }
        return judged(turn == .clockwise ? measure : -measure, angle, short: .notEnoughTurn, wrong: .turnedWrongWay, contacts)
    }

    mutating func tap(fingers: Int, taps: Int, time: Double, contacts: ContactTable, surface: Surface) -> Outcome {
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
                // A following tap lands near the first, as the engine's own multiple tap does
                // (``GestureSettings/Tap/maxSpacing``): taps far apart are taps on two things.
                if count > 0 {
                    let apart = surface.millimeters(c.start - firstTap).length
                    if apart > limits.spacing { return .failed(GestureFailure(.tooFarApart, measured: apart, limit: limits.spacing)) }
                } else {
                    firstTap = c.start
                }
                tapping = true
                most = 0
                group.shrink(to: 0)
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
