import TouchGestures

extension ListModel {
    /// A tap: selects its row as ``ListOptions/selection`` says, or asks for the next page on
    /// the load-more row. Under the `oneOpen` policy a tap while a row is open closes it
    /// instead; a touch spent on stopping the scroll selects nothing.
    mutating func tap(_ t: GestureEvent.Tap, at time: Double, surface: Surface, emit: (ListEvent) -> Void) {
        // What the finger touched decides, even when an edit has moved the rows since.
        let (touched, uncovered) = tapTarget(at: t.position)
        guard !sequence.stoppedMotion else { return }
        // A tap on an uncovered action runs it; a tap anywhere while a row is open then closes
        // it, and does nothing else (as UIKit's swipe actions).
        if let (row, side, index) = uncovered {
            emit(ListEvent(time: time, kind: .rowAction(row: row, side: side, index: index)))
        }
        if closeOpenRow(at: time, emit: emit) { return }
        if options.swipePolicy == .oneOpen, let open = rowSwipes.openRow {
            setSwiped(open, nil, at: time, emit: emit)
            return
        }
        switch touched {
        case .row(let row): select(row, at: time, emit: emit)
        case .loadMore:
            if case .idle(true) = pagingState { requestNextPage(at: time, surface: surface, emit: emit) }
        default: return
        }
    }

    /// The uncovered action under `point` (surface coordinates), of the row open or opening
    /// there: its row, side and index (0 at the row's edge).
    func action(at point: Point) -> (row: Int, side: RowSide, index: Int)? {
        let open: (row: Int, offset: Double)
        switch rowSwipes.active {
        case .open(let row, let offset): open = (row, offset)
        case .settling(let s) where s.to != 0: open = (s.row, s.offset)
        default: return nil
        }
        guard row(at: point) == open.row else { return nil }
        if open.offset > 0 {
            return options.leadingActions.index(atDistance: point.x - layout.left, shown: open.offset).map { (open.row, .leading, $0) }
        }
        return options.trailingActions.index(atDistance: layout.left + layout.width - point.x, shown: -open.offset).map { (open.row, .trailing, $0) }
    }

    private mutating func select(_ row: Int, at time: Double, emit: (ListEvent) -> Void) {
        switch options.selection {
        case .none:
            return
        case .single:
            if let old = selectedRow, old != row { deselect(old, at: time, emit: emit) }
            // Emptied in place: a new one-element set would allocate on every tap.
            selectedRows.removeAll(keepingCapacity: true)
            selectedRows.insert(row)
            selectedRow = row
            emit(ListEvent(time: time, kind: .select(row: row)))
        case .multiple:
            if selectedRows.contains(row) { deselect(row, at: time, emit: emit); return }
            selectedRows.insert(row)
            selectedRow = row
            emit(ListEvent(time: time, kind: .select(row: row)))
        case .checkmark:
            emit(ListEvent(time: time, kind: .select(row: row)))
            let checked = !checkedRows.contains(row)
            if checked { checkedRows.insert(row) } else { checkedRows.remove(row) }
            emit(ListEvent(time: time, kind: .check(row: row, checked: checked)))
            emit(ListEvent(time: time, kind: .deselect(row: row)))
        }
    }

    /// Deselects `row` if it is selected, reporting `deselect` at `time` (seconds).
    public mutating func deselect(_ row: Int, at time: Double, emit: (ListEvent) -> Void) {
        guard selectedRows.remove(row) != nil else { return }
        if selectedRow == row { selectedRow = nil }
        emit(ListEvent(time: time, kind: .deselect(row: row)))
    }
}
