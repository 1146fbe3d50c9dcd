import Testing
import TouchGestures
import TouchList
import TouchTestSupport
import TouchReplay
@testable import TouchTrace
import TouchPlatform

/// `replay --json` writes its lines through `JSONLineBuffer`, a byte writer that skips building
/// `JSONValue`s; `jsonLine` (through `jsonObject`) stays the reference it must match byte for byte.
@Suite("Output bytes: the fast JSON writer matches the JSONValue path")
struct OutputBytesTests {
    func line(_ o: ListController.Output) -> String {
        let bytes = JSONLineBuffer(capacity: 256)
        bytes.append(o)
        return bytes.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
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
                // A gesture appended as itself (TouchTrace's own entry, no list) writes the same line.
                if let g = o.gesture {
                    let alone = JSONLineBuffer(capacity: 256)
                    alone.append(g)
                    let text = alone.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
                    if text != g.jsonLine + "\n" {
                        Issue.record("\(name): the gesture alone: expected \(g.jsonLine)\n  found \(text)")
                        return
                    }
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
            #expect(written { $0.number(v) } == formatJSONNumber(v), "\(v)")
        }
        // The same through a whole output, positions included.
        for v in values.prefix(40) {
            let o = ListController.Output.gesture(GestureEvent(time: v, kind: .tap(.init(position: Point(x: v, y: -v), taps: 1, fingers: 1))))
            #expect(line(o) == o.jsonLine + "\n", "\(v)")
        }
    }

    @Test("a number with at most six decimals is written as Swift's shortest form writes it, over 2 million values of every shape")
    func decimalsAsDescription() {
        var rng = SplitMix(state: 2026)
        var fast = 0, checked = 0
        func check(_ v: Double) {
            checked += 1
            if JSONBytes.millionths(v) != nil { fast += 1 }
            let mine = written { $0.number(v) }
            if mine != formatJSONNumber(v) {
                Issue.record("\(v): wrote \(mine), description \(formatJSONNumber(v))")
            }
        }
        // The edges of the range, of six decimals, and of a double's precision within it.
        for v in [1e-3, 0.0011, 0.000999, 0.999999, 1.000001, 999_999_999.5, 999_999_999.999999, 1e9 + 0.5,
                  123_456_789.123456, 0.1 + 0.2, 1.0 / 3, 5e-4, -0.001, -400.64, 1e9 - 1e-6, 4.35, 2.675, 1.005] {
            check(v)
            check(v.nextUp)
            check(v.nextDown)
        }
        for _ in 0..<2_000_000 {
            // A whole number of millionths (or of a coarser step) at a random magnitude, as a
            // recording or a computation leaves it; sometimes one unit in the last place off.
            let places = Int(rng.next() % 8)
            let digits = 1 + Int(rng.next() % 16)
            var m: UInt64 = 0
            for _ in 0..<digits { m = m * 10 + rng.next() % 10 }
            var v = Double(m) / pow10(Double(places))
            switch rng.next() % 4 {
            case 0: v = v.nextUp
            case 1: v = -v
            default: break
            }
            check(v)
        }
        #expect(fast > 500_000, "\(fast) of \(checked) took the fast path")
    }

    @Test("strings: quotes, backslashes, control characters and non-ASCII text are escaped as writeJSONString escapes them")
    func strings() {
        var samples = ["", "plain", "quote \" and \\ backslash", "tab\tnew\nline\rcr", "\u{0}\u{1}\u{1f}\u{7f}", "é → 指 🖐", "\u{1b}[31m"]
        for c in 0..<0x80 { samples.append("a" + String(UnicodeScalar(UInt8(c))) + "b") }
        for s in samples {
            var reference = ""
            writeJSONString(s, to: &reference)
            #expect(written { $0.string(s) } == reference, "\(s.debugDescription)")
        }
    }

    /// What `write` puts through a `JSONBytes`.
    func written(_ write: (inout JSONBytes) -> Void) -> String {
        let buffer = JSONLineBuffer(capacity: 1)   // grown by the writer, as it may be
        buffer.write(write)
        return buffer.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    func pow10(_ e: Double) -> Double {
        var r = 1.0
        for _ in 0..<Int(abs(e)) { r *= 10 }
        return e < 0 ? 1 / r : r
    }
}
