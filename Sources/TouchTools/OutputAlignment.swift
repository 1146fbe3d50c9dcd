/// Lines up two output lists as a diff does: the longest run of equal items stays side by side,
/// and what only one side has is shown against a gap, so one inserted output no longer marks
/// everything after it as different.
///
/// Myers' O((n + m) · D) shortest-edit-script search, after the common prefix and suffix are set
/// aside. It keeps the search frontier of each step, so memory is O(D²) for D differences; past
/// `maxEdits` differences it gives up (nil) and the caller lines up by position.
package enum OutputAlignment {
    /// One row of the alignment: an index into each side, nil for a gap.
    package struct Row: Equatable, Sendable {
        package var a: Int?
        package var b: Int?
        package init(a: Int?, b: Int?) { self.a = a; self.b = b }
    }

    /// The rows aligning `a` and `b`, in order; an item only in `a` next to one only in `b`
    /// shares a row with it (a change), or nil when they differ in more than `maxEdits` items.
    package static func rows<T: Equatable>(_ a: [T], _ b: [T], maxEdits: Int = 2_000) -> [Row]? {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let midA = Array(a[prefix..<(a.count - suffix)]), midB = Array(b[prefix..<(b.count - suffix)])
        guard let script = editScript(midA, midB, maxEdits: maxEdits) else { return nil }
        var rows = (0..<prefix).map { Row(a: $0, b: $0) }
        // Pair a run of deletions with the run of insertions after it: side by side, a change.
        var k = 0
        while k < script.count {
            let r = script[k]
            if r.a != nil && r.b == nil {
                var dels: [Int] = [], ins: [Int] = []
                while k < script.count, let i = script[k].a, script[k].b == nil { dels.append(i); k += 1 }
                while k < script.count, script[k].a == nil, let j = script[k].b { ins.append(j); k += 1 }
                for n in 0..<max(dels.count, ins.count) {
                    rows.append(Row(a: n < dels.count ? dels[n] + prefix : nil, b: n < ins.count ? ins[n] + prefix : nil))
                }
                continue
            }
            rows.append(Row(a: r.a.map { $0 + prefix }, b: r.b.map { $0 + prefix }))
            k += 1
        }
        for s in 0..<suffix { rows.append(Row(a: a.count - suffix + s, b: b.count - suffix + s)) }
        return rows
    }

    /// The shortest edit script of `a` into `b` as rows: both indices for a kept item, one for
    /// an item deleted from `a` or inserted from `b`.
    static func editScript<T: Equatable>(_ a: [T], _ b: [T], maxEdits: Int) -> [Row]? {
        let n = a.count, m = b.count
        if n == 0 { return (0..<m).map { Row(a: nil, b: $0) } }
        if m == 0 { return (0..<n).map { Row(a: $0, b: nil) } }
        let limit = min(n + m, maxEdits)
        // v[k + offset]: the furthest x on diagonal k; frontiers[d] is v over -d...d before step d.
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        var frontiers: [[Int]] = []
        var found: Int?
        search: for d in 0...limit {
            frontiers.append(Array(v[(offset - d)...(offset + d)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n && y >= m { found = d; break search }
            }
        }
        guard let edits = found else { return nil }
        var rows: [Row] = []
        var x = n, y = m
        for d in stride(from: edits, to: 0, by: -1) {
            let f = frontiers[d]
            func at(_ k: Int) -> Int { f[k + d] }   // f covers -d...d
            let k = x - y
            let down = k == -d || (k != d && at(k - 1) < at(k + 1))
            let prevK = down ? k + 1 : k - 1
            let prevX = at(prevK), prevY = prevX - prevK
            while x > prevX + (down ? 0 : 1), y > prevY + (down ? 1 : 0) {
                rows.append(Row(a: x - 1, b: y - 1)); x -= 1; y -= 1
            }
            if down { rows.append(Row(a: nil, b: y - 1)); y -= 1 } else { rows.append(Row(a: x - 1, b: nil)); x -= 1 }
        }
        while x > 0, y > 0 { rows.append(Row(a: x - 1, b: y - 1)); x -= 1; y -= 1 }
        return rows.reversed()
    }
}
