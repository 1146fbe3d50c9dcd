import TouchGestures

extension GestureEvent {
    /// The event as the trace format's output object: `t`, `type`, then the type's fields.
    public var jsonObject: JSONObject {
        var sink = JSONObjectSink()
        writeFields(to: &sink)
        return sink.object
    }

    /// One line of `touchtrace replay --json`.
    public var jsonLine: String { JSONValue.object(jsonObject).serialized() }
}

/// The output types a replay produces and the fields each carries (besides `t` and `type`),
/// as `GestureEvent.jsonObject` and `ListEvent.jsonObject` write them: what validation
/// checks `expect` and `expectNone` against, so that a misspelled type or field is an error
/// rather than an expectation that can never fail.
public enum OutputTypes {
    /// Each type's fields.
    public static let fields: [String: Set<String>] = [
        "tap": ["x", "y", "taps", "fingers"],
        "swipe": ["direction", "fingers", "start", "end", "duration", "velocity", "edge"],
        "longPress": ["phase", "x", "y", "fingers", "duration"],
        "pan": ["phase", "x", "y", "fingers", "translation", "velocity"],
        "pinch": ["phase", "x", "y", "fingers", "scale"],
        "rotate": ["phase", "x", "y", "fingers", "angle"],
        "fling": ["x", "y", "fingers", "velocity", "speed"],
        "drag": ["phase", "x", "y", "fingers", "start"],
        "sequence": ["name", "index", "x", "y", "fingers", "duration"],
        "won": ["recognizer", "contact"],
        "failed": ["recognizer", "reason", "measured", "limit", "unit", "rival", "sequence", "step", "message"],
        "rowSwipe": ["row", "swiped", "side"],
        "select": ["row"],
        "deselect": ["row"],
        "check": ["row", "checked"],
        "scroll": ["offset", "momentum"],
        "snap": ["offset", "to"],
        "loadMore": ["page"],
        "refresh": [],
        "page": ["page", "rows", "failed"],
        "rowOffset": ["row", "offset"],
        "fullSwipe": ["row", "side"],
        "rowAction": ["row", "side", "index"],
        "edit": ["deleted", "inserted", "moved"],
        "rowDeleted": ["row"],
        "rowInserted": ["row"],
        "rowMoved": ["from", "to"],
    ]

    /// The type names, sorted, for messages.
    public static let names = fields.keys.sorted()

    /// What is wrong with one expectation, if anything: an unknown type, a field its type does
    /// not have, or a tolerance that is not a non-negative number for a field it has.
    static func problems(of expectation: JSONObject) -> [String] {
        guard let type = expectation["type"]?.stringValue else { return [] }
        guard let known = fields[type] else {
            return ["`\(type)` is not an output type (expected one of \(names.joined(separator: ", ")))"]
        }
        var out: [String] = []
        for m in expectation.members where m.key != "type" && m.key != "t" && m.key != "tolerance" && !known.contains(m.key) {
            out.append("`\(type)` has no field `\(m.key)` (its fields: t, \(known.sorted().joined(separator: ", ")))")
        }
        if let tolerance = expectation["tolerance"] {
            if let o = tolerance.objectValue {
                for m in o.members {
                    if m.key != "t" && !known.contains(m.key) {
                        out.append("`tolerance` names `\(m.key)`, which `\(type)` does not have")
                    } else if !(m.value.numberValue.map { $0 >= 0 && $0.isFinite } ?? false) {
                        out.append("`tolerance.\(m.key)` must be a number ≥ 0, found \(m.value.foundDescription)")
                    }
                }
            } else {
                out.append("`tolerance` must be an object of field names and numbers, found \(tolerance.foundDescription)")
            }
        }
        return out
    }
}
