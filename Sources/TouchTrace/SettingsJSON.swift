import TouchGestures

extension GestureSettings {
    /// Names a setting had before, still accepted (traces are a contract): old → current.
    public static let keyAliases = settingAliases

    /// Every numeric threshold by its documented name (`swipe.minDistance`, `tap.maxGap`, …), in
    /// mm, s, mm/s or (for `pan.axisBias`) a ratio: the names of ``catalog``'s numbers.
    public static let keyNames = catalog.filter { $0.kind == .number }.map { $0.name }

    /// The settings that take a name, a flag or a list rather than a number: the names of
    /// ``catalog``'s choices.
    public static let choiceKeyNames = catalog.filter { $0.kind != .number }.map { $0.name }

    /// Settings from a JSON object whose keys are the setting names, flat (`"swipe.minDistance":
    /// 10`) or nested (`"swipe": {"minDistance": 10}`). `swipe.rule` names a ``SwipeRule``
    /// (`"heading"`, `"seedMillimeters"`, `"seedPoints"`), whose thresholds the other keys then
    /// override, wherever it stands. Thresholds are numbers; `swipe.axis`, `pan.axis` and
    /// `velocityStrategy` are names; `swipe.diagonals` is `true` or `false`; `arena.enabled` is a list of recognizer names;
    /// `arena.together`, `arena.apart` and `arena.waitsFor` are lists of pairs of names
    /// (`[["swipe", "pan"]]`: in `waitsFor`, the first waits for the second to fail);
    /// `sequences` is a list of declared sequences (``GestureSequence``: `{"name": "drawer",
    /// "steps": [{"touch": 1, "edge": "bottom"}, {"hold": 0.4}, {"move": "up", "distance": 15}]}`).
    /// Unknown keys and wrong values are errors that name them, at `source`.
    public static func from(json: JSONValue, source: String) throws(DiagnosticError) -> GestureSettings {
        try from(json: json, source: source, places: [:])
    }

    /// As ``from(json:source:)``, for the text of a settings file or string: each problem is
    /// located at the line and column of the key it is about (a syntax error at its own).
    public static func from(text: [UInt8], name: String) throws(DiagnosticError) -> GestureSettings {
        let json = try JSONValue.parse(text, name: name)
        let places = JSONValue.memberLocations(text, name: name)
        return try from(json: json, source: name, places: places)
    }

    /// `places` gives where each member is by its path of names and indices
    /// (`["swipe", "minDistance"]`, `["sequences", "0", "steps", "1", "hold"]`), when the caller knows.
    static func from(json: JSONValue, source: String, places: [[String]: SourceLocation]) throws(DiagnosticError) -> GestureSettings {
        func locate(_ path: [String]) -> SourceLocation? { places[path] }
        guard case .object(let root) = json else {
            throw DiagnosticError([Diagnostic(.error, SourceLocation(file: source), "settings must be a JSON object of setting names, found \(json.kindDescription)")])
        }
        var entries: [SettingEntry] = []
        for m in root.members {
            // A group of settings (`"swipe": {…}`) is flattened; `sequences` is a list of its own.
            if case .object(let inner) = m.value, m.key != "sequences" {
                for i in inner.members {
                    entries.append(SettingEntry(m.key + "." + i.key, i.value, locate([m.key, i.key]) ?? SourceLocation(file: source)))
                }
            } else {
                var entry = SettingEntry(m.key, m.value, locate([m.key]) ?? SourceLocation(file: source))
                if case .array = m.value {
                    // Where the members inside a list stand, for a problem with one of them.
                    for (path, place) in places where path.count > 1 && path[0] == m.key { entry.places[Array(path.dropFirst())] = place }
                }
                entries.append(entry)
            }
        }
        return try read(entries).settings
    }

    /// One setting as a file gave it: its name (`swipe.minDistance`, or an older one of
    /// ``keyAliases``), its value (a threshold's "no limit" as `null`), and where it stands.
    package struct SettingEntry: Sendable {
        package var name: String
        package var value: JSONValue
        package var location: SourceLocation
        /// How the file wrote the key, for messages (`minDistance` under `[settings.swipe]`).
        package var written: String
        /// Where the members inside the value stand, by their path below it (`["0", "steps"]`),
        /// where the file's reader knows: a problem deep in a list is located at its member.
        package var places: [[String]: SourceLocation] = [:]

        package init(_ name: String, _ value: JSONValue, _ location: SourceLocation, written: String? = nil) {
            self.name = name
            self.value = value
            self.location = location
            self.written = written ?? name
        }
    }

    /// The one reader of settings by name, for every format that names them (a trace's
    /// `scene.settings`, `--settings` files, the C API's strings, the daemon's TOML): the
    /// settings and the names given (after ``keyAliases``). `noLimit` is how the format writes
    /// a threshold's "no limit", for messages. Every problem is an error at its entry.
    package static func read(_ entries: [SettingEntry], noLimit: String = "null") throws(DiagnosticError)
        -> (settings: GestureSettings, given: Set<String>) {
        var s = GestureSettings()
        var problems: [Diagnostic] = []
        var at = SourceLocation()
        func fail(_ msg: String) { problems.append(Diagnostic(.error, at, msg)) }
        // The rule first: it sets the thresholds that the other keys may then change.
        if let rule = entries.first(where: { $0.name == "swipe.rule" }) {
            at = rule.location
            if let setting = setting(named: "swipe.rule"), case .word(let words) = setting.kind,
               let w = rule.value.stringValue, words.contains(w) {
                s.set(setting, word: w)
            } else {
                fail("`swipe.rule` must be one of \(SwipeRule.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), found \(rule.value.foundDescription)")
            }
        }
        let recognizerNames = RecognizerName.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        func names(_ key: String, _ value: JSONValue) -> [RecognizerName]? {
            guard let items = value.arrayValue else {
                fail("`\(key)` must be a list of recognizer names, found \(value.foundDescription)")
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
                fail("`\(key)` must be a list of pairs of recognizer names, found \(value.foundDescription)")
                return nil
            }
            var out: [(RecognizerName, RecognizerName)] = []
            for item in items {
                guard let two = names(key, item) else { return nil }
                guard two.count == 2, two[0] != two[1] else {
                    fail("`\(key)` must hold pairs of two different recognizer names, found \(item.foundDescription)")
                    return nil
                }
                out.append((two[0], two[1]))
            }
            return out
        }
        var given: Set<String> = []
        for entry in entries {
            let written = entry.written, value = entry.value
            let key = keyAliases[entry.name] ?? entry.name
            at = entry.location
            // A problem names the key as the file wrote it, and an older key what it stands for.
            func fail(_ msg: String) {
                let said = written == key ? msg : msg.replacingFirst("`\(key)`", with: "`\(written)` (\(key))")
                problems.append(Diagnostic(.error, at, said))
            }
            // Given twice (or under its old name and its new one): which one would win is
            // not something to guess.
            guard given.insert(key).inserted else {
                fail("`\(written)` is given twice")
                continue
            }
            guard let setting = GestureSettings.setting(named: key) else {
                fail("unknown setting `\(written)` (\(nearest(to: key)))")
                continue
            }
            // A choice, by its kind in the catalog.
            switch setting.kind {
            case .number:
                break
            case .word(let words):
                // The swipe's rule was applied first, above.
                guard key != "swipe.rule" else { continue }
                if let w = value.stringValue, words.contains(w) { s.set(setting, word: w) } else {
                    fail("`\(key)` must be \(setting.rangeDescription), found \(value.foundDescription)")
                }
                continue
            case .flag:
                if case .bool(let b) = value { s.set(setting, flag: b) } else {
                    fail("`\(key)` must be true or false, found \(value.foundDescription)")
                }
                continue
            case .recognizers:
                if let list = names(key, value) { s.set(setting, recognizers: RecognizerSet(list)) }
                continue
            case .recognizerPairs:
                for (a, b) in pairs(key, value) ?? [] { s.add(setting, pair: (a, b)) }
                continue
            case .sequences:
                let read = GestureSequence.list(from: value, key: written, at: at, locate: { entry.places[$0] })
                s.sequences = read.sequences
                problems += read.problems
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
                fail("`\(key)` must be a number (\(setting.rangeDescription))\(setting.allowsNone ? " or \(noLimit) for \(setting.noneMeaning)" : ""), found \(value.foundDescription)")
                continue
            }
            if let problem = s.set(setting, to: number) { fail(problem) }
        }
        // What the settings say together: a fling faster than its own upper limit could never be
        // one (it was reported under its own minimum).
        if s.fling.minVelocity > s.fling.maxVelocity {
            let high = s.fling.maxVelocity
            let at = entries.first { (keyAliases[$0.name] ?? $0.name) == "fling.minVelocity" }?.location
                ?? entries.first { (keyAliases[$0.name] ?? $0.name) == "fling.maxVelocity" }?.location ?? SourceLocation()
            problems.append(Diagnostic(.error, at, "`fling.minVelocity` (\(formatJSONNumber(s.fling.minVelocity)) mm/s) is above `fling.maxVelocity` (\(formatJSONNumber(high)) mm/s): no fling could be both"))
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
        return (s, given)
    }

    /// For an unknown name: the names it is nearest (a letter or two off, or the same name in
    /// another group: `minDistance` of `swipe`, `pan`, `fling`), else all of them.
    static func nearest(to key: String) -> String {
        let all = keyNames + choiceKeyNames
        // A group's name given a value of its own: its settings go in an object.
        if !key.contains("."), all.contains(where: { $0.hasPrefix(key + ".") }) {
            return "`\(key)` is a group: its settings go in an object, like {\"\(key)\": {\"\(all.first { $0.hasPrefix(key + ".") }!.dropFirst(key.count + 1))\": …}}"
        }
        let last = key.split(separator: ".").last.map(String.init) ?? key
        let near = all.filter { name in
            HeaderDecoder.distance(name.lowercased(), key.lowercased()) <= 2
                || name.split(separator: ".").last.map { HeaderDecoder.distance(String($0).lowercased(), last.lowercased()) <= 1 } ?? false
        }
        if near.isEmpty { return "expected one of \(all.joined(separator: ", "))" }
        return "did you mean \(near.map { "`\($0)`" }.joined(separator: " or "))?"
    }
}

extension String {
    /// The text with the first `target` replaced (no Foundation in the daemon).
    package func replacingFirst(_ target: String, with replacement: String) -> String {
        var i = startIndex
        while i < endIndex {
            if self[i...].hasPrefix(target) {
                return String(self[..<i]) + replacement + String(self[index(i, offsetBy: target.count)...])
            }
            i = index(after: i)
        }
        return self
    }
}
