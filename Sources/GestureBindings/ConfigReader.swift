import TouchTrace

/// A value of the configuration file, with where it was written.
struct ConfigValue: Sendable {
    enum Kind: Sendable {
        case string(String)
        case integer(Int)
        case float(Double)
        case bool(Bool)
        case array([ConfigValue])
        /// An inline table (`{touch = 1, edge = "bottom"}`), its keys in the order written.
        case table([(key: String, value: ConfigValue, location: SourceLocation)])
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
        case .table: "an inline table"
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
/// Supported: `#` comments, `[table]`, `[table.sub]` and `[[array-of-tables]]` headers, `key = value` with bare
/// keys, basic strings (`"…"` with `\"`, `\\`, `\n`, `\t`, `\r`, `\b`, `\f`, `\uXXXX`,
/// `\UXXXXXXXX`), literal strings (`'…'`), decimal, hexadecimal, octal and binary integers
/// (64-bit), finite floats, `true`/`false`, arrays of these (across lines, trailing comma
/// allowed) and inline tables of them (`{hold = 0.4}`, on one line, bare keys; what a declared
/// sequence's steps are written in). Anything else of TOML (dotted or quoted keys, multi-line strings,
/// dates and times, `inf` and `nan`, a NUL in a string) is refused with a located error that
/// says it is not supported, rather than guessed at; what TOML forbids (a key or table given
/// twice, a table that is also a key or an array of tables, …) is refused as TOML refuses it.
///
/// Why a reader of our own and not a TOML library: TOMLKit 0.6.0 (toml++ behind Foundation),
/// the well-kept one that resolves here, measured on the example configuration in a program
/// that does nothing else, statically linked as the daemon is: 15 MB stripped and 5.6 MB
/// resident, where the whole daemon reading the same file is 10 MB stripped and 3.8 MB resident
/// (`touch-gestured --check-config`, maximum RSS). The daemon runs all session long on phones,
/// and its memory is one of its goals (BENCHMARKS.md). This reader is held instead to TOML's
/// own test suite, toml-test's 709 TOML 1.0.0 cases (`TOMLSuiteTests`: every invalid file
/// refused at a line and column; of the valid ones, 98 read to exactly toml-test's values and
/// 112 refused as outside the subset, none misread), and to Python's `tomllib` on 4,000 seeded
/// random documents (`TOMLDifferentialTests`).
struct ConfigReader {
    private let bytes: [UInt8]
    private let file: String
    private var i = 0
    private var line = 1
    private var lineStart = 0
    /// How many lists the value being read is inside.
    private var depth = 0

    /// Lists may nest 64 deep. A binding needs 2 at most (a command is a list of strings); the
    /// limit is there so that a hostile file is a located error, not a stack overflow: each
    /// level of ``value()`` is a stack frame (about 7 KB in a debug build, measured: 20,000
    /// nested lists overflowed the main thread's 8 MiB stack after about 1,200 levels).
    static let maxListDepth = 64

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

    /// Skips a comment, if one starts here, to the end of its line. TOML allows no control
    /// character in a comment but tab, and a line ends with LF or CR LF: a carriage return alone
    /// (a file with old Mac line ends) is an error, not the start of one comment that hides the
    /// rest of the file.
    private mutating func skipComment() throws(DiagnosticError) {
        guard peek == UInt8(ascii: "#") else { return }
        while let c = peek, c != 0x0A {
            if c == 0x0D {
                if i + 1 < bytes.count, bytes[i + 1] == 0x0A { return }
                throw fail("a carriage return not followed by a line feed: TOML lines end with LF or CR LF")
            }
            if (c < 0x20 && c != 0x09) || c == 0x7F { throw fail("a control character (byte 0x\(String(c, radix: 16))) in a comment") }
            i += 1
        }
    }

    /// Steps over CR LF's carriage return; a carriage return alone is an error.
    private mutating func carriageReturn() throws(DiagnosticError) {
        guard peek == 0x0D else { return }
        guard i + 1 < bytes.count, bytes[i + 1] == 0x0A else {
            throw fail("a carriage return not followed by a line feed: TOML lines end with LF or CR LF")
        }
        i += 1
    }

    /// Skips spaces and a comment; then expects the end of the line (or of the file).
    private mutating func endOfLine() throws(DiagnosticError) {
        skipSpaces()
        try skipComment()
        try carriageReturn()
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
    private mutating func skipBlank() throws(DiagnosticError) {
        while true {
            skipSpaces()
            try skipComment()
            try carriageReturn()
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

    /// A bare key; `dotted`: a table name's part, which a `.` may follow.
    private mutating func key(dotted: Bool = false) throws(DiagnosticError) -> String {
        if let c = peek, c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
            throw fail("quoted keys are not supported: write the key bare (letters, digits, - and _)")
        }
        let start = i
        while let c = peek, Self.isBareKey(c) { i += 1 }
        guard i > start else {
            throw fail("expected a key (letters, digits, - and _), found \(peek.map(describe) ?? "the end of the file")")
        }
        if !dotted, peek == UInt8(ascii: ".") { throw fail("dotted keys are not supported: use a [table] header (`[settings.swipe]`)") }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    private mutating func document() throws(DiagnosticError) -> [ConfigTable] {
        var tables = [ConfigTable(name: "", isArrayElement: false, location: SourceLocation(file: file, line: 1, column: 1))]
        // Each name a table has, and whether it is an array of tables: TOML defines a name once,
        // as a key, a [table] or an array of [[tables]] (the last extended by more [[ ]]).
        var tableKinds: [String: Bool] = [:]
        var rootKeys: Set<String> = []
        // The keys of the table being read: a set, so that a file of many keys is checked in
        // time that grows with it (a list searched at every key took 11–17 s for 116,000 keys).
        var keysOfTable: Set<String> = []
        // Each table's keys by the table's name (a sub-table may not reuse one), and the tables
        // that have a sub-table (`settings` for `[settings.swipe]`): tables, never arrays.
        var tableKeys: [String: Set<String>] = [:]
        var implicitTables: Set<String> = []
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3; lineStart = 3 }
        while true {
            try skipBlank()
            guard let c = peek else { break }
            let at = here
            if c == UInt8(ascii: "[") {
                i += 1
                let array = peek == UInt8(ascii: "[")
                if array { i += 1 }
                skipSpaces()
                var name = try key(dotted: true)
                skipSpaces()
                // A sub-table one level down (`[settings.swipe]`): the daemon's settings by the
                // trace format's names. Deeper ones, and arrays of them, are not supported.
                var parent: String?
                if peek == UInt8(ascii: ".") {
                    i += 1
                    skipSpaces()
                    let child = try key(dotted: true)
                    skipSpaces()
                    if peek == UInt8(ascii: ".") { throw fail("tables nested more than one level (`[a.b.c]`) are not supported") }
                    if array { throw fail("arrays of sub-tables (`[[\(name).\(child)]]`) are not supported", at: at) }
                    if tableKinds[name] == true {
                        throw fail("a sub-table of the array of tables [[\(name)]] is not supported", at: at)
                    }
                    if rootKeys.contains(name) {
                        throw fail("`\(name)` is already a key at the top level; it cannot also be a table", at: at)
                    }
                    if tableKeys[name]?.contains(child) == true {
                        throw fail("`\(child)` is already a key in [\(name)]; it cannot also be a table", at: at)
                    }
                    parent = name
                    name += "." + child
                }
                guard peek == UInt8(ascii: "]") else { throw fail("expected ']' after the table name `\(name)`") }
                i += 1
                if array {
                    guard peek == UInt8(ascii: "]") else { throw fail("expected ']]' after the table name `\(name)`") }
                    i += 1
                }
                if rootKeys.contains(name) {
                    throw fail("`\(name)` is already a key at the top level; it cannot also be a table", at: at)
                }
                if array, implicitTables.contains(name) {
                    throw fail("[\(name)] is a table (it has sub-tables); it cannot also be an array of [[\(name)]] tables", at: at)
                }
                if let parent { implicitTables.insert(parent) }
                if let wasArray = tableKinds[name] {
                    if !array || !wasArray {
                        throw fail(wasArray ? "[[\(name)]] is an array of tables; it cannot also be a [\(name)] table"
                                   : array ? "[\(name)] is a table; it cannot also be an array of [[\(name)]] tables"
                                   : "table [\(name)] is given twice", at: at)
                    }
                }
                tableKinds[name] = array
                try endOfLine()
                tables.append(ConfigTable(name: name, isArrayElement: array, location: at))
                keysOfTable.removeAll(keepingCapacity: true)
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
            if !keysOfTable.insert(k).inserted {
                throw fail("`\(k)` is given twice in \(tables[t].name.isEmpty ? "the top level" : "this [\(tables[t].name)]")", at: at)
            }
            if t == 0 { rootKeys.insert(k) }
            let table = tables[t].name
            if !tables[t].isArrayElement, t > 0 {
                if tableKinds[table + "." + k] != nil {
                    throw fail("`\(k)` is already the table [\(table).\(k)]; it cannot also be a key of [\(table)]", at: at)
                }
                tableKeys[table, default: []].insert(k)
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
            while let d = peek, d != UInt8(ascii: "'"), d != 0x0A {
                if (d < 0x20 && d != 0x09) || d == 0x7F {
                    throw fail("a control character (byte 0x\(String(d, radix: 16))) in a string: leave it out")
                }
                i += 1
            }
            guard peek == UInt8(ascii: "'") else { throw fail("this string is not closed on its line", at: at) }
            defer { i += 1 }
            return ConfigValue(kind: .string(String(decoding: bytes[start..<i], as: UTF8.self)), location: at)
        case UInt8(ascii: "["):
            guard depth < Self.maxListDepth else {
                throw fail("lists nested more than \(Self.maxListDepth) deep: a binding needs 2 at most")
            }
            depth += 1
            defer { depth -= 1 }
            i += 1
            var items: [ConfigValue] = []
            while true {
                try skipBlank()
                if peek == UInt8(ascii: "]") { i += 1; break }
                items.append(try value())
                try skipBlank()
                if peek == UInt8(ascii: ",") { i += 1; continue }
                if peek == UInt8(ascii: "]") { i += 1; break }
                throw fail("expected ',' or ']' in the list, found \(peek.map(describe) ?? "the end of the file")")
            }
            return ConfigValue(kind: .array(items), location: at)
        case UInt8(ascii: "{"):
            // TOML 1.0: on one line (a value inside may span lines, as a list does), keys
            // separated by commas, none after the last, each key once.
            guard depth < Self.maxListDepth else {
                throw fail("lists and inline tables nested more than \(Self.maxListDepth) deep")
            }
            depth += 1
            defer { depth -= 1 }
            i += 1
            var members: [(key: String, value: ConfigValue, location: SourceLocation)] = []
            var keys: Set<String> = []
            skipSpaces()
            if peek == UInt8(ascii: "}") {
                i += 1
                return ConfigValue(kind: .table(members), location: at)
            }
            while true {
                skipSpaces()
                if peek == 0x0A || peek == 0x0D { throw fail("an inline table must be on one line: TOML allows no line break between its keys") }
                let keyAt = here
                let k = try key()
                skipSpaces()
                guard peek == UInt8(ascii: "=") else {
                    throw fail("expected '=' after the key `\(k)` in the inline table, found \(peek.map(describe) ?? "the end of the file")")
                }
                i += 1
                skipSpaces()
                let v = try value()
                guard keys.insert(k).inserted else { throw fail("`\(k)` is given twice in this inline table", at: keyAt) }
                members.append((k, v, keyAt))
                skipSpaces()
                if peek == UInt8(ascii: ",") {
                    i += 1
                    skipSpaces()
                    if peek == UInt8(ascii: "}") { throw fail("a comma after the last key of an inline table: TOML allows none") }
                    continue
                }
                if peek == UInt8(ascii: "}") {
                    i += 1
                    return ConfigValue(kind: .table(members), location: at)
                }
                if peek == 0x0A || peek == 0x0D || peek == UInt8(ascii: "#") {
                    throw fail("an inline table must be on one line: close it with '}' before the line ends")
                }
                throw fail("expected ',' or '}' in the inline table, found \(peek.map(describe) ?? "the end of the file")")
            }
        default:
            let start = i
            while let d = peek, d != 0x20, d != 0x09, d != 0x0A, d != 0x0D, d != UInt8(ascii: ","),
                  d != UInt8(ascii: "]"), d != UInt8(ascii: "}"), d != UInt8(ascii: "#") { i += 1 }
            let wordBytes = Array(bytes[start..<i])
            let word = String(decoding: wordBytes, as: UTF8.self)
            if word == "true" { return ConfigValue(kind: .bool(true), location: at) }
            if word == "false" { return ConfigValue(kind: .bool(false), location: at) }
            // Bytes, not Characters: what a number may hold is ASCII. TOML's grammar first (no
            // leading zero, an underscore only between two digits, digits on both sides of a
            // point), then the value.
            if let kind = Self.number(wordBytes) {
                let digits = String(decoding: wordBytes.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
                if kind == .integer {
                    guard let n = Int(digits) else { throw fail("`\(word)` is out of the range of a 64-bit integer, TOML's integers", at: at) }
                    return ConfigValue(kind: .integer(n), location: at)
                }
                if let d = Double(digits) {
                    guard d.isFinite else {
                        throw fail("`\(word)` is beyond a 64-bit float (it would be infinite), which is not supported: every number of the configuration is finite", at: at)
                    }
                    return ConfigValue(kind: .float(d), location: at)
                }
            }
            if let n = try Self.prefixedInteger(wordBytes, word: word, at: at, fail: fail) {
                return ConfigValue(kind: .integer(n), location: at)
            }
            if ["inf", "+inf", "-inf", "nan", "+nan", "-nan"].contains(word) {
                throw fail("`\(word)` is not supported: every number of the configuration is finite", at: at)
            }
            if Self.looksLikeDateOrTime(wordBytes) {
                throw fail("dates and times are not supported: no setting of the configuration is one", at: at)
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
            guard c == UInt8(ascii: "\\") else {
                // TOML allows no control character in a string but tab: a raw NUL, DEL, ESC or
                // carriage return is refused (what --dry-run shows must be what the program gets).
                if (c < 0x20 && c != 0x09) || c == 0x7F {
                    throw fail("a control character (byte 0x\(String(c, radix: 16))) in a string: write it as an escape, or leave it out",
                               at: SourceLocation(file: file, line: line, column: i - lineStart))
                }
                out.append(c)
                continue
            }
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
                // Exactly n hexadecimal digits: UInt32(_:radix:) alone takes a sign ("\u+041").
                guard i + n <= bytes.count, bytes[i..<(i + n)].allSatisfy(Self.isHexDigit),
                      let v = UInt32(String(decoding: bytes[i..<(i + n)], as: UTF8.self), radix: 16),
                      let scalar = Unicode.Scalar(v) else {
                    throw fail("expected \(n) hexadecimal digits of a Unicode scalar after \\\(Character(Unicode.Scalar(e)))", at: escapeAt)
                }
                i += n
                if scalar.value == 0 {
                    throw fail("\\u0000 in a string is not supported: a program's arguments end at a NUL, so what ran would not be what is written", at: escapeAt)
                }
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            default:
                throw fail("unknown escape \\\(describe(e)) (use \\\\ for a backslash)", at: escapeAt)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
