import TouchGestures

/// Where an output object's fields go, in the trace format's order: a ``JSONObject`` (what
/// expectations are checked against) or bytes (`replay --json`). Each output kind lists its
/// fields once, in `GestureEvent.writeFields(to:)` here and `ListEvent.writeFields(to:)` in TouchReplay.
package protocol OutputFieldSink {
    mutating func number(_ key: StaticString, _ value: Double)
    mutating func string(_ key: StaticString, _ value: String)
    mutating func bool(_ key: StaticString, _ value: Bool)
    mutating func point(_ key: StaticString, _ value: Point)
    mutating func null(_ key: StaticString)
}

extension OutputFieldSink {
    /// What every continuous gesture's report begins with: `phase`, `x`, `y`, `fingers`.
    package mutating func continuous(_ phase: GesturePhase, at p: Point, fingers: Int) {
        string("phase", phase.rawValue)
        number("x", p.x)
        number("y", p.y)
        number("fingers", Double(fingers))
    }
}

extension GestureEvent {
    /// `t`, `type`, then the type's fields.
    package func writeFields<Sink: OutputFieldSink>(to w: inout Sink) {
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
        case .drag(let g):
            w.continuous(g.phase, at: g.position, fingers: g.fingers)
            w.point("start", g.start)
        case .follow(let f):
            // The C library's JSON line since it first followed gestures: the phase in a
            // streaming binding's words, the request numbered as tg_engine_follow returns it.
            w.string("phase", f.streamWord)
            w.number("request", Double(f.request + 1))
            w.string("gesture", f.gesture.kind.rawValue)
            switch f.gesture.kind {
            case .swipe: w.string("direction", f.gesture.direction?.rawValue ?? "")
            case .pinch: w.string("direction", f.gesture.pinch?.rawValue ?? "")
            case .rotate: w.string("direction", f.gesture.turn?.rawValue ?? "")
            case .sequence: if let k = f.gesture.sequence { w.number("index", Double(k)) }
            case .tap, .longPress: break
            }
            if let edge = f.gesture.edge.screenEdge { w.string("edge", edge.rawValue) } else { w.null("edge") }
            w.number("progress", f.progress)
            w.number("value", f.value)
            w.number("velocity", f.velocity)
            w.number("fingers", Double(f.fingers))
        case .sequence(let q):
            w.string("name", q.name)
            w.number("index", Double(q.index))
            w.number("x", q.position.x)
            w.number("y", q.position.y)
            w.number("fingers", Double(q.fingers))
            w.number("duration", q.duration)
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
            if let at = reason.sequenceStep {
                w.number("sequence", Double(at.sequence))
                w.number("step", Double(at.step + 1))
            }
            w.string("message", reason.description)
        }
    }
}

/// Builds the ``JSONObject`` form.
package struct JSONObjectSink: OutputFieldSink {
    package var object = JSONObject()
    package init() {}
    package mutating func number(_ key: StaticString, _ value: Double) { object["\(key)"] = .number(value) }
    package mutating func string(_ key: StaticString, _ value: String) { object["\(key)"] = .string(value) }
    package mutating func bool(_ key: StaticString, _ value: Bool) { object["\(key)"] = .bool(value) }
    package mutating func point(_ key: StaticString, _ value: Point) {
        object["\(key)"] = .object(JSONObject([.init("x", .number(value.x)), .init("y", .number(value.y))]))
    }
    package mutating func null(_ key: StaticString) { object["\(key)"] = .null }
}

extension GestureEvent.Follow {
    /// The phase as a streaming binding's command reads it: `begin`, `update`, then `commit`
    /// (ended) or `cancel` (cancelled).
    package var streamWord: String {
        switch phase {
        case .began: "begin"
        case .changed: "update"
        case .ended: "commit"
        case .cancelled: "cancel"
        }
    }
}
