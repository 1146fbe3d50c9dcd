import Foundation
import TouchGestures
import TouchList
import TouchTrace

// How output reads to people: one line an event, for `replay`, `diff`, the demo and its log.

extension ListController.Output {
    /// A compact one-line form, for tables and diffs: `1.250 swipe right 2f`.
    package var brief: String {
        let t = formatFixed(time, digits: 3)
        let e: GestureEvent
        switch self {
        case .gesture(let g): e = g
        case .list(let l):
            switch l.kind {
            case .scroll(let offset, let momentum): return "\(t) scroll \(formatFixed(offset, digits: 1))\(momentum ? " momentum" : "")"
            case .rowSwipe(let r, let side): return "\(t) rowSwipe \(r) \(side.map { "on \($0)" } ?? "off")"
            case .select(let r): return "\(t) select \(r)"
            case .deselect, .check, .snap, .loadMore, .refresh, .page, .rowOffset, .fullSwipe, .rowAction, .edit, .rowMoved, .rowDeleted, .rowInserted: return "\(t) \(l.summary)"
            }
        }
        switch e.kind {
        case .tap(let g): return "\(t) tap \(g.taps)× \(g.fingers)f"
        case .swipe(let g): return "\(t) swipe \(g.direction.rawValue) \(g.fingers)f\(g.edge.map { " edge " + $0.rawValue } ?? "")"
        case .longPress(let g): return "\(t) longPress \(g.phase.rawValue) \(g.fingers)f"
        case .pan(let g): return "\(t) pan \(g.phase.rawValue) \(g.fingers)f"
        case .pinch(let g): return "\(t) pinch \(g.phase.rawValue) \(formatFixed(g.scale, digits: 2))"
        case .rotate(let g): return "\(t) rotate \(g.phase.rawValue) \(formatFixed(g.angle * 180 / Double.pi, digits: 1))°"
        case .fling(let g): return "\(t) fling \(g.fingers)f \(formatFixed(g.millimetersPerSecond, digits: 0)) mm/s"
        case .drag(let g): return "\(t) drag \(g.phase.rawValue) \(g.fingers)f"
        case .follow(let g): return "\(t) follow \(g.phase.rawValue) \(formatFixed(g.progress, digits: 2))\(g.end.map { " " + $0.rawValue } ?? "")"
        case .sequence(let q): return "\(t) sequence \(q.name) \(q.fingers)f"
        case .won(let r, _): return "\(t) \(r.rawValue) won"
        case .failed(let r, let why): return "\(t) \(r.rawValue) failed \(why.kind.rawValue)"
        }
    }
}

extension ListController.Output {
    /// What kind of step of a continuous report this is (`pan changes`, `scroll steps`, …), or
    /// `nil` for an output worth a line of its own. A moving pan, pinch, rotation, long press or
    /// drag reports every frame, and so does a scroll: people are shown where such a gesture begins
    /// and ends and where the list comes to rest, and the steps between are counted.
    package var continuousStep: String? {
        switch self {
        case .list(let l):
            switch l.kind {
            case .scroll: return "scroll steps"
            case .rowOffset: return "row slides"
            default: return nil
            }
        case .gesture(let g):
            switch g.kind {
            case .pan(let p) where p.phase == .changed: return "pan changes"
            case .pinch(let p) where p.phase == .changed: return "pinch changes"
            case .rotate(let r) where r.phase == .changed: return "rotation changes"
            case .longPress(let l) where l.phase == .changed: return "long-press moves"
            case .drag(let d) where d.phase == .changed: return "drag changes"
            case .follow(let f) where f.phase == .changed: return "follow steps"
            default: return nil
            }
        }
    }
}

/// Counts runs of continuous steps for a human-readable replay: `fold` takes each output and
/// says whether it was folded; `summary` (when a run ends) is its one line,
/// `  0.083–0.242  ⋯ 20 pan changes, 6 scroll steps` (a run of one step is printed as it is).
package struct StepFolder {
    private var first: Double?
    private var last = 0.0
    /// The first step of the run, printed as it is when it stays alone.
    private var alone: ListController.Output?
    private var counts: [(label: String, count: Int)] = []

    package init() {}

    /// Folds `output` when it is a continuous step; returns false (and folds nothing) otherwise.
    package mutating func fold(_ output: ListController.Output) -> Bool {
        guard let label = output.continuousStep else { return false }
        if first == nil {
            first = output.time
            alone = output
        } else {
            alone = nil
        }
        last = output.time
        if let k = counts.firstIndex(where: { $0.label == label }) { counts[k].count += 1 } else { counts.append((label, 1)) }
        return true
    }

    /// The line for the steps folded since the last call, or `nil` when there were none.
    package mutating func summary() -> String? {
        guard let first else { return nil }
        defer {
            self.first = nil
            alone = nil
            counts.removeAll(keepingCapacity: true)
        }
        if let alone { return "  " + alone.humanDescription }
        let what = counts.map { "\($0.count) \($0.count == 1 ? String($0.label.dropLast()) : $0.label)" }.joined(separator: ", ")
        return "  " + formatFixed(first, digits: 3) + "–" + formatFixed(last, digits: 3) + "  ⋯ " + what
    }
}

/// Rows named as rows, for people: `none`, `row 3`, `rows 1 and 3`, `rows 1, 3 and 6`
/// (touch-demo's end-of-replay line).
package func rowsPhrase(_ rows: [Int]) -> String {
    switch rows.count {
    case 0: return "none"
    case 1: return "row \(rows[0])"
    default: return "rows " + rows.dropLast().map(String.init).joined(separator: ", ") + " and \(rows[rows.count - 1])"
    }
}

/// `text` right-aligned in `width` characters, `padding` before it (a column of numbers, a
/// frame's zero-padded number); text wider than `width` as it is.
package func rightAligned(_ text: String, _ width: Int, padding: Character = " ") -> String {
    text.count >= width ? text : String(repeating: padding, count: width - text.count) + text
}
