import TouchGestures

/// Streaming bindings (`stream = true`): a command started when its gesture begins, which reads
/// the gesture's progress on its standard input while it happens and, at the lift, whether it
/// commits or cancels. The rules:
/// - A swipe's stream is chosen when the fingers' mean displacement first reaches
///   `pan.minDistance` (the touch slop): its direction is the way they moved then, and the
///   bindings are tried in order on that direction, the fingers down and the edge where they
///   went down (not the distance: that is still to come). If the first that matches streams,
///   its stream begins; if it does not, no stream begins in that touch. A pinch's or a
///   rotation's is chosen when the engine reports it began, by the same test (in or out, which
///   way it turned).
/// - One stream a touch sequence at most; a sequence that streamed runs no binding at its lift,
///   and no repeating step. A long press, or a repeating step, before the slop: no stream.
/// - The progress is a measure in millimeters over the binding's threshold: for a swipe the
///   members' mean displacement along the direction (threshold: the binding's `distance`, or
///   `swipe.minDistance`); for a pinch the change of the fingers' spread, the mean distance from
///   their centre, toward the way it began (threshold: `distance`, or `pinch.minSpanChange`);
///   for a rotation the arc, angle × spread, toward the way it began (`distance`, or
///   `rotate.minArc`). 0 where the fingers went down, 1 at the threshold, past 1 beyond it,
///   below 0 behind the start.
/// - It ends when the fingers it began with have all lifted, or when the engine ends the pinch
///   or rotation: **commit** or **cancel** by ``Settle`` (a lift at 184 mm/s or more decides by
///   its direction; a slower one commits at or past the threshold). A cancelled touch, or input
///   that ends with fingers down, cancels.
extension GestureDispatcher {
    /// One line a streaming binding's command reads on its standard input: six fields
    /// separated by one space, so that `while read -r event time progress value velocity
    /// fingers` in a shell and `line.split()` in Python take it as it is.
    package struct StreamLine: Sendable, Equatable {
        package enum Event: String, Sendable, CaseIterable {
            /// The first line, when the gesture begins (the command has just started).
            case begin
            /// A frame while the gesture goes on.
            case update
            /// The last line: the gesture completes (lifted past its threshold, or flung toward it).
            case commit
            /// The last line: it falls back (lifted short, flung back, or the touch was cancelled).
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
        /// The fingers down (at the last line: the fingers the gesture had).
        package var fingers: Int

        /// The line as the command reads it, without its line end:
        /// `update 12.345 0.420 8.400 120.5 1`.
        package var text: String {
            "\(event.rawValue) \(formatFixed(time, digits: 3)) \(formatFixed(progress, digits: 3)) \(formatFixed(value, digits: 3)) \(formatFixed(velocity, digits: 1)) \(fingers)"
        }
    }

    /// The stream of the current touch sequence.
    struct OpenStream {
        enum Kind: Equatable {
            case swipe(SwipeDirection)
            case pinch(Binding.PinchDirection)
            case rotate(Binding.TurnDirection)
        }

        var binding: Int
        var kind: Kind
        /// The measure (mm) at which progress is 1.
        var threshold: Double
        /// The contacts it began with (their ids).
        var members: [Int]
        /// A pinch's spread (mm) where its fingers went down.
        var startSpread = 0.0
        /// The engine's latest scale and angle (radians) of a pinch or rotation.
        var scale = 1.0, angle = 0.0
        /// The engine ended the pinch or rotation.
        var engineEnded = false
        var began = false
        var fingers: Int
        var edge: ScreenEdge?
        var tracker = VelocityTracker()
        var progress = 0.0, value = 0.0
    }

    /// Why a stream ended as it did, for `--explain`.
    enum StreamEnd {
        case settled(Settle.Outcome)
        case cancelledTouch
        case inputEnded
    }

    /// The first binding, in order, that `c` matches when its gesture begins (its mode and
    /// distance aside).
    func firstAtBegin(_ c: Candidate) -> Int? {
        keys.indices.first { mismatch(keys[$0], c, atBegin: true) == nil }
    }

    /// The mean distance (mm) of the members' positions from their centre: `start` where they
    /// went down, else where they are.
    func spread(_ members: [Int], start: Bool) -> Double {
        var points: [Point] = []
        for t in tracks where members.contains(t.id) { points.append(surface.millimeters(start ? t.start : t.latest)) }
        guard points.count > 1 else { return 0 }
        var centre = Point.zero
        for p in points { centre = centre + p }
        centre = centre / Double(points.count)
        var sum = 0.0
        for p in points {
            let d = p - centre
            sum += (d.x * d.x + d.y * d.y).squareRoot()
        }
        return sum / Double(points.count)
    }

    /// The threshold (mm) of binding `k` for a stream of `kind`.
    func streamThreshold(_ k: Int, _ kind: OpenStream.Kind) -> Double {
        let given: Double? = if case .atLeast(let mm) = keys[k].distance { mm } else { nil }
        switch kind {
        case .swipe(let way):
            let u = way.unitVector
            let size = surface.millimeters(Point(x: surface.width, y: surface.height))
            let extent = abs(size.x * u.x) + abs(size.y * u.y)
            switch keys[k].distance {
            case .atLeast(let mm): return mm
            case .medium: return extent / 3
            case .long: return extent * 2 / 3
            case .any, .short: return swipeMinDistance
            }
        case .pinch: return given ?? pinchMinSpanChange
        case .rotate: return given ?? rotateMinArc
        }
    }

    /// Opens the stream of the first binding `c` matches when its gesture begins, if that binding
    /// streams.
    mutating func openStream(_ c: Candidate, _ kind: OpenStream.Kind) {
        guard !streamed, let k = firstAtBegin(c), keys[k].mode == .stream else { return }
        var s = OpenStream(binding: k, kind: kind, threshold: streamThreshold(k, kind),
                           members: tracks.filter { $0.active }.map { $0.id }, fingers: c.fingers, edge: c.edge)
        s.startSpread = spread(s.members, start: true)
        stream = s
        streamed = true
    }

    /// At the end of each frame: a swipe's stream chosen at the slop, and the open stream's
    /// line (begin, update, or its end).
    mutating func follow(at time: Double, fire: (Firing) -> Void) {
        if stream == nil, !swipeStreamChosen, !streamed, !repeated, !cancelled, !longPressed, activeCount > 0 {
            var sum = Point.zero
            for t in tracks where t.active { sum = sum + surface.millimeters(t.latest - t.start) }
            let d = sum / Double(activeCount)
            if (d.x * d.x + d.y * d.y).squareRoot() >= streamSlop, let way = SwipeDirection(of: d, diagonals: diagonals) {
                swipeStreamChosen = true
                openStream(Candidate(gesture: .swipe, fingers: activeCount, edge: startEdge, direction: way), .swipe(way))
            }
        }
        guard var s = stream else { return }
        measure(&s, at: time)
        var active = 0
        for t in tracks where t.active && s.members.contains(t.id) { active += 1 }
        let justBegan = !s.began
        if justBegan {
            s.began = true
            explainStreamBegin(s, at: time)
            fire(streamFiring(s, .begin, at: time, velocity: 0, fingers: s.fingers))
        }
        if cancelled {
            endStream(s, .cancelledTouch, at: time, velocity: 0, fire: fire)
        } else if active == 0 || s.engineEnded {
            let v = s.tracker.velocity(liftTime: time)?.x ?? 0
            endStream(s, .settled(Settle.decide(progress: s.progress, velocity: v)), at: time, velocity: v, fire: fire)
        } else {
            stream = s
            if !justBegan { fire(streamFiring(s, .update, at: time, velocity: s.tracker.velocity()?.x ?? 0, fingers: active)) }
        }
    }

    /// Updates the stream's measure, value and velocity to the members' positions.
    private func measure(_ s: inout OpenStream, at time: Double) {
        let mm: Double
        switch s.kind {
        case .swipe(let way):
            let u = way.unitVector
            var sum = 0.0, n = 0
            for t in tracks where s.members.contains(t.id) {
                let d = surface.millimeters(t.latest - t.start)
                sum += d.x * u.x + d.y * u.y
                n += 1
            }
            mm = n > 0 ? sum / Double(n) : 0
            s.value = mm
        case .pinch(let way):
            mm = (spread(s.members, start: false) - s.startSpread) * (way == .out ? 1 : -1)
            s.value = s.scale
        case .rotate(let way):
            mm = s.angle * spread(s.members, start: false) * (way == .clockwise ? 1 : -1)
            s.value = s.angle * 180 / Double.pi
        }
        s.progress = s.threshold > 0 ? mm / s.threshold : 0
        s.tracker.add(time: time, position: Point(x: mm, y: 0))
    }

    private func streamFiring(_ s: OpenStream, _ event: StreamLine.Event, at time: Double, velocity: Double, fingers: Int) -> Firing {
        let line = StreamLine(event: event, time: time, progress: s.progress, value: s.value, velocity: velocity, fingers: fingers)
        return Firing(time: time, binding: bindings[s.binding], cause: streamCause(s), stream: line)
    }

    private func streamCause(_ s: OpenStream) -> Firing.Cause {
        switch s.kind {
        case .swipe(let way): .swipe(way, millimeters: s.value, fingers: s.fingers, edge: s.edge)
        case .pinch(let way): .pinch(way, scale: s.scale, fingers: s.fingers)
        case .rotate(let way): .rotate(way, radians: s.angle, fingers: s.fingers)
        }
    }

    /// The open stream's last line, and the stream closed.
    mutating func endStream(_ s: OpenStream, _ end: StreamEnd, at time: Double, velocity: Double, fire: (Firing) -> Void) {
        let commits = if case .settled(let o) = end { o.completes } else { false }
        explainStreamEnd(s, end, at: time)
        fire(streamFiring(s, commits ? .commit : .cancel, at: time, velocity: velocity, fingers: s.fingers))
        stream = nil
    }

    /// A pinch or rotation the engine reports: a stream chosen as it begins, and followed.
    mutating func followEngine(_ kind: OpenStream.Kind, phase: GesturePhase, scale: Double, angle: Double, fingers: Int) {
        // The engine reports each recognizer's `began` once a sequence: a pinch that did not
        // stream leaves the rotation of the same fingers its own chance.
        if phase == .began, stream == nil {
            switch kind {
            case .pinch(let way): openStream(Candidate(gesture: .pinch, fingers: fingers, edge: startEdge, pinch: way), kind)
            case .rotate(let way): openStream(Candidate(gesture: .rotate, fingers: fingers, edge: startEdge, turn: way), kind)
            case .swipe: break
            }
        }
        guard var s = stream else { return }
        switch (s.kind, kind) {
        case (.pinch, .pinch): s.scale = scale
        case (.rotate, .rotate): s.angle = angle
        default: return
        }
        if phase == .ended || phase == .cancelled { s.engineEnded = true }
        stream = s
    }

    /// Whether a stream is open (its gesture goes on).
    package var isStreaming: Bool { stream != nil }

    /// Cancels the open stream, if any, as input that ends with fingers down does
    /// (``finish(fire:seen:)``, or the daemon exiting or reloading).
    package mutating func cancelStream(fire: (Firing) -> Void) {
        guard let s = stream else { return }
        endStream(s, .inputEnded, at: lastFrameTime, velocity: 0, fire: fire)
    }

    /// `--explain`: the stream that began, and the binding it feeds.
    private mutating func explainStreamBegin(_ s: OpenStream, at time: Double) {
        guard explains else { return }
        explainedSequence = true
        pendingNearMiss = nil
        let b = bindings[s.binding]
        explanation.append("\(Self.decimalTime(time)) s: \(beginWords(s)): \(b.origin) streams to \(b.command.line) (threshold \(Self.decimal(s.threshold)) mm)")
    }

    private func beginWords(_ s: OpenStream) -> String {
        func plural(_ n: Int) -> String { n == 1 ? "1 finger" : "\(n) fingers" }
        let place = s.edge.map { ", from the \($0.rawValue) edge" } ?? ""
        return switch s.kind {
        case .swipe(let way): "swipe \(way.rawValue) began, \(plural(s.fingers))\(place)"
        case .pinch(let way): "pinch \(way.rawValue) began, \(plural(s.fingers))\(place)"
        case .rotate(let way): "rotate \(way.rawValue) began, \(plural(s.fingers))\(place)"
        }
    }

    /// `--explain`: why the stream committed or cancelled, in millimeters and mm/s.
    private mutating func explainStreamEnd(_ s: OpenStream, _ end: StreamEnd, at time: Double) {
        guard explains else { return }
        let measure = s.progress * s.threshold
        let at = "\(Self.decimal(measure)) mm of \(Self.decimal(s.threshold)) mm"
        let why: String = switch end {
        case .settled(.flungToward(let v)): "commit: flung toward it at \(Self.decimal(v)) mm/s (≥ \(Self.decimal(Settle.flingSpeed)) mm/s), at \(at)"
        case .settled(.flungBack(let v)): "cancel: flung back at \(Self.decimal(v)) mm/s (≥ \(Self.decimal(Settle.flingSpeed)) mm/s), at \(at)"
        case .settled(.reached): "commit: lifted at \(at), the threshold reached"
        case .settled(.short): "cancel: lifted at \(at), short of the threshold, slower than a fling (\(Self.decimal(Settle.flingSpeed)) mm/s)"
        case .cancelledTouch: "cancel: the touch was cancelled, at \(at)"
        case .inputEnded: "cancel: the input ended with fingers down, at \(at)"
        }
        explanation.append("\(Self.decimalTime(time)) s: stream of \(bindings[s.binding].origin) ends: \(why)")
    }
}
