import TouchGestures

extension ListModel {
    /// A tap: selects its row as ``ListOptions/selection`` says, or asks for the next page on
    /// the load-more row. Under the `oneOpen` policy a tap while a row is open closes it
    /// instead; a touch spent on stopping the scroll selects nothing.
    mutating func tap(_ t: GestureEvent.Tap, at time: Double, surface: Surface, emit: (ListEvent) -> Void) {
        guard !sequence.stoppedMotion else { return }
        // A tap while a row is open closes it, and does nothing else (as UIKit's swipe actions).
        if closeOpenRow(at: time, emit: emit) { return }
        if options.swipePolicy == .oneOpen, let open = rowSwipes.openRow {
            setSwiped(open, false, at: time, emit: emit)
            return
        }
        switch item(at: t.position) {
        case .row(let row): select(row, at: time, emit: emit)
        case .loadMore:
            if case .idle(true) = pagingState { requestNextPage(at: time, surface: surface, emit: emit) }
        default: return
        }
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
