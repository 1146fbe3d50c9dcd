import TouchGestures

/// Streaming bindings (`stream = true`): a command started when its gesture begins, which reads
/// the gesture's progress on its standard input while it happens and, at the lift, whether it
/// commits or cancels. ``GestureFollower`` follows the gesture (its rules are there); the
/// dispatcher says which binding takes it as it begins:
/// - the bindings are tried in order on the beginning gesture's kind, direction (a swipe's at the
///   touch slop; in or out, which way it turned), fingers and edge, not its distance (still to
///   come). If the first that matches streams, its stream begins; if it does not, no stream
///   begins for that gesture, and the first binding keeps its place.
/// - A sequence that streamed runs no binding at its lift, and no repeating step; one that ran a
///   repeating step streams no more.
/// - The threshold is the binding's `distance` in mm (a third or two thirds of the screen along a
///   swipe for `medium` and `long`), else the recognizer's own: `swipe.minDistance`,
///   `pinch.minSpanChange`, `rotate.minArc`.
extension GestureDispatcher {
    /// One line a streaming binding's command reads on its standard input (``GestureFollower/Update``).
    package typealias StreamLine = GestureFollower.Update

    /// The streaming binding that takes a beginning gesture, with its threshold (mm): the first
    /// binding it matches, if that one streams.
    func chooseStream(_ o: GestureFollower.Offer) -> (tag: Int, threshold: Double)? {
        let c = Candidate(o.gesture)
        guard let k = keys.indices.first(where: { mismatch(keys[$0], c, atBegin: true) == nil }), keys[k].mode == .stream else { return nil }
        let given: Double? = if case .atLeast(let mm) = keys[k].distance { mm } else { nil }
        switch o.kind {
        case .swipe(let way):
            switch keys[k].distance {
            case .atLeast(let mm): return (k, mm)
            case .medium: return (k, (follower?.extent(along: way) ?? 0) / 3)
            case .long: return (k, (follower?.extent(along: way) ?? 0) * 2 / 3)
            case .any, .short: return (k, swipeMinDistance)
            }
        case .pinch: return (k, given ?? pinchMinSpanChange)
        case .rotate: return (k, given ?? rotateMinArc)
        }
    }

    /// A report of the followed gesture, fired as its binding's line (and explained).
    func streamFiring(_ u: StreamLine, _ f: GestureFollower.Followed, _ end: GestureFollower.End?) -> Firing {
        let cause: Firing.Cause = switch f.offer.kind {
        case .swipe(let way): .swipe(way, millimeters: u.value, fingers: f.offer.fingers, edge: f.offer.edge)
        case .pinch(let outward): .pinch(outward ? .out : .in, scale: u.value, fingers: f.offer.fingers)
        case .rotate(let clockwise): .rotate(clockwise ? .clockwise : .counterclockwise, radians: u.value * Double.pi / 180, fingers: f.offer.fingers)
        }
        return Firing(time: u.time, binding: bindings[f.tag], cause: cause, stream: u)
    }

    /// `--explain`: the stream that began and the binding it feeds, or why it ended as it did,
    /// in millimeters and mm/s.
    mutating func explainStream(_ u: StreamLine, _ f: GestureFollower.Followed, _ end: GestureFollower.End?) {
        guard explains else { return }
        let b = bindings[f.tag]
        if u.event == .begin {
            explainedSequence = true
            pendingNearMiss = nil
            func plural(_ n: Int) -> String { n == 1 ? "1 finger" : "\(n) fingers" }
            let place = f.offer.edge.map { ", from the \($0.rawValue) edge" } ?? ""
            let what = switch f.offer.kind {
            case .swipe(let way): "swipe \(way.rawValue)"
            case .pinch(let outward): outward ? "pinch out" : "pinch in"
            case .rotate(let clockwise): clockwise ? "rotate clockwise" : "rotate counterclockwise"
            }
            explanation.append("\(Self.decimalTime(u.time)) s: \(what) began, \(plural(f.offer.fingers))\(place): \(b.origin) streams to \(b.command.line) (threshold \(Self.decimal(f.threshold)) mm)")
            return
        }
        guard let end else { return }
        let at = "\(Self.decimal(f.measure)) mm of \(Self.decimal(f.threshold)) mm"
        let fling = Self.decimal(Settle.flingSpeed)
        let why: String = switch end {
        case .settled(.flungToward(let v)): "commit: flung toward it at \(Self.decimal(v)) mm/s (≥ \(fling) mm/s), at \(at)"
        case .settled(.flungBack(let v)): "cancel: flung back at \(Self.decimal(v)) mm/s (≥ \(fling) mm/s), at \(at)"
        case .settled(.reached): "commit: lifted at \(at), the threshold reached"
        case .settled(.short): "cancel: lifted at \(at), short of the threshold, at \(Self.decimal(u.velocity)) mm/s (< \(fling) mm/s: too slow for a flick to complete it)"
        case .cancelledTouch: "cancel: the touch was cancelled, at \(at)"
        case .inputEnded: "cancel: the input ended with fingers down, at \(at)"
        }
        explanation.append("\(Self.decimalTime(u.time)) s: stream of \(b.origin) ends: \(why)")
    }

    /// The followed gesture's report: explained, and fired.
    mutating func reportStream(_ u: StreamLine, _ f: GestureFollower.Followed, _ end: GestureFollower.End?, fire: (Firing) -> Void) {
        explainStream(u, f, end)
        fire(streamFiring(u, f, end))
    }

    /// At the end of each frame: the follower's report of it (a swipe's stream chosen at the
    /// slop, the open stream's begin, update or end), explained and fired.
    mutating func follow(at time: Double, fire: (Firing) -> Void) {
        guard var f = follower else { return }
        var reports: [(StreamLine, GestureFollower.Followed, GestureFollower.End?)] = []
        f.endFrame(at: time, choose: { chooseStream($0) }, liftVelocity: { engine.velocity(ofContact: $0) },
                   report: { reports.append(($0, $1, $2)) })
        follower = f
        for r in reports { reportStream(r.0, r.1, r.2, fire: fire) }
    }

    /// Whether a stream is open (its gesture goes on).
    package var isStreaming: Bool { follower?.followed != nil }

    /// Cancels the open stream, if any, as input that ends with fingers down does
    /// (``finish(fire:seen:)``, or the daemon exiting or reloading).
    package mutating func cancelStream(fire: (Firing) -> Void) {
        guard var f = follower else { return }
        var reports: [(StreamLine, GestureFollower.Followed, GestureFollower.End?)] = []
        f.cancel { reports.append(($0, $1, $2)) }
        follower = f
        for r in reports { reportStream(r.0, r.1, r.2, fire: fire) }
    }
}
