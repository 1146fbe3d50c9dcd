/// Which row is which through edits: each row's identity, a number given when the row arrived
/// (the rows given at the start are 0 up, then pages and inserts count on). Kept as runs of
/// consecutive identities, so a list that was never edited keeps one run whatever its length,
/// and each edit adds at most two: memory grows with the edits, not the rows.
///
/// A row's identity decides its real height (``ListOptions/rowHeights`` is taken in turn by
/// identity, so a row keeps its height when rows above it come and go) and its cell's slot.
struct RowIdentities: Hashable, Sendable {
    /// Runs of identities, top to bottom: `first ..< first + count`.
    private var runs: [(first: Int, count: Int)]
    /// The identity the next new row gets.
    private(set) var next: Int

    /// `count` rows, identities 0 up.
    init(count: Int) {
        runs = count > 0 ? [(0, count)] : []
        next = max(0, count)
    }

    static func == (a: Self, b: Self) -> Bool {
        a.next == b.next && a.runs.elementsEqual(b.runs) { $0.first == $1.first && $0.count == $1.count }
    }

    func hash(into h: inout Hasher) {
        h.combine(next)
        for r in runs { h.combine(r.first); h.combine(r.count) }
    }

    /// Row `row`'s identity.
    func id(ofRow row: Int) -> Int {
        if runs.count == 1 { return runs[0].first + row }
        var start = 0
        for r in runs {
            if row < start + r.count { return r.first + row - start }
            start += r.count
        }
        return next + row - start   // past the end: what an append would give
    }

    /// The row whose identity is `id`, or `nil` when no row has it (deleted, or never given):
    /// one pass over the runs.
    func row(ofId id: Int) -> Int? {
        var start = 0
        for r in runs {
            if id >= r.first, id < r.first + r.count { return start + id - r.first }
            start += r.count
        }
        return nil
    }

    /// Appends `count` new rows; returns the first one's identity.
    mutating func append(_ count: Int) -> Int {
        let first = next
        guard count > 0 else { return first }
        if let last = runs.last, last.first + last.count == first {
            runs[runs.count - 1].count += count
        } else {
            runs.append((first, count))
        }
        next += count
        return first
    }

    /// Takes row `row` out; returns its identity.
    @discardableResult
    mutating func remove(_ row: Int) -> Int {
        var start = 0
        for k in runs.indices {
            let r = runs[k]
            guard row < start + r.count else { start += r.count; continue }
            let local = row - start
            let id = r.first + local
            if r.count == 1 {
                runs.remove(at: k)
            } else if local == 0 {
                runs[k] = (r.first + 1, r.count - 1)
            } else if local == r.count - 1 {
                runs[k].count -= 1
            } else {
                runs[k].count = local
                runs.insert((id + 1, r.count - local - 1), at: k + 1)
            }
            return id
        }
        return -1
    }

    /// Puts a row of identity `id` (a new one when `nil`) at `row`; returns its identity.
    @discardableResult
    mutating func insert(_ id: Int?, at row: Int) -> Int {
        let id = id ?? { defer { next += 1 }; return next }()
        var start = 0
        for k in runs.indices {
            let r = runs[k]
            if row == start + r.count, r.first + r.count == id {
                runs[k].count += 1          // extends the run it follows
                return id
            }
            guard row < start + r.count else { start += r.count; continue }
            let local = row - start
            if local == 0 {
                if id + 1 == r.first { runs[k] = (id, r.count + 1) } else { runs.insert((id, 1), at: k) }
            } else {
                runs[k].count = local
                runs.insert(contentsOf: [(id, 1), (r.first + local, r.count - local)], at: k + 1)
            }
            return id
        }
        runs.append((id, 1))
        return id
    }

    /// Takes the `removed` rows out (indices before the edit, ascending), then puts rows in at
    /// `added` (indices after it, ascending), each with its identity or a new one when `nil`: one
    /// pass over the runs, O(runs + edits) however many rows the edit names.
    mutating func apply(removing removed: [Int], adding added: [(row: Int, id: Int?)]) {
        var mid: [(first: Int, count: Int)] = []
        func push(_ list: inout [(first: Int, count: Int)], _ first: Int, _ count: Int) {
            guard count > 0 else { return }
            if let last = list.last, last.first + last.count == first { list[list.count - 1].count += count } else { list.append((first, count)) }
        }
        var gone = removed.makeIterator(), nextGone = gone.next()
        var start = 0
        for run in runs {
            var first = run.first, count = run.count, at = start
            while let g = nextGone, g < at + count {
                push(&mid, first, g - at)
                let skip = g - at + 1
                first += skip; count -= skip; at = g + 1
                nextGone = gone.next()
            }
            push(&mid, first, count)
            start += run.count
        }
        var out: [(first: Int, count: Int)] = []
        var fresh = added.makeIterator(), nextFresh = fresh.next()
        var at = 0
        func place(_ a: (row: Int, id: Int?)) {
            let id = a.id ?? { defer { next += 1 }; return next }()
            push(&out, id, 1)
            at += 1
        }
        for run in mid {
            var first = run.first, count = run.count
            while let a = nextFresh, a.row - at <= count {
                let k = a.row - at
                push(&out, first, k)
                first += k; count -= k; at += k
                place(a)
                nextFresh = fresh.next()
            }
            push(&out, first, count)
            at += count
        }
        while let a = nextFresh { place(a); nextFresh = fresh.next() }
        runs = out
    }

    /// How many runs are kept (for tests and the memory figure).
    var runCount: Int { runs.count }
}
