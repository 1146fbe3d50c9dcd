// `touchtrace-view.wasm --view [--settings FILE] TRACE`: what the page draws, as JSON lines, from
// one replay with --explain. Every line the replay reports is written as `touchtrace replay --json
// --explain` writes it (each has "t" and "type"); the page's own lines have "view" instead:
//
//   {"view": "surface", "width": W, "height": H, "unitsPerMillimeter": [X, Y], "edgeZone": MM,
//    "recognizers": [NAME, …], "list": null | {"left", "top", "width", "height",
//    "rows": [[TOP, HEIGHT], …]}}                       first, once; lengths in the trace's units
//   {"view": "setting", "name": …, "kind": "number" | "word" | "flag" | "recognizers" | "pairs" |
//    "sequences", "value": …, "default": …, "unit": …, "min": …, "max": …, "none": …,
//    "choices": […]}                                   each setting of the catalog, in its order
//   {"view": "frame", "t": S, "contacts": [[ID, X, Y, VX, VY], …], "offset": Y, "rows": [[ROW,
//    DX], …], "arena": [STANDING, …]}                  after each frame the engine handled
//
// A trace `touch-gestured` saved (its `meta` holds the daemon's arguments and configuration)
// is replayed with the daemon's settings (unless --settings), and through the daemon's
// bindings as `touch-gestured --replay --dry-run --explain -v` runs them:
//
//   {"view": "daemon", "bindings": [TEXT, …], "warnings": [TEXT, …]}   once, after the surface
//   {"view": "command", "t": S, "binding": ORIGIN, "command": LINE}  a binding that ran
//   {"view": "explain", "t": S, "text": LINE}         --explain -v's lines, each as the daemon says it
//   {"view": "daemon", "error": TEXT}                 its arguments or configuration do not read
//
// A frame's contacts are those down after it (a contact that lifted in it is left out), with the
// velocity the engine has for each (0 where it cannot tell yet), in units and units per second;
// "offset" is the list's scroll offset and "rows" the rows slid sideways; "arena" gives each
// recognizer's standing (ArenaStanding) in the order of "recognizers". The surface line lists
// the first 2,000 rows: the page draws what the surface shows.
internal import CPlatform
import TouchGestures
import TouchList
import TouchTrace
import TouchReplay
import GestureBindings

/// The settings of the catalog as JSON lines, with `settings`' values and the defaults.
func settingLines(_ settings: GestureSettings) -> [String] {
    let defaults = GestureSettings()
    return GestureSettings.catalog.map { info in
        var m: [JSONObject.Member] = [JSONObject.Member("view", .string("setting")), JSONObject.Member("name", .string(info.name))]
        var raw: String? = nil
        switch info.kind {
        case .number:
            m.append(JSONObject.Member("kind", .string("number")))
            m.append(JSONObject.Member("value", settings.value(of: info).map { JSONValue.number($0) } ?? .null))
            m.append(JSONObject.Member("default", defaults.value(of: info).map { JSONValue.number($0) } ?? .null))
            m.append(JSONObject.Member("unit", .string(info.unit?.symbol ?? "")))
            if let p = info.plausible {
                m.append(JSONObject.Member("min", .number(p.lowerBound)))
                m.append(JSONObject.Member("max", .number(p.upperBound)))
            }
            if info.allowsNone { m.append(JSONObject.Member("none", .string(info.noneMeaning))) }
        case .word(let choices):
            m.append(JSONObject.Member("kind", .string("word")))
            m.append(JSONObject.Member("value", settings.word(of: info).map { JSONValue.string($0) } ?? .null))
            m.append(JSONObject.Member("default", defaults.word(of: info).map { JSONValue.string($0) } ?? .null))
            m.append(JSONObject.Member("choices", .array(choices.map { .string($0) })))
        case .flag:
            m.append(JSONObject.Member("kind", .string("flag")))
            m.append(JSONObject.Member("value", settings.flag(of: info).map { JSONValue.bool($0) } ?? .null))
            m.append(JSONObject.Member("default", defaults.flag(of: info).map { JSONValue.bool($0) } ?? .null))
        case .recognizers:
            func names(_ s: GestureSettings) -> JSONValue {
                s.recognizers(of: info).map { JSONValue.array($0.names.map { .string($0.rawValue) }) } ?? .null
            }
            m.append(JSONObject.Member("kind", .string("recognizers")))
            m.append(JSONObject.Member("value", names(settings)))
            m.append(JSONObject.Member("default", names(defaults)))
        case .recognizerPairs:
            m.append(JSONObject.Member("kind", .string("pairs")))
            m.append(JSONObject.Member("value", .array(settings.pairs(of: info).map {
                .array([.string($0.first.rawValue), .string($0.second.rawValue)])
            })))
            m.append(JSONObject.Member("default", .array([])))
        case .sequences:
            m.append(JSONObject.Member("kind", .string("sequences")))
            m.append(JSONObject.Member("default", .array([])))
            raw = "[" + settings.sequences.map { $0.settingsText(toml: false) }.joined(separator: ", ") + "]"
        }
        let text = JSONValue.object(JSONObject(m)).serialized()
        // A sequence reads back from its own JSON text; it is put in as written.
        guard let raw else { return text }
        return String(text.dropLast()) + ", \"value\": " + raw + "}"
    }
}

/// The first line: the surface, its edge zone, the recognizers' order and the list's rows.
func surfaceLine(_ header: TraceHeader, _ controller: ListController, settings: GestureSettings) -> String {
    let s = header.surface
    var m: [JSONObject.Member] = [
        JSONObject.Member("view", .string("surface")),
        JSONObject.Member("width", .number(s.width)), JSONObject.Member("height", .number(s.height)),
        JSONObject.Member("unitsPerMillimeter", .array([.number(s.unitsPerMillimeter.x), .number(s.unitsPerMillimeter.y)])),
        JSONObject.Member("edgeZone", .number(settings.swipe.edgeZone)),
        JSONObject.Member("recognizers", .array(RecognizerName.allCases.map { .string($0.rawValue) })),
    ]
    if header.sceneList != nil {
        let list = controller.list
        let g = list.geometry
        var rows: [JSONValue] = []
        for r in 0..<min(list.rowCount, 2000) {
            let item = g.item(ofRow: r)
            rows.append(.array([.number(g.top(ofItem: item)), .number(g.height(ofItem: item))]))
        }
        m.append(JSONObject.Member("list", .object(JSONObject([
            JSONObject.Member("left", .number(list.layout.left)), JSONObject.Member("top", .number(list.layout.top)),
            JSONObject.Member("width", .number(list.layout.width)), JSONObject.Member("height", .number(list.layout.height)),
            JSONObject.Member("rows", .array(rows)),
        ]))))
    } else {
        m.append(JSONObject.Member("list", .null))
    }
    return JSONValue.object(JSONObject(m)).serialized()
}

func standingName(_ s: ArenaStanding) -> String {
    switch s {
    case .undecided: "undecided"
    case .held: "held"
    case .won: "won"
    case .lost: "lost"
    case .absent: "absent"
    }
}

/// The view's replay: the exit status (0, or 2 for a trace or settings that cannot be read).
func viewMain(path: String, settingsPath: String?) -> Int32 {
    let stream: TraceEventStream
    do { stream = try TraceEventStream(path: path) } catch {
        writeLine(2, error.description)
        return 2
    }
    let header = stream.header
    var given: GestureSettings? = nil
    if let settingsPath {
        let text: [UInt8]
        do throws(Diagnostic) { text = try InputFile.readText(settingsPath, json: true) } catch {
            writeLine(2, error.description)
            return 2
        }
        do throws(DiagnosticError) { given = try GestureSettings.from(text: text, name: settingsPath) } catch {
            writeLine(2, error.description)
            return 2
        }
    }
    var daemonLines: [String] = []
    var dispatcher: GestureDispatcher? = nil
    var daemonSettings: GestureSettings? = nil
    if let saved = SavedTrace.origin(of: header) {
        do throws(DaemonFailure) {
            let made = try daemonDispatcher(saved, surface: header.surface, settings: given, into: &dispatcher)
            daemonSettings = made.settings
            daemonLines.append(made.line)
        } catch {
            daemonLines.append(JSONValue.object(JSONObject([JSONObject.Member("view", .string("daemon")),
                                                            JSONObject.Member("error", .string(error.message))])).serialized())
        }
    }
    let settings = given ?? daemonSettings ?? header.settings ?? GestureSettings()
    var controller = TraceReplay.makeController(header: header, settings: settings, explain: true)
    let lines = JSONLineBuffer(capacity: 1 << 18)
    var text = surfaceLine(header, controller, settings: settings) + "\n"
    for l in daemonLines { text += l + "\n" }
    for l in settingLines(settings) { text += l + "\n" }
    text.withUTF8 { writeAll(1, $0) }

    var down: [(id: Int, x: Double, y: Double)] = []
    var edits = EditSchedule(header: header)
    var assembler = FrameAssembler()
    let emit: (ListController.Output) -> Void = { lines.append($0) }
    func fired(_ f: GestureDispatcher.Firing) {
        guard !f.isClaim, f.stream == nil else { return }
        lines.appendLine(text: JSONValue.object(JSONObject([
            JSONObject.Member("view", .string("command")), JSONObject.Member("t", .number(f.time)),
            JSONObject.Member("binding", .string(f.binding.origin)), JSONObject.Member("command", .string(f.binding.command.line)),
        ])).serialized())
    }
    func explained(_ time: Double) {
        guard dispatcher != nil else { return }
        for l in dispatcher!.takeExplanation() {
            lines.appendLine(text: JSONValue.object(JSONObject([
                JSONObject.Member("view", .string("explain")), JSONObject.Member("t", .number(time)), JSONObject.Member("text", .string(l)),
            ])).serialized())
        }
    }
    var lastTime = 0.0
    func handle(_ frame: TouchFrame) {
        lastTime = frame.time
        edits.apply(before: frame.time, to: &controller, emit: emit)
        controller.handle(frame, emit: emit)
        if dispatcher != nil {
            dispatcher!.handle(frame, fire: fired)
            explained(frame.time)
        }
        for e in frame.events {
            if let k = down.firstIndex(where: { $0.id == e.id }) {
                if e.phase.endsContact { down.remove(at: k) } else { down[k] = (e.id, e.position.x, e.position.y) }
            } else if !e.phase.endsContact {
                down.append((e.id, e.position.x, e.position.y))
            }
        }
        var line = "{\"view\": \"frame\", \"t\": " + formatJSONNumber(frame.time) + ", \"contacts\": ["
        for (k, c) in down.enumerated() {
            let v = controller.engine.velocity(ofContact: c.id) ?? Point(x: 0, y: 0)
            line += (k == 0 ? "[" : ", [") + "\(c.id), " + formatJSONNumber(c.x) + ", " + formatJSONNumber(c.y)
                + ", " + formatJSONNumber(v.x) + ", " + formatJSONNumber(v.y) + "]"
        }
        let list = controller.list
        line += "], \"offset\": " + formatJSONNumber(list.contentOffset) + ", \"rows\": ["
        // Only the active row and the rows settling closed can be off their place (RowSwipes).
        var first = true
        func slid(_ r: Int) {
            let dx = list.offset(ofRow: r)
            guard dx != 0 else { return }
            line += (first ? "[" : ", [") + "\(r), " + formatJSONNumber(dx) + "]"
            first = false
        }
        if let r = list.rowSwipes.active.row { slid(r) }
        for c in list.rowSwipes.closing where c.row != list.rowSwipes.active.row { slid(c.row) }
        line += "], \"arena\": ["
        for (k, r) in RecognizerName.allCases.enumerated() {
            line += (k == 0 ? "\"" : ", \"") + standingName(controller.engine.standing(of: r)) + "\""
        }
        line += "]}"
        lines.appendLine(text: line)
        writeIfFull(lines)
    }
    for e in stream { assembler.add(e) { handle($0) } }
    assembler.flush { handle($0) }
    edits.applyRest(to: &controller, emit: emit)
    controller.finish(emit: emit)
    if dispatcher != nil {
        dispatcher!.finish(fire: fired)
        explained(lastTime)
    }
    return finish(lines, stream, path)
}

/// The daemon as a saved trace's `meta` says it ran: its arguments read by its own parser, its
/// configuration file's text, its bindings and settings for this surface (or `settings`, the
/// page's), explaining every binding it tries. The trace's frames are turned already.
func daemonDispatcher(_ saved: (arguments: [String], config: (file: String, text: String)?), surface: Surface,
                      settings given: GestureSettings?, into dispatcher: inout GestureDispatcher?) throws(DaemonFailure)
    -> (settings: GestureSettings, line: String) {
    let command = try DaemonCommandLine.saved(saved.arguments)
    var warnings: [String] = []
    let config = try command.configuration(file: saved.config) { warnings.append($0) }
    let (bindings, settings) = config.resolved(for: surface)
    dispatcher = GestureDispatcher(bindings: bindings, settings: given ?? settings, surface: surface)
    dispatcher!.explains = true
    dispatcher!.explainsEveryBinding = true
    dispatcher!.limitNotes = config.limitNotes(for: surface)
    let line = JSONValue.object(JSONObject([
        JSONObject.Member("view", .string("daemon")),
        JSONObject.Member("bindings", .array(bindings.map { .string($0.summary) })),
        JSONObject.Member("warnings", .array(warnings.map { .string($0) })),
    ])).serialized()
    return (settings, line)
}
