import TouchGestures

extension GestureEvent {
    /// The event as the trace format's output object: `t`, `type`, then the type's fields.
    public var jsonObject: JSONObject {
        var o = JSONObject()
        o["t"] = .number(time)
        o["type"] = .string(kind.type)
        func point(_ p: Point) -> JSONValue { .object(JSONObject([.init("x", .number(p.x)), .init("y", .number(p.y))])) }
        switch kind {
        case .tap(let t):
            o["x"] = .number(t.position.x)
            o["y"] = .number(t.position.y)
            o["taps"] = .number(Double(t.taps))
            o["fingers"] = .number(Double(t.fingers))
        case .swipe(let s):
            o["direction"] = .string(s.direction.rawValue)
            o["fingers"] = .number(Double(s.fingers))
            o["start"] = point(s.start)
            o["end"] = point(s.end)
            o["duration"] = .number(s.duration)
            o["velocity"] = point(s.velocity)
        case .rowSwipe(let row, let swiped):
            o["row"] = .number(Double(row))
            o["swiped"] = .bool(swiped)
        case .select(let row):
            o["row"] = .number(Double(row))
        case .failed(let recognizer, let reason):
            o["recognizer"] = .string(recognizer.rawValue)
            o["reason"] = .string(reason.kind.rawValue)
            if !reason.unit.isEmpty {
                o["measured"] = .number(reason.measured)
                o["limit"] = .number(reason.limit)
                o["unit"] = .string(reason.unit)
            }
            o["message"] = .string(reason.description)
        }
        return o
    }

    /// One line of `touchtrace replay --json`.
    public var jsonLine: String { JSONValue.object(jsonObject).serialized() }

    /// A short line for people: `0.250  swipe right (1 finger) from (100, 200) to (180, 202) …`.
    public var humanDescription: String { formatFixed(time, digits: 3) + "  " + summary }

    /// The same without the time: `swipe right (1 finger) from (100, 200) to (180, 202) in 0.250 s`.
    public var summary: String {
        func p(_ q: Point) -> String { "(\(formatJSONNumber((q.x * 10).rounded() / 10)), \(formatJSONNumber((q.y * 10).rounded() / 10)))" }
        func fingers(_ n: Int) -> String { n == 1 ? "1 finger" : "\(n) fingers" }
        switch kind {
        case .tap(let tap):
            let what = tap.taps == 1 ? "tap" : tap.taps == 2 ? "double tap" : "\(tap.taps)-tap"
            return "\(what) (\(fingers(tap.fingers))) at \(p(tap.position))"
        case .swipe(let s):
            return "swipe \(s.direction.rawValue) (\(fingers(s.fingers))) from \(p(s.start)) to \(p(s.end)) in \(formatFixed(s.duration, digits: 3)) s"
        case .rowSwipe(let row, let swiped):
            return "row \(row) \(swiped ? "swiped" : "restored")"
        case .select(let row):
            return "row \(row) selected"
        case .failed(let r, let reason):
            return "\(r.rawValue) failed: \(reason)"
        }
    }
}
