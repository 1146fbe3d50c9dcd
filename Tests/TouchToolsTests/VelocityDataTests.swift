import Foundation
import Testing
import TouchTestSupport
import TouchGestures
import TouchEvdev
import TouchList
import TouchTrace
@testable import TouchTools

/// Real strokes recorded by the Flutter authors, with the velocity their least-squares tracker
/// reports at the lift (see Tests/Fixtures/flutter-velocity/NOTICE).
@Suite("Velocity on Flutter's recorded strokes")
struct VelocityDataTests {
    static let folder = packageRoot.appendingPathComponent("Tests/Fixtures/flutter-velocity")
    static let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".json") }.sorted()

    @Test func allFourteenStrokesArePresent() { #expect(Self.files.count == 14) }

    @Test("lsq2 matches Flutter within 0.1 % on each axis", arguments: files)
    func matchesFlutter(_ name: String) throws {
        let (trace, _) = try TraceReader.read(path: Self.folder.appendingPathComponent(name).path)
        let expected = try #require(trace.header.meta?["expectedVelocity"])
        let ex = try #require(expected["x"]?.numberValue), ey = try #require(expected["y"]?.numberValue)
        let lifts = ContactVelocity.atLifts(of: trace.events, strategy: .lsq2)
        #expect(lifts.count == 1)
        let v = try #require(lifts.first?.velocity)
        #expect(abs(v.x - ex) <= 0.001 * abs(ex), "\(name): x \(v.x) vs \(ex)")
        #expect(abs(v.y - ey) <= 0.001 * abs(ey), "\(name): y \(v.y) vs \(ey)")
    }

    @Test("every strategy gives an estimate in the stroke's direction", arguments: files)
    func strategiesAgreeOnDirection(_ name: String) throws {
        let (trace, _) = try TraceReader.read(path: Self.folder.appendingPathComponent(name).path)
        let reference = try #require(ContactVelocity.atLifts(of: trace.events, strategy: .lsq2).first?.velocity)
        for s in [VelocityStrategy.impulse, .twoPoint] {
            let v = try #require(ContactVelocity.atLifts(of: trace.events, strategy: s).first?.velocity)
            // The dominant axis has the same sign (the strokes are fast and mostly vertical).
            let axis = abs(reference.y) > abs(reference.x) ? \Point.y : \Point.x
            if abs(reference[keyPath: axis]) > 500 {
                #expect((v[keyPath: axis] > 0) == (reference[keyPath: axis] > 0), "\(name) \(s): \(v) vs \(reference)")
            }
        }
    }
}
