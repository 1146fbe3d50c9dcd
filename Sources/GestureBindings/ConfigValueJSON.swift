import TouchGestures
import TouchTrace

// A configuration value as the rest of the daemon reads it: the JSON value the settings reader
// takes, where each member inside it stands, and its text for messages.

extension ConfigValue {
    var string: String? { if case .string(let s) = kind { s } else { nil } }

    /// The value as written, near enough for an error message.
    var text: String {
        switch kind {
        case .string(let s): "\"\(visibleText(s))\""
        case .integer(let i): String(i)
        case .float(let d): formatJSONNumber(d)
        case .bool(let b): b ? "true" : "false"
        case .array(let a): "[" + a.map { $0.text }.joined(separator: ", ") + "]"
        case .table(let members): "{" + members.map { "\($0.key) = \($0.value.text)" }.joined(separator: ", ") + "}"
        }
    }
}

extension ConfigValue {
    /// A TOML value as the JSON one the settings reader takes; `"none"` is JSON's `null` where
    /// the setting takes one (a threshold's "no limit", or "off": `GestureSettingInfo.noneMeaning`).
    func json(noneIsNull: Bool) -> JSONValue {
        switch kind {
        case .string(let t): noneIsNull && t == "none" ? .null : .string(t)
        case .integer(let i): .number(Double(i))
        case .float(let d): .number(d)
        case .bool(let b): .bool(b)
        case .array(let items): .array(items.map { $0.json(noneIsNull: false) })
        case .table(let members): .object(JSONObject(members.map { .init($0.key, $0.value.json(noneIsNull: false)) }))
        }
    }

    /// Where each member inside the value stands, by its path below it (`["0", "steps", "1", "hold"]`:
    /// a list's items by index, a table's by key), for a problem deep inside a value.
    func places(_ path: [String] = [], into out: inout [[String]: SourceLocation]) {
        switch kind {
        case .array(let items):
            for (k, item) in items.enumerated() {
                out[path + ["\(k)"]] = item.location
                item.places(path + ["\(k)"], into: &out)
            }
        case .table(let members):
            for m in members {
                out[path + [m.key]] = m.location
                m.value.places(path + [m.key], into: &out)
            }
        case .string, .integer, .float, .bool:
            break
        }
    }
}
