/// The heights of a list's items in order, kept in blocks of about `blockSize` items, each block
/// with a Fenwick tree (binary indexed tree of partial sums) of its heights, and one more Fenwick
/// tree over the blocks' sums. Beside them, an array holds each block's first item. All lengths
/// are in surface units.
///
/// For n items in blocks of b (b = 256 by default, so about n / b blocks):
/// - an item's top: its block (guessed from `i / b` and checked against the blocks' starts, or
///   found by a binary search once edits have moved them far), then the nodes of the blocks' tree
///   and of the block's: O(log n), as one flat tree;
/// - the item at an offset: a descent of the blocks' tree, then of the block's: O(log n);
/// - a height changed, or a row appended: O(log n);
/// - an item inserted or removed: its block's heights moved and its tree rebuilt (≤ 2b), the
///   blocks' starts after it moved by one (n / b) and the blocks' tree updated (log n):
///   O(b + n / b), where one flat tree rebuilds everything after the item, O(n).
///
/// Measured (BENCHMARKS.md, "Editing the list"): one row inserted, then deleted, in the middle of
/// 1,000,000 rows of varied heights took a median of 0.77–1.36 ms with the one flat tree this
/// replaces, and takes 4–8 µs in blocks of 256, the whole `performEdits` timed (29 thousand
/// instructions against 4.9 million); the memory is the same 16 bytes an item plus 32 bytes a
/// block (+0.8%). A fling's frame pays 2,300 instructions more (+18% in `layoutCells`).
///
/// Why written here: the nearest kept library, swift-collections' `_RopeModule` (1.6.0, a B-tree
/// with per-node summaries), is underscored (no source-stability promise) and measures its
/// elements in `Int`s, so it cannot find the item at a content offset in surface units, which is
/// what every frame asks. This type is held to a plain array of heights and their running sums
/// in `HeightBlocksTests`, across splits and merges of blocks.
struct HeightBlocks: Sendable {
    /// A run of consecutive items: their heights and a Fenwick tree of them.
    struct Block: Sendable {
        /// Each item's height.
        var heights: [Double] = []
        /// Partial sums, 1-based: `tree[k]` adds up items `k − lowbit(k) ..< k`.
        var tree: [Double] = [0]
        /// The largest power of two not above the number of items.
        var topPower = 1
        /// The sum of the heights, as `accumulate(0, upTo: count)` gives it.
        var sum = 0.0

        init(_ heights: ArraySlice<Double>) {
            self.heights = Array(heights)
            rebuild()
        }

        var count: Int { heights.count }

        /// `acc` plus the heights of items `0 ..< k`, the tree's nodes added from the largest
        /// down: the order ``index(above:from:)`` adds them in, so that the two agree to the bit.
        func accumulate(_ acc: Double, upTo k: Int) -> Double {
            tree.withUnsafeBufferPointer { HeightBlocks.accumulate(acc, $0, upTo: k) }
        }

        /// The last item whose top (`acc` plus the heights before it) is at or above `y`.
        func index(above y: Double, from acc: Double) -> Int {
            let n = heights.count
            return min(tree.withUnsafeBufferPointer { HeightBlocks.descend($0, count: n, topPower: topPower, from: acc, to: y).pos }, n - 1)
        }

        /// Every node anew from the heights: O(count).
        mutating func rebuild() {
            topPower = HeightBlocks.build(&tree, from: heights)
            sum = accumulate(0, upTo: heights.count)
        }

        /// Item `k`'s height grows by `delta`: O(log count).
        mutating func add(_ delta: Double, at k: Int) {
            var j = k + 1
            while j < tree.count {
                tree[j] += delta
                j += j & -j
            }
            sum = accumulate(0, upTo: heights.count)
        }

        /// Adds an item after the last: its node is its height plus its children's, O(log count).
        mutating func append(_ h: Double) {
            heights.append(h)
            let n = heights.count
            var v = h
            var step = 1
            while step < n & -n {
                v += tree[n - step]
                step <<= 1
            }
            tree.append(v)
            if topPower * 2 <= n { topPower *= 2 }
            sum = accumulate(0, upTo: n)
        }
    }

    /// The blocks, none empty.
    private(set) var blocks: [Block] = []
    /// The index of each block's first item.
    private(set) var starts: [Int] = []
    /// The sum of each block's heights.
    private(set) var sums: [Double] = []
    /// Partial sums of `sums`, 1-based: `tree[j]` adds up blocks `j − lowbit(j) ..< j`.
    private var tree: [Double] = [0]
    /// The largest power of two not above the number of blocks (1 with none).
    private var topPower = 1
    /// Number of items.
    private(set) var count = 0
    /// The size blocks are built with; a block splits in two past twice this, and one under a
    /// quarter of it joins its neighbour when the two fit in twice this.
    /// A power of two, so that an item's block is guessed with a shift (a division cost more
    /// than the rest of the guess).
    let blockSize: Int
    /// `log2(blockSize)`.
    private let blockShift: Int

    /// The items `heights`, in blocks of `blockSize` (rounded up to a power of two, 2 at least).
    init(_ heights: [Double] = [], blockSize: Int = Self.defaultBlockSize) {
        var shift = 1
        while 1 << shift < blockSize { shift += 1 }
        blockShift = shift
        self.blockSize = 1 << shift
        var i = 0
        while i < heights.count {
            let end = min(heights.count, i + self.blockSize)
            blocks.append(Block(heights[i..<end]))
            i = end
        }
        restructure()
    }

    /// Items a block is built with: an edit costs about a block's items (rebuilt) plus the
    /// blocks' count (their starts moved), so near √n for the million rows the benchmark edits
    /// (256 items, 3,906 blocks: 4–8 µs an edit, BENCHMARKS.md "Editing the list"); lookups
    /// cost the same O(log n) whatever the size.
    static let defaultBlockSize = 256

    /// Bytes kept for the items: the heights and their trees, and per block its first item, its
    /// sum and its node in the blocks' tree.
    var storedBytes: Int {
        var n = starts.count + sums.count + tree.count
        for b in blocks { n += b.heights.count + b.tree.count }
        return 8 * n
    }

    /// All heights, in order.
    var all: [Double] {
        var out: [Double] = []
        out.reserveCapacity(count)
        for b in blocks { out.append(contentsOf: b.heights) }
        return out
    }

    /// The sum of all heights, as `top(ofBlock: blocks.count)` gives it.
    private(set) var total = 0.0

    /// The sum of the heights of blocks `0 ..< b`, its nodes added from the largest down, in the
    /// order `item(atOffset:)` adds them, so that the two agree to the last bit.
    func top(ofBlock b: Int) -> Double {
        tree.withUnsafeBufferPointer { Self.accumulate(0, $0, upTo: b) }
    }

    /// `acc` plus nodes of the Fenwick tree `t` adding up its first `k` elements, from the
    /// largest node down (one a bit of `k`): the nodes and the order `descend` adds.
    static func accumulate(_ acc: Double, _ t: UnsafeBufferPointer<Double>, upTo k: Int) -> Double {
        var acc = acc
        var pos = 0
        var rest = k
        while rest != 0 {
            let bit = 1 << (Int.bitWidth - 1 - rest.leadingZeroBitCount)
            pos += bit
            acc += t[pos]
            rest ^= bit
        }
        return acc
    }

    /// The most elements of the Fenwick tree `t` (`count` of them) whose sum, added to `acc`
    /// from the largest node down, stays at or below `y`; with that sum.
    static func descend(_ t: UnsafeBufferPointer<Double>, count: Int, topPower: Int, from acc: Double,
                        to y: Double) -> (pos: Int, acc: Double) {
        var acc = acc
        var pos = 0
        var step = topPower
        while step > 0 {
            if pos + step <= count, acc + t[pos + step] <= y {
                pos += step
                acc += t[pos]
            }
            step >>= 1
        }
        return (pos, acc)
    }

    /// The block holding item `i` (`0 ..< count`) and the item's place in it.
    func locate(_ i: Int) -> (block: Int, at: Int) {
        // Blocks are built full, and edits move their starts little: the guess is usually right,
        // or one block off, which saves a frame's lookups a binary search each.
        let n = starts.count
        var g = min(n - 1, i >> blockShift)
        if starts[g] > i, g > 0, starts[g - 1] <= i { g -= 1 }
        if starts[g] <= i, g + 1 == n || starts[g + 1] > i { return (g, i - starts[g]) }
        var lo = 0, hi = n - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= i { lo = mid } else { hi = mid - 1 }
        }
        return (lo, i - starts[lo])
    }

    /// The height of item `i` (`0 ..< count`).
    subscript(i: Int) -> Double {
        let (b, k) = locate(i)
        return blocks[b].heights[k]
    }

    /// The sum of the heights of items `0 ..< i`; `total` from `count` on.
    func top(ofItem i: Int) -> Double {
        guard i < count else { return total }
        let (b, k) = locate(i)
        return blocks[b].accumulate(top(ofBlock: b), upTo: k)
    }

    /// The last item whose top is at or above `y`, `count` when `y` reaches the total; 0 for
    /// `y ≤ 0`. Items of no height before it share its top and are passed over.
    func item(atOffset y: Double) -> Int {
        guard count > 0, y > 0 else { return 0 }
        if y >= total { return count }
        // The last block whose top is at or above y: a descent of the blocks' tree.
        let (pos, acc) = tree.withUnsafeBufferPointer {
            Self.descend($0, count: blocks.count, topPower: topPower, from: 0, to: y)
        }
        let b = min(pos, blocks.count - 1)
        return starts[b] + blocks[b].index(above: y, from: b == pos ? acc : top(ofBlock: b))
    }

    /// Gives item `i` (`0 ..< count`) the height `h`; returns the change.
    @discardableResult
    mutating func setHeight(_ h: Double, ofItem i: Int) -> Double {
        let (b, k) = locate(i)
        let delta = h - blocks[b].heights[k]
        guard delta != 0 else { return 0 }
        blocks[b].heights[k] = h
        blocks[b].add(delta, at: k)
        resum(block: b)
        return delta
    }

    /// Adds an item of height `h` after the last: O(log(n / b)), and O(n / b) for a new block
    /// every `blockSize` items.
    mutating func append(_ h: Double) {
        if let last = blocks.indices.last, blocks[last].heights.count < blockSize {
            blocks[last].append(h)
            count += 1
            resum(block: last)
            return
        }
        blocks.append(Block([h][...]))
        restructure()
    }

    /// Inserts an item of height `h` at index `i` (`0 ... count`).
    mutating func insert(_ h: Double, at i: Int) {
        guard i < count else { return append(h) }
        let (b, k) = locate(i)
        blocks[b].heights.insert(h, at: k)
        if blocks[b].heights.count > 2 * blockSize {
            let half = blocks[b].heights.count / 2
            let upper = Block(blocks[b].heights[half...])
            blocks[b].heights.removeSubrange(half...)
            blocks[b].rebuild()
            blocks.insert(upper, at: b + 1)
            return restructure()
        }
        blocks[b].rebuild()
        recount(from: b + 1, by: 1)
        resum(block: b)
    }

    /// Removes item `i` (`0 ..< count`); returns its height.
    @discardableResult
    mutating func remove(at i: Int) -> Double {
        let (b, k) = locate(i)
        let h = blocks[b].heights.remove(at: k)
        blocks[b].rebuild()
        if blocks[b].heights.isEmpty {
            blocks.remove(at: b)
            restructure()
        } else if blocks[b].heights.count < blockSize / 4,
                  case let other = b + 1 < blocks.count ? b + 1 : b - 1, other >= 0,
                  blocks[other].heights.count + blocks[b].heights.count <= 2 * blockSize {
            // A small block joins a neighbour when the two fit in one.
            let (first, second) = (min(b, other), max(b, other))
            blocks[first].heights.append(contentsOf: blocks[second].heights)
            blocks[first].rebuild()
            blocks.remove(at: second)
            restructure()
        } else {
            recount(from: b + 1, by: -1)
            resum(block: b)
        }
        return h
    }

    /// Block `b`'s sum changed: its node and the nodes above it, O(log(n / b)).
    private mutating func resum(block b: Int) {
        let delta = blocks[b].sum - sums[b]
        guard delta != 0 else { return }
        sums[b] = blocks[b].sum
        var j = b + 1
        while j < tree.count {
            tree[j] += delta
            j += j & -j
        }
        total = top(ofBlock: blocks.count)
    }

    /// Blocks `b` on start `by` items later.
    private mutating func recount(from b: Int, by d: Int) {
        starts.withUnsafeMutableBufferPointer { s in
            var j = b
            while j < s.count { s[j] += d; j += 1 }
        }
        count += d
    }

    /// Blocks added or removed: every block's first item, sum and node anew, O(n / b).
    private mutating func restructure() {
        let n = blocks.count
        starts.removeAll(keepingCapacity: true)
        sums.removeAll(keepingCapacity: true)
        var first = 0
        for b in blocks {
            starts.append(first)
            sums.append(b.sum)
            first += b.heights.count
        }
        count = first
        topPower = Self.build(&tree, from: sums)
        total = top(ofBlock: n)
    }

    /// Fills `tree` with the Fenwick tree of `values` (1-based, O(n)); returns the largest power of
    /// two not above their count (1 for none), where a descent starts. The blocks' trees and the
    /// tree over the blocks are both built here.
    static func build(_ tree: inout [Double], from values: [Double]) -> Int {
        let n = values.count
        tree.removeAll(keepingCapacity: true)
        tree.append(0)
        tree.append(contentsOf: values)
        tree.withUnsafeMutableBufferPointer { t in
            var j = 1
            while j <= n {
                let parent = j + (j & -j)
                if parent <= n { t[parent] += t[j] }
                j += 1
            }
        }
        var top = 1
        while top * 2 <= n { top *= 2 }
        return top
    }
}
