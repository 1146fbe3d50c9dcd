import TouchGestures
import TouchList
import TouchTrace

/// `tg_engine_follow`'s requests: gestures followed while they happen (``GestureFollower``), each
/// reported as `TG_EVENT_FOLLOW` events from when it begins to its commit (TG_PHASE_ENDED) or
/// cancel (TG_PHASE_CANCELLED), as the list reports its row slides from the drag to the settle.
struct FollowRequest {
    /// The gesture it follows: a swipe, a pinch or a rotation; a field left nil (or any) takes
    /// every value.
    var gesture: GesturePattern
    /// mm; 0: the recognizer's own.
    var threshold: Double

    /// Whether it takes `o` as it begins.
    func takes(_ o: GestureFollower.Offer) -> Bool { gesture.mismatch(o.gesture) == nil }
}

/// A followed gesture's report as a C event holds it (no counted reference: queued as bytes).
struct FollowReport {
    var update: GestureFollower.Update
    /// The request's number (1 for the first tg_engine_follow).
    var request: Int32
    var kind: GestureFollower.Kind
    var edge: ScreenEdge?
}

/// `struct tg_engine`'s core: the engine, and the gestures it follows when asked
/// (``FollowRequest``); with none asked, the engine alone, as before.
struct EngineCore: TouchDriven {
    static var handleKind: HandleKind { .engine }
    var engine: GestureEngine
    var requests: [FollowRequest] = []
    var follower: GestureFollower?
    let settings: GestureSettings
    let swipeMinDistance, pinchMinSpanChange, rotateMinArc: Double

    init(engine: GestureEngine, settings: GestureSettings) {
        self.engine = engine
        self.settings = settings
        swipeMinDistance = settings.swipe.minDistance
        pinchMinSpanChange = settings.pinch.minSpanChange
        rotateMinArc = settings.rotate.minArc
    }

    var nextDeadline: Double? { engine.nextDeadline }

    /// The first of `requests` that takes `o`, with its threshold (its own, else `own`'s: the
    /// recognizers' swipe, pinch and rotation thresholds).
    static func choose(_ o: GestureFollower.Offer, _ requests: [FollowRequest], own: (Double, Double, Double)) -> (tag: Int, threshold: Double)? {
        guard let k = requests.firstIndex(where: { $0.takes(o) }) else { return nil }
        if requests[k].threshold > 0 { return (k, requests[k].threshold) }
        switch o.kind {
        case .swipe: return (k, own.0)
        case .pinch: return (k, own.1)
        case .rotate: return (k, own.2)
        }
    }

    /// Whether a gesture is followed (a request was made): the one test an engine without
    /// requests pays a frame (the follower, copied out to be fed, cost one with none 5% of the C
    /// API's rate, touch-bench capi).
    var following = false

    @inline(__always) mutating func handle(time: Double, events: UnsafeBufferPointer<TouchEvent>, into queue: OutputQueue) {
        if !following {
            engine.handle(time: time, events: events, sequence: { _, _ in }) { queue.put(gesture: $0) }
            return
        }
        followFrame(time: time, events: events, into: queue)
    }

    /// A frame of an engine that follows gestures.
    @inline(never) mutating func followFrame(time: Double, events: UnsafeBufferPointer<TouchEvent>, into queue: OutputQueue) {
        guard var f = follower else { return }
        let requests = self.requests, own = (swipeMinDistance, pinchMinSpanChange, rotateMinArc)
        f.contacts(of: TouchFrame(time: time, events: Array(events)))
        engine.handle(time: time, events: events, sequence: { _, _ in }) { g in
            queue.put(gesture: g)
            f.engineReported(g) { Self.choose($0, requests, own: own) }
        }
        f.endFrame(at: time, choose: { Self.choose($0, requests, own: own) }, liftVelocity: { engine.velocity(ofContact: $0) },
                   report: { u, followed, _ in
            queue.put(follow: FollowReport(update: u, request: Int32(followed.tag + 1), kind: followed.offer.kind, edge: followed.offer.edge))
        })
        follower = f
    }

    mutating func advance(to time: Double, into queue: OutputQueue) {
        guard following, var f = follower else {
            engine.advance(to: time) { queue.put(.gesture($0)) }
            return
        }
        // A long press that matures with no touch stops the sequence's following, as in a frame.
        let requests = self.requests, own = (swipeMinDistance, pinchMinSpanChange, rotateMinArc)
        engine.advance(to: time) { g in
            queue.put(.gesture(g))
            f.engineReported(g) { Self.choose($0, requests, own: own) }
        }
        follower = f
    }

    mutating func finish(into queue: OutputQueue) {
        engine.finish { queue.put(.gesture($0)) }
        guard following else { return }
        follower?.cancel { u, followed, _ in
            queue.put(follow: FollowReport(update: u, request: Int32(followed.tag + 1), kind: followed.offer.kind, edge: followed.offer.edge))
        }
    }
}

extension FollowReport {
    /// The C phase: began, changed, then ended for a commit or cancelled for a cancel.
    var phase: GesturePhase {
        switch update.event {
        case .begin: .began
        case .update: .changed
        case .commit: .ended
        case .cancel: .cancelled
        }
    }

    /// Its JSON line's fields: `t`, `type` ("follow"), `phase`, `request`, `gesture`, its way,
    /// `edge`, `progress`, `value`, `velocity`, `fingers`.
    func writeFields(to w: inout JSONBytes) {
        w.number("t", update.time)
        w.string("type", "follow")
        w.string("phase", update.event.rawValue)
        w.number("request", Double(request))
        switch kind {
        case .swipe(let way):
            w.string("gesture", "swipe")
            w.string("direction", way.rawValue)
        case .pinch(let outward):
            w.string("gesture", "pinch")
            w.string("direction", outward ? "out" : "in")
        case .rotate(let clockwise):
            w.string("gesture", "rotate")
            w.string("direction", clockwise ? "clockwise" : "counterclockwise")
        }
        if let edge { w.string("edge", edge.rawValue) } else { w.null("edge") }
        w.number("progress", update.progress)
        w.number("value", update.value)
        w.number("velocity", update.velocity)
        w.number("fingers", Double(update.fingers))
    }
}

/// `tg_engine_follow()` of touchgestures.h, where it is documented.
@_cdecl("tg_engine_follow")
public func tg_engine_follow(_ engine: OpaquePointer?, _ gesture: Int32, _ way: Int32, _ edge: Int32, _ fingers: Int32,
                             _ thresholdMillimeters: Double) -> Int32 {
    with(engine, "tg_engine_follow", "engine") { (e: CEngine) in
        var number: Int32 = 0
        let status = attempt { () throws(Refusal) in
            func bad(_ what: String) -> Refusal { Refusal(.invalidArgument, "tg_engine_follow: \(what)") }
            guard let kind = [GesturePattern.Kind.swipe, .pinch, .rotate].first(where: { typeNumber($0) == gesture }) else {
                throw bad("the gesture must be TG_EVENT_SWIPE, TG_EVENT_PINCH or TG_EVENT_ROTATE, found \(gesture)")
            }
            var r = FollowRequest(gesture: GesturePattern(kind, fingers: fingers == 0 ? nil : Int(fingers)), threshold: thresholdMillimeters)
            switch kind {
            case .swipe:
                guard way == 0 || SwipeDirection.allCases.contains(where: { directionNumber($0) == way }) else {
                    throw bad("a swipe's way must be an enum tg_direction (TG_DIRECTION_NONE: any), found \(way)")
                }
                r.gesture.direction = SwipeDirection.allCases.first { directionNumber($0) == way }
            case .pinch:
                guard [0, wayNumber(.in), wayNumber(.out)].contains(way) else { throw bad("a pinch's way must be TG_WAY_IN, TG_WAY_OUT or TG_WAY_NONE (either), found \(way)") }
                r.gesture.pinch = way == 0 ? nil : way == wayNumber(.out) ? .out : .in
            default:
                guard [0, wayNumber(.clockwise), wayNumber(.counterclockwise)].contains(way) else {
                    throw bad("a rotation's way must be TG_WAY_CLOCKWISE, TG_WAY_COUNTERCLOCKWISE or TG_WAY_NONE (either), found \(way)")
                }
                r.gesture.turn = way == 0 ? nil : way == wayNumber(.clockwise) ? .clockwise : .counterclockwise
            }
            switch edge {
            case -1: r.gesture.edge = .any
            case 0: r.gesture.edge = .none
            default:
                guard let e = ScreenEdge.allCases.first(where: { edgeNumber($0) == edge }) else {
                    throw bad("the edge must be an enum tg_edge, or -1 for anywhere, found \(edge)")
                }
                r.gesture.edge = .edge(e)
            }
            guard (0...10).contains(fingers) else { throw bad("fingers must be 0 (any) to 10, found \(fingers)") }
            let range = GestureFollower.thresholds
            guard thresholdMillimeters == 0 || range.contains(thresholdMillimeters) else {
                throw bad("the threshold must be 0 (the recognizer's own) or \(formatJSONNumber(range.lowerBound)) to \(formatJSONNumber(range.upperBound)) mm, found \(thresholdMillimeters)")
            }
            guard e.core.requests.count < 64 else { throw bad("64 requests are the most an engine follows") }
            e.core.requests.append(r)
            if e.core.follower == nil { e.core.follower = GestureFollower(settings: e.core.settings, surface: e.core.engine.surface) }
            e.core.following = true
            number = Int32(e.core.requests.count)
        }
        return status == Status.ok.rawValue ? number : status
    }
}
