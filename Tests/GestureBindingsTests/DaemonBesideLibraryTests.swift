import Foundation
import Testing
import TouchGestures
import TouchTrace
import TouchGesturesC

/// The daemon and the C library's bindings (`tg_bindings_*`) on the same touches: the same
/// commands, in the same order, over every golden trace and several configurations (lisgd's
/// bindings as Sxmo's hook writes them, the peers' examples, every swipe, tap and long press).
@Suite("touch-gestured and tg_bindings run the same commands")
struct DaemonBesideLibraryTests {
    /// What the library decided for a trace's touches, as `touch-gestured --dry-run` prints it:
    /// each command run, a stream's command and then its lines after `  | `.
    struct LibraryRun {
        var lines: [String] = []
        /// Every action, as `TYPE time` words, for the tests of claims.
        var actions: [(type: Int32, time: Double, reason: String, argv: [String])] = []
    }

    /// Replays `events` over `device` through `tg_bindings` made from `config`.
    static func library(config: String, surface: Surface, events: [TouchEvent], explain: Bool = false,
                        advanceTo end: Double? = nil, claimedAfter: ((Double, Bool) -> Void)? = nil) throws -> LibraryRun {
        let resolution = surface.resolutionIsDefault ? Point(x: 0, y: 0) : surface.unitsPerMillimeter
        guard let b = tg_bindings_new(config, "config.toml", surface.width, surface.height, resolution.x, resolution.y, -1) else {
            throw LibraryFailure(message: String(cString: tg_last_error()))
        }
        defer { tg_bindings_destroy(b) }
        if explain { #expect(tg_bindings_set_explain(b, 1) == 0) }
        var run = LibraryRun()
        func drain() {
            while let a = tg_bindings_next_action(b) {
                let type = tg_action_get_type(a)
                var argv: [String] = []
                if let v = tg_action_get_argv(a) {
                    var k = 0
                    while let p = v[k] { argv.append(String(cString: p)); k += 1 }
                }
                run.actions.append((type, tg_action_get_time(a), String(cString: tg_action_get_reason(a)), argv))
                switch type {
                case 1, 5: run.lines.append(String(cString: tg_action_get_command(a)))
                case 4:
                    if tg_action_get_stream_event(a) == 1 { run.lines.append(String(cString: tg_action_get_command(a))) }
                    run.lines.append("  | " + String(cString: tg_action_get_line(a)))
                default: break
                }
            }
        }
        var assembler = FrameAssembler()
        func feed(_ frame: TouchFrame) {
            for e in frame.events {
                #expect(tg_bindings_touch(b, e.time, Int32(e.id), Int32(e.phase.rawValue), e.position.x, e.position.y) == 0,
                        "\(String(cString: tg_last_error()))")
            }
            #expect(tg_bindings_frame(b) == 0)
            drain()
            claimedAfter?(frame.time, tg_bindings_is_claimed(b) == 1)
        }
        for e in events { assembler.add(e, emit: feed) }
        assembler.flush(emit: feed)
        if let end {
            while let due = Optional(tg_bindings_next_deadline(b)), !due.isNaN, due <= end {
                #expect(tg_bindings_advance(b, due) == 0)
                drain()
            }
        }
        #expect(tg_bindings_finish(b) == 0)
        drain()
        return run
    }

    struct LibraryFailure: Error { var message: String }

    /// Streams, repeating slides and the daemon's own action, which no example binds together.
    static let streaming = """
        [[binding]]
        gesture = "swipe"
        direction = "up"
        edge = "bottom"
        stream = true
        command = ["drawer"]

        [[binding]]
        gesture = "rotate"
        fingers = 2
        stream = true
        command = ["dial"]

        [[binding]]
        gesture = "swipe"
        direction = "down"
        fingers = 1
        mode = "repeat"
        step = 8
        shell = "brightness -5"

        [[binding]]
        gesture = "pinch"
        direction = "in"
        action = "save-trace"

        [[binding]]
        gesture = "tap"
        taps = 2
        command = ["double"]
        """

    /// The configurations held equal: the name, and the text.
    static let configurations: [(String, String)] = {
        var out = [("every swipe, tap and long press", DryRunTests.everything), ("streams, slides and save-trace", streaming)]
        for name in ["hyprgrass", "wayfire", "sequences"] {
            let path = packageRoot.appendingPathComponent("dist/examples/\(name).toml").path
            out.append((name, (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""))
        }
        // The example sequences again, each that has a move streaming it.
        let streamed = out.last!.1.components(separatedBy: "\n").map { line in
            line.hasPrefix("steps = ") && line.contains("move") ? line + "\nstream = true" : line
        }.joined(separator: "\n")
        out.append(("sequences, streamed", streamed))
        return out
    }()

    /// Sxmo's 46 lisgd bindings as touch-gestured writes them for --config (`--print-config`),
    /// with the hook's edge size (`-s 1.0`); `-t`/`-T` are in a device's units, which a file
    /// has none of, so the distances are the defaults.
    static func sxmoConfig() throws -> String {
        var args = ["--print-config", "-s", "1.0"]
        for (spec, name) in SxmoHookTests.hook { args += ["-g", spec + ",sxmo_input " + name] }
        let r = try Daemon.run(args)
        #expect(r.status == 0, "\(r.err)")
        return r.out
    }

    static let traces: [String] = {
        let folder = packageRoot.appendingPathComponent("traces").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }()

    /// Every golden trace, under one configuration, through both.
    func holdEqual(_ name: String, _ text: String) throws {
        let config = try Scratch(text)
        var compared = 0, commands = 0, streamed = 0
        for trace in Self.traces {
            let path = "traces/" + trace
            let r = try Daemon.run(["--replay", path, "--dry-run", "--config", config.path])
            #expect(r.status == 0, "\(trace): \(r.err)")
            let (read, _) = try TraceReader.read(path: packageRoot.appendingPathComponent(path).path)
            let lib = try Self.library(config: text, surface: read.header.surface, events: read.events)
            let daemon = r.out.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            #expect(lib.lines == daemon, "\(name), \(trace)")
            compared += 1
            commands += daemon.count
            streamed += daemon.count { $0.hasPrefix("  | begin ") }
        }
        #expect(compared == Self.traces.count)
        // Each configuration binds what some golden traces do: a comparison of nothing to nothing
        // proves nothing.
        #expect(commands >= 3, "\(name): only \(commands) commands over the corpus")
        // The streamed sequences stream on the sequences' golden traces (five have a move).
        if name == "sequences, streamed" { #expect(streamed >= 5, "\(name): \(streamed) streams over the corpus") }
    }

    @Test("the same commands over the golden corpus", arguments: 0..<6)
    func sameCommands(_ k: Int) throws {
        let (name, text) = Self.configurations[k]
        #expect(!text.isEmpty)
        try holdEqual(name, text)
    }

    @Test("the same commands over the golden corpus, with Sxmo's hook")
    func sameCommandsWithSxmosHook() throws {
        try holdEqual("Sxmo's hook", try Self.sxmoConfig())
    }
}
