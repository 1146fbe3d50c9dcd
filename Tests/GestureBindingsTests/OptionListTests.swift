import Foundation
import Testing
import TouchTestSupport

/// The daemon's options are listed once, in `--help` (the parser is written by hand, without
/// ArgumentParser: BENCHMARKS.md); the man page and the bash, zsh and fish completions are held
/// to that list here, and the parser to taking each of them, so none of them can drift.
@Suite("touch-gestured: one list of options for the help, the parser, the man page and the completions")
struct OptionListTests {
    static func read(_ path: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    static func matches(_ pattern: String, in text: String, group: Int = 1) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: group), in: text).map { String(text[$0]) }
        }
    }

    /// The options `--help` lists: the first column of its option lines (up to two spaces).
    static func helpOptions() throws -> Set<String> {
        let help = try Daemon.run(["--help"])
        #expect(help.status == 0)
        var names: Set<String> = []
        for line in help.out.split(separator: "\n") where line.hasPrefix("  -") {
            let column = line.dropFirst(2).components(separatedBy: "  ").first ?? ""
            names.formUnion(matches(#"(?:^|[\s,])(--?[A-Za-z][A-Za-z-]*)"#, in: column))
        }
        return names
    }

    /// The options the man page's OPTIONS section gives an entry (`.It Fl c , -config Ar file`).
    static func manOptions() throws -> Set<String> {
        let man = try read("dist/touch-gestured.1")
        let section = man.components(separatedBy: ".Sh OPTIONS")[1].components(separatedBy: "\n.Sh ")[0]
        var names: Set<String> = []
        for line in section.split(separator: "\n") where line.hasPrefix(".It Fl ") {
            var inFlags = false
            for word in line.split(separator: " ").dropFirst() {
                switch word {
                case "Fl": inFlags = true
                case "Ar", "Pa": inFlags = false
                case ",": continue
                default: if inFlags { names.insert("-" + word) }
                }
            }
        }
        return names
    }

    @Test("the man page, bash, zsh and fish name exactly the options --help lists")
    func everyListAgrees() throws {
        let help = try Self.helpOptions()
        #expect(help.count > 25 && help.contains("--print-config") && help.contains("-T"), "\(help.sorted())")
        let man = try Self.manOptions()
        #expect(man == help, "man page: \(man.symmetricDifference(help).sorted())")

        let bash = try Self.read("dist/touch-gestured.bash")
        let words = Set(Self.matches(#"compgen -W "(-[^"]*)""#, in: bash).joined(separator: " ").split(separator: " ").map(String.init))
        #expect(words == help, "bash: \(words.symmetricDifference(help).sorted())")

        let zsh = try Self.read("dist/_touch-gestured")
        var zshNames = Set(Self.matches(#"'(?:\([^)]*\))?\*?(--?[A-Za-z][A-Za-z-]*)\["#, in: zsh))
        for braces in Self.matches(#"\{([^}]*)\}'\["#, in: zsh) { zshNames.formUnion(braces.split(separator: ",").map(String.init)) }
        #expect(zshNames == help, "zsh: \(zshNames.symmetricDifference(help).sorted())")

        let fish = try Self.read("dist/touch-gestured.fish")
        let fishNames = Set(Self.matches(#" -s ([A-Za-z])\b"#, in: fish).map { "-" + $0 } + Self.matches(#" -l ([a-z-]+)"#, in: fish).map { "--" + $0 })
        #expect(fishNames == help, "fish: \(fishNames.symmetricDifference(help).sorted())")
    }

    @Test("the parser takes every option --help lists")
    func theParserTakesEachOption() throws {
        for option in try Self.helpOptions() {
            // Followed by a value and --help: an option that takes a value takes "1"; one that
            // does not is followed by a stray argument. Either way it is not an unknown option.
            let r = try Daemon.run([option, "1", "--help"])
            #expect(!r.err.contains("unknown option"), "\(option): \(r.err)")
        }
        let unknown = try Daemon.run(["--no-such-option"])
        #expect(unknown.status == 2 && unknown.err.contains("unknown option '--no-such-option'"), "\(unknown.err)")
    }
}
