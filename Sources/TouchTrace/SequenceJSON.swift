import TouchGestures

// The settings' `sequences`: declared gestures as data, read wherever settings are read (a
// trace's `scene.settings`, `--settings` files, the C library's settings string).
//
//     "sequences": [
//       {"name": "drawer", "steps": [
//         {"touch": 1, "edge": "bottom"}, {"hold": 0.4}, {"move": "up", "distance": 15}, {"lift": "all"}
//       ]}
//     ]
//
// A step is an object with one action key and that action's own keys, and `within` on any:
//   touch = fingers, edge, along = [from, to]      hold = seconds, tolerance (mm)
//   move = direction, distance (mm or "short", "medium", "long"; default "short"),
//          fingers ("all", "last", "first"; default "all")
//   pinch = "in" | "out", distance (mm)            rotate = "clockwise" | "counterclockwise", angle (°)
//   tap = fingers, taps (1 to 3; default 1)        lift = fingers | "all"

extension GestureSequence {
    /// The keys each action takes besides its own and `within`.
    static let stepKeys: [String: [String]] = [
        "touch": ["edge", "along"], "hold": ["tolerance"], "move": ["distance", "fingers"],
        "pinch": ["distance"], "rotate": ["angle"], "tap": ["taps"], "lift": [],
    ]
    /// The actions, in the order messages list them.
    static let actionKeys = ["touch", "hold", "move", "pinch", "rotate", "tap", "lift"]

    /// The sequences of a settings' `sequences` value (`key` as the file wrote it), with a
    /// problem for each thing wrong, located by `locate` at the member it is about (a path of
    /// names and indices below the value, `["0", "steps", "1", "hold"]`) when known, else at
    /// `at`. A sequence with a problem is left out; names must differ.
    package static func list(from value: JSONValue, key: String, at: SourceLocation,
                             locate: ([String]) -> SourceLocation?) -> (sequences: [GestureSequence], problems: [Diagnostic]) {
        var problems: [Diagnostic] = []
        func fail(_ path: [String], _ message: String) {
            var place: SourceLocation?
            var p = path
            while place == nil, !p.isEmpty {
                place = locate(p)
                p.removeLast()
            }
            problems.append(Diagnostic(.error, place ?? at, message))
        }
        guard let items = value.arrayValue else {
            fail([], "`\(key)` must be a list of sequences ({\"name\": …, \"steps\": […]}), found \(value.foundDescription)")
            return ([], problems)
        }
        var out: [GestureSequence] = []
        var names: Set<String> = []
        for (i, item) in items.enumerated() {
            let here = "\(key)[\(i)]"
            guard let object = item.objectValue else {
                fail(["\(i)"], "`\(here)` must be an object with a name and steps, found \(item.foundDescription)")
                continue
            }
            for m in object.members where m.key != "name" && m.key != "steps" {
                fail(["\(i)", m.key], "`\(here)` has an unknown key `\(m.key)`: a sequence has `name` and `steps`")
            }
            guard let name = object["name"]?.stringValue else {
                fail(["\(i)", "name"], "`\(here).name` must be a string, found \(object["name"]?.foundDescription ?? "nothing")")
                continue
            }
            guard let stepsValue = object["steps"] else {
                fail(["\(i)", "steps"], "`\(here).steps` (\(name)) must be a list of steps, found nothing")
                continue
            }
            guard let sequence = read(name: name, steps: stepsValue, written: here, path: ["\(i)"], fail: fail) else { continue }
            guard names.insert(name).inserted else {
                fail(["\(i)", "name"], "`\(here).name`: the name \"\(name)\" is given to two sequences")
                continue
            }
            out.append(sequence)
        }
        return (out, problems)
    }

    /// The sequence named `name` whose `steps` value is `value`, or `nil` after telling `fail`
    /// each problem: `written` is how messages name the sequence (`sequences[0]`, `[[binding]]`)
    /// and `path` where it stands, for `fail` to locate a member below it.
    package static func read(name: String, steps value: JSONValue, written: String, path: [String],
                             fail: ([String], String) -> Void) -> GestureSequence? {
        guard let stepValues = value.arrayValue else {
            fail(path + ["steps"], "`\(written).steps` (\(name)) must be a list of steps, found \(value.foundDescription)")
            return nil
        }
        var steps: [Step] = []
        var broken = false
        for (k, stepValue) in stepValues.enumerated() {
            switch step(from: stepValue, written: "\(written).steps[\(k)]", sequence: name) {
            case .success(let s): steps.append(s)
            case .failure(let problem):
                fail(path + ["steps", "\(k)"] + (problem.key.map { [$0] } ?? []), problem.message)
                broken = true
            }
        }
        if broken { return nil }
        let sequence = GestureSequence(name: name, steps: steps)
        if let problem = sequence.problem {
            let at = problem.step.map { path + ["steps", "\($0)", problem.key] } ?? path + [problem.key]
            let which = problem.step.map { "\(written).steps[\($0)].\(problem.key)" } ?? "\(written).\(problem.key)"
            fail(at, "`\(which)` (\(name)) \(problem.message)")
            return nil
        }
        return sequence
    }

    /// What is wrong with one step: the key it is about (`nil`: the step) and what.
    struct StepProblem: Error {
        var key: String?
        var message: String
    }

    /// One step from its object.
    static func step(from value: JSONValue, written: String, sequence: String) -> Result<Step, StepProblem> {
        func problem(_ key: String?, _ message: String) -> Result<Step, StepProblem> {
            .failure(StepProblem(key: key, message: "`\(written)\(key.map { "." + $0 } ?? "")` (\(sequence)) \(message)"))
        }
        guard let object = value.objectValue else {
            return problem(nil, "must be an object such as {\"hold\": 0.4}, found \(value.foundDescription)")
        }
        let actions = object.members.map { $0.key }.filter { stepKeys[$0] != nil }
        guard actions.count == 1, let action = actions.first, let given = object[action] else {
            return problem(nil, actions.isEmpty ? "names no action: one of \(actionKeys.map { "`\($0)`" }.joined(separator: ", "))"
                                                 : "names \(actions.count) actions (\(actions.joined(separator: ", "))): one a step")
        }
        let allowed = Set(stepKeys[action]! + [action, "within"])
        if let stray = object.members.first(where: { !allowed.contains($0.key) }) {
            return problem(stray.key, "is not a key of a `\(action)` step, which takes \((stepKeys[action]! + ["within"]).map { "`\($0)`" }.joined(separator: ", "))")
        }
        func count(_ v: JSONValue) -> Int? {
            guard let n = v.numberValue, n == n.rounded(), n >= 1, n <= Double(GestureEngine.maxContacts) else { return nil }
            return Int(n)
        }
        func number(_ key: String, _ unit: String) -> Result<Double?, StepProblem> {
            guard let v = object[key] else { return .success(nil) }
            guard let n = v.numberValue else {
                return .failure(StepProblem(key: key, message: "`\(written).\(key)` (\(sequence)) must be a number of \(unit), found \(v.foundDescription)"))
            }
            return .success(n)
        }
        func name<E: RawRepresentable & CaseIterable>(_ key: String, _: E.Type) -> Result<E?, StepProblem> where E.RawValue == String {
            guard let v = object[key] else { return .success(nil) }
            if let e = v.stringValue.flatMap(E.init(rawValue:)) { return .success(e) }
            return .failure(StepProblem(key: key, message: "`\(written).\(key)` (\(sequence)) must be one of \(E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), found \(v.foundDescription)"))
        }
        let within: Double?
        switch number("within", "seconds") {
        case .success(let w): within = w
        case .failure(let f): return .failure(f)
        }
        let fingersMessage = "must be a whole number of fingers from 1 to \(GestureEngine.maxContacts), found \(given.foundDescription)"
        switch action {
        case "touch":
            guard let n = count(given) else { return problem(action, fingersMessage) }
            let edge: ScreenEdge?
            switch name("edge", ScreenEdge.self) {
            case .success(let e): edge = e
            case .failure(let f): return .failure(f)
            }
            var along: ClosedRange<Double>?
            if let v = object["along"] {
                guard let pair = v.arrayValue, pair.count == 2, let from = pair[0].numberValue, let to = pair[1].numberValue,
                      from >= 0, to <= 1, from < to else {
                    return problem("along", "must be [from, to], fractions of the edge with 0 ≤ from < to ≤ 1, found \(v.foundDescription)")
                }
                along = from...to
            }
            return .success(Step(.touch(fingers: n, edge: edge, along: along), within: within))
        case "hold":
            guard let seconds = given.numberValue else { return problem(action, "must be a number of seconds, found \(given.foundDescription)") }
            switch number("tolerance", "millimetres") {
            case .success(let t): return .success(Step(.hold(seconds: seconds, tolerance: t), within: within))
            case .failure(let f): return .failure(f)
            }
        case "move":
            guard let direction = given.stringValue.flatMap(SwipeDirection.init(rawValue:)) else {
                return problem(action, "must be one of \(SwipeDirection.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), found \(given.foundDescription)")
            }
            var distance = Distance.short
            if let v = object["distance"] {
                switch v {
                case .number(let mm): distance = .millimeters(mm)
                case .string("short"): distance = .short
                case .string("medium"): distance = .medium
                case .string("long"): distance = .long
                default: return problem("distance", "must be a number of millimetres or \"short\", \"medium\", \"long\", found \(v.foundDescription)")
                }
            }
            switch name("fingers", Fingers.self) {
            case .success(let f): return .success(Step(.move(direction, distance: distance, fingers: f ?? .all), within: within))
            case .failure(let f): return .failure(f)
            }
        case "pinch":
            guard let way = given.stringValue.flatMap(GesturePattern.PinchWay.init(rawValue:)) else {
                return problem(action, "must be \"in\" or \"out\", found \(given.foundDescription)")
            }
            switch number("distance", "millimetres") {
            case .success(let d?): return .success(Step(.pinch(way, distance: d), within: within))
            case .success(nil): return problem("distance", "is needed: how far the spread changes, in millimetres")
            case .failure(let f): return .failure(f)
            }
        case "rotate":
            guard let turn = given.stringValue.flatMap(GesturePattern.Turn.init(rawValue:)) else {
                return problem(action, "must be \"clockwise\" or \"counterclockwise\", found \(given.foundDescription)")
            }
            switch number("angle", "degrees") {
            case .success(let a?): return .success(Step(.rotate(turn, angle: a), within: within))
            case .success(nil): return problem("angle", "is needed: how far the fingers turn, in degrees")
            case .failure(let f): return .failure(f)
            }
        case "tap":
            guard let n = count(given) else { return problem(action, fingersMessage) }
            var taps = 1
            if let v = object["taps"] {
                guard let t = v.numberValue, t == t.rounded(), (1...3).contains(t) else {
                    return problem("taps", "must be 1, 2 or 3, found \(v.foundDescription)")
                }
                taps = Int(t)
            }
            return .success(Step(.tap(fingers: n, taps: taps), within: within))
        default:   // lift
            if given == .string("all") { return .success(Step(.lift(nil), within: within)) }
            guard let n = count(given) else { return problem(action, "must be \"all\" or \(fingersMessage.dropFirst(8))") }
            return .success(Step(.lift(n), within: within))
        }
    }
}

extension GestureSequence {
    /// The sequence as its settings read it: `{name = "drawer", steps = [{touch = 1, …}, …]}`
    /// in TOML's inline tables, or `{"name": "drawer", "steps": [{"touch": 1, …}, …]}` in JSON;
    /// a step's keys in the order its reader lists them, each only when it is not its default.
    /// Numbers are written in full, so that the text reads back to the same sequence.
    package func settingsText(toml: Bool) -> String {
        func key(_ k: String) -> String { toml ? k : "\"\(k)\"" }
        func member(_ k: String, _ v: String) -> String { key(k) + (toml ? " = " : ": ") + v }
        func text(_ s: String) -> String { JSONValue.string(s).serialized() }
        func number(_ v: Double) -> String { formatJSONNumber(v) }
        let steps = steps.map { step -> String in
            var parts: [String] = []
            switch step.action {
            case .touch(let fingers, let edge, let along):
                parts.append(member("touch", "\(fingers)"))
                if let edge { parts.append(member("edge", text(edge.rawValue))) }
                if let along { parts.append(member("along", "[\(number(along.lowerBound)), \(number(along.upperBound))]")) }
            case .hold(let seconds, let tolerance):
                parts.append(member("hold", number(seconds)))
                if let tolerance { parts.append(member("tolerance", number(tolerance))) }
            case .move(let direction, let distance, let fingers):
                parts.append(member("move", text(direction.rawValue)))
                switch distance {
                case .short: break
                case .medium: parts.append(member("distance", text("medium")))
                case .long: parts.append(member("distance", text("long")))
                case .millimeters(let mm): parts.append(member("distance", number(mm)))
                }
                if fingers != .all { parts.append(member("fingers", text(fingers.rawValue))) }
            case .pinch(let way, let distance):
                parts += [member("pinch", text(way.rawValue)), member("distance", number(distance))]
            case .rotate(let turn, let angle):
                parts += [member("rotate", text(turn.rawValue)), member("angle", number(angle))]
            case .tap(let fingers, let taps):
                parts.append(member("tap", "\(fingers)"))
                if taps != 1 { parts.append(member("taps", "\(taps)")) }
            case .lift(let count):
                parts.append(member("lift", count.map { "\($0)" } ?? text("all")))
            }
            if let within = step.within { parts.append(member("within", number(within))) }
            return "{" + parts.joined(separator: ", ") + "}"
        }
        return "{" + member("name", text(name)) + ", " + member("steps", "[" + steps.joined(separator: ", ") + "]") + "}"
    }
}
