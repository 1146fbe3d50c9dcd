import Foundation
import Testing
import TouchGestures
import TouchTools
import TouchReplay
import TouchTrace
import TouchTestSupport
@testable import TouchList

/// Runs the built `touchtrace` binary, as a user would.
@Suite("touchtrace command line")
struct CLITests {
    typealias Run = ProgramRun

    static var binary: URL? { built("touchtrace") }

    static func built(_ name: String) -> URL? { builtProgram(name) }

    func run(_ args: [String], program: String = "touchtrace", input: Data? = nil) throws -> Run {
        let bin = try #require(Self.built(program), "\(program) was not built beside the tests")
        return try runProgram(bin, args, in: packageRoot, input: input)
    }

    /// `-` is standard input wherever a command reads a file (a pipe, not a file: it cannot be
    /// mapped or opened twice), for both encodings, and is named `<stdin>` in what is printed.
    @Test func dashReadsStandardInput() throws {
        let doc = try Data(contentsOf: packageRoot.appendingPathComponent("traces/tap-double.json"))
        let fromFile = try run(["replay", "--json", "traces/tap-double.json"])
        let fromPipe = try run(["replay", "--json", "-"], input: doc)
        #expect(fromPipe.status == 0, "\(fromPipe.err)")
        #expect(fromPipe.out == fromFile.out && !fromFile.out.isEmpty)
        let lines = try Data(contentsOf: packageRoot.appendingPathComponent("traces/lines-swipe-left.jsonl"))
        let checked = try run(["replay", "--check", "-"], input: lines)
        #expect(checked.status == 0 && checked.out.contains("check: passed"), "\(checked.out)\(checked.err)")
        let valid = try run(["validate", "-"], input: doc)
        #expect(valid.status == 0 && valid.out.hasPrefix("<stdin>: valid (document,"), "\(valid.out)")
        let broken = try run(["validate", "-"], input: Data("{\"x".utf8))
        #expect(broken.status == 2 && broken.err.contains("<stdin>:1:"), "\(broken.err)")
        let synth = TempDir()
        let out = synth.url.appendingPathComponent("t.json").path
        let made = try run(["synth", "-", out], input: Data("tap at 100,100\nexpect tap taps=1".utf8))
        #expect(made.status == 0, "\(made.err)")
        #expect(try run(["replay", "--check", out]).status == 0)
        // Standard input is read once: named twice, it is refused before anything is read.
        let twice = try run(["diff", "-", "-"], input: doc)
        #expect(twice.status == 2 && twice.err.contains("given more than once"), "\(twice.err)")
    }

    /// `-` as the output of convert, export, synth and import is standard output: the trace
    /// (or evemu text) goes there, the line saying what was written goes to standard error, and
    /// no file named `-` is made.
    @Test func dashWritesStandardOutput() throws {
        let dir = TempDir()
        let bin = try #require(Self.binary)
        let trace = packageRoot.appendingPathComponent("traces/tap-double.json").path
        let recording = packageRoot.appendingPathComponent("tools/vmtest/data/atmel-fast-taps.events").path
        let runs: [(String, [String], String)] = [
            ("convert", ["convert", trace, "-"], "{"),
            ("convert --to lines", ["convert", "--to", "lines", trace, "-"], "{"),
            ("export", ["export", trace, "--evemu", "-"], "# EVEMU"),
            ("synth", ["synth", "-e", "tap at 100,100", "-"], "{"),
            ("import", ["import", recording, "-"], "{"),
        ]
        for (what, args, start) in runs {
            let r = try runProgram(bin, args, in: dir.url)
            #expect(r.status == 0, "\(what): \(r.err)")
            #expect(r.out.hasPrefix(start), "\(what): \(r.out.prefix(200))")
            #expect(!r.err.isEmpty, "\(what): the summary line belongs on standard error")
            #expect(!FileManager.default.fileExists(atPath: dir.path("-")), "\(what) wrote a file named -")
            if start == "{" {
                let back = try runProgram(bin, ["validate", "-"], in: dir.url, input: Data(r.out.utf8))
                #expect(back.status == 0, "\(what): \(back.out)\(back.err)")
            }
        }
    }

    /// synth gives each stroke its own contact id and prints it with its touch-down time, which
    /// is what a labels file names: synthesised strokes can be evaluated without reading the JSON.
    @Test func synthStrokesCanBeLabelled() throws {
        let dir = TempDir()
        let made = try run(["synth", "-e", "tap at 100,100; swipe right 40mm at 300,210; swipe up 30mm at 600,300 fingers 2", dir.path("s.json")])
        #expect(made.status == 0, "\(made.err)")
        let strokes = made.out.split(separator: "\n").filter { $0.hasPrefix("  id ") }
        #expect(strokes.count == 4, "\(made.out)")
        var labels: [String] = []
        var ids: Set<Int> = []
        for (k, line) in strokes.enumerated() {
            let words = line.split(separator: " ")   // id N at T s: statement
            let id = try #require(Int(words[1])), t = try #require(Double(words[3]))
            ids.insert(id)
            let intent = k == 0 ? "tap" : k == 1 ? "swipe-right" : "unscored"
            labels.append(#"{"trace": "s.json", "id": \#(id), "t": \#(t), "intent": "\#(intent)"}"#)
        }
        #expect(ids.count == 4, "every stroke its own id: \(strokes)")
        try Data(("[" + labels.joined(separator: ",\n") + "]").utf8).write(to: URL(fileURLWithPath: dir.path("labels.json")))
        let eval = try run(["eval", dir.path("labels.json")])
        #expect(eval.status == 0, "\(eval.err)")
        #expect(eval.out.contains("4 strokes in 1 trace") && eval.out.contains("not taken for what they were meant as: 0"), "\(eval.out)")
    }

    /// replay takes --settings as diff and eval do, and replays one stroke or a time window
    /// (whole strokes, by their touch-down) with --contact, --from and --to.
    @Test func replayPicksSettingsAndStrokes() throws {
        let dir = TempDir()
        #expect(try run(["synth", "-e", "tap at 100,100; swipe right 40mm at 300,210", dir.path("s.json")]).status == 0)
        let whole = try run(["replay", "--json", dir.path("s.json")])
        #expect(whole.out.contains(#""type": "tap""#) && whole.out.contains(#""type": "swipe""#), "\(whole.out)")
        let swipeOnly = try run(["replay", "--json", "--contact", "1", dir.path("s.json")])
        #expect(swipeOnly.status == 0, "\(swipeOnly.err)")
        #expect(!swipeOnly.out.contains(#""type": "tap""#) && swipeOnly.out.contains(#""type": "swipe""#), "\(swipeOnly.out)")
        let window = try run(["replay", "--json", "--from", "0.5", dir.path("s.json")])
        #expect(!window.out.contains(#""type": "tap""#) && window.out.contains(#""type": "swipe""#), "\(window.out)")
        let early = try run(["replay", "--json", "--to", "0.1", dir.path("s.json")])
        #expect(early.out.contains(#""type": "tap""#) && !early.out.contains(#""type": "swipe""#), "\(early.out)")
        try Data(#"{"swipe.minDistance": 100}"#.utf8).write(to: URL(fileURLWithPath: dir.path("far.json")))
        let far = try run(["replay", "--json", "--settings", dir.path("far.json"), dir.path("s.json")])
        #expect(far.status == 0 && !far.out.contains(#""type": "swipe""#), "\(far.out)\(far.err)")
        let both = try run(["replay", "--check", "--contact", "1", dir.path("s.json")])
        #expect(both.status == 2 && both.err.contains("--check compares a whole trace"), "\(both.err)")
        let backwards = try run(["replay", "--from", "2", "--to", "1", dir.path("s.json")])
        #expect(backwards.status == 2 && backwards.err.contains("is after --to"), "\(backwards.err)")
    }

    /// synth writes a trace only when replaying its own events meets its expectations;
    /// --unchecked writes it anyway (a known bug recorded on purpose).
    @Test func synthRefusesExpectationsItsEventsContradict() throws {
        let dir = TempDir()
        let out = dir.url.appendingPathComponent("t.json").path
        let wrong = "swipe right 40mm; expect swipe direction=left"
        let r = try run(["synth", "-e", wrong, out])
        // A replay that did not meet its expectations: 1, as `touchtrace --help` says (it was 2,
        // the status of input that cannot be read).
        #expect(r.status == 1, "\(r.out)\(r.err)")
        #expect(r.err.contains("contradicts its expectations") && r.err.contains("direction"), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let forced = try run(["synth", "--unchecked", "-e", wrong, out])
        #expect(forced.status == 0 && FileManager.default.fileExists(atPath: out))
        #expect(try run(["replay", "--check", out]).status == 1)
        let right = try run(["synth", "-e", "swipe right 40mm; expect swipe direction=right", out])
        #expect(right.status == 0, "\(right.err)")
    }

    @Test func replayFolderSummarises() throws {
        let r = try run(["replay", "traces"])
        #expect(r.status == 0, "\(r.out)\(r.err)")
        #expect(r.out.hasSuffix("\(corpusFiles.count) passed, 0 failed\n"))
    }

    @Test func replayPrintsGesturesAndRows() throws {
        let r = try run(["replay", "traces/demo-session.json"])
        #expect(r.status == 0)
        #expect(r.out.contains("swipe right (1 finger)"))
        // Row 3 dragged open, then back closed: both results, and the list's state at the end.
        #expect(r.out.contains("  2.550  row 3 swiped") && r.out.contains("  3.350  row 3 restored"))
        #expect(r.out.contains("; swiped: none; selected: 6"))
        #expect(r.out.contains("row 6             │  ← selected"))
    }

    @Test func replayJSONIsOneObjectALine() throws {
        let r = try run(["replay", "--json", "traces/tap-double.json"])
        #expect(r.status == 0)
        let lines = r.out.split(separator: "\n")
        #expect(lines.count == 2)
        for l in lines {
            let o = try #require(try JSONSerialization.jsonObject(with: Data(l.utf8)) as? [String: Any])
            #expect(o["t"] is Double && o["type"] is String)
        }
        #expect(lines.first == #"{"t": 0.31, "type": "tap", "x": 400, "y": 270, "taps": 2, "fingers": 1}"#)
    }

    @Test func explainSaysWhyRecognizersFailed() throws {
        let r = try run(["replay", "--explain", "traces/drift-over-limit-diagonal.json"])
        #expect(r.out.contains("swipe failed: cross drift 8.8 mm > 8.0 mm"))
        #expect(r.out.contains("longPress failed: moved 5.4 mm > 4.7 mm"))
        // The tap waits past its slop for a lift's roll; the pan claims first and rejects it.
        #expect(r.out.contains("tap failed: rejected: pan won"))
    }

    @Test func checkFailsOnAMismatchWithExitOne() throws {
        let dir = TempDir()
        let text = try String(contentsOfFile: corpusPath("swipe-left-fast.json"), encoding: .utf8)
            .replacingOccurrences(of: #""direction": "left""#, with: #""direction": "up""#)
        try text.write(toFile: dir.path("wrong.json"), atomically: true, encoding: .utf8)
        let r = try run(["replay", "--check", dir.path("wrong.json")])
        #expect(r.status == 1)
        #expect(r.err.contains(#"`direction` expected "up", found "left""#))
        let folder = try run(["replay", dir.url.path])
        #expect(folder.status == 1)
        #expect(folder.out.hasSuffix("0 passed, 1 failed\n"))
    }

    @Test func validateReportsLocatedErrorsWithExitTwo() throws {
        let dir = TempDir()
        try "{\"format\": \"touch-trace\", \"version\": 1,\n\"device\": {\"width\": 8, \"height\": 4},\n\"events\": [{\"t\": 0, \"id\": 1, \"phase\": \"up\", \"x\": 1, \"y\": 1}]}"
            .write(toFile: dir.path("bad.json"), atomically: true, encoding: .utf8)
        let r = try run(["validate", "traces/tap-double.json", dir.path("bad.json")])
        #expect(r.status == 2)
        #expect(r.out.contains("traces/tap-double.json: valid (document, 12 events)"))
        #expect(r.err.contains("bad.json:3:12: error: event 0: `up` for contact 1, which is not down"))
    }

    @Test func convertRoundTripsAndNeverClobbersOnError() throws {
        let dir = TempDir()
        #expect(try run(["convert", "traces/demo-session.json", dir.path("d.jsonl")]).status == 0)
        #expect(try run(["convert", dir.path("d.jsonl"), dir.path("d.json")]).status == 0)
        let back = try run(["replay", "--json", dir.path("d.json")])
        let orig = try run(["replay", "--json", "traces/demo-session.json"])
        #expect(back.out == orig.out && !orig.out.isEmpty)
        // A bad input leaves an existing output untouched.
        try "keep me".write(toFile: dir.path("keep.json"), atomically: true, encoding: .utf8)
        try "{".write(toFile: dir.path("bad.json"), atomically: true, encoding: .utf8)
        let r = try run(["convert", dir.path("bad.json"), dir.path("keep.json")])
        #expect(r.status == 2)
        #expect(try String(contentsOfFile: dir.path("keep.json"), encoding: .utf8) == "keep me")
    }

    @Test func missingFileIsAClearError() throws {
        let r = try run(["replay", "nope.json"])
        #expect(r.status == 2)
        #expect(r.err == "touchtrace: nope.json: no such file or folder\n")
    }
}

extension CLITests {
    @Test func velocityPrintsOneObjectPerContact() throws {
        let r = try run(["velocity", "--json", "Tests/Fixtures/flutter-velocity/velocityEventData_07.json"])
        #expect(r.status == 0)
        let o = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect(o["id"] as? Int == 7)
        #expect(o["strategy"] as? String == "lsq2")
        let v = try #require(o["velocity"] as? [String: Double])
        #expect(abs(v["x"]! - 396.6988447819592) < 1e-6 && abs(v["y"]! - 2106.225572911095) < 1e-6)
        let human = try run(["velocity", "--strategy", "twoPoint", "traces/swipe-right-fast.json"])
        #expect(human.out.contains("units/s = (") && human.out.contains("mm/s"))
        let bad = try run(["velocity", "--strategy", "fast", "traces/swipe-right-fast.json"])
        #expect(bad.status != 0 && bad.err.contains("fast"))
    }
}

extension CLITests {
    @Test("devices and record say plainly when there is nothing to read",
          .enabled(if: !FileManager.default.fileExists(atPath: "/dev/input"), "needs a machine without /dev/input"))
    func liveCommandsWithoutDevices() throws {
        let d = try run(["devices"])
        #expect(d.status == 2)
        #expect(d.err.contains("/dev/input does not exist"))
        let dir = TempDir()
        let r = try run(["record", dir.path("x.jsonl")])
        #expect(r.status == 2)
        #expect(!FileManager.default.fileExists(atPath: dir.path("x.jsonl")), "nothing is written when no device opens")
        let named = try run(["record", "--device", "/dev/input/event7", dir.path("y.jsonl")])
        #expect(named.err.contains("/dev/input/event7: no such device"))
    }
}

extension CLITests {
    @Test("touch-demo --log plays a trace through the same engine: the same events as touchtrace replay --json")
    func demoLogMatchesReplay() throws {
        let demo = try run(["--log", "--speed", "50", "--replay", "traces/demo-session.json"], program: "touch-demo")
        #expect(demo.status == 0)
        let replay = try run(["replay", "--json", "traces/demo-session.json"])
        #expect(!demo.out.isEmpty && demo.out == replay.out)
    }

    @Test("with no touchscreen and no arguments, touch-demo plays the bundled session and says why",
          .enabled(if: !FileManager.default.fileExists(atPath: "/dev/input"), "needs a machine without /dev/input"))
    func demoFallsBackToTheBundledSession() throws {
        let r = try run(["--speed", "50"], program: "touch-demo")
        #expect(r.status == 0)
        #expect(r.out.hasPrefix("no touchscreen ("))
        #expect(r.out.contains("row 6 selected"))
        #expect(r.out.hasSuffix("end of the replay; swiped: none; selected: row 6\n"))
    }

    @Test("the bundled demo session is the corpus's demo-session.json, compiled in")
    func bundledSessionIsTheCorpusOne() throws {
        // Read from the source (a raw literal: what lies between its quotes is the text), so that
        // the test imports no executable. The literal leaves out the file's last line end.
        let source = try String(contentsOfFile: packageRoot.appendingPathComponent("Sources/touch-demo/DemoSession.swift").path, encoding: .utf8)
        let open = try #require(source.range(of: "= #\"\"\"\n")), close = try #require(source.range(of: "\n\"\"\"#", options: .backwards))
        #expect(String(source[open.upperBound..<close.lowerBound]) + "\n" == (try String(contentsOfFile: corpusPath("demo-session.json"), encoding: .utf8)),
                "run `swift run touch-corpus` to write Sources/touch-demo/DemoSession.swift again")
    }

    @Test("a copy of touch-demo runs from anywhere: the session is in the binary, not a bundle beside it",
          .enabled(if: !FileManager.default.fileExists(atPath: "/dev/input"), "needs a machine without /dev/input"))
    func copiedDemoRuns() throws {
        let bin = try #require(Self.built("touch-demo"))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("touch-demo-copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let copy = dir.appendingPathComponent("touch-demo")
        try FileManager.default.copyItem(at: bin, to: copy)
        // Run from the copy's own folder, away from the build.
        let r = try runProgram(copy, ["--speed", "100"], in: dir)
        #expect(r.status == 0)
        #expect(r.out.contains("playing the bundled demo session") && r.out.contains("row 6 selected"))
        #expect(try runProgram(copy, ["--help"], in: dir).status == 0)
    }

    @Test("replay folds runs of continuous reports into one counted line; --all prints each")
    func replayFoldsSteps() throws {
        let folded = try run(["replay", "traces/demo-session.json"])
        let all = try run(["replay", "--all", "traces/demo-session.json"])
        #expect(folded.status == 0 && all.status == 0)
        let foldedLines = folded.out.split(separator: "\n"), allLines = all.out.split(separator: "\n")
        // The first pan moves 3 times and scrolls 3 times between its swipe and its end.
        #expect(foldedLines.contains("  0.100–0.200  ⋯ 3 pan changes, 3 scroll steps"))
        #expect(allLines.filter { $0.contains("pan changed") }.count > 3)
        #expect(!foldedLines.contains { $0.contains("pan changed") && !$0.contains("⋯") })
        // Nothing else is lost: every line that is not a step is in both, in order.
        let steps = ["pan changed", "scrolled to", "pinch changed", "rotate changed", "long press changed", "slid to", "drag changed"]
        let kept = allLines.filter { line in !steps.contains { line.contains($0) } }
        let foldedKept = foldedLines.filter { line in !line.contains("⋯") && !steps.contains { line.contains($0) } }
        #expect(foldedKept == kept)
        // --json prints every output.
        let json = try run(["replay", "--json", "traces/demo-session.json"])
        #expect(json.out.split(separator: "\n").filter { $0.contains("\"changed\"") }.count
                == allLines.filter { $0.contains("pan changed") || $0.contains("drag changed") }.count)
        // The rows' drags are folded too: 3 rows slide in the session, each drag begins and ends.
        #expect(foldedLines.filter { $0.contains("drag began") }.count == 3 && foldedLines.filter { $0.contains("drag ended") }.count == 3)
        #expect(foldedLines.contains { $0.contains("⋯") && $0.contains("drag changes") })
    }

    @Test("a --calibration word that is not a number is refused, not dropped (seven words with one bad made six numbers)")
    func calibrationWordsAreNumbers() throws {
        let bad = try run(["--calibration", "1 x 0 0 1 0 0", "--log", "--replay", "traces/demo-session.json"], program: "touch-demo")
        #expect(bad.status != 0)
        #expect(bad.err.contains("--calibration must be six numbers"), "\(bad.err)")
    }

    @Test("touch-demo --replay FIFO with no writer ends on SIGTERM, and a stopped replay says it was stopped")
    func demoStopsWhileWaiting() throws {
        let dir = TempDir()
        let fifo = dir.path("fifo.json")
        #expect(mkfifo(fifo, 0o600) == 0)
        let bin = try #require(Self.built("touch-demo"))
        func startDemo(_ args: [String]) throws -> (Process, Pipe) {
            let p = Process()
            p.executableURL = bin
            p.arguments = args
            p.currentDirectoryURL = packageRoot
            let out = Pipe()
            p.standardOutput = out
            p.standardError = out
            try p.run()
            return (p, out)
        }
        func ends(_ p: Process, within seconds: Double) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while p.isRunning, Date() < deadline { usleep(20_000) }
            return !p.isRunning
        }
        // Blocked in open(2): a handler that only sets a flag had the call restarted for ever.
        let (waiting, _) = try startDemo(["--ui", "terminal", "--replay", fifo])
        usleep(500_000)
        kill(waiting.processIdentifier, SIGTERM)
        let ended = ends(waiting, within: 10)
        if !ended { kill(waiting.processIdentifier, SIGKILL) }
        #expect(ended, "touch-demo --replay FIFO ignored SIGTERM")
        // Stopped half-way through a replay, the last line says so, not "end of the replay".
        let (playing, out) = try startDemo(["--ui", "terminal", "--replay", "traces/demo-session.json"])
        usleep(1_000_000)
        kill(playing.processIdentifier, SIGTERM)
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        playing.waitUntilExit()
        #expect(text.contains("\nstopped (SIGINT or SIGTERM); swiped:"), "\(text)")
        #expect(!text.contains("end of the replay"))
    }

    @Test("touch-demo --frames onto a file, or --fps 0, says what is wrong in words")
    func demoFramesErrorsInWords() throws {
        let dir = TempDir()
        _ = FileManager.default.createFile(atPath: dir.path("file"), contents: Data("x".utf8))
        let onFile = try run(["--frames", dir.path("file/out")], program: "touch-demo")
        #expect(onFile.status == 2)
        #expect(onFile.err.contains("\(dir.path("file")) is a file, not a folder"), "\(onFile.err)")
        #expect(!onFile.err.contains("NSCocoaErrorDomain") && !onFile.err.contains("UserInfo"))
        let zero = try run(["--fps", "0", "--frames", dir.path("f")], program: "touch-demo")
        #expect(zero.status != 0)
        #expect(zero.err.contains("--fps must be more than 0 and at most 240, found 0"), "\(zero.err)")
    }

    @Test("touch-bench --help prints its usage and an unknown word is refused, without starting the benchmark (minutes)")
    func benchHelpAndUnknownWords() throws {
        let help = try run(["--help"], program: "touch-bench")
        #expect(help.status == 0 && help.out.hasPrefix("usage: touch-bench"), "\(help.out)")
        #expect(!help.out.contains("million events/s"), "the benchmark ran")
        for words in [["bogus"], ["--quick", "engine"], ["--mb", "x"]] {
            let r = try run(words, program: "touch-bench")
            #expect(r.status == 2, "\(words): \(r.status)")
            #expect(r.err.contains("touch-bench: unknown argument") && r.err.contains("usage:"), "\(words): \(r.err)")
            #expect(r.out.isEmpty, "\(words): the benchmark ran: \(r.out.prefix(200))")
        }
    }

    @Test("touch-bench swipes and taps stop with eval's error on labels eval refuses (they printed 0.0% and exited 0)")
    func benchLabelsAsEvalReadsThem() throws {
        let dir = TempDir()
        let trace = corpusPath("swipe-right-normal.json")
        for (section, intent) in [("swipes", "swipe-horizontal"), ("taps", "tap")] {
            let files: [(String, String)] = [
                ("missing-contact.json", #"[{"trace": "\#(trace)", "id": 7, "user": "a", "intent": "\#(intent)"}]"#),
                ("unknown-intent.json", #"[{"trace": "\#(trace)", "id": 0, "user": "a", "intent": "swipe-sideways"}]"#),
                ("twice.json", #"[{"trace": "\#(trace)", "id": 0, "user": "a", "intent": "\#(intent)"}, {"trace": "\#(trace)", "id": 0, "user": "a", "intent": "\#(intent)"}]"#),
            ]
            var paths = ["/dev/zero", dir.path("")]
            for (name, text) in files {
                try Data(text.utf8).write(to: URL(fileURLWithPath: dir.path(section + "-" + name)))
                paths.append(dir.path(section + "-" + name))
            }
            for path in paths {
                let bench = try run([section, path], program: "touch-bench")
                let eval = try run(["eval", path])
                #expect(eval.status == 2, "eval \(path): \(eval.status) \(eval.err)")
                #expect(bench.status == 2, "touch-bench \(section) \(path): exit \(bench.status)\n\(bench.out.prefix(300))\(bench.err)")
                #expect(!bench.out.contains("0.0%"), "\(section) \(path)")
                #expect(!bench.err.isEmpty, "\(section) \(path)")
            }
        }
        // Labels with no stroke of the section's kind: said, not a table of 0.0%.
        try Data(#"[{"trace": "\#(trace)", "id": 0, "user": "a", "intent": "tap"}]"#.utf8).write(to: URL(fileURLWithPath: dir.path("taps-only.json")))
        let none = try run(["swipes", dir.path("taps-only.json")], program: "touch-bench")
        #expect(none.status == 0 && none.out.contains("skipped") && !none.out.contains("0.0%"), "\(none.out)")
    }

    @Test("touch-demo's help has no stray backslashes")
    func demoHelpReads() throws {
        let r = try run(["--help"], program: "touch-demo")
        #expect(r.status == 0)
        #expect(!r.out.contains("\\"), "\(r.out)")
    }

    @Test("a selected row's reverse video ends with the row, whatever the width")
    func reverseVideoIsReset() throws {
        let long = "\u{1B}[7m" + String(repeating: "x", count: 100) + "\u{1B}[0m"
        let cut = ListView.pad(long, 40)
        #expect(cut.filter { $0 != "\u{1B}" }.replacingOccurrences(of: "[7m", with: "").replacingOccurrences(of: "[0m", with: "").count == 40)
        #expect(cut.hasSuffix("\u{1B}[0m"))
        #expect(ListView.pad("row 1", 10) == "row 1     ")
        // A whole screen with row 2 selected: every reverse video is reset on its own line.
        var list = ListModel(layout: ListLayout(rows: 8, rowHeight: 60, width: 800, height: 480))
        list.selectedRows = [2]
        let screen = ListView(title: "t").render(&list, columns: 40, rows: 12)
        let lines = screen.components(separatedBy: "\r\n")
        #expect(lines.contains { $0.contains("\u{1B}[7m") })
        for line in lines where line.contains("\u{1B}[7m") {
            #expect(line.components(separatedBy: "\u{1B}[7m").count == line.components(separatedBy: "\u{1B}[0m").count, "\(line.debugDescription)")
        }
    }

    @Test("the terminal view shows a sliding row's content shifted by its offset over the actions it uncovers")
    func terminalRowOffsets() {
        var options = ListOptions()
        options.leadingActions = 160
        options.trailingActions = 320
        var controller = ListController(surface: Surface(width: 800, height: 480, unitsPerMillimeter: Point(x: 5, y: 5)),
                                        list: ListModel(layout: ListLayout(rows: 8, rowHeight: 60, width: 800, height: 480), options: options))
        // Row 3 dragged 200 units left (claimed at 30) and held: it opens at −320 (40% of 800).
        var s = Script()
        s.down(0, 1, 600, 210)
        s.move(0.05, 1, 570, 210)
        s.move(0.2, 1, 370, 210)
        s.move(0.4, 1, 370, 210)
        s.up(0.45, 1, 370, 210)
        var assembler = FrameAssembler()
        for e in s.events { assembler.add(e) { controller.handle($0) { _ in } } }
        assembler.flush { controller.handle($0) { _ in } }
        controller.advance(to: 2) { _ in }
        #expect(controller.list.offset(ofRow: 3) == -320)
        let screen = ListView(title: "t").render(&controller.list, columns: 40, rows: 11)
        let lines = screen.components(separatedBy: "\r\n")
        // 8 lines for 480 units: row 3 is line 3 of the list, after the title. −320 of 800 is 16 columns.
        #expect(lines[4].hasSuffix(" [Flag][Delete] "), "\(lines[4].debugDescription)")
        #expect(lines[4].count == 40)
        #expect(!lines[4].contains("row 3"))
        #expect(lines[5].hasPrefix(" row 4"))
    }

    @Test("touch-demo --frames refuses more frames than --max-frames before writing any")
    func framesAreBounded() throws {
        let dir = TempDir()
        let r = try run(["--replay", "traces/tap-double.json", "--frames", dir.path("out"), "--fps", "240", "--max-frames", "5"],
                        program: "touch-demo")
        #expect(r.status == 2)
        #expect(r.err.contains("more than --max-frames 5"), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("out")))
    }

    @Test("a full standard output is an error: message, exit 1 (it exited 0 with everything lost; touch-demo --log crashed)",
          arguments: ["touchtrace replay traces/tap-double.json", "touchtrace replay --json traces/tap-double.json",
                      "touchtrace stats traces/tap-double.json", "touchtrace velocity traces/tap-double.json",
                      "touchtrace validate traces/tap-double.json", "touchtrace diff traces/tap-double.json traces/tap-double.json",
                      "touchtrace --help", "touch-demo --log --replay traces/tap-double.json --speed 100"])
    func fullStandardOutputIsAnError(_ command: String) throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        let parts = command.split(separator: " ", maxSplits: 1).map(String.init)
        let bin = try #require(Self.built(parts[0]))
        let r = try runProgram(URL(fileURLWithPath: "/bin/sh"), ["-c", "\"$0\" \(parts[1]) > /dev/full", bin.path], in: packageRoot)
        #expect(r.status == 1, "\(command): \(r.err)")
        #expect(r.err.contains("cannot write standard output: No space left on device"), "\(command): \(r.err)")
    }

    @Test("the graphical view with no display to draw on says so and exits 2 (it waited for ever for a q no one could press)")
    func graphicsWithoutDisplay() throws {
        let bin = try #require(Self.built("touch-demo"))
        let r = try runProgram(URL(fileURLWithPath: "/usr/bin/timeout"), ["30", bin.path, "--ui", "graphics", "--replay", "traces/tap-double.json"],
                               in: packageRoot, environment: ["SDL_VIDEODRIVER": "offscreen", "DISPLAY": "", "WAYLAND_DISPLAY": ""])
        #expect(r.status == 2, "\(r.err)")
        #expect(r.err.contains("no display to draw on (SDL's video driver is offscreen)"), "\(r.err)")
    }

    @Test("validate warns of a top-level key the format does not have, naming the nearest one; the trace stays valid")
    func unknownTopLevelKey() throws {
        let dir = TempDir()
        try Data(#"{"format": "touch-trace", "version": 1, "device": {"width": 800, "height": 480}, "devise": 1, "colour": 2, "events": []}"#.utf8)
            .write(to: URL(fileURLWithPath: dir.path("t.json")))
        let r = try run(["validate", dir.path("t.json")])
        #expect(r.status == 0)
        #expect(r.err.contains("warning: `devise` is not a key of the format (kept as it is, read by nothing); did you mean `device`?"), "\(r.err)")
        #expect(r.err.contains("warning: `colour` is not a key of the format (kept as it is, read by nothing); application data belongs in `meta`"), "\(r.err)")
    }

    @Test func rowsAreNamedAsRows() {
        #expect(rowsPhrase([]) == "none")
        #expect(rowsPhrase([3]) == "row 3")
        #expect(rowsPhrase([1, 3]) == "rows 1 and 3")
        #expect(rowsPhrase([1, 3, 6]) == "rows 1, 3 and 6")
    }

    @Test func demoRefusesBadOptions() throws {
        let r = try run(["--rotate", "45"], program: "touch-demo")
        #expect(r.status != 0 && r.err.contains("--rotate must be 0, 90, 180 or 270, found 45"))
        let missing = try run(["--replay", "nope.json"], program: "touch-demo")
        #expect(missing.status == 2 && missing.err.contains("nope.json: error: cannot open"))
    }
}

@Suite("touchtrace exit statuses: only those the help documents")
struct ExitStatusTests {
    let cli = CLITests()

    @Test("a usage error exits 2, as the help documents, not ArgumentParser's 64")
    func usageErrorsExit2() throws {
        let missing = try cli.run(["replay"])
        #expect(missing.status == 2 && missing.err.contains("Missing expected argument"))
        let diff = try cli.run(["diff", "traces/tap-double.json"])
        #expect(diff.status == 2 && diff.err.contains("touchtrace diff: with one trace, give --settings-a"))
    }

    @Test("an unknown command is named, with the commands there are")
    func unknownCommandIsNamed() throws {
        let r = try cli.run(["play", "x"])
        #expect(r.status == 2)
        #expect(r.err.hasPrefix("touchtrace: no command named 'play'; the commands are replay, eval, validate,"))
    }

    @Test("a folder with an unreadable trace exits 2 (bad input outranks a mismatch)")
    func folderWithAnInvalidTraceExits2() throws {
        let dir = TempDir()
        try Data(#"{"format": "touch-trace", "version": 1, "device": {"width": 8}, "events": []}"#.utf8)
            .write(to: URL(fileURLWithPath: dir.path("bad.json")))
        try FileManager.default.copyItem(atPath: corpusPath("tap-double.json"), toPath: dir.path("good.json"))
        let r = try cli.run(["replay", dir.path("")])
        #expect(r.status == 2, "\(r.out)\(r.err)")
        #expect(r.out.hasSuffix("1 passed, 1 failed\n"))
    }
}

extension CLITests {
    static let helpPages = ["touchtrace", "replay", "eval", "validate", "convert", "synth", "render", "stats", "diff", "velocity",
                            "import", "export", "devices", "record", "view"]

    @Test("touchtrace help, and help for each subcommand, compared whole", arguments: helpPages)
    func helpTextIsWhole(_ page: String) throws {
        let expected = try String(contentsOfFile: packageRoot.appendingPathComponent("Tests/Fixtures/help/\(page).txt").path, encoding: .utf8)
        let r = try run(page == "touchtrace" ? ["help"] : ["help", page])
        #expect(r.status == 0)
        #expect(r.out == expected, "touchtrace help \(page) changed; see Tests/Fixtures/help/README.md")
    }
}

extension CLITests {
    @Test("touchtrace --version and touch-demo --version print the one version constant")
    func versions() throws {
        #expect(touchGesturesVersion.split(separator: ".").count == 3)
        for program in ["touchtrace", "touch-demo"] {
            let r = try run(["--version"], program: program)
            #expect(r.status == 0, "\(program): \(r.err)")
            #expect(r.out == touchGesturesVersion + "\n", "\(program)")
        }
    }

    @Test("import given a trace says it is one, and writes nothing")
    func importOfATrace() throws {
        let dir = TempDir()
        let r = try run(["import", corpusPath("tap-double.json"), dir.path("out.json")])
        #expect(r.status == 2)
        #expect(r.err.contains("is JSON, likely a trace already") && r.err.contains("touchtrace convert"), "\(r.err)")
        #expect(r.err.split(separator: "\n").count == 1, "one message, not one a line: \(r.err)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("out.json")))
    }

    @Test("import of a recording with no events (a .desc alone) is an error, and writes nothing")
    func importWithoutEvents() throws {
        let dir = TempDir()
        let desc = """
            N: a panel
            I: 0018 0000 0000 0000
            A: 35 0 1000 0 0 10
            A: 36 0 1000 0 0 10

            """
        try Data(desc.utf8).write(to: URL(fileURLWithPath: dir.path("panel.desc")))
        let r = try run(["import", dir.path("panel.desc"), dir.path("out.json")])
        #expect(r.status == 2)
        #expect(r.err.contains("has no events") && r.err.contains("--desc"), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("out.json")))
    }
}

extension CLITests {
    @Test("velocity --json: the lift time, both units, and a resting finger's velocity exactly 0")
    func velocityJSON() throws {
        let trace = try TraceReader.read(path: corpusPath("tap-double.json")).trace
        let lifts = trace.events.filter { $0.phase == .up }.map(\.time)
        let r = try run(["velocity", "--json", corpusPath("tap-double.json")])
        #expect(r.status == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.count == lifts.count)
        for (line, t) in zip(lines, lifts) {
            let o = try #require(try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            #expect((o["t"] as? Double) == t, "\(line)")
            // Both taps rest before lifting: the fit's 1e-11 noise is printed as 0.
            let v = try #require(o["velocity"] as? [String: Double], "\(line)")
            #expect(v == ["x": 0, "y": 0], "\(line)")
            #expect(o["velocityMm"] is [String: Double], "\(line)")
        }
        let text = try run(["velocity", corpusPath("tap-double.json")])
        #expect(text.out.contains("every velocity is 0"))
    }

    @Test("velocity over a folder: each trace named; an invalid one reported, the rest measured, exit 2")
    func velocityFolder() throws {
        let dir = TempDir()
        try FileManager.default.copyItem(atPath: corpusPath("tap-double.json"), toPath: dir.path("a.json"))
        try Data(#"{"format": "touch-trace", "version": 1, "device": {"width": 8}, "events": []}"#.utf8)
            .write(to: URL(fileURLWithPath: dir.path("b.json")))
        let r = try run(["velocity", dir.path("")])
        #expect(r.status == 2)
        #expect(r.out.hasPrefix("a.json:\ncontact 0 lifted at"), "\(r.out)")
        #expect(r.err.contains("b.json") && r.err.contains("1 of 2 traces could not be read"), "\(r.err)")
    }
}

extension CLITests {
    /// A small evemu recording: one tap at (x, y), on a description with axes 0…799 × 0…479
    /// (with a resolution of 10 units/mm when `resolution` is set).
    func evemuTap(x: Int, y: Int, resolution: Bool) -> String {
        let r = resolution ? " 10" : ""
        return """
            N: a panel
            I: 0018 0000 0000 0000
            A: 35 0 799 0 0\(r)
            A: 36 0 479 0 0\(r)
            E: 0.000000 0003 0035 \(x)
            E: 0.000000 0003 0036 \(y)
            E: 0.000000 0000 0002 0
            E: 0.000000 0000 0000 0
            E: 0.050000 0000 0002 0
            E: 0.050000 0000 0000 0

            """
    }

    @Test("import: positions far outside the described axes are an error naming the likely cause")
    func importWithTheWrongDescription() throws {
        let dir = TempDir()
        try Data(evemuTap(x: 3000, y: 1800, resolution: true).utf8).write(to: URL(fileURLWithPath: dir.path("wrong.evemu")))
        let r = try run(["import", dir.path("wrong.evemu"), dir.path("out.json")])
        #expect(r.status == 2)
        #expect(r.err.contains("2 of 2 position values lie far outside the description's axes (X 0…799, Y 0…479; the first: X 3000)"), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("out.json")))
        // A little past the edge, as panels report, is still imported.
        try Data(evemuTap(x: 805, y: 470, resolution: true).utf8).write(to: URL(fileURLWithPath: dir.path("edge.evemu")))
        #expect(try run(["import", dir.path("edge.evemu"), dir.path("edge.json")]).status == 0)
    }

    @Test("import: a device without a resolution gets a warning about the 96 dpi guess, unless --size-mm is given")
    func importWarnsAboutTheResolutionGuess() throws {
        let dir = TempDir()
        try Data(evemuTap(x: 100, y: 100, resolution: false).utf8).write(to: URL(fileURLWithPath: dir.path("nores.evemu")))
        let guessed = try run(["import", dir.path("nores.evemu"), dir.path("a.json")])
        #expect(guessed.status == 0)
        #expect(guessed.err.contains("reports no resolution, so millimeters assume 96 dpi"), "\(guessed.err)")
        let sized = try run(["import", dir.path("nores.evemu"), dir.path("b.json"), "--size-mm", "80", "48"])
        #expect(sized.status == 0 && sized.err.isEmpty, "\(sized.err)")
        try Data(evemuTap(x: 100, y: 100, resolution: true).utf8).write(to: URL(fileURLWithPath: dir.path("res.evemu")))
        #expect(try run(["import", dir.path("res.evemu"), dir.path("c.json")]).err.isEmpty)
    }
}

extension CLITests {
    @Test("replay --json on one, two or three threads: every output of a long replay, in order, the last partial batches too")
    func replayJSONLongOutputIsWhole() throws {
        // The demo session again and again, each copy a second after the last: more outputs
        // than the writer thread's batches and its queue hold together, so the replay waits
        // for it; and a number of them that is not a whole number of batches.
        var (trace, _) = try TraceReader.read(path: packageRoot.appendingPathComponent("traces/demo-session.json").path)
        let once = trace.events
        let span = (once.last?.time ?? 0) - (once.first?.time ?? 0) + 1
        trace.events = (0..<400).flatMap { k in once.map { e in var e = e; e.time += Double(k) * span; return e } }
        let dir = TempDir()
        try TraceWriter.write(trace, to: dir.path("long.jsonl"), encoding: .lines)
        let expectedLines = JSONLineBuffer()
        let result = TraceReplay.run(header: trace.header, events: trace.events)
        for o in result.output {
            if case .gesture(let g) = o, case .failed = g.kind { continue }
            if case .gesture(let g) = o, case .won = g.kind { continue }
            expectedLines.append(o)
        }
        let expected = expectedLines.withUnsafeBytes { Array($0) }
        let lines = expected.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
        #expect(lines > 3 * 2048 && lines % 2048 != 0, "\(lines) outputs")
        #expect(trace.events.count > 20 * 1024 && trace.events.count % 1024 != 0, "\(trace.events.count) events")
        // One thread, a parsing thread, and a formatting thread too (what a machine with
        // one, two, or three processors or more runs).
        let bin = try #require(Self.built("touchtrace"))
        for threads in 1...3 {
            let r = try runProgram(bin, ["replay", "--json", dir.path("long.jsonl")], in: packageRoot,
                                   environment: ["TOUCHTRACE_THREADS": String(threads)])
            #expect(r.status == 0, "\(r.err)")
            #expect(r.out == String(decoding: expected, as: UTF8.self), "\(threads) threads")
        }
    }
}

extension CLITests {
    @Test("replay --json's shared formatting writes the batches in order when several threads format at once")
    func formattingPoolKeepsOrder() throws {
        let (trace, _) = try TraceReader.read(path: packageRoot.appendingPathComponent("traces/demo-session.json").path)
        let outputs = TraceReplay.run(header: trace.header, events: trace.events).output
        #expect(outputs.count > 20)
        let expectedLines = JSONLineBuffer()
        nonisolated(unsafe) var got: [UInt8] = []
        // Four formatting threads at once: the pool's own, two more taking batches as the
        // parsing thread does while it waits, and the replay's when batches pile up.
        let pool = FormattingPool(threads: 3) { got.append(contentsOf: $0) }
        for _ in 0..<2 { Thread { pool.helpUntilClosed() }.start() }
        var n = 0
        while n < 200 * FormattingPool.batchSize + 77 {
            for o in outputs {
                pool.append(o)
                expectedLines.append(o)
                n += 1
            }
        }
        pool.finish()
        let expected = expectedLines.withUnsafeBytes { Array($0) }
        #expect(got.count == expected.count)
        #expect(got == expected)
    }
}
