import Foundation
import Testing
import TouchTrace
@testable import GestureBindings

/// The configuration reader against a reference TOML parser, Python's `tomllib` (3.11+), on
/// seeded random documents: configuration-shaped files (tables, arrays of tables, keys, every
/// kind of value, comments) built from pieces near TOML's edges (numbers with underscores and
/// leading zeros, escapes, control characters, line ends), then bytes inserted, deleted and
/// swapped. The rule is the toml-test suite's (``TOMLSuiteTests``): a file tomllib refuses is
/// refused; a file both read means the same values; a file only tomllib reads is refused as
/// outside the subset ("… not supported"), never as broken.
@Suite("The configuration reader against Python's tomllib, on seeded random documents")
struct TOMLDifferentialTests {
    /// A small deterministic generator (SplitMix64): the same documents every run.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    }

    static let keys = ["command", "gesture", "fingers", "a", "b-c", "k_1", "1234", "\"quoted key\"", "'lit'", "a.b", "\"\"", "key with space", "é"]
    /// Values inside the subset, and values near TOML's edges (or past them).
    static let goodValues = ["0", "-17", "+5", "1_000", "0x1F", "1.5", "-0.0", "6E+1", "\"a\\tb\"", "\"\\u00e9\"", "'lit'",
                             "true", "false", "[1, 2]", "[ ]", "[\"sh\", \"-c\", \"echo hi\"]", "[[1], [\"a\"]]", "\"\""]
    static let values = [
        "0", "-17", "+5", "1_000", "01", "1__0", "_1", "1_", "0x1F", "0o17", "0b101", "0x_1", "0X1F", "+0x1",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "1.5", "-0.0", "1e3", "1.e3", ".5", "1.5e-3", "3_1.4", "1e400", "inf", "-nan", "1.", "1e", "6E+1", "00.1",
        "\"a\\tb\"", "\"\\u0041\"", "\"\\U0001F600\"", "\"\\x41\"", "\"\\u+041\"", "'lit \\ eral'", "\"quote\\\"\"",
        "\"\\u0000\"", "\"\u{7f}\"", "\"tab\tinside\"", "\"\"\"ml\"\"\"", "'''ml'''", "\"unterminated", "''",
        "\"\\uD800\"", "\"\\U00110000\"", "\"é\"",
        "true", "false", "True", "[1, 2]", "[ ]", "[1,]", "[[1], [2]]", "[\"a\", 1]", "[1 2]", "[,]",
        "[\"sh\", \"-c\", \"echo hi\"]", "{a = 1}", "1979-05-27", "07:32:00", "1979-05-27T07:32:00Z",
    ]
    static let lineEnds = ["\n", "\n", "\n", "\r\n", "\r", " # comment\n", "#\u{01}\n", "\t\n"]
    static let insertions: [UInt8] = Array("\"'[]{}=#.,_+-\\ \t\n\r0xe".utf8) + [0x00, 0x01, 0x7F, 0xC3, 0xFF]

    static func document(_ r: inout Random) -> [UInt8] {
        var text = ""
        for _ in 0..<(1 + r.below(8)) {
            switch r.below(10) {
            case 0: text += "[" + r.pick(["settings", "binding", "x", "a.b", " spaced ", "\"q\""]) + "]"
            case 1: text += "[[" + r.pick(["binding", "x", "settings"]) + "]]"
            case 2: text += r.pick(["", "# a comment", "   "])
            default:
                let good = r.below(10) < 7
                text += (good ? r.pick(Array(keys.prefix(7))) : r.pick(keys)) + r.pick([" = ", "=", " =", "  =  "])
                    + (good ? r.pick(goodValues) : r.pick(values))
            }
            text += r.below(10) < 8 ? "\n" : r.pick(lineEnds)
        }
        var bytes = Array(text.utf8)
        // A few byte-level mutations on some of them.
        if r.below(5) == 0 {
            for _ in 0..<(1 + r.below(3)) where !bytes.isEmpty {
                let at = r.below(bytes.count)
                switch r.below(3) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(r.pick(insertions), at: at)
                default: bytes[at] = r.pick(insertions)
                }
            }
        }
        return bytes
    }

    /// tomllib's reading of each file, one JSON line each: the document as toml-test writes
    /// it, or null when tomllib refuses it.
    static let harness = #"""
    import json, math, sys, tomllib
    def tag(v):
        if isinstance(v, dict): return {k: tag(x) for k, x in v.items()}
        if isinstance(v, list): return [tag(x) for x in v]
        if isinstance(v, bool): return {"type": "bool", "value": "true" if v else "false"}
        if isinstance(v, int): return {"type": "integer", "value": str(v)}
        if isinstance(v, float):
            s = "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf") if math.isinf(v) else repr(v)
            return {"type": "float", "value": s}
        if isinstance(v, str): return {"type": "string", "value": v}
        return {"type": "datetime", "value": str(v)}
    for path in sys.argv[1:]:
        try:
            doc = tomllib.loads(open(path, "rb").read().decode("utf-8"))
            print(json.dumps(tag(doc)))
        except Exception:
            print("null")
    """#

    @Test("4,000 documents: what tomllib refuses is refused; what both read means the same; never refused as broken when valid")
    func againstTomllib() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("toml-diff-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var r = Random(state: 20261124)
        var paths: [String] = []
        var documents: [[UInt8]] = []
        for k in 0..<4000 {
            let bytes = Self.document(&r)
            let path = dir.appendingPathComponent("\(k).toml").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            paths.append(path)
            documents.append(bytes)
        }
        let script = dir.appendingPathComponent("harness.py").path
        try Self.harness.write(toFile: script, atomically: true, encoding: .utf8)
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", script] + paths
        let out = Pipe()
        python.standardOutput = out
        try python.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        python.waitUntilExit()
        try #require(python.terminationStatus == 0, "python3 with tomllib (3.11 or later) is needed")
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        try #require(lines.count == paths.count)

        var bothRead = 0, bothRefused = 0, outsideSubset = 0
        var problems: [String] = []
        for (k, line) in lines.enumerated() {
            let reference = try JSONSerialization.jsonObject(with: Data(line.utf8), options: .fragmentsAllowed)
            let text = String(decoding: documents[k], as: UTF8.self).debugDescription
            let ours: Result<[ConfigTable], DiagnosticError>
            if firstInvalidUTF8(documents[k]) != nil {
                ours = .failure(DiagnosticError("not UTF-8", at: SourceLocation(file: "d", line: 1, column: 1)))
            } else {
                do { ours = .success(try ConfigReader.parse(String(decoding: documents[k], as: UTF8.self), file: "d")) } catch {
                    ours = .failure(error)
                }
            }
            switch (ours, reference is NSNull) {
            case (.success, true): problems.append("accepted what tomllib refuses: \(text)")
            case (.failure, true): bothRefused += 1
            case (.success(let tables), false):
                if let d = TOMLSuiteTests.difference(TOMLSuiteTests.json(tables), reference) {
                    problems.append("read differently (\(d)): \(text)")
                } else {
                    bothRead += 1
                }
            case (.failure(let e), false):
                // tomllib reads integers of any size; TOML 1.0 says an integer that cannot be
                // kept losslessly in 64 bits is an error, and the reader follows TOML.
                if e.description.contains("not supported") || e.description.contains("out of the range of a 64-bit integer") {
                    outsideSubset += 1
                } else {
                    problems.append("refused as broken what tomllib reads (\(e)): \(text)")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.count) disagreements, the first: \(problems.prefix(5).joined(separator: "\n"))")
        // The documents must exercise every side, or the comparison says little.
        #expect(bothRead > 400 && bothRefused > 400 && outsideSubset > 100, "\(bothRead) read, \(bothRefused) refused, \(outsideSubset) outside")
        print("tomllib differential: \(bothRead) read the same, \(bothRefused) refused by both, \(outsideSubset) valid but outside the subset")
    }
}
