// The readers beside orjson and Foundation's JSONDecoder (BENCHMARKS.md, "Reading a ~50 MB trace").
import Foundation
import TouchGestures
import TouchList
import TouchTrace
import TouchTools
internal import CPlatform

/// Writes a trace of about `megabytes` MB in both encodings; returns their paths.
func makeTraces(megabytes: Int, in dir: String, asRecorded: Bool) throws -> (document: String, lines: String) {
    // Bytes an event takes in the lines encoding, with pressure.
    let perEvent = asRecorded ? 88 : 117
    let events = syntheticSession(events: megabytes * 1_000_000 / perEvent, asRecorded: asRecorded)
    var header = TraceHeader(device: .init(name: "touch-bench synthetic panel", width: 800, height: 480,
                                           resolution: Point(x: 5, y: 5), units: "px"))
    header.scene = .object(JSONObject([.init("list", .object(JSONObject([.init("rows", .number(8)), .init("rowHeight", .number(60))])))]))
    let trace = Trace(header: header, events: events)
    let tag = asRecorded ? "recorded" : "full"
    let doc = dir + "/bench-\(tag).json", lines = dir + "/bench-\(tag).jsonl"
    try TraceWriter.write(trace, to: doc, encoding: .document)
    try TraceWriter.write(trace, to: lines, encoding: .lines)
    return (doc, lines)
}

struct ReadFigures { var seconds: Double; var peakKiB: Int; var events: Int }

/// Runs a child process that prints "seconds peakKiB events"; the best of `runs`.
func measure(_ executable: String, _ args: [String], runs: Int) -> ReadFigures? {
    var best: ReadFigures?
    for _ in 0..<runs {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = args
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.standardError
        do { try p.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { return nil }
        let parts = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard parts.count >= 3, let s = Double(parts[0]), let k = Int(parts[1]), let n = Int(parts[2]) else { return nil }
        let f = ReadFigures(seconds: s, peakKiB: k, events: n)
        if best == nil || f.seconds < best!.seconds { best = f }
    }
    return best
}

let orjsonScript = """
import sys, time
import orjson
path, mode = sys.argv[1], sys.argv[2]
t0 = time.perf_counter()
n = 0
if mode == "document":
    with open(path, "rb") as f:
        n = len(orjson.loads(f.read())["events"])
else:
    with open(path, "rb") as f:
        f.readline()
        for line in f:
            orjson.loads(line)
            n += 1
t1 = time.perf_counter()
hwm = next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmHWM:"))
print(t1 - t0, hwm, n)
"""

struct RefEvent: Decodable { var t: Double; var id: Int; var phase: String; var x: Double; var y: Double; var pressure: Double? }
struct RefDevice: Decodable { var width: Double; var height: Double }
struct RefDocument: Decodable { var format: String; var version: Int; var device: RefDevice; var events: [RefEvent] }

/// Each reader beside orjson on a trace of about `megabytes` MB in both encodings, numbers as a
/// recording has them and at full precision; each reader a child process (`touch-bench read`).
func benchReaders(megabytes: Int, dir: String, me: String, runs: Int) throws {
    // python3 as the shell would find it (the one pip installs orjson for).
    let python = "/usr/bin/env"
    let pyArgs = ["python3", "-c", orjsonScript]
    for asRecorded in commandsOnly || scalingOnly ? [] : [true, false] {
        let (docPath, linesPath) = try makeTraces(megabytes: megabytes, in: dir, asRecorded: asRecorded)
        say(asRecorded
              ? "numbers as a recording has them (µs timestamps, positions to 0.01, integer pressure):"
              : "numbers at full double precision (17 significant digits; our exact fast path does not apply):")
        var ratios: [String] = []
        for (label, path) in [("document", docPath), ("lines", linesPath)] {
            let size = Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1e6
            say("  read \(label): \(fmt(size)) MB")
            let ours = measure(me, ["read", path], runs: runs)
            let orjson = measure(python, pyArgs + [path, label], runs: runs)
            if let o = ours {
                say("    TouchTrace \(label == "lines" ? "(streaming)" : "(whole file)"): \(fmt(size / o.seconds)) MB/s, peak \(o.peakKiB / 1024) MiB, \(o.events) events")
            } else { say("    TouchTrace: FAILED") }
            if let j = orjson {
                say("    orjson \(label == "lines" ? "(line by line)" : "(whole file)"): \(fmt(size / j.seconds)) MB/s, peak \(j.peakKiB / 1024) MiB, \(j.events) events")
            } else { say("    orjson: not available (pip install orjson)") }
            if let o = ours, let j = orjson {
                ratios.append("\(label) \(fmt(j.seconds / o.seconds, 2))×")
            }
            if label == "document", asRecorded, let d = measure(me, ["jsondecoder", path], runs: 1) {
                say("    Foundation JSONDecoder (Codable): \(fmt(size / d.seconds)) MB/s, peak \(d.peakKiB / 1024) MiB")
            }
        }
        if !ratios.isEmpty { say("  TouchTrace speed / orjson speed: " + ratios.joined(separator: ", ")) }
        try? FileManager.default.removeItem(atPath: docPath)
        try? FileManager.default.removeItem(atPath: linesPath)
    }
}
