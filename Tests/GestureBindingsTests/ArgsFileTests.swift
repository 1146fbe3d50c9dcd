import Foundation
import Testing
import TouchTestSupport

/// `--args-file FILE` and `--session`: the arguments a service or an autostart entry starts the
/// daemon with, read from a file as a shell reads words, and nothing expanded.
@Suite("touch-gestured --args-file and --session")
struct ArgsFileTests {
    /// Sxmo's kind of command line, pasted whole: the program's name, continuation lines,
    /// single and double quotes, a comment.
    static let pasted = #"""
        # what Sxmo's hook runs
        lisgd -t 125 -T 60 \
          -g '1,DU,B,*,R,sxmo_hook_x.sh "a b"' \
          -g "2,LR,*,*,P,echo \"quoted\" \\ back"   # a comment
          -g 1,RL,R,*,R,plain\ words
        """#

    @Test("a pasted lisgd command line reads as the same command line given as arguments")
    func pastedCommandLine() throws {
        let file = try Scratch(Self.pasted, suffix: ".args")
        // -t and -T are the device's units: a trace of the PinePhone's panel gives them.
        let panel = try PrintConfigTests.shortSwipe()
        let fromFile = try Daemon.run(["--args-file", file.path, "--check-config", "--replay", panel.path])
        let direct = try Daemon.run(["--check-config", "--replay", panel.path, "-t", "125", "-T", "60", "-g", #"1,DU,B,*,R,sxmo_hook_x.sh "a b""#,
                                     "-g", #"2,LR,*,*,P,echo "quoted" \ back"#, "-g", "1,RL,R,*,R,plain words"])
        #expect(fromFile.status == 0, "\(fromFile.err)")
        #expect(fromFile.out == direct.out && fromFile.out.split(separator: "\n").count == 3, "\(fromFile.out)\n---\n\(direct.out)")
        // --args-file=FILE too, and the words stand where the option stood (a later -g is the 4th).
        let attached = try Daemon.run(["--args-file=\(file.path)", "-g", "1,UD,*,*,R,last", "--check-config", "--replay", panel.path])
        #expect(attached.out.hasSuffix("→ run last (-g #4)\n"), "\(attached.out)")
    }

    @Test("what a shell would expand, an unclosed quote and a nested file are errors at their line and column")
    func mistakesAreLocated() throws {
        let cases: [(text: String, message: String)] = [
            (#"-g "1,DU,B,*,R,echo $HOME""#, ":1:21: `$` (a variable) is not expanded here"),
            ("-g 1,DU,B,*,R,x\n--config ~/gestures.toml", ":2:10: `~` (the home folder) is not expanded here"),
            ("-g '1,DU,B,*,R,`date`'\n-g \"1,UD,*,*,R,`date`\"", ":2:16: `` ` `` (a command) is not expanded here"),
            ("-g 1,DU,B,*,R,x\n  -g '1,UD,*,*,R,y", ":2:6: this single quote is not closed"),
            ("-g \"1,DU,B,*,R,x", ":1:4: this double quote is not closed"),
            ("--session", ": --session cannot be used inside an args file"),
            // What ran would not be what is written: a NUL cut the word; an option at the file's
            // end took the command line's next word as its value.
            ("-g \"1,DU,B,*,R,x\u{0}y\"", ":1:17: a NUL byte: an argument ends at a NUL"),
            ("-g 1,DU,B,*,R,x\n-t", ": -t at the end of the file has no value"),
        ]
        for c in cases {
            let file = try Scratch(c.text, suffix: ".args")
            let r = try Daemon.run(["--args-file", file.path, "--check-config"])
            #expect(r.status == 2 && r.out.isEmpty, "\(c.text): \(r.status) \(r.out)")
            #expect(r.err.hasPrefix("touch-gestured: \(file.path)\(c.message)") && r.err.split(separator: "\n").count == 1, "\(c.text): \(r.err)")
        }
        // A continuation line ending CR LF joins as one ending LF does (it left an empty word).
        let crlf = try Scratch("-g 1,DU,B,*,R,x \\\r\n  -t 125\r\n", suffix: ".args")
        let panel = try PrintConfigTests.shortSwipe()   // -t's units
        let joined = try Daemon.run(["--args-file", crlf.path, "-g", "1,UD,*,*,R,y", "--check-config", "--replay", panel.path])
        #expect(joined.status == 0 && joined.out.hasSuffix("→ run y (-g #2)\n"), "\(joined.err)\(joined.out)")
        let missing = try Daemon.run(["--args-file", "/nonexistent/args", "--check-config"])
        #expect(missing.status == 2 && missing.err.contains("/nonexistent/args: cannot open"), "\(missing.err)")
    }

    @Test("--session reads $XDG_CONFIG_HOME/touch-gestured/args when it is there, and nothing when it is not")
    func sessionFile() throws {
        let home = NSTemporaryDirectory() + "touch-gestured-session-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home + "/touch-gestured", withIntermediateDirectories: true)
        // No file: the daemon's own defaults (here: no configuration either, so no bindings).
        let none = try Daemon.run(["--session", "--check-config"], environment: ["XDG_CONFIG_HOME": home])
        #expect(none.status == 2 && none.err.contains("no bindings"), "\(none.err)")
        try "touch-gestured -g 1,DU,B,*,R,from-the-session-file\n".write(toFile: home + "/touch-gestured/args", atomically: true, encoding: .utf8)
        let r = try Daemon.run(["--session", "--check-config"], environment: ["XDG_CONFIG_HOME": home])
        #expect(r.status == 0 && r.out == "swipe up, 1 finger, from the bottom edge → run from-the-session-file (-g #1)\n", "\(r.out)\(r.err)")
        let valued = try Daemon.run(["--session=x"], environment: ["XDG_CONFIG_HOME": home])
        #expect(valued.status == 2 && valued.err.contains("--session takes no value"), "\(valued.err)")
    }
}

/// Values read from a user's files reach a terminal only escaped, in every reader's messages:
/// an escape sequence cleared the screen, a line break forged a line of its own.
@Suite("Messages show what they quote, escaped")
struct QuotedValuesTests {
    static let nasty = "\u{1B}[2J\nfake: error"

    @Test("the daemon's configuration, its args file and command line, and a trace's header, with an escape and a line break in a value or a key")
    func valuesAreEscaped() throws {
        let config = try Scratch("[[binding]]\ngesture = \"swipe\"\ndirection = \"\(Self.nasty.replacingOccurrences(of: "\u{1B}", with: "\\u001b").replacingOccurrences(of: "\n", with: "\\n"))\"\ncommand = [\"x\"]\n")
        let args = try Scratch("-t '\(Self.nasty)'\n", suffix: ".args")
        let trace = try Scratch(#"{"format": "touch-trace", "version": 1, "device": {"width": 800, "height": 480}, "\u001b[2J\nfake": 1, "events": []}"#, suffix: ".json")
        let touchtrace = try #require(builtProgram("touchtrace"))
        let runs = [try Daemon.run(["--check-config", "-c", config.path]),
                    try Daemon.run(["--args-file", args.path, "--check-config"]),
                    try Daemon.run(["--check-config", "-g", Self.nasty]),
                    try runProgram(touchtrace, ["validate", trace.path], in: packageRoot)]
        for r in runs {
            #expect(!r.err.contains("\u{1B}") && !r.out.contains("\u{1B}"), "a raw escape: \(r.err.debugDescription)")
            #expect(!(r.err + r.out).split(separator: "\n").contains { $0.hasPrefix("fake") }, "a forged line: \(r.err.debugDescription)")
        }
        #expect(runs[0].err.contains(#"\u{1B}[2J\nfake: error"#), "\(runs[0].err.debugDescription)")
    }
}
