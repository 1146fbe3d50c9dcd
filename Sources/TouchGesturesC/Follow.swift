import TouchGestures
import TouchList
import TouchTrace

/// `struct tg_engine`'s core: the engine, which follows the gestures `tg_engine_follow` asks
/// for itself (``GestureEngine/followRequests``), each reported as `TG_EVENT_FOLLOW` events
/// from when it begins to its commit (TG_PHASE_ENDED) or cancel (TG_PHASE_CANCELLED), as the
/// list reports its row slides from the drag to the settle.
struct EngineCore: TouchDriven {
    static var handleKind: HandleKind { .engine }
    var engine: GestureEngine

    var nextDeadline: Double? { engine.nextDeadline }

    @inline(__always) mutating func handle(time: Double, events: UnsafeBufferPointer<TouchEvent>, into queue: OutputQueue) {
        engine.handle(time: time, events: events, sequence: { _, _ in }) { queue.put(gesture: $0) }
    }

    mutating func advance(to time: Double, into queue: OutputQueue) {
        engine.advance(to: time) { queue.put(gesture: $0) }
    }

    mutating func finish(into queue: OutputQueue) {
        engine.finish { queue.put(gesture: $0) }
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
            guard let kind = [GesturePattern.Kind.swipe, .pinch, .rotate, .sequence].first(where: { typeNumber($0) == gesture }) else {
                throw bad("the gesture must be TG_EVENT_SWIPE, TG_EVENT_PINCH, TG_EVENT_ROTATE or TG_EVENT_SEQUENCE, found \(gesture)")
            }
            var r = FollowRequest(GesturePattern(kind, fingers: fingers == 0 ? nil : Int(fingers)),
                                  threshold: thresholdMillimeters == 0 ? .recognizer : .millimeters(thresholdMillimeters))
            switch kind {
            case .swipe:
                guard way == 0 || SwipeDirection.allCases.contains(where: { directionNumber($0) == way }) else {
                    throw bad("a swipe's way must be an enum tg_direction (TG_DIRECTION_NONE: any), found \(way)")
                }
                r.gesture.direction = SwipeDirection.allCases.first { directionNumber($0) == way }
            case .pinch:
                guard [0, wayNumber(.in), wayNumber(.out)].contains(way) else { throw bad("a pinch's way must be TG_WAY_IN, TG_WAY_OUT or TG_WAY_NONE (either), found \(way)") }
                r.gesture.pinch = way == 0 ? nil : way == wayNumber(.out) ? .out : .in
            case .sequence:
                // Its steps say where it starts: its way is which sequence.
                let declared = e.core.engine.sequences
                guard !declared.isEmpty else { throw bad("the settings declare no sequence to follow") }
                guard way == -1 || declared.indices.contains(Int(way)) else {
                    throw bad("a sequence's way must be its index in the settings' sequences (0 to \(declared.count - 1)), or -1 for any, found \(way)")
                }
                if way >= 0, declared[Int(way)].followedStep == nil {
                    throw bad("sequence \(way) (\(declared[Int(way)].name)) has no move, pinch or rotate step to follow")
                }
                r.gesture.sequence = way == -1 ? nil : Int(way)
                guard edge == -1 else { throw bad("a sequence's edge must be -1: its steps say where it starts, found \(edge)") }
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
            let range = FollowRequest.thresholds
            guard thresholdMillimeters == 0 || range.contains(thresholdMillimeters) else {
                throw bad("the threshold must be 0 (the recognizer's own) or \(formatJSONNumber(range.lowerBound)) to \(formatJSONNumber(range.upperBound)) mm, found \(thresholdMillimeters)")
            }
            guard e.core.engine.followRequests.count < 64 else { throw bad("64 requests are the most an engine follows") }
            e.core.engine.followRequests.append(r)
            number = Int32(e.core.engine.followRequests.count)
        }
        return status == Status.ok.rawValue ? number : status
    }
}
