import Foundation
import Testing
import TouchTestSupport

/// Streaming bindings through the built daemon: what `--dry-run` prints, and the two examples in
/// dist/examples run as a user runs them, against stand-ins for brightnessctl and wpctl that
/// write down what they are asked.
@Suite("touch-gestured's streaming bindings, run")
struct StreamDaemonTests {
    /// A folder of stand-in programs, removed with the value.
    final class FakeTools {
        let dir: String
        init(_ tools: [String: String]) throws {
            dir = NSTemporaryDirectory() + "touch-gestured-fakes-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            for (name, body) in tools {
                let path = dir + "/" + name
                try ("#!/bin/sh\n" + body).write(toFile: path, atomically: true, encoding: .utf8)
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
            }
        }
        var log: [String] {
            ((try? String(contentsOfFile: dir + "/log", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
        var environment: [String: String] {
            ["PATH": dir + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"), "FAKE_LOG": dir + "/log"]
        }
        deinit { try? FileManager.default.removeItem(atPath: dir) }
    }

    /// The stream's lines `--dry-run` prints for `config` over `trace`: the command, then each
    /// line after `  | `.
    static func dryRun(_ config: String, _ trace: String) throws -> [String] {
        let file = try Scratch(config)
        let r = try Daemon.run(["-c", file.path, "--replay", trace, "--dry-run"])
        #expect(r.status == 0, "\(r.err)")
        return r.out.split(separator: "\n").map(String.init)
    }

    @Test("--dry-run prints the command once, then the lines it reads: begin, updates, commit")
    func dryRunPrintsTheLines() throws {
        let out = try Self.dryRun("""
            [[binding]]
            gesture = "swipe"
            direction = "up"
            edge = "bottom"
            distance = 20
            stream = true
            command = ["drawer"]
            [[binding]]
            gesture = "swipe"
            direction = "up"
            command = ["released"]
            """, "traces/edge-swipe-from-bottom.json")
        #expect(out.first == "drawer")
        let lines = out.dropFirst().map { $0.hasPrefix("  | ") ? String($0.dropFirst(4)) : "?" + $0 }
        #expect(lines.first?.hasPrefix("begin ") == true && lines.last?.hasPrefix("commit ") == true, "\(out)")
        #expect(lines.dropFirst().dropLast().allSatisfy { $0.hasPrefix("update ") }, "\(out)")
        #expect(lines.allSatisfy { $0.split(separator: " ").count == 6 }, "\(out)")
        // The stream took the swipe as it began: the release binding for it did not run.
        #expect(!out.contains("released"))
    }

    @Test("--explain says why the stream committed, in millimeters")
    func explainSaysWhy() throws {
        let file = try Scratch("[[binding]]\ngesture = \"swipe\"\ndirection = \"up\"\ndistance = 100\nstream = true\ncommand = [\"drawer\"]\n")
        let r = try Daemon.run(["-c", file.path, "--replay", "traces/edge-swipe-from-bottom.json", "--dry-run", "--explain"])
        #expect(r.status == 0)
        // 30 mm of a 100 mm threshold, lifted slowly: it falls back.
        #expect(r.err.contains("streams to drawer (threshold 100 mm)"), "\(r.err)")
        #expect(r.err.contains("ends: cancel: lifted at 30 mm of 100 mm, short of the threshold"), "\(r.err)")
    }

    /// The value (field 4) of the stream's last line for `config` over `trace`.
    static func lastValue(_ config: String, _ trace: String) throws -> Double {
        let last = try #require(try dryRun(config, trace).last)
        return try #require(Double(last.split(separator: " ")[4]))
    }

    @Test("dist/examples/brightness-slide sets the brightness from where it was by the millimeters slid")
    func brightnessSlideWorksAsWritten() throws {
        let fakes = try FakeTools(["brightnessctl": """
            echo "$*" >> "$FAKE_LOG"
            [ "$1" = -m ] && echo "intel_backlight,backlight,120,50%,240"
            exit 0
            """])
        let config = """
            [[binding]]
            gesture = "swipe"
            direction = "up"
            edge = "bottom"
            distance = 5
            stream = true
            command = ["\(packageRoot.path)/dist/examples/brightness-slide"]
            """
        let trace = "traces/edge-swipe-from-bottom.json"
        let slid = try Self.lastValue(config, trace)
        let file = try Scratch(config)
        let r = try Daemon.run(["-c", file.path, "--replay", trace], environment: fakes.environment)
        #expect(r.status == 0, "\(r.err)")
        let log = fakes.log
        #expect(log.first == "-m", "\(log)")
        #expect(log.last == "-q set \(min(100, 50 + Int(slid) * 2))%", "slid \(slid) mm: \(log)")
        #expect(log.dropFirst().allSatisfy { $0.hasPrefix("-q set ") }, "\(log)")
    }

    @Test("dist/examples/volume-dial turns the volume by the degrees turned, one percent every 3°")
    func volumeDialWorksAsWritten() throws {
        let fakes = try FakeTools(["wpctl": """
            echo "$*" >> "$FAKE_LOG"
            [ "$1" = get-volume ] && echo "Volume: 0.40"
            exit 0
            """])
        let config = "[[binding]]\ngesture = \"rotate\"\nstream = true\ncommand = [\"python3\", \"\(packageRoot.path)/dist/examples/volume-dial\"]\n"
        let trace = "traces/rotate-quarter-turn-few-frames.json"
        let degrees = try Self.lastValue(config, trace)
        let file = try Scratch(config)
        let r = try Daemon.run(["-c", file.path, "--replay", trace], environment: fakes.environment)
        #expect(r.status == 0, "\(r.err)")
        let log = fakes.log
        #expect(log.first == "get-volume @DEFAULT_AUDIO_SINK@", "\(log)")
        let expected = Double(min(100, 40 + Int((degrees / 3).rounded()))) / 100
        #expect(log.last == "set-volume @DEFAULT_AUDIO_SINK@ \(String(format: "%.2f", expected))", "turned \(degrees)°: \(log)")
    }

    @Test("a reader that exits after its first line: the daemon goes on, runs the next binding, and exits 0")
    func readerThatQuitsEarly() throws {
        let file = try Scratch("""
            [[binding]]
            gesture = "swipe"
            stream = true
            shell = "head -n 1 > /dev/null"
            [[binding]]
            gesture = "tap"
            shell = "echo tapped >&2"
            """)
        // The demo session: swipes (each streams to a reader that quits), then taps.
        let r = try Daemon.run(["-c", file.path, "--replay", "traces/demo-session.json", "-v"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains("tapped"), "\(r.err)")
    }
}
