import Foundation
import Testing
import TouchTestSupport
import TouchGestures
import TouchEvdev
import TouchList
import TouchReplay
import TouchTrace
@testable import TouchTools

@Suite("Golden corpus: every trace in traces/ replays as it expects")
struct GoldenCorpusTests {
    /// The parametrized tests below run over `corpusFiles`: a listing that missed traces would
    /// test fewer without a word (it asserted at least 40, of 173 then). README's count is held to
    /// the folder by tools/readme-check (`ls`), and the listing here to README's.
    @Test func everyTraceOfTheCorpusIsListed() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let stated = try #require(readme.firstMatch(of: /holds the golden corpus: (\d+) traces/).flatMap { Int($0.1) })
        #expect(corpusFiles.count == stated, "traces/ lists \(corpusFiles.count) traces, README says \(stated)")
        #expect(Set(corpusFiles).count == corpusFiles.count)
    }

    @Test(arguments: corpusFiles)
    func replayMatchesExpectations(_ name: String) throws {
        let (trace, _) = try TraceReader.read(path: corpusPath(name))
        #expect(trace.header.isTest, "\(name) has neither expect nor expectNone")
        let result = TraceReplay.run(header: trace.header, explain: true, events: trace.events)
        let diffs = ExpectationCheck.differences(header: trace.header, output: result.output)
        #expect(diffs.isEmpty, "\(name):\n\(diffs.joined(separator: "\n"))")
    }

    @Test(arguments: corpusFiles)
    func streamingReplayEqualsWholeFileReplay(_ name: String) throws {
        let (trace, _) = try TraceReader.read(path: corpusPath(name))
        let whole = TraceReplay.run(header: trace.header, events: trace.events).output
        let stream = try TraceEventStream(path: corpusPath(name))
        let streamed = TraceReplay.run(stream: stream).output
        #expect(!stream.hasErrors)
        #expect(streamed == whole)
    }

    @Test("a check notices a wrong expectation: the corpus cannot pass by accident")
    func mismatchIsDetected() throws {
        var (trace, _) = try TraceReader.read(path: corpusPath("swipe-right-normal.json"))
        let output = TraceReplay.run(header: trace.header, events: trace.events).output
        trace.header.expect = [JSONObject([.init("type", .string("swipe")), .init("direction", .string("left"))])]
        #expect(ExpectationCheck.differences(header: trace.header, output: output).count == 1)
        trace.header.expect = nil
        trace.header.expectNone = ["rowSwipe"]
        #expect(ExpectationCheck.differences(header: trace.header, output: output).count == 1)
        trace.header.expectNone = nil
        trace.header.expect = [JSONObject([.init("type", .string("swipe"))]), JSONObject([.init("type", .string("swipe"))])]
        #expect(ExpectationCheck.differences(header: trace.header, output: output).first?.contains("missing") == true)
    }

    @Test func tolerancesApplyPerField() {
        let out = [ListController.Output.gesture(GestureEvent(time: 0.5, kind: .tap(.init(position: Point(x: 100, y: 50), taps: 1, fingers: 1))))]
        var h = TraceHeader(device: .init(width: 800, height: 480))
        h.expect = [JSONObject([.init("type", .string("tap")), .init("x", .number(101))])]
        #expect(!ExpectationCheck.differences(header: h, output: out).isEmpty)
        h.expect = [JSONObject([.init("type", .string("tap")), .init("x", .number(101)),
                                .init("tolerance", .object(JSONObject([.init("x", .number(2))])))])]
        #expect(ExpectationCheck.differences(header: h, output: out).isEmpty)
        h.expect = [JSONObject([.init("type", .string("tap")), .init("x", .number(100.00000001))])]
        #expect(ExpectationCheck.differences(header: h, output: out).isEmpty, "within 1e-6 relative")
    }
}
