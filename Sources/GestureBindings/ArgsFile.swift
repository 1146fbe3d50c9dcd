internal import CPlatform
import TouchTrace

/// The arguments of an args file (`--args-file FILE`, and `--session`'s
/// `$XDG_CONFIG_HOME/touch-gestured/args`): what a service or an autostart entry starts the
/// daemon with, so that a lisgd command line works there as it is.
///
/// Written as a shell writes words, and read without a shell: words part at spaces, tabs and
/// line ends; `'…'` keeps everything inside as it is; `"…"` keeps everything but `\"` and `\\`
/// (a backslash before anything else is itself); a backslash outside quotes keeps the next
/// character, and a backslash at a line's end joins the lines; `#` at the start of a word
/// comments out the rest of the line. Nothing is expanded: `$`, `` ` `` and a leading `~`
/// outside single quotes are refused at their line and column, rather than passed on as
/// letters a shell would have replaced. A first word that names the program (`lisgd`,
/// `touch-gestured`, or a path ending in either) is left out, so a command line can be pasted
/// whole.
package enum ArgsFile {
    /// `$XDG_CONFIG_HOME/touch-gestured/args`, or `~/.config/touch-gestured/args`.
    package static var sessionPath: String? {
        if let xdg = getenv("XDG_CONFIG_HOME").map({ String(cString: $0) }), xdg.hasPrefix("/") {
            return xdg + "/touch-gestured/args"
        }
        guard let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty else { return nil }
        return home + "/.config/touch-gestured/args"
    }

    /// The words of the file at `path`.
    package static func read(_ path: String) throws(DaemonFailure) -> [String] {
        switch readWholeFile(path, limit: 1 << 20) {
        case .success(let text): return try words(text, file: path)
        case .failure(let f): throw .usage(f.description)
        }
    }

    /// The words `text` holds (`file` names it in errors).
    package static func words(_ text: String, file: String) throws(DaemonFailure) -> [String] {
        var words: [String] = []
        var word: [UInt8] = []
        var inWord = false
        let bytes = Array(text.utf8)
        var k = 0
        var line = 1, lineStart = 0
        func fail(_ at: Int, _ message: String) -> DaemonFailure {
            .usage("\(file):\(line):\(at - lineStart + 1): \(message)")
        }
        func unexpanded(_ at: Int, _ c: UInt8) -> DaemonFailure {
            let what = c == UInt8(ascii: "$") ? "`$` (a variable)" : c == UInt8(ascii: "`") ? "`` ` `` (a command)" : "`~` (the home folder)"
            return fail(at, "\(what) is not expanded here: nothing in an args file is; write the value itself, or put it in single quotes to mean the character")
        }
        func end() {
            if inWord { words.append(String(decoding: word, as: UTF8.self)) }
            word.removeAll()
            inWord = false
        }
        // A NUL ends a program's argument, so what ran would not be what the file says (the
        // configuration's reader refuses one for this reason).
        if let nul = bytes.firstIndex(of: 0) {
            let (at, column) = lineAndColumn(of: nul, in: bytes)
            throw .usage("\(file):\(at):\(column): a NUL byte: an argument ends at a NUL, so what ran would not be what is written")
        }
        while k < bytes.count {
            let c = bytes[k]
            switch c {
            case 0x20, 0x09, 0x0D:
                end()
            case 0x0A:
                end()
                line += 1
                lineStart = k + 1
            case UInt8(ascii: "#") where !inWord:
                while k < bytes.count, bytes[k] != 0x0A { k += 1 }
                continue
            case UInt8(ascii: "\\"):
                guard k + 1 < bytes.count else { inWord = true; break }
                k += 1
                // A line end after it, LF or CR LF, joins the lines: no word of its own (CR LF
                // left an empty word, "unexpected argument ''", with no place).
                if bytes[k] == 0x0D, k + 1 < bytes.count, bytes[k + 1] == 0x0A { k += 1 }
                if bytes[k] == 0x0A {
                    line += 1
                    lineStart = k + 1
                } else {
                    inWord = true
                    word.append(bytes[k])
                }
            case UInt8(ascii: "'"):
                inWord = true
                let (openLine, openColumn) = (line, k - lineStart + 1)
                k += 1
                while k < bytes.count, bytes[k] != UInt8(ascii: "'") {
                    if bytes[k] == 0x0A { line += 1; lineStart = k + 1 }
                    word.append(bytes[k])
                    k += 1
                }
                guard k < bytes.count else { throw .usage("\(file):\(openLine):\(openColumn): this single quote is not closed") }
            case UInt8(ascii: "\""):
                inWord = true
                let (openLine, openColumn) = (line, k - lineStart + 1)
                k += 1
                while k < bytes.count, bytes[k] != UInt8(ascii: "\"") {
                    let d = bytes[k]
                    if d == UInt8(ascii: "$") || d == UInt8(ascii: "`") { throw unexpanded(k, d) }
                    if d == UInt8(ascii: "\\"), k + 1 < bytes.count,
                       [UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "$"), UInt8(ascii: "`"), 0x0A].contains(bytes[k + 1]) {
                        k += 1
                        if bytes[k] == 0x0A { line += 1; lineStart = k + 1; k += 1; continue }
                    } else if d == 0x0A {
                        line += 1
                        lineStart = k + 1
                    }
                    word.append(bytes[k])
                    k += 1
                }
                guard k < bytes.count else { throw .usage("\(file):\(openLine):\(openColumn): this double quote is not closed") }
            case UInt8(ascii: "$"), UInt8(ascii: "`"):
                throw unexpanded(k, c)
            case UInt8(ascii: "~") where !inWord:
                throw unexpanded(k, c)
            default:
                inWord = true
                word.append(c)
            }
            k += 1
        }
        end()
        if let first = words.first {
            let name = first.split(separator: "/").last.map(String.init) ?? first
            if name == "lisgd" || name == "touch-gestured" { words.removeFirst() }
        }
        return words
    }
}
