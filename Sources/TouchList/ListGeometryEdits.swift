// Edits of a list's geometry: rows and sections removed and added, each item's height moving
// with it. ListGeometry.swift holds the geometry itself, HeightBlocks.swift its heights.

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
        if sectionRowStart.isEmpty, !counts.isEmpty {
            // The new section, its header first.
            sectionItemStart = [items.count]
            sectionRowStart = [0]
            if headerHeight > 0 { items.append(headerHeight) }
        }
        // One row at a time costs about a block and the blocks' tops; one pass costs every item.
        let ops = removed.count + added.count
        if ops <= 8 || ops * (2 * items.blockSize + items.blocks.count) <= items.count {
            editInPlace(removing: removed, adding: added, counts: &counts)
        } else {
            editInOnePass(removing: removed, adding: added, counts: &counts)
        }
        setSections(rowCounts: counts)
    }

    /// A few rows: each removed from its block or inserted in one, O(√n)-ish a row.
    private mutating func editInPlace(removing removed: [Int], adding added: [NewRow], counts: inout [Int]) {
        for r in removed.reversed() {
            let s = section(ofRow: r)
            items.remove(at: item(ofRow: r))
            removeBit(at: r)
            counts[s] -= 1
            for k in (s + 1)..<sectionItemStart.count { sectionItemStart[k] -= 1; sectionRowStart[k] -= 1 }
            rowCount -= 1
        }
        for a in added {
            let s = Self.section(forNewRow: a.row, counts: counts)
            let i = sectionItemStart[s] + (headerHeight > 0 ? 1 : 0) + (a.row - sectionRowStart[s])
            items.insert(Self.clean(a.height), at: i)
            insertBit(at: a.row, a.isEstimate)
            counts[s] += 1
            for k in (s + 1)..<sectionItemStart.count { sectionItemStart[k] += 1; sectionRowStart[k] += 1 }
            rowCount += 1
        }
    }

    /// Many rows: the heights and estimate flags rebuilt in one pass, O(n).
    private mutating func editInOnePass(removing removed: [Int], adding added: [NewRow], counts: inout [Int]) {
        let heights = items.all
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
        var next: [Double] = []
        next.reserveCapacity(heights.count - removed.count + added.count)
        estimated = Array(repeating: 0, count: (rows.count + 63) / 64)
        estimatesLeft = 0
        var r = 0
        for c in counts {
            if headerHeight > 0 { next.append(headerHeight) }
            for _ in 0..<c {
                next.append(rows[r])
                if rowEstimate[r] { setEstimated(r, true) }
                r += 1
            }
        }
        items = HeightBlocks(next)
    }

    private mutating func removeBit(at row: Int) {
        if estimatedBit(row) { estimatesLeft -= 1 } else if estimatesLeft == 0 { return }   // all bits clear
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
        guard estimatesLeft > 0 else {
            // All bits clear: nothing to move.
            if on { estimated[row / 64] |= 1 << UInt64(row % 64); estimatesLeft += 1 }
            return
        }
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
}
