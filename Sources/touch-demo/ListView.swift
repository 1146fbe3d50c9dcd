import TouchGestures
import TouchTrace

/// Draws the list model in the terminal: one line a row, the swipe state visible, the selected
/// row in reverse video, and a status line with the last gestures.
struct ListView {
    var title: String
    var recent: [String] = []

    static let minimumColumns = 40
    static let minimumRows = 8

    mutating func note(_ event: GestureEvent) {
        // A moving pan, pinch, rotation or long press reports every frame, and so does a
        // scroll: the status line shows where such a gesture begins and ends, not each step.
        switch event.kind {
        case .scroll: return
        case .pan(let g) where g.phase == .changed: return
        case .pinch(let g) where g.phase == .changed: return
        case .rotate(let g) where g.phase == .changed: return
        case .longPress(let g) where g.phase == .changed: return
        default: break
        }
        recent.append(event.summary)
        if recent.count > 3 { recent.removeFirst(recent.count - 3) }
    }

    /// The whole screen as text, for a terminal of `columns` × `rows`.
    func render(_ list: ListModel, columns: Int, rows: Int) -> String {
        guard columns >= Self.minimumColumns, rows >= Self.minimumRows else {
            return "\u{1B}[H\u{1B}[2J" + "terminal too small: touch-demo needs at least \(Self.minimumColumns) × \(Self.minimumRows), this one is \(columns) × \(rows); enlarge it (q quits)"
        }
        var out = "\u{1B}[H\u{1B}[2J"
        out += pad(" \(title)", columns) + "\r\n"
        // The rows from the first one the scroll offset leaves (partly) in view.
        let first = list.layout.rowHeight > 0
            ? min(max(0, Int((list.contentOffset / list.layout.rowHeight).rounded(.down))), max(0, list.layout.rows - 1)) : 0
        let shown = min(list.layout.rows - first, rows - 4)
        for r in first..<(first + max(0, shown)) {
            let swiped = list.swiped[r]
            let label = " row \(r)"
            let state = swiped ? "◀ [ Archive ] [ Delete ] " : ""
            var line = pad(label, columns - state.count - 1) + state
            line = pad(line, columns)
            if list.selectedRow == r { line = "\u{1B}[7m" + line + "\u{1B}[0m" }
            out += line + "\r\n"
        }
        if list.layout.rows > first + shown { out += pad(" … \(list.layout.rows - first - shown) more rows", columns) + "\r\n" }
        out += "\u{1B}[\(rows - 1);1H" + pad(" " + (recent.isEmpty ? "swipe a row, tap to select" : recent.joined(separator: "  ·  ")), columns)
        out += "\u{1B}[\(rows);1H" + pad(" q: quit", columns)
        return out
    }

    private func pad(_ s: String, _ n: Int) -> String {
        let count = s.count
        if count >= n { return String(s.prefix(max(0, n))) }
        return s + String(repeating: " ", count: n - count)
    }
}
