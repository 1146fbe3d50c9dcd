internal import CPlatform
import TouchGestures

/// One row an edit moves: its index before the edit and after it.
public struct RowMove: Hashable, Sendable {
    /// The row's index before the edit.
    public var from: Int
    /// The row's index after the edit.
    public var to: Int

    /// A move of the row at `from` (before the edit) to `to` (after it).
    public init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }
}

/// Changes to a list's rows made at once, as UIKit's `performBatchUpdates`: deletions and the
/// moves' sources name rows as they were before the edit, insertions and the moves' targets as
/// they are after it, whatever order they are listed in. Every other row keeps its order.
///
/// A row added at index `r` joins the section of the row it pushes down (the last section when it
/// goes at the end).
///
/// Whole sections are deleted and inserted in an edit of their own (one that names no rows):
/// a deleted section takes its rows with it, and an inserted section comes with new rows.
public struct ListEdits: Hashable, Sendable {
    /// Rows to remove, as numbered before the edit.
    public var deletedRows: [Int]
    /// Where new rows go, as numbered after the edit.
    public var insertedRows: [Int]
    /// Rows that move.
    public var movedRows: [RowMove]
    /// Sections to remove with their rows, as numbered before the edit.
    public var deletedSections: [Int] = []
    /// Sections to add, each at its index after the edit, with its number of new rows.
    public var insertedSections: [SectionInsert] = []

    /// A section an edit adds: where it goes (its index after the edit) and how many new rows it has.
    public struct SectionInsert: Hashable, Sendable {
        /// The section's index after the edit.
        public var section: Int
        /// How many new rows it holds.
        public var rows: Int

        /// A section at `section` (after the edit) of `rows` new rows.
        public init(section: Int, rows: Int) {
            self.section = section
            self.rows = rows
        }
    }

    /// An edit deleting, inserting and moving the given rows.
    public init(deleting deletedRows: [Int] = [], inserting insertedRows: [Int] = [], moving movedRows: [RowMove] = []) {
        self.deletedRows = deletedRows
        self.insertedRows = insertedRows
        self.movedRows = movedRows
    }

    /// An edit deleting and inserting whole sections.
    public init(deletingSections: [Int], insertingSections: [SectionInsert] = []) {
        self.init()
        deletedSections = deletingSections
        insertedSections = insertingSections
    }

    /// True when the edit changes nothing.
    public var isEmpty: Bool {
        deletedRows.isEmpty && insertedRows.isEmpty && movedRows.isEmpty && deletedSections.isEmpty && insertedSections.isEmpty
    }

    /// The same edit in rows, for a list whose sections hold `counts` rows: the rows of the
    /// deleted sections and of the inserted ones, and the sections' row counts after it.
    func inRows(sectionCounts counts: [Int]) throws(ListEditError) -> (rows: ListEdits, counts: [Int]) {
        guard deletedSections.isEmpty && insertedSections.isEmpty else {
            guard deletedRows.isEmpty, insertedRows.isEmpty, movedRows.isEmpty else { throw .rowsAndSections }
            var gone = Set<Int>()
            for s in deletedSections {
                guard s >= 0, s < counts.count else { throw .noSuchSection(s, count: counts.count) }
                guard gone.insert(s).inserted else { throw .sectionTwice(s) }
            }
            var after = counts.indices.filter { !gone.contains($0) }.map { counts[$0] }
            var placed = Set<Int>()
            for add in insertedSections.sorted(by: { $0.section < $1.section }) {
                guard add.section >= 0, add.section <= after.count, add.rows >= 0, add.rows <= 10_000_000 else {
                    throw .noSuchSection(add.section, count: after.count + 1)
                }
                guard placed.insert(add.section).inserted else { throw .sectionTwice(add.section) }
                after.insert(add.rows, at: add.section)
            }
            var deleted: [Int] = []
            var start = 0
            for (s, c) in counts.enumerated() {
                if gone.contains(s) { deleted.append(contentsOf: start..<(start + c)) }
                start += c
            }
            var inserted: [Int] = []
            start = 0
            for (s, c) in after.enumerated() {
                if placed.contains(s) { inserted.append(contentsOf: start..<(start + c)) }
                start += c
            }
            return (ListEdits(deleting: deleted, inserting: inserted), after)
        }
        return (self, counts)
    }
}

/// Why ``ListModel/performEdits(_:at:surface:emit:)`` refused an edit. A refused edit changes
/// nothing.
public enum ListEditError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A row named before the edit (deleted or moved from) is not in the list of `count` rows.
    case noSuchRow(Int, count: Int)
    /// A place named after the edit (inserted or moved to) is not in the list of `count` rows
    /// the edit leaves.
    case noSuchPlace(Int, count: Int)
    /// A row is deleted or moved more than once.
    case rowTwice(Int)
    /// Two rows are inserted or moved to the same place.
    case placeTwice(Int)
    /// A section named is not in the list of `count` sections (before the edit for a deletion,
    /// after it for an insertion, whose index may be `count − 1` at most).
    case noSuchSection(Int, count: Int)
    /// A section is deleted, or a place inserted at, more than once.
    case sectionTwice(Int)
    /// One edit names both rows and whole sections.
    case rowsAndSections

    /// The reason, in words.
    public var description: String {
        switch self {
        case .noSuchRow(let r, let n): "row \(r) is not in the list (it has \(n) rows: 0 to \(n - 1))"
        case .noSuchPlace(let r, let n): "row \(r) is not a place in the list after the edit (it has \(n) rows then)"
        case .rowTwice(let r): "row \(r) is deleted or moved more than once"
        case .placeTwice(let r): "two rows are inserted or moved to row \(r)"
        case .noSuchSection(let s, let n): "section \(s) is not in the list (it has \(n) sections there)"
        case .sectionTwice(let s): "section \(s) is deleted or inserted more than once"
        case .rowsAndSections: "an edit of whole sections names no rows: make the row edits an edit of their own"
        }
    }
}

extension ListModel {
    /// Applies `edits` at `time` (seconds), as UIKit's `performBatchUpdates`: the rows change at
    /// once, reported as `edit`, and every row keeps what it had (selection, checkmark, swipe
    /// state, height) through its new index. Inserted rows are unselected and closed, with the
    /// height ``ListOptions/rowHeights`` gives their identity.
    ///
    /// What the user sees stays put: when the list is scrolled, the first row in view (or the
    /// first after it that the edit leaves in place) keeps its place on the screen, and the
    /// content offset changes by the height added or removed above it, reported as `scroll`, as
    /// RecyclerView anchors its first visible item. At the top (offset 0 or above) the offset
    /// stays, so rows inserted at the top show. Momentum, a drag and a settle carry on from the
    /// moved offset. Removed rows collapse and inserted rows grow over ``RowAnimation/defaultDuration``
    /// (``editAnimations``), drawn from the model.
    ///
    /// A deleted row that was open, sliding or closing is gone at once, with no `rowSwipe`: it
    /// collapses from where it stood. A deleted row that was selected is no longer selected, with
    /// no `deselect`, as in UIKit. A page that is loading still arrives, at the end. Rows are
    /// not checked against what the list has not yet loaded.
    public mutating func performEdits(_ edits: ListEdits, at time: Double, surface: Surface,
                                      emit: (ListEvent) -> Void) throws(ListEditError) {
        let (sectioned, plan) = try check(edits)
        let sectionEdit = sectioned.rows != edits
        let edits = sectioned.rows
        advance(to: time, surface: surface, emit: emit)
        // Ended animations go; they end in the order they began (one duration), so the first says
        // whether any has (a scan at every edit made N edits at one time quadratic).
        if editAnimations.first?.isDone(at: time) == true { editAnimations.removeAll { $0.isDone(at: time) } }

        // The anchor: the first row in view that stays in place, and where it is on the screen.
        var anchor: (row: Int, screen: Double)?
        if contentOffset > 0, rowCount > 0 {
            var r = firstRowInView()
            while r < rowCount, plan.leaves(r) { r += 1 }
            if r < rowCount { anchor = (r, geometry.top(ofItem: geometry.item(ofRow: r)) - contentOffset) }
        }
        // What the removed rows were, before they go.
        struct Gone { var row: Int, id: Int, height: Double, estimate: Bool, slide: Double }
        var gone: [Gone] = []
        gone.reserveCapacity(plan.removed.count)
        for r in plan.removed {
            gone.append(Gone(row: r, id: identities.id(ofRow: r), height: geometry.height(ofItem: geometry.item(ofRow: r)),
                             estimate: geometry.isEstimate(row: r), slide: offset(ofRow: r)))
        }
        // Identities, then heights.
        var added: [ListGeometry.NewRow] = []
        added.reserveCapacity(plan.added.count)
        var addedIDs: [Int?] = []
        addedIDs.reserveCapacity(plan.added.count)
        let movedFrom = Dictionary(uniqueKeysWithValues: edits.movedRows.map { ($0.to, $0.from) })
        let goneAt = Dictionary(uniqueKeysWithValues: gone.map { ($0.row, $0) })
        var nextID = identities.next
        for to in plan.added {
            if let from = movedFrom[to], let g = goneAt[from] {
                addedIDs.append(g.id)
                added.append(.init(row: to, height: g.height, isEstimate: g.estimate))
            } else {
                addedIDs.append(nil)
                added.append(.init(row: to, height: heights.start(nextID), isEstimate: heights.estimate != nil))
                nextID += 1
            }
        }
        identities.apply(removing: plan.removed, adding: zip(plan.added, addedIDs).map { ($0, $1) })
        if sectionEdit {
            geometry.rebuild(sectionRowCounts: sectioned.counts, plan: plan, added: added)
        } else {
            geometry.edit(removing: plan.removed, adding: added)
        }

        // Every row's state follows its row.
        remapRowState(plan, at: time)
        emit(ListEvent(time: time, kind: .edit(deleted: edits.deletedRows.count, inserted: edits.insertedRows.count,
                                               moved: edits.movedRows.count)))
        for r in edits.deletedRows.sorted() { emit(ListEvent(time: time, kind: .rowDeleted(row: r))) }
        for r in edits.insertedRows.sorted() { emit(ListEvent(time: time, kind: .rowInserted(row: r))) }
        for m in edits.movedRows.sorted(by: { $0.from < $1.from }) {
            emit(ListEvent(time: time, kind: .rowMoved(from: m.from, to: m.to)))
        }

        // The offset: the anchor back where it was, or where it was, within the content at rest.
        var target = contentOffset
        if let a = anchor, let now = plan.newIndex(ofOld: a.row) {
            target = geometry.top(ofItem: geometry.item(ofRow: now)) - a.screen
        }
        if scrollState == .idle { target = min(max(target, 0), maxOffset) }
        shiftOffset(by: target - contentOffset, surface: surface)

        // The animations: collapses where the removed rows were, growth where rows came, for the
        // places within a viewport of the view (nothing farther moves what is on the screen), each
        // relative to the row held in place.
        let held = anchor.flatMap { plan.newIndex(ofOld: $0.row) }.map { geometry.top(ofItem: geometry.item(ofRow: $0)) } ?? 0
        let near = (contentOffset - layout.height)...(contentOffset + 2 * layout.height)
        var nextKept = plan.oldCount          // the first row after each removed one that stays
        for g in gone.reversed() {
            if g.row + 1 < plan.oldCount, !plan.leaves(g.row + 1) { nextKept = g.row + 1 } else if g.row + 1 >= plan.oldCount { nextKept = plan.oldCount }
            let top = nextKept < plan.oldCount ? plan.newIndex(ofOld: nextKept).map { geometry.top(ofItem: geometry.item(ofRow: $0)) } ?? geometry.top(ofItem: geometry.itemCount)
                                               : geometry.top(ofItem: geometry.itemCount)
            guard near.contains(top) else { continue }
            // Rows collapsing at one place from one time are one place collapsing: their heights
            // add up (they took an animation each, 40,000 deletes of the top row at one time as
            // many, each drawn and summed at every frame).
            if let last = editAnimations.last, last.kind == .collapse, last.top == top, last.start == time, last.held == held,
               last.slide == g.slide {
                editAnimations[editAnimations.count - 1].height += g.height
                continue
            }
            editAnimations.append(RowAnimation(kind: .collapse, row: g.row, top: top, height: g.height, slide: g.slide,
                                               start: time, duration: RowAnimation.defaultDuration, held: held))
        }
        for a in added {
            let top = geometry.top(ofItem: geometry.item(ofRow: a.row))
            guard near.contains(top) else { continue }
            editAnimations.append(RowAnimation(kind: .grow, row: a.row, top: top, height: geometry.height(ofItem: geometry.item(ofRow: a.row)),
                                               slide: 0, start: time, duration: RowAnimation.defaultDuration, held: held))
        }
        needsEndFrame = true
        loadCheckPending = true
        report(at: time, momentum: true, surface: surface, emit: emit)
    }

    /// Throws what is wrong with `edits` for the list as it is, changing nothing: for a caller
    /// that must know before time passes (the C library's `tg_list_edit`).
    package func validate(_ edits: ListEdits) throws(ListEditError) { _ = try check(edits) }

    /// `edits` checked against the list as it is: in rows, with the sections' row counts after
    /// it, and worked out. Throws what is wrong, changing nothing.
    func check(_ edits: ListEdits) throws(ListEditError) -> ((rows: ListEdits, counts: [Int]), EditPlan) {
        let sectioned = try edits.inRows(sectionCounts: geometry.sectionRowCounts)
        return (sectioned, try EditPlan(sectioned.rows, rowCount: rowCount))
    }

    /// The first row whose bottom is below the viewport's top.
    private func firstRowInView() -> Int {
        var i = geometry.item(atOffset: max(0, contentOffset))
        while i < geometry.itemCount {
            if case .row(let r) = geometry.kind(ofItem: i),
               geometry.top(ofItem: i) + geometry.height(ofItem: i) > contentOffset || geometry.height(ofItem: i) == 0 { return r }
            i += 1
        }
        return rowCount
    }

    /// Moves the content by `delta` with whatever the scrolling holds: a drag's anchor, a
    /// settle's ends.
    private mutating func shiftOffset(by delta: Double, surface: Surface) {
        guard delta != 0, delta.isFinite else { return }
        switch scrollState {
        case .dragging(let anchor): scrollState = .dragging(anchor: anchor + delta)
        case .settling(var s):
            s.from += delta
            s.to += delta
            scrollState = .settling(s)
        default: break
        }
        move(to: contentOffset + delta, surface: surface)
    }

    /// Selection, checkmarks and swipe state onto the rows' new indices.
    mutating func remapRowState(_ plan: EditPlan, at time: Double) {
        func remap(_ set: Set<Int>) -> Set<Int> { Set(set.compactMap(plan.newIndex(ofOld:))) }
        selectedRows = remap(selectedRows)
        selectedRow = selectedRow.flatMap(plan.newIndex(ofOld:))
        checkedRows = remap(checkedRows)
        if rowSwipes.remap(at: time, plan.newIndex(ofOld:)) { sequence.slidRowDeleted = true }
        switch reorder {
        case .lifted(var l):
            if let now = plan.newIndex(ofOld: l.row) {
                l.row = now
                l.target = min(l.target, rowCount - 1)
                reorder = .lifted(l)
            } else {
                transitionReorder(to: .idle, at: time)   // the lifted row was deleted: the drag ends
            }
        case .settling(var s):
            if let now = plan.newIndex(ofOld: s.row) { s.row = now; reorder = .settling(s) } else { transitionReorder(to: .idle, at: time) }
        case .idle:
            break
        }
    }
}

/// An edit checked against the list and worked out: which rows leave their places (deleted or
/// moved), which places are filled anew (inserted or moved to), and where every other row goes.
struct EditPlan {
    /// Rows leaving, before the edit, ascending.
    let removed: [Int]
    /// Places filled anew, after the edit, ascending.
    let added: [Int]
    let oldCount: Int
    private let moves: [Int: Int]
    private let removedSet: Set<Int>

    init(_ edits: ListEdits, rowCount: Int) throws(ListEditError) {
        oldCount = rowCount
        var leaving = Set<Int>()
        for r in edits.deletedRows + edits.movedRows.map({ $0.from }) {
            guard r >= 0, r < rowCount else { throw .noSuchRow(r, count: rowCount) }
            guard leaving.insert(r).inserted else { throw .rowTwice(r) }
        }
        let newCount = rowCount - edits.deletedRows.count + edits.insertedRows.count
        var filled = Set<Int>()
        for r in edits.insertedRows + edits.movedRows.map({ $0.to }) {
            guard r >= 0, r < newCount else { throw .noSuchPlace(r, count: newCount) }
            guard filled.insert(r).inserted else { throw .placeTwice(r) }
        }
        removed = leaving.sorted()
        added = filled.sorted()
        removedSet = leaving
        moves = Dictionary(uniqueKeysWithValues: edits.movedRows.map { ($0.from, $0.to) })
    }

    /// True when row `row` (before the edit) leaves its place: deleted or moved.
    func leaves(_ row: Int) -> Bool { removedSet.contains(row) }

    /// Where row `old` is after the edit; `nil` when it was deleted. O(log² k) for k rows edited.
    func newIndex(ofOld old: Int) -> Int? {
        if let to = moves[old] { return to }
        if removedSet.contains(old) { return nil }
        // Its rank among the rows that stay, then the place after the edit that leaves that many
        // places not filled anew before it: the smallest m with m + 1 − |added ≤ m| = rank + 1.
        let rank = old - Self.count(removed, below: old)
        var lo = rank, hi = rank + added.count
        while lo < hi {
            let m = (lo + hi) / 2
            if m + 1 - Self.count(added, below: m + 1) >= rank + 1 { hi = m } else { lo = m + 1 }
        }
        return lo
    }

    /// How many of `sorted` are below `v`.
    private static func count(_ sorted: [Int], below v: Int) -> Int {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let m = (lo + hi) / 2
            if sorted[m] < v { lo = m + 1 } else { hi = m }
        }
        return lo
    }
}
