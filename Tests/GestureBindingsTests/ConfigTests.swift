import Testing
import TouchGestures
import TouchTrace
@testable import GestureBindings
import TouchTestSupport

@Suite("touch-gestured's configuration file")
struct ConfigTests {
    @Test func aFullConfigurationReadsIntoBindingsAndSettings() throws {
        let text = """
            # A phone shell's bindings.
            [settings]
            edge-zone = 4          # mm
            swipe-distance = 15.5
            repeat-step = 8

            [input]
            devices = ["/dev/input/event2", '/dev/input/event3',]
            grab = true
            rotate = 90
            read-interval = 40     # ms
            calibration = [1, 0, 0,
                           0, 1, 0]

            [[binding]]
            gesture = "swipe"
            direction = "up"
            edge = "bottom"
            fingers = 1
            distance = "long"
            command = ["sxmo_appmenu.sh", "--a \\"quoted\\" word", "caf\\u00e9"]

            [[binding]]
            gesture = "swipe"
            direction = "downRight"
            mode = "repeat"
            step = 5
            shell = "brightnessctl set +5% >/dev/null"

            [[binding]]
            gesture = "tap"
            taps = 2
            fingers = "any"
            command = ["notify-send", "double"]

            [[binding]]
            gesture = "pinch"
            direction = "in"
            edge = "none"
            command = ["zoom-out"]
            """
        let c = try DaemonConfig(text: text, file: "c.toml")
        #expect(c.thresholds.swipe.edgeZone == 4 && c.thresholds.swipe.minDistance == 15.5 && c.repeatStep == 8)
        #expect(c.devices == ["/dev/input/event2", "/dev/input/event3"] && c.grab && c.rotation == .quarter)
        #expect(c.calibration == [1, 0, 0, 0, 1, 0] && c.readInterval == 0.040)
        #expect(c.bindings.count == 4)
        let up = c.bindings[0]
        #expect(up.gesture == GesturePattern(.swipe, direction: .up, fingers: 1, edge: .edge(.bottom)) && up.distance == .long)
        #expect(up.command == .argv(["sxmo_appmenu.sh", "--a \"quoted\" word", "café"]))
        #expect(up.origin == "c.toml:15")
        #expect(c.bindings[1].mode == .repeating(step: 5) && c.bindings[1].command == .shell("brightnessctl set +5% >/dev/null"))
        #expect(c.bindings[2].gesture.taps == 2 && c.bindings[2].gesture.fingers == nil)
        #expect(c.bindings[3].gesture.pinch == .in && c.bindings[3].gesture.edge == .none)
        // A diagonal is bound, so the engine recognizes eight directions; a double tap is bound,
        // so taps are counted up to two.
        #expect(c.settings.swipe.diagonals && c.settings.tap.maxCount == 2)
        #expect(c.settings.swipe.edgeZone == 4 && c.settings.swipe.minDistance == 15.5)
        #expect(!c.settings.arena.enabled.contains(RecognizerSet(.pan)))
    }

    @Test("a swipe binding off the axis the swipe is locked to is said, where it was written (it was accepted in silence and never ran)")
    func bindingsOffTheAxis() throws {
        let text = "[settings.swipe]\naxis = \"horizontal\"\n\n[[binding]]\ngesture = \"swipe\"\ndirection = \"up\"\nshell = \"x\"\n"
            + "\n[[binding]]\ngesture = \"swipe\"\ndirection = \"left\"\nshell = \"y\"\n\n[[binding]]\ngesture = \"swipe\"\ndirection = \"upLeft\"\nshell = \"z\"\n"
        let c = try DaemonConfig(text: text, file: "c.toml")
        #expect(c.unreachableBindings.map(\.description) == [
            "c.toml:4: warning: a swipe up can never run: [settings.swipe] axis is \"horizontal\" (left and right only)",
            "c.toml:14: warning: a swipe upLeft can never run: [settings.swipe] axis is \"horizontal\" (left and right only)"])
        let free = try DaemonConfig(text: "[[binding]]\ngesture = \"swipe\"\ndirection = \"up\"\nshell = \"x\"\n", file: "c.toml")
        #expect(free.unreachableBindings.isEmpty)
        let file = try Scratch(text)
        let r = try Daemon.run(["--check-config", "-c", file.path, "-g", "1,DU,*,*,w"])
        #expect(r.status == 0)
        #expect(r.err.contains("-g #1: warning: a swipe up can never run"), "\(r.err)")
        // And --explain names the axis beside a swipe up that ran nothing.
        let explained = try Daemon.run(["--replay", "traces/edge-swipe-from-bottom.json", "--dry-run", "--explain", "-c", file.path])
        #expect(explained.out.isEmpty)
        #expect(explained.err.contains("[settings.swipe] axis is \"horizontal\": no swipe up or down is recognized, and 2 bindings wait (\(file.path):4 first) for one"),
                "\(explained.err)")
    }

    @Test("a binding's distance in millimeters is 0.01 to 1000: a stream's progress read inf at 1e-320 mm and stayed at 0 at 1e308 mm")
    func distanceIsBounded() throws {
        for (gesture, distance) in [("swipe", "1e-320"), ("swipe", "1e308"), ("pinch", "1e-320"), ("rotate", "1e308"), ("swipe", "0")] {
            let text = "[[binding]]\ngesture = \"\(gesture)\"\nstream = true\ndistance = \(distance)\ncommand = [\"x\"]\n"
            do {
                _ = try DaemonConfig(text: text, file: "c.toml")
                Issue.record("\(gesture) distance \(distance) accepted")
            } catch {
                #expect(error.description.contains("c.toml:4:") && error.description.contains("0.01 to 1000"), "\(error.description)")
            }
        }
        let edge = try DaemonConfig(text: "[[binding]]\ngesture = \"swipe\"\nstream = true\ndistance = 0.01\ncommand = [\"x\"]\n", file: "c.toml")
        #expect(edge.bindings.count == 1)
    }

    @Test("[settings] after the bindings still applies to them: in TOML the order of tables carries no meaning")
    func settingsAfterBindings() throws {
        let c = try DaemonConfig(text: "[[binding]]\ngesture = \"swipe\"\nmode = \"repeat\"\nshell = \"x\"\n[settings]\nrepeat-step = 10\n", file: "c")
        #expect(c.bindings[0].mode == .repeating(step: 10))
    }

    @Test("TOML's numbers: underscores between digits, exponents, signs; and a file of many keys")
    func numbersAndManyKeys() throws {
        #expect(ConfigReader.number(Array("1_000".utf8)) == .integer)
        #expect(ConfigReader.number(Array("-0.5".utf8)) == .float)
        #expect(ConfigReader.number(Array("6.2e-1".utf8)) == .float)
        #expect(ConfigReader.number(Array("+7".utf8)) == .integer)
        for bad in ["1__0", "_1", "1_", "01", "1.e0", "+.5e1", "1.", ".5", "1e", "--1", "0x10", ""] {
            #expect(ConfigReader.number(Array(bad.utf8)) == nil, "\(bad)")
        }
        let c = try DaemonConfig(text: "[settings]\nedge-zone = 1_0.5\nrepeat-step = 6e0\n", file: "c")
        #expect(c.thresholds.swipe.edgeZone == 10.5 && c.repeatStep == 6)
        // 20,000 keys in one table are read (each checked against the others, as a set); the
        // twenty-thousand-and-first, a repeat, is refused at its line.
        var text = "[[binding]]\ngesture = \"tap\"\nshell = \"x\"\n"
        for k in 0..<20_000 { text += "k\(k) = \(k)\n" }
        text += "k7 = 1\n"
        if let error = (#expect(throws: DiagnosticError.self, "a repeated key was accepted") { _ = try ConfigReader.parse(text, file: "big.toml") }) {
            #expect(error.description == "big.toml:20004:1: error: `k7` is given twice in this [binding]")
        }
    }

    @Test("Lists nested 20,000 deep are refused at the first list past the limit, not read until the stack overflows")
    func deepNesting() throws {
        let head = "[[binding]]\ngesture = \"tap\"\ncommand = "
        // 64 deep is read (the limit), with the innermost list where it was written.
        let deepest = try ConfigReader.parse(head + String(repeating: "[", count: 64) + "\"x\"" + String(repeating: "]", count: 64) + "\n", file: "ok.toml")
        guard let command = deepest.first(where: { $0.name == "binding" })?.entries.first(where: { $0.key == "command" }) else {
            Issue.record("the binding's command was not read"); return
        }
        var v = command.value
        var levels = 0
        while case .array(let items) = v.kind { levels += 1; v = items[0] }
        guard case .string(let innermost) = v.kind else { Issue.record("the innermost value is not the string"); return }
        #expect(levels == 64 && innermost == "x")
        // 20,000 deep: the 65th `[`, at column 11 + 64 of line 3, is the one refused.
        if let error = (#expect(throws: DiagnosticError.self, "20,000 nested lists were accepted") { _ = try ConfigReader.parse(head + String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000) + "\n", file: "deep.toml") }) {
            #expect(error.description == "deep.toml:3:75: error: lists nested more than 64 deep: a binding needs 2 at most")
        }
    }

    @Test func fourWayBindingsKeepFourDirectionsAndSingleTapsAreNotHeldBack() throws {
        let c = try DaemonConfig(text: "[[binding]]\ngesture = \"swipe\"\ndirection = \"left\"\ncommand = [\"x\"]\n[[binding]]\ngesture = \"tap\"\ncommand = [\"y\"]\n", file: "c")
        #expect(!c.settings.swipe.diagonals)
        #expect(c.settings.tap.maxCount == 1)
    }

    struct Bad: CustomTestStringConvertible, Sendable {
        var text: String
        var message: String
        var testDescription: String { message }
    }

    /// Each mistake is reported at its line and column with what was expected; nothing is guessed.
    @Test(arguments: [
        Bad(text: "[[binding]]\ngesture = \"swipe\"\ndirection = \"upward\"\ncommand = [\"x\"]\n",
            message: "c.toml:3:13: error: `direction` must be a swipe direction: \"left\", \"right\", \"up\", \"down\", \"upLeft\", \"upRight\", \"downLeft\", \"downRight\", found \"upward\""),
        Bad(text: "[[binding]]\ngesture = \"swipe\"\n",
            message: "c.toml:1:1: error: this [[binding]] has no `command` (a program and its arguments), `shell` (a command line) or `action`"),
        Bad(text: "[[binding]]\ngesture = \"tap\"\ncolour = 3\ncommand = [\"x\"]\n",
            message: "c.toml:3:1: error: unknown binding key `colour` (expected gesture, direction, fingers, edge, distance, mode, step, stream, taps, name, steps, command, shell, action)"),
        Bad(text: "[settings]\nedge-zone = -1\n",
            message: "c.toml:2:13: error: `edge-zone` (swipe.edgeZone) is millimeters; 0–100: -1 is outside that"),
        // The catalog's names, in [settings.GROUP] tables, with the unit and the plausible range.
        Bad(text: "[settings.longPress]\nminDuration = 800\n",
            message: "c.toml:2:15: error: `longPress.minDuration` is seconds; 0.1–10: 800 is outside that"),
        Bad(text: "[settings]\nswipe-distance = 10\n[settings.swipe]\nminDistance = 12\n",
            message: "c.toml:4:1: error: `minDistance` sets swipe.minDistance, which line 2 sets already"),
        Bad(text: "[settings.swipe]\nminDistanse = 12\n",
            message: "c.toml:2:1: error: unknown setting `minDistanse` in [settings.swipe] (expected minDistance, maxDrift, maxDuration, lateLiftVelocity, edgeZone, rule, diagonals, axis)"),
        // The choices a trace's settings take, by the same names, refused as a trace refuses them.
        Bad(text: "[settings.swipe]\naxis = \"diagonal\"\n",
            message: "c.toml:2:8: error: `swipe.axis` must be one of \"free\", \"horizontal\", \"vertical\", found \"diagonal\""),
        Bad(text: "[settings.pan]\naxis = \"diagonal\"\n",
            message: "c.toml:2:8: error: `pan.axis` must be one of \"automatic\", \"free\", \"vertical\", \"horizontal\", found \"diagonal\""),
        Bad(text: "[settings.arena]\ntogether = [[\"swipe\", \"swipe\"]]\n",
            message: "c.toml:2:12: error: `arena.together` must hold pairs of two different recognizer names, found [\"swipe\", \"swipe\"]"),
        // Contradictions: which one would win was a guess (the last read), or no gesture could meet both.
        Bad(text: "[settings]\ndiagonals = true\n[settings.swipe]\ndiagonals = false\n",
            message: "c.toml:4:1: error: `diagonals` in [settings.swipe] is given already at line 2; give it once"),
        Bad(text: "[settings.fling]\nminVelocity = 1900\nmaxVelocity = 1500\n",
            message: "c.toml:2:15: error: `fling.minVelocity` (1900 mm/s) is above `fling.maxVelocity` (1500 mm/s): no fling could be both"),
        Bad(text: "[settings]\nvelocityStrategy = 2\n",
            message: "c.toml:2:20: error: `velocityStrategy` must be one of \"lsq2\", \"impulse\", \"twoPoint\", found 2"),
        Bad(text: "[settings.swipes]\nminDistance = 12\n",
            message: "c.toml:1:1: error: unknown table [settings.swipes] (expected one of [settings.swipe], [settings.tap], [settings.longPress], [settings.pan], [settings.pinch], [settings.rotate], [settings.fling], [settings.arena])"),
        Bad(text: "[settings]\nswipe = 1\n[settings.swipe]\n",
            message: "c.toml:3:1: error: `swipe` is already a key in [settings]; it cannot also be a table"),
        Bad(text: "[settings.swipe.far]\n",
            message: "c.toml:1:16: error: tables nested more than one level (`[a.b.c]`) are not supported"),
        Bad(text: "[settings.tap]\nmaxCount = 2.5\n",
            message: "c.toml:2:12: error: `tap.maxCount` is a whole number (count; 1–100), found 2.5"),
        Bad(text: "[settings]\nedge-zone = 5\nedge-zone = 6\n",
            message: "c.toml:3:1: error: `edge-zone` is given twice in this [settings]"),
        Bad(text: "[binding]\ngesture = \"tap\"\n",
            message: "c.toml:1:1: error: bindings are written [[binding]] (each one a new entry), not [binding]"),
        Bad(text: "[[binding]]\ngesture = \"tap\"\ncommand = [\"x\"\n",
            message: "c.toml:4:1: error: expected ',' or ']' in the list, found the end of the file"),
        Bad(text: "[[binding]]\ngesture = \"tap\"\nshell = \"unclosed\n",
            message: "c.toml:3:9: error: this string is not closed on its line"),
        Bad(text: "[[binding]]\ngesture = \"tap\"\ncommand = {a = 1}\n",
            message: "c.toml:3:11: error: `command` must be a list of a program and its arguments, like [\"notify-send\", \"swiped\"] (for a shell command line, write shell = \"…\"), found {a = 1}"),
        Bad(text: "[[binding]]\ngesture = \"tap\"\ncommand = [\"x\"]\n[settings]\nsequences = [{name = \"a\", steps = [{touch = 1},\n  {hold = \"long\"}]}]\n",
            message: "c.toml:6:4: error: `sequences[0].steps[1].hold` (a) must be a number of seconds, found \"long\""),
        Bad(text: "[settings]\nsequences = [{name = \"a\", steps = [{touch = 1}]\n}]\n",
            message: "c.toml:2:48: error: an inline table must be on one line: close it with '}' before the line ends"),
        Bad(text: "[[binding]]\ngesture = \"tap\"\ndistance = \"long\"\ncommand = [\"x\"]\n",
            message: "c.toml:3:1: error: `distance` does not apply to a tap (only to swipe)"),
        Bad(text: "[[binding]]\ngesture = \"tap\"\ncommand = [\"x\"]\nshell = \"y\"\n",
            message: "c.toml:4:1: error: give `command` or `shell`, not both"),
        Bad(text: "[[binding]]\ngesture = \"swipe\"\nstep = 4\ncommand = [\"x\"]\n",
            message: "c.toml:3:1: error: `step` needs mode = \"repeat\""),
        Bad(text: "gesture = \"tap\"\n",
            message: "c.toml:1:1: error: `gesture` must be inside a table: [settings], [input] or [[binding]]"),
        Bad(text: "[[binding]]\ngesture = \"swipe\" junk\n",
            message: "c.toml:2:19: error: expected the end of the line, found 'j'"),
        Bad(text: "[input]\nrotate = 45\n",
            message: "c.toml:2:10: error: `rotate` must be 0, 90, 180 or 270 (degrees clockwise), found 45"),
        Bad(text: "[input]\nread-interval = 2.5\n",
            message: "c.toml:2:17: error: `read-interval` must be a whole number of milliseconds from 0 to 1000, found 2.5"),
        Bad(text: "[input]\nread-interval = 1001\n",
            message: "c.toml:2:17: error: `read-interval` must be a whole number of milliseconds from 0 to 1000, found 1001"),
        // What a hostile run found accepted, each invalid TOML: now refused where it stands.
        Bad(text: "[[binding]]\ngesture = \"tap\"\ncommand = [\"echo\", \"safe\\u0000; rm\"]\n",
            message: "c.toml:3:25: error: \\u0000 in a string is not supported: a program's arguments end at a NUL, so what ran would not be what is written"),
        Bad(text: "# a comment\r[[binding]]\rgesture = \"tap\"\rcommand = [\"x\"]\r",
            message: "c.toml:1:12: error: a carriage return not followed by a line feed: TOML lines end with LF or CR LF"),
        Bad(text: "[[binding]]\ngesture = \"tap\"\nshell = \"\\u+041\"\n",
            message: "c.toml:3:10: error: expected 4 hexadecimal digits of a Unicode scalar after \\u"),
        Bad(text: "[[binding]]\ngesture = \"tap\"\nshell = \"a\u{7F}b\"\n",
            message: "c.toml:3:11: error: a control character (byte 0x7f) in a string: write it as an escape, or leave it out"),
        Bad(text: "[[binding]]\ngesture = \"tap\"\nshell = \"a\u{1B}[2Jb\"\n",
            message: "c.toml:3:11: error: a control character (byte 0x1b) in a string: write it as an escape, or leave it out"),
        Bad(text: "[[binding]]\ngesture = \"tap\"\nshell = 'a\u{1B}b'\n",
            message: "c.toml:3:11: error: a control character (byte 0x1b) in a string: leave it out"),
        Bad(text: "# a \u{07} bell\n",
            message: "c.toml:1:5: error: a control character (byte 0x7) in a comment"),
        Bad(text: "[settings]\nedge-zone = 1__0\n",
            message: "c.toml:2:13: error: expected a value (a \"string\", a number, true, false or a [list]), found `1__0`"),
        Bad(text: "[settings]\nedge-zone = _1\n",
            message: "c.toml:2:13: error: expected a value (a \"string\", a number, true, false or a [list]), found `_1`"),
        Bad(text: "[settings]\nedge-zone = 01\n",
            message: "c.toml:2:13: error: expected a value (a \"string\", a number, true, false or a [list]), found `01`"),
        Bad(text: "[settings]\nedge-zone = 1.e0\n",
            message: "c.toml:2:13: error: expected a value (a \"string\", a number, true, false or a [list]), found `1.e0`"),
        Bad(text: "[settings]\nedge-zone = +.5e1\n",
            message: "c.toml:2:13: error: expected a value (a \"string\", a number, true, false or a [list]), found `+.5e1`"),
    ])
    func mistakesAreLocated(_ bad: Bad) {
        #expect(throws: DiagnosticError.self) { try DaemonConfig(text: bad.text, file: "c.toml") }
        do {
            _ = try DaemonConfig(text: bad.text, file: "c.toml")
        } catch {
            #expect(error.description == bad.message)
        }
    }

    /// Every setting a trace's `scene.settings` takes, the daemon's TOML takes by the same
    /// name (`[settings.GROUP] KEY`, or `[settings] KEY` for a name without a group), to the
    /// same value: what `touchtrace eval` tunes carries over as it is.
    @Test func everySettingATraceTakesTheFileTakesByTheSameName() throws {
        // A value for each name that differs from its default (a rule whose thresholds the
        // other keys then change; lists of names and pairs).
        var json: [(String, String, String)] = []   // (name, JSON value, TOML value)
        for setting in GestureSettings.catalog where setting.kind == .number {
            let plausible = try #require(setting.plausible)
            let d = GestureSettings().value(of: setting) ?? plausible.lowerBound
            let v = setting.unit == .count ? (d + 1 <= plausible.upperBound ? d + 1 : d - 1)
                : (d * 1.1 <= plausible.upperBound ? d * 1.1 : (d + plausible.lowerBound) / 2)
            json.append((setting.name, formatJSONNumber(v), formatJSONNumber(v)))
        }
        json += [("swipe.rule", #""seedMillimeters""#, #""seedMillimeters""#),
                 ("swipe.diagonals", "true", "true"),
                 ("swipe.axis", #""horizontal""#, #""horizontal""#),
                 ("pan.axis", #""horizontal""#, #""horizontal""#),
                 ("velocityStrategy", #""impulse""#, #""impulse""#),
                 ("arena.enabled", #"["tap", "swipe", "pan"]"#, #"["tap", "swipe", "pan"]"#),
                 ("arena.together", #"[["swipe", "pan"]]"#, #"[["swipe", "pan"]]"#),
                 ("arena.apart", #"[["tap", "pan"]]"#, #"[["tap", "pan"]]"#),
                 ("arena.waitsFor", #"[["tap", "swipe"]]"#, #"[["tap", "swipe"]]"#),
                 ("sequences", #"[{"name": "drawer", "steps": [{"touch": 1, "edge": "bottom"}, {"hold": 0.4}, {"move": "up", "distance": 15}]}]"#,
                  #"[{name = "drawer", steps = [{touch = 1, edge = "bottom"}, {hold = 0.4}, {move = "up", distance = 15}]}]"#)]
        #expect(Set(json.map { $0.0 }) == Set(GestureSettings.keyNames + GestureSettings.choiceKeyNames), "a name left out of this test")
        let fromTrace = try GestureSettings.from(json: JSONValue.parse(Array(("{" + json.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}").utf8), name: "s"), source: "s")
        var toml = "[[binding]]\ngesture = \"tap\"\ntaps = 3\ncommand = [\"x\"]\n"
        var groups: [String: [String]] = [:]
        for (name, _, value) in json {
            let (g, k) = name.contains(".") ? (String(name.prefix { $0 != "." }), String(name.drop { $0 != "." }.dropFirst())) : ("", name)
            groups[g, default: []].append("\(k) = \(value)")
        }
        for (g, lines) in groups.sorted(by: { $0.key < $1.key }) {
            toml += "\n[settings\(g.isEmpty ? "" : "." + g)]\n" + lines.joined(separator: "\n") + "\n"
        }
        let config = try DaemonConfig(text: toml, file: "c.toml")
        // Given in the file, they stand: tap.maxCount and arena.enabled are not derived from
        // the bindings (three taps bound) and the daemon's usual recognizers.
        #expect(config.settings == fromTrace)
        #expect(config.settings.tap.maxCount == fromTrace.tap.maxCount)
        #expect(config.settings.arena.enabled == fromTrace.arena.enabled)
        #expect(config.settings.pan.axis == .horizontal && config.settings.velocityStrategy == .impulse)
        #expect(config.settings.sequences.map(\.name) == ["drawer"])
    }

    @Test("settings of a recognizer the daemon does not run are a warning at their line (they were accepted and printed as in effect)")
    func unusedSettingsAreSaid() throws {
        let config = try DaemonConfig(text: "[settings.pan]\nminDistance = 6\n[settings.tap]\nmaxGap = 0.25\n[[binding]]\ngesture = \"tap\"\ncommand = [\"x\"]\n", file: "c.toml")
        #expect(config.unusedSettings.map(\.description) == ["c.toml:2:1: warning: `pan.minDistance` changes nothing: the daemon runs no pan recognizer (no binding is one; list it in [settings.arena] enabled to run it)"])
        let enabled = try DaemonConfig(text: "[settings.pan]\nminDistance = 6\n[settings.arena]\nenabled = [\"tap\", \"pan\"]\n", file: "c.toml")
        #expect(enabled.unusedSettings.isEmpty)
        // Sequences that no binding can run are said too; run by the arena, they are not.
        let sequences = "[settings]\nsequences = [{name = \"a\", steps = [{touch = 1}, {hold = 0.4}]}]\n"
        let idle = try DaemonConfig(text: sequences + "[[binding]]\ngesture = \"tap\"\ncommand = [\"x\"]\n", file: "c.toml")
        #expect(idle.unusedSettings.map(\.description) == ["c.toml:2:1: warning: `sequences` changes nothing: no binding runs a sequence (give a [[binding]] gesture = \"sequence\" and its name, or list \"sequence\" in [settings.arena] enabled to run them for --explain)"])
        let run = try DaemonConfig(text: sequences + "[settings.arena]\nenabled = [\"tap\", \"sequence\"]\n", file: "c.toml")
        #expect(run.unusedSettings.isEmpty && run.settings.arena.enabled.contains(.sequence))
    }

    @Test func everyMistakeOfAFileIsReportedAtOnce() {
        if let error = (#expect(throws: DiagnosticError.self, "accepted") { _ = try DaemonConfig(text: "[[binding]]\ngesture = \"wave\"\ncommand = [\"x\"]\n[[binding]]\ngesture = \"tap\"\nfingers = 11\ncommand = [\"y\"]\n", file: "c") }) {
            #expect(error.diagnostics.map { $0.location.line } == [2, 6])
        }
    }

    @Test func theExampleConfigurationShippedWithThePackageReads() throws {
        let path = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        let text = try #require(readText("/" + path + "/docs/touch-gestured.example.toml"))
        let c = try DaemonConfig(text: text, file: "touch-gestured.example.toml")
        #expect(c.bindings.count >= 8)
        #expect(Set(c.bindings.map(\.gesture.kind)) == Set(GesturePattern.Kind.allCases))
    }
}

func readText(_ path: String) -> String? {
    guard let f = fopen(path, "r") else { return nil }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = fread(&buffer, 1, buffer.count, f)
        if n == 0 { break }
        bytes += buffer[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}

import TouchPlatform
