// touchtrace's commands on a long trace: peak memory, the compact document beside the lines
// layout, replay --json beside orjson (BENCHMARKS.md).
import Foundation
import TouchGestures
import TouchList
import TouchReplay
import TouchTrace
import TouchTools
internal import CPlatform

/// Runs `executable` with `args`, its output thrown away, reading its peak memory (VmHWM, a
/// high-water mark) from /proc every 5 ms while it runs.
func runMeasured(_ executable: String, _ args: [String]) throws -> (seconds: Double, peakKiB: Int, status: Int32) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable)
    p.arguments = args
    p.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    p.standardError = FileHandle(forWritingAtPath: "/dev/null")
    let t0 = now()
    try p.run()
    var peak = 0
    while p.isRunning {
        if let k = vmHWMKiB(process: String(p.processIdentifier)) { peak = max(peak, k) }
        usleep(5_000)
    }
    return (now() - t0, peak, p.terminationStatus)
}

/// Commands on a long lines trace: each `touchtrace` command as a child, its peak memory read
/// from /proc/PID/status (VmHWM, a high-water mark) while it runs. The goal: flat in the trace's
/// length, at most 32 MiB at 10⁷ events.
func benchCommands(touchtrace: String, dir: String, quick: Bool, runs: Int) {
    let events = quick ? 300_000 : 10_000_000
    let path = dir + "/long.jsonl", compactPath = dir + "/long-compact.json"
    var header = TraceHeader(device: .init(name: "touch-bench synthetic panel", width: 800, height: 480,
                                           resolution: Point(x: 5, y: 5), units: "px"))
    header.scene = .object(JSONObject([.init("list", .object(JSONObject([.init("rows", .number(8)), .init("rowHeight", .number(60))])))]))
    do {
        // Written a piece at a time: the bench itself stays small too.
        // The same events as a compact document on one line, as Python's json.dumps or
        // JavaScript's JSON.stringify writes a dictionary: it was read 4.5× slower
        // and in 2.7× the memory, because a document was read whole.
        let w = try OutputFile.Writer(path: path)
        let c = try OutputFile.Writer(path: compactPath)
        try w.write(TraceWriter.opening(header, encoding: .lines))
        try c.write("{" + TraceWriter.headerObject(header, lines: false).members.map { m in
            JSONValue.string(m.key).serialized() + ": " + m.value.serialized()
        }.joined(separator: ", ") + ", \"events\": [")
        var written = 0, seed: UInt64 = 1
        while written < events {
            let part = syntheticSession(events: min(200_000, events - written), seed: seed, asRecorded: true)
            let offset = Double(seed - 1) * 100_000
            var text = "", compact = ""
            for var e in part {
                e.time += offset
                text += TraceWriter.eventText(e, first: false, encoding: .lines)
                if written > 0 || !compact.isEmpty { compact += ", " }
                compact += TraceWriter.eventJSON(e)
            }
            try w.write(text)
            try c.write(compact)
            written += part.count
            seed += 1
        }
        try w.commit()
        try c.write("]}")
        try c.commit()
        let size = Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1e6
        say("touchtrace commands on a lines trace of \(written) events (\(fmt(size)) MB), peak memory (VmHWM):")
        for args in [["validate", path], ["stats", path], ["velocity", path], ["convert", path, dir + "/long-out.jsonl"],
                     ["replay", "--json", path], ["replay", path]] {
            let r = try runMeasured(touchtrace, args)
            let label = args.dropLast(args[0] == "convert" ? 2 : 1).joined(separator: " ")
            say("  \(label.padding(toLength: 14, withPad: " ", startingAt: 0)) \(fmt(Double(r.peakKiB) / 1024, 1)) MiB, \(fmt(r.seconds, 2)) s (exit \(r.status))")
        }
        try? FileManager.default.removeItem(atPath: dir + "/long-out.jsonl")
        // A list's size costs nothing per row while its rows share one height (before, a
        // 10⁷-row list took 199 MB to replay, and 1.3 GB to render when its rows were hairlines).
        say("a list of 10 rows beside one of 10,000,000 (one tap each), peak memory (goal: the same within 1.2×):")
        for (label, height) in [("44-unit rows", 44.0), ("hairline rows", 0.00001)] {
            var peaks: [Int] = []
            var line = "  \(label.padding(toLength: 14, withPad: " ", startingAt: 0))"
            for rows in [10, 10_000_000] {
                var h = TraceHeader(device: .init(name: "touch-bench", width: 800, height: 480, resolution: Point(x: 5, y: 5), units: "px"))
                h.scene = .object(JSONObject([.init("list", .object(JSONObject([.init("rows", .number(Double(rows))), .init("rowHeight", .number(height))])))]))
                let listPath = dir + "/list-\(rows).json"
                try TraceWriter.write(Trace(header: h, events: [
                    TouchEvent(time: 0, id: 1, phase: .down, position: Point(x: 100, y: 100)),
                    TouchEvent(time: 0.05, id: 1, phase: .up, position: Point(x: 100, y: 100)),
                ]), to: listPath, encoding: .document)
                let replay = try runMeasured(touchtrace, ["replay", listPath])
                let render = try runMeasured(touchtrace, ["render", listPath, "--output", dir + "/list.svg"])
                peaks += [replay.peakKiB, render.peakKiB]
                line += " \(rows) rows: replay \(fmt(Double(replay.peakKiB) / 1024, 1)) MiB, render \(fmt(Double(render.peakKiB) / 1024, 1)) MiB;"
                try? FileManager.default.removeItem(atPath: listPath)
            }
            let ratio = Double(max(peaks[2], peaks[3])) / Double(max(1, max(peaks[0], peaks[1])))
            say(line + " \(fmt(ratio, 2))×")
        }
        try? FileManager.default.removeItem(atPath: dir + "/list.svg")
        let compactSize = Double((try? FileManager.default.attributesOfItem(atPath: compactPath)[.size] as? Int) ?? 0) / 1e6
        say("the same events as a compact one-line document (\(fmt(compactSize)) MB), beside the lines trace (best of \(max(runs, 2))):")
        for command in ["validate", "replay"] {
            var best: [(seconds: Double, peakKiB: Int)] = []
            for file in [path, compactPath] {
                var b = (seconds: Double.infinity, peakKiB: 0)
                for _ in 0..<max(runs, 2) {
                    let r = try runMeasured(touchtrace, [command, file])
                    if r.status == 0, r.seconds < b.seconds { b = (r.seconds, r.peakKiB) }
                }
                best.append(b)
            }
            say("  \(command.padding(toLength: 9, withPad: " ", startingAt: 0)) lines \(fmt(best[0].seconds, 2)) s, \(fmt(Double(best[0].peakKiB) / 1024, 1)) MiB; compact document \(fmt(best[1].seconds, 2)) s, \(fmt(Double(best[1].peakKiB) / 1024, 1)) MiB: time \(fmt(best[1].seconds / best[0].seconds, 2))×, memory \(fmt(Double(best[1].peakKiB) / Double(max(best[0].peakKiB, 1)), 2))× (goal ≤ 1.2× each)")
        }
        try? FileManager.default.removeItem(atPath: compactPath)
        replayJSONBesideOrjson(touchtrace: touchtrace, trace: path, dir: dir, runs: runs)
        try? FileManager.default.removeItem(atPath: path)
    } catch {
        warn("the commands benchmark could not run: \(error)")
    }
}

/// orjson serialising the output objects of `replay --json`: they are parsed first (not timed),
/// then each is serialised with a newline and written to /dev/null through a buffered file.
let orjsonDumpScript = """
import sys, time
import orjson
with open(sys.argv[1], "rb") as f:
    objects = [orjson.loads(line) for line in f]
out = open("/dev/null", "wb")
t0 = time.perf_counter()
for o in objects:
    out.write(orjson.dumps(o, option=orjson.OPT_APPEND_NEWLINE))
out.flush()
t1 = time.perf_counter()
print(t1 - t0, 0, len(objects))
"""

/// `touchtrace replay --json` end to end (reading, recognising, formatting, writing to /dev/null)
/// beside orjson only serialising the same output objects (the goal: at least as fast).
func replayJSONBesideOrjson(touchtrace: String, trace: String, dir: String, runs: Int) {
    let outPath = dir + "/replay-out.jsonl"
    func run(_ output: String) -> Double? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: touchtrace)
        p.arguments = ["replay", "--json", trace]
        p.standardOutput = FileHandle(forWritingAtPath: output)
        p.standardError = FileHandle(forWritingAtPath: "/dev/null")
        let t0 = now()
        guard (try? p.run()) != nil else { return nil }
        p.waitUntilExit()
        return p.terminationStatus == 0 ? now() - t0 : nil
    }
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    guard run(outPath) != nil else { say("  replay --json beside orjson: FAILED"); return }
    var best = Double.infinity
    for _ in 0..<max(runs, 2) { if let s = run("/dev/null") { best = min(best, s) } }
    let lines = ((try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "").utf8.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
    say("replay --json, end to end, beside orjson serialising the same \(lines) output objects:")
    say("  touchtrace replay --json (read, recognise, format, write): \(fmt(best, 3)) s")
    // Our formatting alone, as orjson's is measured: the outputs made first (not timed), then
    // written as replay --json writes them (`JSONLineBuffer`), in 64 KiB pieces to /dev/null.
    var outputs: [ListController.Output] = []
    if let stream = try? TraceEventStream(path: trace) {
        _ = TraceReplay.run(stream: stream) { o in
            if case .gesture(let g) = o, case .failed = g.kind { return }
            if case .gesture(let g) = o, case .won = g.kind { return }
            outputs.append(o)
        }
    }
    var formatting = Double.infinity
    if let devNull = FileHandle(forWritingAtPath: "/dev/null") {
        for _ in 0..<max(runs, 2) {
            let lines = JSONLineBuffer(capacity: 1 << 17)
            let t0 = now()
            for o in outputs {
                lines.append(o)
                if lines.count >= 1 << 16 {
                    lines.withUnsafeBytes { _ = write(devNull.fileDescriptor, $0.baseAddress, $0.count) }
                    lines.removeAll()
                }
            }
            lines.withUnsafeBytes { _ = write(devNull.fileDescriptor, $0.baseAddress, $0.count) }
            formatting = min(formatting, now() - t0)
        }
    }
    say("  TouchTrace formatting alone (JSONLineBuffer over the \(outputs.count) outputs, written): \(fmt(formatting, 3)) s")
    if let j = measure("/usr/bin/env", ["python3", "-c", orjsonDumpScript, outPath], runs: max(runs, 2)) {
        say("  orjson.dumps of the parsed objects (format and write only): \(fmt(j.seconds, 3)) s")
        say("  orjson time / TouchTrace time: formatting alone \(fmt(j.seconds / formatting, 2))×, replay --json end to end \(fmt(j.seconds / best, 2))× (goal ≥ 1)")
    } else { say("  orjson: not available (pip install orjson)") }
    try? FileManager.default.removeItem(atPath: outPath)
}
