import TouchGestures

extension GestureSettings {
    /// Names a setting had before, still accepted (traces are a contract): old → current.
    public static let keyAliases = settingAliases

    /// Every numeric threshold by its documented name (`swipe.minDistance`, `tap.maxGap`, …), in
    /// mm, s, mm/s or (for `pan.axisBias`) a ratio: ``catalog``'s names.
    public static let keyNames = catalog.map { $0.name }

    /// The settings that take a name or a list of names rather than a number.
    public static let choiceKeyNames = ["swipe.rule", "swipe.diagonals", "pan.axis", "velocityStrategy", "arena.enabled", "arena.together",
                                        "arena.apart", "arena.waitsFor"]

    /// Settings from a JSON object whose keys are the setting names, flat (`"swipe.minDistance":
    /// 10`) or nested (`"swipe": {"minDistance": 10}`). `swipe.rule` names a ``SwipeRule``
    /// (`"heading"`, `"seedMillimeters"`, `"seedPoints"`), whose thresholds the other keys then
    /// override, wherever it stands. Thresholds are numbers; `pan.axis` and
    /// `velocityStrategy` are names; `swipe.diagonals` is `true` or `false`; `arena.enabled` is a list of recognizer names;
    /// `arena.together`, `arena.apart` and `arena.waitsFor` are lists of pairs of names
    /// (`[["swipe", "pan"]]`: in `waitsFor`, the first waits for the second to fail). Unknown keys
    /// and wrong values are errors that name them.
    public static func from(json: JSONValue, source: String) throws(DiagnosticError) -> GestureSettings {
        guard case .object(let root) = json else {
            throw DiagnosticError([Diagnostic(.error, SourceLocation(file: source), "settings must be a JSON object of setting names, found \(json.kindDescription)")])
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
        var problems: [Diagnostic] = []
        func fail(_ msg: String) { problems.append(Diagnostic(.error, SourceLocation(file: source), msg)) }
        // The rule first: it sets the thresholds that the other keys may then change.
        if let rule = flat.first(where: { $0.0 == "swipe.rule" })?.1 {
            if let r = rule.stringValue.flatMap(SwipeRule.init(rawValue:)) { s = GestureSettings(swipeRule: r) } else {
                fail("`swipe.rule` must be one of \(SwipeRule.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), found \(rule.serialized())")
            }
        }
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
        var given: Set<String> = []
        for (written, value) in flat {
            let key = keyAliases[written] ?? written
            // Given twice (or under its old name and its new one): which one would win is
            // not something to guess.
            guard given.insert(key).inserted else {
                fail("`\(written)` is given twice")
                continue
            }
            switch key {
            case "swipe.rule":
                continue
            case "swipe.diagonals":
                if case .bool(let b) = value { s.swipe.diagonals = b } else {
                    fail("`swipe.diagonals` must be true or false, found \(value.serialized())")
                }
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
                for (a, b) in pairs(key, value) ?? [] { s.arena.recognizeTogether(a, b) }
                continue
            case "arena.apart":
                for (a, b) in pairs(key, value) ?? [] { s.arena.recognizeApart(a, b) }
                continue
            case "arena.waitsFor":
                for (a, b) in pairs(key, value) ?? [] { s.arena.require(a, toWaitFor: b) }
                continue
            default:
                break
            }
            guard let setting = GestureSettings.setting(named: key) else {
                fail("unknown setting `\(key)` (expected one of \((keyNames + choiceKeyNames).joined(separator: ", ")))")
                continue
            }
            // A number in the setting's plausible range (the catalog's), or null for no limit
            // where the setting has one: a unit mistaken is refused, saying the unit.
            let number: Double?
            if value == .null, setting.allowsNone {
                number = nil
            } else if let v = value.numberValue {
                number = v
            } else {
                fail("`\(key)` must be a number (\(setting.rangeDescription))\(setting.allowsNone ? " or null for no limit" : ""), found \(value.serialized())")
                continue
            }
            if let problem = s.set(setting, to: number) { fail(problem) }
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
        return s
    }
}
