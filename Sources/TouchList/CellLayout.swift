/// One cell a renderer draws: which item, in which reusable slot, and where.
public struct VisibleCell: Hashable, Sendable {
    /// What the cell shows.
    public var item: ListItem
    /// The reusable slot it occupies: a row keeps its slot while it stays visible, and a row
    /// coming into view takes a slot freed by one that left (0-based).
    public var slot: Int
    /// The surface y of the cell's top edge, in surface units (may lie above the viewport
    /// for a cell cut at the top).
    public var y: Double
    /// The cell's height, in surface units.
    public var height: Double
    /// True for a section header stuck to the top of the viewport.
    public var pinned: Bool

    /// A cell: what it shows, its reusable slot, its top and height (surface units), and whether it is a pinned header.
    public init(item: ListItem, slot: Int, y: Double, height: Double, pinned: Bool) {
        self.item = item
        self.slot = slot
        self.y = y
        self.height = height
        self.pinned = pinned
    }
}


extension ListModel {
    /// The most cells ``layoutCells()`` lays out (4,096): more than a screen has lines of pixels
    /// (a 4K panel has 2,160), so only rows thinner than a pixel are left out. Without a bound,
    /// a list of 10⁷ hairline rows laid out 10⁷ cells (1.3 GB to render one picture).
    public static let maxCells = 4096

    /// How many items (headers, rows, the footer) lie in the viewport at the current offset,
    /// whether or not ``layoutCells()`` lays them all out. O(log n) for n rows.
    public var itemsInView: Int {
        guard geometry.itemCount > 0 || geometry.footer != nil else { return 0 }
        let first = geometry.item(atOffset: max(0, contentOffset))
        let bottom = max(0, contentOffset + layout.height)
        var last = geometry.item(atOffset: bottom)
        // An item whose top is the viewport's bottom edge is not in view.
        if last > first, geometry.top(ofItem: last) >= bottom { last -= 1 }
        let end = min(last, geometry.itemCount - (geometry.footer == nil ? 1 : 0))
        return max(0, end - first + 1)
    }

    /// Lays out the cells visible at the current offset, each in a reusable slot, and returns
    /// them top to bottom (a pinned header first). Rows whose heights are estimates get their
    /// real heights as they come into view (the content height follows; a row measured above
    /// the viewport's top moves the offset with it, so that what shows does not jump).
    /// Costs O(log n + visible cells) for n rows, and lays out at most ``maxCells`` cells.
    @discardableResult
    public mutating func layoutCells() -> [VisibleCell] {
        // Measuring may change what is visible; each pass measures at least one row.
        var measuring = geometry.hasEstimates
        while measuring {
            measuring = false
            var i = geometry.item(atOffset: max(0, contentOffset))
            var y = geometry.top(ofItem: i)     // item i's top, kept as the loop goes down
            var measured = 0
            while i < geometry.itemCount, y < contentOffset + layout.height, measured < Self.maxCells {
                measured += 1
                if case .row(let r) = geometry.kind(ofItem: i), geometry.isEstimate(row: r) {
                    let delta = geometry.setHeight(realHeight(ofRow: r), ofRow: r)
                    if y < contentOffset, delta != 0 { contentOffset += delta }
                    measuring = measuring || delta != 0
                }
                y += geometry.height(ofItem: i)
                i += 1
            }
        }
        cells.removeAll(keepingCapacity: true)
        let top = layout.top
        let bottom = contentOffset + layout.height
        let pinned = pinnedHeader()
        if let (s, y) = pinned {
            cells.append(VisibleCell(item: .header(section: s), slot: 0, y: top + y,
                                     height: geometry.headerHeight, pinned: true))
        }
        var i = geometry.item(atOffset: max(0, contentOffset))
        var y = geometry.top(ofItem: i)
        while y < bottom, cells.count < Self.maxCells {
            let count = geometry.itemCount
            if i > count || (i == count && geometry.footer == nil) { break }
            let h = geometry.height(ofItem: i)
            let kind = geometry.kind(ofItem: i)
            if case .header(let s) = kind, pinned?.0 == s {
                // Drawn pinned instead.
            } else if h > 0 {
                cells.append(VisibleCell(item: kind, slot: 0, y: top + y - contentOffset, height: h, pinned: false))
            }
            y += h
            i += 1
        }
        assignSlots()
        return cells
    }

    private func key(_ item: ListItem) -> Int {
        switch item {
        case .header(let s): -4 - 2 * s
        case .row(let r): identities.id(ofRow: r)   // a cell keeps its slot through edits
        case .loadMore: -2
        case .loading: -3
        }
    }

    /// Keeps each cell that stays visible in its slot, and gives each new one the lowest free
    /// slot: the slots in use never outnumber the cells on screen at once. O(cells + slots)
    /// with hashing, and allocation-free once the tables have grown (a linear search for each
    /// cell made 10⁵ visible rows cost seconds).
    private mutating func assignSlots() {
        layoutGeneration &+= 1
        let generation = layoutGeneration
        newKeys.removeAll(keepingCapacity: true)        // here: indices of cells with no slot yet
        for k in cells.indices {
            let key = key(cells[k].item)
            if let s = slotOfKey[key] {
                cells[k].slot = s
                slotSeen[s] = generation
            } else {
                newKeys.append(k)
            }
        }
        // Free the slots of items no longer shown.
        for s in slotKeys.indices where slotKeys[s] != .min && slotSeen[s] != generation {
            slotOfKey[slotKeys[s]] = nil
            slotKeys[s] = .min
        }
        // New cells take the lowest free slots, in order.
        var s = 0
        for k in newKeys {
            while s < slotKeys.count, slotKeys[s] != .min { s += 1 }
            let key = key(cells[k].item)
            if s == slotKeys.count {
                slotKeys.append(key)
                slotSeen.append(generation)
            } else {
                slotKeys[s] = key
                slotSeen[s] = generation
            }
            slotOfKey[key] = s
            cells[k].slot = s
            s += 1
        }
        slotCount = max(slotCount, slotKeys.count)
    }
}
