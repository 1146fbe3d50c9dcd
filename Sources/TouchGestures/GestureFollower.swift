internal import CPlatform

/// The recognizers' own thresholds and what a follower reads of the settings, as they are when
/// a frame begins.
struct FollowLimits: Sendable {
    var swipe: Double, pinch: Double, rotate: Double
    var slop: Double
    var edgeZone: Double
    var diagonals: Bool
    var axis: GestureSettings.SwipeAxis
    var surface: Surface
}

/// A frame's follow reports, in order: at most a begin and then a change or an end.
struct FollowReports {
    var first: GestureEvent?
    var second: GestureEvent?
}

/// What the follower needs of the gestures the engine reports in a frame, noted as they are
/// reported (the engine is busy then: the follower reads them at the frame's end).
struct FollowNotes {
    var longPress = false
    /// The first pinch or rotation that began.
    var began: GesturePattern?
    /// The latest pinch scale and rotation angle reported.
    var scale: Double?, angle: Double?
    var pinchEnded = false, rotateEnded = false
    /// A declared sequence's run that reached its followed step (``GestureSequence/followedStep``)
    /// in this frame or the wait before it, offered at the frame's end.
    var sequenceOffer: SequenceOffer?
    /// Whether the followed sequence's run broke a step or lost the touch.
    var sequenceBroken = false

    mutating func note(_ g: GestureEvent) {
        switch g.kind {
        case .longPress: longPress = true
        case .pinch(let p):
            if p.phase == .began, began == nil { began = GesturePattern(.pinch, pinch: p.scale >= 1 ? .out : .in, fingers: p.fingers) }
            scale = p.scale
            if p.phase == .ended || p.phase == .cancelled { pinchEnded = true }
        case .rotate(let r):
            if r.phase == .began, began == nil {
                began = GesturePattern(.rotate, turn: r.angle >= 0 ? .clockwise : .counterclockwise, fingers: r.fingers)
            }
            angle = r.angle
            if r.phase == .ended || r.phase == .cancelled { rotateEnded = true }
        default: break
        }
    }
}

/// A sequence's run at its followed step: the sequence, the step, and the fingers down as the
/// step began (where they were) with those the step moves (a move's; all of them otherwise).
struct SequenceOffer {
    var index: Int
    var action: GestureSequence.Action
    var anchors: [Anchor]
    var group: [Int]
}

/// The engine's follower of ``FollowRequest``s: what it keeps of the touch sequence beyond the
/// engine's own contacts (where every finger went down, and the followed gesture's fingers after
/// they lift), and the rules of ``FollowRequest`` in code.
struct GestureFollower: Sendable {
    var requests: [FollowRequest]

    /// A finger of the followed gesture: kept after it lifts, as its measure counts it.
    private struct Member: Sendable {
        var id: Int
        var startTime: Double
        var start: Point
        var latest: Point
        var down: Bool
    }

    /// The gesture being followed.
    private struct Followed: Sendable {
        var request: Int
        var gesture: GesturePattern
        var threshold: Double
        var progress = 0.0
        var value = 0.0
        var members: [Member]
        var startSpread = 0.0
        var began = false
        var tracker = VelocityTracker()
        /// A followed sequence's step, whose measure it takes; `nil` for a swipe, a pinch or a
        /// rotation the engine reported.
        var step: GestureSequence.Action?
        /// A followed sequence's rotation: the fingers' turn so far (radians, clockwise positive).
        var turned = 0.0

        /// The fingers where the engine's contacts are now, then the measure, value and
        /// velocity at them (`scale` and `angle`: the engine's pinch and rotation).
        mutating func update(contacts: ContactTable, surface: Surface, scale: Double, angle: Double, at time: Double) {
            if case .rotate? = step { turned += Self.turn(members, contacts, surface) }
            for k in members.indices {
                guard let c = contacts.contacts.first(where: { $0.id == members[k].id }) else { continue }
                if c.startTime != members[k].startTime {
                    // The id went down again: a new finger under an old number.
                    (members[k].startTime, members[k].start) = (c.startTime, c.start)
                }
                // A cancelled contact stays where it was last seen: a cancel reports no touch.
                if !c.cancelled { members[k].latest = c.position }
                members[k].down = !c.ended
            }
            let mm: Double
            if let step {
                mm = sequenceMeasure(step, surface)
                progress = threshold > 0 ? mm / threshold : 0
                tracker.add(time: time, position: Point(x: mm, y: 0))
                return
            }
            switch gesture.kind {
            case .pinch:
                mm = (Self.spread(members, surface, start: false) - startSpread) * (gesture.pinch == .out ? 1 : -1)
                value = scale
            case .rotate:
                mm = angle * Self.spread(members, surface, start: false) * (gesture.turn == .clockwise ? 1 : -1)
                value = angle * 180 / Double.pi
            default:
                mm = Self.along(gesture.direction ?? .right, members, surface)
                value = mm
            }
            progress = threshold > 0 ? mm / threshold : 0
            tracker.add(time: time, position: Point(x: mm, y: 0))
        }

        /// A followed sequence step's measure toward its way (mm), and its value: a move's mean
        /// displacement along its direction (mm); a pinch's change of spread, twice the fingers'
        /// mean distance from their centre as the step measures it, and its scale; a rotation's
        /// arc (its turn times the fingers' mean distance from their centre) and its angle.
        private mutating func sequenceMeasure(_ step: GestureSequence.Action, _ surface: Surface) -> Double {
            switch step {
            case .move(let way, _, _):
                value = Self.along(way, members, surface)
                return value
            case .pinch(let way, _):
                let now = 2 * Self.spread(members, surface, start: false)
                value = startSpread > 0 ? now / startSpread : 1
                return (now - startSpread) * (way == .out ? 1 : -1)
            case .rotate(let turn, _):
                value = turned * 180 / Double.pi
                return turned * Self.spread(members, surface, start: false) * (turn == .clockwise ? 1 : -1)
            case .touch, .hold, .tap, .lift:
                return 0
            }
        }

        /// The mean displacement (mm) of `members` along `way` since they started.
        static func along(_ way: SwipeDirection, _ members: [Member], _ surface: Surface) -> Double {
            let u = way.unitVector
            var sum = 0.0
            for m in members {
                let d = surface.millimeters(m.latest - m.start)
                sum += d.x * u.x + d.y * u.y
            }
            return members.isEmpty ? 0 : sum / Double(members.count)
        }

        /// The mean turn (radians, clockwise positive on a screen whose y grows downward) of the
        /// members still on the table about their centre, from where they were last seen to
        /// where they are now.
        static func turn(_ members: [Member], _ contacts: ContactTable, _ surface: Surface) -> Double {
            var before = Point.zero, now = Point.zero, n = 0.0
            for m in members where m.down {
                guard let c = contacts.contacts.first(where: { $0.id == m.id }), !c.cancelled else { continue }
                before = before + m.latest
                now = now + c.position
                n += 1
            }
            guard n >= 2 else { return 0 }
            (before, now) = (before / n, now / n)
            var sum = 0.0
            for m in members where m.down {
                guard let c = contacts.contacts.first(where: { $0.id == m.id }), !c.cancelled else { continue }
                let u = surface.millimeters(m.latest - before), v = surface.millimeters(c.position - now)
                let cross = u.x * v.y - u.y * v.x
                if cross != 0 { sum += Angles.atan2(cross, u.dot(v)) }
            }
            return sum / n
        }

        /// The mean distance (mm) of `members` from their centre: where they went down, or are.
        static func spread(_ members: [Member], _ surface: Surface, start: Bool) -> Double {
            guard members.count > 1 else { return 0 }
            var sum = Point.zero
            for m in members { sum = sum + surface.millimeters(start ? m.start : m.latest) }
            let centre = sum / Double(members.count)
            var total = 0.0
            for m in members {
                let d = surface.millimeters(start ? m.start : m.latest) - centre
                total += (d.x * d.x + d.y * d.y).squareRoot()
            }
            return total / Double(members.count)
        }
    }

    private var zones = EdgeZones.all
    private var swipeOffered = false
    private var stopped = false
    private var longPressed = false
    private var cancelled = false
    private(set) var followedInSequence = false
    private var lastTime = 0.0
    private var followed: Followed?
    /// What the next followed gesture reuses of the last one's memory (none before the first),
    /// so that following allocates nothing once warm.
    private var spareMembers: [Member] = []
    private var spareTracker: VelocityTracker?
    /// A pinch or a rotation that began in the frame being handled, offered at its end.
    private var pendingOffer: GesturePattern?
    /// The engine's latest pinch scale and rotation angle in this sequence, and whether it ended them.
    private var scale = 1.0, angle = 0.0
    private var pinchEnded = false, rotateEnded = false

    init(requests: [FollowRequest]) { self.requests = requests }

    /// Whether a gesture is being followed now.
    var isFollowing: Bool { followed != nil }

    /// The declared sequence being followed, by its index; `nil` when none is.
    var followedSequence: Int? { followed?.step != nil ? followed?.gesture.sequence : nil }

    /// No gesture begins to be followed in the rest of this sequence (it went another way).
    mutating func stop() { stopped = true }

    /// A frame's touches, before the engine handles them: a new sequence starts afresh (when a
    /// finger goes down with none down), and a cancelled contact ends any following in it.
    mutating func frameBegins(_ events: UnsafeBufferPointer<TouchEvent>, noneDown: Bool) {
        if noneDown, events.contains(where: { $0.phase == .down }) {
            zones = .all
            (swipeOffered, stopped, longPressed, cancelled, followedInSequence) = (false, false, false, false, false)
            (pinchEnded, rotateEnded, scale, angle) = (false, false, 1, 0)
            (followed, pendingOffer) = (nil, nil)
        }
        if events.contains(where: { $0.phase == .cancel }) { cancelled = true }
    }

    /// What the engine reported in a frame or a wait: a long press stops following; a pinch or
    /// a rotation that began is offered at the frame's end
    /// (``frameEnds(_:_:at:contacts:limits:)``); their scale, angle and end are kept for
    /// the followed one.
    mutating func apply(_ n: FollowNotes) {
        if n.longPress { longPressed = true }
        if let b = n.began, followed == nil, pendingOffer == nil { pendingOffer = b }
        if let v = n.scale { scale = v }
        if let v = n.angle { angle = v }
        if n.pinchEnded { pinchEnded = true }
        if n.rotateEnded { rotateEnded = true }
    }

    /// The screen's extent along `direction`, in mm.
    static func extent(of surface: Surface, along direction: SwipeDirection) -> Double {
        let u = direction.unitVector
        let size = surface.millimeters(Point(x: surface.width, y: surface.height))
        return abs(size.x * u.x) + abs(size.y * u.y)
    }

    /// The threshold (mm) of request `k` for `gesture`; `own`: the gesture's own (a sequence's
    /// followed step's), else the recognizer's.
    private func threshold(_ k: Int, _ gesture: GesturePattern, _ limits: FollowLimits, own given: Double? = nil) -> Double {
        let recognizers = switch gesture.kind {
        case .pinch: limits.pinch
        case .rotate: limits.rotate
        default: limits.swipe
        }
        let own = given ?? recognizers
        let mm: Double = switch requests[k].threshold {
        case .recognizer: own
        case .millimeters(let mm): mm
        case .screen(let fraction):
            if gesture.kind == .swipe, let way = gesture.direction {
                Self.extent(of: limits.surface, along: way) * fraction
            } else { own }
        }
        return mm.isNaN ? own : min(max(mm, FollowRequest.thresholds.lowerBound), FollowRequest.thresholds.upperBound)
    }

    private mutating func offer(_ gesture: GesturePattern, _ contacts: ContactTable, _ limits: FollowLimits,
                                sequence: SequenceOffer? = nil) {
        guard !followedInSequence, !stopped, !longPressed, !cancelled,
              let k = requests.firstIndex(where: { $0.gesture.mismatch(gesture) == nil }), requests[k].follows else { return }
        // The last followed gesture's fingers and tracker, reused: no allocation once warm.
        // Swapped out, not copied: a copy shares its storage, and the first write copies it.
        var members: [Member] = []
        swap(&members, &spareMembers)
        members.removeAll(keepingCapacity: true)
        if let sequence {
            // The step's fingers, from where they were as it began.
            for a in sequence.anchors {
                if case .move = sequence.action, !sequence.group.contains(a.id) { continue }
                guard let c = contacts.contacts.first(where: { $0.id == a.id }), !c.ended else { continue }
                members.append(Member(id: a.id, startTime: c.startTime, start: a.position, latest: a.position, down: true))
            }
        } else {
            for c in contacts.contacts where !c.ended {
                members.append(Member(id: c.id, startTime: c.startTime, start: c.start, latest: c.position, down: true))
            }
        }
        var tracker: VelocityTracker?
        swap(&tracker, &spareTracker)
        if tracker == nil { tracker = VelocityTracker() }
        tracker!.reset()
        var f = Followed(request: k, gesture: gesture, threshold: 0, members: members, tracker: tracker!)
        f.startSpread = Followed.spread(f.members, limits.surface, start: true)
        // A sequence's followed step has its own threshold: a move's or a pinch's distance (a
        // pinch's spread measured as the step measures it, twice the mean distance), a
        // rotation's angle as an arc at the spread it begins with.
        var own: Double?
        if let sequence {
            f.step = sequence.action
            switch sequence.action {
            case .move(_, let distance, _): own = distance.millimeters
            case .pinch(_, let distance):
                f.startSpread *= 2
                own = distance
            case .rotate(_, let angle): own = angle * Double.pi / 180 * f.startSpread
            case .touch, .hold, .tap, .lift: break
            }
        }
        f.threshold = threshold(k, gesture, limits, own: own)
        followed = f
        followedInSequence = true
    }

    /// The frame's end: where its new fingers went down, a swipe offered at the slop, and the
    /// followed gesture's reports (its begin, a change, or its end), returned rather than told
    /// through a function: the engine's `emit` is a closure of each caller's, and a function
    /// that took it was compiled again for each (30 KB of the C library on armhf).
    @inline(never) mutating func frameEnds(_ notes: FollowNotes, _ events: UnsafeBufferPointer<TouchEvent>, at time: Double, contacts: ContactTable,
                            limits: FollowLimits) -> FollowReports {
        apply(notes)
        let surface = limits.surface
        lastTime = time
        for e in events where e.phase == .down {
            zones = zones.intersection(EdgeZones(of: e.position, on: surface, width: limits.edgeZone))
        }
        if var o = pendingOffer {
            pendingOffer = nil
            o.edge = .init(zones.edge)
            offer(o, contacts, limits)
        }
        if followed == nil, !swipeOffered, !followedInSequence, !stopped, !cancelled, !longPressed, contacts.activeCount > 0 {
            var sum = Point.zero
            for c in contacts.contacts where !c.ended { sum = sum + surface.millimeters(c.position - c.start) }
            let d = sum / Double(contacts.activeCount)
            if (d.x * d.x + d.y * d.y).squareRoot() >= limits.slop,
               let way = SwipeDirection(of: d, diagonals: limits.diagonals, axis: limits.axis) {
                swipeOffered = true
                offer(GesturePattern(.swipe, direction: way, fingers: contacts.activeCount, edge: .init(zones.edge)), contacts, limits)
            }
        }
        if followed == nil, let o = notes.sequenceOffer {
            var moves: Bool { if case .move = o.action { true } else { false } }
            let fingers = moves ? o.anchors.count { o.group.contains($0.id) } : o.anchors.count
            offer(GesturePattern(.sequence, fingers: fingers, sequence: o.index), contacts, limits, sequence: o)
        }
        var out = FollowReports()
        guard followed != nil else { return out }
        // In place: a copy would share the fingers and the tracker's samples with the one kept,
        // and its first write would copy them (an allocation a frame).
        let justBegan = !followed!.began
        followed!.began = true
        followed!.update(contacts: contacts, surface: surface, scale: scale, angle: angle, at: time)
        let f = followed!
        let down = f.members.reduce(0) { $0 + ($1.down ? 1 : 0) }
        if justBegan { out.first = event(f, .began, at: time, velocity: 0, fingers: f.gesture.fingers ?? 0, end: nil) }
        if cancelled {
            out.second = finish(f, .touchCancelled, at: time, velocity: 0)
        } else if down == 0 || (f.gesture.kind == .pinch && pinchEnded) || (f.gesture.kind == .rotate && rotateEnded) {
            let v = liftVelocity(f, contacts, surface) ?? f.tracker.velocity(liftTime: time)?.x ?? 0
            let end: GestureEvent.Follow.End = switch Settle.decide(progress: f.progress, velocity: v) {
            case .flungToward: .flungToward
            case .flungBack: .flungBack
            case .reached: .reached
            case .short: .short
            }
            out.second = finish(f, end, at: time, velocity: v)
        } else if f.step != nil, notes.sequenceBroken {
            out.second = finish(f, .sequenceBroken, at: time, velocity: 0)
        } else if !justBegan {
            out.second = event(f, .changed, at: time, velocity: f.tracker.velocity()?.x ?? 0, fingers: down, end: nil)
        }
        return out
    }

    /// Ends the followed gesture, if any, as cancelled: the input ended with its fingers down.
    mutating func inputEnded() -> GestureEvent? {
        guard let f = followed else { return nil }
        stopped = true
        return finish(f, .inputEnded, at: lastTime, velocity: 0)
    }

    private mutating func finish(_ f: Followed, _ end: GestureEvent.Follow.End, at time: Double, velocity: Double) -> GestureEvent {
        followed = nil
        (spareMembers, spareTracker) = (f.members, f.tracker)
        return event(f, end.completes ? .ended : .cancelled, at: time, velocity: velocity, fingers: f.gesture.fingers ?? 0, end: end)
    }

    private func event(_ f: Followed, _ phase: GesturePhase, at time: Double, velocity: Double, fingers: Int,
                       end: GestureEvent.Follow.End?) -> GestureEvent {
        GestureEvent(time: time, kind: .follow(GestureEvent.Follow(
            phase: phase, request: f.request, gesture: f.gesture, threshold: f.threshold, progress: f.progress, value: f.value,
            velocity: velocity, fingers: fingers, end: end)))
    }

    /// A followed swipe's (or a sequence's move's) speed at its lift toward its direction (mm/s): the mean of its
    /// fingers' velocities as the engine's own trackers give them, which its fling reports, so
    /// that a lift the engine calls a fling is the same speed here. nil for a pinch or a rotation
    /// (their measure's own tracker decides), or when no finger's velocity is known.
    private func liftVelocity(_ f: Followed, _ contacts: ContactTable, _ surface: Surface) -> Double? {
        let way: SwipeDirection
        if case .move(let w, _, _)? = f.step { way = w } else if f.gesture.kind == .swipe, let w = f.gesture.direction { way = w } else { return nil }
        var sum = Point.zero, n = 0
        for m in f.members {
            guard let v = contacts.velocity(ofContact: m.id) else { continue }
            sum = sum + surface.millimeters(v)
            n += 1
        }
        guard n > 0 else { return nil }
        let u = way.unitVector
        return (sum.x * u.x + sum.y * u.y) / Double(n)
    }
}
