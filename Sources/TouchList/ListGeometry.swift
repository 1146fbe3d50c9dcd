/// One line of a list's content, top to bottom: a section's header, a row, or the extra row
/// that closes a paged list.
public enum ListItem: Hashable, Sendable {
    /// The header of section `section` (0-based).
    case header(section: Int)
    /// Row `row`: a 0-based index counting the rows of all sections in order.
    case row(Int)
    /// The "Load more" row, tapped to ask for the next page.
    case loadMore
    /// The row shown while a page is being loaded.
    case loading
}

/// Where every item of a list lies in its content: sections of rows, optional section headers,
/// row heights that may be estimates until measured, and an optional last row (load more or
/// loading). All lengths are in surface units; offsets are measured from the content's top.
///
/// While every row has the same height and none is an estimate, nothing is kept per row: an
/// item's place is worked out from its section's (O(sections) memory; O(log sections) for an
/// item's top, O(log n · log sections) for the item at an offset), so a list of 10⁷ rows costs
/// what a list of ten does. The first row given another
/// height (or an estimate) turns the geometry into a Fenwick tree (a binary indexed tree of
/// partial sums) over every item's height, in which finding the item at an offset, the offset
/// of an item, changing one height and appending a row each cost O(log n) for n items, and the
/// content height is known at once: 16 bytes an item, and one bit a row for estimates.
public struct ListGeometry: Sendable {
    /// The height every row has, in surface units, while the geometry keeps nothing per row
    /// (`tree`, `heights` and `estimated` empty); `nil` once a row has another height.
    private var uniform: Double?
    /// The number of items (headers and rows) while `uniform` is set.
    private var uniformItems = 0
    /// Partial sums, 1-based: `tree[i]` sums the heights of items `i - lowbit(i) ..< i`.
    private var tree: [Double] = [0]
    /// Each item's height, in surface units.
    private var heights: [Double] = []
    /// The item index each section starts at (its header, or its first row without headers).
    private var sectionItemStart: [Int] = []
    /// The first row of each section.
    private var sectionRowStart: [Int] = []
    /// Whether each row's height is still an estimate: a bit a row, bit `r % 64` of word `r / 64`.
    private var estimated: [UInt64] = []
    private var estimatesLeft = 0
    private var total = 0.0
    private var topPower = 1

    /// Height of each section header, in surface units (0: no headers).
    public let headerHeight: Double
    /// Number of rows, all sections together.
    public private(set) var rowCount = 0
    /// The last item, below every row, if any.
    public var footer: ListItem?
    /// Height of the footer item when there is one, in surface units.
    public var footerHeight = 0.0

    /// Sections of `sections[i]` rows each, every row `rowHeight(i)` tall (surface units), with
    /// headers `headerHeight` tall. Rows flagged by `isEstimate` count as estimates until
    /// ``setHeight(_:ofRow:)`` gives their real height.
    public init(sections: [Int], headerHeight: Double = 0, rowHeight: (Int) -> Double,
                isEstimate: (Int) -> Bool = { _ in false }) {
        self.headerHeight = max(0, headerHeight)
        let rows = sections.reduce(0) { $0 + max(0, $1) }
        // One pass over the rows decides whether anything needs keeping per row.
        let first = rows > 0 ? Self.clean(rowHeight(0)) : 0
        var same = true
        for row in 0..<rows where Self.clean(rowHeight(row)) != first || isEstimate(row) {
            same = false
            break
        }
        var row = 0, item = 0
        for count in sections {
            sectionItemStart.append(item)
            sectionRowStart.append(row)
            item += (self.headerHeight > 0 ? 1 : 0) + max(0, count)
            row += max(0, count)
        }
        rowCount = row
        if same {
            uniform = first
            uniformItems = item
            total = Self.uniformTotal(sections: sections.count, header: self.headerHeight, rows: rows, height: first)
            return
        }
        var items: [Double] = []
        items.reserveCapacity(item)
        estimated = Array(repeating: 0, count: (rows + 63) / 64)
        row = 0
        for count in sections {
            if self.headerHeight > 0 { items.append(self.headerHeight) }
            for _ in 0..<max(0, count) {
                items.append(Self.clean(rowHeight(row)))
                if isEstimate(row) { setEstimated(row, true) }
                row += 1
            }
        }
        rebuild(items)
    }

    /// The content's height while every row is `height` tall, in surface units.
    private static func uniformTotal(sections: Int, header: Double, rows: Int, height: Double) -> Double {
        Double(sections) * header + Double(rows) * height
    }

    private func estimatedBit(_ row: Int) -> Bool {
        row / 64 < estimated.count && estimated[row / 64] & (1 << UInt64(row % 64)) != 0
    }

    private mutating func setEstimated(_ row: Int, _ on: Bool) {
        while estimated.count <= row / 64 { estimated.append(0) }
        let bit: UInt64 = 1 << UInt64(row % 64)
        let was = estimated[row / 64] & bit != 0
        guard was != on else { return }
        if on { estimated[row / 64] |= bit; estimatesLeft += 1 } else { estimated[row / 64] &= ~bit; estimatesLeft -= 1 }
    }

    /// Keeps every item's height from now on (a row is about to get another height than the
    /// others, or an estimate): O(n) once.
    private mutating func materialize() {
        guard let h = uniform else { return }
        var items: [Double] = []
        items.reserveCapacity(uniformItems)
        for s in sectionItemStart.indices {
            let end = s + 1 < sectionItemStart.count ? sectionItemStart[s + 1] : uniformItems
            for i in sectionItemStart[s]..<end {
                items.append(headerHeight > 0 && i == sectionItemStart[s] ? headerHeight : h)
            }
        }
        uniform = nil
        uniformItems = 0
        estimated = Array(repeating: 0, count: (rowCount + 63) / 64)
        rebuild(items)
    }

    private static func clean(_ h: Double) -> Double { h.isFinite && h > 0 ? h : 0 }

    /// Builds the tree from all heights in O(n).
    private mutating func rebuild(_ items: [Double]) {
        heights = items
        tree = [0] + items
        let n = items.count
        var i = 1
        while i <= n {
            let parent = i + (i & -i)
            if parent <= n { tree[parent] += tree[i] }
            i += 1
        }
        total = items.reduce(0, +)
        topPower = 1
        while topPower * 2 <= n { topPower *= 2 }
    }

    /// Bytes kept for the items (partial sums, heights, estimate bits, section starts), for the
    /// benchmark's memory figure: O(sections) while every row has one height.
    package var storedBytes: Int {
        8 * (tree.count + heights.count + estimated.count + sectionItemStart.count + sectionRowStart.count)
    }

    /// Number of items (headers and rows; the footer is not counted).
    public var itemCount: Int { uniform == nil ? heights.count : uniformItems }
    /// Number of sections.
    public var sectionCount: Int { sectionRowStart.count }
    /// True while some row's height is still an estimate.
    public var hasEstimates: Bool { estimatesLeft > 0 }

    /// Height of the whole content, footer included, in surface units.
    public var contentHeight: Double { total + (footer == nil ? 0 : footerHeight) }

    /// The sum of the heights of items `0 ..< i`: the top of item `i`, in surface units.
    public func top(ofItem i: Int) -> Double {
        if i >= itemCount { return total }
        if let h = uniform {
            let s = section(ofItem: i)
            let local = i - sectionItemStart[s]   // 0: the section's header, when it has one
            let above = Double(s) * headerHeight + Double(sectionRowStart[s]) * h
            return above + (headerHeight > 0 && local > 0 ? headerHeight + Double(local - 1) * h : Double(local) * h)
        }
        var s = 0.0
        var k = i
        while k > 0 { s += tree[k]; k -= k & -k }
        return s
    }

    /// Height of item `i` (the footer's for `i == itemCount`), in surface units.
    public func height(ofItem i: Int) -> Double {
        guard i < itemCount else { return footerHeight }
        guard let h = uniform else { return heights[i] }
        return headerHeight > 0 && sectionItemStart[section(ofItem: i)] == i ? headerHeight : h
    }

    /// The index of the item covering content offset `y` (surface units): the last item whose
    /// top is at or above `y`; `itemCount` for the footer, or past all items. Offsets above
    /// the content give item 0.
    public func item(atOffset y: Double) -> Int {
        guard itemCount > 0, y > 0 else { return 0 }
        if uniform != nil {
            // The last item whose top is at or above `y`: tops only grow with the index.
            var lo = 0, hi = itemCount
            while lo < hi {
                let mid = lo + (hi - lo + 1) / 2
                if top(ofItem: mid) <= y { lo = mid } else { hi = mid - 1 }
            }
            return lo
        }
        var pos = 0
        var rest = y
        var step = topPower
        while step > 0 {
            let next = pos + step
            if next <= heights.count, tree[next] <= rest {
                pos = next
                rest -= tree[next]
            }
            step >>= 1
        }
        // `pos` is the last item whose top is at or above `y` (zero-height items before it
        // share its top and are passed over).
        return pos
    }

    /// What item `i` is.
    public func kind(ofItem i: Int) -> ListItem {
        if i >= itemCount { return footer ?? .loadMore }
        let s = section(ofItem: i)
        if headerHeight > 0, sectionItemStart[s] == i { return .header(section: s) }
        return .row(sectionRowStart[s] + i - sectionItemStart[s] - (headerHeight > 0 ? 1 : 0))
    }

    /// The section item `i` belongs to.
    public func section(ofItem i: Int) -> Int { Self.lastAtOrBelow(i, in: sectionItemStart) }

    /// The section row `row` belongs to.
    public func section(ofRow row: Int) -> Int { Self.lastAtOrBelow(row, in: sectionRowStart) }

    /// The item index of row `row`.
    public func item(ofRow row: Int) -> Int {
        let s = section(ofRow: row)
        return sectionItemStart[s] + (headerHeight > 0 ? 1 : 0) + row - sectionRowStart[s]
    }

    /// The item index a section starts at: its header, or its first row without headers.
    public func firstItem(ofSection s: Int) -> Int { sectionItemStart[s] }

    /// The (section, row within the section) of row `row`.
    public func indexPath(ofRow row: Int) -> (section: Int, row: Int) {
        let s = section(ofRow: row)
        return (s, row - sectionRowStart[s])
    }

    private static func lastAtOrBelow(_ v: Int, in starts: [Int]) -> Int {
        var lo = 0, hi = starts.count - 1
        if hi < 0 { return 0 }
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= v { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    private mutating func add(_ delta: Double, at i: Int) {
        var k = i + 1
        while k < tree.count { tree[k] += delta; k += k & -k }
        total += delta
    }

    /// Whether row `row`'s height is still an estimate.
    public func isEstimate(row: Int) -> Bool { estimatedBit(row) }

    /// Gives row `row` its real height (surface units); returns the change in height.
    @discardableResult
    public mutating func setHeight(_ h: Double, ofRow row: Int) -> Double {
        let new = Self.clean(h)
        if let u = uniform {
            if new == u { return 0 }
            materialize()
        }
        let i = item(ofRow: row)
        setEstimated(row, false)
        let delta = new - heights[i]
        guard delta != 0 else { return 0 }
        heights[i] = new
        add(delta, at: i)
        return delta
    }

    /// Appends `count` rows to the last section (starting one when there is none), each
    /// `rowHeight(row)` tall, in O(log n) per row.
    public mutating func appendRows(_ count: Int, rowHeight: (Int) -> Double, isEstimate: (Int) -> Bool = { _ in false }) {
        let n = max(0, count)
        if let current = uniform {
            // Rows of the same height, none an estimate (an empty list takes the first's): still
            // nothing to keep per row.
            let u = rowCount == 0 && n > 0 ? Self.clean(rowHeight(rowCount)) : current
            var same = true
            for r in rowCount..<(rowCount + n) where Self.clean(rowHeight(r)) != u || isEstimate(r) {
                same = false
                break
            }
            if same {
                uniform = u
                if sectionRowStart.isEmpty {
                    sectionItemStart.append(uniformItems)
                    sectionRowStart.append(rowCount)
                    if headerHeight > 0 { uniformItems += 1 }
                }
                uniformItems += n
                rowCount += n
                total = Self.uniformTotal(sections: sectionItemStart.count, header: headerHeight, rows: rowCount, height: u)
                return
            }
            materialize()
        }
        if sectionRowStart.isEmpty {
            sectionItemStart.append(heights.count)
            sectionRowStart.append(rowCount)
            if headerHeight > 0 { append(headerHeight) }
        }
        for _ in 0..<n {
            append(Self.clean(rowHeight(rowCount)))
            if isEstimate(rowCount) { setEstimated(rowCount, true) }
            rowCount += 1
        }
    }

    private mutating func append(_ h: Double) {
        heights.append(h)
        let n = heights.count
        // Node n covers items n - lowbit(n) ..< n: the sum of the range before it, plus h.
        let low = n & -n
        tree.append(top(ofItem: n - 1) - top(ofItem: n - low) + h)
        total += h
        if topPower * 2 <= n { topPower *= 2 }
    }
}

// MARK: Edits

extension ListGeometry {
    /// A row an edit adds: where it goes (its index after the edit), its height (surface units)
    /// and whether that height is an estimate.
    struct NewRow: Sendable {
        var row: Int
        var height: Double
        var isEstimate: Bool
    }

    /// Rows per section now.
    var sectionRowCounts: [Int] {
        sectionRowStart.indices.map { s in (s + 1 < sectionRowStart.count ? sectionRowStart[s + 1] : rowCount) - sectionRowStart[s] }
    }

    /// The geometry after an edit of whole sections: the rows left keep their heights and
    /// estimate flags in order, the `added` rows (all of them in the new sections) take theirs, in
    /// sections of `counts` rows. O(n): section edits are rare, and rebuilt the way a list starts.
    mutating func rebuild(sectionRowCounts counts: [Int], plan: EditPlan, added: [NewRow]) {
        var rows: [(Double, Bool)] = []
        let total = counts.reduce(0, +)
        rows.reserveCapacity(total)
        var gone = plan.removed.makeIterator(), nextGone = gone.next()
        var fresh = added.makeIterator(), nextFresh = fresh.next()
        var old = 0
        while rows.count < total {
            if let f = nextFresh, f.row == rows.count {
                rows.append((f.height, f.isEstimate))
                nextFresh = fresh.next()
                continue
            }
            while old == nextGone { old += 1; nextGone = gone.next() }
            guard old < rowCount else { break }
            rows.append((height(ofItem: item(ofRow: old)), isEstimate(row: old)))
            old += 1
        }
        var next = ListGeometry(sections: counts, headerHeight: headerHeight, rowHeight: { rows[$0].0 },
                                isEstimate: { rows[$0].1 })
        next.footer = footer
        next.footerHeight = footerHeight
        self = next
    }

    /// Sets the sections' starts from their row counts.
    private mutating func setSections(rowCounts counts: [Int]) {
        sectionRowStart.removeAll(keepingCapacity: true)
        sectionItemStart.removeAll(keepingCapacity: true)
        var row = 0, item = 0
        for c in counts {
            sectionRowStart.append(row)
            sectionItemStart.append(item)
            row += c
            item += (headerHeight > 0 ? 1 : 0) + c
        }
        rowCount = row
        if uniform != nil { uniformItems = item }
    }

    /// The section a row added at `row` (its index after the edit) joins: the section holding the
    /// row it pushes down, or the last section when it goes at the end. With `counts` the rows per
    /// section so far.
    private static func section(forNewRow row: Int, counts: [Int]) -> Int {
        var start = 0
        for (s, c) in counts.enumerated() {
            if row < start + c { return s }
            start += c
        }
        return max(0, counts.count - 1)
    }

    /// Removes `removed` rows (indices before the edit, ascending, distinct, valid), then adds
    /// `added` rows (indices after the edit, ascending, distinct), each row keeping its height
    /// and estimate flag through the edit. A list with no section gets one. While every row has
    /// the same height and none is an estimate, this costs O(sections + edits) and keeps nothing
    /// per row; otherwise O(n) at most: one memory move per row for a few rows, one pass for more.
    mutating func edit(removing removed: [Int], adding added: [NewRow]) {
        var counts = sectionRowCounts
        if counts.isEmpty, !added.isEmpty { counts = [0] }
        if let current = uniform {
            // Emptied and refilled, the list takes the first new row's height.
            let u = rowCount == removed.count ? added.first.map { Self.clean($0.height) } ?? current : current
            if added.allSatisfy({ Self.clean($0.height) == u && !$0.isEstimate }) {
                for r in removed { counts[section(ofRow: r)] -= 1 }
                for a in added { counts[Self.section(forNewRow: a.row, counts: counts)] += 1 }
                uniform = u
                setSections(rowCounts: counts)
                total = Self.uniformTotal(sections: counts.count, header: headerHeight, rows: rowCount, height: u)
                return
            }
        }
        materialize()
        var firstChanged = Int.max
        if sectionRowStart.isEmpty, !counts.isEmpty {
            // The new section, its header first.
            firstChanged = heights.count
            sectionItemStart = [heights.count]
            sectionRowStart = [0]
            if headerHeight > 0 { heights.append(headerHeight) }
        }
        if removed.count + added.count <= 32 {
            firstChanged = min(firstChanged, editInPlace(removing: removed, adding: added, counts: &counts))
        } else {
            firstChanged = editInOnePass(removing: removed, adding: added, counts: &counts)
        }
        setSections(rowCounts: counts)
        rebuildTree(from: firstChanged)
    }

    /// A few rows: one memory move each. Returns the first item whose place changed.
    private mutating func editInPlace(removing removed: [Int], adding added: [NewRow], counts: inout [Int]) -> Int {
        var first = Int.max
        for r in removed.reversed() {
            let s = section(ofRow: r)
            let i = item(ofRow: r)
            heights.remove(at: i)
            removeBit(at: r)
            counts[s] -= 1
            for k in (s + 1)..<sectionItemStart.count { sectionItemStart[k] -= 1; sectionRowStart[k] -= 1 }
            rowCount -= 1
            first = min(first, i)
        }
        for a in added {
            let s = Self.section(forNewRow: a.row, counts: counts)
            let i = sectionItemStart[s] + (headerHeight > 0 ? 1 : 0) + (a.row - sectionRowStart[s])
            heights.insert(Self.clean(a.height), at: i)
            insertBit(at: a.row, a.isEstimate)
            counts[s] += 1
            for k in (s + 1)..<sectionItemStart.count { sectionItemStart[k] += 1; sectionRowStart[k] += 1 }
            rowCount += 1
            first = min(first, i)
        }
        return first
    }

    /// Many rows: the heights and estimate flags rebuilt in one pass. Returns the first item whose
    /// place changed.
    private mutating func editInOnePass(removing removed: [Int], adding added: [NewRow], counts: inout [Int]) -> Int {
        // Rows left after the removals, section by section, with their heights and flags.
        var kept: [Double] = []
        var keptEstimate: [Bool] = []
        kept.reserveCapacity(rowCount - removed.count + added.count)
        var gone = removed.makeIterator()
        var nextGone = gone.next()
        for row in 0..<rowCount {
            if row == nextGone {
                counts[section(ofRow: row)] -= 1
                nextGone = gone.next()
                continue
            }
            kept.append(heights[item(ofRow: row)])
            keptEstimate.append(estimatedBit(row))
        }
        // The additions, in their places after the edit.
        var rows: [Double] = []
        var rowEstimate: [Bool] = []
        rows.reserveCapacity(kept.count + added.count)
        var k = 0
        for a in added {
            while rows.count < a.row, k < kept.count { rows.append(kept[k]); rowEstimate.append(keptEstimate[k]); k += 1 }
            counts[Self.section(forNewRow: min(a.row, rows.count), counts: counts)] += 1
            rows.append(Self.clean(a.height))
            rowEstimate.append(a.isEstimate)
        }
        while k < kept.count { rows.append(kept[k]); rowEstimate.append(keptEstimate[k]); k += 1 }
        // Headers back between the sections.
        heights.removeAll(keepingCapacity: true)
        estimated = Array(repeating: 0, count: (rows.count + 63) / 64)
        estimatesLeft = 0
        var r = 0
        for c in counts {
            if headerHeight > 0 { heights.append(headerHeight) }
            for _ in 0..<c {
                heights.append(rows[r])
                if rowEstimate[r] { setEstimated(r, true) }
                r += 1
            }
        }
        return 0
    }

    private mutating func removeBit(at row: Int) {
        if estimatedBit(row) { estimatesLeft -= 1 }
        guard row / 64 < estimated.count else { return }
        // Bits above `row` move down one place.
        for w in (row / 64)..<estimated.count {
            let word = estimated[w]
            let low = w == row / 64 ? word & ((1 << UInt64(row % 64)) - 1) : 0
            let high = w == row / 64 ? (word >> 1) & ~((1 << UInt64(row % 64)) - 1) : word >> 1
            let carry: UInt64 = w + 1 < estimated.count ? (estimated[w + 1] & 1) << 63 : 0
            estimated[w] = low | high | carry
        }
    }

    private mutating func insertBit(at row: Int, _ on: Bool) {
        while estimated.count <= (rowCount + 1) / 64 { estimated.append(0) }
        // Bits at and above `row` move up one place.
        var carry: UInt64 = 0
        for w in (row / 64)..<estimated.count {
            let word = estimated[w]
            let lowMask: UInt64 = w == row / 64 ? (1 << UInt64(row % 64)) - 1 : 0
            let moved = (word & ~lowMask) << 1
            let out = word >> 63
            estimated[w] = (word & lowMask) | moved | (w == row / 64 ? 0 : carry)
            if w == row / 64 { estimated[w] &= ~(1 << UInt64(row % 64)) }
            carry = out
        }
        if on { estimated[row / 64] |= 1 << UInt64(row % 64); estimatesLeft += 1 }
    }

    /// Rebuilds the partial sums of the items from `first` on, in place and in one pass: node `k`
    /// is its own height plus its children (`k − 1`, `k − 2`, `k − 4`, … above `k − lowbit(k)`),
    /// and the children below `first` are unchanged. A node has one child on average, so this is
    /// O(n − first).
    private mutating func rebuildTree(from first: Int) {
        let n = heights.count
        let from = max(0, min(first, n))
        if tree.count > n + 1 { tree.removeSubrange((n + 1)...) }
        while tree.count < n + 1 { tree.append(0) }
        heights.withUnsafeBufferPointer { h in
            tree.withUnsafeMutableBufferPointer { t in
                var k = from + 1
                while k <= n {
                    var v = h[k - 1]
                    let low = k & -k
                    var step = 1
                    while step < low { v += t[k - step]; step <<= 1 }
                    t[k] = v
                    k += 1
                }
            }
        }
        topPower = 1
        while topPower * 2 <= n { topPower *= 2 }
        var sum = 0.0
        var k = n
        while k > 0 { sum += tree[k]; k -= k & -k }
        total = sum
    }
}
