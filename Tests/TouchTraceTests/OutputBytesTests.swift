import Testing
import TouchGestures
import TouchList
@testable import TouchTrace

/// `replay --json` writes its lines through `appendJSONLine`, a byte writer that skips building
/// `JSONValue`s; `jsonLine` (through `jsonObject`) stays the reference it must match byte for byte.
@Suite("Output bytes: the fast JSON writer matches the JSONValue path")
struct OutputBytesTests {
    func line(_ o: ListController.Output) -> String {
        var bytes: [UInt8] = []
        o.appendJSONLine(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("every output of every corpus trace, explanations included, is the same text")
    func corpus() throws {
        var compared = 0
        for name in corpusFiles {
            let trace = try TraceReader.read(path: corpusPath(name)).trace
            for o in TraceReplay.run(header: trace.header, explain: true, events: trace.events).output {
                let fast = line(o)
                if fast != o.jsonLine + "\n" {
                    Issue.record("\(name): expected \(o.jsonLine)\n  found \(fast)")
                    return
                }
                compared += 1
            }
        }
        #expect(compared > 3000)
    }

    @Test("numbers at the edges of the integer form, and non-finite ones, are written as formatJSONNumber writes them")
    func numbers() {
        var values: [Double] = [0, -0.0, 1, -1, 0.1, -2.5, 1e15, 1e15 - 1, -(1e15 - 1), 1e15 + 2, 123456789012345,
                                9.999999999999998e14, .nan, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
                                Double(Int64.max), -1e300]
        var g = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let magnitude = Double.random(in: -20...20, using: &g)
            let v = (Bool.random(using: &g) ? 1 : -1) * Double.random(in: 0..<10, using: &g) * pow10(magnitude.rounded())
            values.append(Bool.random(using: &g) ? v.rounded() : v)
        }
        for v in values {
            var w = JSONBytes([])
            w.number(v)
            #expect(String(decoding: w.bytes, as: UTF8.self) == formatJSONNumber(v), "\(v)")
        }
        // The same through a whole output, positions included.
        for v in values.prefix(40) {
            let o = ListController.Output.gesture(GestureEvent(time: v, kind: .tap(.init(position: Point(x: v, y: -v), taps: 1, fingers: 1))))
            #expect(line(o) == o.jsonLine + "\n", "\(v)")
        }
    }

    @Test("strings: quotes, backslashes, control characters and non-ASCII text are escaped as writeJSONString escapes them")
    func strings() {
        var samples = ["", "plain", "quote \" and \\ backslash", "tab\tnew\nline\rcr", "\u{0}\u{1}\u{1f}\u{7f}", "é → 指 🖐", "\u{1b}[31m"]
        for c in 0..<0x80 { samples.append("a" + String(UnicodeScalar(UInt8(c))) + "b") }
        for s in samples {
            var w = JSONBytes([])
            w.string(s)
            var reference = ""
            writeJSONString(s, to: &reference)
            #expect(String(decoding: w.bytes, as: UTF8.self) == reference, "\(s.debugDescription)")
        }
    }

    func pow10(_ e: Double) -> Double {
        var r = 1.0
        for _ in 0..<Int(abs(e)) { r *= 10 }
        return e < 0 ? 1 / r : r
    }
}
