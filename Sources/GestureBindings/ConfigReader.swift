import TouchTrace

/// A value of the configuration file, with where it was written.
struct ConfigValue: Sendable {
    enum Kind: Sendable {
        case string(String)
        case integer(Int)
        case float(Double)
        case bool(Bool)
        case array([ConfigValue])
    }
    var kind: Kind
    var location: SourceLocation

    /// How the value is named in an error message ("a string", "an integer", …).
    var kindDescription: String {
        switch kind {
        case .string: "a string"
        case .integer: "an integer"
        case .float: "a number"
        case .bool: "true or false"
        case .array: "a list"
        }
    }

    var number: Double? {
        switch kind {
        case .integer(let i): Double(i)
        case .float(let d): d
        default: nil
        }
    }
}

/// One `[table]` or one `[[table]]` element, its keys in the order written.
struct ConfigTable: Sendable {
    var name: String
    var isArrayElement: Bool
    var location: SourceLocation
    var entries: [(key: String, value: ConfigValue, location: SourceLocation)] = []
}

/// Reads the configuration file: the part of TOML (v1.0) that a list of bindings needs.
///
/// Supported: `#` comments, `[table]` and `[[array-of-tables]]` headers, `key = value` with bare
/// keys, basic strings (`"…"` with `\"`, `\\`, `\n`, `\t`, `\r`, `\b`, `\f`, `\uXXXX`,
/// `\UXXXXXXXX`), literal strings (`'…'`), integers, floats, `true`/`false`, and arrays of
/// these (across lines, trailing comma allowed). Anything else of TOML (dotted or quoted keys,
/// inline tables, multi-line strings, dates) is refused with a located error rather than
/// guessed at, as is a key given twice in one table.
struct ConfigReader {
    private let bytes: [UInt8]
    private let file: String
    private var i = 0
    private var line = 1
    private var lineStart = 0

    /// Reads `text`; `file` names it in errors.
    static func parse(_ text: String, file: String) throws(DiagnosticError) -> [ConfigTable] {
        var r = ConfigReader(bytes: Array(text.utf8), file: file)
        return try r.document()
    }

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    private var here: SourceLocation { SourceLocation(file: file, line: line, column: i - lineStart + 1) }

    private func fail(_ message: String, at location: SourceLocation? = nil) -> DiagnosticError {
        DiagnosticError(message, at: location ?? here)
    }

    private var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

    private mutating func skipSpaces() {
        while let c = peek, c == 0x20 || c == 0x09 { i += 1 }
    }

    /// Skips spaces and a comment; then expects the end of the line (or of the file).
    private mutating func endOfLine() throws(DiagnosticError) {
        skipSpaces()
        if peek == UInt8(ascii: "#") { while let c = peek, c != 0x0A { i += 1 } }
        if peek == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
        guard let c = peek else { return }
        guard c == 0x0A else { throw fail("expected the end of the line, found \(describe(c))") }
        newline()
    }

    private mutating func newline() {
        i += 1
        line += 1
        lineStart = i
    }

    /// Skips blank lines, comments and (inside arrays) line ends.
    private mutating func skipBlank() {
        while true {
            skipSpaces()
            if peek == UInt8(ascii: "#") { while let c = peek, c != 0x0A { i += 1 } }
            if peek == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
            if peek == 0x0A { newline(); continue }
            return
        }
    }

    private func describe(_ c: UInt8) -> String {
        if c == 0x0A { return "the end of the line" }
        if c >= 0x20 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
        return "byte 0x" + String(c, radix: 16)
    }

    private static func isBareKey(_ c: UInt8) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x5F
    }

    private mutating func key() throws(DiagnosticError) -> String {
        if let c = peek, c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
            throw fail("quoted keys are not supported: write the key bare (letters, digits, - and _)")
        }
        let start = i
        while let c = peek, Self.isBareKey(c) { i += 1 }
        guard i > start else {
            throw fail("expected a key (letters, digits, - and _), found \(peek.map(describe) ?? "the end of the file")")
        }
        if peek == UInt8(ascii: ".") { throw fail("dotted keys are not supported: use a [table] header") }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    private mutating func document() throws(DiagnosticError) -> [ConfigTable] {
        var tables = [ConfigTable(name: "", isArrayElement: false, location: SourceLocation(file: file, line: 1, column: 1))]
        var seenTables: Set<String> = []
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3; lineStart = 3 }
        while true {
            skipBlank()
            guard let c = peek else { break }
            let at = here
            if c == UInt8(ascii: "[") {
                i += 1
                let array = peek == UInt8(ascii: "[")
                if array { i += 1 }
                skipSpaces()
                let name = try key()
                skipSpaces()
                guard peek == UInt8(ascii: "]") else { throw fail("expected ']' after the table name `\(name)`") }
                i += 1
                if array {
                    guard peek == UInt8(ascii: "]") else { throw fail("expected ']]' after the table name `\(name)`") }
                    i += 1
                }
                if !array {
                    guard seenTables.insert(name).inserted else { throw fail("table [\(name)] is given twice", at: at) }
                }
                try endOfLine()
                tables.append(ConfigTable(name: name, isArrayElement: array, location: at))
                continue
            }
            let k = try key()
            skipSpaces()
            guard peek == UInt8(ascii: "=") else {
                throw fail("expected '=' after the key `\(k)`, found \(peek.map(describe) ?? "the end of the file")")
            }
            i += 1
            skipSpaces()
            let v = try value()
            let t = tables.count - 1
            if tables[t].entries.contains(where: { $0.key == k }) {
                throw fail("`\(k)` is given twice in \(tables[t].name.isEmpty ? "the top level" : "this [\(tables[t].name)]")", at: at)
            }
            tables[t].entries.append((k, v, at))
            try endOfLine()
        }
        return tables
    }

    private mutating func value() throws(DiagnosticError) -> ConfigValue {
        let at = here
        guard let c = peek else { throw fail("expected a value, found the end of the file") }
        switch c {
        case UInt8(ascii: "\""):
            if bytes[i...].starts(with: Array("\"\"\"".utf8)) { throw fail("multi-line strings are not supported") }
            return ConfigValue(kind: .string(try basicString()), location: at)
        case UInt8(ascii: "'"):
            if bytes[i...].starts(with: Array("'''".utf8)) { throw fail("multi-line strings are not supported") }
            i += 1
            let start = i
            while let d = peek, d != UInt8(ascii: "'"), d != 0x0A { i += 1 }
            guard peek == UInt8(ascii: "'") else { throw fail("this string is not closed on its line", at: at) }
            defer { i += 1 }
            return ConfigValue(kind: .string(String(decoding: bytes[start..<i], as: UTF8.self)), location: at)
        case UInt8(ascii: "["):
            i += 1
            var items: [ConfigValue] = []
            while true {
                skipBlank()
                if peek == UInt8(ascii: "]") { i += 1; break }
                items.append(try value())
                skipBlank()
                if peek == UInt8(ascii: ",") { i += 1; continue }
                if peek == UInt8(ascii: "]") { i += 1; break }
                throw fail("expected ',' or ']' in the list, found \(peek.map(describe) ?? "the end of the file")")
            }
            return ConfigValue(kind: .array(items), location: at)
        case UInt8(ascii: "{"):
            throw fail("inline tables are not supported: use a [table] header")
        default:
            let start = i
            while let d = peek, d != 0x20, d != 0x09, d != 0x0A, d != 0x0D, d != UInt8(ascii: ","),
                  d != UInt8(ascii: "]"), d != UInt8(ascii: "#") { i += 1 }
            let word = String(decoding: bytes[start..<i], as: UTF8.self)
            if word == "true" { return ConfigValue(kind: .bool(true), location: at) }
            if word == "false" { return ConfigValue(kind: .bool(false), location: at) }
            // Bytes, not Characters: what a number may hold is ASCII.
            let digits = String(decoding: word.utf8.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
            if let n = Int(digits) { return ConfigValue(kind: .integer(n), location: at) }
            if let d = Double(digits), d.isFinite, word.utf8.first != UInt8(ascii: "."), word.utf8.last != UInt8(ascii: "."),
               digits.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || Array("+-.eE".utf8).contains($0) }) {
                return ConfigValue(kind: .float(d), location: at)
            }
            throw fail("expected a value (a \"string\", a number, true, false or a [list]), found `\(word.isEmpty ? describe(c) : word)`", at: at)
        }
    }

    private mutating func basicString() throws(DiagnosticError) -> String {
        let at = here
        i += 1
        var out: [UInt8] = []
        while true {
            guard let c = peek, c != 0x0A else { throw fail("this string is not closed on its line", at: at) }
            i += 1
            if c == UInt8(ascii: "\"") { break }
            guard c == UInt8(ascii: "\\") else { out.append(c); continue }
            guard let e = peek else { throw fail("this string is not closed on its line", at: at) }
            let escapeAt = SourceLocation(file: file, line: line, column: i - lineStart)
            i += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"), UInt8(ascii: "U"):
                let n = e == UInt8(ascii: "u") ? 4 : 8
                guard i + n <= bytes.count,
                      let v = UInt32(String(decoding: bytes[i..<(i + n)], as: UTF8.self), radix: 16),
                      let scalar = Unicode.Scalar(v) else {
                    throw fail("expected \(n) hexadecimal digits of a Unicode scalar after \\\(Character(Unicode.Scalar(e)))", at: escapeAt)
                }
                i += n
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            default:
                throw fail("unknown escape \\\(describe(e)) (use \\\\ for a backslash)", at: escapeAt)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
