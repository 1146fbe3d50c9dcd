// touch-bench: the figures behind BENCHMARKS.md.
//
//   touch-bench [--quick] [--mb N]       run everything and print the figures
//   touch-bench engine                   only the engine figures
//   touch-bench commands                 only the touchtrace commands (memory, replay --json beside orjson)
//   touch-bench scaling                  only the inputs that grew faster than their size, at n and 4n
//   touch-bench list                     the engine, then the list figures (fling across 1k–1M rows)
//   touch-bench capi                     the engine through the C library beside the Swift engine
//                                        (TOUCH_BENCH_CLIB: the library; default .build/clib/lib)
//   touch-bench swipes [LABELS]          swipes of real people: this project's rules and three peers'
//                                        on the same labelled strokes (../shared/data/touchalytics)
//   touch-bench taps [LABELS]            taps of real people, per person: this project's recognizers
//                                        and two platforms' tap rules (../shared/data/depthtouch)
//     (TOUCH_BENCH_RECOGNIZERS=pan,fling: only those recognizers; empty: the pipeline alone;
//      TOUCH_BENCH_SESSIONS=core,full,slides,follows,sequences: only those sessions of the engine)
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

internal import CPlatform

// MARK: - Main

let args = Array(CommandLine.arguments.dropFirst())

/// What `--help` prints, and what a word it does not know is answered with (the whole benchmark
/// takes minutes: an unknown word must not start it).
let usage = """
    usage: touch-bench [--quick] [--mb N]      everything, with the figures of BENCHMARKS.md
           touch-bench engine                  the engine only
           touch-bench commands                the touchtrace commands (memory, replay --json beside orjson)
           touch-bench scaling                 the inputs that grew faster than their size, at n and 4n
           touch-bench list                    the engine, then the list (a fling across 1k-1M rows)
           touch-bench capi                    the engine through the C library (tools/clib) beside Swift's
           touch-bench swipes [LABELS]         swipes of real people: this project's rules and the peers'
           touch-bench taps [LABELS]           taps of real people: this project's recognizers and two platforms' tap rules
           touch-bench read|stream|jsondecoder FILE   (internal) one reader on one trace
    """
do {
    let commands: Set<String> = ["engine", "commands", "scaling", "list", "capi"]
    var k = 0
    while k < args.count {
        let a = args[k]
        if a == "--help" || a == "-h" {
            print(usage)
            exit(0)
        } else if a == "--quick" || (k == 0 && commands.contains(a)) {
            k += 1
        } else if a == "--mb", k + 1 < args.count, let n = Int(args[k + 1]), n > 0 {
            k += 2
        } else if k == 0, ["swipes", "taps", "read", "stream", "jsondecoder"].contains(a) {
            break   // their own arguments follow
        } else {
            FileHandle.standardError.write(Data("touch-bench: unknown argument '\(a)'\(a == "--mb" ? " (--mb takes a whole number of megabytes)" : "")\n\(usage)\n".utf8))
            exit(2)
        }
    }
}
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

/// The labelled strokes of real people the swipes section measures on.
let calibrationLabels = "../shared/data/touchalytics/labels.json"
if args.first == "swipes" {
    benchSwipes(labelsPath: args.count > 1 ? args[1] : calibrationLabels, explicit: args.count > 1)
    benchSwipesLeaveOneOut(labelsPath: args.count > 1 ? args[1] : calibrationLabels, explicit: args.count > 1)
    exit(0)
}
if args.first == "taps" {
    benchTaps(labelsPath: args.count > 1 ? args[1] : calibrationTapLabels, explicit: args.count > 1)
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
// TOUCH_BENCH_SESSIONS=core,full,slides,follows,sequences names the sessions to run (all by default): one alone
// under callgrind counts its own instructions.
let sessions = getenv("TOUCH_BENCH_SESSIONS").map { String(cString: $0).split(separator: ",").map(String.init) }
for (name, kinds, slides, label) in commandsOnly || scalingOnly || args.first == "capi" ? [] : [
    ("core", 5, false, "core session (swipes, taps, drags, two-finger swipes)"),
    ("full", 7, false, "full session (also pinches that turn, long presses)"),
    ("slides", 5, true, "core session on rows that slide (the drag in the arena, rows following it)"),
    ("follows", 7, false, "full session, every swipe, pinch and rotation followed (three follow requests)"),
    ("sequences", 7, false, "full session with 16 declared sequences beside the recognizers"),
] where sessions?.contains(name) ?? true {
    let e = benchEngine(total: engineEvents, kinds: kinds, slides: slides, follows: name == "follows", sequences: name == "sequences")
    let rate = Double(e.events) / e.seconds
    say("engine, \(label): \(e.events) contact events through all \(slides ? "eight" : "seven") recognizers, the arena and the list model in \(fmt(e.seconds, 3)) s")
    say("  \(fmt(rate / 1e6, 2)) million events/s on one core (\(fmt(e.seconds / Double(e.events) * 1e9, 1)) ns/event); \(e.outputs) output events")
    say("  \(e.allocations) heap allocations once warm (\(fmt(Double(e.allocations) / Double(e.events), 6)) per event)")
}

/// This program's path, absolute: the C library and touchtrace are found beside it.
let me = CommandLine.arguments[0].hasPrefix("/") ? CommandLine.arguments[0]
    : FileManager.default.currentDirectoryPath + "/" + CommandLine.arguments[0]
if args.first == "capi" || (!commandsOnly && !scalingOnly && !engineOnly) {
    // Nine passes each way even with --quick (about 4 s): one pass alone moved by ±20% from
    // run to run, and the ratio is read as the median of the passes.
    switch benchCLibrary(total: max(engineEvents, 9_000_000), path: cLibraryPath(me: me)) {
    case .success(let f):
        let swiftRate = Double(f.swift.events) / f.swift.seconds, cRate = Double(f.c.events) / f.c.seconds
        say("the C library (libtouchgestures, dlopen'd; the engine alone, core session, \(f.c.events) events each):")
        say("  Swift GestureEngine: \(fmt(swiftRate / 1e6, 2)) million events/s, \(f.swift.outputs) outputs, \(f.swift.allocations) allocations once warm")
        say("  through the C API:   \(fmt(cRate / 1e6, 2)) million events/s, \(f.c.outputs) outputs, \(f.c.allocations) allocations once warm (\(fmt(cRate / swiftRate * 100, 1))% of Swift's rate; pass by pass, median \(fmt(f.medianRatio * 100, 1))%)")
    case .failure(let skip):
        say("the C library: not measured: \(skip.reason)")
    }
    switch benchCBindings(total: max(engineEvents, 3_000_000), path: cLibraryPath(me: me)) {
    case .success(let f):
        say("the daemon's bindings in the C library (tg_bindings, core session, \(f.events) events, \(f.frames) frames, \(f.actions) actions):")
        say("  \(fmt(Double(f.events) / f.seconds / 1e6, 2)) million events/s, \(f.allocations) heap allocations once warm, \(fmt(Double(f.allocations) / Double(max(f.frames, 1)), 3)) a frame, \(fmt(Double(f.allocations) / Double(max(f.actions, 1)), 2)) an action")
    case .failure(let skip):
        say("the daemon's bindings in the C library: not measured: \(skip.reason)")
    }
    if args.first == "capi" { exit(0) }
}
if engineOnly { exit(0) }
if !commandsOnly && !scalingOnly {
    benchSwipes(labelsPath: calibrationLabels)
    benchSwipesLeaveOneOut(labelsPath: calibrationLabels)
    benchTaps(labelsPath: calibrationTapLabels)
}

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
if !engineOnly && !commandsOnly && !scalingOnly {
    say("list edits: one row inserted in the middle of a 1,000,000-row list scrolled to its middle, then deleted again; each edit timed alone")
    for variable in [false, true] {
        let f = benchEdits(rows: 1_000_000, variable: variable, edits: quick ? 200 : 2_000)
        say("  \(variable ? "variable heights" : "fixed height   "): median \(fmt(f.medianMicroseconds, 1)) µs, 90th percentile \(fmt(f.p90Microseconds, 1)) µs over \(f.edits) edits; \(fmt(f.allocationsPerEdit, 1)) allocations/edit; geometry keeps \(f.bytesBefore) bytes before, \(f.bytesAfter) after")
    }
}
if listOnly { exit(0) }
let dir = NSTemporaryDirectory() + "touch-bench-\(getpid())"
try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: dir) }
if !commandsOnly && !scalingOnly { try benchReaders(megabytes: megabytes, dir: dir, me: me, runs: runs) }

let touchtrace = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("touchtrace").path
if FileManager.default.isExecutableFile(atPath: touchtrace), !scalingOnly {
    benchCommands(touchtrace: touchtrace, dir: dir, quick: quick, runs: runs)
} else if !scalingOnly {
    say("touchtrace commands: skipped (build the touchtrace product beside touch-bench to measure them)")
}
if FileManager.default.isExecutableFile(atPath: touchtrace), !commandsOnly {
    // How cost grows is held here, in the run CI makes: a case past the limit fails it.
    let over = runScaling(touchtrace: touchtrace, dir: dir, quick: quick)
    if !over.isEmpty {
        warn("touch-bench: grows faster than its input (exponent over \(fmt(scalingExponentLimit, 1))): \(over.joined(separator: "; "))")
        exit(1)
    }
}
