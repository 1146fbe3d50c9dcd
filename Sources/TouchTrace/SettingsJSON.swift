import TouchGestures

extension GestureSettings {
    /// Every numeric threshold by its documented name (`swipe.minDistance`, `tap.maxGap`, …), in
    /// mm, s, mm/s or (for `pan.axisBias`) a ratio.
    public static let keyNames = ["swipe.minDistance", "swipe.maxDrift", "swipe.maxDuration", "swipe.edgeZone",
                                  "tap.maxMovement", "tap.maxDuration", "tap.maxGap", "tap.maxSpacing", "tap.maxCount",
                                  "longPress.minDuration", "longPress.maxMovement",
                                  "pan.minDistance", "pan.axisBias", "pinch.minSpanChange", "pinch.minArc",
                                  "fling.minVelocity", "fling.maxVelocity", "fling.minDistance"]

    /// The settings that take a name or a list of names rather than a number.
    public static let choiceKeyNames = ["pan.axis", "velocityStrategy", "arena.enabled", "arena.together",
                                        "arena.apart", "arena.waitsFor"]

    /// Settings from a JSON object whose keys are the setting names, flat (`"swipe.minDistance":
    /// 10`) or nested (`"swipe": {"minDistance": 10}`). Thresholds are numbers; `pan.axis` and
    /// `velocityStrategy` are names; `arena.enabled` is a list of recognizer names;
    /// `arena.together`, `arena.apart` and `arena.waitsFor` are lists of pairs of names
    /// (`[["swipe", "pan"]]`: in `waitsFor`, the first waits for the second to fail). Unknown keys
    /// and wrong values are errors that name them.
    public static func from(json: JSONValue, source: String) throws(TraceError) -> GestureSettings {
        guard case .object(let root) = json else {
            throw TraceError([TraceDiagnostic(.error, TraceLocation(file: source), "settings must be a JSON object of setting names, found \(json.kindDescription)")])
        }
        var flat: [(String, JSONValue)] = []
        for m in root.members {
            if case .object(let inner) = m.value {
                for i in inner.members { flat.append((m.key + "." + i.key, i.value)) }
            } else {
                flat.append((m.key, m.value))
            }
        }
        var s = GestureSettings()
        var problems: [TraceDiagnostic] = []
        func fail(_ msg: String) { problems.append(TraceDiagnostic(.error, TraceLocation(file: source), msg)) }
        let recognizerNames = RecognizerName.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        func names(_ key: String, _ value: JSONValue) -> [RecognizerName]? {
            guard let items = value.arrayValue else {
                fail("`\(key)` must be a list of recognizer names, found \(value.serialized())")
                return nil
            }
            var out: [RecognizerName] = []
            for item in items {
                guard let n = item.stringValue.flatMap(RecognizerName.init(rawValue:)) else {
                    fail("`\(key)` holds \(item.serialized()), expected one of \(recognizerNames)")
                    return nil
                }
                out.append(n)
            }
            return out
        }
        func pairs(_ key: String, _ value: JSONValue) -> [(RecognizerName, RecognizerName)]? {
            guard let items = value.arrayValue else {
                fail("`\(key)` must be a list of pairs of recognizer names, found \(value.serialized())")
                return nil
            }
            var out: [(RecognizerName, RecognizerName)] = []
            for item in items {
                guard let two = names(key, item) else { return nil }
                guard two.count == 2, two[0] != two[1] else {
                    fail("`\(key)` must hold pairs of two different recognizer names, found \(item.serialized())")
                    return nil
                }
                out.append((two[0], two[1]))
            }
            return out
        }
        for (key, value) in flat {
            switch key {
            case "tap.maxDuration" where value == .null:
                s.tap.maxDuration = nil
                continue
            case "pan.axis":
                if let a = value.stringValue.flatMap(PanAxis.init(rawValue:)) { s.pan.axis = a } else {
                    fail("`pan.axis` must be one of \(PanAxis.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), found \(value.serialized())")
                }
                continue
            case "velocityStrategy":
                if let v = value.stringValue.flatMap(VelocityStrategy.init(rawValue:)) { s.velocityStrategy = v } else {
                    fail("`velocityStrategy` must be one of \(VelocityStrategy.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), found \(value.serialized())")
                }
                continue
            case "arena.enabled":
                if let list = names(key, value) { s.arena.enabled = RecognizerSet(list) }
                continue
            case "arena.together":
                for (a, b) in pairs(key, value) ?? [] { s.arena.recogniseTogether(a, b) }
                continue
            case "arena.apart":
                for (a, b) in pairs(key, value) ?? [] { s.arena.recogniseApart(a, b) }
                continue
            case "arena.waitsFor":
                for (a, b) in pairs(key, value) ?? [] { s.arena.require(a, toWaitFor: b) }
                continue
            default:
                break
            }
            guard keyNames.contains(key) else {
                fail("unknown setting `\(key)` (expected one of \((keyNames + choiceKeyNames).joined(separator: ", ")))")
                continue
            }
            guard let v = value.numberValue, v.isFinite, v >= 0 else {
                fail("`\(key)` must be a number ≥ 0, found \(value.serialized())")
                continue
            }
            switch key {
            case "swipe.minDistance": s.swipe.minDistance = v
            case "swipe.maxDrift": s.swipe.maxDrift = v
            case "swipe.maxDuration": s.swipe.maxDuration = v
            case "swipe.edgeZone": s.swipe.edgeZone = v
            case "tap.maxMovement": s.tap.maxMovement = v
            case "tap.maxDuration": s.tap.maxDuration = v
            case "tap.maxGap": s.tap.maxGap = v
            case "tap.maxSpacing": s.tap.maxSpacing = v
            case "tap.maxCount":
                guard v >= 1, v <= 100, v == v.rounded() else { fail("`tap.maxCount` must be a whole number from 1 to 100, found \(formatJSONNumber(v))"); continue }
                s.tap.maxCount = Int(v)
            case "longPress.minDuration": s.longPress.minDuration = v
            case "longPress.maxMovement": s.longPress.maxMovement = v
            case "pan.minDistance": s.pan.minDistance = v
            case "pan.axisBias": s.pan.axisBias = v
            case "pinch.minSpanChange": s.pinch.minSpanChange = v
            case "pinch.minArc": s.pinch.minArc = v
            case "fling.minVelocity": s.fling.minVelocity = v
            case "fling.maxVelocity": s.fling.maxVelocity = v
            case "fling.minDistance": s.fling.minDistance = v
            default: break
            }
        }
        if !problems.isEmpty { throw TraceError(problems) }
        return s
    }
}
