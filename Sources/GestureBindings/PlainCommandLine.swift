internal import CPlatform

/// A shell command line that the shell would run as one program with fixed words, so that the
/// daemon can start that program itself and leave the shell out.
///
/// lisgd hands each command line to `system(3)`, which starts `/bin/sh -c LINE`, and the shell
/// then starts the program. Sxmo's 46 bindings are all of the form `setsid -f
/// sxmo_hook_inputhandler.sh NAME`: plain words, nothing for a shell to do but split them at the
/// blanks and look the first one up in `PATH`, which `execvp(3)` does too. Starting the program
/// directly saves one `execve` of the shell and its start-up per gesture: in the VM's latency
/// case (busybox `ash` as `/bin/sh`, TCG), the time from the lift to the command's start is
/// measured in BENCHMARKS.md ("Latency, without the shell").
///
/// A line is plain when all of these hold, so that `sh -c LINE` and running its words are the
/// same thing (POSIX, Shell Command Language, 2.3 and 2.6: tokens, expansions):
/// - it has only ASCII letters, digits, the characters `- _ . / , : + = @ %`, spaces and tabs
///   (no quoting, no `$`, no globbing, no `~`, no `#`, no operators, no newline);
/// - it has at least one word, and the first word has no `=` (else it is an assignment);
/// - the first word is not a reserved word or a builtin of `dash`, `bash` or busybox `ash`
///   (a builtin such as `echo` or `kill` behaves differently from the program of that name).
///
/// Any other line goes to `/bin/sh -c` as written. A program that cannot be started is logged
/// by the daemon (`cannot run …: No such file or directory`) where the shell would have printed
/// `not found` and exited 127.
enum PlainCommandLine {
    /// Whether `PATH` is set, asked once: without it a plain line goes to the shell too
    /// (``Binding/Command/startsDirectly``).
    static let environmentHasPath = getenv("PATH") != nil


    /// The line's words when the line is plain, else `nil`.
    static func words(_ line: String) -> [String]? {
        var words: [String] = []
        var word: [UInt8] = []
        for byte in line.utf8 {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)); word.removeAll(keepingCapacity: true) }
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"):
                word.append(byte)
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "/"),
                 UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "+"), UInt8(ascii: "="),
                 UInt8(ascii: "@"), UInt8(ascii: "%"):
                word.append(byte)
            default:
                return nil
            }
        }
        if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
        guard let first = words.first, !first.contains("="), !shellNames.contains(first) else { return nil }
        return words
    }

    /// The reserved words and builtins of the shells that are `/bin/sh` on the systems that run
    /// gesture daemons: dash (Debian), busybox ash (Alpine, postmarketOS), bash (elsewhere).
    /// Only the ones spelled with the characters a plain line may hold matter.
    static let shellNames: Set<String> = [
        // reserved words
        "case", "do", "done", "elif", "else", "esac", "fi", "for", "function", "if", "in",
        "select", "then", "time", "until", "while", "coproc",
        // builtins
        ".", ":", "alias", "bg", "bind", "break", "builtin", "caller", "cd", "chdir", "command",
        "compgen", "complete", "compopt", "continue", "declare", "dirs", "disown", "echo",
        "enable", "eval", "exec", "exit", "export", "false", "fc", "fg", "getopts", "hash",
        "help", "history", "jobs", "kill", "let", "local", "logout", "mapfile", "popd",
        "printf", "pushd", "pwd", "read", "readarray", "readonly", "return", "set", "shift",
        "shopt", "source", "suspend", "test", "times", "trap", "true", "type", "typeset",
        "ulimit", "umask", "unalias", "unset", "wait",
    ]
}
