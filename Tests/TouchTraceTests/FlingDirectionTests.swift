import Foundation
import Testing
import TouchTestSupport
import TouchGestures
import TouchList
import TouchReplay
@testable import TouchTrace

/// A fling never points against the stroke that made it: over every trace of the corpus and the
/// Flutter authors' recorded strokes, each fling's velocity is within 90° of how far the lifting
/// fingers moved in their last 100 ms (measured here from the events, independently of the
/// estimators). Before the fling checked the recent motion, ten corpus traces broke this: a
/// swipe that eased to a stop was followed by a small fling back.
@Suite("Flings agree with the strokes that made them")
struct FlingDirectionTests {
    static let flutter: [String] = {
        let folder = packageRoot.appendingPathComponent("Tests/Fixtures/flutter-velocity")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0).path }
    }()
    static let all = corpusFiles.map(corpusPath) + flutter

    @Test("every fling is within 90° of the lifting fingers' last 100 ms", arguments: all)
    func flingsAgree(_ path: String) throws {
        let (trace, _) = try TraceReader.read(path: path)
        let flings = TraceReplay.run(header: trace.header, events: trace.events).output.compactMap { o -> (Double, Point)? in
            if case .gesture(let g) = o, case .fling(let f) = g.kind { return (g.time, f.velocity) }
            return nil
        }
        for (time, velocity) in flings {
            // The contacts that lifted at the fling's time, and where each was 100 ms before.
            var displacement = Point.zero
            var lifted = 0
            for e in trace.events where e.time == time && (e.phase == .up || e.phase == .cancel) {
                let history = trace.events.filter { $0.id == e.id && $0.time <= time }
                let start = history.last(where: { $0.time <= time - 0.1 }) ?? history.first ?? e
                displacement = displacement + (e.position - start.position)
                lifted += 1
            }
            guard lifted > 0 else { continue }
            let dot = velocity.x * displacement.x + velocity.y * displacement.y
            #expect(dot > 0, "\(path): fling at \(time) s, velocity \(velocity), the fingers' last 100 ms \(displacement)")
        }
    }

    @Test("the Flutter strokes that are flings are all still flings")
    func flutterFlingsKept() throws {
        var flings = 0
        for path in Self.flutter {
            let (trace, _) = try TraceReader.read(path: path)
            flings += TraceReplay.run(header: trace.header, events: trace.events).output.filter { $0.type == "fling" }.count
        }
        // 13 of the 14 strokes end fast enough to throw (one, velocityEventData_03, slows first).
        #expect(flings == 13)
    }
}
