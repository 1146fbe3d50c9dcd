import TouchGestures

extension ListModel {
    /// A horizontal swipe that started on a row changes that row's swipe state, as
    /// ``ListOptions/swipePolicy`` says; a touch spent on stopping the scroll swipes nothing.
    mutating func swipe(_ s: GestureEvent.Swipe, at time: Double, emit: (ListEvent) -> Void) {
        guard !sequence.stoppedMotion, s.direction.isHorizontal, let row = row(at: s.start) else { return }
        switch options.swipePolicy {
        case .toggle:
            setSwiped(row, !swiped[row], at: time, emit: emit)
        case .directional:
            setSwiped(row, s.direction == .left, at: time, emit: emit)
        case .oneOpen:
            if let open = openRow, open != row { setSwiped(open, false, at: time, emit: emit) }
            setSwiped(row, !swiped[row], at: time, emit: emit)
        }
    }

    /// Sets row `row`'s swipe state, reporting `rowSwipe` when it changes.
    mutating func setSwiped(_ row: Int, _ value: Bool, at time: Double, emit: (ListEvent) -> Void) {
        guard swiped[row] != value else { return }
        swiped[row] = value
        if options.swipePolicy == .oneOpen { openRow = value ? row : (openRow == row ? nil : openRow) }
        emit(ListEvent(time: time, kind: .rowSwipe(row: row, swiped: value)))
    }
}
