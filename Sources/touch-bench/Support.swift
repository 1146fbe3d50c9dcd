// What the benchmarks share: the clock, peak memory, the synthetic session, printing.
import Foundation
import TouchGestures
import TouchList
import TouchTrace
import TouchTools
internal import CPlatform

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Peak resident memory of this process image, in KiB: VmHWM from /proc/self/status. (Not
/// getrusage's ru_maxrss, which Linux carries over from the parent across exec.)
func peakRSSKiB() -> Int { vmHWMKiB(process: "self") ?? -1 }

/// VmHWM, a process's peak resident memory in KiB, from /proc/PROCESS/status.
func vmHWMKiB(process: String) -> Int? {
    guard let s = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8),
          let line = s.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
    return Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "")
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

/// Prints a line at once (unbuffered), so that figures appear as they are measured.
func say(_ s: String) { FileHandle.standardOutput.write(Data((s + "\n").utf8)) }

func warn(_ s: String) { FileHandle.standardError.write(Data((s + "\n").utf8)) }

/// Stops the benchmark as `touchtrace eval` stops on the same input: its located message, exit 2.
/// (The swipes and taps sections reported 0.0% and exit 0 on labels eval refuses.)
func refuse(_ s: String) -> Never {
    warn(s)
    exit(2)
}

/// The labelled strokes at `path`, read as `touchtrace eval` reads them (one reader of text
/// inputs, one of labels), or nil, said, when the calibration set the benchmark looks for by
/// default is not beside the repository. Named on the command line (`explicit`), a path that
/// cannot be read stops the run.
func readLabels(_ path: String, explicit: Bool, section: String) -> [StrokeLabel]? {
    if !explicit, access(path, F_OK) != 0 {
        say("\(section): skipped (\(path) is not there)")
        return nil
    }
    do {
        let bytes = try InputFile.readText(path, json: true)
        return try StrokeLabels.read(bytes, name: path)
    } catch let error as DiagnosticError {
        refuse(error.description)
    } catch let error as Diagnostic {
        refuse(error.description)
    } catch {
        refuse("\(path): \(error)")
    }
}

/// ``StrokeEvaluation/run(labels:folder:settings:listening:)``, stopping the run on its error
/// (a label naming no stroke, a trace that cannot be read, a stroke labelled twice).
func evaluate(_ labels: [StrokeLabel], folder: String, settings: GestureSettings? = nil,
              listening: StrokeEvaluation.Listening = .intents) -> [StrokeResult] {
    do { return try StrokeEvaluation.run(labels: labels, folder: folder, settings: settings, listening: listening) } catch {
        refuse(error.description)
    }
}

func fmt(_ v: Double, _ digits: Int = 1) -> String { formatFixed(v, digits: digits) }

/// A table of rules by person: a header of `users` (then everyone), and a line per rule, its
/// cells `width` characters each. The swipes and the taps sections print theirs through it.
func sayPeopleTable(users: [String], width: Int, rows: [(name: String, cells: [String])]) {
    func cell(_ s: String, _ n: Int) -> String { s.padding(toLength: n, withPad: " ", startingAt: 0) }
    say("  " + cell("rule", 58) + (users.map { "user \($0)" } + ["everyone"]).map { cell($0, width) }.joined())
    for (name, cells) in rows { say("  " + cell(name, 58) + cells.map { cell($0, width) }.joined()) }
}
