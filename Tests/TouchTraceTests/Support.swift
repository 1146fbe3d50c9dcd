import Foundation
import TouchGestures
import TouchEvdev
import TouchList
@testable import TouchTools
import TouchReplay
@testable import TouchTrace
import TouchTestSupport


/// Every trace of the golden corpus, by file name.
let corpusFiles: [String] = {
    let dir = packageRoot.appendingPathComponent("traces")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    return names.filter { $0.hasSuffix(".json") || $0.hasSuffix(".jsonl") }.sorted()
}()

/// The corpus traces whose gestures depend on the touches alone, for the properties that move,
/// turn or scale the touches and not the list under them: all but those where a tap runs a
/// row's action, as a list reports such a tap at the lift, which the list's geometry decides.
/// (``GeometricCorpusTests`` holds the set to the action traces, so that it cannot shrink to
/// nothing and leave the properties checking no trace.)
let geometricCorpusFiles: [String] = corpusFiles.filter { name in
    guard let (trace, _) = try? TraceReader.read(path: corpusPath(name)) else { return true }
    return !TraceReplay.run(header: trace.header, events: trace.events).output.contains {
        if case .list(let e) = $0, case .rowAction = e.kind { return true }
        return false
    }
}




/// The gesture output (taps and swipes only) of a trace, for property tests.
func gestures(of trace: Trace) -> [GestureEvent] {
    TraceReplay.run(header: trace.header, events: trace.events).output.compactMap(\.gesture).filter {
        switch $0.kind { case .tap, .swipe: true; default: false }
    }
}

/// `settings`' declared sequences as a change of the surface maps them: each edge by `edge`,
/// each section of an edge by `along` (given the edge before the change), each direction by
/// `direction`, and each turn reversed when the change `reverses` the sense of rotation. What
/// a sequence asks of the touches changes with them, so the same touches, changed, do it.
func mapSequences(_ settings: GestureSettings?, edge: (ScreenEdge) -> ScreenEdge,
                  along: (ScreenEdge, ClosedRange<Double>) -> ClosedRange<Double>,
                  direction: (SwipeDirection) -> SwipeDirection, reverses: Bool) -> GestureSettings? {
    guard var s = settings, !s.sequences.isEmpty else { return settings }
    s.sequences = s.sequences.map { q in
        var q = q
        q.steps = q.steps.map { step in
            var step = step
            switch step.action {
            case .touch(let fingers, let e?, let section):
                step.action = .touch(fingers: fingers, edge: edge(e), along: section.map { along(e, $0) })
            case .move(let d, let distance, let fingers):
                step.action = .move(direction(d), distance: distance, fingers: fingers)
            case .rotate(let turn, let angle) where reverses:
                step.action = .rotate(turn == .clockwise ? .counterclockwise : .clockwise, angle: angle)
            default:
                break
            }
            return step
        }
        return q
    }
    return s
}

/// A section of an edge, from its other end: `[a, b]` as `[1 − b, 1 − a]`.
func flipped(_ r: ClosedRange<Double>) -> ClosedRange<Double> { (1 - r.upperBound)...(1 - r.lowerBound) }
