import TouchGestures
import TouchTrace

// A configuration file's [[binding]] tables: each binding's keys, its gesture and command, and
// a sequence binding's steps and name (DaemonConfig reads the file's tables and calls these).

extension DaemonConfig {
    /// The sequence a `gesture = "sequence"` binding names, where, and whether its own `steps`
    /// declare it.
    struct NamedSequence {
        var name: String
        var at: SourceLocation
        var declares: Bool
        /// Where the binding says `stream = true`, when it does: its sequence must have a step
        /// to follow (``GestureSequence/followedStep``).
        var streams: SourceLocation? = nil
    }

    /// Every sequence binding names one sequence, and no two sequences share a name: a binding
    /// with no `steps` names one of `[settings] sequences`; one with its own steps gives a new one.
    /// Then each binding's pattern names its sequence by its index in ``settings``' sequences.
    mutating func checkSequenceNames(_ names: [NamedSequence], _ fail: (String, SourceLocation) -> Void) {
        var seen: [String: String] = [:]
        for q in thresholds.sequences { seen[q.name] = "in [settings] sequences" }
        for n in names {
            if n.declares {
                if let before = seen[n.name] {
                    fail("the sequence name \"\(visibleText(n.name))\" is given already (\(before)): give this binding another `name`", n.at)
                }
                seen[n.name] = "by the binding at line \(n.at.line ?? 0)"
            }
            if let at = n.streams, let q = (thresholds.sequences + bindingSequences).first(where: { $0.name == n.name }), q.followedStep == nil {
                fail("`stream = true` follows a sequence's last move, pinch or rotate step, and \"\(visibleText(n.name))\" has none", at)
            }
            if n.declares { continue }
            if !thresholds.sequences.contains(where: { $0.name == n.name }) {
                let known = thresholds.sequences.map { "\"\(visibleText($0.name))\"" }.joined(separator: ", ")
                fail("no sequence in [settings] sequences is named \"\(visibleText(n.name))\": give this binding its `steps`, or name one of them"
                     + (known.isEmpty ? " (there are none)" : " (\(known))"), n.at)
            }
        }
        let all = thresholds.sequences + bindingSequences
        for k in bindings.indices where bindings[k].gesture.kind == .sequence {
            bindings[k].gesture.sequence = all.firstIndex { $0.name == bindings[k].sequenceName }
        }
    }

    static let bindingKeys = ["gesture", "direction", "fingers", "edge", "distance", "mode", "step", "stream", "taps", "name", "steps",
                              "command", "shell", "action"]

    static func binding(_ table: ConfigTable, repeatStep: Double, sequences: inout [GestureSequence], names: inout [NamedSequence],
                                _ fail: (String, SourceLocation) -> Void) -> Binding? {
        var values: [String: (value: ConfigValue, location: SourceLocation)] = [:]
        var ok = true
        for e in table.entries {
            guard bindingKeys.contains(e.key) else {
                fail("unknown binding key `\(e.key)` (expected \(bindingKeys.joined(separator: ", ")))", e.location)
                ok = false
                continue
            }
            values[e.key] = (e.value, e.location)
        }
        func bad(_ key: String, _ expected: String) {
            if let v = values[key]?.value { fail("`\(key)` must be \(expected), found \(v.text)", v.location) }
            ok = false
        }
        let millimetreRange = "\(formatJSONNumber(FollowRequest.thresholds.lowerBound)) to \(formatJSONNumber(FollowRequest.thresholds.upperBound))"
        let origin = "\(table.location.file ?? ""):\(table.location.line ?? 0)"
        guard let g = values["gesture"] else {
            fail("this [[binding]] has no `gesture` (one of \(GesturePattern.Kind.allCases.map { $0.rawValue }.joined(separator: ", ")))", table.location)
            return nil
        }
        guard let gesture = g.value.string.flatMap(GesturePattern.Kind.init(rawValue:)) else {
            bad("gesture", "one of \(GesturePattern.Kind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
            return nil
        }
        var b = Binding(gesture: GesturePattern(gesture), command: .argv([]), origin: origin)
        func only(_ key: String, for gestures: [GesturePattern.Kind]) -> Bool {
            guard let v = values[key] else { return false }
            if !gestures.contains(gesture) {
                let names = gestures.map { $0.rawValue }
                let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + names.last! : names.joined()
                fail("`\(key)` does not apply to a \(gesture.rawValue) (only to \(list))", v.location)
                ok = false
                return false
            }
            return true
        }
        if gesture == .sequence {
            guard let name = sequence(table, values, &sequences, &names, fail) else { return nil }
            b.sequenceName = name
            for key in ["fingers", "edge"] {
                if let v = values[key] { fail("`\(key)` does not apply to a sequence: its steps say where it starts and with how many fingers", v.location); ok = false }
            }
        } else {
            for key in ["name", "steps"] {
                if let v = values[key] { fail("`\(key)` does not apply to a \(gesture.rawValue) (only to a sequence)", v.location); ok = false }
            }
        }
        if let d = values["direction"] {
            switch gesture {
            case .swipe:
                if let s = d.value.string.flatMap(SwipeDirection.init(rawValue:)) { b.gesture.direction = s } else {
                    bad("direction", "a swipe direction: " + SwipeDirection.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
                }
            case .pinch:
                if let s = d.value.string.flatMap(GesturePattern.PinchWay.init(rawValue:)) { b.gesture.pinch = s } else { bad("direction", "\"in\" or \"out\"") }
            case .rotate:
                if let s = d.value.string.flatMap(GesturePattern.Turn.init(rawValue:)) { b.gesture.turn = s } else { bad("direction", "\"clockwise\" or \"counterclockwise\"") }
            case .tap, .longPress, .sequence:
                fail("`direction` does not apply to a \(gesture.rawValue)", d.location)
                ok = false
            }
        }
        if gesture != .sequence, let f = values["fingers"] {
            if f.value.string == "any" { b.gesture.fingers = nil } else if let n = f.value.number, n >= 1, n <= 10, n == n.rounded() { b.gesture.fingers = Int(n) } else {
                bad("fingers", "a finger count from 1 to 10, or \"any\"")
            }
        }
        if gesture != .sequence, let e = values["edge"] {
            switch e.value.string {
            case "any": b.gesture.edge = .any
            case "none": b.gesture.edge = .none
            case let s?: if let edge = ScreenEdge(rawValue: s) { b.gesture.edge = .edge(edge) } else { fallthrough }
            default: bad("edge", "\"any\", \"none\" or an edge: " + ScreenEdge.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
            }
        }
        var streams = false
        if only("stream", for: [.swipe, .pinch, .rotate, .sequence]), let v = values["stream"] {
            if case .bool(let on) = v.value.kind { streams = on } else { bad("stream", "true (the command reads the gesture's progress while it happens) or false") }
            if streams, let m = values["mode"] {
                fail("`stream = true` and `mode` are two ways of running a binding: give one of them", m.location)
                ok = false
            }
        }
        if streams, gesture == .pinch || gesture == .rotate, let d = values["distance"] {
            // A pinch's or rotation's stream measures in millimeters too: the spread's change, the arc.
            if let mm = d.value.number, FollowRequest.thresholds.contains(mm) { b.distance = .atLeast(mm) } else {
                bad("distance", "a length in millimeters, \(millimetreRange): the \(gesture == .pinch ? "change of the fingers' spread" : "arc the fingers turn through") at which the stream commits")
            }
        } else if only("distance", for: [.swipe]), let d = values["distance"] {
            switch d.value.kind {
            case .string("any"): b.distance = .any
            case .string("short"), .string("S"): b.distance = .short
            case .string("medium"), .string("M"): b.distance = .medium
            case .string("long"), .string("L"): b.distance = .long
            default:
                if let mm = d.value.number, FollowRequest.thresholds.contains(mm) { b.distance = .atLeast(mm) } else {
                    bad("distance", "\"short\", \"medium\", \"long\" (thirds of the screen), \"any\", or a length in millimeters, \(millimetreRange)")
                }
            }
        }
        var step = repeatStep
        if only("step", for: [.swipe]), let s = values["step"] {
            if let v = s.value.number, v > 0, v <= 1000 { step = v } else { bad("step", "a length in millimeters above 0") }
            if values["mode"]?.value.string != "repeat" { fail("`step` needs mode = \"repeat\"", s.location); ok = false }
        }
        if only("mode", for: [.swipe]), let m = values["mode"] {
            switch m.value.string {
            case "release": b.mode = .release
            case "repeat": b.mode = .repeating(step: step)
            default: bad("mode", "\"release\" (once, at the lift) or \"repeat\" (every `step` mm while moving)")
            }
        }
        if streams { b.mode = .stream }
        if only("taps", for: [.tap]), let t = values["taps"] {
            if let n = t.value.number, n >= 1, n <= 3, n == n.rounded() { b.gesture.taps = Int(n) } else { bad("taps", "1, 2 or 3") }
        }
        if let a = values["action"] {
            if streams {
                fail("`action` cannot stream: give `command` or `shell` for a streaming binding", a.location)
                return nil
            }
            if values["command"] != nil || values["shell"] != nil {
                fail("give `action`, `command` or `shell`, one of them", a.location)
                return nil
            }
            guard a.value.string == "save-trace" else {
                bad("action", "\"save-trace\" (save the last seconds of touches as a trace)")
                return nil
            }
            b.command = .saveTrace
            return ok ? b : nil
        }
        switch (values["command"], values["shell"]) {
        case (let c?, nil):
            if case .array(let items) = c.value.kind, !items.isEmpty, items.allSatisfy({ $0.string != nil }),
               let program = items.first?.string, !program.isEmpty {
                b.command = .argv(items.compactMap { $0.string })
            } else {
                bad("command", "a list of a program and its arguments, like [\"notify-send\", \"swiped\"] (for a shell command line, write shell = \"…\")")
            }
        case (nil, let s?):
            if let text = s.value.string, !text.isBlank { b.command = .shell(text) } else { bad("shell", "a command line for /bin/sh") }
        case (_?, let s?):
            fail("give `command` or `shell`, not both", s.location)
            ok = false
        case (nil, nil):
            fail("this [[binding]] has no `command` (a program and its arguments), `shell` (a command line) or `action`", table.location)
            ok = false
        }
        return ok ? b : nil
    }

    /// The sequence a `gesture = "sequence"` binding runs: its `name`, and its own `steps` read
    /// as `[settings] sequences` reads a sequence's (each mistake at its line and column), added
    /// to `sequences`; a binding with no steps names a sequence of `[settings] sequences`, which
    /// ``checkSequenceNames(_:_:)`` finds once every table is read. `nil` after a problem.
    private static func sequence(_ table: ConfigTable, _ values: [String: (value: ConfigValue, location: SourceLocation)],
                                 _ sequences: inout [GestureSequence], _ names: inout [NamedSequence],
                                 _ fail: (String, SourceLocation) -> Void) -> String? {
        let given = values["name"]
        let name: String
        if let given {
            guard let s = given.value.string, !s.isEmpty, s.utf8.count <= GestureSequence.maxNameBytes else {
                fail("`name` must be the sequence's name, 1 to \(GestureSequence.maxNameBytes) bytes, found \(given.value.text)", given.value.location)
                return nil
            }
            name = s
        } else if values["steps"] != nil {
            // Unique in a file, and says where to look: a trace's output and --explain name it.
            name = "line \(table.location.line ?? 0)"
        } else {
            fail("this sequence binding has no `steps` and no `name` (give its steps, or the name of one of [settings] sequences)", table.location)
            return nil
        }
        if let steps = values["steps"] {
            var places: [[String]: SourceLocation] = [["steps"]: steps.value.location]
            steps.value.places(["steps"], into: &places)
            var broken = false
            let read = GestureSequence.read(name: name, steps: steps.value.json(noneIsNull: false), written: "[[binding]]", path: []) { path, message in
                var p = path
                var place: SourceLocation?
                while place == nil, !p.isEmpty {
                    place = places[p]
                    p.removeLast()
                }
                fail(message, place ?? table.location)
                broken = true
            }
            guard let read, !broken else { return nil }
            sequences.append(read)
        }
        var streams: SourceLocation?
        if case .bool(true)? = values["stream"]?.value.kind { streams = values["stream"]?.location }
        names.append(NamedSequence(name: name, at: given?.value.location ?? table.location, declares: values["steps"] != nil, streams: streams))
        return name
    }
}
