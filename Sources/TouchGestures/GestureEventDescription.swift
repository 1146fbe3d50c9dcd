// How a gesture reads to people, one line an event: what `print(event)` shows, and what
// `touchtrace replay` and the demo print. In the core module so that any user of it gets the
// readable form, not the memberwise dump.

extension GestureEvent: CustomStringConvertible {
    /// The same as ``humanDescription``: `print(event)` reads as `touchtrace replay` prints.
    public var description: String { humanDescription }

    /// A short line for people: `0.250  swipe right (1 finger) from (100, 200) to (180, 202) …`.
    public var humanDescription: String { formatFixed(time, digits: 3) + "  " + summary }

    /// The same without the time: `swipe right (1 finger) from (100, 200) to (180, 202) in 0.250 s`.
    public var summary: String {
        func p(_ q: Point) -> String { "(\(formatRounded(q.x, digits: 1)), \(formatRounded(q.y, digits: 1)))" }
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
            return "fling (\(fingers(g.fingers))) at \(p(g.position)), \(p(g.velocity))/s, \(formatFixed(g.millimetersPerSecond, digits: 0)) mm/s"
        case .drag(let g):
            return "drag \(g.phase.rawValue) (\(fingers(g.fingers))) at \(p(g.position)) from \(p(g.start))"
        case .follow(let f):
            let g = f.gesture
            let way = switch g.kind {
            case .swipe: g.direction?.rawValue ?? ""
            case .pinch: g.pinch?.rawValue ?? ""
            case .rotate: g.turn?.rawValue ?? ""
            case .sequence: g.sequence.map { "#\($0)" } ?? ""
            case .tap, .longPress: ""
            }
            let edge = g.edge.screenEdge.map { " from the \($0.rawValue) edge" } ?? ""
            let end = f.end.map { " (\($0.rawValue))" } ?? ""
            return "follow \(f.phase.rawValue)\(end): \(g.kind.rawValue) \(way)\(edge) (\(fingers(f.fingers))), "
                + "\(formatRounded(f.measure, digits: 1)) of \(formatRounded(f.threshold, digits: 1)) mm at \(formatRounded(f.velocity, digits: 1)) mm/s, "
                + "request \(f.request)"
        case .sequence(let q):
            return "sequence \(q.name) (\(fingers(q.fingers))) at \(p(q.position)) after \(formatFixed(q.duration, digits: 3)) s"
        case .won(let r, let contact):
            return "arena: \(r.rawValue) wins the sequence of contact \(contact)"
        case .failed(let r, let reason):
            return "\(r.rawValue) failed: \(reason)"
        }
    }
}
