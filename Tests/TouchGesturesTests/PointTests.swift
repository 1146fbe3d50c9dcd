import Testing
import TouchGestures
import TouchTestSupport

@Suite("Point: the original CGPoint helpers")
struct PointTests {
    @Test func dotLengthSubtractDistance() {
        let a = Point(x: 3, y: 4), b = Point(x: -1, y: 2)
        #expect(a.dot(b) == 5)
        #expect(a.length == 5)
        #expect(a - b == Point(x: 4, y: 2))
        #expect(a.distance(to: b) == (20.0).squareRoot())
        #expect(a.distance(to: a) == 0)
    }

    @Test func normalizedHasLengthOne() throws {
        let n = try #require(Point(x: 3, y: 4).normalized)
        #expect(n == Point(x: 0.6, y: 0.8))
        #expect(abs(n.length - 1) < 1e-15)
    }

    @Test("a zero vector has no direction: nil, not NaN as in the original")
    func normalizingZeroGivesNil() {
        #expect(Point.zero.normalized == nil)
        #expect(Point(x: .infinity, y: 0).normalized == nil)
    }
}
