import TouchGestures

/// What a tap still pending in the engine touched, taken when an edit is about to move the rows.
///
/// A single tap is reported when its double-tap window closes (`GestureSettings.Tap.maxGap`
/// after the lift), and an app may edit the rows in that window: new mail inserted at the top,
/// a row deleted. The tap's point then lies over another row. The row the finger touched
/// decides, by its identity: the tap selects that row wherever the edit moved it, runs the
/// action of that row, and does nothing when the edit deleted it.
package struct HeldTap: Hashable, Sendable {
    /// What lay under the tap's point before the edit.
    enum Target: Hashable, Sendable {
        /// A row, by its identity.
        case row(id: Int)
        /// Anything else (a header, the load-more row, the footer), or nothing.
        case other(ListItem?)
    }

    /// An uncovered action: its row's identity, its side and its index.
    struct Action: Hashable, Sendable {
        let rowId: Int
        let side: RowSide
        let index: Int
    }

    /// The tap's point (surface coordinates): the report this was taken for carries it.
    let position: Point
    let target: Target
    /// The uncovered action under the point, if any.
    let action: Action?
}

extension ListModel {
    /// Takes down what lies under `position`, the point of a tap still pending in the engine, so
    /// that the tap acts on it after the edit about to be made. Keeps what an earlier edit took
    /// for the same tap; forgets it when no tap is pending (`nil`).
    package mutating func holdTap(at position: Point?) {
        guard let position else { heldTap = nil; return }
        if heldTap?.position == position { return }
        let under = item(at: position)
        let target: HeldTap.Target
        if case .row(let row) = under { target = .row(id: identities.id(ofRow: row)) } else { target = .other(under) }
        let action = (slidesRows ? action(at: position) : nil).map { HeldTap.Action(rowId: identities.id(ofRow: $0.row), side: $0.side, index: $0.index) }
        heldTap = HeldTap(position: position, target: target, action: action)
    }

    /// What the tap at `position` acts on: as held before an edit, if one was; else what lies
    /// under the point now. Forgets the held tap either way: a tap is reported once.
    mutating func tapTarget(at position: Point) -> (item: ListItem?, action: (row: Int, side: RowSide, index: Int)?) {
        defer { heldTap = nil }
        guard let held = heldTap, held.position == position else {
            return (item(at: position), slidesRows ? action(at: position) : nil)
        }
        let item: ListItem?
        switch held.target {
        case .row(let id): item = identities.row(ofId: id).map { .row($0) }
        case .other(let other): item = other
        }
        let action = held.action.flatMap { a in identities.row(ofId: a.rowId).map { ($0, a.side, a.index) } }
        return (item, action)
    }
}
