import Foundation
import Synchronization
import Testing
import GestureBindings
import TouchGestures
import TouchTools
import TouchTrace
import TouchTestSupport

@Suite("Every misfire a trace: the frame ring and the saved trace")
struct SavedTraceTests {
    func frame(_ t: Double, _ id: Int, _ phase: TouchPhase, _ x: Double) -> TouchFrame {
        TouchFrame(time: t, events: [TouchEvent(time: t, id: id, phase: phase, position: Point(x: x, y: 10))])
    }

    @Test("the ring keeps its last events in a fixed size, and gives back whole touches only")
    func ringKeepsWholeTouches() {
        var ring = FrameRing(capacity: 5)
        // Touch 0: down, move, up; touch 1: down, move, move, up.
        for f in [frame(0, 0, .down, 1), frame(0.1, 0, .move, 2), frame(0.2, 0, .up, 2),
                  frame(1, 1, .down, 5), frame(1.1, 1, .move, 6), frame(1.2, 1, .move, 7), frame(1.3, 1, .up, 7)] {
            ring.append(f)
        }
        #expect(ring.eventCount == 5)
        #expect(ring.newestTime == 1.3)
        // Kept: touch 0's move and up (its down was written over: left out), and all of touch 1.
        let events = ring.events(since: 0)
        #expect(events.map(\.id) == [1, 1, 1, 1])
        #expect(events.map(\.phase) == [.down, .move, .move, .up])
        // Since 1.05 s: touch 1's down is older, so none of it.
        #expect(ring.events(since: 1.05).isEmpty)
        // A touch still down is given up to its last event.
        ring.append(frame(2, 2, .down, 9))
        ring.append(frame(2.1, 2, .move, 10))
        #expect(ring.events(since: 1.9).map(\.phase) == [.down, .move])
        // Every phase comes back as it went in, a cancel too.
        ring.append(frame(2.2, 2, .cancel, 10))
        #expect(ring.events(since: 1.9).map(\.phase) == [.down, .move, .cancel])
    }

    @Test("a saved trace brings the daemon's arguments and configuration: replayed alone, it runs what the daemon ran")
    func savedTraceReplaysItsOwnBindings() throws {
        try Self.withStateFolder { state in
            // The frames of a golden trace, as a device's ring would hold them.
            let (golden, _) = try TraceReader.read(path: packageRoot.appendingPathComponent("traces/edge-swipe-from-bottom.json").path)
            var ring = FrameRing()
            for f in FrameAssembler.frames(of: golden.events) { ring.append(f) }
            let config = (file: "/home/me/.config/touch-gestured/config.toml",
                          text: "[[binding]]\ngesture = \"swipe\"\ndirection = \"up\"\nedge = \"bottom\"\nshell = \"echo from the config\"\n")
            let path = try SavedTrace.write(events: ring.events(since: 0), surface: golden.header.surface, deviceName: "panel",
                                            devicePath: "/dev/input/event3", rotation: .none,
                                            arguments: ["-g", "1,DU,T,*,R,echo from the top", "--read-interval", "0"],
                                            config: config, secondsKept: 30)
            #expect(path.hasPrefix(state + "/touch-gestured/") && path.hasSuffix("-event3.json"))
            let (saved, _) = try TraceReader.read(path: path)
            #expect(saved.events.count == golden.events.count)
            // Its own bindings: the -g binding (no match: it is from the bottom), then the file's.
            let r = try Daemon.run(["--replay", path, "--dry-run"])
            #expect(r.status == 0, "\(r.err)")
            #expect(r.out == "echo from the config\n")
            // Bindings of the command line's own take their place.
            let mine = try Daemon.run(["--replay", path, "--dry-run", "-g", "1,DU,*,*,R,mine"])
            #expect(mine.out == "mine\n")
        }
    }

    @Test("a saved trace's own commands run only under --dry-run (printed) or --run-saved-commands: a trace sent in a bug report is not a program")
    func savedCommandsRunOnlyWhenAsked() throws {
        try Self.withStateFolder { state in
            let (golden, _) = try TraceReader.read(path: packageRoot.appendingPathComponent("traces/edge-swipe-from-bottom.json").path)
            let ran = state + "/ran"
            let config = (file: "/home/someone/config.toml",
                          text: "[[binding]]\ngesture = \"swipe\"\ndirection = \"up\"\nshell = \"touch '\(ran)'\"\n")
            let path = try SavedTrace.write(events: golden.events, surface: golden.header.surface, deviceName: "panel",
                                            devicePath: "/dev/input/event3", rotation: .none, arguments: [],
                                            config: config, secondsKept: 30)
            // Replayed as a bug report would be, with no flag: refused before anything runs.
            for flags in [[], ["--explain"], ["--log"], ["-v"]] {
                let r = try Daemon.run(["--replay", path] + flags)
                #expect(r.status == 2, "\(flags): \(r.status) \(r.err)")
                #expect(r.err.contains("--dry-run") && r.err.contains("--run-saved-commands"), "\(r.err)")
                #expect(r.out.isEmpty)
                #expect(!FileManager.default.fileExists(atPath: ran), "\(flags): the trace's command ran")
            }
            // Printed, not run.
            let dry = try Daemon.run(["--replay", path, "--dry-run"])
            #expect(dry.status == 0 && dry.out == "touch '\(ran)'\n", "\(dry.out)\(dry.err)")
            #expect(!FileManager.default.fileExists(atPath: ran))
            // Run when asked.
            let asked = try Daemon.run(["--replay", path, "--run-saved-commands"])
            #expect(asked.status == 0, "\(asked.err)")
            #expect(FileManager.default.fileExists(atPath: ran), "\(asked.err)")
            // A saved trace whose arguments name an args file would read it from this machine.
            let nested = try SavedTrace.write(events: golden.events, surface: golden.header.surface, deviceName: "panel",
                                              devicePath: "/dev/input/event4", rotation: .none, arguments: ["--args-file", "/etc/hostname"],
                                              config: nil, secondsKept: 30)
            let refused = try Daemon.run(["--replay", nested, "--dry-run"])
            #expect(refused.status == 2 && refused.err.contains("--args-file"), "\(refused.err)")
        }
    }

    @Test("a trace saved by a daemon started with --rotation-file (on the command line or in its file) replays where that file does not exist")
    func savedTraceNeedsNoRotationFile() throws {
        try Self.withStateFolder { _ in
            let (golden, _) = try TraceReader.read(path: packageRoot.appendingPathComponent("traces/edge-swipe-from-bottom.json").path)
            let missing = "/nonexistent-\(UUID().uuidString)/rotation"
            let config = (file: "/home/me/.config/touch-gestured/config.toml",
                          text: "[input]\nrotation-file = \"\(missing)\"\n[[binding]]\ngesture = \"swipe\"\ndirection = \"up\"\nshell = \"echo file\"\n")
            for (arguments, saved, expected) in [(["--rotation-file", missing, "-g", "1,DU,*,*,R,echo flag"], nil, "echo flag\n"),
                                                 ([], config, "echo file\n")] as [([String], (file: String, text: String)?, String)] {
                let path = try SavedTrace.write(events: golden.events, surface: golden.header.surface, deviceName: "panel",
                                                devicePath: "/dev/input/event3", rotation: .quarter, arguments: arguments,
                                                config: saved, secondsKept: 30)
                let r = try Daemon.run(["--replay", path, "--dry-run"])
                #expect(r.status == 0, "\(r.err)")
                #expect(r.out == expected, "\(r.out)\(r.err)")
        }
        // Given by the user on this command line, the file is still read (and its absence said).
        let own = try Daemon.run(["--replay", "traces/edge-swipe-from-bottom.json", "--dry-run", "--rotation-file", missing, "-g", "1,DU,*,*,R,x"])
        #expect(own.status != 0 && own.err.contains(missing), "\(own.err)")
        }
    }

    /// Runs `body` with `XDG_STATE_HOME` a fresh folder (its path given), removed after. The
    /// environment is the process's: one test at a time may set it (two in parallel unset it
    /// under each other, and a trace went to the real ~/.local/state).
    static func withStateFolder(_ body: (String) throws -> Void) throws {
        try stateLock.withLock { _ in
            let state = NSTemporaryDirectory() + "touch-gestured-state-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: state) }
            setenv("XDG_STATE_HOME", state, 1)
            defer { unsetenv("XDG_STATE_HOME") }
            try body(state)
        }
    }
    static let stateLock = Mutex(())

    @Test("a binding's action save-trace is read from the file, and --dry-run prints it as the daemon would run it")
    func saveTraceAction() throws {
        let config = try Scratch("[[binding]]\ngesture = \"swipe\"\ndirection = \"up\"\naction = \"save-trace\"\n")
        let r = try Daemon.run(["--replay", "traces/edge-swipe-from-bottom.json", "--dry-run", "--config", config.path])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == "save-trace\n")
        let both = try Scratch("[[binding]]\ngesture = \"swipe\"\naction = \"save-trace\"\nshell = \"x\"\n")
        let bad = try Daemon.run(["--check-config", "--config", both.path])
        #expect(bad.status == 2 && bad.err.contains(":3:1: error: give `action`, `command` or `shell`, one of them"), "\(bad.err)")
    }
}

@Suite("The configuration file's bytes")
struct ConfigBytesTests {
    @Test("bytes that are not UTF-8 are refused at their line and column, not read as U+FFFD")
    func invalidUTF8IsRefused() throws {
        let path = NSTemporaryDirectory() + "touch-gestured-\(UUID().uuidString).toml"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(Array("[[binding]]\ngesture = \"tap\"\nshell = \"echo ".utf8) + [0xFF] + Array("\"\n".utf8)).write(to: URL(fileURLWithPath: path))
        let r = try Daemon.run(["--check-config", "-c", path])
        #expect(r.status == 2)
        #expect(r.err.contains("\(path):3:15: error: byte 0xff is not UTF-8 text"), "\(r.err)")
        // Well-formed UTF-8 of every length passes; an overlong form, a surrogate and a cut
        // sequence do not.
        #expect(firstInvalidUTF8(Array("aé€😀".utf8)) == nil)
        #expect(firstInvalidUTF8([0x61, 0xC0, 0xAF]) == 1)
        #expect(firstInvalidUTF8([0xED, 0xA0, 0x80]) == 0, "a surrogate is named at its lead byte")
        // Latin-1 "été": named at its é, where the sequence that does not hold begins (it named the t).
        #expect(firstInvalidUTF8([0xE9, 0x74, 0xE9]) == 0)
        #expect(firstInvalidUTF8([0xE2, 0x82]) == 0)
    }
}

/// What a hostile run found in `--replay` without `--dry-run`: it must run every command, never
/// hang on one, and keep the `--log` stream clean.
@Suite("Replays that run their commands")
struct ReplayRunsTests {
    /// The daemon under `timeout 60`: a hang fails the test instead of stopping it.
    func daemon(_ args: [String]) throws -> ProgramRun {
        let bin = try #require(Daemon.binary)
        return try runProgram(URL(fileURLWithPath: "/usr/bin/timeout"), ["60", bin.path] + args, in: packageRoot)
    }

    /// `n` one-finger taps, half a second apart, as a trace file.
    func taps(_ n: Int) throws -> String {
        var b = TraceBuilder(device: .init(name: "panel", width: 800, height: 480, resolution: Point(x: 5, y: 5), units: "px"), seed: 1)
        for k in 0..<n { b.tap(Double(k) * 0.5, at: Point(x: 400, y: 240)) }
        let path = NSTemporaryDirectory() + "taps-\(UUID().uuidString).json"
        try TraceWriter.document(b.trace()).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("200 taps bound to a command run it 200 times: a replay reaps as it goes (64 ran before)")
    func everyCommandRuns() throws {
        let trace = try taps(200), out = NSTemporaryDirectory() + "ran-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: trace); try? FileManager.default.removeItem(atPath: out) }
        let r = try daemon(["--replay", trace, "--config", try config("echo tap >> \(out)")])
        #expect(r.status == 0, "\(r.err)")
        #expect(try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").count == 200)
    }

    @Test("a command that writes 100 KB to standard error does not hang the replay, and what it wrote is logged")
    func floodedPipeIsRead() throws {
        let trace = try taps(1), out = NSTemporaryDirectory() + "ran-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: trace); try? FileManager.default.removeItem(atPath: out) }
        let r = try daemon(["--replay", trace, "--config", try config("head -c 100000 /dev/zero | tr '\\0' x >&2; echo done >> \(out)")])
        #expect(r.status == 0, "\(r.err.prefix(300))")
        #expect((try? String(contentsOfFile: out, encoding: .utf8)) == "done\n")
        #expect(r.err.contains("xxxxxxxx"))
    }

    @Test("a command that does not end is named after 10 s and left running; the replay ends")
    func endlessCommandIsLeft() throws {
        let trace = try taps(1)
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let r = try daemon(["--replay", trace, "--config", try config("exec sleep 12 >/dev/null")])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains("1 command still running after 10 s, left running: exec sleep 12 >/dev/null (pid "), "\(r.err)")
    }

    @Test("--replay FILE streams: its peak memory at 8n events is that at n (read whole, 10⁶ events took 153 MB)")
    func fileReplayStreams() throws {
        let bin = try #require(Daemon.binary)
        func trace(taps: Int) throws -> String {
            var text = #"{"format": "touch-trace", "version": 1, "device": {"width": 800, "height": 480, "resolution": {"x": 5, "y": 5}}, "events": ["#
            text.reserveCapacity(taps * 120)
            for k in 0..<taps {
                let t = Double(k) * 0.5
                text += (k > 0 ? ",\n" : "\n") + #"{"t": \#(t), "id": 0, "phase": "down", "x": 400, "y": 240}, {"t": \#(t + 0.05), "id": 0, "phase": "up", "x": 400, "y": 240}"#
            }
            let path = NSTemporaryDirectory() + "stream-\(taps)-\(UUID().uuidString).json"
            try (text + "]}\n").write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        // The peak resident memory of a replay, in KiB (getrusage of the finished child).
        func peak(_ path: String) throws -> Int {
            let r = try runProgram(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", """
                import resource, subprocess, sys
                done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
                """, bin.path, "--replay", path, "--dry-run", "-g", "1,DU,*,*,x"], in: packageRoot)
            let words = r.out.split(separator: " ").map { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1 }
            #expect(words.first == 0, "\(r.out)\(r.err)")
            return words.count == 2 ? words[1] : -1
        }
        let small = try trace(taps: 10_000), large = try trace(taps: 80_000)
        defer { try? FileManager.default.removeItem(atPath: small); try? FileManager.default.removeItem(atPath: large) }
        let (n, eightN) = (try peak(small), try peak(large))
        #expect(n > 0 && eightN > 0)
        #expect(Double(eightN) < Double(n) * 1.25, "peak \(n) KiB at 20,000 events, \(eightN) KiB at 160,000")
    }

    @Test("past 64 commands that do not end, a replay waits 10 s once, says so, and skips the rest without waiting again (each waited 10 s)")
    func fullRoomIsWaitedForOnce() throws {
        // 80 taps whose commands outlive the replay: 64 run, the 65th waits 10 s in vain, the
        // other 15 are skipped at once. Waiting for each took 160 s; once, about 20 s (the wait,
        // and the end's wait for the 64).
        let trace = try taps(80), ran = NSTemporaryDirectory() + "ran-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: trace); try? FileManager.default.removeItem(atPath: ran) }
        let started = Date()
        let r = try daemon(["--replay", trace, "--config", try config("echo x >> \(ran); exec sleep 29.5 >/dev/null 2>&1")])
        let seconds = Date().timeIntervalSince(started)
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.components(separatedBy: "later commands run only while fewer are running, without waiting again").count == 2, "\(r.err)")
        #expect(r.err.components(separatedBy: "not run, 64 commands are still running").count == 17, "\(r.err)")
        #expect((try? String(contentsOfFile: ran, encoding: .utf8))?.split(separator: "\n").count == 64)
        #expect(seconds < 45, "\(seconds) s")
        _ = try? runProgram(URL(fileURLWithPath: "/usr/bin/pkill"), ["-x", "-f", "sleep 29.5"], in: packageRoot)
    }

    @Test("with --log, standard output holds the JSON lines alone: a command's own output goes to the log")
    func logStreamStaysClean() throws {
        let trace = try taps(2)
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let r = try daemon(["--replay", trace, "--log", "--config", try config("echo hello from the command")])
        #expect(r.status == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("{") }, "\(r.out)")
        #expect(r.err.contains("hello from the command"))
    }

    /// A configuration binding a one-finger tap to `shell`, as a file.
    func config(_ shell: String) throws -> String {
        let path = NSTemporaryDirectory() + "taps-\(UUID().uuidString).toml"
        let escaped = shell.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        try "[[binding]]\ngesture = \"tap\"\nshell = \"\(escaped)\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

@Suite("What the daemon prints of what it read")
struct DaemonPrintingTests {
    @Test("-g as lisgd reads it: a lone R or P is the mode, with no command (refused); an empty mode field is skipped")
    func lisgdModeField() throws {
        let p = try Daemon.run(["--check-config", "-g", "1,DU,B,*,P"])
        #expect(p.status == 2 && p.err.contains("field 5 (expected a command after the mode P)"), "\(p.err)")
        let empty = try Daemon.run(["--check-config", "-g", "1,DU,B,*,,x"])
        #expect(empty.out == "swipe up, 1 finger, from the bottom edge → run x (-g #1)\n", "\(empty.out)")
    }

    @Test("a command's control characters are printed as escapes: one binding, one line; a rotation file's bytes likewise")
    func controlCharactersAreQuoted() throws {
        let config = try Scratch("[[binding]]\ngesture = \"tap\"\ncommand = [\"echo\", \"a\\nb\", \"\\u001b[2J\"]\n")
        let r = try Daemon.run(["--check-config", "-c", config.path])
        #expect(r.out == "tap, any fingers → run echo a\\nb \\u{1B}[2J (\(config.path):1)\n", "\(r.out)")
        let rotation = try Scratch("ab\u{1B}[2Jc", suffix: ".rot")
        let bad = try Daemon.run(["--check-config", "-g", "1,DU,*,*,x", "--rotation-file", rotation.path])
        #expect(bad.status == 1 && bad.err.contains("found 'ab\\u{1B}[2Jc'") && !bad.err.contains("\u{1B}"), "\(bad.err)")
        // --dry-run, --explain and -v print the command the same way: one line, no raw bytes.
        let shell = try Scratch("[[binding]]\ngesture = \"swipe\"\nshell = \"printf 'a\\nb' \\u001b[2J\"\n")
        for flags in [["--dry-run"], ["--dry-run", "--explain"], ["--dry-run", "-v"]] {
            let run = try Daemon.run(["--replay", "traces/swipe-right-normal.json", "-c", shell.path] + flags)
            #expect(run.status == 0, "\(flags): \(run.err)")
            #expect(run.out == "printf 'a\\nb' \\u{1B}[2J\n", "\(flags): \(run.out.debugDescription)")
            #expect(!run.out.contains("\u{1B}") && !run.err.contains("\u{1B}"), "\(flags): \(run.err.debugDescription)")
        }
    }

    @Test("--replay of a recording whose axes have no range is refused, as touchtrace import refuses it: one reader, one rule")
    func recordingsAreCheckedAsImportChecksThem() throws {
        let r = try Daemon.run(["--replay", "Fuzz/regressions/evemu-axis-without-range.events", "--dry-run", "-g", "1,DU,*,*,x"])
        #expect(r.status == 1)
        #expect(r.err.contains("error: the Y position axis has no range (minimum 479, maximum 0); positions on it cannot be placed"), "\(r.err)")
    }

    @Test("a recording with no device description: the daemon's message names what the daemon has, not touchtrace import's --desc")
    func missingDescriptionNamesNoForeignOption() throws {
        let recording = try Scratch("# EVEMU 1.3\nE: 0.000000 0003 0035 0100\nE: 0.000000 0000 0000 0000\n", suffix: ".events")
        let r = try Daemon.run(["--replay", recording.path, "--dry-run", "-g", "1,DU,*,*,x"])
        #expect(r.status == 1)
        #expect(r.err.contains("has no device description") && r.err.contains("evemu-describe"), "\(r.err)")
        #expect(!r.err.contains("--desc"), "\(r.err)")
    }

    @Test("a full standard output is an error for --help, --check-config and --dry-run: message, exit 1")
    func fullStandardOutput() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        let bin = try #require(Daemon.binary)
        for args in ["--help", "--check-config -g 1,DU,*,*,x", "--replay traces/edge-swipe-from-bottom.json --dry-run -g 1,DU,*,*,x"] {
            let r = try runProgram(URL(fileURLWithPath: "/bin/sh"), ["-c", "\"$0\" \(args) > /dev/full", bin.path], in: packageRoot)
            #expect(r.status == 1 && r.err.contains("cannot write standard output"), "\(args): \(r.err)")
        }
    }

    @Test("-v on a trace with negative times prints them (it crashed on times past what milliseconds in an Int hold, which are now refused: a tap at 1e16 s was a long press of duration 0)")
    func oddTimesArePrinted() throws {
        let trace = try Scratch(#"{"format": "touch-trace", "version": 1, "device": {"width": 800, "height": 480}, "events": [{"t": -5, "id": 0, "phase": "down", "x": 10, "y": 10}, {"t": -4.9, "id": 0, "phase": "up", "x": 10, "y": 10}, {"t": 4e9, "id": 1, "phase": "down", "x": 10, "y": 10}, {"t": 4e9, "id": 1, "phase": "up", "x": 10, "y": 10}]}"#, suffix: ".json")
        let config = try Scratch("[[binding]]\ngesture = \"tap\"\nshell = \"x\"\n")
        let r = try Daemon.run(["--replay", trace.path, "-v", "--dry-run", "-c", config.path])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains("touch-gestured: -4.900 s: tap, 1 finger") && r.err.contains("touch-gestured: 4000000000.000 s: tap"), "\(r.err)")
        let far = try Scratch(#"{"format": "touch-trace", "version": 1, "device": {"width": 800, "height": 480}, "events": [{"t": 1e16, "id": 1, "phase": "down", "x": 10, "y": 10}, {"t": 1e16, "id": 1, "phase": "up", "x": 10, "y": 10}]}"#, suffix: ".json")
        let refused = try Daemon.run(["--replay", far.path, "--dry-run", "-c", config.path])
        #expect(refused.status == 1 && refused.err.contains("beyond ±4294967296 s"), "\(refused.err)")
    }


    /// A saved trace's name begins with the UTC time, worked out without gmtime_r: it agrees with
    /// gmtime_r at the epoch's edges, leap days and century years, and on 2,000 random times.
    @Test func stampAgreesWithGmtime() {
        var g = SplitMix(state: 51)
        var times = [0, -1, 59, 86_399, 86_400, 951_782_400, 951_868_799, 4_107_542_400, 1_795_797_101, -2_208_988_800, 253_402_300_799]
        for _ in 0..<2000 { times.append(Int(g.next() % 20_000_000_000) - 5_000_000_000) }
        for t in times {
            var seconds = time_t(t), parts = tm()
            gmtime_r(&seconds, &parts)
            func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
            let expected = "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))-\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))"
            #expect(SavedTrace.stamp(secondsSinceEpoch: t) == expected, "\(t)")
        }
    }
}
