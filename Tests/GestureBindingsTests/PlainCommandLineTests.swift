import Foundation
import Testing
import TouchTestSupport
@testable import GestureBindings

/// A shell command line run without the shell must run what `/bin/sh -c` would have run, with
/// the same words: checked against the machine's own `/bin/sh` (and bash, when there is one).
@Suite("Plain command lines, run without the shell")
struct PlainCommandLineTests {
    @Test func sxmoBindingsAreRunWithoutTheShell() {
        #expect(Binding.Command.shell("setsid -f sxmo_hook_inputhandler.sh bottomrightcorner").arguments
                == ["setsid", "-f", "sxmo_hook_inputhandler.sh", "bottomrightcorner"])
        #expect(Binding.Command.shell("  stamp\t/tmp/lat.log   right ").arguments == ["stamp", "/tmp/lat.log", "right"])
        #expect(Binding.Command.shell("brightnessctl set +5%").arguments == ["brightnessctl", "set", "+5%"])
    }

    @Test(arguments: [
        "brightnessctl set +5% >/dev/null",   // a redirection
        "notify-send 'hi there'",             // quoting
        "notify-send \"$USER\"",              // an expansion
        "echo swiped",                        // a builtin, not /bin/echo
        "kill -USR1 1",                       // a builtin
        "cd /tmp",                            // a builtin with no program
        "FOO=1 foo",                          // an assignment
        "if",                                 // a reserved word
        "foo; bar", "foo && bar", "foo | bar", "foo &",
        "ls *.png", "ls ~", "ls a#b", "foo\nbar", "foo bar\\ baz", "émoji x",
    ])
    func linesTheShellWouldTreatSpeciallyGoToTheShell(_ line: String) {
        #expect(Binding.Command.shell(line).arguments == ["/bin/sh", "-c", line])
    }

    /// Every name the shells here call a builtin or a reserved word is one the rule sends to the
    /// shell: asked of `/bin/sh` (`command -V`) and of bash (`type -t`), over bash's own list
    /// of its builtins and keywords and the rule's list.
    @Test func everyBuiltinOfTheShellsHereIsKnown() throws {
        let root = URL(fileURLWithPath: NSTemporaryDirectory())
        var names = PlainCommandLine.shellNames
        let bash = FileManager.default.isExecutableFile(atPath: "/bin/bash")
        if bash {
            let listed = try runProgram(URL(fileURLWithPath: "/bin/bash"), ["-c", "compgen -b; compgen -k"], in: root)
            names.formUnion(listed.out.split(separator: "\n").map(String.init))
        }
        names.formUnion(["ls", "setsid", "sleep", "env", "notify-send"])
        let plainNames = names.filter { PlainCommandLine.words("x " + $0) == ["x", $0] }  // one plain word
        // One shell per question would be hundreds of processes: one script asks about them all.
        let script = plainNames.sorted().map { "command -V \($0) 2>&1 | grep -Eq 'builtin|keyword|reserved' && echo \($0)" }.joined(separator: "\n")
        var special = Set(try runProgram(URL(fileURLWithPath: "/bin/sh"), ["-c", script], in: root).out.split(separator: "\n").map(String.init))
        if bash {
            let typed = plainNames.sorted().map { "case $(type -t \($0)) in builtin|keyword) echo \($0);; esac" }.joined(separator: "\n")
            special.formUnion(try runProgram(URL(fileURLWithPath: "/bin/bash"), ["--posix", "-c", typed], in: root).out.split(separator: "\n").map(String.init))
        }
        #expect(special.contains("cd") && special.contains("echo"), "the shells were not asked: \(special.sorted())")
        for name in special.sorted() {
            #expect(PlainCommandLine.words("\(name) x") == nil, "\(name) is a builtin or reserved word of a shell here, but would run as a program")
        }
        for name in ["ls", "setsid", "sleep", "env", "notify-send"] where !special.contains(name) {
            #expect(PlainCommandLine.words("\(name) x") == [name, "x"])
        }
    }

    /// 400 seeded lines over every printable ASCII character, with programs named by their
    /// first words in a folder first in `PATH`, each printing the words it was given. For each
    /// line the rule calls plain, `/bin/sh -c` must run that program with exactly those words;
    /// the rule must call plain at least a quarter of them, so the check is not vacuous.
    @Test func plainLinesRunWhatTheShellRuns() throws {
        let fm = FileManager.default
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("plain-lines-\(getpid())")
        try? fm.removeItem(at: dir)
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: dir) }
        var rng = SplitMix(state: 20261124)
        let plain = Array("abcxyzABC0189-_./,:+=@%")
        let special = Array(" \t!\"#$&'()*;<>?[\\]^`{|}~")
        func word(_ n: Int, from chars: [Character]) -> String { String((0..<n).map { _ in chars[rng.int(chars.count)] }) }
        var lines: [String] = []
        for _ in 0..<400 {
            var name = word(1 + rng.int(6), from: Array("abcxyz0189-_.,:+@%"))
            if name == "." || name == ".." { name = "p" + name }
            var line = name
            for _ in 0..<rng.int(4) {
                line += String(repeating: " ", count: 1 + rng.int(2)) + word(1 + rng.int(8), from: plain)
            }
            if rng.next() % 3 == 0 {  // one character a shell might treat specially, somewhere
                var chars = Array(line)
                chars.insert(special[rng.int(special.count)], at: rng.int(chars.count + 1))
                line = String(chars)
            }
            lines.append(line)
        }
        let plainLines = lines.filter { PlainCommandLine.words($0) != nil }
        #expect(plainLines.count >= 100, "only \(plainLines.count) of 400 lines were plain")
        for line in plainLines {
            let name = PlainCommandLine.words(line)![0]
            let program = dir.appendingPathComponent(name)
            if !fm.fileExists(atPath: program.path) {
                try "#!/bin/sh\nprintf '%s\\n' \"${0##*/}\" \"$@\"\n".write(to: program, atomically: true, encoding: .utf8)
                try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
            }
        }
        // All the lines in one shell, each in a subshell of its own, then a line `#` (which no
        // plain word can be).
        let script = plainLines.map { "(\($0)); echo '#'" }.joined(separator: "\n")
        let r = try runProgram(URL(fileURLWithPath: "/bin/sh"), ["-c", script], in: dir,
                               environment: ["PATH": dir.path + ":/usr/bin:/bin"])
        var runs = r.out.components(separatedBy: "#\n")
        if runs.last == "" { runs.removeLast() }
        #expect(runs.count == plainLines.count, "\(r.err)")
        for (line, run) in zip(plainLines, runs) {
            let words = run.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            #expect(words == PlainCommandLine.words(line), "sh -c '\(line)' ran \(words)")
        }
    }
}
