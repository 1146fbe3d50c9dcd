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
/// Heights are kept in a Fenwick tree (a binary indexed tree of partial sums), so finding the
/// item at an offset, the offset of an item, changing one height and appending a row each cost
/// O(log n) for n items, and the content height is known at once. That is what keeps a frame's
/// layout work the same for a thousand rows or a million.
public struct ListGeometry: Sendable {
    /// Partial sums, 1-based: `tree[i]` sums the heights of items `i - lowbit(i) ..< i`.
    private var tree: [Double] = [0]
    /// Each item's height, in surface units.
    private var heights: [Double] = []
    /// The item index each section starts at (its header, or its first row without headers).
    private var sectionItemStart: [Int] = []
    /// The first row of each section.
    private var sectionRowStart: [Int] = []
    /// Whether each row's height is still an estimate.
    private var estimated: [Bool] = []
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
        var items: [Double] = []
        items.reserveCapacity(sections.reduce(0) { $0 + max(0, $1) } + sections.count)
        var row = 0
        for count in sections {
            sectionItemStart.append(items.count)
            sectionRowStart.append(row)
            if self.headerHeight > 0 { items.append(self.headerHeight) }
            for _ in 0..<max(0, count) {
                items.append(Self.clean(rowHeight(row)))
                let e = isEstimate(row)
                estimated.append(e)
                if e { estimatesLeft += 1 }
                row += 1
            }
        }
        rowCount = row
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

    /// Number of items (headers and rows; the footer is not counted).
    public var itemCount: Int { heights.count }
    /// Number of sections.
    public var sectionCount: Int { sectionRowStart.count }
    /// True while some row's height is still an estimate.
    public var hasEstimates: Bool { estimatesLeft > 0 }

    /// Height of the whole content, footer included, in surface units.
    public var contentHeight: Double { total + (footer == nil ? 0 : footerHeight) }

    /// The sum of the heights of items `0 ..< i`: the top of item `i`, in surface units.
    public func top(ofItem i: Int) -> Double {
        if i >= heights.count { return total }
        var s = 0.0
        var k = i
        while k > 0 { s += tree[k]; k -= k & -k }
        return s
    }

    /// Height of item `i` (the footer's for `i == itemCount`), in surface units.
    public func height(ofItem i: Int) -> Double { i < heights.count ? heights[i] : footerHeight }

    /// The index of the item covering content offset `y` (surface units): the last item whose
    /// top is at or above `y`; `itemCount` for the footer, or past all items. Offsets above
    /// the content give item 0.
    public func item(atOffset y: Double) -> Int {
        guard !heights.isEmpty, y > 0 else { return 0 }
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
        if i >= heights.count { return footer ?? .loadMore }
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
    public func isEstimate(row: Int) -> Bool { estimated[row] }

    /// Gives row `row` its real height (surface units); returns the change in height.
    @discardableResult
    public mutating func setHeight(_ h: Double, ofRow row: Int) -> Double {
        let i = item(ofRow: row)
        let new = Self.clean(h)
        if estimated[row] { estimated[row] = false; estimatesLeft -= 1 }
        let delta = new - heights[i]
        guard delta != 0 else { return 0 }
        heights[i] = new
        add(delta, at: i)
        return delta
    }

    /// Appends `count` rows to the last section (starting one when there is none), each
    /// `rowHeight(row)` tall, in O(log n) per row.
    public mutating func appendRows(_ count: Int, rowHeight: (Int) -> Double, isEstimate: (Int) -> Bool = { _ in false }) {
        if sectionRowStart.isEmpty {
            sectionItemStart.append(heights.count)
            sectionRowStart.append(rowCount)
            if headerHeight > 0 { append(headerHeight) }
        }
        for _ in 0..<max(0, count) {
            append(Self.clean(rowHeight(rowCount)))
            let e = isEstimate(rowCount)
            estimated.append(e)
            if e { estimatesLeft += 1 }
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
