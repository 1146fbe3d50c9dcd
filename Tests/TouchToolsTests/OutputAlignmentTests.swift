import Testing
@testable import TouchTools

/// `touchtrace diff` lines outputs up with `OutputAlignment`: checked against the rules of a
/// diff (every item once, in order) and against a plain longest-common-subsequence table.
@Suite("Output alignment: diff's rows keep the longest common run side by side")
struct OutputAlignmentTests {
    /// The length of the longest common subsequence, by the textbook table.
    func lcs(_ a: [Int], _ b: [Int]) -> Int {
        var t = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0..<a.count { for j in 0..<b.count { t[i + 1][j + 1] = a[i] == b[j] ? t[i][j] + 1 : max(t[i][j + 1], t[i + 1][j]) } }
        return t[a.count][b.count]
    }

    @Test("property: every item once and in order; as many equal rows as the longest common subsequence")
    func randomLists() throws {
        var g = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let a = (0..<Int.random(in: 0...14, using: &g)).map { _ in Int.random(in: 0...3, using: &g) }
            let b = (0..<Int.random(in: 0...14, using: &g)).map { _ in Int.random(in: 0...3, using: &g) }
            let rows = try #require(OutputAlignment.rows(a, b))
            #expect(rows.compactMap(\.a) == Array(0..<a.count), "\(a) \(b)")
            #expect(rows.compactMap(\.b) == Array(0..<b.count), "\(a) \(b)")
            #expect(rows.allSatisfy { $0.a != nil || $0.b != nil })
            let equal = rows.filter { r in r.a.map { i in r.b.map { a[i] == b[$0] } ?? false } ?? false }.count
            #expect(equal == lcs(a, b), "\(a) \(b): \(rows)")
        }
    }

    @Test("one output inserted: only its row differs, the rest stay side by side")
    func oneInsertion() throws {
        let a = ["tap", "select row=1", "tap", "select row=2"]
        let b = ["tap", "select row=1", "swipe right", "tap", "select row=2"]
        let rows = try #require(OutputAlignment.rows(a, b))
        #expect(rows == [.init(a: 0, b: 0), .init(a: 1, b: 1), .init(a: nil, b: 2), .init(a: 2, b: 3), .init(a: 3, b: 4)])
    }

    @Test("a changed output shares a row with what replaced it")
    func change() throws {
        let rows = try #require(OutputAlignment.rows(["a", "b", "c"], ["a", "x", "c"]))
        #expect(rows == [.init(a: 0, b: 0), .init(a: 1, b: 1), .init(a: 2, b: 2)])
    }

    @Test("past the edit limit the answer is nil (the caller lines up by position)")
    func limit() {
        #expect(OutputAlignment.rows(Array(0..<50), Array(100..<150), maxEdits: 20) == nil)
        #expect(OutputAlignment.rows(Array(0..<50), Array(100..<150), maxEdits: 100) != nil)
    }
}
