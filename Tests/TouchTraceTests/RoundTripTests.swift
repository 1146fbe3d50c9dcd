import Foundation
import Testing
import TouchTestSupport
import TouchGestures
import TouchEvdev
import TouchList
import TouchTrace
@testable import TouchTools

@Suite("Both encodings round-trip")
struct RoundTripTests {
    @Test(arguments: corpusFiles)
    func documentAndLinesRoundTrip(_ name: String) throws {
        let (trace, _) = try TraceReader.read(path: corpusPath(name))
        let asLines = diagnose(TraceWriter.lines(trace), name: "x.jsonl")
        #expect(asLines.encoding == .lines)
        #expect(asLines.trace == trace)
        let asDocument = diagnose(TraceWriter.document(try #require(asLines.trace)))
        #expect(asDocument.encoding == .document)
        #expect(asDocument.trace == trace)
        // document → lines → document gives back the same text.
        #expect(TraceWriter.document(try #require(asDocument.trace)) == TraceWriter.document(trace))
    }

    @Test("unknown header keys, meta and optional event fields survive a rewrite")
    func extrasSurvive() throws {
        let text = """
        {"format": "touch-trace", "version": 1, "x-tool": {"a": [1, 2.5, "é\\n"]},
         "device": {"width": 100, "height": 50, "units": "mm"}, "meta": {"k": null},
         "events": [{"t": 1e-3, "id": 3, "phase": "down", "x": 1.25, "y": 2, "pressure": 0.5, "major": 3, "minor": 2, "extra": true},
                    {"t": 0.002, "id": 3, "phase": "up", "x": 1.25, "y": 2}]}
        """
        let t = try #require(diagnose(text).trace)
        #expect(t.header.extra.map(\.key) == ["x-tool"])
        #expect(t.events[0].pressure == 0.5 && t.events[0].major == 3 && t.events[0].minor == 2)
        #expect(t.events[0].time == 0.001)
        for encoded in [TraceWriter.document(t), TraceWriter.lines(t)] {
            #expect(diagnose(encoded).trace == t)
        }
    }

    @Test func writeToFileIsAtomicAndReadable() throws {
        let dir = TempDir()
        let (trace, _) = try TraceReader.read(path: corpusPath("tap-double.json"))
        for enc in TraceEncoding.allCases {
            let p = dir.path("out-\(enc.rawValue)")
            try TraceWriter.write(trace, to: p, encoding: enc)
            #expect(try TraceReader.read(path: p).trace == trace)
        }
        // A folder that does not exist: an error, nothing written.
        #expect(throws: DiagnosticError.self) { try TraceWriter.write(trace, to: dir.path("no/such/dir/x.json"), encoding: .document) }
    }

    @Test("a recorder's lines file is readable after every frame, even without close")
    func linesWriterFlushesEveryFrame() throws {
        let dir = TempDir()
        let p = dir.path("rec.jsonl")
        let (trace, _) = try TraceReader.read(path: corpusPath("swipe-right-normal.json"))
        let w = try LinesTraceWriter(path: p, header: trace.header)
        var frames = 0
        var assembler = FrameAssembler()
        for e in trace.events {
            assembler.add(e) { f in
                try? w.write(f)
                frames += 1
                // Read back while the writer is still open: every frame so far is there.
                let r = TraceReader.diagnose(path: p)
                #expect(r.errors.isEmpty)
                #expect(r.trace?.events.count == trace.events.prefix { $0.time <= f.time }.count)
            }
        }
        #expect(frames > 10)
        w.close()
    }
}

@Suite("Streaming reader")
struct StreamTests {
    @Test("a line longer than the 1 MiB buffer is read whole; events after it stream as usual")
    func longLineGrowsTheBuffer() throws {
        let dir = TempDir()
        var header = TraceHeader(device: .init(width: 800, height: 480))
        header.meta = .string(String(repeating: "x", count: 3 << 20))
        var events: [TouchEvent] = []
        for k in 0..<5000 {
            events.append(TouchEvent(time: Double(k) * 0.01, id: 1, phase: k == 0 ? .down : (k == 4999 ? .up : .move),
                                     position: Point(x: Double(k % 800), y: 10)))
        }
        let trace = Trace(header: header, events: events)
        try TraceWriter.write(trace, to: dir.path("long.jsonl"), encoding: .lines)
        let stream = try TraceEventStream(path: dir.path("long.jsonl"))
        #expect(stream.header.meta == header.meta)
        var read: [TouchEvent] = []
        while let e = stream.next() { read.append(e) }
        #expect(!stream.hasErrors)
        #expect(read == events)
    }

    @Test("a stream reports a bad line with its number and keeps going")
    func badLineInStream() throws {
        let dir = TempDir()
        let text = #"{"format": "touch-trace", "version": 1, "encoding": "lines", "device": {"width": 8, "height": 4}}"# + "\n"
            + #"{"t": 0, "id": 1, "phase": "down", "x": 1, "y": 1}"# + "\nnot json\n"
            + #"{"t": 1, "id": 1, "phase": "up", "x": 1, "y": 1}"# + "\n"
        try text.write(toFile: dir.path("bad.jsonl"), atomically: true, encoding: .utf8)
        let stream = try TraceEventStream(path: dir.path("bad.jsonl"))
        var n = 0
        while stream.next() != nil { n += 1 }
        #expect(n == 2)
        #expect(stream.diagnostics.map(\.description) == [bad(dir.path("bad.jsonl"))])
    }

    func bad(_ p: String) -> String { "\(p):3:1: error: event 1: expected an event object '{', found 'n'" }
}
