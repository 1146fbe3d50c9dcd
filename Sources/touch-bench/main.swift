// touch-bench: the figures behind BENCHMARKS.md.
//
//   touch-bench [--quick] [--mb N]       run everything and print the figures
//   touch-bench engine                   only the engine figures
//   touch-bench commands                 only the touchtrace commands (memory, replay --json beside orjson)
//   touch-bench scaling                  only the inputs that grew faster than their size, at n and 4n
//   touch-bench list                     the engine, then the list figures (fling across 1k–1M rows)
//     (TOUCH_BENCH_RECOGNIZERS=pan,fling: only those recognizers; empty: the pipeline alone)
//   touch-bench read FILE                (internal) read one trace, print seconds, peak RSS, events
//   touch-bench jsondecoder FILE         (internal) the same with Foundation's JSONDecoder
//
// Built in release mode by tools/bench. Each reader runs in a child process of its own, so
// that its peak memory (getrusage) is its own.
import CAllocCounter
import Foundation
import TouchGestures
import TouchList
import TouchTrace
import TouchTools

#if canImport(Glibc)
import Glibc
#endif

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Peak resident memory of this process image, in KiB: VmHWM from /proc/self/status. (Not
/// getrusage's ru_maxrss, which Linux carries over from the parent across exec.)
func peakRSSKiB() -> Int {
    guard let s = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = s.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return -1 }
    return Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") ?? -1
}

/// A deterministic session on a 800 × 480 panel at 5 units/mm, made by the one trace generator
/// (`TraceBuilder`): row swipes, taps, vertical drags, two-finger swipes, pinches with a turn,
/// and long presses at 120 Hz, with 0.1 mm of jitter and pauses, so that every recognizer and
/// the arena have work. With `asRecorded`, numbers look like a recording's: timestamps in whole
/// microseconds (as evdev gives them), positions to 1/100 unit, integer pressure; without it
/// they keep all 17 significant digits.
func syntheticSession(events target: Int, seed: UInt64 = 42, asRecorded: Bool = false, kinds: Int = 7) -> [TouchEvent] {
    var state = seed
    func rand() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }
    var b = TraceBuilder(device: .init(width: 800, height: 480, resolution: Point(x: 5, y: 5)), seed: seed)
    b.rounds = asRecorded
    var t = 0.0
    /// Fingers `ids` (one above the other, 40 units apart) moving by `by` over `frames` frames;
    /// `spread` moves them apart, the first one way and the others the other way.
    func stroke(_ ids: [Int], from: Point, by: Point, frames: Int, spread: Point = .zero) {
        let duration = Double(frames) / 120
        for (k, id) in ids.enumerated() {
            let start = from + Point(x: 0, y: Double(k) * 40)
            let end = start + by + spread * (k == 0 ? -1 : 1)
            b.path(t, [start, end], duration: duration, jitter: 0.1, id: id)
        }
        t += duration + 0.05 + rand() * 0.3
    }
    while b.events.count < target {
        let row = Double(Int(rand() * 7))
        let y = row * 60 + 30
        switch Int(rand() * Double(kinds)) {
        case 0: stroke([1], from: Point(x: 200 + rand() * 100, y: y), by: Point(x: 150, y: 4), frames: 24)
        case 1: stroke([2], from: Point(x: 600, y: y), by: Point(x: -150, y: -3), frames: 24)
        case 2: stroke([3], from: Point(x: 400, y: y), by: Point(x: 1, y: 1), frames: 8)   // tap
        case 3: stroke([4], from: Point(x: 400, y: 60), by: Point(x: 5, y: 300), frames: 60)
        case 4: stroke([5, 6], from: Point(x: 300, y: y), by: Point(x: 120, y: 0), frames: 20)
        case 5: stroke([7, 8], from: Point(x: 400, y: 200), by: .zero, frames: 40, spread: Point(x: 60, y: 20))  // pinch + turn
        default: stroke([9], from: Point(x: 400, y: y), by: Point(x: 2, y: 1), frames: 84)                      // long press
        }
    }
    // Pressure, as recordings carry it (the reader benchmark's bytes per event depend on it).
    return b.trace().events.map { e in
        var e = e
        if e.phase != .down { e.pressure = (rand() * 100).rounded() }
        return e
    }
}

let surface = Surface(width: 800, height: 480, unitsPerMillimeter: Point(x: 5, y: 5))
let layout = ListLayout(rows: 8, rowHeight: 60, width: 800, height: 480)

struct EngineFigures { var events: Int; var seconds: Double; var allocations: UInt64; var outputs: Int }

/// Contact events through every recognizer, the arena and the list model, on one core.
/// `kinds` 5 is the core session of the first benchmark (swipes, taps, drags, two-finger
/// swipes); 7 adds pinches that turn and long presses.
func benchEngine(total: Int, kinds: Int) -> EngineFigures {
    let session = syntheticSession(events: 1_000_000, kinds: kinds)
    let span = (session.last?.time ?? 0) + 1
    var settings = GestureSettings()
    // TOUCH_BENCH_RECOGNIZERS=tap,swipe measures only those (an empty value: the pipeline alone).
    if let only = getenv("TOUCH_BENCH_RECOGNIZERS").map({ String(cString: $0) }) {
        settings.arena.enabled = RecognizerSet(only.split(separator: ",").compactMap { RecognizerName(rawValue: String($0)) })
    }
    var engine = ListController(settings: settings, surface: surface, list: ListModel(layout: layout))
    var assembler = FrameAssembler()
    var outputs = 0
    // Warm-up pass: every buffer reaches its working size.
    for e in session { assembler.add(e) { engine.handle($0) { _ in outputs += 1 } } }
    let passes = max(1, total / session.count)
    outputs = 0
    let a0 = tg_allocations()
    let t0 = now()
    for p in 1...passes {
        let offset = Double(p) * span
        for var e in session {
            e.time += offset
            assembler.add(e) { engine.handle($0) { _ in outputs += 1 } }
        }
    }
    assembler.flush { engine.handle($0) { _ in outputs += 1 } }
    let t1 = now()
    let a1 = tg_allocations()
    return EngineFigures(events: passes * session.count, seconds: t1 - t0, allocations: a1 - a0, outputs: outputs)
}

struct ListFigures { var rows: Int; var buildSeconds: Double; var frames: Int; var nsPerFrame: Double; var allocationsPerFrame: Double; var slots: Int }

/// A fling across a list of `rows` rows of variable heights (20 to 119 units, a fixed
/// pseudo-random sequence), stepped at 120 frames per second; each frame steps the momentum
/// and lays out the visible cells (range, sticky header, slots), as a renderer would. With
/// `estimated`, rows start at an estimate and are measured as they come into view. The
/// fling's speed is chosen to carry the content across the whole list, top to bottom, and
/// the throw is repeated back and forth until about `minFrames` frames have run.
func benchList(rows: Int, estimated: Bool, minFrames: Int) -> ListFigures {
    var state: UInt64 = 99
    var heights = [Double]()
    heights.reserveCapacity(rows)
    for _ in 0..<rows {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        heights.append(Double(20 + (state >> 33) % 100))
    }
    var options = ListOptions()
    options.rowHeights = heights
    options.sections = stride(from: 0, to: rows, by: 100).map { min(100, rows - $0) }
    options.headerHeight = 28
    if estimated { options.estimatedRowHeight = 70 }
    let layout = ListLayout(rows: rows, rowHeight: 60, width: 800, height: 480)
    let b0 = now()
    var list = ListModel(layout: layout, options: options)
    let buildSeconds = now() - b0
    list.layoutCells()
    var frames = 0
    var elapsed = 0.0
    var t = 0.0
    var allocations: UInt64 = 0
    var direction = 1.0
    while frames < minFrames {
        // Speed to travel the whole content: distance = v0 / -ln(rate) (per ms).
        let distance = list.maxOffset * 1.02
        let v0 = distance * -log(list.options.physics.decelerationRate) * 1000 * direction
        let fling = GestureEvent(time: t, kind: .fling(.init(fingers: 1, position: Point(x: 400, y: 240),
                                                          velocity: Point(x: 0, y: -v0), millimetersPerSecond: 0)))
        // Momentum continues a drag: the throw is a pan that ends in a fling.
        list.touchBegan(at: t)
        for phase in [GesturePhase.began, .ended] {
            list.apply(GestureEvent(time: t, kind: .pan(.init(phase: phase, fingers: 1, position: Point(x: 400, y: 240),
                                                              translation: .zero, velocity: nil))), surface: surface) { _ in }
        }
        list.apply(fling, surface: surface) { _ in }
        guard list.isMoving else { fatalError("the throw did not move the list") }
        let a0 = tg_allocations()
        let t0 = now()
        var n = 0
        while list.isMoving {
            t += 1.0 / 120
            list.advance(to: t, surface: surface) { _ in }
            list.layoutCells()
            n += 1
        }
        elapsed += now() - t0
        allocations += tg_allocations() - a0
        frames += n
        direction = -direction
        t += 1
    }
    return ListFigures(rows: rows, buildSeconds: buildSeconds, frames: frames, nsPerFrame: elapsed / Double(frames) * 1e9,
                       allocationsPerFrame: Double(allocations) / Double(frames), slots: list.slotCount)
}

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
        if let s = try? String(contentsOfFile: "/proc/\(p.processIdentifier)/status", encoding: .utf8),
           let line = s.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
           let k = Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") {
            peak = max(peak, k)
        }
        usleep(5_000)
    }
    return (now() - t0, peak, p.terminationStatus)
}

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
/// beside orjson only serialising the same output objects (issue 12's goal: at least as fast).
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
    // written as replay --json writes them, in 64 KiB pieces to /dev/null.
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
            var bytes: [UInt8] = []
            bytes.reserveCapacity(1 << 17)
            let t0 = now()
            for o in outputs {
                o.appendJSONLine(to: &bytes)
                if bytes.count >= 1 << 16 { devNull.write(Data(bytes)); bytes.removeAll(keepingCapacity: true) }
            }
            devNull.write(Data(bytes))
            formatting = min(formatting, now() - t0)
        }
    }
    say("  TouchTrace formatting alone (appendJSONLine over the \(outputs.count) outputs, written): \(fmt(formatting, 3)) s")
    if let j = measure("/usr/bin/env", ["python3", "-c", orjsonDumpScript, outPath], runs: max(runs, 2)) {
        say("  orjson.dumps of the parsed objects (format and write only): \(fmt(j.seconds, 3)) s")
        say("  orjson time / TouchTrace time: formatting alone \(fmt(j.seconds / formatting, 2))×, replay --json end to end \(fmt(j.seconds / best, 2))× (goal ≥ 1)")
    } else { say("  orjson: not available (pip install orjson)") }
    try? FileManager.default.removeItem(atPath: outPath)
}

struct RefEvent: Decodable { var t: Double; var id: Int; var phase: String; var x: Double; var y: Double; var pressure: Double? }
struct RefDevice: Decodable { var width: Double; var height: Double }
struct RefDocument: Decodable { var format: String; var version: Int; var device: RefDevice; var events: [RefEvent] }

/// Prints a line at once (unbuffered), so that figures appear as they are measured.
func say(_ s: String) { FileHandle.standardOutput.write(Data((s + "\n").utf8)) }

func warn(_ s: String) { FileHandle.standardError.write(Data((s + "\n").utf8)) }

func fmt(_ v: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", v) }

// MARK: - Main

let args = Array(CommandLine.arguments.dropFirst())
if args.first == "read" || args.first == "stream", args.count == 2 {
    let t0 = now()
    var n = 0
    if args[1].hasSuffix(".jsonl") || args.first == "stream" {
        // The streaming reader: memory stays flat.
        do {
            let s = try TraceEventStream(path: args[1])
            while s.next() != nil { n += 1 }
            if s.hasErrors { warn("invalid"); exit(1) }
        } catch { warn("\(error)"); exit(1) }
    } else {
        let r = TraceReader.diagnose(path: args[1])
        guard let t = r.trace else { warn("invalid"); exit(1) }
        n = t.events.count
    }
    print(now() - t0, peakRSSKiB(), n)
    exit(0)
}
if args.first == "jsondecoder", args.count == 2 {
    let t0 = now()
    guard let data = FileManager.default.contents(atPath: args[1]),
          let doc = try? JSONDecoder().decode(RefDocument.self, from: data) else { exit(1) }
    print(now() - t0, peakRSSKiB(), doc.events.count)
    exit(0)
}

let quick = args.contains("--quick")
let engineOnly = args.first == "engine"
let commandsOnly = args.first == "commands"
let scalingOnly = args.first == "scaling"
var megabytes = quick ? 5 : 50
if let i = args.firstIndex(of: "--mb"), i + 1 < args.count, let v = Int(args[i + 1]) { megabytes = v }
let engineEvents = quick ? 2_000_000 : 30_000_000
let runs = quick ? 1 : 3

say("touch-bench: \(ProcessInfo.processInfo.activeProcessorCount) cores, release build\(quick ? ", quick mode (small sizes; figures are indicative only)" : "")")
for (kinds, label) in commandsOnly || scalingOnly ? [] : [(5, "core session (swipes, taps, drags, two-finger swipes)"),
                       (7, "full session (also pinches that turn, long presses)")] {
    let e = benchEngine(total: engineEvents, kinds: kinds)
    let rate = Double(e.events) / e.seconds
    say("engine, \(label): \(e.events) contact events through all seven recognizers, the arena and the list model in \(fmt(e.seconds, 3)) s")
    say("  \(fmt(rate / 1e6, 2)) million events/s on one core (\(fmt(e.seconds / Double(e.events) * 1e9, 1)) ns/event); \(e.outputs) output events")
    say("  \(e.allocations) heap allocations once warm (\(fmt(Double(e.allocations) / Double(e.events), 6)) per event)")
}

if engineOnly { exit(0) }

let listOnly = args.first == "list"
if !engineOnly && !commandsOnly && !scalingOnly {
    say("list: a fling across the whole list, each frame stepping momentum and laying out the visible cells")
    for estimated in [false, true] {
        say(estimated ? "  rows estimated at 70 units, measured as they come into view:" : "  variable heights known up front (20–119 units), sections of 100 with 28-unit headers:")
        for rows in [1_000, 10_000, 100_000, 1_000_000] {
            let f = benchList(rows: rows, estimated: estimated, minFrames: quick ? 3_000 : 20_000)
            say("    \(String(rows).padding(toLength: 9, withPad: " ", startingAt: 0)) rows: \(fmt(f.nsPerFrame, 0)) ns/frame over \(f.frames) frames, \(fmt(f.allocationsPerFrame, 3)) allocations/frame, \(f.slots) cell slots; built in \(fmt(f.buildSeconds * 1000, 1)) ms")
        }
    }
}
if listOnly { exit(0) }
let dir = NSTemporaryDirectory() + "touch-bench-\(getpid())"
try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: dir) }
let me = CommandLine.arguments[0].hasPrefix("/") ? CommandLine.arguments[0]
    : FileManager.default.currentDirectoryPath + "/" + CommandLine.arguments[0]
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

// Commands on a long lines trace: each `touchtrace` command as a child, its peak memory read
// from /proc/PID/status (VmHWM, a high-water mark) while it runs. The goal: flat in the trace's
// length, at most 32 MiB at 10⁷ events (issue 12).
let touchtrace = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("touchtrace").path
if FileManager.default.isExecutableFile(atPath: touchtrace), !scalingOnly {
    let events = quick ? 300_000 : 10_000_000
    let path = dir + "/long.jsonl", compactPath = dir + "/long-compact.json"
    var header = TraceHeader(device: .init(name: "touch-bench synthetic panel", width: 800, height: 480,
                                           resolution: Point(x: 5, y: 5), units: "px"))
    header.scene = .object(JSONObject([.init("list", .object(JSONObject([.init("rows", .number(8)), .init("rowHeight", .number(60))])))]))
    do {
        // Written a piece at a time: the bench itself stays small too.
        // The same events as a compact document on one line, as Python's json.dumps or
        // JavaScript's JSON.stringify writes a dictionary: issue 12 found it read 4.5× slower
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
} else if !scalingOnly {
    say("touchtrace commands: skipped (build the touchtrace product beside touch-bench to measure them)")
}
if FileManager.default.isExecutableFile(atPath: touchtrace), !commandsOnly {
    runScaling(touchtrace: touchtrace, dir: dir, quick: quick)
}
