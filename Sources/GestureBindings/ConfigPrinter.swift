import TouchGestures
import TouchTrace

extension DaemonConfig {
    /// A device whose resolution turns lisgd's `-t` and `-T` (the device's units) into
    /// millimeters for ``printed(device:notes:)``.
    package struct PrintedDevice: Sendable {
        /// How the comments name it: a path and a name, or a trace's file.
        package var name: String
        package var surface: Surface
        package init(name: String, surface: Surface) { (self.name, self.surface) = (name, surface) }
    }

    /// The configuration in effect as a file `--config` reads back to the same bindings and
    /// settings (`--print-config`). Values given in the device's units (`-t`, `-T`) are written
    /// in millimeters for `device`, and each conversion is said in a comment; `notes` are
    /// comments for the settings the command line set (`"swipe-time": "-m 500 ms"`), and
    /// `sources` where the configuration came from. Numbers are written in full (the shortest
    /// text that reads back to the same double), so nothing is rounded on the way back, except
    /// the lengths made millimeters from the device's units: those are rounded to a micrometre,
    /// the value and its comment alike (`5.66`, not `5.660377358490567`), a hundredth of the
    /// smallest pixel of the phones lisgd runs on (the PinePhone's 0.094 mm).
    package func printed(device: PrintedDevice?, notes: [String: String] = [:], sources: [String] = []) -> String {
        // What a comment holds of the outside (a file's path, a device's name, a -g binding as
        // given) has its control characters escaped: a newline in a path wrote a line of TOML
        // of its own, a binding that was never configured.
        var lines: [String] = ["# touch-gestured configuration in effect" + (sources.isEmpty ? "" : ", from " + visibleText(sources.joined(separator: " and "))),
                               "# (touch-gestured --print-config); read it back with --config FILE.", ""]
        var (bindings, settings) = (self.bindings, self.settings)
        var perMillimeter: Double?
        if let device, swipeDistanceUnits != nil || repeatStepUnits != nil {
            (bindings, settings) = resolved(for: device.surface)
            let r = device.surface.unitsPerMillimeter
            perMillimeter = (r.x + r.y) / 2
            lines.append("# -t and -T are in the device's units, made millimeters for \(visibleText(device.name)) at \(GestureDispatcher.decimal(perMillimeter ?? 0)) px/mm"
                         + (device.surface.resolutionIsDefault ? " (it reports no resolution: 96 dpi assumed)" : "") + ".")
        }
        func number(_ v: Double) -> String { formatJSONNumber(v) }
        func micrometres(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
        func entry(_ key: String, _ value: String, _ comment: String? = nil) {
            lines.append("\(key) = \(value)" + (comment.map { "  # \(visibleText($0))" } ?? ""))
        }
        lines.append("[settings]")
        if let diagonals { entry("diagonals", diagonals ? "true" : "false") }
        entry("repeat-step", number(repeatStep), notes["repeat-step"] ?? "millimeters")
        let defaults = GestureSettings()
        // Every setting by the catalog, a table for each group and the rest under [settings]:
        // the four thresholds the daemon has always had, and any other setting the file changed
        // (a TOML table is written once, so each group's lines are gathered first).
        let always: Set<String> = ["swipe.minDistance", "swipe.maxDuration", "swipe.edgeZone", "longPress.minDuration"]
        var groups: [(name: String, lines: [String])] = []
        func add(_ g: String, _ key: String, _ value: String, _ comment: String? = nil) {
            // The line as `entry` writes it. One helper for both cost the armhf daemon a page
            // (4,096 bytes, 1,474,456 -> 1,478,552; tools/cross armhf).
            let l = "\(key) = \(value)" + (comment.map { "  # \(visibleText($0))" } ?? "")
            if let k = groups.firstIndex(where: { $0.name == g }) { groups[k].lines.append(l) } else { groups.append((g, [l])) }
        }
        let running = settings.arena.enabled
        for setting in GestureSettings.catalog {
            let g = setting.name.contains(".") ? String(setting.name.prefix { $0 != "." }) : ""
            // A recognizer the daemon does not run: its settings change nothing, and the printed
            // file, read back, warned of them (longPress.minDuration with no long press bound).
            if let r = RecognizerName(rawValue: g), !running.contains(r) { continue }
            let key = g.isEmpty ? setting.name : String(setting.name.dropFirst(g.count + 1))
            let text: String
            var note: String? = nil
            switch setting.kind {
            case .number:
                let value = settings.value(of: setting)
                guard always.contains(setting.name) || value != defaults.value(of: setting) else { continue }
                note = notes[setting.name] ?? setting.unit?.rawValue
                var written = value
                if setting.name == "swipe.minDistance", let t = swipeDistanceUnits, let p = perMillimeter {
                    written = micrometres(t / p)
                    note = "-t \(GestureDispatcher.decimal(t)) px / \(GestureDispatcher.decimal(p)) px/mm = \(number(micrometres(t / p))) mm"
                }
                text = written.map(number) ?? "\"none\""
            case .word:
                // `swipe.rule` is not kept: the thresholds it set are written above.
                guard let w = settings.word(of: setting), w != defaults.word(of: setting) else { continue }
                text = tomlString(w)
            case .flag:
                // `diagonals`, the daemon's own, is written above (from the bindings when the
                // file did not give it).
                continue
            case .recognizers:
                // Written only when the file gave it: the bindings decide it otherwise.
                guard givenSettings.contains(setting.name), let set = settings.recognizers(of: setting) else { continue }
                text = "[" + set.names.map { tomlString($0.rawValue) }.joined(separator: ", ") + "]"
            case .recognizerPairs:
                let pairs = settings.pairs(of: setting)
                guard !pairs.isEmpty else { continue }
                text = "[" + pairs.map { "[\(tomlString($0.first.rawValue)), \(tomlString($0.second.rawValue))]" }.joined(separator: ", ") + "]"
            case .sequences:
                // Left out when they do not run, as the settings of a recognizer the daemon
                // does not run are, unless a binding names one (an `enabled` list without
                // "sequence" printed a binding whose sequence was not, and the file did not read
                // back). A list across lines, each sequence one inline table on a line of its
                // own (TOML allows an inline table no line break).
                guard !settings.sequences.isEmpty,
                      running.contains(.sequence) || bindings.contains(where: { $0.sequenceName != nil }) else { continue }
                text = "[\n" + settings.sequences.map { "  " + $0.settingsText(toml: true) + ",\n" }.joined() + "]"
            }
            if g.isEmpty { entry(key, text, note) } else { add(g, key, text, note) }
        }
        for g in groups { lines += ["", "[settings.\(g.name)]"] + g.lines }

        lines += ["", "[input]"]
        if !devices.isEmpty { entry("devices", "[" + devices.map(tomlString).joined(separator: ", ") + "]") }
        if grab { entry("grab", "true") }
        if let rotationFile {
            entry("rotation-file", tomlString(rotationFile), "read again on SIGHUP and SIGUSR1")
        } else if rotation != .none {
            entry("rotate", String(rotation.rawValue), notes["rotate"])
        }
        if let calibration { entry("calibration", "[" + calibration.map(number).joined(separator: ", ") + "]") }
        entry("read-interval", number((readInterval * 1000).rounded()), "milliseconds")
        entry("history", number(history), "seconds")

        for b in bindings {
            lines += ["", "[[binding]]"]
            if b.origin.hasPrefix("-g ") { lines.append("# from \(visibleText(b.origin))") }
            let g = b.gesture
            entry("gesture", tomlString(g.kind.rawValue))
            if let d = g.direction { entry("direction", tomlString(d.rawValue)) }
            if let p = g.pinch { entry("direction", tomlString(p.rawValue)) }
            if let t = g.turn { entry("direction", tomlString(t.rawValue)) }
            if g.kind == .tap, g.taps != 1 { entry("taps", String(g.taps)) }
            // Its steps are printed with [settings] sequences, where the name finds them.
            if let name = b.sequenceName { entry("name", tomlString(name)) }
            if let f = g.fingers { entry("fingers", String(f)) }
            switch g.edge {
            case .any: break
            case .none: entry("edge", "\"none\"")
            case .edge(let e): entry("edge", tomlString(e.rawValue))
            }
            switch b.distance {
            case .any: break
            case .short: entry("distance", "\"short\"")
            case .medium: entry("distance", "\"medium\"", "a third of the screen along the swipe")
            case .long: entry("distance", "\"long\"", "two thirds of the screen along the swipe")
            case .atLeast(let mm): entry("distance", number(mm), "millimeters")
            }
            if case .repeating(let step) = b.mode {
                entry("mode", "\"repeat\"")
                var note = "millimeters", written = step
                if b.origin.hasPrefix("-g "), let t = repeatStepUnits, let p = perMillimeter {
                    written = micrometres(t / p)
                    note = "-T \(GestureDispatcher.decimal(t)) px / \(GestureDispatcher.decimal(p)) px/mm = \(number(written)) mm"
                }
                entry("step", number(written), note)
            }
            if b.mode == .stream { entry("stream", "true", "the command reads the gesture's progress on its standard input") }
            switch b.command {
            case .argv(let words): entry("command", "[" + words.map(tomlString).joined(separator: ", ") + "]")
            case .shell(let line): entry("shell", tomlString(line))
            case .saveTrace: entry("action", "\"save-trace\"")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// `s` as a TOML basic string: quotes, backslashes and control characters escaped as JSON
/// escapes them (TOML takes the same escapes), so that any text (a command line with quotes, a
/// path with a newline) reads back the same.
func tomlString(_ s: String) -> String {
    var out = ""
    writeJSONString(s, to: &out, escapingDelete: true)
    return out
}
