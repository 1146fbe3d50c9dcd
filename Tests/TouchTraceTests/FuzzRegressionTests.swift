import Foundation
import Testing
import TouchTestSupport
import TouchGestures
import TouchEvdev
import TouchList
import TouchReplay
import TouchTrace
@testable import TouchTools

/// Inputs the fuzzers once crashed on (Fuzz/regressions/), held to the fuzz target's invariants:
/// read without crashing; refused only with an error; accepted traces write and read back equal.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let folder = packageRoot.appendingPathComponent("Fuzz/regressions")
    /// The reader's regressions (the evemu importer's, `*.events`, are tested in TouchInputTests).
    static let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { !$0.hasSuffix(".events") }.sorted()

    @Test func thereAreRegressions() { #expect(!Self.files.isEmpty) }

    @Test(arguments: files)
    func holdsTheFuzzInvariants(_ name: String) throws {
        let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        let r = TraceReader.diagnose(bytes: bytes, name: name)
        // The streaming reader accepts what the whole-file reader accepts, with the same events,
        // and nothing else (as ReaderFuzz checks).
        let dir = TempDir()
        try Data(bytes).write(to: URL(fileURLWithPath: dir.path(name)))
        var streamed: [TouchEvent] = []
        var streamFailed = true
        if let s = try? TraceEventStream(path: dir.path(name)) {
            while let e = s.next() { streamed.append(e) }
            streamFailed = s.hasErrors
        }
        #expect(streamFailed == (r.trace == nil), "the stream \(streamFailed ? "refused" : "accepted") what the whole-file reader \(r.trace == nil ? "refused" : "accepted")")
        if let t = r.trace {
            #expect(streamed == t.events)
            #expect(TraceReader.diagnose(bytes: Array(TraceWriter.document(t).utf8)).trace == t)
            #expect(TraceReader.diagnose(bytes: Array(TraceWriter.lines(t).utf8)).trace == t)
            _ = TraceReplay.run(header: t.header, explain: true, events: t.events)
        } else {
            #expect(!r.errors.isEmpty)
        }
    }

    @Test("`events` given twice is an error, as every key given twice (the first array was used, with a warning)")
    func eventsTwice() throws {
        let text = #"{"format": "touch-trace", "version": 1, "device": {"width": 8, "height": 4}, "events": [{"t": 0, "id": 1, "phase": "down", "x": 1, "y": 1}], "events": [{"t": 0, "id": 1, "phase": "move", "x": 1, "y": 1}, {"t": 1, "id": 2, "phase": "down", "x": 1, "y": 1}]}"#
        let r = TraceReader.diagnose(bytes: Array(text.utf8), name: "e.json")
        #expect(r.trace == nil)
        #expect(r.errors.contains { $0.description == "e.json:1:152: error: `events` is given twice; a trace gives each key once" }, "\(r.errors)")
    }
}
