import Testing
import TouchGestures
@testable import TouchList
import TouchTestSupport

/// Edits (`performEdits`): the plan against UIKit's rule worked out on an array, the geometry
/// against heights summed afresh, every row's state against the row it belongs to, and what the
/// user sees.
@Suite("List edits: rows keep what they had")
struct ListEditTests {
    /// A random valid edit of a list of `n` rows.
    static func randomEdit(_ r: inout SplitMix, rows n: Int) -> ListEdits {
        var pool = Array(0..<n)
        var deleted: [Int] = [], moves: [RowMove] = []
        for _ in 0..<r.int(4) where !pool.isEmpty { deleted.append(pool.remove(at: r.int(pool.count))) }
        var froms: [Int] = []
        for _ in 0..<r.int(3) where !pool.isEmpty { froms.append(pool.remove(at: r.int(pool.count))) }
        let inserts = r.int(4)
        let after = n - deleted.count + inserts
        var places = Array(0..<after)
        var inserted: [Int] = []
        for _ in 0..<inserts { inserted.append(places.remove(at: r.int(places.count))) }
        for f in froms { moves.append(RowMove(from: f, to: places.remove(at: r.int(places.count)))) }
        return ListEdits(deleting: deleted, inserting: inserted, moving: moves)
    }

    /// UIKit's rule on an array: the rows before the edit (`old`) become the rows after it, with
    /// `nil` where a row is inserted.
    static func applyByHand(_ e: ListEdits, to old: [Int]) -> [Int?] {
        let leaving = Set(e.deletedRows + e.movedRows.map(\.from))
        var staying = old.indices.filter { !leaving.contains($0) }.map { old[$0] }[...]
        let count = old.count - e.deletedRows.count + e.insertedRows.count
        var out: [Int?] = []
        let movedTo = Dictionary(uniqueKeysWithValues: e.movedRows.map { ($0.to, old[$0.from]) })
        let inserted = Set(e.insertedRows)
        for place in 0..<count {
            if let m = movedTo[place] { out.append(m) } else if inserted.contains(place) { out.append(nil) } else { out.append(staying.popFirst()!) }
        }
        return out
    }

    @Test("where each row goes is UIKit's rule: deletes and sources before, inserts and targets after")
    func planMatchesTheRule() throws {
        var r = SplitMix(state: 11)
        for _ in 0..<500 {
            let n = r.int(30)
            let e = Self.randomEdit(&r, rows: n)
            let plan = try EditPlan(e, rowCount: n)
            let after = Self.applyByHand(e, to: Array(0..<n))
            for old in 0..<n {
                let expected = after.firstIndex(of: old)
                #expect(plan.newIndex(ofOld: old) == expected, "\(e): row \(old)")
            }
        }
    }

    @Test("a refused edit names what is wrong and changes nothing")
    func refusals() {
        var m = ListModel(layout: eightRows)
        m.scroll(toOffset: 0)
        var events: [ListEvent] = []
        let cases: [(ListEdits, ListEditError)] = [
            (ListEdits(deleting: [8]), .noSuchRow(8, count: 8)),
            (ListEdits(deleting: [-1]), .noSuchRow(-1, count: 8)),
            (ListEdits(deleting: [2, 2]), .rowTwice(2)),
            (ListEdits(deleting: [1], moving: [RowMove(from: 1, to: 0)]), .rowTwice(1)),
            (ListEdits(inserting: [9]), .noSuchPlace(9, count: 9)),
            (ListEdits(inserting: [3], moving: [RowMove(from: 0, to: 3)]), .placeTwice(3)),
        ]
        for (e, error) in cases {
            #expect(throws: error) { try m.performEdits(e, at: 1, surface: panel) { events.append($0) } }
        }
        #expect(events.isEmpty)
        #expect(m.rowCount == 8)
        #expect(ListEditError.noSuchRow(8, count: 8).description == "row 8 is not in the list (it has 8 rows: 0 to 7)")
    }

    @Test("identities kept as runs agree with an array through random edits, and stay few")
    func identities() {
        var r = SplitMix(state: 5)
        var ids = RowIdentities(count: 50)
        var plain = Array(0..<50)
        var next = 50
        for _ in 0..<400 {
            if r.int(2) == 0, !plain.isEmpty {
                let k = r.int(plain.count)
                #expect(ids.remove(k) == plain.remove(at: k))
            } else {
                let k = r.int(plain.count + 1)
                let reuse = r.int(3) == 0 && next > 0 ? Optional(next + 1000) : nil
                let id = ids.insert(reuse, at: k)
                if reuse == nil { #expect(id == next); next += 1 }
                plain.insert(id, at: k)
            }
            for (k, id) in plain.enumerated() where k % 7 == 0 { #expect(ids.id(ofRow: k) == id) }
        }
        #expect(ids.runCount <= 1 + 2 * 400)
        var one = RowIdentities(count: 1_000_000)
        #expect(one.id(ofRow: 999_999) == 999_999)
        one.remove(500_000)
        #expect(one.runCount == 2)
        #expect(one.id(ofRow: 500_000) == 500_001)
    }

    /// Every item's top and kind, summed afresh from sections of (height, estimate) rows.
    static func checkGeometry(_ g: ListGeometry, sections: [[(Double, Bool)]], header: Double) {
        var y = 0.0, item = 0, row = 0
        for (s, rows) in sections.enumerated() {
            if header > 0 {
                #expect(g.kind(ofItem: item) == .header(section: s))
                #expect(abs(g.top(ofItem: item) - y) < 1e-6)
                y += header; item += 1
            }
            for (h, estimate) in rows {
                #expect(g.kind(ofItem: item) == .row(row), "item \(item)")
                #expect(abs(g.top(ofItem: item) - y) < 1e-6, "item \(item)")
                #expect(g.height(ofItem: item) == h)
                #expect(g.isEstimate(row: row) == estimate, "row \(row)")
                y += h; item += 1; row += 1
            }
        }
        #expect(g.rowCount == row)
        #expect(g.itemCount == item)
        #expect(abs(g.contentHeight - y) < 1e-6)
        if y > 0 { #expect(g.item(atOffset: y - 1e-3) == item - 1) }
    }

    @Test("the geometry after edits is the geometry of the edited rows, fixed and variable heights, with headers and estimates",
          arguments: [0, 1, 2, 3])
    func geometryAgainstASum(kind: Int) throws {
        var r = SplitMix(state: UInt64(40 + kind))
        for _ in 0..<60 {
            let header = kind & 1 == 1 ? 20.0 : 0
            let variable = kind & 2 == 2
            var sections: [[(Double, Bool)]] = (0..<(1 + r.int(3))).map { _ in
                (0..<r.int(12)).map { _ in (variable ? Double(20 + r.int(4) * 10) : 40, variable && r.int(3) == 0) }
            }
            let flat = sections.flatMap { $0 }
            var g = ListGeometry(sections: sections.map(\.count), headerHeight: header,
                                 rowHeight: { flat[$0].0 }, isEstimate: { flat[$0].1 })
            for _ in 0..<8 {
                let n = sections.reduce(0) { $0 + $1.count }
                var e = Self.randomEdit(&r, rows: n)
                if r.int(6) == 0, n > 0 { e = ListEdits(deleting: Array(0..<n), inserting: Array(0..<(40 + r.int(3)))) }  // the many-rows pass
                let plan = try EditPlan(e, rowCount: n)
                // By hand: rows out, then rows in, each joining the section of the row it pushes down.
                var rows = sections.flatMap { $0 }
                var counts = sections.map(\.count)
                func section(ofRow row: Int) -> Int {
                    var start = 0
                    for (s, c) in counts.enumerated() { if row < start + c { return s }; start += c }
                    return counts.count - 1
                }
                var moved: [Int: (Double, Bool)] = [:]
                for m in e.movedRows { moved[m.to] = rows[m.from] }
                for old in plan.removed.reversed() { counts[section(ofRow: old)] -= 1; rows.remove(at: old) }
                var added: [ListGeometry.NewRow] = []
                for place in plan.added {
                    let v = moved[place] ?? (variable ? 35 : 40, false)
                    counts[section(ofRow: place)] += 1
                    rows.insert(v, at: place)
                    added.append(.init(row: place, height: v.0, isEstimate: v.1))
                }
                g.edit(removing: plan.removed, adding: added)
                var k = 0
                sections = counts.map { c in defer { k += c }; return Array(rows[k..<(k + c)]) }
                Self.checkGeometry(g, sections: sections, header: header)
            }
        }
    }

    @Test("selection, checkmarks, swiped rows and heights follow their rows through random edits")
    func stateFollowsRows() throws {
        var r = SplitMix(state: 77)
        for round in 0..<40 {
            var options = ListOptions()
            options.selection = .multiple
            options.rowHeights = [40, 50, 60, 70, 80]
            let n = 10 + r.int(30)
            var m = ListModel(layout: ListLayout(rows: n, rowHeight: 60, width: 800, height: 480), options: options)
            var ids = Array(0..<n)          // the identity of each row, by hand
            var nextID = n
            let selected = Set((0..<n).filter { _ in r.int(3) == 0 })
            let checked = Set((0..<n).filter { _ in r.int(3) == 0 })
            let swiped = Set((0..<n).filter { _ in r.int(4) == 0 })
            m.selectedRows = selected
            m.checkedRows = checked
            // Each swiped row shows a side of its own, which travels with it.
            func side(_ id: Int) -> RowSide { id % 2 == 0 ? .leading : .trailing }
            for row in swiped { _ = m.rowSwipes.setOpen(row, side(row)) }
            var time = 0.0
            for _ in 0..<12 {
                let e = Self.randomEdit(&r, rows: ids.count)
                time += 0.1
                try m.performEdits(e, at: time, surface: panel) { _ in }
                ids = Self.applyByHand(e, to: ids).map { id in id ?? { defer { nextID += 1 }; return nextID }() }
                #expect(m.rowCount == ids.count)
                #expect(m.selectedRows == Set(ids.indices.filter { selected.contains(ids[$0]) }), "round \(round)")
                #expect(m.checkedRows == Set(ids.indices.filter { checked.contains(ids[$0]) }), "round \(round)")
                #expect(m.rowSwipes.swiped == Set(ids.indices.filter { swiped.contains(ids[$0]) }), "round \(round)")
                #expect(m.rowSwipes.open.allSatisfy { $0.value == side(ids[$0.key]) }, "round \(round): a side did not travel with its row")
                for (row, id) in ids.enumerated() {
                    #expect(m.realHeight(ofRow: row) == options.rowHeights[id % 5])
                    #expect(m.geometry.height(ofItem: m.geometry.item(ofRow: row)) == options.rowHeights[id % 5], "round \(round) row \(row)")
                }
            }
        }
    }

    @Test("rows deleted above the view keep the rows in view where they are; the offset changes by their height")
    func anchoring() throws {
        var options = ListOptions()
        options.rowHeights = [50, 70]
        var m = ListModel(layout: ListLayout(rows: 40, rowHeight: 60, width: 800, height: 480), options: options)
        m.scroll(toOffset: 610)     // row 10 (top 600, 50 tall) is cut 10 units at the top
        var events: [ListEvent] = []
        try m.performEdits(ListEdits(deleting: [1, 4], inserting: [0, 2, 3]), at: 1, surface: panel) { events.append($0) }
        // Rows 1 (70) and 4 (50) go; three new rows (identities 40, 41, 42: 50, 70, 50) come above.
        // Row 10 is row 11 now, its top 600 − 120 + 170 = 650; on screen it stays at −10.
        #expect(m.contentOffset == 660)
        #expect(m.row(at: Point(x: 10, y: 5)) == 11)
        #expect(events.map(\.kind) == [.edit(deleted: 2, inserted: 3, moved: 0), .rowDeleted(row: 1), .rowDeleted(row: 4),
                                      .rowInserted(row: 0), .rowInserted(row: 2), .rowInserted(row: 3), .scroll(offset: 660, momentum: true)])
        // Below the view, nothing moves.
        events = []
        try m.performEdits(ListEdits(deleting: [30]), at: 2, surface: panel) { events.append($0) }
        #expect(m.contentOffset == 660)
        #expect(events.map(\.kind) == [.edit(deleted: 1, inserted: 0, moved: 0), .rowDeleted(row: 30)])
    }

    @Test("an edit during momentum moves the content with the rows, and the momentum carries on")
    func editWhileFlinging() throws {
        var c = ListController(surface: panel, list: ListModel(layout: ListLayout(rows: 200, rowHeight: 60, width: 800, height: 480)))
        // 300 units up in 0.1 s, lifted moving: a fling.
        for k in 0...10 {
            let t = Double(k) / 100
            let e = TouchEvent(time: t, id: 0, phase: k == 0 ? .down : (k == 10 ? .up : .move), position: Point(x: 400, y: 400 - 30 * Double(k)))
            c.handle(TouchFrame(time: t, events: [e])) { _ in }
        }
        var m = c.list
        guard case .decelerating = m.scrollState else { Issue.record("no momentum: \(m.scrollState)"); return }
        let before = m.contentOffset
        let time = 0.2
        var events: [ListEvent] = []
        try m.performEdits(ListEdits(deleting: [0, 1]), at: time, surface: panel) { events.append($0) }
        guard case .decelerating = m.scrollState else { Issue.record("momentum stopped"); return }
        // At the edit's time the content has moved on by momentum, then back by the two rows.
        #expect(m.contentOffset > before - 120)
        #expect(events.contains { if case .scroll = $0.kind { true } else { false } })
        m.advance(to: 5, surface: panel) { _ in }
        #expect(m.scrollState == .idle)
        #expect(m.contentOffset <= m.maxOffset)
    }

    @Test("deleting the open row drops its swipe at once, with no rowSwipe; it collapses from where it stood")
    func deleteTheOpenRow() throws {
        var options = ListOptions()
        options.trailingActions = [120, 120]
        var m = ListModel(layout: eightRows, options: options)
        m.settleRow(3, from: 0, velocity: 0, to: -240, at: 0) { _ in }
        m.advance(to: 1, surface: panel) { _ in }
        #expect(m.rowSwipes.active == .open(row: 3, offset: -240))
        var events: [ListEvent] = []
        try m.performEdits(ListEdits(deleting: [3]), at: 1.5, surface: panel) { events.append($0) }
        #expect(m.rowSwipes.active == .idle)
        #expect(m.rowSwipes.swiped.isEmpty)
        #expect(events.map(\.kind) == [.edit(deleted: 1, inserted: 0, moved: 0), .rowDeleted(row: 3)])
        let collapse = try #require(m.editAnimations.first)
        #expect(collapse.kind == .collapse && collapse.row == 3 && collapse.slide == -240 && collapse.top == 180)
        // The rows below are drawn where they were at the start and where they are at the end.
        #expect(m.editDisplacement(atContentOffset: 180, time: 1.5) == 60)
        #expect(m.editDisplacement(atContentOffset: 180, time: 1.5 + RowAnimation.defaultDuration) == 0)
        let half = m.editDisplacement(atContentOffset: 180, time: 1.5 + RowAnimation.defaultDuration / 2)
        #expect(abs(half - 30) < 1e-9)
        #expect(m.editDisplacement(atContentOffset: 120, time: 1.5) == 0)   // rows above stay
        // A moved open row stays open on its new row.
        m.settleRow(2, from: 0, velocity: 0, to: -240, at: 2) { _ in }
        try m.performEdits(ListEdits(moving: [RowMove(from: 2, to: 5)]), at: 2.1, surface: panel) { _ in }
        #expect(m.rowSwipes.active.row == 5)
        #expect(m.rowSwipes.swiped == [5])
    }

    @Test("an action is found by where the tap is, index 0 at the row's edge, shared in proportion while the row opens")
    func actionHitTest() {
        let a: RowActions = [120, 60]
        #expect(a.width == 180)
        #expect(a.index(atDistance: 0, shown: 180) == 0)
        #expect(a.index(atDistance: 119, shown: 180) == 0)
        #expect(a.index(atDistance: 120, shown: 180) == 1)
        #expect(a.index(atDistance: 180, shown: 180) == nil)
        #expect(a.index(atDistance: 50, shown: 90) == 0)     // half open: 60 and 30
        #expect(a.index(atDistance: 70, shown: 90) == 1)
        #expect(a.index(atDistance: -1, shown: 180) == nil)
        let one: RowActions = 80
        #expect(one.widths == [80] && one.width == 80)
        #expect(RowActions(widths: [.nan, -3, 10]).widths == [10])
        #expect(RowActions().isEmpty)
    }

    @Test("whole sections: deleted with their rows, inserted with new ones; rows after them keep what they had")
    func sections() throws {
        var options = ListOptions()
        options.sections = [3, 2, 4]
        options.headerHeight = 20
        options.selection = .multiple
        var m = ListModel(layout: ListLayout(rows: 9, rowHeight: 60, width: 800, height: 480), options: options)
        m.selectedRows = [1, 4, 6]           // one in each section
        var events: [ListEvent] = []
        try m.performEdits(ListEdits(deletingSections: [1], insertingSections: [.init(section: 0, rows: 2)]), at: 1, surface: panel) {
            events.append($0)
        }
        // Sections now [2 new, 3, 4]: old rows 0-2 are rows 2-4, old rows 5-8 are rows 5-8.
        #expect(m.geometry.sectionCount == 3)
        #expect(m.rowCount == 9)
        #expect(m.selectedRows == [3, 6])
        #expect(m.identity(ofRow: 2) == 0 && m.identity(ofRow: 5) == 5 && m.identity(ofRow: 0) == 9)
        #expect(events.map(\.kind) == [.edit(deleted: 2, inserted: 2, moved: 0), .rowDeleted(row: 3), .rowDeleted(row: 4), .rowInserted(row: 0), .rowInserted(row: 1)])
        Self.checkGeometry(m.geometry, sections: [[(60, false), (60, false)], [(60, false), (60, false), (60, false)],
                                                  [(60, false), (60, false), (60, false), (60, false)]], header: 20)
        #expect(throws: ListEditError.noSuchSection(3, count: 3)) {
            try m.performEdits(ListEdits(deletingSections: [3]), at: 2, surface: panel) { _ in }
        }
        var mixed = ListEdits(deleting: [0])
        mixed.deletedSections = [0]
        #expect(throws: ListEditError.rowsAndSections) { try m.performEdits(mixed, at: 2, surface: panel) { _ in } }
        #expect(m.rowCount == 9)
    }

    @Test("an edit while a page loads: the page still arrives, at the end, and the next page is the one after it")
    func editWhilePaging() throws {
        var options = ListOptions()
        options.paging = .loadMoreRow
        options.pageSize = 5
        var m = ListModel(layout: ListLayout(rows: 5, rowHeight: 60, width: 800, height: 480), options: options)
        var events: [ListEvent] = []
        m.requestNextPage(at: 0, surface: panel) { events.append($0) }
        #expect(m.pagingState == .loading(page: 2))
        try m.performEdits(ListEdits(deleting: [0, 1], inserting: [0]), at: 0.1, surface: panel) { events.append($0) }
        #expect(m.rowCount == 4 && m.pagingState == .loading(page: 2))
        m.receive(PageAnswer(page: 2, rows: 5, time: 0.5), surface: panel) { events.append($0) }
        #expect(m.rowCount == 9)
        #expect(m.loadedPages == 2)
        // The page's rows come after every row the edit left, with identities of their own.
        #expect(m.identity(ofRow: 0) == 5 && m.identity(ofRow: 3) == 4 && m.identity(ofRow: 4) == 6)
        #expect(m.geometry.footer == .loadMore)
    }

    @Test("an edit while a row is dragged: the drag follows its row to its new index; deleting it ends the drag")
    func editWhileSliding() throws {
        var options = ListOptions()
        options.trailingActions = 240
        var m = ListModel(layout: eightRows, options: options)
        var events: [ListEvent] = []
        m.touchBegan(at: 0)
        m.dragRow(x: 600, start: Point(x: 600, y: 210), at: 0.1) { events.append($0) }
        m.dragRow(x: 550, start: Point(x: 600, y: 210), at: 0.2) { events.append($0) }
        #expect(m.rowSwipes.active.row == 3 && m.offset(ofRow: 3) == -50)
        try m.performEdits(ListEdits(inserting: [0, 1]), at: 0.25, surface: panel) { events.append($0) }
        #expect(m.rowSwipes.active.row == 5 && m.offset(ofRow: 5) == -50 && m.offset(ofRow: 3) == 0)
        m.dragRow(x: 500, start: Point(x: 600, y: 210), at: 0.3) { events.append($0) }
        #expect(events.last?.kind == .rowOffset(row: 5, offset: -100))
        try m.performEdits(ListEdits(deleting: [5]), at: 0.35, surface: panel) { events.append($0) }
        #expect(m.rowSwipes.active == .idle)
        events = []
        m.dragRow(x: 450, start: Point(x: 600, y: 210), at: 0.4) { events.append($0) }
        m.liftRow(at: 0.5, surface: panel) { events.append($0) }
        #expect(events.isEmpty)                      // the finger slides no other row
        #expect(m.rowSwipes.active == .idle)
    }

    @Test("every output is a plain value: no reference inside (the C library's queue copies outputs as bytes)")
    func outputsArePlain() {
        // The first `edit` carried arrays of rows: the C library stopped at its first engine.
        #expect(_isPOD(ListEvent.self))
        #expect(_isPOD(ListController.Output.self))
    }

    @Test("identities after a batch, in one pass, agree with an array")
    func identitiesInABatch() throws {
        var r = SplitMix(state: 9)
        for _ in 0..<300 {
            let n = r.int(60)
            var ids = RowIdentities(count: n)
            var plain = Array(0..<n)
            var next = n
            for _ in 0..<5 {
                let e = Self.randomEdit(&r, rows: plain.count)
                let plan = try EditPlan(e, rowCount: plain.count)
                let movedTo = Dictionary(uniqueKeysWithValues: e.movedRows.map { ($0.to, plain[$0.from]) })
                ids.apply(removing: plan.removed, adding: plan.added.map { ($0, movedTo[$0]) })
                plain = Self.applyByHand(e, to: plain).map { $0 ?? { defer { next += 1 }; return next }() }
                #expect((0..<plain.count).map { ids.id(ofRow: $0) } == plain)
                #expect(ids.next == next)
            }
        }
        // Every other row of a million deleted at once: one pass, not one scan of the runs per row.
        var big = RowIdentities(count: 1_000_000)
        big.apply(removing: Array(stride(from: 0, to: 1_000_000, by: 2)), adding: [])
        #expect(big.id(ofRow: 0) == 1 && big.id(ofRow: 499_999) == 999_999)
    }

    @Test("rows deleted above the view do not move the rows in view while they collapse")
    func noJumpWhenDeletingAbove() throws {
        var m = ListModel(layout: ListLayout(rows: 60, rowHeight: 60, width: 800, height: 480))
        m.scroll(toOffset: 600)      // row 10 at the top
        try m.performEdits(ListEdits(deleting: [7, 8, 9]), at: 1, surface: panel) { _ in }
        #expect(m.contentOffset == 420)
        // Row 10 (now 7, top 420) and the rows below it stay where they are on the screen at every
        // moment of the animation, though the collapsed rows lie right above them.
        for k in 0...5 {
            let t = 1 + Double(k) * 0.05
            for y in stride(from: 420.0, through: 900, by: 60) {
                #expect(m.editDisplacement(atContentOffset: y, time: t) == 0, "y \(y) at \(t)")
            }
        }
        // Deleting a row in view: the rows below it ride up on it, the rows above stay.
        try m.performEdits(ListEdits(deleting: [9]), at: 2, surface: panel) { _ in }
        #expect(m.editDisplacement(atContentOffset: 540, time: 2) == 60)
        #expect(m.editDisplacement(atContentOffset: 480, time: 2) == 0)
    }

    @Test("a batch of 100,000 scattered deletions in a million rows is one pass")
    func bigBatch() throws {
        var m = ListModel(layout: ListLayout(rows: 1_000_000, rowHeight: 60, width: 800, height: 480))
        m.selectedRows = [999_999]
        m.scroll(toOffset: 30_000_000)
        try m.performEdits(ListEdits(deleting: Array(stride(from: 0, to: 200_000, by: 2))), at: 1, surface: panel) { _ in }
        #expect(m.rowCount == 900_000)
        #expect(m.selectedRows == [899_999])
        #expect(m.identity(ofRow: 0) == 1)
        #expect(m.editAnimations.count <= 30)      // only places near the view are animated
    }
}
