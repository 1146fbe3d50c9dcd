import Foundation
import Testing
import TouchTrace
import TouchTestSupport

/// What `touch-gestured --replay` reads of a trace's `scene`: its settings, not its list.
@Suite("touch-gestured --replay reads a trace's touches and settings, not its list")
struct ReplaySceneTests {
    /// One tap at the middle of an 800×480 panel, with `scene` as given.
    static func tap(scene: String) -> String {
        """
        {"format": "touch-trace", "version": 1,
         "device": {"width": 800, "height": 480, "resolution": {"x": 5, "y": 5}, "units": "px"},
         "scene": \(scene),
         "events": [
           {"t": 0, "id": 0, "phase": "down", "x": 400, "y": 240},
           {"t": 0.05, "id": 0, "phase": "up", "x": 400, "y": 240}
         ]}
        """
    }

    @Test("a list the daemon has no use for is not checked: a trace whose scene.list touchtrace refuses still replays")
    func listIsNotChecked() throws {
        let trace = try Scratch(Self.tap(scene: #"{"list": {"rows": "many"}, "data": {"latency": -1}}"#), suffix: ".json")
        // The trace reader of every other tool refuses both, each where it is.
        let read = TraceReader.diagnose(path: trace.path)
        #expect(read.trace == nil)
        #expect(read.diagnostics.contains { $0.message.contains("rows") }, "\(read.diagnostics)")
        #expect(read.diagnostics.contains { $0.message.contains("latency") }, "\(read.diagnostics)")
        // The daemon reads what it needs, and runs the tap's binding.
        let config = try Scratch("[[binding]]\ngesture = \"tap\"\ncommand = [\"tapped\"]\n")
        let r = try Daemon.run(["--replay", trace.path, "--dry-run", "-c", config.path])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == "tapped\n", "\(r.out)\(r.err)")
        // From standard input too (the stream that reads a pipe as it comes).
        let piped = try runProgram(try #require(Daemon.binary), ["--replay", "-", "--dry-run", "-c", config.path], in: packageRoot,
                                   input: Data(Self.tap(scene: #"{"list": {"rows": "many"}}"#).utf8))
        #expect(piped.status == 0 && piped.out == "tapped\n", "\(piped.out)\(piped.err)")
    }

    @Test("the scene's settings are still checked, and a bad one refused where it is")
    func settingsAreChecked() throws {
        let trace = try Scratch(Self.tap(scene: #"{"settings": {"tap": {"maxDuration": "long"}}, "list": {"rows": "many"}}"#), suffix: ".json")
        let config = try Scratch("[[binding]]\ngesture = \"tap\"\ncommand = [\"tapped\"]\n")
        let r = try Daemon.run(["--replay", trace.path, "--dry-run", "-c", config.path])
        #expect(r.status != 0, "\(r.out)")
        #expect(r.err.contains("scene.settings") && r.err.contains("maxDuration"), "\(r.err)")
        #expect(r.out.isEmpty)
    }
}
