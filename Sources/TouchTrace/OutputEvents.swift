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

    /// A short line for people: `0.250  swipe right (1 finger) from (100, 200) to (180, 202) …`.
    public var humanDescription: String { formatFixed(time, digits: 3) + "  " + summary }

    /// The same without the time: `swipe right (1 finger) from (100, 200) to (180, 202) in 0.250 s`.
    public var summary: String {
        func p(_ q: Point) -> String { "(\(oneDecimal(q.x)), \(oneDecimal(q.y)))" }
        func fingers(_ n: Int) -> String { n == 1 ? "1 finger" : "\(n) fingers" }
        switch kind {
        case .tap(let tap):
            let what = tap.taps == 1 ? "tap" : tap.taps == 2 ? "double tap" : "\(tap.taps)-tap"
            return "\(what) (\(fingers(tap.fingers))) at \(p(tap.position))"
        case .swipe(let s):
            let edge = s.edge.map { " from the \($0.rawValue) edge" } ?? ""
            return "swipe \(s.direction.rawValue)\(edge) (\(fingers(s.fingers))) from \(p(s.start)) to \(p(s.end)) in \(formatFixed(s.duration, digits: 3)) s"
        case .longPress(let g):
            return "long press \(g.phase.rawValue) (\(fingers(g.fingers))) at \(p(g.position)) after \(formatFixed(g.duration, digits: 3)) s"
        case .pan(let g):
            return "pan \(g.phase.rawValue) (\(fingers(g.fingers))) by \(p(g.translation))" + (g.velocity.map { " at \(p($0))/s" } ?? "")
        case .pinch(let g):
            return "pinch \(g.phase.rawValue) (\(fingers(g.fingers))) scale \(formatFixed(g.scale, digits: 3)) at \(p(g.focus))"
        case .rotate(let g):
            return "rotate \(g.phase.rawValue) (\(fingers(g.fingers))) \(formatFixed(g.angle * 180 / Double.pi, digits: 1))° at \(p(g.focus))"
        case .fling(let g):
            return "fling (\(fingers(g.fingers))) at \(p(g.position)), \(p(g.velocity))/s, \(formatFixed(g.speed, digits: 0)) mm/s"
        case .won(let r, let contact):
            return "arena: \(r.rawValue) wins the sequence of contact \(contact)"
        case .failed(let r, let reason):
            return "\(r.rawValue) failed: \(reason)"
        }
    }
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

    /// The same without the time: `row 3 swiped`, `scrolled to 120 (momentum)`.
    public var summary: String {
        let r = oneDecimal
        switch kind {
        case .rowSwipe(let row, let swiped):
            return "row \(row) \(swiped ? "swiped" : "restored")"
        case .select(let row):
            return "row \(row) selected"
        case .scroll(let offset, let momentum):
            return "scrolled to \(r(offset))\(momentum ? " (momentum)" : "")"
        case .deselect(let row):
            return "row \(row) deselected"
        case .check(let row, let checked):
            return "row \(row) \(checked ? "checked" : "unchecked")"
        case .snap(let offset, let kind):
            return "snapped to \(r(offset)) (\(kind.rawValue))"
        case .loadMore(let page):
            return "load more: page \(page) asked for"
        case .refresh:
            return "refresh: page 1 asked for again"
        case .page(let page, let rows):
            return rows.map { "page \(page) arrived with \($0) rows" } ?? "page \(page) failed"
        }
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

    /// A short line for people: the time, then ``summary``.
    public var humanDescription: String { formatFixed(time, digits: 3) + "  " + summary }

    /// What happened, without the time.
    public var summary: String {
        switch self {
        case .gesture(let g): g.summary
        case .list(let l): l.summary
        }
    }
}

/// `v` rounded to one decimal, as the summaries print lengths (no "-0").
func oneDecimal(_ v: Double) -> String { formatJSONNumber((v * 10).rounded() / 10 + 0) }
