import Testing
import TouchGestures
import TouchTestSupport
import TouchPlatform

@Suite("Swipe directions: four sectors, or eight with diagonals")
struct SwipeDirectionTests {
    /// The direction a reference implementation gives: the nearest of the allowed angles,
    /// measured with trigonometry (the library uses a tangent comparison instead).
    static func nearest(degrees: Double, diagonals: Bool) -> SwipeDirection {
        // Angles with y downward: 0° right, 90° down, 180° left, 270° up.
        let names: [SwipeDirection] = [.right, .downRight, .down, .downLeft, .left, .upLeft, .up, .upRight]
        let step = diagonals ? 45.0 : 90.0
        let k = Int((degrees / step).rounded()) % Int(360 / step)
        return names[k * Int(step / 45)]
    }

    @Test(arguments: [false, true])
    func everyWholeDegreeAwayFromABoundaryFallsInTheNearestSector(diagonals: Bool) {
        for degree in 0..<360 {
            let step = diagonals ? 45.0 : 90.0
            let offBoundary = abs(Double(degree).truncatingRemainder(dividingBy: step) - step / 2)
            if offBoundary < 0.5 { continue }      // exactly on a boundary: either is right
            let r = Double(degree) * Double.pi / 180
            let d = Point(x: 20 * cos(r), y: 20 * sin(r))
            #expect(SwipeDirection(of: d, diagonals: diagonals) == Self.nearest(degrees: Double(degree), diagonals: diagonals),
                    "at \(degree)°")
        }
    }

    @Test func noDisplacementHasNoDirection() {
        #expect(SwipeDirection(of: .zero, diagonals: true) == nil)
        #expect(SwipeDirection(of: .zero, diagonals: false) == nil)
    }

    @Test func unitVectorsHaveLengthOneAndPointTheirWay() {
        for d in SwipeDirection.allCases {
            let u = d.unitVector
            #expect(abs(u.x * u.x + u.y * u.y - 1) < 1e-12)
            #expect(SwipeDirection(of: u, diagonals: true) == d)
            #expect(d.isDiagonal == (d.step.x != 0 && d.step.y != 0))
        }
    }

    @Test func aDiagonalSwipeNeedsTheSettingAndThenReportsTheCorner() {
        // 30 mm down and right from the top-left corner of a 5 units/mm panel, in 0.1 s.
        var s = Script()
        s.down(0, 1, 10, 10)
        for k in 1...6 {
            let p = 10 + Double(k) * 25
            s.move(Double(k) * 0.02, 1, p, p)
        }
        s.up(0.14, 1, 160, 160)
        var settings = GestureSettings()
        settings.arena.enabled = RecognizerSet([.swipe, .tap])
        func swipes(_ out: [GestureEvent]) -> [GestureEvent.Swipe] {
            out.compactMap { e -> GestureEvent.Swipe? in if case .swipe(let w) = e.kind { w } else { nil } }
        }
        let four = swipes(replay(s.events, settings: settings).output)
        #expect(four.isEmpty)
        settings.swipe.diagonals = true
        let eight = swipes(replay(s.events, settings: settings).output)
        #expect(eight.map(\.direction) == [SwipeDirection.downRight])
        #expect(eight.first?.edge == .topLeft)
    }
}
