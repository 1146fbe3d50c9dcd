import Foundation
import Testing
import TouchGestures
import TouchTrace
import TouchTestSupport
@testable import GestureBindings

/// `[[binding]] gesture = "sequence"`: a declared sequence of steps bound to a command, with its
/// steps in the binding or named from `[settings] sequences`.
@Suite("touch-gestured's sequence bindings")
struct SequenceBindingTests {
    static let drawer = """
        [[binding]]
        gesture = "sequence"
        name = "drawer"
        steps = [ { touch = 1, edge = "bottom" }, { hold = 0.4 }, { move = "up", distance = 15 }, { lift = "all" } ]
        command = ["drawer"]

        """

    @Test("a binding's own steps declare its sequence, which the arena then runs")
    func stepsInTheBinding() throws {
        let c = try DaemonConfig(text: Self.drawer + "[[binding]]\ngesture = \"swipe\"\ndirection = \"up\"\ncommand = [\"up\"]\n", file: "c.toml")
        let s = c.settings
        #expect(s.sequences.map(\.name) == ["drawer"])
        #expect(s.sequences.first?.steps.count == 4)
        #expect(s.arena.enabled.contains(.sequence) && s.arena.enabled.contains(.swipe) && !s.arena.enabled.contains(.tap))
        #expect(c.bindings.first?.gesture == GesturePattern(.sequence, sequence: 0) && c.bindings.first?.sequenceName == "drawer")
        #expect(c.bindings.first?.summary == "sequence drawer → run drawer (c.toml:1)")
        #expect(c.unusedSettings.isEmpty && c.unreachableBindings.isEmpty)
    }

    @Test("with no name, a sequence is named after its binding's line, which makes it unique in the file")
    func unnamedSequences() throws {
        let c = try DaemonConfig(text: "[[binding]]\ngesture = \"sequence\"\nsteps = [{touch = 2}, {hold = 0.5}]\nshell = \"a\"\n\n"
                                 + "[[binding]]\ngesture = \"sequence\"\nsteps = [{touch = 3}, {hold = 0.5}]\nshell = \"b\"\n", file: "c.toml")
        #expect(c.settings.sequences.map(\.name) == ["line 1", "line 6"])
        #expect(c.bindings.map(\.sequenceName) == ["line 1", "line 6"] && c.bindings.map(\.gesture.sequence) == [0, 1])
    }

    @Test("a binding with no steps names a sequence of [settings] sequences; one that no binding names is warned of")
    func namedFromSettings() throws {
        let settings = "[settings]\nsequences = [{name = \"a\", steps = [{touch = 1}, {hold = 0.4}]}, {name = \"b\", steps = [{touch = 2}, {hold = 0.4}]}]\n"
        let c = try DaemonConfig(text: settings + "[[binding]]\ngesture = \"sequence\"\nname = \"b\"\ncommand = [\"x\"]\n", file: "c.toml")
        #expect(c.settings.sequences.map(\.name) == ["a", "b"] && c.bindings.first?.gesture.sequence == 1)
        #expect(c.unusedSettings.map(\.description) == [
            "c.toml:2:1: warning: no binding names the sequence \"a\": it takes the touches that do its steps and runs nothing"])
        let both = try DaemonConfig(text: settings + "[[binding]]\ngesture = \"sequence\"\nname = \"b\"\ncommand = [\"x\"]\n"
                                    + "[[binding]]\ngesture = \"sequence\"\nname = \"a\"\ncommand = [\"y\"]\n", file: "c.toml")
        #expect(both.unusedSettings.isEmpty)
    }

    /// Each mistake of a sequence binding at its line and column, the steps' as `[settings]
    /// sequences` says them.
    @Test(arguments: [
        ConfigTests.Bad(text: "[[binding]]\ngesture = \"sequence\"\nsteps = [{touch = 1},\n  {hold = \"long\"}]\ncommand = [\"x\"]\n",
            message: "c.toml:4:4: error: `[[binding]].steps[1].hold` (line 1) must be a number of seconds, found \"long\""),
        ConfigTests.Bad(text: "[[binding]]\ngesture = \"sequence\"\nname = \"d\"\nsteps = [{touch = 1}, {hold = 0.4, fingers = 2}]\ncommand = [\"x\"]\n",
            message: "c.toml:4:36: error: `[[binding]].steps[1].fingers` (d) is not a key of a `hold` step, which takes `tolerance`, `within`"),
        ConfigTests.Bad(text: "[[binding]]\ngesture = \"sequence\"\nname = \"d\"\nsteps = \"hold\"\ncommand = [\"x\"]\n",
            message: "c.toml:4:9: error: `[[binding]].steps` (d) must be a list of steps, found \"hold\""),
        ConfigTests.Bad(text: "[[binding]]\ngesture = \"sequence\"\ncommand = [\"x\"]\n",
            message: "c.toml:1:1: error: this sequence binding has no `steps` and no `name` (give its steps, or the name of one of [settings] sequences)"),
        ConfigTests.Bad(text: "[[binding]]\ngesture = \"sequence\"\nname = \"nowhere\"\ncommand = [\"x\"]\n",
            message: "c.toml:3:8: error: no sequence in [settings] sequences is named \"nowhere\": give this binding its `steps`, or name one of them (there are none)"),
        ConfigTests.Bad(text: "[settings]\nsequences = [{name = \"d\", steps = [{touch = 1}]}]\n[[binding]]\ngesture = \"sequence\"\nname = \"d\"\nsteps = [{touch = 2}]\ncommand = [\"x\"]\n",
            message: "c.toml:5:8: error: the sequence name \"d\" is given already (in [settings] sequences): give this binding another `name`"),
        ConfigTests.Bad(text: "[[binding]]\ngesture = \"sequence\"\nname = \"\"\nsteps = [{touch = 1}]\ncommand = [\"x\"]\n",
            message: "c.toml:3:8: error: `name` must be the sequence's name, 1 to 32 bytes, found \"\""),
        ConfigTests.Bad(text: "[[binding]]\ngesture = \"sequence\"\nsteps = [{touch = 1}]\nfingers = 2\ncommand = [\"x\"]\n",
            message: "c.toml:4:1: error: `fingers` does not apply to a sequence: its steps say where it starts and with how many fingers"),
        ConfigTests.Bad(text: "[[binding]]\ngesture = \"sequence\"\nsteps = [{touch = 1}]\nstream = true\ncommand = [\"x\"]\n",
            message: "c.toml:4:1: error: `stream = true` follows a sequence's last move, pinch or rotate step, and \"line 1\" has none"),
        ConfigTests.Bad(text: "[settings]\nsequences = [{name = \"d\", steps = [{touch = 1}, {hold = 0.5}]}]\n[[binding]]\ngesture = \"sequence\"\nname = \"d\"\nstream = true\ncommand = [\"x\"]\n",
            message: "c.toml:6:1: error: `stream = true` follows a sequence's last move, pinch or rotate step, and \"d\" has none"),
        ConfigTests.Bad(text: "[[binding]]\ngesture = \"sequence\"\nsteps = [{touch = 1}, {move = \"up\"}]\nstream = true\ndistance = 20\ncommand = [\"x\"]\n",
            message: "c.toml:5:1: error: `distance` does not apply to a sequence (only to swipe)"),
        ConfigTests.Bad(text: "[[binding]]\ngesture = \"swipe\"\nsteps = [{touch = 1}]\ncommand = [\"x\"]\n",
            message: "c.toml:3:1: error: `steps` does not apply to a swipe (only to a sequence)"),
    ])
    func mistakesAreLocated(_ bad: ConfigTests.Bad) {
        do {
            _ = try DaemonConfig(text: bad.text, file: "c.toml")
            Issue.record("accepted: \(bad.text)")
        } catch {
            #expect(error.diagnostics.map(\.description) == [bad.message])
        }
    }

    @Test("--print-config writes a sequence binding's steps with [settings] sequences and the binding by name, and it reads back")
    func printedReadsBack() throws {
        let c = try DaemonConfig(text: Self.drawer, file: "c.toml")
        let printed = c.printed(device: nil)
        #expect(printed.contains(#"  {name = "drawer", steps = [{touch = 1, edge = "bottom"}, {hold = 0.4}, {move = "up", distance = 15}, {lift = "all"}]},"#), "\(printed)")
        #expect(printed.contains("[[binding]]\ngesture = \"sequence\"\nname = \"drawer\"\ncommand = [\"drawer\"]\n"), "\(printed)")
        let back = try DaemonConfig(text: printed, file: "printed.toml")
        #expect(back.settings == c.settings && back.bindings.map(\.gesture) == c.bindings.map(\.gesture))
        #expect(back.unusedSettings.isEmpty)
    }

    /// The sequence traces' `expect`, as bindings say it: a sequence by its name, a swipe as the
    /// golden traces' configuration names it.
    static func expectedLines(_ trace: Trace) -> [String] {
        (trace.header.expect ?? []).compactMap { e in
            switch e["type"]?.stringValue {
            case "sequence": "sequence \(e["name"]?.stringValue ?? "?")"
            case "swipe": "swipe \(e["direction"]?.stringValue ?? "?") \(e["edge"]?.stringValue ?? "none") \(e["fingers"]?.numberValue.map { Int($0) } ?? 1)"
            default: nil
            }
        }
    }

    static let traces: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("traces").path)) ?? []
        return names.filter { $0.hasPrefix("sequence-") && $0.hasSuffix(".json") }.sorted()
    }()

    @Test("each sequence trace runs, beside every swipe, tap and long press bound, the bindings its expectations name", arguments: traces)
    func sequenceTraces(_ name: String) throws {
        let path = packageRoot.appendingPathComponent("traces").appendingPathComponent(name).path
        let (trace, _) = try TraceReader.read(path: path)
        let sequences = try #require(trace.header.settings?.sequences)
        #expect(!sequences.isEmpty)
        var text = "[settings]\nsequences = [\n"
        for q in sequences { text += "  " + q.settingsText(toml: true) + ",\n" }
        text += "]\n"
        for q in sequences { text += "[[binding]]\ngesture = \"sequence\"\nname = \"\(q.name)\"\ncommand = [\"sequence\", \"\(q.name)\"]\n" }
        let config = try Scratch(text + DryRunTests.everything)
        let r = try Daemon.run(["--replay", "traces/" + name, "--dry-run", "--config", config.path])
        #expect(r.status == 0, "\(r.err)")
        let expected = Self.expectedLines(trace)
        #expect(!expected.isEmpty)
        #expect(r.out == expected.map { $0 + "\n" }.joined(), "\(name)")
    }

    @Test("--explain names, for every sequence a binding names, the step that failed with its measure and limit")
    func explainSaysEverySequence() throws {
        let config = try Scratch("""
            [[binding]]
            gesture = "sequence"
            name = "menu"
            steps = [{touch = 1, edge = "top", along = [0.5, 1]}, {move = "down", distance = "medium"}]
            command = ["menu"]
            [[binding]]
            gesture = "sequence"
            name = "drawer"
            steps = [{touch = 1, edge = "bottom"}, {hold = 0.4}, {move = "up", distance = 15}]
            command = ["drawer"]

            """)
        // Up from the bottom edge with no hold: the drawer's hold breaks once the finger has
        // moved past the tap slop (4.7 mm); the menu's touch was not on the top edge.
        let r = try Daemon.run(["--replay", "traces/sequence-sxmo-no-hold-is-a-swipe.json", "--dry-run", "--explain", "-c", config.path])
        #expect(r.status == 0 && r.out.isEmpty, "\(r.err)")
        #expect(r.err.contains("sequence menu: step 1 (touch): landed "), "\(r.err)")
        #expect(r.err.contains("sequence drawer: step 2 (hold): moved "), "\(r.err)")
        #expect(r.err.contains(" > 4.7 mm at 0."), "\(r.err)")
        // Down from the top edge's left half: the menu wants its right half.
        let left = try Daemon.run(["--replay", "traces/sequence-sxmo-top-left-half-is-a-swipe.json", "--dry-run", "--explain", "-c", config.path])
        #expect(left.err.contains("sequence menu: step 1 (touch): landed at 0.25 of the edge < 0.50"), "\(left.err)")
        // With -v, a sequence binding passed over for a swipe says its step too.
        let swipe = try Scratch(try String(contentsOfFile: config.path, encoding: .utf8) + "[[binding]]\ngesture = \"swipe\"\ncommand = [\"s\"]\n")
        let v = try Daemon.run(["--replay", "traces/sequence-sxmo-no-hold-is-a-swipe.json", "--dry-run", "--explain", "-v", "-c", swipe.path])
        #expect(v.out == "s\n" && v.err.contains(":6: gesture swipe ≠ sequence: sequence drawer: step 2 (hold): moved"), "\(v.err)")
    }

    static let examples = ["hyprgrass.toml", "wayfire.toml", "sequences.toml"]

    /// dist/examples' peer configurations: each binding runs, alone, on the golden trace its
    /// comment names, with the file's other bindings loaded beside it.
    @Test("each peer example's binding runs on the golden trace named above it, and no other binding does", arguments: examples)
    func peerExamples(_ file: String) throws {
        let path = packageRoot.appendingPathComponent("dist/examples").appendingPathComponent(file).path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let config = try DaemonConfig(text: text, file: file)
        #expect(config.unusedSettings.isEmpty && config.unreachableBindings.isEmpty)
        // The comment block before each [[binding]] names its trace.
        let blocks = text.components(separatedBy: "\n[[binding]]\n").dropLast()
        let traces = blocks.map { block in block.matches(of: /traces\/([a-z0-9-]+\.json)/).last.map { String($0.1) } }
        #expect(traces.count == config.bindings.count && traces.allSatisfy { $0 != nil }, "\(traces)")
        for (binding, trace) in zip(config.bindings, traces) {
            guard let trace else { continue }
            let r = try Daemon.run(["--replay", "traces/" + trace, "--dry-run", "--config", path])
            #expect(r.status == 0, "\(r.err)")
            #expect(r.out == binding.command.line + "\n", "\(file): \(trace) ran \(r.out.debugDescription), not \(binding.command.line)")
        }
    }
}
