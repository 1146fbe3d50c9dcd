import Foundation
import Testing
import TouchGestures
import TouchTrace
import TouchTools
import TouchTestSupport
@testable import GestureBindings

/// The package root, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Runs the built `touch-gestured`, as a user (or a test of bindings) does.
enum Daemon {
    static var binary: URL? { builtProgram("touch-gestured") }

    static func run(_ args: [String], environment: [String: String] = [:]) throws -> ProgramRun {
        try runProgram(try #require(binary, "touch-gestured was not built beside the tests"), args, in: packageRoot,
                       environment: environment)
    }
}

/// A scratch file removed when the value is.
final class Scratch {
    let path: String
    init(_ text: String, suffix: String = ".toml") throws {
        path = NSTemporaryDirectory() + "touch-gestured-\(UUID().uuidString)\(suffix)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}

@Suite("touch-gestured --replay --dry-run: bindings tested on the golden traces")
struct DryRunTests {
    /// A configuration binding every swipe (each direction from each edge or from none, with 1
    /// to 4 fingers; corners written before sides), taps and double taps, and long presses, each
    /// to a command that names it.
    static let everything: String = {
        var text = ""
        for fingers in 1...4 {
            for d in SwipeDirection.allCases {
                // Corners before sides: a side's binding also takes the corners touching it.
                for edge in ["none", "topLeft", "topRight", "bottomLeft", "bottomRight", "left", "right", "top", "bottom"] {
                    text += "[[binding]]\ngesture = \"swipe\"\ndirection = \"\(d.rawValue)\"\nedge = \"\(edge)\"\nfingers = \(fingers)\ncommand = [\"swipe\", \"\(d.rawValue)\", \"\(edge)\", \"\(fingers)\"]\n"
                }
            }
            for taps in 1...2 {
                text += "[[binding]]\ngesture = \"tap\"\ntaps = \(taps)\nfingers = \(fingers)\ncommand = [\"tap\", \"\(taps)\", \"\(fingers)\"]\n"
            }
            text += "[[binding]]\ngesture = \"longPress\"\nfingers = \(fingers)\ncommand = [\"longPress\", \"\(fingers)\"]\n"
        }
        return text
    }()

    /// The traces whose expectations say every swipe, tap and long press they hold.
    static let traces: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("traces").path)) ?? []
        return names.filter {
            ($0.hasPrefix("diagonal-swipe-") || $0.hasPrefix("diagonal-boundary-") || $0.hasPrefix("edge-swipe-")
                || $0.hasPrefix("edge-zone-")) && $0.hasSuffix(".json")
        }.sorted() + ["swipe-four-finger-left.json", "tap-double.json", "long-press-two-fingers.json",
                      "long-press-held-still.json", "recorded-atmel-fast-taps.json"]
    }()

    /// The lines the trace's `expect` calls for, by the binding rules: one per swipe (its
    /// direction, its edge or `none`, its fingers), per tap, and per long press that began.
    static func expectedLines(_ name: String) throws -> [String] {
        let (trace, _) = try TraceReader.read(path: packageRoot.appendingPathComponent("traces").appendingPathComponent(name).path)
        var lines: [String] = []
        for e in trace.header.expect ?? [] {
            let fingers = e["fingers"]?.numberValue.map { Int($0) } ?? 1
            switch e["type"]?.stringValue {
            case "swipe":
                let edge = e["edge"]?.stringValue ?? "none"
                lines.append("swipe \(e["direction"]?.stringValue ?? "?") \(edge) \(fingers)")
            case "tap":
                lines.append("tap \(e["taps"]?.numberValue.map { Int($0) } ?? 1) \(fingers)")
            case "longPress" where e["phase"]?.stringValue == "began":
                lines.append("longPress \(fingers)")
            default:
                break
            }
        }
        return lines
    }

    @Test("each trace runs exactly the bindings its expectations name", arguments: traces)
    func goldenTrace(_ name: String) throws {
        let config = try Scratch(Self.everything)
        let r = try Daemon.run(["--replay", "traces/" + name, "--dry-run", "--config", config.path])
        #expect(r.status == 0, "\(r.err)")
        let expected = try Self.expectedLines(name)
        #expect(!expected.isEmpty)
        #expect(r.out == expected.map { $0 + "\n" }.joined(), "\(name)")
    }

    @Test("an evemu recording replays through the device decoder, with the bindings its recorded trace's expectations call for")
    func evemuRecordingReplays() throws {
        // tools/vmtest/data/atmel-fast-taps.events is what traces/recorded-atmel-fast-taps.json
        // was imported from: four double taps and a tap.
        let config = try Scratch(Self.everything)
        let r = try Daemon.run(["--replay", "tools/vmtest/data/atmel-fast-taps.events", "--dry-run", "--config", config.path])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == (try Self.expectedLines("recorded-atmel-fast-taps.json")).map { $0 + "\n" }.joined())
        let bad = try Scratch("N: no device here\n", suffix: ".events")
        let b = try Daemon.run(["--replay", bad.path, "--dry-run", "-g", "1,DU,*,*,R,x"])
        #expect(b.status == 1 && b.err.contains("reports no touch positions"), "\(b.err)")
    }

    @Test func lisgdFlagsWorkAsSxmoWritesThem() throws {
        let r = try Daemon.run(["--replay", "traces/diagonal-swipe-from-bottom-right-corner.json", "--dry-run",
                                "-t", "100", "-T", "60", "-m", "1800", "-r", "20", "-w", "720", "-h", "1440",
                                "-g", "1,DRUL,BR,*,setsid -f sxmo_hook_inputhandler.sh bottomrightcorner",
                                "-g", "1,DRUL,*,*,R,never: the first match wins"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == "setsid -f sxmo_hook_inputhandler.sh bottomrightcorner\n")
        // -t is honoured (100 units of this 5-units-a-millimeter panel: 20 mm); -r, -w, -h are not.
        #expect(r.err.contains("-r, -w, -h ignored"))
        let far = try Daemon.run(["--replay", "traces/diagonal-swipe-from-bottom-right-corner.json", "--dry-run",
                                  "-t", "1000", "-g", "1,DRUL,BR,*,corner"])
        #expect(far.status == 0 && far.out.isEmpty, "200 mm is longer than the swipe: \(far.out)")
    }

    @Test("only the recognizers of bound gestures run: with no long press bound, a slow swipe is a swipe and a held tap a tap (a long press nobody listened for took them)")
    func unboundRecognizersTakeNothing() throws {
        // A swipe right that rests 0.6 s before it moves, and a tap held 0.8 s.
        let trace = try Scratch(TraceWriter.document(try TraceSynth.trace(from: "device 800x480 res 5; drag from 200,240 to 400,240 in 0.2s hold 0.6s; tap at 400,240 hold 0.8s")),
                                suffix: ".json")
        let config = try Scratch("[[binding]]\ngesture = \"swipe\"\ndirection = \"right\"\ncommand = [\"right\"]\n[[binding]]\ngesture = \"tap\"\ncommand = [\"tap\"]\n")
        let ran = try Daemon.run(["--replay", trace.path, "--dry-run", "-c", config.path])
        #expect(ran.out == "right\ntap\n", "\(ran.out)\(ran.err)")
        // With a long press bound, it takes both, as a phone's would.
        let withPress = try Scratch("[[binding]]\ngesture = \"swipe\"\ndirection = \"right\"\ncommand = [\"right\"]\n[[binding]]\ngesture = \"tap\"\ncommand = [\"tap\"]\n[[binding]]\ngesture = \"longPress\"\ncommand = [\"press\"]\n")
        let pressed = try Daemon.run(["--replay", trace.path, "--dry-run", "-c", withPress.path])
        #expect(pressed.out == "press\npress\n", "\(pressed.out)\(pressed.err)")
        #expect(try DaemonConfig(text: try String(contentsOfFile: config.path, encoding: .utf8), file: "c").settings.arena.enabled
                == RecognizerSet([.tap, .swipe]))
    }

    @Test("--explain names what a double tap binding's near misses were: a press held a little short of a long press (dropped), and two taps past tap.maxGap (unnamed)")
    func explainNamesTheNearMissesOfTaps() throws {
        let trace = try Scratch(TraceWriter.document(try TraceSynth.trace(from: "device 800x480 res 5; tap at 400,240 hold 0.45s; pause 1s; tap at 400,240; gap 0.43s; tap at 400,240")),
                                suffix: ".json")
        let config = try Scratch("[[binding]]\ngesture = \"tap\"\ntaps = 2\ncommand = [\"dbl\"]\n[[binding]]\ngesture = \"longPress\"\ncommand = [\"lp\"]\n")
        let r = try Daemon.run(["--replay", trace.path, "--dry-run", "--explain", "-c", config.path])
        let lines = r.err.split(separator: "\n").map(String.init).filter { $0.hasPrefix("touch-gestured: explain") }
        #expect(lines.count == 3, "\(r.err)")
        #expect(lines.first?.hasSuffix("taps 1 ≠ 2; not a long press, 1 finger: released after 0.45 s < 0.50 s") == true, "\(lines)")
        #expect(lines.last?.hasSuffix("taps 1 ≠ 2; it went down 0.43 s after the tap before it lifted, past tap.maxGap 0.30 s: a tap of its own") == true, "\(lines)")
        // A tap long after the one before is a tap of its own, and nothing more is said of it.
        #expect(lines.count == 3 && lines[1].hasSuffix("taps 1 ≠ 2"), "\(lines)")
    }

    @Test("--explain says which repeating binding stepped, how many times, and why it stopped")
    func explainSaysTheSlide() throws {
        // 40 mm up along the right edge in 1 s; the binding steps every 6 mm (repeat-step).
        let trace = try Scratch(TraceWriter.document(try TraceSynth.trace(from: "device 800x480 res 5; drag from 798,400 to 798,200 in 1s")),
                                suffix: ".json")
        let r = try Daemon.run(["--replay", trace.path, "--dry-run", "--explain", "-g", "1,DU,R,*,P,vol-up", "-g", "1,UD,R,*,P,vol-down"])
        #expect(r.status == 0, "\(r.err)")
        let steps = r.out.split(separator: "\n").count
        #expect(steps >= 5 && r.out == String(repeating: "vol-up\n", count: steps), "\(r.out)")
        let lines = r.err.split(separator: "\n").map(String.init).filter { $0.hasPrefix("touch-gestured: explain") }
        #expect(lines.count == 1, "\(r.err)")
        let line = lines.first ?? ""
        #expect(line.contains(": slide up \(6 * steps) mm, 1 finger, from the right edge: -g #1 ran vol-up \(steps) times, every 6 mm; "
                              + "it stopped at 1.000 s: the fingers lifted "), "\(line)")
        // What is left past the last step is short of a step, and the steps and it make the 40 mm
        // less what moved before the first frame the binding counted from.
        let rest = Double(line.split(separator: "lifted ").last?.split(separator: " ").first ?? "") ?? -1
        #expect(rest >= 0 && rest < 6 && Double(6 * steps) + rest > 38 && Double(6 * steps) + rest <= 40, "\(line)")
    }

    @Test("--explain -v: each binding tried, in order, with the first reason it did not match, then the one that ran")
    func explainEveryBindingSaysWhy() throws {
        // A 30 mm swipe up from 0.4 mm above the bottom of a 160 × 96 mm panel, 80 mm from the left.
        let r = try Daemon.run(["--replay", "traces/edge-swipe-from-bottom.json", "--dry-run", "--explain", "-v",
                                "-g", "1,DU,L,*,left up", "-g", "2,DU,B,*,two up", "-g", "1,DU,B,L,long up bottom",
                                "-g", "1,DU,T,*,from top", "-g", "1,DU,B,*,up bottom", "-g", "1,LR,*,*,right"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == "up bottom\n")
        let lines = r.err.split(separator: "\n").map(String.init).filter { $0.hasPrefix("touch-gestured: explain") }
        #expect(lines == [
            "touch-gestured: explain 0.200 s: swipe up 30 mm, 1 finger, from the bottom edge",
            "touch-gestured: explain   -g #1: edge bottom ≠ left: started 80 mm from the left > 5 mm",
            "touch-gestured: explain   -g #2: fingers 1 ≠ 2",
            "touch-gestured: explain   -g #3: distance 30 mm < long: 64 mm of 96 mm",
            "touch-gestured: explain   -g #4: edge bottom ≠ top: started 95.6 mm from the top > 5 mm",
            "touch-gestured: explain   -g #5: runs up bottom",
        ])
        // Nothing bound: every binding with its reason, and that none ran.
        let none = try Daemon.run(["--replay", "traces/edge-swipe-from-bottom.json", "--dry-run", "--explain", "-v", "-g", "1,LR,*,*,right"])
        #expect(none.out.isEmpty)
        #expect(none.err.contains("-g #1: direction up ≠ right") && none.err.hasSuffix("explain   no binding ran\n"), "\(none.err)")
    }

    @Test("--explain: one line per touch, the binding that ran and not those passed over")
    func explainSaysTheBindingThatRan() throws {
        let r = try Daemon.run(["--replay", "traces/edge-swipe-from-bottom.json", "--dry-run", "--explain",
                                "-g", "1,DU,L,*,left up", "-g", "2,DU,B,*,two up", "-g", "1,DU,B,*,up bottom"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == "up bottom\n")
        #expect(r.err == "touch-gestured: explain 0.200 s: swipe up 30 mm, 1 finger, from the bottom edge: -g #3 runs up bottom\n", "\(r.err)")
        // None ran: the binding that passed the most tests, and the one it failed.
        let none = try Daemon.run(["--replay", "traces/edge-swipe-from-bottom.json", "--dry-run", "--explain",
                                   "-g", "1,LR,*,*,right", "-g", "1,DU,B,L,long up", "-g", "2,DU,B,*,two up"])
        #expect(none.out.isEmpty)
        #expect(none.err == "touch-gestured: explain 0.200 s: swipe up 30 mm, 1 finger, from the bottom edge: no binding took it; nearest -g #2: distance 30 mm < long: 64 mm of 96 mm\n", "\(none.err)")
        // A tap where only 2-finger taps are bound, or no tap at all: one line, not one per binding.
        let taps = try Scratch("[[binding]]\ngesture = \"tap\"\nfingers = 2\ncommand = [\"t\"]\n[[binding]]\ngesture = \"swipe\"\ncommand = [\"s\"]\n")
        let tap = try Daemon.run(["--replay", "traces/tap-single-selects-row.json", "--dry-run", "--explain", "-c", taps.path])
        #expect(tap.err == "touch-gestured: explain 0.080 s: tap, 1 finger: no binding for 1-finger taps\n", "\(tap.err)")
        let swipes = try Daemon.run(["--replay", "traces/tap-single-selects-row.json", "--dry-run", "--explain",
                                     "-g", "1,DU,B,*,a", "-g", "1,LR,*,*,b", "-g", "2,RL,*,*,c"])
        // With no tap bound, no tap recognizer runs (nothing it took could run): the touch is
        // said as a touch, beside what the bindings wait for.
        #expect(swipes.err == "touch-gestured: explain 0.080 s: touch with 1 finger: no gesture a binding waits for (swipes)\n", "\(swipes.err)")
    }

    /// A touch that no recognizer took: the gesture a binding waits for that it came nearest,
    /// and the limit it missed, in the user's units (lisgd's -t said as given).
    @Test func explainSaysANearMiss() throws {
        // 11.5 mm up from 0.4 mm above the bottom of a PinePhone-like panel (10.6 px/mm), in 0.1 s.
        var events = [#"{"t": 0, "id": 0, "phase": "down", "x": 360, "y": 1436}"#]
        for k in 1...12 { events.append(#"{"t": \#(Double(k) * 0.008), "id": 0, "phase": "move", "x": 360, "y": \#(1436 - 121.9 * Double(k) / 12)}"#) }
        events.append(#"{"t": 0.104, "id": 0, "phase": "up", "x": 360, "y": 1314.1}"#)
        let trace = try Scratch(#"{"format": "touch-trace", "version": 1, "device": {"width": 720, "height": 1440, "resolution": {"x": 10.6, "y": 10.6}}, "events": ["#
                                + events.joined(separator: ", ") + "]}", suffix: ".json")
        let r = try Daemon.run(["--replay", trace.path, "--dry-run", "--explain", "-t", "125", "-g", "1,DU,B,*,R,up"])
        #expect(r.status == 0 && r.out.isEmpty, "\(r.err)")
        // 125 px / 10.6 px/mm = 11.79 mm.
        #expect(r.err == "touch-gestured: explain 0.104 s: not a swipe up from the bottom edge, 1 finger: distance 11.5 mm < 11.8 mm (-t 125 px at 10.6 px/mm)\n", "\(r.err)")
        // Without -t the limit is the default 12 mm, and no note.
        let plain = try Daemon.run(["--replay", trace.path, "--dry-run", "--explain", "-g", "1,DU,B,*,R,up"])
        #expect(plain.err.hasSuffix("distance 11.5 mm < 12.0 mm\n"), "\(plain.err)")
        // -t 120 (11.3 mm): the same stroke runs the binding, and says so.
        let runs = try Daemon.run(["--replay", trace.path, "--dry-run", "--explain", "-t", "120", "-g", "1,DU,B,*,R,up"])
        #expect(runs.out == "up\n" && runs.err.contains(": -g #1 runs up"), "\(runs.err)")

        // Held 0.45 s without moving where only a long press is bound: the long press it missed
        // (no tap recognizer runs, as no tap is bound).
        let hold = try Scratch(#"{"format": "touch-trace", "version": 1, "device": {"width": 800, "height": 480, "resolution": {"x": 5, "y": 5}}, "events": ["#
                               + #"{"t": 0, "id": 0, "phase": "down", "x": 400, "y": 240}, {"t": 0.45, "id": 0, "phase": "up", "x": 400, "y": 240}]}"#,
                               suffix: ".json")
        let press = try Scratch("[[binding]]\ngesture = \"longPress\"\ncommand = [\"menu\"]\n")
        let early = try Daemon.run(["--replay", hold.path, "--dry-run", "--explain", "-c", press.path])
        #expect(early.status == 0 && early.out.isEmpty, "\(early.err)")
        #expect(early.err == "touch-gestured: explain 0.450 s: not a long press, 1 finger: released after 0.45 s < 0.50 s\n", "\(early.err)")
        // --log is not changed by --explain: the reasons are not gestures.
        let logged = try Daemon.run(["--replay", hold.path, "--dry-run", "--explain", "--log", "-c", press.path])
        #expect(!logged.err.contains("\"failed\""), "\(logged.err)")
    }

    @Test func orientationTurnsTheGestures() throws {
        // lisgd: "using 1, a L-R gesture would become a U-D gesture".
        let bind = ["-g", "1,UD,*,*,R,down", "-g", "1,LR,*,*,R,right"]
        let plain = try Daemon.run(["--replay", "traces/edge-swipe-started-outside-zone.json", "--dry-run"] + bind)
        #expect(plain.out == "right\n")
        let turned = try Daemon.run(["--replay", "traces/edge-swipe-started-outside-zone.json", "--dry-run", "-o", "1"] + bind)
        #expect(turned.out == "down\n", "\(turned.err)")
        let same = try Daemon.run(["--replay", "traces/edge-swipe-started-outside-zone.json", "--dry-run", "--rotate", "90"] + bind)
        #expect(same.out == "down\n")
    }

    @Test func aPinchIsNotAOneFingerSwipe() throws {
        // lisgd reports a pinch as a one-finger swipe; here it runs the pinch binding only.
        let config = try Scratch(Self.everything + "[[binding]]\ngesture = \"pinch\"\ndirection = \"in\"\ncommand = [\"pinch\", \"in\"]\n")
        let r = try Daemon.run(["--replay", "traces/pinch-in.json", "--dry-run", "--config", config.path])
        #expect(r.out == "pinch in\n", "\(r.err)")
    }

    @Test func theLogGoesToStandardErrorInADryRun() throws {
        let r = try Daemon.run(["--replay", "traces/edge-swipe-from-bottom.json", "--dry-run", "--log", "-g", "1,DU,B,*,R,up"])
        #expect(r.out == "up\n")
        #expect(r.err.contains("{\"t\": ") && r.err.contains("\"type\": \"swipe\""))
    }

    @Test func withoutDryRunTheCommandsRunAndTheirFailuresAreLogged() throws {
        let marker = NSTemporaryDirectory() + "touch-gestured-ran-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: marker) }
        let config = try Scratch("""
            [[binding]]
            gesture = "swipe"
            direction = "up"
            command = ["touch", "\(marker)"]
            [[binding]]
            gesture = "swipe"
            command = ["sh", "-c", "echo complaint >&2; exit 3"]
            """)
        let r = try Daemon.run(["--replay", "traces/edge-swipe-from-bottom.json", "--config", config.path])
        #expect(r.status == 0, "\(r.err)")
        #expect(FileManager.default.fileExists(atPath: marker))
        let other = try Daemon.run(["--replay", "traces/edge-swipe-from-left.json", "--config", config.path])
        #expect(other.err.contains("sh -c echo complaint >&2; exit 3: complaint"), "\(other.err)")
        #expect(other.err.contains("exited with status 3"), "\(other.err)")
        // What a command said comes before how it ended, as it happened.
        let said = try #require(other.err.range(of: "complaint\n")), ended = try #require(other.err.range(of: "exited with status"))
        #expect(said.upperBound <= ended.lowerBound, "\(other.err)")
    }

    @Test("a command's standard error is read to its end, and one left in the background is not waited for")
    func standardErrorOfACommandThatLeftAProcessBehind() throws {
        // The background process holds the pipe for 1 s more (its standard output goes nowhere,
        // so that the test's own pipe is not held either); the daemon logs the line the command
        // wrote and the exit status, and ends without waiting for that process.
        let r = try Daemon.run(["--replay", "traces/edge-swipe-from-left.json", "-g",
                                "1,LR,*,*,R,echo before >&2; (sleep 1; echo after >&2) > /dev/null & echo gone >&2; exit 4"])
        #expect(r.status == 0, "\(r.err)")
        let said = try #require(r.err.range(of: ": gone\n"), "\(r.err)")
        let ended = try #require(r.err.range(of: "exited with status 4"), "\(r.err)")
        #expect(r.err.contains(": before\n") && said.upperBound <= ended.lowerBound, "\(r.err)")
        #expect(!r.err.contains(": after\n"), "\(r.err)")
    }

    @Test("a slow command does not hold back the next gesture's")
    func slowCommandsDoNotBlock() throws {
        // Two swipes: the first runs a command that takes a second, the second one that is quick.
        // The quick one's file is there before the slow one's: it did not wait.
        let dir = NSTemporaryDirectory() + "touch-gestured-slow-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let trace = try Scratch("", suffix: ".json")
        let synth = try runProgram(try #require(builtProgram("touchtrace")),
                                   ["synth", "-e", "swipe up 40mm at 400,400; swipe down 40mm at 400,100", trace.path], in: packageRoot)
        try #require(synth.status == 0)
        let r = try Daemon.run(["--replay", trace.path, "-g", "1,DU,*,*,R,sleep 1; echo slow >> \(dir)/order",
                                "-g", "1,UD,*,*,R,echo quick >> \(dir)/order"])
        #expect(r.status == 0, "\(r.err)")
        // Each command writes its name when it ends. Had the first blocked the second, slow
        // would come first.
        let order = try String(contentsOfFile: dir + "/order", encoding: .utf8).split(separator: "\n")
        #expect(order == ["quick", "slow"])
    }

    @Test func aBrokenConfigurationStartsNothingAndSaysWhere() throws {
        let config = try Scratch("[[binding]]\ngesture = \"swipe\"\ndirection = \"sideways\"\ncommand = [\"x\"]\n")
        let r = try Daemon.run(["--config", config.path])
        #expect(r.status == 2)
        #expect(r.err.contains("\(config.path):3:13: error: `direction` must be a swipe direction"), "\(r.err)")
        #expect(r.err.contains("nothing was started"))
        #expect(r.out.isEmpty)
    }

    @Test func noBindingsAtAllIsAUsageError() throws {
        let r = try Daemon.run(["--replay", "traces/tap-double.json", "--dry-run"], environment: ["XDG_CONFIG_HOME": "/nonexistent", "HOME": "/nonexistent"])
        #expect(r.status == 2)
        #expect(r.err.contains("no bindings"), "\(r.err)")
    }

    @Test func checkConfigListsTheBindings() throws {
        let r = try Daemon.run(["--check-config", "-c", "docs/touch-gestured.example.toml", "-g", "3,LR,N,L,R,echo far"])
        #expect(r.status == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n")
        #expect(lines.first == "swipe up, 1 finger, from the bottom edge → run sxmo_appmenu.sh (docs/touch-gestured.example.toml:27)")
        #expect(lines.last == "swipe right, 3 fingers, not from an edge, long → sh -c echo far (-g #1)")
    }

    @Test func optionsReadAsGetoptReadsThem() throws {
        // lisgd's getopt takes -gVALUE as well as -g VALUE; long options take --name=VALUE.
        let r = try Daemon.run(["--replay=traces/edge-swipe-from-bottom.json", "--dry-run", "-g1,DU,B,*,R,attached"])
        #expect(r.out == "attached\n", "\(r.err)")
    }

    @Test(arguments: [
        (["--frobnicate"], "touch-gestured: unknown option '--frobnicate' (see --help)\n"),
        (["-g"], "touch-gestured: -g needs a value\n"),
        (["--rotate", "45", "-g", "1,DU,*,*,R,x"], "touch-gestured: --rotate must be 0, 90, 180 or 270, found 45\n"),
        (["-o", "1", "--rotate", "90"], "touch-gestured: give --rotate or -o, not both\n"),
        (["-t", "many"], "touch-gestured: -t needs a number above 0, found 'many'\n"),
        (["stray"], "touch-gestured: unexpected argument 'stray': bindings are given with -g or in a configuration file (see --help)\n"),
        (["--dry-run=yes"], "touch-gestured: --dry-run takes no value\n"),
        (["--read-interval=-5", "-g", "1,DU,*,*,R,x"], "touch-gestured: --read-interval must be 0 to 1000 milliseconds, found -5\n"),
    ])
    func usageErrorsExit2AndSayWhat(_ args: [String], _ message: String) throws {
        let r = try Daemon.run(args)
        #expect(r.status == 2)
        #expect(r.err == message)
        #expect(r.out.isEmpty)
    }

    @Test func helpDescribesEveryOption() throws {
        let r = try Daemon.run(["--help"])
        #expect(r.status == 0)
        for option in ["--config", "-g <binding>", "--device", "--grab", "--rotate", "--rotation-file", "--read-interval <ms>",
                       "--replay", "--dry-run", "--log", "--verbose", "--check-config", "--version", "-o <n>", "-m <ms>"] {
            #expect(r.out.contains(option), "\(option)")
        }
    }

    @Test func versionIsThePackagesVersion() throws {
        let r = try Daemon.run(["--version"])
        #expect(r.out == touchGesturesVersion + "\n")
    }
}

/// How a command starts: the daemon blocks its signals (it reads them from a signalfd) and may
/// have been started with some ignored (`nohup` ignores SIGHUP); a command starts with none
/// blocked and none ignored, /dev/null as its input, and a program that cannot be run is said.
@Suite("touch-gestured: how a command starts")
struct CommandStartTests {
    /// A configuration whose one binding, a swipe up with `extra`, streams its lines into the
    /// file `read`.
    static func streamToFile(_ read: String, _ extra: String) throws -> Scratch {
        try Scratch("[[binding]]\ngesture = \"swipe\"\ndirection = \"up\"\n\(extra)\nstream = true\ncommand = [\"sh\", \"-c\", \"cat > '\(read)'\"]\n")
    }

    @Test("started with standard input and error closed (OpenRC, cron, `cmd <&- 2>&-`): the replay ends, and a stream's reader reads its lines")
    func closedStandardDescriptors() throws {
        let daemon = try #require(Daemon.binary)
        let dir = TempDir()
        let read = dir.path("read")
        let config = try Self.streamToFile(read, "edge = \"bottom\"")
        // The first pipe took descriptor 0 or 2: the replay's explanations went into the
        // command's pipe and were read back forever, and the reader's standard input was closed.
        let r = try runProgram(URL(fileURLWithPath: "/usr/bin/timeout"),
                               ["20", "sh", "-c", "exec \"$0\" --replay traces/edge-swipe-from-bottom.json --explain -c \"$1\" <&- 2>&-",
                                daemon.path, config.path], in: packageRoot)
        #expect(r.status == 0, "exit \(r.status) (124: it did not end)")
        let lines = (try? String(contentsOfFile: read, encoding: .utf8))?.split(separator: "\n") ?? []
        #expect(lines.first?.hasPrefix("begin") == true, "\(lines)")
        #expect(lines.last?.hasPrefix("commit") == true, "\(lines)")
    }

    @Test("--replay - signalled mid-stream (SIGTERM, SIGHUP): the stream's reader gets its last line, cancel, as when the live daemon exits", arguments: [SIGTERM, SIGHUP])
    func signalledStreamCancels(signal: Int32) throws {
        let daemon = try #require(Daemon.binary)
        let dir = TempDir()
        let read = dir.path("read")
        let config = try Self.streamToFile(read, "distance = 40")
        // A finger that goes down and slides up 20 mm at 5 units a mm, and is still down when the
        // signal comes: the stream has begun and not ended.
        var lines = [#"{"format": "touch-trace", "version": 1, "encoding": "lines", "device": {"width": 800, "height": 480, "resolution": {"x": 5, "y": 5}}}"#]
        lines.append(#"{"t": 0, "id": 0, "phase": "down", "x": 400, "y": 400}"#)
        for k in 1...10 { lines.append(#"{"t": \#(Double(k) * 0.01), "id": 0, "phase": "move", "x": 400, "y": \#(400 - 10 * k)}"#) }
        let p = Process()
        p.executableURL = daemon
        p.arguments = ["--replay", "-", "-c", config.path]
        p.currentDirectoryURL = packageRoot
        let input = Pipe()
        p.standardInput = input
        let errPath = dir.path("err")
        FileManager.default.createFile(atPath: errPath, contents: nil)
        p.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        try p.run()
        input.fileHandleForWriting.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        // The pipe stays open, as a live feed's does; the reader has its begin line once the
        // frames ran.
        var began = false
        for _ in 0..<200 where !began {
            usleep(50_000)
            began = ((try? String(contentsOfFile: read, encoding: .utf8)) ?? "").hasPrefix("begin")
        }
        #expect(began, "the stream did not begin")
        kill(p.processIdentifier, signal)
        var waited = 0
        while p.isRunning, waited < 200 { usleep(50_000); waited += 1 }
        #expect(!p.isRunning, "the replay did not end")
        if p.isRunning { p.terminate() }
        try? input.fileHandleForWriting.close()
        let got = ((try? String(contentsOfFile: read, encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(got.last?.hasPrefix("cancel") == true, "\(got) \((try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")")
    }

    @Test("a replay raises its own soft limit of open files to what 64 running commands need, and its commands get the limit it was given; under a hard limit too low, it says so")
    func descriptorLimit() throws {
        let daemon = try #require(Daemon.binary)
        let probe = "1,LR,*,*,grep 'open files' /proc/self/limits >&2; grep 'open files' /proc/$PPID/limits >&2"
        let soft = try runProgram(URL(fileURLWithPath: "/bin/sh"),
                                  ["-c", "ulimit -Sn 100 && exec \"$0\" --replay traces/swipe-right-normal.json -g \"$1\"", daemon.path, probe], in: packageRoot)
        #expect(soft.status == 0, "\(soft.err)")
        // The command's own, then the daemon's: the soft limit is the first word after the name.
        let limits = soft.err.split(separator: "\n").compactMap { line in
            line.range(of: "Max open files").map { line[$0.upperBound...].split(separator: " ").first.map(String.init) ?? "" }
        }
        #expect(limits == ["100", "480"], "\(soft.err)")
        #expect(!soft.err.contains("warning"), "\(soft.err)")
        let hard = try runProgram(URL(fileURLWithPath: "/bin/sh"),
                                  ["-c", "ulimit -n 100 && exec \"$0\" --replay traces/swipe-right-normal.json -g '1,LR,*,*,true'", daemon.path], in: packageRoot)
        #expect(hard.status == 0)
        #expect(hard.err.contains("warning: the limit of open files is 100 (ulimit -n), and 64 commands running at once may need 480"), "\(hard.err)")
    }

    @Test("none blocked, none ignored, even under nohup; stdin is /dev/null; a missing program is named with the reason")
    func commandsStartClean() throws {
        let nohup = "/usr/bin/nohup"
        try #require(FileManager.default.isExecutableFile(atPath: nohup))
        let daemon = try #require(Daemon.binary)
        let r = try runProgram(URL(fileURLWithPath: nohup), [daemon.path, "--replay", "traces/edge-swipe-from-bottom.json",
            "-g", #"1,DU,B,*,R,grep -E "^Sig(Blk|Ign)" /proc/self/status >&2; readlink /proc/self/fd/0 >&2"#], in: packageRoot)
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains("SigBlk:\t0000000000000000"), "\(r.err)")
        // Signals 32 and 33 are the C library's own (thread cancellation, set*id); glibc leaves
        // them ignored in every process it starts, and they cannot be changed: the others,
        // SIGHUP under nohup among them, must be at their default.
        let ignored = try #require(r.err.split(separator: "\n").first { $0.contains("SigIgn:") }?.split(separator: "\t").last
            .flatMap { UInt64($0, radix: 16) })
        #expect(ignored & ~UInt64(0x1_8000_0000) == 0, "\(String(ignored, radix: 16))")
        #expect(r.err.contains("/dev/null"), "\(r.err)")
        let config = try Scratch("[[binding]]\ngesture = \"swipe\"\ndirection = \"up\"\ncommand = [\"/nonexistent/program\", \"x\"]\n")
        let missing = try Daemon.run(["--replay", "traces/edge-swipe-from-bottom.json", "-c", config.path])
        #expect(missing.status == 0)
        #expect(missing.err.contains("cannot run /nonexistent/program x: No such file or directory"), "\(missing.err)")
    }

    /// A lisgd command line of plain words starts its program without the shell (the daemon
    /// itself says it cannot be started); one with quoting goes through `/bin/sh -c` (the shell
    /// says so, and exits 127).
    @Test func plainLinesStartWithoutTheShell() throws {
        let trace = "traces/edge-swipe-from-bottom.json"
        let plain = try Daemon.run(["--replay", trace, "-g", "1,DU,B,*,R,/nonexistent/program x --level=5"])
        #expect(plain.status == 0)
        #expect(plain.err.contains("cannot run /nonexistent/program x --level=5: No such file or directory"), "\(plain.err)")
        let quoted = try Daemon.run(["--replay", trace, "-g", "1,DU,B,*,R,/nonexistent/program 'x'"])
        #expect(quoted.status == 0)
        #expect(!quoted.err.contains("cannot run") && quoted.err.contains("127"), "\(quoted.err)")
    }

    /// A plain line finds what `sh -c` would find and sees the `PWD` the shell would export:
    /// with `PATH` unset (dash then searches its own default, with the sbin folders), and with
    /// `PWD` stale or missing.
    /// Edge zones wider than half the screen (`-s 19`: 95 mm on a 96 mm tall panel) overlap: a
    /// swipe from 2 mm above the bottom is the bottom edge's, and --explain says why the top
    /// binding did not take it in words that are true (it said "2 mm from the bottom > 95 mm").
    @Test func overlappingEdgeZones() throws {
        let golden = try String(contentsOf: packageRoot.appendingPathComponent("traces/edge-swipe-from-bottom.json"), encoding: .utf8)
        var json = try JSONValue.parse(Array(golden.utf8), name: "golden")
        guard case .object(var root) = json, case .array(let events)? = root["events"] else { Issue.record("not a trace"); return }
        root["events"] = .array(events.map { e in
            guard case .object(var o) = e, let y = o["y"]?.numberValue else { return e }
            o["y"] = .number(y - 8)   // starts at y 470 of 480: 2 mm from the bottom, 94 mm from the top
            return .object(o)
        })
        root["expect"] = nil
        json = .object(root)
        let trace = try Scratch(json.serialized(), suffix: ".json")
        let r = try Daemon.run(["--replay", trace.path, "--dry-run", "--explain", "-v", "-s", "19", "-g", "1,DU,T,*,R,top", "-g", "1,DU,B,*,R,bottom"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == "bottom\n", "\(r.out)")
        #expect(r.err.contains("edge bottomLeft ≠ top: started 94 mm from the top, inside its 95 mm zone too; the zones overlap"), "\(r.err)")
        #expect(!r.err.contains("> 95 mm"), "\(r.err)")
    }

    /// `--replay -` reads standard input, a trace or an evemu recording, and runs what the
    /// same file runs (it was refused: "-: cannot open").
    @Test func replayReadsStandardInput() throws {
        let daemon = try #require(Daemon.binary)
        let config = try Scratch("[[binding]]\ngesture = \"tap\"\nshell = \"echo tap\"\n[[binding]]\ngesture = \"swipe\"\nshell = \"echo swipe\"\n")
        for file in ["traces/edge-swipe-from-bottom.json", "traces/lines-swipe-left.jsonl", "tools/vmtest/data/atmel-fast-taps.events"] {
            let fromFile = try Daemon.run(["--replay", file, "--dry-run", "-c", config.path])
            let data = try Data(contentsOf: packageRoot.appendingPathComponent(file))
            let fromPipe = try runProgram(daemon, ["--replay", "-", "--dry-run", "-c", config.path], in: packageRoot, input: data)
            #expect(fromPipe.status == 0, "\(file): \(fromPipe.err)")
            #expect(!fromFile.out.isEmpty && fromPipe.out == fromFile.out, "\(file): \(fromPipe.out) against \(fromFile.out)")
        }
        let broken = try runProgram(daemon, ["--replay", "-", "--dry-run", "-c", config.path], in: packageRoot, input: Data("{".utf8))
        #expect(broken.status != 0 && broken.err.contains("<stdin>:"), "\(broken.err)")
    }

    /// --check-config says how each command starts: a plain line runs without the shell, as
    /// the daemon really starts it (it said "sh -c" for every lisgd line), unless PATH is unset.
    @Test func checkConfigSaysHowCommandsStart() throws {
        let args = ["--check-config", "-g", "1,DU,B,*,R,setsid -f sxmo_hook_inputhandler.sh x", "-g", "1,UD,T,*,R,echo 'quoted'"]
        let r = try Daemon.run(args)
        #expect(r.out == "swipe up, 1 finger, from the bottom edge → run setsid -f sxmo_hook_inputhandler.sh x (-g #1)\n"
                + "swipe down, 1 finger, from the top edge → sh -c echo 'quoted' (-g #2)\n", "\(r.out)")
        let noPath = try runProgram(URL(fileURLWithPath: "/usr/bin/env"), ["-u", "PATH", try #require(Daemon.binary).path] + args, in: packageRoot)
        #expect(noPath.out.hasPrefix("swipe up, 1 finger, from the bottom edge → sh -c setsid -f"), "\(noPath.out)")
    }

    /// The man page's CONFIGURATION section names every key the configuration reader takes
    /// (it left out `action` and `[input] history`): the binding keys from the reader's own
    /// list, the [settings] and [input] keys from the cases it reads them by.
    @Test func manPageNamesEveryConfigurationKey() throws {
        let man = try String(contentsOf: packageRoot.appendingPathComponent("dist/touch-gestured.1"), encoding: .utf8)
        let section = try #require(man.components(separatedBy: ".Sh CONFIGURATION").last?.components(separatedBy: ".Sh ").first)
        let reader = try String(contentsOf: packageRoot.appendingPathComponent("Sources/GestureBindings/DaemonConfig.swift"), encoding: .utf8)
        var keys = DaemonConfig.bindingKeys
        for m in reader.matches(of: /case "([a-z][a-z-]*)":/) where !["any", "none", "release", "repeat"].contains(String(m.1)) {
            keys.append(String(m.1))
        }
        #expect(keys.count >= 20, "\(keys)")
        // The tables of the recognizers' thresholds, each by name.
        for group in DaemonConfig.settingGroups { keys.append("[settings.\(group)]") }
        for key in keys {
            #expect(section.contains(".Cm \(key)") || section.contains(", \(key)") || section.contains(" \(key) ,") || section.contains(" \(key)\n"),
                    "man touch-gestured's CONFIGURATION does not name `\(key)`")
        }
    }

    /// lisgd's -h is the screen's height: alone, it says where help is.
    @Test func lisgdHeightWithoutAValuePointsToHelp() throws {
        let r = try Daemon.run(["-h"])
        #expect(r.status == 2)
        #expect(r.err.contains("-h needs a value") && r.err.contains("--help for help"), "\(r.err)")
        #expect(try Daemon.run(["--help"]).status == 0)
    }

    @Test func plainLinesSeeTheShellsEnvironment() throws {
        let daemon = try #require(Daemon.binary)
        let trace = "traces/edge-swipe-from-bottom.json"
        let noPath = try runProgram(URL(fileURLWithPath: "/usr/bin/env"),
                                    ["-u", "PATH", daemon.path, "--replay", trace, "-g", "1,DU,B,*,R,ldconfig --version"], in: packageRoot)
        #expect(noPath.status == 0)
        #expect(!noPath.err.contains("cannot run"), "\(noPath.err)")
        let shell = try runProgram(URL(fileURLWithPath: "/usr/bin/env"), ["-u", "PATH", "/bin/sh", "-c", "ldconfig --version"], in: packageRoot)
        #expect(!shell.out.isEmpty && noPath.out == shell.out, "\(noPath.out) against \(shell.out)")
        let real = packageRoot.resolvingSymlinksInPath().path
        for env in [["PWD=/nonexistent"], ["-u", "PWD"], ["PWD=/"]] {
            let r = try runProgram(URL(fileURLWithPath: "/usr/bin/env"),
                                   env + [daemon.path, "--replay", trace, "-g", "1,DU,B,*,R,printenv PWD"], in: packageRoot)
            #expect(r.status == 0, "\(env): \(r.err)")
            #expect(r.out == real + "\n", "\(env): \(r.out) \(r.err)")
        }
    }
}

/// `--replay -` streams standard input, as `touchtrace replay -` does (it read all of it first).
@Suite("touch-gestured --replay - streams")
struct ReplayStandardInputTests {
    @Test("a command runs while the pipe is still open (none ran until it closed), and /dev/zero is refused at its first byte (it grew to 3 GB)")
    func streamsAndRefusesAtOnce() throws {
        let binary = try #require(Daemon.binary)
        let p = Process()
        p.executableURL = binary
        p.arguments = ["--replay", "-", "--dry-run", "-g", "1,LR,*,*,R,echo right"]
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        p.standardError = FileHandle.nullDevice
        try p.run()
        // A swipe right, then a touch at a later time (which ends the swipe's last frame); the
        // pipe stays open.
        var lines = [#"{"format": "touch-trace", "version": 1, "encoding": "lines", "device": {"width": 800, "height": 480, "resolution": {"x": 5, "y": 5}}}"#,
                     #"{"t": 0, "id": 0, "phase": "down", "x": 200, "y": 240}"#]
        for k in 1...12 { lines.append(#"{"t": \#(Double(k) * 0.01), "id": 0, "phase": "move", "x": \#(200 + 20 * k), "y": 240}"#) }
        lines.append(#"{"t": 0.13, "id": 0, "phase": "up", "x": 440, "y": 240}"#)
        lines.append(#"{"t": 5, "id": 1, "phase": "down", "x": 10, "y": 10}"#)
        input.fileHandleForWriting.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        // The command's line comes while standard input is open.
        nonisolated(unsafe) var got = Data()
        let seen = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            while true {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { return }
                got.append(chunk)
                if got.contains(0x0A) { seen.signal(); return }
            }
        }
        let inTime = seen.wait(timeout: .now() + 20) == .success
        try input.fileHandleForWriting.close()
        p.waitUntilExit()
        #expect(inTime, "no command while the pipe was open")
        #expect(String(decoding: got, as: UTF8.self).hasPrefix("echo right\n"))
        #expect(p.terminationStatus == 0)
        // /dev/zero: refused at once, as not a trace.
        let zero = Process()
        zero.executableURL = binary
        zero.arguments = ["--replay", "-", "--dry-run", "-g", "1,LR,*,*,R,x"]
        zero.standardInput = FileHandle(forReadingAtPath: "/dev/zero")
        let err = Pipe()
        zero.standardError = err
        zero.standardOutput = FileHandle.nullDevice
        try zero.run()
        zero.waitUntilExit()
        #expect(zero.terminationStatus == 1, "an input error is 1 (touch-gestured(1), EXIT STATUS)")
        #expect(String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).contains("<stdin>:1:1: error"))
    }
}
