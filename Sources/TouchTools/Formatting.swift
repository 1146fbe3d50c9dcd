import Foundation
import TouchGestures
import TouchList
import TouchTrace

// How output reads to people: one line an event, for `replay`, `diff`, the demo and its log.

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
