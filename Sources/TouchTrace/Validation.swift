import TouchGestures

/// Checks the rules a valid trace obeys, one event at a time, in memory that depends on the
/// number of open contacts only: every number finite, `t` never decreasing, a contact's
/// first event `down`, `move`/`up`/`cancel` only for an open contact, no two open contacts
/// sharing an id.
struct EventValidator {
    private var lastTime = -Double.infinity
    private var open = OpenContacts()
    private let width: Double
    private let height: Double
    private var outsideReported = 0

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Checks `e`; reports every problem through `report` (an event may have several: a time
    /// that is not finite and a contact that is not down) and returns false on an error.
    mutating func check(_ e: TouchEvent, index: Int,
                        report: (Diagnostic.Severity, String) -> Void) -> Bool {
        var ok = true
        func error(_ message: String) { report(.error, message); ok = false }
        // Each field on its own (no array of them: this runs for every event read).
        if !e.time.isFinite { error("`t` is not a finite number") }
        if !e.position.x.isFinite { error("`x` is not a finite number") }
        if !e.position.y.isFinite { error("`y` is not a finite number") }
        if let v = e.pressure, !v.isFinite { error("`pressure` is not a finite number") }
        if let v = e.major, !v.isFinite { error("`major` is not a finite number") }
        if let v = e.minor, !v.isFinite { error("`minor` is not a finite number") }
        if e.time.isFinite, abs(e.time) > TouchEvent.timeLimit {
            error("`t` is \(formatJSONNumber(e.time)) s, \(TouchEvent.beyondTimeLimit)")
        }
        if e.time.isFinite {
            if e.time < lastTime {
                error("`t` goes back in time: expected t ≥ \(formatJSONNumber(lastTime)), found \(formatJSONNumber(e.time))")
            } else {
                lastTime = e.time
            }
        }
        switch e.phase {
        case .down:
            if let at = open.find(e.id) {
                error("`down` for contact \(e.id), which is already down since event \(at) (expected `move`, `up` or `cancel` for it, or another id)")
            } else if ok {
                open.insert(e.id, index)
            }
        case .move, .up, .cancel:
            if open.find(e.id) == nil {
                error("`\(e.phase.name)` for contact \(e.id), which is not down (expected a `down` for it first)")
            } else if ok, e.phase.endsContact {
                open.remove(e.id)
            }
        }
        guard ok else { return false }
        if e.position.x < 0 || e.position.x > width || e.position.y < 0 || e.position.y > height {
            if outsideReported < 3 {
                report(.warning, "position (\(formatJSONNumber(e.position.x)), \(formatJSONNumber(e.position.y))) lies outside the \(formatJSONNumber(width)) × \(formatJSONNumber(height)) surface")
            }
            outsideReported += 1
        }
        return true
    }

    /// Contacts still open at the end: a note each, since they are treated as cancelled.
    func finish(report: (Int, String) -> Void) {
        for (id, at) in open.all().sorted(by: { $0.1 < $1.1 }) {
            report(at, "contact \(id) is still down at the end of the trace; it is treated as cancelled at the last timestamp")
        }
        if outsideReported > 3 {
            report(-1, "\(outsideReported - 3) more positions lie outside the surface")
        }
    }
}

/// Reads the header keys of a trace into a ``TraceHeader``, reporting each problem.
enum HeaderDecoder {
    /// Decodes `object`; `locate` says where a top-level key's value is, `report` takes each problem.
    /// With `strictKeys`, a key the format does not have is an error rather than a warning: for
    /// a reader that takes a trace as a description and would otherwise go on without what the
    /// writer meant (the C library's `tg_list_new`, given `settings` beside `scene`).
    /// `sceneCheck` checks what `scene` holds besides its settings (its list and its data).
    static func decode(_ object: JSONObject, lines: Bool, strictKeys: Bool = false, sceneCheck: SceneCheck,
                       locate: (String) -> SourceLocation, report: (Diagnostic) -> Void) -> TraceHeader? {
        var ok = true
        func fail(_ key: String, _ message: String) {
            report(Diagnostic(.error, locate(key), message))
            ok = false
        }
        // A key given twice: JSON leaves it open and readers disagree (most take the last, this
        // one took the first), so it is an error, wherever it is in a trace (with "expect": []
        // first, --check passed whatever the second said).
        var seen: Set<String> = []
        for m in object.members where !seen.insert(m.key).inserted {
            fail(m.key, TraceReader.givenTwice(m.key))
        }

        switch object["format"] {
        case .string("touch-trace"): break
        case nil: fail("format", "missing `format` (expected \"touch-trace\")")
        case let v?: fail("format", "`format` must be \"touch-trace\", found \(v.foundDescription)")
        }
        var version = 1
        switch object["version"] {
        case .number(let n)? where n == n.rounded() && abs(n) < 1e9:
            version = Int(n)
            if version > TraceHeader.supportedVersion {
                fail("version", "version \(version) is newer than this reader understands (\(TraceHeader.supportedVersion)); update TouchGestures")
            } else if version < 1 {
                fail("version", "`version` must be 1, found \(version)")
            }
        case nil: fail("version", "missing `version` (expected 1)")
        case let v?: fail("version", "`version` must be the integer 1, found \(v.foundDescription)")
        }
        switch object["encoding"] {
        case nil: break
        case .string("lines")? where lines: break
        case .string("document")? where !lines: break
        case let v?:
            fail("encoding", "`encoding` must be \(lines ? "\"lines\" on a header line" : "absent in a document"), found \(v.foundDescription)")
        }

        var device = TraceHeader.Device(width: 0, height: 0)
        if let d = object["device"] {
            if let o = d.objectValue {
                for key in ["width", "height"] {
                    switch o[key] {
                    case .number(let n)? where n > 0 && n.isFinite:
                        if key == "width" { device.width = n } else { device.height = n }
                    case nil: fail("device", "missing `device.\(key)` (a positive number of trace units)")
                    case let v?: fail("device", "`device.\(key)` must be a positive number, found \(v.foundDescription)")
                    }
                }
                switch o["name"] {
                case nil, .null?: break
                case .string(let s)?: device.name = s
                case let v?: fail("device", "`device.name` must be a string, found \(v.kindDescription)")
                }
                switch o["units"] {
                case nil: break
                case .string(let u)? where u == "px" || u == "mm": device.units = u
                case let v?: fail("device", "`device.units` must be \"px\" or \"mm\", found \(v.foundDescription)")
                }
                if let r = o["resolution"] {
                    if case .number(let x)? = r["x"], case .number(let y)? = r["y"], x > 0, y > 0, x.isFinite, y.isFinite {
                        device.resolution = Point(x: x, y: y)
                    } else if r != .null {
                        fail("device", "`device.resolution` must be {\"x\": units/mm, \"y\": units/mm} with positive numbers, found \(r.foundDescription)")
                    }
                }
            } else {
                fail("device", "`device` must be an object, found \(d.kindDescription)")
            }
        } else {
            fail("device", "missing `device` (expected {\"width\": …, \"height\": …})")
        }

        // A key given twice inside `device` or `scene` (any depth): an error, as for events and
        // the header's own keys (they were read three ways: the first, the last, the first).
        func repeated(_ value: JSONValue, _ path: String, _ at: SourceLocation) {
            switch value {
            case .object(let o):
                var seen: Set<String> = []
                for m in o.members {
                    if !seen.insert(m.key).inserted {
                        report(Diagnostic(.error, at, TraceReader.givenTwice("\(path).\(m.key)")))
                        ok = false
                    } else if path != "scene" || m.key != "settings" {   // settings refuse a key twice themselves
                        repeated(m.value, path + "." + m.key, at)
                    }
                }
            case .array(let items):
                for (k, item) in items.enumerated() { repeated(item, "\(path)[\(k)]", at) }
            default:
                break
            }
        }
        if let d = object["device"] { repeated(d, "device", locate("device")) }
        if let sc = object["scene"] { repeated(sc, "scene", locate("scene")) }

        var header = TraceHeader(device: device)
        header.version = version
        if let scene = object["scene"], scene.objectValue == nil {
            fail("scene", "`scene` must be an object, found \(scene.kindDescription)")
        } else if let scene = object["scene"] {
            header.scene = scene
            if let settings = scene["settings"] {
                do {
                    header.settings = try GestureSettings.from(json: settings, source: "scene.settings")
                } catch {
                    for d in error.diagnostics { fail("scene", "in `scene.settings`: " + d.message) }
                }
            }
            var problems: [Diagnostic] = []
            sceneCheck.run(scene, device.surface, locate, &problems)
            for p in problems { report(p); ok = false }
        }
        header.meta = object["meta"]
        if let e = object["expect"] {
            if let items = e.arrayValue {
                var list: [JSONObject] = []
                for (k, item) in items.enumerated() {
                    if let o = item.objectValue, o["type"]?.stringValue != nil {
                        list.append(o)
                        for p in OutputTypes.problems(of: o) { fail("expect", "`expect[\(k)]`: " + p) }
                    } else {
                        fail("expect", "`expect[\(k)]` must be an object with a string `type`, found \(item.foundDescription)")
                    }
                }
                header.expect = list
            } else {
                fail("expect", "`expect` must be an array of objects, found \(e.kindDescription)")
            }
        }
        if let e = object["expectNone"] {
            if let items = e.arrayValue, items.allSatisfy({ $0.stringValue != nil }) {
                header.expectNone = items.map { $0.stringValue! }
                for name in header.expectNone! where OutputTypes.fields[name] == nil {
                    fail("expectNone", "`expectNone` lists `\(name)`, which is not an output type (expected one of \(OutputTypes.names.joined(separator: ", ")))")
                }
            } else {
                fail("expectNone", "`expectNone` must be an array of type names, found \(e.foundDescription)")
            }
        }
        let known: Set<String> = ["format", "version", "encoding", "device", "scene", "meta", "expect", "expectNone", "events"]
        header.extra = object.members.filter { !known.contains($0.key) }
        // Kept (traces are a contract: a later version's keys pass through), but said: a
        // misspelt `devise` or `expcet` would otherwise change nothing and go unnoticed.
        for m in header.extra {
            let near = m.key == "settings" ? "scene.settings" : known.sorted().first { Self.distance(m.key, $0) <= 2 }
            report(Diagnostic(strictKeys ? .error : .warning, locate(m.key),
                              "`\(m.key)` is not a key of the format" + (strictKeys ? "" : " (kept as it is, read by nothing)")
                              + (near.map { "; did you mean `\($0)`?" } ?? "; application data belongs in `meta`")))
        }
        return ok && !(strictKeys && !header.extra.isEmpty) ? header : nil
    }
}

extension HeaderDecoder {
    /// Edit distance (insertions, deletions, substitutions) between two short keys.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8), b = Array(b.utf8)
        guard a.count < 64, b.count < 64 else { return Int.max }
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let keep = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = keep
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}

/// The open contacts of a trace (id → index of its `down`): a short linear table, which is
/// what real input needs (a hand has ten fingers), spilling into a dictionary past 16 so that
/// a pathological trace cannot make validation quadratic.
struct OpenContacts {
    private var small: [(id: Int, index: Int)] = []
    private var large: [Int: Int] = [:]

    init() { small.reserveCapacity(16) }

    @inline(__always) func find(_ id: Int) -> Int? {
        for entry in small where entry.id == id { return entry.index }
        return large.isEmpty ? nil : large[id]
    }

    mutating func insert(_ id: Int, _ index: Int) {
        if small.count < 16 { small.append((id, index)) } else { large[id] = index }
    }

    mutating func remove(_ id: Int) {
        if let k = small.firstIndex(where: { $0.id == id }) {
            small.remove(at: k)
        } else {
            large[id] = nil
        }
    }

    func all() -> [(Int, Int)] { small.map { ($0.id, $0.index) } + large.map { ($0.key, $0.value) } }
}
