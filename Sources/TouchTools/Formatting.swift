import Foundation
import TouchGestures
import TouchList
import TouchTrace

// How output reads to people: one line an event, for `replay`, `diff`, the demo and its log.

extension GestureEvent {
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

extension ListController.Output {
    /// A compact one-line form, for tables and diffs: `1.250 swipe right 2f`.
    public var brief: String {
        let t = String(format: "%.3f", time)
        let e: GestureEvent
        switch self {
        case .gesture(let g): e = g
        case .list(let l):
            switch l.kind {
            case .scroll(let offset, let momentum): return "\(t) scroll \(String(format: "%.1f", offset))\(momentum ? " momentum" : "")"
            case .rowSwipe(let r, let on): return "\(t) rowSwipe \(r) \(on ? "on" : "off")"
            case .select(let r): return "\(t) select \(r)"
            case .deselect, .check, .snap, .loadMore, .refresh, .page: return "\(t) \(l.summary)"
            }
        }
        switch e.kind {
        case .tap(let g): return "\(t) tap \(g.taps)× \(g.fingers)f"
        case .swipe(let g): return "\(t) swipe \(g.direction.rawValue) \(g.fingers)f\(g.edge.map { " edge " + $0.rawValue } ?? "")"
        case .longPress(let g): return "\(t) longPress \(g.phase.rawValue) \(g.fingers)f"
        case .pan(let g): return "\(t) pan \(g.phase.rawValue) \(g.fingers)f"
        case .pinch(let g): return "\(t) pinch \(g.phase.rawValue) \(String(format: "%.2f", g.scale))"
        case .rotate(let g): return "\(t) rotate \(g.phase.rawValue) \(String(format: "%.1f", g.angle * 180 / Double.pi))°"
        case .fling(let g): return "\(t) fling \(g.fingers)f \(String(format: "%.0f", g.speed)) mm/s"
        case .won(let r, _): return "\(t) \(r.rawValue) won"
        case .failed(let r, let why): return "\(t) \(r.rawValue) failed \(why.kind.rawValue)"
        }
    }
}
