import TouchGestures
import TouchList

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
            o["edge"] = s.edge.map { .string($0.rawValue) } ?? .null
        case .longPress(let g):
            o["phase"] = .string(g.phase.rawValue)
            o["x"] = .number(g.position.x)
            o["y"] = .number(g.position.y)
            o["fingers"] = .number(Double(g.fingers))
            o["duration"] = .number(g.duration)
        case .pan(let g):
            o["phase"] = .string(g.phase.rawValue)
            o["x"] = .number(g.position.x)
            o["y"] = .number(g.position.y)
            o["fingers"] = .number(Double(g.fingers))
            o["translation"] = point(g.translation)
            o["velocity"] = g.velocity.map(point) ?? .null
        case .pinch(let g):
            o["phase"] = .string(g.phase.rawValue)
            o["x"] = .number(g.focus.x)
            o["y"] = .number(g.focus.y)
            o["fingers"] = .number(Double(g.fingers))
            o["scale"] = .number(g.scale)
        case .rotate(let g):
            o["phase"] = .string(g.phase.rawValue)
            o["x"] = .number(g.focus.x)
            o["y"] = .number(g.focus.y)
            o["fingers"] = .number(Double(g.fingers))
            o["angle"] = .number(g.angle)
        case .fling(let g):
            o["x"] = .number(g.position.x)
            o["y"] = .number(g.position.y)
            o["fingers"] = .number(Double(g.fingers))
            o["velocity"] = point(g.velocity)
            o["speed"] = .number(g.speed)
        case .won(let recognizer, let contact):
            o["recognizer"] = .string(recognizer.rawValue)
            o["contact"] = .number(Double(contact))
        case .failed(let recognizer, let reason):
            o["recognizer"] = .string(recognizer.rawValue)
            o["reason"] = .string(reason.kind.rawValue)
            if !reason.unit.isEmpty {
                o["measured"] = .number(reason.measured)
                o["limit"] = .number(reason.limit)
                o["unit"] = .string(reason.unit)
            }
            if let rival = reason.rival { o["rival"] = .string(rival.rawValue) }
            o["message"] = .string(reason.description)
        }
        return o
    }

    /// One line of `touchtrace replay --json`.
    public var jsonLine: String { JSONValue.object(jsonObject).serialized() }
}

extension ListEvent {
    /// The event as the trace format's output object: `t`, `type`, then the type's fields.
    public var jsonObject: JSONObject {
        var o = JSONObject()
        o["t"] = .number(time)
        o["type"] = .string(kind.type)
        switch kind {
        case .rowSwipe(let row, let swiped):
            o["row"] = .number(Double(row))
            o["swiped"] = .bool(swiped)
        case .select(let row):
            o["row"] = .number(Double(row))
        case .scroll(let offset, let momentum):
            o["offset"] = .number(offset)
            o["momentum"] = .bool(momentum)
        case .deselect(let row):
            o["row"] = .number(Double(row))
        case .check(let row, let checked):
            o["row"] = .number(Double(row))
            o["checked"] = .bool(checked)
        case .snap(let offset, let kind):
            o["offset"] = .number(offset)
            o["to"] = .string(kind.rawValue)
        case .loadMore(let page):
            o["page"] = .number(Double(page))
        case .refresh:
            break
        case .page(let page, let rows):
            o["page"] = .number(Double(page))
            o["rows"] = rows.map { .number(Double($0)) } ?? .null
            o["failed"] = .bool(rows == nil)
        }
        return o
    }
}

extension ListController.Output {
    /// The output as the trace format's output object.
    public var jsonObject: JSONObject {
        switch self {
        case .gesture(let g): g.jsonObject
        case .list(let l): l.jsonObject
        }
    }

    /// One line of `touchtrace replay --json`.
    public var jsonLine: String { JSONValue.object(jsonObject).serialized() }
}

/// The output types a replay produces and the fields each carries (besides `t` and `type`),
/// as `GestureEvent.jsonObject` and `ListEvent.jsonObject` write them: what validation
/// checks `expect` and `expectNone` against, so that a misspelled type or field is an error
/// rather than an expectation that can never fail.
public enum OutputTypes {
    /// Each type's fields.
    public static let fields: [String: Set<String>] = [
        "tap": ["x", "y", "taps", "fingers"],
        "swipe": ["direction", "fingers", "start", "end", "duration", "velocity", "edge"],
        "longPress": ["phase", "x", "y", "fingers", "duration"],
        "pan": ["phase", "x", "y", "fingers", "translation", "velocity"],
        "pinch": ["phase", "x", "y", "fingers", "scale"],
        "rotate": ["phase", "x", "y", "fingers", "angle"],
        "fling": ["x", "y", "fingers", "velocity", "speed"],
        "won": ["recognizer", "contact"],
        "failed": ["recognizer", "reason", "measured", "limit", "unit", "rival", "message"],
        "rowSwipe": ["row", "swiped"],
        "select": ["row"],
        "deselect": ["row"],
        "check": ["row", "checked"],
        "scroll": ["offset", "momentum"],
        "snap": ["offset", "to"],
        "loadMore": ["page"],
        "refresh": [],
        "page": ["page", "rows", "failed"],
    ]

    /// The type names, sorted, for messages.
    public static let names = fields.keys.sorted()

    /// What is wrong with one expectation, if anything: an unknown type, a field its type does
    /// not have, or a tolerance that is not a non-negative number for a field it has.
    static func problems(of expectation: JSONObject) -> [String] {
        guard let type = expectation["type"]?.stringValue else { return [] }
        guard let known = fields[type] else {
            return ["`\(type)` is not an output type (expected one of \(names.joined(separator: ", ")))"]
        }
        var out: [String] = []
        for m in expectation.members where m.key != "type" && m.key != "t" && m.key != "tolerance" && !known.contains(m.key) {
            out.append("`\(type)` has no field `\(m.key)` (its fields: t, \(known.sorted().joined(separator: ", ")))")
        }
        if let tolerance = expectation["tolerance"] {
            if let o = tolerance.objectValue {
                for m in o.members {
                    if m.key != "t" && !known.contains(m.key) {
                        out.append("`tolerance` names `\(m.key)`, which `\(type)` does not have")
                    } else if !(m.value.numberValue.map { $0 >= 0 && $0.isFinite } ?? false) {
                        out.append("`tolerance.\(m.key)` must be a number ≥ 0, found \(m.value.serialized())")
                    }
                }
            } else {
                out.append("`tolerance` must be an object of field names and numbers, found \(tolerance.serialized())")
            }
        }
        return out
    }
}
