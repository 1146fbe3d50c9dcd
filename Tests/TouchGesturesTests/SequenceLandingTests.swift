@testable import TouchGestures
import Testing
import TouchTestSupport

/// A sequence whose first step names an edge fails as a touch lands off it, and says how far
/// off only when asked (`--explain`, or the member's failure): the test that decides,
/// `Run.lands`, must say what the failure's own test, `Run.landing`, says, for every edge and
/// section, everywhere on the panel and off it.
@Suite("Declared sequences: a touch on an edge, decided without its failure")
struct SequenceLandingTests {
    @Test("lands(...) is landing(...) == nil on a 2 mm grid over the panel and 10 mm beyond, for each edge and corner, with and without a section")
    func landsAsLandingSays() {
        let zone = 5.0
        let sections: [ClosedRange<Double>?] = [nil, 0...1, 0.33...0.67, 0.5...1, 0...0.25]
        var checked = 0, on = 0
        for edge in ScreenEdge.allCases {
            for along in sections {
                var y = -50.0
                while y <= 530 {
                    var x = -50.0
                    while x <= 850 {
                        let p = Point(x: x, y: y)
                        let landed = EdgeZones(of: p, on: panel, width: zone).edge
                        let lands = SequenceRecognizer.Run.lands(p, on: landed, edge: edge, along: along, surface: panel)
                        let failure = SequenceRecognizer.Run.landing(p, on: landed, edge: edge, along: along, surface: panel, zone: zone)
                        #expect(lands == (failure == nil), "\(edge) \(String(describing: along)) at (\(x), \(y)): lands \(lands), failure \(String(describing: failure))")
                        checked += 1
                        if lands { on += 1 }
                        x += 10
                    }
                    y += 10
                }
            }
        }
        // Both answers were met, many times each.
        #expect(on > 1_000 && checked - on > 1_000, "\(on) of \(checked) on")
    }
}
