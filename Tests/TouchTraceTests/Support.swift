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
