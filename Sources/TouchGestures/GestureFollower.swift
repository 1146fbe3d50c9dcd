/// A gesture followed while it happens: its progress a frame at a time from the moment it
/// begins, then whether it commits or cancels at the lift (``Settle``), as a phone's edge gestures
/// and interactive transitions do. What the daemon's streaming bindings (`stream = true`) and the
/// C library's `tg_engine_follow` both run; each says, as a gesture begins, whether to follow it
/// and against what threshold (the `choose` argument).
///
/// The rules:
/// - A swipe is offered when the fingers' mean displacement first reaches `pan.minDistance` (the
///   touch slop): its direction is the way they moved then, its edge where every finger went down
///   (within `swipe.edgeZone`), its fingers those down. Offered once a touch sequence, whether
///   taken or not. A pinch or a rotation is offered when the engine reports it began (in or out by
///   its scale, which way by its angle).
/// - One gesture a sequence is followed at most; none after a long press, or once the caller says
///   (``stop()``) that the sequence went another way (the daemon's repeating binding ran).
/// - The measure, in millimeters, toward the way it began: for a swipe the mean displacement
///   along its direction of the fingers it began with; for a pinch the change of their spread (their
///   mean distance from their centre) since they went down; for a rotation the arc, angle ×
///   spread. Progress is the measure over the threshold: 0 where the fingers went down, 1 at it.
/// - It ends when the fingers it began with have all lifted, or the engine ends the pinch or the
///   rotation: commit or cancel by ``Settle``. The speed at the lift that ``Settle`` weighs is,
///   for a swipe, its fingers' velocity toward its direction as the engine's own trackers give it
///   (the one measure the engine's fling reports); for a pinch or a rotation, its measure's. A
///   cancelled contact cancels; so does ``cancel(fire:)`` (input that ends with fingers down, a
///   daemon that exits).
package struct GestureFollower: Sendable {
    /// The thresholds a follower takes, in millimetres (where progress is 1): a hundredth of a
    /// millimetre, a tenth of the smallest phone pixel (the PinePhone's 0.094 mm), to a metre,
    /// past any touchscreen. Outside it the progress lines read `inf` (1e-320 mm) or stayed at 0
    /// (1e308 mm). The C library's `tg_engine_follow` and the daemon's `distance` hold to it.
    package static let thresholds: ClosedRange<Double> = 0.01...1000

    /// What is followed, and which way counts as toward completion.
    package enum Kind: Equatable, Sendable {
        case swipe(SwipeDirection)
        /// A pinch: `outward` when the fingers spread (scale above 1).
        case pinch(outward: Bool)
        /// A rotation: `clockwise` as seen on the screen (angle above 0).
        case rotate(clockwise: Bool)
    }

    /// A gesture as it begins, offered to be followed.
    package struct Offer: Sendable {
        package var kind: Kind
        package var fingers: Int
        /// Where every finger went down, if in one edge's (or corner's) zone.
        package var edge: ScreenEdge?

        /// The gesture as a pattern tests it (each field of its kind set).
        package var gesture: GesturePattern {
            let e = GesturePattern.Edge(edge)
            return switch kind {
            case .swipe(let way): GesturePattern(.swipe, direction: way, fingers: fingers, edge: e)
            case .pinch(let outward): GesturePattern(.pinch, pinch: outward ? .out : .in, fingers: fingers, edge: e)
            case .rotate(let clockwise): GesturePattern(.rotate, turn: clockwise ? .clockwise : .counterclockwise, fingers: fingers, edge: e)
            }
        }
    }

    /// One report of a followed gesture: what a streaming binding's command reads as a line.
    package struct Update: Sendable, Equatable {
        package enum Event: String, Sendable, CaseIterable {
            /// The first report, when the gesture begins.
            case begin
            /// A frame while it goes on.
            case update
            /// The last: it completes (lifted past its threshold, or flung toward it).
            case commit
            /// The last: it falls back (lifted short, flung back, or the touch was cancelled).
            case cancel
        }

        package var event: Event
        /// Seconds on the input's clock.
        package var time: Double
        /// The measure over the threshold: 0 at the start, 1 at the threshold.
        package var progress: Double
        /// The gesture's own value: a swipe's distance along its direction (mm), a pinch's
        /// scale (1 at the start), a rotation's angle (degrees, clockwise positive).
        package var value: Double
        /// How fast the measure changes toward completion, millimeters per second.
        package var velocity: Double
        /// The fingers down (at the last report: the fingers the gesture began with).
        package var fingers: Int

        package init(event: Event, time: Double, progress: Double, value: Double, velocity: Double, fingers: Int) {
            (self.event, self.time, self.progress, self.value, self.velocity, self.fingers) = (event, time, progress, value, velocity, fingers)
        }

        /// The report as one line of six fields, one space apart, without its line end
        /// (`update 12.345 0.420 8.400 120.5 1`): what `while read -r event time progress value
        /// velocity fingers` in a shell and `line.split()` in Python take as it is.
        package var text: String {
            "\(event.rawValue) \(formatFixed(time, digits: 3)) \(formatFixed(progress, digits: 3)) \(formatFixed(value, digits: 3)) \(formatFixed(velocity, digits: 1)) \(fingers)"
        }
    }

    /// Why a followed gesture ended as it did.
    package enum End: Equatable, Sendable {
        case settled(Settle.Outcome)
        case cancelledTouch
        case inputEnded
    }

    /// The gesture being followed.
    package struct Followed: Sendable {
        /// What the caller's `choose` returned with the threshold: which of its bindings or
        /// requests took it.
        package var tag: Int
        package var offer: Offer
        /// The measure (mm) at which progress is 1.
        package var threshold: Double
        /// The latest report's measure (mm): progress × threshold.
        package var measure: Double { progress * threshold }
        package fileprivate(set) var progress = 0.0
        /// The contacts it began with (their ids).
        fileprivate var members: [Int]
        fileprivate var startSpread = 0.0
        fileprivate var scale = 1.0, angle = 0.0
        fileprivate var engineEnded = false
        fileprivate var began = false
        fileprivate var value = 0.0
        fileprivate var tracker = VelocityTracker()
    }

    /// One contact of the current sequence.
    private struct Contact: Sendable {
        var id: Int
        var start: Point
        var latest: Point
        var active: Bool
    }

    private let surface: Surface
    private let slop: Double
    private let edgeZone: Double
    private let diagonals: Bool
    private let axis: GestureSettings.SwipeAxis
    private var contacts: [Contact] = []
    private var activeCount = 0
    private var zones = EdgeZones.all
    private var swipeOffered = false
    private var stopped = false
    private var longPressed = false
    private var cancelled = false
    private var lastTime = 0.0
    /// The gesture followed in this sequence, while it goes on.
    package private(set) var followed: Followed?
    /// Whether a gesture of the current sequence was followed (it may have ended).
    package private(set) var followedInSequence = false

    package init(settings: GestureSettings, surface: Surface) {
        self.surface = surface
        slop = settings.pan.minDistance
        edgeZone = settings.swipe.edgeZone
        diagonals = settings.swipe.diagonals
        axis = settings.swipe.axis
    }

    /// The screen's extent along `direction`, in mm (for thresholds in thirds of the screen).
    package func extent(along direction: SwipeDirection) -> Double {
        let u = direction.unitVector
        let size = surface.millimeters(Point(x: surface.width, y: surface.height))
        return abs(size.x * u.x) + abs(size.y * u.y)
    }

    /// No gesture is to be followed in the rest of this sequence (it went another way).
    package mutating func stop() { stopped = true }

    /// The contacts of a frame, before the engine's reports of it (``engineReported(_:)``) and
    /// ``endFrame(at:choose:liftVelocity:report:)``.
    package mutating func contacts(of frame: TouchFrame) {
        if activeCount == 0, frame.events.contains(where: { $0.phase == .down }) {
            contacts.removeAll(keepingCapacity: true)
            zones = .all
            (swipeOffered, stopped, longPressed, cancelled, followedInSequence) = (false, false, false, false, false)
            followed = nil
        }
        for e in frame.events {
            let k = contacts.firstIndex { $0.id == e.id }
            switch e.phase {
            case .down:
                if let k {
                    if !contacts[k].active { activeCount += 1 }
                    contacts[k] = Contact(id: e.id, start: e.position, latest: e.position, active: true)
                } else {
                    guard contacts.count < GestureEngine.maxContacts else { continue }
                    contacts.append(Contact(id: e.id, start: e.position, latest: e.position, active: true))
                    activeCount += 1
                }
                zones = zones.intersection(EdgeZones(of: e.position, on: surface, width: edgeZone))
            case .move:
                if let k { contacts[k].latest = e.position }
            case .up, .cancel:
                if e.phase == .cancel { cancelled = true } else if let k { contacts[k].latest = e.position }
                if let k, contacts[k].active {
                    contacts[k].active = false
                    activeCount -= 1
                }
            }
        }
    }

    /// A gesture the engine reported for the frame: a long press stops following, a pinch or a
    /// rotation that begins is offered (`choose` returns the tag and threshold in mm of what takes
    /// it, or nil), and the followed one's scale or angle is kept.
    package mutating func engineReported(_ g: GestureEvent, choose: (Offer) -> (tag: Int, threshold: Double)?) {
        switch g.kind {
        case .longPress: longPressed = true
        case .pinch(let p):
            if p.phase == .began, followed == nil { offer(Offer(kind: .pinch(outward: p.scale >= 1), fingers: p.fingers, edge: zones.edge), choose) }
            if case .pinch? = followed?.offer.kind {
                followed?.scale = p.scale
                if p.phase == .ended || p.phase == .cancelled { followed?.engineEnded = true }
            }
        case .rotate(let r):
            if r.phase == .began, followed == nil { offer(Offer(kind: .rotate(clockwise: r.angle >= 0), fingers: r.fingers, edge: zones.edge), choose) }
            if case .rotate? = followed?.offer.kind {
                followed?.angle = r.angle
                if r.phase == .ended || r.phase == .cancelled { followed?.engineEnded = true }
            }
        default: break
        }
    }

    private mutating func offer(_ o: Offer, _ choose: (Offer) -> (tag: Int, threshold: Double)?) {
        guard !followedInSequence, !stopped, !longPressed, !cancelled, let (tag, threshold) = choose(o) else { return }
        var f = Followed(tag: tag, offer: o, threshold: threshold, members: contacts.filter { $0.active }.map { $0.id })
        f.startSpread = spread(f.members, start: true)
        followed = f
        followedInSequence = true
    }

    /// The end of a frame: a swipe offered at the slop, and the followed gesture's report (its
    /// begin, an update, or its end), with the tag of what took it.
    package mutating func endFrame(at time: Double, choose: (Offer) -> (tag: Int, threshold: Double)?,
                                   liftVelocity: (Int) -> Point?,
                                   report: (Update, Followed, End?) -> Void) {
        lastTime = time
        if followed == nil, !swipeOffered, !followedInSequence, !stopped, !cancelled, !longPressed, activeCount > 0 {
            var sum = Point.zero
            for c in contacts where c.active { sum = sum + surface.millimeters(c.latest - c.start) }
            let d = sum / Double(activeCount)
            if (d.x * d.x + d.y * d.y).squareRoot() >= slop, let way = SwipeDirection(of: d, diagonals: diagonals, axis: axis) {
                swipeOffered = true
                offer(Offer(kind: .swipe(way), fingers: activeCount, edge: zones.edge), choose)
            }
        }
        guard var f = followed else { return }
        measure(&f, at: time)
        var down = 0
        for c in contacts where c.active && f.members.contains(c.id) { down += 1 }
        let justBegan = !f.began
        if justBegan {
            f.began = true
            report(update(f, .begin, at: time, velocity: 0, fingers: f.offer.fingers), f, nil)
        }
        if cancelled {
            finish(f, .cancelledTouch, at: time, velocity: 0, report: report)
        } else if down == 0 || f.engineEnded {
            let v = swipeLiftVelocity(f, liftVelocity) ?? f.tracker.velocity(liftTime: time)?.x ?? 0
            finish(f, .settled(Settle.decide(progress: f.progress, velocity: v)), at: time, velocity: v, report: report)
        } else {
            followed = f
            if !justBegan { report(update(f, .update, at: time, velocity: f.tracker.velocity()?.x ?? 0, fingers: down), f, nil) }
        }
    }

    /// A followed swipe's speed at its lift toward its direction (mm/s): the mean of its
    /// fingers' velocities as the engine's own trackers give them (`liftVelocity`, surface units
    /// per second by contact id), which its fling reports, so that a lift the engine calls a fling
    /// is the same speed here. nil for a pinch or a rotation (their measure's own tracker decides),
    /// or when no finger's velocity is known.
    private func swipeLiftVelocity(_ f: Followed, _ liftVelocity: (Int) -> Point?) -> Double? {
        guard case .swipe(let way) = f.offer.kind else { return nil }
        var sum = Point.zero, n = 0
        for id in f.members {
            guard let v = liftVelocity(id) else { continue }
            sum = sum + surface.millimeters(v)
            n += 1
        }
        guard n > 0 else { return nil }
        let u = way.unitVector
        return (sum.x * u.x + sum.y * u.y) / Double(n)
    }

    /// Cancels the followed gesture, if any (the input ended with fingers down, the daemon exits).
    package mutating func cancel(report: (Update, Followed, End?) -> Void) {
        guard let f = followed else { return }
        finish(f, .inputEnded, at: lastTime, velocity: 0, report: report)
    }

    private mutating func finish(_ f: Followed, _ end: End, at time: Double, velocity: Double, report: (Update, Followed, End?) -> Void) {
        let commits = if case .settled(let o) = end { o.completes } else { false }
        followed = nil
        report(update(f, commits ? .commit : .cancel, at: time, velocity: velocity, fingers: f.offer.fingers), f, end)
    }

    private func update(_ f: Followed, _ event: Update.Event, at time: Double, velocity: Double, fingers: Int) -> Update {
        Update(event: event, time: time, progress: f.progress, value: f.value, velocity: velocity, fingers: fingers)
    }

    /// The mean distance (mm) of the members from their centre: where they went down, or are.
    private func spread(_ members: [Int], start: Bool) -> Double {
        var sum = Point.zero, n = 0
        for c in contacts where members.contains(c.id) {
            sum = sum + surface.millimeters(start ? c.start : c.latest)
            n += 1
        }
        guard n > 1 else { return 0 }
        let centre = sum / Double(n)
        var total = 0.0
        for c in contacts where members.contains(c.id) {
            let d = surface.millimeters(start ? c.start : c.latest) - centre
            total += (d.x * d.x + d.y * d.y).squareRoot()
        }
        return total / Double(n)
    }

    /// The followed gesture's measure, value and velocity at the members' positions.
    private func measure(_ f: inout Followed, at time: Double) {
        let mm: Double
        switch f.offer.kind {
        case .swipe(let way):
            let u = way.unitVector
            var sum = 0.0, n = 0
            for c in contacts where f.members.contains(c.id) {
                let d = surface.millimeters(c.latest - c.start)
                sum += d.x * u.x + d.y * u.y
                n += 1
            }
            mm = n > 0 ? sum / Double(n) : 0
            f.value = mm
        case .pinch(let outward):
            mm = (spread(f.members, start: false) - f.startSpread) * (outward ? 1 : -1)
            f.value = f.scale
        case .rotate(let clockwise):
            mm = f.angle * spread(f.members, start: false) * (clockwise ? 1 : -1)
            f.value = f.angle * 180 / Double.pi
        }
        f.progress = f.threshold > 0 ? mm / f.threshold : 0
        f.tracker.add(time: time, position: Point(x: mm, y: 0))
    }
}
