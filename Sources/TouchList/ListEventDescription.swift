import TouchGestures

// How list events and the controller's outputs read to people; see GestureEventDescription.swift.

extension ListEvent: CustomStringConvertible {
    /// A short line for people: the time, then ``summary``; what `print(event)` shows.
    public var description: String { formatFixed(time, digits: 3) + "  " + summary }

    /// The same without the time: `row 3 swiped`, `scrolled to 120 (momentum)`.
    public var summary: String {
        func r(_ v: Double) -> String { formatRounded(v, digits: 1) }
        switch kind {
        case .rowSwipe(let row, let side):
            return "row \(row) \(side != nil ? "swiped" : "restored")"
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
        case .rowOffset(let row, let offset):
            return "row \(row) slid to \(r(offset))"
        case .fullSwipe(let row, let side):
            return "row \(row) full swipe (\(side.rawValue) action)"
        case .rowAction(let row, let side, let index):
            return "row \(row) runs its \(side.rawValue) action \(index)"
        case .edit(let deleted, let inserted, let moved):
            return "rows edited: \(deleted) deleted, \(inserted) inserted, \(moved) moved"
        case .rowDeleted(let row):
            return "row \(row) deleted"
        case .rowInserted(let row):
            return "row \(row) inserted"
        case .rowMoved(let from, let to):
            return "row \(from) moved to \(to)"
        }
    }
}

extension ListController.Output: CustomStringConvertible {
    /// The same as ``humanDescription``: `print(output)` reads as `touchtrace replay` prints.
    public var description: String { humanDescription }

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

