import TouchGestures
import TouchList
import TouchTrace

/// Draws the list model in the terminal: the cells the model lays out (headers, rows of their
/// own heights, the load-more or loading row), each row's swipe state (a sliding row's content
/// shifted by its offset in columns over the actions it uncovers), selection in reverse
/// video, checkmarks, the pull-to-refresh indicator, and a status line with the last gestures.
/// (touch-demo's terminal view; in TouchTools so that its tests import no executable.)
package struct ListView {
    package var title: String
    package var recent: [String] = []

    /// A view titled `title`, with no gestures noted yet.
    package init(title: String) { self.title = title }

    package static let minimumColumns = 40
    package static let minimumRows = 8

    /// Whether `event` is worth a line: not a step of a continuous report (a moving pan,
    /// pinch, rotation or long press, a scroll), which `continuousStep` names.
    package static func isNoteworthy(_ output: ListController.Output) -> Bool { output.continuousStep == nil }

    package mutating func note(_ event: ListController.Output) {
        guard Self.isNoteworthy(event) else { return }
        recent.append(event.summary)
        if recent.count > 3 { recent.removeFirst(recent.count - 3) }
    }

    /// The whole screen as text, for a terminal of `columns` × `rows`. Lays the list's cells
    /// out (which measures rows whose heights are estimates), so it takes the list `inout`.
    package func render(_ list: inout ListModel, columns: Int, rows: Int) -> String {
        guard columns >= Self.minimumColumns, rows >= Self.minimumRows else {
            return "\u{1B}[H\u{1B}[2J" + "terminal too small: touch-demo needs at least \(Self.minimumColumns) × \(Self.minimumRows), this one is \(columns) × \(rows); enlarge it (q quits)"
        }
        var out = "\u{1B}[H\u{1B}[2J"
        out += Self.pad(" \(title)", columns) + "\r\n"
        // The viewport maps onto the lines between the title and the status lines.
        let lines = rows - 3
        let layout = list.layout
        let unitsPerLine = layout.height / Double(lines)
        var screen = [String](repeating: "", count: lines)
        switch list.refreshState {
        case .idle: break
        case .pulling(let p): screen[0] = " ↓ pull to refresh (\(Int(p * 100))%)"
        case .armed: screen[0] = " ↑ release to refresh"
        case .refreshing: screen[0] = " ⟳ refreshing…"
        }
        let cells = list.layoutCells()
        // Pinned headers are drawn last, over the rows they cover.
        for cell in cells.sorted(by: { !$0.pinned && $1.pinned }) {
            let first = Int(((cell.y - layout.top) / unitsPerLine).rounded(.down))
            let last = Int(((cell.y - layout.top + cell.height) / unitsPerLine).rounded(.up)) - 1
            for line in max(0, first)...max(0, min(lines - 1, last)) where line <= last && line < lines {
                screen[line] = text(of: cell, list: list, firstLine: line == max(0, first), columns: columns)
            }
        }
        for line in screen { out += Self.pad(line, columns) + "\r\n" }
        let status = recent.isEmpty ? "drag to scroll, swipe a row, tap to select, pull down to refresh" : recent.joined(separator: "  ·  ")
        out += "\u{1B}[\(rows - 1);1H" + Self.pad(" " + status, columns)
        out += "\u{1B}[\(rows);1H" + Self.pad(" \(list.rowCount) rows · \(paging(list.pagingState)) · q: quit", columns)
        return out
    }

    private func text(of cell: VisibleCell, list: ListModel, firstLine: Bool, columns: Int) -> String {
        switch cell.item {
        case .header(let s):
            return "\u{1B}[1m" + Self.pad(firstLine ? " ▌ Section \(s)" : " ▌", columns) + "\u{1B}[0m"
        case .loadMore:
            return firstLine ? "        [ Load more ]" : ""
        case .loading:
            return firstLine ? "        Loading…" : ""
        case .row(let r):
            guard firstLine else { return list.selectedRows.contains(r) ? "\u{1B}[7m" + Self.pad("", columns) + "\u{1B}[0m" : "" }
            let check = list.checkedRows.contains(r) ? " ✓" : ""
            var line: String
            if list.options.slidesRows {
                // The content moved by the row's offset, in columns; the actions fill the
                // columns it uncovered (leading on the left, trailing on the right).
                let shift = Int((list.offset(ofRow: r) / max(list.layout.width, 1) * Double(columns)).rounded())
                let content = Self.pad(" row \(r)\(check)  a message of the feed", columns)
                if shift > 0 {
                    line = Self.fit("[Archive]", shift) + String(content.prefix(columns - shift))
                } else if shift < 0 {
                    line = String(content.dropFirst(-shift)) + Self.fit("[Flag][Delete]", -shift)
                } else {
                    line = content
                }
            } else {
                // A swiped row names the actions its swipe uncovered: the leading one after a
                // right swipe, the trailing ones after a left swipe (as the graphics view draws).
                let state = switch list.rowSwipes.side(ofRow: r) {
                case nil: ""
                case .leading?: "▶ [ Archive ] "
                case .trailing?: "◀ [ Flag ] [ Delete ] "
                }
                line = Self.pad(" row \(r)\(check)", columns - state.count - 1) + state
            }
            line = Self.pad(line, columns)
            return list.selectedRows.contains(r) ? "\u{1B}[7m" + line + "\u{1B}[0m" : line
        }
    }

    /// `label` in exactly `n` columns: centered in them, or its end when they are fewer.
    package static func fit(_ label: String, _ n: Int) -> String {
        guard n > 0 else { return "" }
        if label.count >= n { return String(label.suffix(n)) }
        let left = (n - label.count) / 2
        return String(repeating: " ", count: left) + label + String(repeating: " ", count: n - label.count - left)
    }

    private func paging(_ s: PagingState) -> String {
        switch s {
        case .idle(let more): more ? "more to load" : "all loaded"
        case .loading(let p): "loading page \(p)"
        case .finished: "end of the feed"
        case .failed: "a page failed: pull to refresh"
        }
    }

    /// `s` made exactly `n` columns wide: cut or filled with spaces. Escape sequences
    /// (`ESC[…m`, reverse video and bold) take no column: they are kept whole, never cut, and a
    /// line that holds one ends with the reset, so that a selected row's reverse video cannot
    /// run on into the rest of the screen.
    package static func pad(_ s: String, _ n: Int) -> String {
        var out = ""
        var columns = 0
        var styled = false
        var inEscape = false
        for ch in s {
            if inEscape {
                out.append(ch)
                if ch.isLetter { inEscape = false }
                continue
            }
            if ch == "\u{1B}" {
                inEscape = true
                styled = true
                out.append(ch)
                continue
            }
            if columns < n {
                out.append(ch)
                columns += 1
            }
        }
        if columns < n { out += String(repeating: " ", count: n - columns) }
        return styled && !out.hasSuffix("\u{1B}[0m") ? out + "\u{1B}[0m" : out
    }
}
