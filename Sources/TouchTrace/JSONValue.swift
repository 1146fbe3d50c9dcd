import TouchGestures

/// A JSON value as the trace header carries it. Objects keep their members in order, so a
/// trace written back out keeps the order its author chose.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The member named `key` when this is an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// The object, if the value is one.
    public var objectValue: JSONObject? { if case .object(let o) = self { return o }; return nil }
    /// The string, if the value is one.
    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    /// The number, if the value is one.
    public var numberValue: Double? { if case .number(let n) = self { return n }; return nil }
    /// The array, if the value is one.
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
    /// The boolean, if the value is one.
    public var boolValue: Bool? { if case .bool(let b) = self { return b }; return nil }

    /// A word for the kind of value, for error messages: "a string", "an object", …
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A JSON object whose members keep their order.
public struct JSONObject: Hashable, Sendable {
    /// One `"key": value` pair.
    public struct Member: Hashable, Sendable {
        /// The member's name.
        public var key: String
        /// The member's value.
        public var value: JSONValue
        /// A member `key`: `value`.
        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members, in the order written.
    public var members: [Member]

    /// An object of these members, in order.
    public init(_ members: [Member] = []) { self.members = members }

    /// The value of the first member named `key`. JSON leaves duplicate names open; the first
    /// wins here, as in Foundation's JSONDecoder.
    public subscript(key: String) -> JSONValue? {
        get { members.first(where: { $0.key == key })?.value }
        set {
            if let i = members.firstIndex(where: { $0.key == key }) {
                if let v = newValue { members[i].value = v } else { members.remove(at: i) }
            } else if let v = newValue {
                members.append(Member(key, v))
            }
        }
    }

    /// The members' names, in order.
    public var keys: [String] { members.map { $0.key } }
}

// MARK: - Writing

extension JSONValue {
    /// Compact JSON text (`{"a": 1, "b": [true]}`), numbers in their shortest exact form.
    public func serialized() -> String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += formatJSONNumber(n)
        case .string(let s): writeJSONString(s, to: &out)
        case .array(let a):
            out += "["
            for (i, v) in a.enumerated() {
                if i > 0 { out += ", " }
                v.write(to: &out)
            }
            out += "]"
        case .object(let o):
            out += "{"
            for (i, m) in o.members.enumerated() {
                if i > 0 { out += ", " }
                writeJSONString(m.key, to: &out)
                out += ": "
                m.value.write(to: &out)
            }
            out += "}"
        }
    }
}

/// `s` as a JSON string, quoted and escaped, after `out`. With `escapingDelete`, U+007F is
/// escaped too: a TOML basic string (the daemon's `--print-config`) takes the same escapes as
/// JSON, and forbids a raw DEL besides.
package func writeJSONString(_ s: String, to out: inout String, escapingDelete: Bool = false) {
    out += "\""
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where u.value < 0x20 || (escapingDelete && u.value == 0x7F):
            let hex = String(u.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(u)
        }
    }
    out += "\""
}

extension JSONValue {
    /// Parses one JSON value (a settings file, say) with the trace reader's scanner: `bytes`
    /// must hold the whole value; errors name `name` and the line.
    public static func parse(_ bytes: [UInt8], name: String) throws(DiagnosticError) -> JSONValue {
        var bytes = bytes
        bytes.append(0)   // a readable byte past the end, as the scanner may look one ahead
        let count = bytes.count - 1
        return try bytes.withUnsafeBufferPointer { buf throws(DiagnosticError) -> JSONValue in
            var scanner = JSONScanner(buf.baseAddress!, count: count)
            do throws(ScanError) {
                let v = try scanner.parseValue()
                scanner.skipWhitespace()
                if !scanner.atEnd { throw scanner.error("the end of the file") }
                return v
            } catch {
                let (line, column) = lineAndColumn(of: min(error.offset, count), in: bytes)
                throw DiagnosticError([Diagnostic(.error, SourceLocation(file: name, line: line, column: column), error.message)])
            }
        }
    }

    /// Where each member of the object in `bytes` stands, and each member of an object one level
    /// down, by its path of names (`["swipe"]`, `["swipe", "minDistance"]`): what a reader of a
    /// value already parsed needs to say where a key is. Empty for text that is not an object; a
    /// name given twice keeps its first place.
    static func memberLocations(_ bytes: [UInt8], name: String) -> [[String]: SourceLocation] {
        var bytes = bytes
        bytes.append(0)
        let count = bytes.count - 1
        return bytes.withUnsafeBufferPointer { buf in
            var scanner = JSONScanner(buf.baseAddress!, count: count)
            var places: [[String]: SourceLocation] = [:]
            // Line and column by a cursor that only moves forward, as the scan does: one pass
            // over the bytes in all, where counting from the start for each member took time
            // in the square of the file's size.
            var cursor = (offset: 0, line: 1, lineStart: 0)
            func place(_ offset: Int) -> SourceLocation {
                while cursor.offset < offset {
                    if buf[cursor.offset] == 0x0A { cursor.line += 1; cursor.lineStart = cursor.offset + 1 }
                    cursor.offset += 1
                }
                return SourceLocation(file: name, line: cursor.line, column: offset - cursor.lineStart + 1)
            }
            func members(_ path: [String]) throws(ScanError) {
                try scanner.expect(UInt8(ascii: "{"), "'{'")
                scanner.skipWhitespace()
                if scanner.peek() == UInt8(ascii: "}") { scanner.i += 1; return }
                while true {
                    scanner.skipWhitespace()
                    let at = scanner.i
                    let key = try scanner.parseString()
                    if places[path + [key]] == nil { places[path + [key]] = place(at) }
                    try scanner.expect(UInt8(ascii: ":"), "':'")
                    scanner.skipWhitespace()
                    try value(path + [key])
                    scanner.skipWhitespace()
                    guard !scanner.atEnd else { return }
                    let c = scanner.base[scanner.i]
                    scanner.i += 1
                    if c != UInt8(ascii: ",") { return }
                }
            }
            // A value: an object's members and a list's items are located too, at any depth.
            func value(_ path: [String]) throws(ScanError) {
                // No deeper than the parse goes (the text has been parsed before it is located).
                guard path.count < JSONScanner.maxDepth else { return try scanner.skipValue() }
                switch scanner.peek() {
                case UInt8(ascii: "{"): try members(path)
                case UInt8(ascii: "["): try items(path)
                default: try scanner.skipValue()
                }
            }
            func items(_ path: [String]) throws(ScanError) {
                try scanner.expect(UInt8(ascii: "["), "'['")
                scanner.skipWhitespace()
                if scanner.peek() == UInt8(ascii: "]") { scanner.i += 1; return }
                var index = 0
                while true {
                    scanner.skipWhitespace()
                    if places[path + ["\(index)"]] == nil { places[path + ["\(index)"]] = place(scanner.i) }
                    try value(path + ["\(index)"])
                    index += 1
                    scanner.skipWhitespace()
                    guard !scanner.atEnd else { return }
                    let c = scanner.base[scanner.i]
                    scanner.i += 1
                    if c != UInt8(ascii: ",") { return }
                }
            }
            // A syntax error is reported by the parse; what was found before it stands.
            try? members([])
            return places
        }
    }
}

// Literals, so that headers and expectations can be written in code as they read in a trace:
// `["type": "swipe", "direction": "right", "fingers": 1]`.
extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    /// JSON `null`, written `nil`.
    public init(nilLiteral: ()) { self = .null }
    /// A JSON boolean, written as a Swift literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A JSON number, written as a Swift integer literal.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A JSON number, written as a Swift literal.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A JSON string, written as a Swift literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A JSON array, written as a Swift literal.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// A JSON object, written as a Swift literal (members in order).
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { JSONObject.Member($0.0, $0.1) }))
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// An object with these members, in this order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements.map { Member($0.0, $0.1) })
    }
}
