import Testing
import TouchGestures
import TouchTestSupport
import TouchList

/// A small deterministic generator (64-bit LCG), so that the tests need no seedable RNG.
struct LCG {
    var state: UInt64
    mutating func next(_ n: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(n))
    }
}

@Suite("List geometry: prefix sums against a plain sum")
struct ListGeometryTests {
    /// Items as a list would hold them, summed the slow way.
    struct Naive {
        var heights: [Double] = []
        var kinds: [ListItem] = []
        init(sections: [Int], header: Double, rowHeight: (Int) -> Double) {
            var row = 0
            for (s, n) in sections.enumerated() {
                if header > 0 { heights.append(header); kinds.append(.header(section: s)) }
                for _ in 0..<n { heights.append(rowHeight(row)); kinds.append(.row(row)); row += 1 }
            }
        }
        func top(_ i: Int) -> Double { heights[..<i].reduce(0, +) }
        func item(at y: Double) -> Int {
            var sum = 0.0
            for (i, h) in heights.enumerated() {
                if y < sum + h { return i }
                sum += h
            }
            return heights.count
        }
    }

    @Test("tops, items at offsets and kinds agree with a plain sum, with and without headers")
    func agreesWithPlainSums() {
        var rng = LCG(state: 7)
        for header in [0.0, 28] {
            let sections = (0..<9).map { _ in rng.next(12) }          // some sections are empty
            let heights = (0..<200).map { _ in Double(20 + rng.next(80)) }
            let g = ListGeometry(sections: sections, headerHeight: header, rowHeight: { heights[$0] })
            let n = Naive(sections: sections, header: header, rowHeight: { heights[$0] })
            #expect(g.itemCount == n.heights.count)
            #expect(g.rowCount == sections.reduce(0, +))
            #expect(g.contentHeight == n.heights.reduce(0, +))
            for i in 0...n.heights.count { #expect(g.top(ofItem: i) == n.top(i), "top of item \(i)") }
            for i in 0..<n.heights.count { #expect(g.kind(ofItem: i) == n.kinds[i], "kind of item \(i)") }
            for _ in 0..<300 {
                let y = Double(rng.next(Int(g.contentHeight) + 50)) + 0.5
                #expect(g.item(atOffset: y) == n.item(at: y), "item at \(y)")
            }
            // Exactly on a boundary: the item below it.
            for i in 1..<n.heights.count where n.heights[i] > 0 {
                #expect(g.item(atOffset: n.top(i)) == i)
            }
            for r in 0..<g.rowCount {
                #expect(g.kind(ofItem: g.item(ofRow: r)) == .row(r))
                let (s, inSection) = g.indexPath(ofRow: r)
                #expect(sections[..<s].reduce(0, +) + inSection == r)
            }
        }
    }

    @Test("changing heights and appending rows keep the sums right")
    func updatesKeepSums() {
        var rng = LCG(state: 11)
        var heights = (0..<37).map { _ in Double(10 + rng.next(50)) }
        var g = ListGeometry(sections: [20, 17], headerHeight: 15, rowHeight: { heights[$0] },
                             isEstimate: { $0 % 2 == 0 })
        #expect(g.hasEstimates)
        for r in stride(from: 0, to: 37, by: 2) {
            let h = Double(5 + rng.next(90))
            let delta = g.setHeight(h, ofRow: r)
            #expect(delta == h - heights[r])
            heights[r] = h
            #expect(!g.isEstimate(row: r))
        }
        #expect(!g.hasEstimates)
        let more = (0..<70).map { _ in Double(10 + rng.next(50)) }
        g.appendRows(70, rowHeight: { more[$0 - 37] })
        heights += more
        let n = Naive(sections: [20, 87], header: 15, rowHeight: { heights[$0] })
        #expect(g.rowCount == 107 && g.sectionCount == 2)
        for i in 0...n.heights.count { #expect(abs(g.top(ofItem: i) - n.top(i)) < 1e-9, "top of item \(i)") }
        for y in stride(from: 0.5, to: g.contentHeight, by: 13) { #expect(g.item(atOffset: y) == n.item(at: y)) }
        // The footer closes the content.
        g.footer = .loadMore
        g.footerHeight = 44
        #expect(g.contentHeight == n.heights.reduce(0, +) + 44)
        #expect(g.kind(ofItem: g.item(atOffset: g.contentHeight - 1)) == .loadMore)
    }
}

@Suite("List cells: visible range, sticky headers, reuse")
struct ListCellTests {
    @Test("cells cover the viewport; a row keeps its slot while visible; slots never outnumber cells on screen")
    func slotsAreReused() {
        var m = ListModel(layout: ListLayout(rows: 1000, rowHeight: 60, width: 800, height: 480),
                          options: { var o = ListOptions(); o.rowHeights = [60, 90, 40]; return o }())
        var previous: [ListItem: Int] = [:]
        var most = 0
        for step in 0..<400 {
            m.scroll(toOffset: Double(step) * 37)
            let cells = m.layoutCells()
            most = max(most, cells.count)
            // Top to bottom, touching, covering 0 ..< 480.
            #expect(cells.first!.y <= 0 && cells.last!.y + cells.last!.height >= 480)
            for k in 1..<cells.count { #expect(abs(cells[k].y - (cells[k - 1].y + cells[k - 1].height)) < 1e-9) }
            #expect(Set(cells.map(\.slot)).count == cells.count, "one cell a slot")
            for c in cells { if let s = previous[c.item] { #expect(s == c.slot, "\(c.item) moved slot") } }
            previous = Dictionary(uniqueKeysWithValues: cells.map { ($0.item, $0.slot) })
        }
        #expect(m.slotCount == most, "as many slots as cells on screen at most")
    }

    @Test("a section's header sticks to the top, and the next one pushes it out")
    func stickyHeaders() {
        var o = ListOptions()
        o.sections = [10, 10]
        o.headerHeight = 30
        var m = ListModel(layout: ListLayout(rows: 20, rowHeight: 60, width: 800, height: 480), options: o)
        m.scroll(toOffset: 100)                      // inside section 0: its header is pinned at 0
        var cells = m.layoutCells()
        #expect(cells[0] == VisibleCell(item: .header(section: 0), slot: cells[0].slot, y: 0, height: 30, pinned: true))
        #expect(m.item(at: Point(x: 10, y: 10)) == .header(section: 0))
        #expect(m.item(at: Point(x: 10, y: 40)) == .row(1), "content y 140: row 1 (90 ..< 150)")
        m.scroll(toOffset: 610)                      // section 1's header is at 630: 20 below the top
        cells = m.layoutCells()
        #expect(cells[0].item == .header(section: 0) && cells[0].y == -10, "pushed up by the next header")
        #expect(cells.contains { $0.item == .header(section: 1) && $0.y == 20 && !$0.pinned })
        m.scroll(toOffset: 0)
        #expect(m.layoutCells()[0] == VisibleCell(item: .header(section: 0), slot: m.cells[0].slot,
                                                                 y: 0, height: 30, pinned: false))
    }

    @Test("estimated rows take their real heights as they come into view; the content height follows")
    func estimatesAreMeasured() {
        var o = ListOptions()
        o.estimatedRowHeight = 40
        o.rowHeights = [80]
        var m = ListModel(layout: ListLayout(rows: 100, rowHeight: 60, width: 800, height: 480), options: o)
        #expect(m.geometry.contentHeight == 4000)
        m.layoutCells()
        #expect(m.geometry.contentHeight == 4000 + 6 * 40, "six rows in view, measured at 80")
        #expect(m.cells.map(\.item) == (0..<6).map { ListItem.row($0) })
        // Scrolled so that row 10 is cut at the top: measuring it keeps what shows in place.
        m.scroll(toOffset: 480 + 4 * 40 + 20)          // row 10 starts at 640; 20 into it
        let before = m.contentOffset
        m.layoutCells()
        #expect(m.contentOffset == before + 40, "row 10 grew by 40 above the viewport's top")
        // Row 10 grew upward: its visible 20 units, and every row under it, stay where they were.
        #expect(m.cells.first?.item == .row(10) && m.cells.first?.y == -60 && m.cells.first?.height == 80)
    }
}

@Suite("List paging: whole logs of requests and answers")
struct ListPagingTests {
    func tap(_ model: inout ListModel, y: Double, at t: Double, _ out: inout [String]) {
        let e = GestureEvent(time: t, kind: .tap(.init(position: Point(x: 400, y: y), taps: 1, fingers: 1)))
        model.apply(e, surface: panel) { out.append(line($0)) }
        model.endFrame(at: t, surface: panel) { out.append(line($0)) }
    }

    @Test("load-more row: one request in flight, stale answers ignored, a short page removes the row")
    func loadMoreRow() {
        var o = ListOptions()
        o.paging = .loadMoreRow
        o.pageSize = 5
        var m = ListModel(layout: ListLayout(rows: 5, rowHeight: 60, width: 800, height: 480), options: o)
        #expect(m.geometry.footer == .loadMore && m.geometry.contentHeight == 360)
        var out: [String] = []
        tap(&m, y: 330, at: 1, &out)                 // the load-more row: 300 ..< 360
        tap(&m, y: 330, at: 1.1, &out)               // now the loading row: nothing
        #expect(m.pagingState == .loading(page: 2) && m.geometry.footer == .loading)
        m.receive(PageAnswer(page: 7, rows: 5, time: 1.2), surface: panel) { out.append(line($0)) }   // not asked for
        m.receive(PageAnswer(page: 2, rows: 5, time: 1.5), surface: panel) { out.append(line($0)) }
        #expect(m.rowCount == 10 && m.geometry.footer == .loadMore)
        m.scroll(toOffset: 1000)
        tap(&m, y: 450, at: 2, &out)
        m.receive(PageAnswer(page: 3, rows: 2, time: 2.5), surface: panel) { out.append(line($0)) }
        #expect(out == ["1.000 loadMore 2", "1.500 page 2 5", "2.000 loadMore 3", "2.500 page 3 2"])
        #expect(m.rowCount == 12 && m.geometry.footer == nil && m.pagingState == .finished)
        #expect(m.lastRequest == PageRequest(page: 3, isRefresh: false, time: 2, serial: 2))
    }

    @Test("the engine passes requests to its page source and delivers answers at their times")
    func engineAndFeed() {
        var o = ListOptions()
        o.paging = .infinite
        o.pageSize = 10
        // 10 rows of 60 in a 480 viewport: within one screen of the end at once.
        let list = ListModel(layout: ListLayout(rows: 10, rowHeight: 60, width: 800, height: 480), options: o)
        var engine = ListController(surface: panel, list: list)
        engine.pageSource = ScriptedFeed(pageSize: 10, total: 25, latency: 0.25, failingPages: [])
        var out: [String] = []
        var s = Script()
        s.down(0, 0, 400, 100)
        s.up(0.05, 0, 400, 100)
        var assembler = FrameAssembler()
        for e in s.events { assembler.add(e) { engine.handle($0) { out.append(line($0)) } } }
        assembler.flush { engine.handle($0) { out.append(line($0)) } }
        engine.finish { out.append(line($0)) }
        // Page 2 (10 rows: 1200 units) ends more than a screen below 480, so infinite scroll
        // waits; the tap selects row 1 when its double-tap window closes.
        #expect(out == ["0.000 loadMore 2", "0.250 page 2 10", "0.350 tap 1x1f", "0.350 select 1"])
        #expect(engine.list.rowCount == 20)
    }
}

@Suite("Cell slots: the hashed assignment against the plain rule")
struct CellSlotTests {
    /// The rule, plainly (what the model did before it hashed): keep a shown item's slot, free the
    /// others, give each new item the lowest free slot in order.
    struct Reference {
        var slots: [Int?] = []
        mutating func assign(_ keys: [Int]) -> [Int] {
            for s in slots.indices where slots[s].map({ !keys.contains($0) }) ?? false { slots[s] = nil }
            return keys.map { key in
                if let s = slots.firstIndex(of: key) { return s }
                if let free = slots.firstIndex(of: nil) { slots[free] = key; return free }
                slots.append(key)
                return slots.count - 1
            }
        }
    }

    @Test("random scrolls over variable heights and headers give the slots the plain rule gives")
    func matchesTheRule() {
        var state: UInt64 = 7
        func rand() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var options = ListOptions()
        options.rowHeights = [20, 90, 45, 60, 130]
        options.sections = [30, 50, 20, 100]
        options.headerHeight = 28
        var model = ListModel(layout: ListLayout(rows: 200, rowHeight: 60, width: 800, height: 480), options: options)
        var reference = Reference()
        func key(_ item: ListItem) -> Int {
            switch item {
            case .header(let s): -4 - 2 * s
            case .row(let r): r
            case .loadMore: -2
            case .loading: -3
            }
        }
        for _ in 0..<400 {
            // Mostly small steps (cells stay), sometimes jumps (every cell new).
            let step = rand() < 0.9 ? (rand() - 0.5) * 200 : (rand() - 0.5) * 20_000
            model.scroll(toOffset: model.contentOffset + step)
            let cells = model.layoutCells()
            #expect(cells.map(\.slot) == reference.assign(cells.map { key($0.item) }))
            #expect(Set(cells.map(\.slot)).count == cells.count, "no two cells share a slot")
        }
    }

    /// 100,000 rows of 0.0048 units would fill 480 units: the first maxCells of them are laid
    /// out (rows thinner than a pixel) and measured, each in a slot of its own, and the rest are
    /// counted, not laid out.
    @Test("a hundred thousand rows on screen at once: the first 4,096 laid out, each in a slot of its own, the rest counted")
    func manyVisibleRows() {
        var options = ListOptions()
        options.estimatedRowHeight = 0.01
        options.rowHeights = [0.0048]
        var model = ListModel(layout: ListLayout(rows: 100_000, rowHeight: 0.0048, width: 800, height: 480), options: options)
        let cells = model.layoutCells()
        #expect(cells.count == ListModel.maxCells)
        #expect(model.slotCount == ListModel.maxCells)
        #expect(cells.last?.slot == ListModel.maxCells - 1)
        #expect(cells.last?.item == .row(ListModel.maxCells - 1))
        // Only the rows laid out were measured (0.0048); the rest still count at their estimate
        // (0.01), so fewer of them reach the bottom: 4,096 + ⌈(480 − 4,096 × 0.0048) / 0.01⌉.
        let estimatedInView = Int(((480 - Double(ListModel.maxCells) * 0.0048) / 0.01).rounded(.up))
        #expect(model.itemsInView == ListModel.maxCells + estimatedInView)
    }

    /// Rows of one height keep nothing per row: a geometry of 10⁷ such rows answers as one of
    /// ten does, and as the per-row tree answers for the same rows once one row changes.
    @Test("uniform rows: places from the sections alone, the same as the per-row tree's")
    func uniformRowsMatchTheTree() {
        let sections = [3, 0, 5, 2]
        for header in [0.0, 7.5] {
            var uniform = ListGeometry(sections: sections, headerHeight: header, rowHeight: { _ in 44 })
            // Row 9 given 44 again changes nothing; the same geometry built with the tree (row 0
            // an estimate until measured at 44) must agree everywhere.
            #expect(uniform.setHeight(44, ofRow: 9) == 0)
            var tree = ListGeometry(sections: sections, headerHeight: header, rowHeight: { _ in 44 }, isEstimate: { $0 == 0 })
            tree.setHeight(44, ofRow: 0)
            #expect(uniform.itemCount == tree.itemCount && uniform.contentHeight == tree.contentHeight)
            for i in 0...uniform.itemCount {
                #expect(uniform.top(ofItem: i) == tree.top(ofItem: i), "top of item \(i), header \(header)")
                #expect(uniform.height(ofItem: i) == tree.height(ofItem: i))
                if i < uniform.itemCount { #expect(uniform.kind(ofItem: i) == tree.kind(ofItem: i)) }
            }
            var y = -10.0
            while y < uniform.contentHeight + 10 {
                #expect(uniform.item(atOffset: y) == tree.item(atOffset: y), "item at \(y), header \(header)")
                y += 3.7
            }
            // A row given another height: both change the same way.
            #expect(uniform.setHeight(60, ofRow: 4) == 16 && tree.setHeight(60, ofRow: 4) == 16)
            uniform.appendRows(3, rowHeight: { _ in 44 })
            tree.appendRows(3, rowHeight: { _ in 44 })
            for i in 0...uniform.itemCount { #expect(uniform.top(ofItem: i) == tree.top(ofItem: i)) }
        }
        let huge = ListGeometry(sections: [10_000_000], rowHeight: { _ in 44 })
        #expect(huge.contentHeight == 440_000_000)
        #expect(huge.item(atOffset: 440_000_000 - 1) == 9_999_999)
        #expect(huge.kind(ofItem: 5_000_000) == .row(5_000_000))
        // An empty paged list takes its first page's height.
        var paged = ListGeometry(sections: [], rowHeight: { _ in 0 })
        paged.appendRows(4, rowHeight: { _ in 30 })
        #expect(paged.contentHeight == 120 && paged.item(atOffset: 95) == 3)
    }
}
