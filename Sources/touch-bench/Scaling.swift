import Foundation
import TouchPlatform

/// The inputs hostile runs found growing faster than their size, each run as a `touchtrace` child at a
/// size n and at 4n. The printed exponent, log(t(4n) / t(n)) / log 4, is 1 for linear time and
/// 2 for quadratic; n log n gives a little over 1. Sizes are chosen so that each run takes a
/// tenth of a second or more, well above the cost of starting a process.
struct ScalingCase {
    var name: String
    var sizes: (Int, Int)
    /// Writes the input for size n into `dir` and returns the command's arguments.
    var make: (_ n: Int, _ dir: String) throws -> [String]
}

func scalingCases(quick: Bool) -> [ScalingCase] {
    let q = quick ? 1 : 4
    func write(_ text: String, _ path: String) throws -> String {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
    let header = #"{"format": "touch-trace", "version": 1, "encoding": "lines", "device": {"width": 100000, "height": 100000}}"#
    return [
        ScalingCase(name: "replay, n contacts down at once", sizes: (25_000 * q, 100_000 * q)) { n, dir in
            var s = header + "\n"
            for k in 0..<n { s += #"{"t": 0, "id": \#(k), "phase": "down", "x": \#(k % 1000 * 100), "y": \#(k / 1000 * 100)}"# + "\n" }
            for k in 0..<n { s += #"{"t": 1, "id": \#(k), "phase": "up", "x": \#(k % 1000 * 100), "y": \#(k / 1000 * 100)}"# + "\n" }
            return ["replay", try write(s, dir + "/contacts.jsonl")]
        },
        ScalingCase(name: "replay, n estimated rows in view", sizes: (100_000 * q, 400_000 * q)) { n, dir in
            var s = #"{"format": "touch-trace", "version": 1, "encoding": "lines", "device": {"width": 800, "height": \#(n)}, "#
                + #""scene": {"list": {"rows": \#(n), "rowHeight": 1, "estimatedRowHeight": 1, "height": \#(n), "width": 800}}}"# + "\n"
            for k in 0..<20 {
                s += #"{"t": \#(Double(k) * 0.01), "id": 1, "phase": "\#(k == 0 ? "down" : k == 19 ? "up" : "move")", "x": 400, "y": \#(100 + k * 30)}"# + "\n"
            }
            return ["replay", try write(s, dir + "/rows.jsonl")]
        },
        ScalingCase(name: "import, an evemu N: line of n bytes", sizes: (2_500_000 * q, 10_000_000 * q)) { n, dir in
            let s = "N: " + String(repeating: "a", count: n) + "\nI: 0018 0000 0000 0000\nA: 35 0 1000 0 0 10\nA: 36 0 1000 0 0 10\n"
                + "E: 0.000000 0003 0035 10\nE: 0.000000 0003 0036 10\nE: 0.000000 0000 0002 0\nE: 0.000000 0000 0000 0\n"
            return ["import", try write(s, dir + "/name.evemu"), dir + "/name.json"]
        },
        ScalingCase(name: "import, n protocol-A reports of 1,000 contacts", sizes: (25 * q, 100 * q)) { n, dir in
            var s = "N: protocol A panel\nI: 0018 0000 0000 0000\nA: 35 0 100000 0 0 10\nA: 36 0 100000 0 0 10\n"
            for f in 0..<n {
                for c in 0..<1000 {
                    s += "E: \(f).000000 0003 0035 \(c * 97 % 100000)\nE: \(f).000000 0003 0036 \((c * 31 + f * 5) % 100000)\nE: \(f).000000 0000 0002 0\n"
                }
                s += "E: \(f).000000 0000 0000 0\n"
            }
            s += "E: \(n).000000 0000 0002 0\nE: \(n).000000 0000 0000 0\n"
            return ["import", try write(s, dir + "/pa.evemu"), dir + "/pa.json"]
        },
        ScalingCase(name: "validate, a meta of n small arrays", sizes: (250_000 * q, 1_000_000 * q)) { n, dir in
            var s = #"{"format": "touch-trace", "version": 1, "device": {"width": 8, "height": 4}, "meta": ["#
            for k in 0..<n { s += (k > 0 ? ", " : "") + #"[\#(k), "ab"]"# }
            s += #"], "events": []}"#
            return ["validate", try write(s, dir + "/meta.json")]
        },
        // eval grouped people with a search of every person per stroke, and found each label's
        // stroke by a search of every stroke: quadratic in people and in labels.
        ScalingCase(name: "eval, n people with a tap each", sizes: (4_000 * q, 16_000 * q)) { n, dir in
            try evalInput(n, dir: dir, name: "people", person: true)
        },
        ScalingCase(name: "eval, n labelled taps on one trace", sizes: (8_000 * q, 32_000 * q)) { n, dir in
            try evalInput(n, dir: dir, name: "taps", person: false)
        },
        // Each edit scanned every animation still running, and deleting the top row n times at
        // one time left n of them: quadratic.
        ScalingCase(name: "replay, n edits of a list at one time", sizes: (10_000 * q, 40_000 * q)) { n, dir in
            var s = #"{"format": "touch-trace", "version": 1, "encoding": "lines", "device": {"width": 800, "height": 480}, "#
                + #""scene": {"list": {"rows": \#(n + 10), "rowHeight": 60, "edits": ["#
            for k in 0..<n { s += (k > 0 ? ", " : "") + #"{"t": 0.5, "delete": [0]}"# }
            s += "]}}}\n"
            s += #"{"t": 0, "id": 0, "phase": "down", "x": 400, "y": 100}"# + "\n" + #"{"t": 1, "id": 0, "phase": "up", "x": 400, "y": 100}"# + "\n"
            return ["replay", try write(s, dir + "/edits.jsonl")]
        },
        // The same n edits, `delete 0; insert 0` at one time, down every path a trace's edits
        // take: each edit's place in the document was found by a walk from its top, even with
        // no problem to report (4,000: synth 67 s and replay 69 s in a debug build). The C
        // library's tg_replay_open reads the header with the same reader as replay.
        ScalingCase(name: "synth, n edits of a list at one time", sizes: (10_000 * q, 40_000 * q)) { n, dir in
            var d = "list rows 20 height 60\n"
            d.reserveCapacity(n * 20)
            for _ in 0..<n { d += "delete 0; insert 0\n" }
            return ["synth", try write(d, dir + "/edits.txt"), dir + "/synth-edits.json"]
        },
        ScalingCase(name: "replay, n edits in a document's header", sizes: (10_000 * q, 40_000 * q)) { n, dir in
            ["replay", try write(editsDocument(n), dir + "/edits-doc.json")]
        },
        ScalingCase(name: "validate, n edits in a document's header", sizes: (10_000 * q, 40_000 * q)) { n, dir in
            ["validate", try write(editsDocument(n), dir + "/edits-validate.json")]
        },
        ScalingCase(name: "render, n taps over the screen", sizes: (25_000 * q, 100_000 * q)) { n, dir in
            var s = header + "\n"
            for k in 0..<n {
                let x = k * 7919 % 100000, y = k * 104729 % 100000
                s += #"{"t": \#(Double(k) * 0.5), "id": \#(k), "phase": "down", "x": \#(x), "y": \#(y)}"# + "\n"
                s += #"{"t": \#(Double(k) * 0.5 + 0.05), "id": \#(k), "phase": "up", "x": \#(x), "y": \#(y)}"# + "\n"
            }
            return ["render", try write(s, dir + "/taps.jsonl"), "-o", dir + "/taps.svg"]
        },
    ]
}

/// A trace document whose list has 20 rows and n edits at 0 s, each `delete 0`, `insert 0`, and a
/// tap, as `touchtrace synth` writes one.
func editsDocument(_ n: Int) -> String {
    var edits = ""
    edits.reserveCapacity(n * 48)
    for k in 0..<n { edits += (k > 0 ? ", " : "") + #"{"t": 0, "delete": [0]}, {"t": 0, "insert": [0]}"# }
    return #"{"format": "touch-trace", "version": 1, "device": {"width": 800, "height": 480}, "#
        + #""scene": {"list": {"rows": 20, "rowHeight": 60, "edits": [\#(edits)]}}, "#
        + #""events": [{"t": 1, "id": 0, "phase": "down", "x": 400, "y": 100}, {"t": 1.05, "id": 0, "phase": "up", "x": 400, "y": 100}]}"#
}

/// A trace of n taps half a second apart, each its own contact, and a labels file naming each
/// tap (with a person of its own when `person`); returns eval's arguments.
func evalInput(_ n: Int, dir: String, name: String, person: Bool) throws -> [String] {
    var trace = #"{"format": "touch-trace", "version": 1, "encoding": "lines", "device": {"width": 800, "height": 480, "resolution": {"x": 5, "y": 5}}}"# + "\n"
    var labels = "["
    for k in 0..<n {
        let t = Double(k) / 2, x = 100 + k % 6 * 100, y = 100 + k % 3 * 100
        trace += #"{"t": \#(t), "id": \#(k), "phase": "down", "x": \#(x), "y": \#(y)}"# + "\n"
        trace += #"{"t": \#(t + 0.08), "id": \#(k), "phase": "up", "x": \#(x), "y": \#(y)}"# + "\n"
        labels += (k > 0 ? ",\n" : "") + #"{"trace": "\#(name).jsonl", "id": \#(k), "t": \#(t), "intent": "tap""#
            + (person ? #", "user": "p\#(k)"}"# : "}")
    }
    try Data(trace.utf8).write(to: URL(fileURLWithPath: dir + "/\(name).jsonl"))
    try Data((labels + "]").utf8).write(to: URL(fileURLWithPath: dir + "/\(name)-labels.json"))
    return ["eval", "--json", dir + "/\(name)-labels.json"]
}

/// The exponent past which a case fails the run: linear and n log n stay well under it (the cases
/// measure 0.9–1.2 here), quadratic is 2; between the two for the noise of a loaded machine.
let scalingExponentLimit = 1.5

/// Runs each case at both sizes and prints the times and the exponent; returns the cases whose
/// exponent is past ``scalingExponentLimit`` (or that failed to run), which fail the benchmark.
func runScaling(touchtrace: String, dir: String, quick: Bool) -> [String] {
    say("scaling: each input a hostile run found growing faster than its size, at n and 4n (exponent 1 = linear, 2 = quadratic; over \(fmt(scalingExponentLimit, 1)) fails):")
    var failed: [String] = []
    for c in scalingCases(quick: quick) {
        var times: [Double] = []
        for n in [c.sizes.0, c.sizes.1] {
            guard let args = try? c.make(n, dir) else { break }
            var best = Double.infinity
            for _ in 0..<2 { if let t = timedRun(touchtrace, args) { best = min(best, t) } }
            times.append(best)
        }
        guard times.count == 2, times.allSatisfy(\.isFinite) else {
            say("  \(c.name): FAILED")
            failed.append(c.name)
            continue
        }
        var exponent = log(times[1] / times[0]) / log(4)
        // Once more where it is over: a run can meet a busy moment of the machine.
        if exponent > scalingExponentLimit, let again = try? c.make(c.sizes.1, dir), let t = timedRun(touchtrace, again) {
            exponent = min(exponent, log(t / times[0]) / log(4))
        }
        say("  \(c.name.padding(toLength: 48, withPad: " ", startingAt: 0)) n=\(c.sizes.0): \(fmt(times[0], 3)) s, 4n: \(fmt(times[1], 3)) s, exponent \(fmt(exponent, 2))"
            + (exponent > scalingExponentLimit ? "  OVER \(fmt(scalingExponentLimit, 1))" : ""))
        if exponent > scalingExponentLimit { failed.append(c.name) }
    }
    return failed
}

/// Runs a command with its output to /dev/null and returns its wall time in seconds (nil when
/// it cannot start). posix_spawn and waitpid rather than `Process`, whose `waitUntilExit`
/// polls and rounded these times to 50 ms.
func timedRun(_ path: String, _ args: [String]) -> Double? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv: [UnsafeMutablePointer<CChar>?] = ([path] + args).map { strdup($0) } + [nil]
    defer { for a in argv { free(a) } }
    var pid: pid_t = 0
    let t0 = now()
    guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else { return nil }
    var status: Int32 = 0
    _ = retryingOnInterrupt { waitpid(pid, &status, 0) }
    return now() - t0
}
