import Testing
@testable import TouchList

/// The blocks of heights held to a plain array and its running sums, through enough inserts and
/// removals (in blocks of 8, so that blocks split, empty and join often) to reach every path.
@Suite("Height blocks against a plain array")
struct HeightBlocksTests {
    /// Checks every top, every item at an offset (at each top, just below and just above it,
    /// and past the end), the count, the total and the blocks' shape.
    static func check(_ b: HeightBlocks, _ plain: [Double], _ note: String) {
        #expect(b.count == plain.count, "\(note): count")
        #expect(b.all == plain, "\(note): heights in order")
        var top = 0.0
        var tops: [Double] = []
        for h in plain { tops.append(top); top += h }
        #expect(b.total == top, "\(note): total")
        for i in 0...plain.count {
            #expect(b.top(ofItem: i) == (i < plain.count ? tops[i] : top), "\(note): top of \(i)")
        }
        // The last item whose top is at or above y, the total's index past the end.
        func expected(_ y: Double) -> Int {
            guard y > 0, !plain.isEmpty else { return 0 }
            if y >= top { return plain.count }
            return (tops.lastIndex { $0 <= y }) ?? 0
        }
        let probes: [Double] = tops.flatMap { t -> [Double] in [t - 0.5, t, t + 0.5] } + [top, top + 1, -1]
        for y in probes {
            #expect(b.item(atOffset: y) == expected(y), "\(note): item at \(y)")
        }
        #expect(b.blocks.allSatisfy { !$0.heights.isEmpty && $0.heights.count <= 2 * b.blockSize }, "\(note): no empty or oversized block")
        #expect(b.blocks.map(\.heights.count).reduce(0, +) == plain.count, "\(note): blocks hold every item")
    }

    @Test("random inserts, removals, height changes and appends keep every top and offset lookup exact")
    func randomEdits() {
        var rng = LCG(state: 34)
        for round in 0..<20 {
            var plain = (0..<rng.next(30)).map { _ in Double(rng.next(5)) * 10 }   // zero heights too
            var b = HeightBlocks(plain, blockSize: 8)
            Self.check(b, plain, "round \(round) built")
            for step in 0..<120 {
                let note = "round \(round) step \(step)"
                switch rng.next(4) {
                case 0:
                    let i = rng.next(plain.count + 1), h = Double(rng.next(5)) * 10
                    plain.insert(h, at: i)
                    b.insert(h, at: i)
                case 1 where !plain.isEmpty:
                    let i = rng.next(plain.count)
                    #expect(b.remove(at: i) == plain.remove(at: i), "\(note): removed height")
                case 2 where !plain.isEmpty:
                    let i = rng.next(plain.count), h = Double(rng.next(5)) * 10
                    #expect(b.setHeight(h, ofItem: i) == h - plain[i], "\(note): change")
                    plain[i] = h
                default:
                    let h = Double(1 + rng.next(5))
                    plain.append(h)
                    b.append(h)
                }
                Self.check(b, plain, note)
            }
        }
    }

    @Test("removing every item, then adding again, leaves no block behind and starts over")
    func emptiedAndRefilled() {
        var b = HeightBlocks((0..<40).map { Double($0 % 7) }, blockSize: 8)
        for _ in 0..<40 { b.remove(at: b.count / 2) }
        #expect(b.blocks.isEmpty)
        Self.check(b, [], "emptied")
        b.insert(5, at: 0)
        b.append(3)
        Self.check(b, [5, 3], "refilled")
    }

    @Test("inserting in one place splits its block instead of growing it without bound")
    func splits() {
        var b = HeightBlocks([1, 2, 3, 4], blockSize: 8)
        var plain: [Double] = [1, 2, 3, 4]
        for k in 0..<50 {
            b.insert(Double(k), at: 2)
            plain.insert(Double(k), at: 2)
        }
        Self.check(b, plain, "after 50 inserts at item 2")
        #expect(b.blocks.count >= 4, "54 items in blocks of at most 16 take at least 4")
    }
}
