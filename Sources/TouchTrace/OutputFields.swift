import TouchGestures
import TouchList

/// Where an output object's fields go, in the trace format's order: a ``JSONObject`` (what
/// expectations are checked against) or bytes (`replay --json`). Each output kind lists its
/// fields once, in ``GestureEvent/writeFields(to:)`` and ``ListEvent/writeFields(to:)``.
protocol OutputFieldSink {
    mutating func number(_ key: StaticString, _ value: Double)
    mutating func string(_ key: StaticString, _ value: String)
    mutating func bool(_ key: StaticString, _ value: Bool)
    mutating func point(_ key: StaticString, _ value: Point)
    mutating func null(_ key: StaticString)
}

extension OutputFieldSink {
    /// What every continuous gesture's report begins with: `phase`, `x`, `y`, `fingers`.
    mutating func continuous(_ phase: GesturePhase, at p: Point, fingers: Int) {
        string("phase", phase.rawValue)
        number("x", p.x)
        number("y", p.y)
        number("fingers", Double(fingers))
    }
}

extension GestureEvent {
    /// `t`, `type`, then the type's fields.
    func writeFields<Sink: OutputFieldSink>(to w: inout Sink) {
        w.number("t", time)
        w.string("type", kind.type)
        switch kind {
        case .tap(let t):
            w.number("x", t.position.x)
            w.number("y", t.position.y)
            w.number("taps", Double(t.taps))
            w.number("fingers", Double(t.fingers))
        case .swipe(let s):
            w.string("direction", s.direction.rawValue)
            w.number("fingers", Double(s.fingers))
            w.point("start", s.start)
            w.point("end", s.end)
            w.number("duration", s.duration)
            w.point("velocity", s.velocity)
            if let edge = s.edge { w.string("edge", edge.rawValue) } else { w.null("edge") }
        case .longPress(let g):
            w.continuous(g.phase, at: g.position, fingers: g.fingers)
            w.number("duration", g.duration)
        case .pan(let g):
            w.continuous(g.phase, at: g.position, fingers: g.fingers)
            w.point("translation", g.translation)
            if let v = g.velocity { w.point("velocity", v) } else { w.null("velocity") }
        case .pinch(let g):
            w.continuous(g.phase, at: g.focus, fingers: g.fingers)
            w.number("scale", g.scale)
        case .rotate(let g):
            w.continuous(g.phase, at: g.focus, fingers: g.fingers)
            w.number("angle", g.angle)
        case .fling(let g):
            w.number("x", g.position.x)
            w.number("y", g.position.y)
            w.number("fingers", Double(g.fingers))
            w.point("velocity", g.velocity)
            w.number("speed", g.millimetersPerSecond)
        case .won(let recognizer, let contact):
            w.string("recognizer", recognizer.rawValue)
            w.number("contact", Double(contact))
        case .failed(let recognizer, let reason):
            w.string("recognizer", recognizer.rawValue)
            w.string("reason", reason.kind.rawValue)
            if !reason.unit.isEmpty {
                w.number("measured", reason.measured)
                w.number("limit", reason.limit)
                w.string("unit", reason.unit)
            }
            if let rival = reason.rival { w.string("rival", rival.rawValue) }
            w.string("message", reason.description)
        }
    }
}

extension ListEvent {
    /// `t`, `type`, then the type's fields.
    func writeFields<Sink: OutputFieldSink>(to w: inout Sink) {
        w.number("t", time)
        w.string("type", kind.type)
        switch kind {
        case .rowSwipe(let row, let swiped):
            w.number("row", Double(row))
            w.bool("swiped", swiped)
        case .select(let row), .deselect(let row):
            w.number("row", Double(row))
        case .scroll(let offset, let momentum):
            w.number("offset", offset)
            w.bool("momentum", momentum)
        case .check(let row, let checked):
            w.number("row", Double(row))
            w.bool("checked", checked)
        case .snap(let offset, let kind):
            w.number("offset", offset)
            w.string("to", kind.rawValue)
        case .loadMore(let page):
            w.number("page", Double(page))
        case .refresh:
            break
        case .page(let page, let rows):
            w.number("page", Double(page))
            if let rows { w.number("rows", Double(rows)) } else { w.null("rows") }
            w.bool("failed", rows == nil)
        case .rowOffset(let row, let offset):
            w.number("row", Double(row))
            w.number("offset", offset)
        case .fullSwipe(let row, let side):
            w.number("row", Double(row))
            w.string("side", side.rawValue)
        }
    }
}

/// Builds the ``JSONObject`` form.
struct JSONObjectSink: OutputFieldSink {
    var object = JSONObject()
    mutating func number(_ key: StaticString, _ value: Double) { object["\(key)"] = .number(value) }
    mutating func string(_ key: StaticString, _ value: String) { object["\(key)"] = .string(value) }
    mutating func bool(_ key: StaticString, _ value: Bool) { object["\(key)"] = .bool(value) }
    mutating func point(_ key: StaticString, _ value: Point) {
        object["\(key)"] = .object(JSONObject([.init("x", .number(value.x)), .init("y", .number(value.y))]))
    }
    mutating func null(_ key: StaticString) { object["\(key)"] = .null }
}
