import Foundation
import Testing
import TouchTestSupport
import GestureBindings
import TouchGestures

/// `touch-gestured --print-config`: the configuration in effect as a file that `--config` reads
/// back to the same bindings and settings.
@Suite("touch-gestured --print-config")
struct PrintConfigTests {
    /// `--check-config`'s lines without where each binding was written (`(-g #1)`, `(file:12)`),
    /// which is all a printed file changes.
    static func bindings(_ out: String) -> [String] {
        out.split(separator: "\n").map { line in
            guard let open = line.range(of: " (", options: .backwards) else { return String(line) }
            return String(line[..<open.lowerBound])
        }
    }

    /// 11.5 mm up from the bottom of a 10.6 px/mm panel (as in the near-miss test).
    static func shortSwipe() throws -> Scratch {
        var events = [#"{"t": 0, "id": 0, "phase": "down", "x": 360, "y": 1436}"#]
        for k in 1...12 { events.append(#"{"t": \#(Double(k) * 0.008), "id": 0, "phase": "move", "x": 360, "y": \#(1436 - 121.9 * Double(k) / 12)}"#) }
        events.append(#"{"t": 0.104, "id": 0, "phase": "up", "x": 360, "y": 1314.1}"#)
        return try Scratch(#"{"format": "touch-trace", "version": 1, "device": {"width": 720, "height": 1440, "resolution": {"x": 10.6, "y": 10.6}}, "events": ["#
                           + events.joined(separator: ", ") + "]}", suffix: ".json")
    }

    @Test("--check-config says a -T step in millimeters of the device, as the daemon steps; with no device it says how to name one")
    func checkConfigStepsInTheDevicesMillimeters() throws {
        let trace = try Self.shortSwipe()   // 10.6 px/mm
        let r = try Daemon.run(["--check-config", "--replay", trace.path, "-t", "125", "-T", "60", "-g", "1,DU,R,*,P,x"])
        #expect(r.status == 0 && r.out == "swipe up, 1 finger, from the right edge, every 5.66 mm while moving → run x (-g #1)\n", "\(r.err)\(r.out)")
        // It said "every 6.0 mm", the default step, where the daemon stepped every 5.66 mm.
        // With no device to read -T's units from, it says so.
        let none = try Daemon.run(["--check-config", "-t", "125", "-T", "60", "-g", "1,DU,R,*,P,x"])
        #expect(none.status == 1 && none.out.isEmpty, "\(none.status) \(none.out)")
        #expect(none.err.contains("-t and -T are in the touchscreen's units") && none.err.contains("-d PATH"), "\(none.err)")
        // Without -t or -T no device is needed.
        let plain = try Daemon.run(["--check-config", "-g", "1,DU,R,*,P,x"])
        #expect(plain.status == 0 && plain.out.contains("every 6 mm while moving"), "\(plain.err)\(plain.out)")
    }

    @Test("lisgd's command line becomes a file: -t and -T in millimeters, each conversion said")
    func lisgdFlagsBecomeAFile() throws {
        let trace = try Self.shortSwipe()
        let flags = ["-t", "125", "-T", "60", "-m", "500", "-s", "1.5", "-o", "1",
                     "-g", #"1,DU,B,*,R,sxmo_hook_x.sh "a b""#, "-g", "2,LR,*,*,P,brightness up", "-g", "1,RL,N,M,R,back"]
        let printed = try Daemon.run(["--print-config", "--replay", trace.path] + flags)
        #expect(printed.status == 0, "\(printed.err)")
        let text = printed.out
        // 125 px / 10.6 px/mm and 60 px / 10.6 px/mm, rounded to a micrometre, the value and its
        // comment alike.
        #expect(text.contains("[settings.swipe]\nminDistance = 11.792  # -t 125 px / 10.6 px/mm = 11.792 mm\n"), "\(text)")
        #expect(text.contains("step = 5.66  # -T 60 px / 10.6 px/mm = 5.66 mm\n"), "\(text)")
        #expect(text.contains("maxDuration = 0.5  # -m 500 ms\n") && text.contains("edgeZone = 7.5  # 5 mm × -s 1.5\n"), "\(text)")
        #expect(text.contains("lateLiftVelocity = \"none\"  # -m: a hard limit, as lisgd's\n"), "\(text)")
        #expect(text.contains("rotate = 90  # -o 1\n"), "\(text)")
        #expect(text.contains(#"shell = "sxmo_hook_x.sh \"a b\"""#), "\(text)")
        let file = try Scratch(text)
        // Read back: the same bindings, in the same order.
        let original = try Daemon.run(["--check-config", "--replay", trace.path] + flags)
        let back = try Daemon.run(["--check-config", "-c", file.path])
        #expect(back.status == 0 && original.status == 0, "\(back.err)\(original.err)")
        // -T made the pressed binding's step millimeters for this panel, in both.
        #expect(original.out.contains("every 5.66 mm while moving"), "\(original.out)")
        #expect(Self.bindings(back.out) == Self.bindings(original.out), "\(back.out)\n---\n\(original.out)")
        // And the same recognition: the 11.5 mm swipe misses the 11.8 mm threshold either way,
        // and a threshold of 120 px (11.3 mm) takes it either way.
        for t in ["125", "120"] {
            let withFlags = try Daemon.run(["--replay", trace.path, "--dry-run", "-t", t, "-g", "1,DU,B,*,R,up"])
            let made = try Daemon.run(["--print-config", "--replay", trace.path, "-t", t, "-g", "1,DU,B,*,R,up"])
            let madeFile = try Scratch(made.out)
            let withFile = try Daemon.run(["--replay", trace.path, "--dry-run", "-c", madeFile.path])
            #expect(withFlags.out == withFile.out, "-t \(t): \(withFlags.out) vs \(withFile.out)")
            #expect(withFile.out == (t == "120" ? "up\n" : ""), "-t \(t): \(withFile.out)")
        }
    }

    @Test("every key of the file reads back the same, and printing the printed file changes nothing")
    func everyKeyRoundTrips() throws {
        let rotation = try Scratch("right\n", suffix: ".rotation")
        let config = try Scratch("""
            [settings]
            diagonals = true
            edge-zone = 4.25
            swipe-distance = 9
            swipe-time = 0.9
            long-press-time = 0.65
            repeat-step = 3

            [settings.tap]
            maxGap = 0.25

            [settings.swipe]
            maxDrift = 3

            [settings.pan]
            axisDecisionDistance = "none"

            [input]
            devices = ["/dev/input/event7", "/dev/input/by-id/with \\"quote\\""]
            grab = true
            rotation-file = "\(rotation.path)"
            calibration = [1, 0, 0, 0, 1, 0.5]
            read-interval = 40
            history = 12.5

            [[binding]]
            gesture = "tap"
            taps = 2
            fingers = 3
            command = ["notify-send", "two \\"taps\\"", "tab\\there", "line\\nend", "\\u001b[2J"]

            [[binding]]
            gesture = "swipe"
            direction = "downLeft"
            edge = "none"
            distance = 17.5
            shell = "echo 'it''s' | tr a b"

            [[binding]]
            gesture = "swipe"
            direction = "up"
            edge = "bottomRight"
            mode = "repeat"
            command = ["vol", "+"]

            [[binding]]
            gesture = "pinch"
            direction = "in"
            command = ["zoom-out"]

            [[binding]]
            gesture = "rotate"
            direction = "counterclockwise"
            fingers = 2
            command = ["turn"]

            [[binding]]
            gesture = "longPress"
            edge = "top"
            action = "save-trace"

            [[binding]]
            gesture = "swipe"
            distance = "long"
            command = ["far"]

            """)
        let original = try Daemon.run(["--check-config", "-c", config.path])
        #expect(original.status == 0, "\(original.err)")
        let printed = try Daemon.run(["--print-config", "-c", config.path])
        #expect(printed.status == 0, "\(printed.err)")
        let file = try Scratch(printed.out)
        let back = try Daemon.run(["--check-config", "-c", file.path])
        #expect(back.status == 0, "\(back.err)\n\(printed.out)")
        #expect(Self.bindings(back.out) == Self.bindings(original.out), "\(back.out)\n---\n\(original.out)")
        #expect(back.out.split(separator: "\n").count == 7)
        // The settings too: printed again, the file is the same but for the line naming its source.
        let again = try Daemon.run(["--print-config", "-c", file.path])
        func body(_ s: String) -> [Substring] { s.split(separator: "\n").filter { !$0.hasPrefix("# touch-gestured configuration") } }
        #expect(body(again.out) == body(printed.out), "\(again.out)\n---\n\(printed.out)")
        for line in ["diagonals = true", "edgeZone = 4.25  # millimeters", "minDistance = 9  # millimeters", "maxDuration = 0.9  # seconds",
                     "minDuration = 0.65  # seconds", "maxGap = 0.25  # seconds", "maxDrift = 3  # millimeters",
                     "grab = true", "calibration = [1, 0, 0, 0, 1, 0.5]", "read-interval = 40  # milliseconds", "history = 12.5  # seconds",
                     #"devices = ["/dev/input/event7", "/dev/input/by-id/with \"quote\""]"#] {
            #expect(printed.out.contains(line + "\n"), "\(line)")
        }
        // The pan's setting changes nothing (no binding is a pan): the file is warned of, and the
        // printed file leaves it out rather than carry the warning along.
        #expect(original.err.contains("`pan.axisDecisionDistance` changes nothing"), "\(original.err)")
        #expect(!printed.out.contains("[settings.pan]") && back.err.isEmpty, "\(back.err)")
    }

    @Test("every choice of the settings catalog that a file changes is printed and reads back, whatever its kind (a choice the printer forgot read back as its default)")
    func everyCatalogChoiceRoundTrips() throws {
        // For each choice, a value other than its default, written by its kind: a row added to
        // the catalog is covered here with no line of its own.
        let defaults = GestureSettings()
        var checked = 0
        for row in GestureSettings.catalog where row.kind != .number {
            let value: String
            switch row.kind {
            case .word(let words):
                // The rule is not kept (the thresholds it sets are printed as thresholds).
                guard row.name != "swipe.rule", let other = words.first(where: { $0 != defaults.word(of: row) }) else { continue }
                value = "\"\(other)\""
            case .flag:
                // `swipe.diagonals` is the daemon's own `diagonals`, printed apart.
                value = (defaults.flag(of: row) ?? false) ? "false" : "true"
            case .recognizers:
                value = #"["tap", "swipe", "pan", "longPress"]"#
            case .recognizerPairs:
                value = row.name == "arena.apart" ? #"[["pan", "swipe"]]"# : #"[["tap", "longPress"]]"#
            case .sequences:
                value = #"[{name = "drawer", steps = [{touch = 1, edge = "bottom"}, {hold = 0.4}, {move = "up", distance = 15}]}]"#
            case .number:
                continue
            }
            let g = row.name.contains(".") ? String(row.name.prefix { $0 != "." }) : ""
            let key = g.isEmpty ? row.name : String(row.name.dropFirst(g.count + 1))
            // A swipe binding, a sequence's binding, and every recognizer enabled, so that the
            // recognizers these settings belong to run (a recognizer's settings are not printed
            // when it does not).
            let text = "[settings\(g.isEmpty ? "" : "." + g)]\n\(key) = \(value)\n"
                + "[[binding]]\ngesture = \"swipe\"\ndirection = \"left\"\ncommand = [\"x\"]\n"
                + "[[binding]]\ngesture = \"sequence\"\nname = \"drawer\"\n"
                + (row.kind == .sequences ? "" : "steps = [{touch = 1}, {hold = 0.4}]\n") + "command = [\"y\"]\n"
                // Every recognizer run, unless the row is the arena's own.
                + (g == "arena" ? "" : "[settings.arena]\nenabled = [" + RecognizerName.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + "]\n")
            let config = try DaemonConfig(text: text, file: "c.toml")
            // Without it, the settings differ (the sequences' binding needs them: it is refused).
            let without = try? DaemonConfig(text: text.replacingOccurrences(of: "\(key) = \(value)\n", with: ""), file: "d.toml")
            #expect(config.settings != without?.settings, "\(row.name) = \(value) changed nothing")
            let printed = config.printed(device: nil)
            let back = try DaemonConfig(text: printed, file: "printed.toml")
            #expect(back.settings == config.settings, "\(row.name):\n\(printed)")
            checked += 1
        }
        #expect(checked == GestureSettings.catalog.filter { $0.kind != .number }.count - 1)
    }

    @Test("the choices read back too: the swipe's and the pan's axis, the velocity strategy, the arena's lists (they were left out, and read back as the defaults)")
    func choicesRoundTrip() throws {
        let text = """
            [settings]
            velocityStrategy = "impulse"
            sequences = [{name = "drawer", steps = [{touch = 1, edge = "bottom", along = [0.25, 0.75]}, {hold = 0.4, tolerance = 2},
                                                    {move = "up", distance = "long", within = 0.5}, {lift = "all"}]},
                         {name = "two", steps = [{tap = 2, taps = 2}, {touch = 2}, {pinch = "out", distance = 10},
                                                 {rotate = "counterclockwise", angle = 30}, {move = "upLeft", distance = 7.5, fingers = "last"}, {lift = 1}]}]

            [settings.swipe]
            axis = "horizontal"

            [settings.pan]
            axis = "free"

            [settings.arena]
            enabled = ["tap", "swipe", "pan", "sequence"]
            together = [["tap", "pan"]]
            apart = [["swipe", "pan"]]
            waitsFor = [["tap", "swipe"]]

            [[binding]]
            gesture = "swipe"
            direction = "left"
            command = ["x"]

            """
        let config = try DaemonConfig(text: text, file: "c.toml")
        let printed = config.printed(device: nil)
        for line in [#"velocityStrategy = "impulse""#, "[settings.swipe]", #"axis = "horizontal""#, #"axis = "free""#,
                     #"enabled = ["tap", "swipe", "pan", "sequence"]"#, #"waitsFor = [["tap", "swipe"]]"#,
                     #"  {name = "drawer", steps = [{touch = 1, edge = "bottom", along = [0.25, 0.75]}, {hold = 0.4, tolerance = 2}, {move = "up", distance = "long", within = 0.5}, {lift = "all"}]},"#] {
            #expect(printed.contains(line + "\n"), "\(line)\n\(printed)")
        }
        let back = try DaemonConfig(text: printed, file: "printed.toml")
        #expect(back.settings == config.settings, "\(printed)")
        #expect(back.settings.sequences.map(\.name) == ["drawer", "two"] && back.settings.sequences == config.settings.sequences)
        #expect(config.settings.swipe.axis == .horizontal && config.settings.pan.axis == .free)
        #expect(config.settings.arena.recognizeTogether(.tap, with: .pan) && !config.settings.arena.recognizeTogether(.swipe, with: .pan))
        // With nothing chosen, nothing is written: the defaults read back as themselves.
        let plain = try DaemonConfig(text: "[[binding]]\ngesture = \"tap\"\ncommand = [\"y\"]\n", file: "p.toml")
        #expect(!plain.printed(device: nil).contains("axis"))
        #expect(!plain.printed(device: nil).contains("[settings.arena]"))
        #expect(try DaemonConfig(text: plain.printed(device: nil), file: "p2.toml").settings == plain.settings)
    }

    @Test("the printed file reads back with no warning: a recognizer the daemon does not run has none of its settings written (longPress.minDuration was, with no long press bound)")
    func printedFileReadsBackQuietly() throws {
        let longPress = try Scratch("[[binding]]\ngesture = \"longPress\"\nshell = \"z\"\n")
        let tap = try Scratch("[[binding]]\ngesture = \"tap\"\nshell = \"t\"\n")
        for args in [["-g", "1,DU,*,*,x"], ["-g", "2,LR,*,*,y"], ["-c", longPress.path], ["-c", tap.path, "-g", "1,DU,*,*,x"]] {
            let printed = try Daemon.run(["--print-config"] + args)
            #expect(printed.status == 0 && printed.err.isEmpty, "\(args): \(printed.err)")
            let file = try Scratch(printed.out)
            let back = try Daemon.run(["--check-config", "-c", file.path])
            #expect(back.status == 0, "\(args): \(back.err)")
            #expect(back.err.isEmpty, "\(args): \(back.err)\n\(printed.out)")
        }
    }

    @Test("a newline in the configuration's path or in a -g binding stays in its comment: the printed file reads back to the same bindings, none added")
    func commentsHoldNoLines() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("x\n[[binding]]\ngesture = \"tap\"\nshell = \"id\"\n#\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("config.toml").path
        try "[[binding]]\ngesture = \"swipe\"\ndirection = \"up\"\nshell = \"echo up\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        let printed = try Daemon.run(["--print-config", "-c", path, "-g", "1,DU,*,*,R,echo\nsecond line"])
        #expect(printed.status == 0, "\(printed.err)")
        #expect(printed.out.contains("\\n[[binding]]\\ngesture"), "\(printed.out)")
        let file = try Scratch(printed.out)
        let back = try Daemon.run(["--check-config", "-c", file.path])
        let given = try Daemon.run(["--check-config", "-c", path, "-g", "1,DU,*,*,R,echo\nsecond line"])
        #expect(back.status == 0 && given.status == 0, "\(back.err)\(given.err)")
        #expect(Self.bindings(back.out) == Self.bindings(given.out), "\(back.out)\n---\n\(given.out)")
        #expect(!back.out.contains("tap"), "\(back.out)")
    }

    @Test("-t with no device to measure it by is an input error that says how to name one")
    func pixelsNeedADevice() throws {
        // No -d, no --replay, and no touchscreen on a machine without /dev/input (or none found).
        guard !FileManager.default.fileExists(atPath: "/dev/input") else { return }
        let r = try Daemon.run(["--print-config", "-t", "125", "-g", "1,DU,B,*,R,x"])
        #expect(r.status == 1)
        #expect(r.out.isEmpty)
        #expect(r.err.contains("no touchscreen was found to make them millimeters: name one with -d PATH"), "\(r.err)")
        // Without -t or -T no device is needed.
        let plain = try Daemon.run(["--print-config", "-g", "1,DU,B,*,R,x"])
        #expect(plain.status == 0 && plain.out.contains("minDistance = 12  # millimeters\n"), "\(plain.out)\(plain.err)")
    }
}
