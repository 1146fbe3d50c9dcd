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
/// what a list of ten does. The first row given another height (or an estimate) turns the
/// geometry into blocks of heights with their running sums, in which finding
/// the item at an offset or the offset of an item costs O(log n), appending a row O(1), and
/// changing, inserting or removing one O(√n)-ish (one block, then the blocks after it); the
/// content height is known at once: 16 bytes an item, and one bit a row for estimates.
public struct ListGeometry: Sendable {
    /// The height every row has, in surface units, while the geometry keeps nothing per row
    /// (`items` and `estimated` empty); `nil` once a row has another height.
    var uniform: Double?
    /// The number of items (headers and rows) while `uniform` is set.
    var uniformItems = 0
    /// Each item's height and top, in surface units, once `uniform` is `nil`.
    var items = HeightBlocks() {
        didSet { total = items.total }   // no `oldValue`: the blocks are changed in place
    }
    /// The item index each section starts at (its header, or its first row without headers).
    var sectionItemStart: [Int] = []
    /// The first row of each section.
    var sectionRowStart: [Int] = []
    /// Whether each row's height is still an estimate: a bit a row, bit `r % 64` of word `r / 64`.
    var estimated: [UInt64] = []
    var estimatesLeft = 0
    /// The sum of the items' heights, in surface units (kept: every frame asks for it).
    var total = 0.0

    /// Height of each section header, in surface units (0: no headers).
    public let headerHeight: Double
    /// Number of rows, all sections together.
    public internal(set) var rowCount = 0
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
        self.items = HeightBlocks(items)
        total = self.items.total   // observers do not run in an initializer
    }

    /// The content's height while every row is `height` tall, in surface units.
    static func uniformTotal(sections: Int, header: Double, rows: Int, height: Double) -> Double {
        Double(sections) * header + Double(rows) * height
    }

    func estimatedBit(_ row: Int) -> Bool {
        row / 64 < estimated.count && estimated[row / 64] & (1 << UInt64(row % 64)) != 0
    }

    mutating func setEstimated(_ row: Int, _ on: Bool) {
        while estimated.count <= row / 64 { estimated.append(0) }
        let bit: UInt64 = 1 << UInt64(row % 64)
        let was = estimated[row / 64] & bit != 0
        guard was != on else { return }
        if on { estimated[row / 64] |= bit; estimatesLeft += 1 } else { estimated[row / 64] &= ~bit; estimatesLeft -= 1 }
    }

    /// Keeps every item's height from now on (a row is about to get another height than the
    /// others, or an estimate): O(n) once.
    mutating func materialize() {
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
        self.items = HeightBlocks(items)
    }

    static func clean(_ h: Double) -> Double { h.isFinite && h > 0 ? h : 0 }

    /// Bytes kept for the items (heights and their sums, estimate bits, section starts), for the
    /// benchmark's memory figure: O(sections) while every row has one height.
    package var storedBytes: Int {
        items.storedBytes + 8 * (estimated.count + sectionItemStart.count + sectionRowStart.count)
    }

    /// Number of items (headers and rows; the footer is not counted).
    public var itemCount: Int { uniform == nil ? items.count : uniformItems }
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
        return items.top(ofItem: i)
    }

    /// Height of item `i` (the footer's for `i == itemCount`), in surface units.
    public func height(ofItem i: Int) -> Double {
        guard i < itemCount else { return footerHeight }
        guard let h = uniform else { return items[i] }
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
        return items.item(atOffset: y)
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

    static func lastAtOrBelow(_ v: Int, in starts: [Int]) -> Int {
        var lo = 0, hi = starts.count - 1
        if hi < 0 { return 0 }
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= v { lo = mid } else { hi = mid - 1 }
        }
        return lo
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
        return items.setHeight(new, ofItem: i)
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
            sectionItemStart.append(items.count)
            sectionRowStart.append(rowCount)
            if headerHeight > 0 { append(headerHeight) }
        }
        for _ in 0..<n {
            append(Self.clean(rowHeight(rowCount)))
            if isEstimate(rowCount) { setEstimated(rowCount, true) }
            rowCount += 1
        }
    }

    mutating func append(_ h: Double) { items.append(h) }
}
