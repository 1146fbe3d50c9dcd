import TouchGestures
import TouchTrace

/// What `touch-gestured` is told: its bindings, how it recognizes, and which devices it reads.
/// Read from a configuration file (``init(text:file:)``) and completed by command-line flags.
package struct DaemonConfig: Sendable {
    package var bindings: [Binding] = []
    /// The sequences the bindings declare with their own `steps` (`gesture = "sequence"`), run
    /// after `[settings] sequences` (``settings`` gives the engine both).
    package var bindingSequences: [GestureSequence] = []

    /// Eight swipe directions (`true`), four (`false`), or (`nil`, the default) eight exactly
    /// when a binding names a diagonal, so that four-way bindings keep their 90° sectors.
    package var diagonals: Bool?
    /// The recognizers' thresholds, by the names traces and `touchtrace --settings` use
    /// (``GestureSettings/catalog``): the file's `[settings.swipe]`, `[settings.tap]`, …
    /// tables (and the older `[settings]` keys) set them, with the same units and plausible
    /// ranges; otherwise the engine's defaults.
    package var thresholds = GestureSettings()
    /// The settings' names the file gave (`tap.maxCount`, `arena.enabled`, …): they stand as
    /// given where ``settings`` would otherwise derive them from the bindings.
    package var givenSettings: Set<String> = []
    /// Where the file gave each of ``givenSettings`` (and `diagonals`), for its warnings.
    package var givenAt: [String: SourceLocation] = [:]
    /// The step of a repeating binding, in millimeters. Default 6 mm: lisgd's 60-pixel
    /// pressed-mode threshold (`-T`) on the PinePhone's panel, 720 pixels across 68 mm
    /// (10.6 pixels per mm), the phone lisgd was written for.
    package var repeatStep = 6.0
    /// lisgd's `-t`: a swipe's minimum length in the device's units, which on the phones that
    /// run lisgd are the panel's pixels; each device makes it millimeters by its resolution
    /// (``resolved(for:)``), in place of `thresholds.swipe.minDistance`.
    package var swipeDistanceUnits: Double?
    /// lisgd's `-T`: the step of the repeating (`P`) `-g` bindings in the device's units, in
    /// place of ``repeatStep``.
    package var repeatStepUnits: Double?

    /// The devices to read (empty: every touchscreen, including those plugged in later).
    package var devices: [String] = []
    /// Whether to take the devices for this program alone (`EVIOCGRAB`).
    package var grab = false
    /// How the screen is turned, applied to the devices' coordinates.
    package var rotation: Rotation = .none
    /// A file that holds the screen's current rotation (`0`, `90`, `180`, `270`, or `normal`,
    /// `right`, `inverted`, `left`), read at start and on SIGHUP or SIGUSR1.
    package var rotationFile: String?
    /// A calibration matrix (six values, libinput's convention) for the devices.
    package var calibration: [Double]?
    /// While input keeps coming, the shortest time between two reads of the devices, in seconds
    /// (``ReadSchedule``); 0 reads every frame as it comes. Default 0.025 s: a command starts at
    /// most 25 ms after its gesture ends, a quarter of the 100 ms within which a response feels
    /// immediate (Nielsen, *Usability Engineering*, 1993; Google's RAIL model), and the daemon
    /// wakes about 40 times a second during a touch where a 120 Hz panel reports 120 frames.
    package var readInterval = 0.025
    /// How many seconds of each device's frames are kept to be saved as a trace (SIGUSR2, or a
    /// `save-trace` binding), in a ``FrameRing`` of fixed size; 0 keeps none. Default 30 s.
    package var history = 30.0
    /// The longest ``history`` the file or `--history` may set, in seconds: 10 minutes.
    package static let maxHistory = 600.0
    /// The longest ``readInterval`` the file or `--read-interval` may set, in milliseconds: 1 s.
    package static let maxReadInterval = 1000

    package init() {}

    /// The engine settings the bindings need: swipes in four or eight directions, taps counted
    /// as far as the most taps a binding names (so a single tap is reported at once when no
    /// double tap is bound), and only the recognizers of the gestures a binding names in the
    /// arena. A recognizer nobody listens for takes nothing from one that is listened for, as
    /// Flutter puts only the recognizers with a callback in its arena: with no long-press
    /// binding, a slow swipe is a swipe and a held tap a tap (as Android's click still runs after
    /// a hold no long-click listener took), rather than a long press that runs nothing. No pan
    /// and no fling: nothing binds them.
    package var settings: GestureSettings {
        var s = thresholds
        s.sequences += bindingSequences
        s.swipe.diagonals = diagonals ?? bindings.contains { $0.gesture.direction?.isDiagonal ?? false }
        if !givenSettings.contains("tap.maxCount") {
            s.tap.maxCount = max(1, bindings.filter { $0.gesture.kind == .tap }.map { $0.gesture.taps }.max() ?? 1)
        }
        if !givenSettings.contains("arena.enabled") {
            let bound = Set(bindings.map { $0.gesture.kind })
            s.arena.enabled = bound.isEmpty ? RecognizerSet([.tap, .swipe, .longPress, .pinch, .rotate])
                : RecognizerSet(GesturePattern.Kind.allCases.filter { bound.contains($0) }.map { $0.recognizer })
        }
        return s
    }

    /// The bindings and engine settings for a device whose surface is `surface`: lisgd's `-t`
    /// and `-T`, given in the device's units, made millimeters by its resolution (the mean of
    /// its two axes'); without them, ``bindings`` and ``settings`` as they are.
    package func resolved(for surface: Surface) -> (bindings: [Binding], settings: GestureSettings) {
        var s = settings
        var b = bindings
        let perMillimeter = (surface.unitsPerMillimeter.x + surface.unitsPerMillimeter.y) / 2
        if let t = swipeDistanceUnits, perMillimeter > 0 { s.swipe.minDistance = t / perMillimeter }
        if let t = repeatStepUnits, perMillimeter > 0 {
            for k in b.indices where b[k].origin.hasPrefix("-g ") {
                if case .repeating = b[k].mode { b[k].mode = .repeating(step: t / perMillimeter) }
            }
        }
        return (b, s)
    }

    /// What `--explain` says beside a limit given in the device's units: lisgd's `-t` and the
    /// resolution that made it millimeters (`-t 125 px at 10.6 px/mm`).
    package func limitNotes(for surface: Surface) -> GestureDispatcher.LimitNotes {
        let perMillimeter = (surface.unitsPerMillimeter.x + surface.unitsPerMillimeter.y) / 2
        guard let t = swipeDistanceUnits, perMillimeter > 0 else { return .init() }
        return .init(swipeDistance: "-t \(GestureDispatcher.decimal(t)) px at \(GestureDispatcher.decimal(perMillimeter)) px/mm")
    }

    /// Reads a configuration file's text (`file` names it in errors). Every mistake is an
    /// error at its line and column, and nothing is guessed: an unknown key, a wrong value, a
    /// binding without a command.
    package init(text: String, file: String) throws(DiagnosticError) {
        let tables = try ConfigReader.parse(text, file: file)
        var problems: [Diagnostic] = []
        func fail(_ message: String, _ at: SourceLocation) { problems.append(Diagnostic(.error, at, message)) }
        // In TOML the order of tables carries no meaning: [settings] (whose repeat-step the
        // bindings take) is read first wherever it stands, then the bindings in their order.
        func isSettings(_ t: ConfigTable) -> Bool { !t.isArrayElement && (t.name == "settings" || t.name.hasPrefix("settings.")) }
        let ordered = tables.filter(isSettings) + tables.filter { !isSettings($0) }
        var given: [String: SourceLocation] = [:]
        var entries: Entries = []
        var sequenceNames: [NamedSequence] = []
        for table in ordered {
            if isSettings(table), table.name != "settings" {
                readSettingsGroup(String(table.name.dropFirst("settings.".count)), table, &entries, &given, fail)
                continue
            }
            switch (table.name, table.isArrayElement) {
            case ("", false):
                for e in table.entries {
                    fail("`\(e.key)` must be inside a table: [settings], [input] or [[binding]]", e.location)
                }
            case ("settings", false): readSettings(table, &entries, &given, fail)
            case ("input", false): readInput(table, fail)
            case ("binding", true):
                if let b = Self.binding(table, repeatStep: repeatStep, sequences: &bindingSequences, names: &sequenceNames, fail) { bindings.append(b) }
            case ("binding", false):
                fail("bindings are written [[binding]] (each one a new entry), not [binding]", table.location)
            default:
                fail("unknown table [\(table.name)] (expected [settings], [settings.swipe] and the other groups of settings, [input] or [[binding]])", table.location)
            }
        }
        do throws(DiagnosticError) {
            (thresholds, givenSettings) = try GestureSettings.read(entries, noLimit: "\"none\"")
        } catch {
            problems += error.diagnostics
        }
        givenAt = given
        checkSequenceNames(sequenceNames, fail)
        if !problems.isEmpty { throw DiagnosticError(problems.sorted { ($0.location.line ?? 0, $0.location.column ?? 0) < ($1.location.line ?? 0, $1.location.column ?? 0) }) }
    }

    private static func number(_ e: (key: String, value: ConfigValue, location: SourceLocation),
                               unit: String, max: Double, _ fail: (String, SourceLocation) -> Void) -> Double? {
        guard let v = e.value.number, v > 0, v <= max else {
            fail("`\(e.key)` must be a number of \(unit) above 0 and at most \(formatJSONNumber(max)), found \(e.value.text)", e.value.location)
            return nil
        }
        return v
    }

    /// The `[settings]` keys that name a recognizer's threshold, as they were written before the
    /// daemon took the catalog's names (still read): old → current.
    package static let settingAliases = ["edge-zone": "swipe.edgeZone", "swipe-distance": "swipe.minDistance",
                                        "swipe-time": "swipe.maxDuration", "long-press-time": "longPress.minDuration"]

    /// The settings the file's `[settings…]` tables name, in the catalog's names, to be read
    /// together by ``GestureSettings/read(_:noLimit:)`` (the one reader of settings by name).
    private typealias Entries = [GestureSettings.SettingEntry]

    /// Adds setting `name` from `e`, once (an older key and its current name are one setting).
    private static func add(_ name: String, _ e: (key: String, value: ConfigValue, location: SourceLocation),
                            _ entries: inout Entries, _ given: inout [String: SourceLocation], _ fail: (String, SourceLocation) -> Void) {
        if let before = given[name] {
            fail("`\(e.key)` sets \(name), which line \(before.line ?? 0) sets already", e.location)
            return
        }
        given[name] = e.location
        // Said by the key as written: an older key names the setting it stands for.
        let written = name.hasSuffix("." + e.key) || name == e.key ? name : e.key
        let noLimit = GestureSettings.setting(named: name)?.allowsNone ?? false
        var entry = GestureSettings.SettingEntry(name, e.value.json(noneIsNull: noLimit), e.value.location, written: written)
        e.value.places(into: &entry.places)
        entries.append(entry)
    }

    /// `diagonals`, once, whichever table gives it (in both, which would win was a guess: the
    /// last read).
    private mutating func setDiagonals(_ e: (key: String, value: ConfigValue, location: SourceLocation), _ table: String,
                                       _ given: inout [String: SourceLocation], _ fail: (String, SourceLocation) -> Void) {
        if let before = given["swipe.diagonals"] {
            fail("`diagonals` in \(table) is given already at line \(before.line ?? 0); give it once", e.location)
            return
        }
        given["swipe.diagonals"] = e.location
        if case .bool(let b) = e.value.kind { diagonals = b } else { fail("`diagonals` must be true or false, found \(e.value.text)", e.value.location) }
    }

    /// The settings the file gave that change nothing the daemon runs: a recognizer's settings
    /// when it is not among those the daemon runs (no binding uses a pan or a fling: list it in
    /// `[settings.arena] enabled` to run it anyway). A warning each, at its line.
    package var unusedSettings: [Diagnostic] {
        let running = settings.arena.enabled
        return givenSettings.sorted().compactMap { name in
            if name == "sequences" {
                let at = givenAt[name] ?? SourceLocation()
                guard running.contains(.sequence) else {
                    return Diagnostic(.warning, at, "`sequences` changes nothing: no binding runs a sequence (give a [[binding]] "
                                      + "gesture = \"sequence\" and its name, or list \"sequence\" in [settings.arena] enabled to run them for --explain)")
                }
                // Run, a sequence takes the touches that do its steps from every other gesture:
                // one no binding names runs nothing with them.
                let named = Set(bindings.compactMap { $0.sequenceName })
                let idle = thresholds.sequences.filter { !named.contains($0.name) }.map { "\"\(visibleText($0.name))\"" }
                guard !idle.isEmpty, !named.isEmpty else { return nil }
                return Diagnostic(.warning, at, "no binding names the sequence\(idle.count == 1 ? "" : "s") \(idle.joined(separator: ", ")): "
                                  + "\(idle.count == 1 ? "it takes" : "they take") the touches that do \(idle.count == 1 ? "its" : "their") steps and run\(idle.count == 1 ? "s" : "") nothing")
            }
            guard let group = name.split(separator: ".").first.map(String.init), name.contains("."),
                  let recognizer = RecognizerName(rawValue: group), !running.contains(recognizer) else { return nil }
            return Diagnostic(.warning, givenAt[name] ?? SourceLocation(), "`\(name)` changes nothing: the daemon runs no \(group) recognizer "
                              + "(no binding is one; list it in [settings.arena] enabled to run it)")
        }
    }

    /// The swipe bindings no swipe can run: a direction off the axis that `[settings.swipe] axis`
    /// locks the swipe to (`swipe up` under `"horizontal"`, a diagonal under either). Accepted,
    /// they waited in silence for a swipe that never comes; a warning each, where it was written.
    package var unreachableBindings: [Diagnostic] {
        let axis = settings.swipe.axis
        return Binding.offAxis(bindings, axis).map { b in
            Diagnostic(.warning, SourceLocation(file: b.origin), "a swipe \(b.gesture.direction?.rawValue ?? "") can never run: [settings.swipe] axis is "
                       + "\"\(axis.rawValue)\" (\(axis.directionWords) only)")
        }
    }

    private mutating func readSettings(_ table: ConfigTable, _ entries: inout Entries, _ given: inout [String: SourceLocation],
                                       _ fail: (String, SourceLocation) -> Void) {
        for e in table.entries {
            if let name = Self.settingAliases[e.key] {
                Self.add(name, e, &entries, &given, fail)
                continue
            }
            switch e.key {
            case "diagonals":
                setDiagonals(e, "[settings]", &given, fail)
            case "repeat-step": if let v = Self.number(e, unit: "millimeters", max: 1000, fail) { repeatStep = v }
            case _ where Self.ungroupedSettings.contains(e.key): Self.add(e.key, e, &entries, &given, fail)
            default:
                let groups = Self.settingGroups.map { "[settings.\($0)]" }.joined(separator: ", ")
                fail("unknown setting `\(e.key)` (expected diagonals, repeat-step, \(Self.ungroupedSettings.joined(separator: ", ")), or the older edge-zone, swipe-distance, swipe-time, long-press-time; the recognizers' settings go in \(groups))", e.location)
            }
        }
    }

    /// The settings of no group (`velocityStrategy`, `sequences`), given in `[settings]` itself.
    static let ungroupedSettings = GestureSettings.catalog.map { $0.name }.filter { !$0.contains(".") }

    /// The groups of the settings' names (`swipe` of `swipe.minDistance`, `arena` of
    /// `arena.together`), each a `[settings.GROUP]` table.
    static let settingGroups: [String] = {
        var groups: [String] = []
        for name in GestureSettings.keyNames + GestureSettings.choiceKeyNames where name.contains(".") {
            let g = String(name.prefix { $0 != "." })
            if !groups.contains(g) { groups.append(g) }
        }
        return groups
    }()

    /// `[settings.GROUP]`: the settings `GROUP.KEY` (thresholds, and the choices: `rule`,
    /// `diagonals`, `axis`, the arena's lists), by the names a trace's settings take.
    private mutating func readSettingsGroup(_ group: String, _ table: ConfigTable, _ entries: inout Entries,
                                            _ given: inout [String: SourceLocation], _ fail: (String, SourceLocation) -> Void) {
        guard Self.settingGroups.contains(group) else {
            fail("unknown table [settings.\(group)] (expected one of \(Self.settingGroups.map { "[settings.\($0)]" }.joined(separator: ", ")))", table.location)
            return
        }
        let names = (GestureSettings.keyNames + GestureSettings.choiceKeyNames).filter { $0.hasPrefix(group + ".") }
        for e in table.entries {
            if group == "swipe", e.key == "diagonals" {
                setDiagonals(e, "[settings.swipe]", &given, fail)
                continue
            }
            guard names.contains(group + "." + e.key) else {
                fail("unknown setting `\(e.key)` in [settings.\(group)] (expected \(names.map { $0.dropFirst(group.count + 1) }.joined(separator: ", ")))", e.location)
                continue
            }
            Self.add(group + "." + e.key, e, &entries, &given, fail)
        }
    }

    private mutating func readInput(_ table: ConfigTable, _ fail: (String, SourceLocation) -> Void) {
        for e in table.entries {
            switch e.key {
            case "devices":
                if case .array(let items) = e.value.kind, items.allSatisfy({ $0.string != nil }) {
                    devices = items.compactMap { $0.string }
                } else {
                    fail("`devices` must be a list of device paths, like [\"/dev/input/event2\"], found \(e.value.text)", e.value.location)
                }
            case "grab":
                if case .bool(let b) = e.value.kind { grab = b } else { fail("`grab` must be true or false, found \(e.value.text)", e.value.location) }
            case "rotate":
                if let v = e.value.number, let r = Rotation(degrees: Int(exactly: v) ?? -1) { rotation = r } else {
                    fail("`rotate` must be 0, 90, 180 or 270 (degrees clockwise), found \(e.value.text)", e.value.location)
                }
            case "rotation-file":
                if let s = e.value.string, !s.isEmpty { rotationFile = s } else { fail("`rotation-file` must be a path, found \(e.value.text)", e.value.location) }
            case "calibration":
                if case .array(let items) = e.value.kind, items.count == 6, items.allSatisfy({ $0.number?.isFinite ?? false }) {
                    calibration = items.compactMap { $0.number }
                } else {
                    fail("`calibration` must be six numbers (a b c d e f: x' = a·x + b·y + c, y' = d·x + e·y + f, in fractions of the axes), found \(e.value.text)", e.value.location)
                }
            case "read-interval":
                if let v = e.value.number, v.isFinite, v >= 0, v <= Double(Self.maxReadInterval), v == v.rounded() { readInterval = v / 1000 } else {
                    fail("`read-interval` must be a whole number of milliseconds from 0 to \(Self.maxReadInterval), found \(e.value.text)", e.value.location)
                }
            case "history":
                if let v = e.value.number, v.isFinite, v >= 0, v <= Self.maxHistory { history = v } else {
                    fail("`history` must be a number of seconds from 0 to \(Int(Self.maxHistory)), found \(e.value.text)", e.value.location)
                }
            default:
                fail("unknown input setting `\(e.key)` (expected devices, grab, rotate, rotation-file, calibration, read-interval or history)", e.location)
            }
        }
    }

}
