import TouchGestures

/// `scene.list` and `scene.data` as the format reads them: the one reader of how a trace
/// describes its list (viewport, sections, heights, row swipes, selection, snapping, paging,
/// refresh, physics) and the feed its pages come from (see `docs/trace-format.md`). Every key is
/// checked here and its value kept as written; TouchReplay makes the list of it, so that the
/// format's reader (and the daemon and importers that use it) need no list. Validation reports
/// the problems; a replay reads the same values, with a bad one left at its default.
package enum SceneListReader {
    /// Keys renamed to the Swift spelling, with the name they had before (still accepted:
    /// traces are a contract). Old → current.
    static let keyAliases = [
        "snapToCells": "snapsToCells", "snapToSections": "snapsToSections", "refresh": "refreshes",
        "policy": "swipePolicy",
    ]

    /// The keys of `scene.list` that are not options: the viewport, and the app's edits.
    static let layoutKeys = ["rows", "rowHeight", "top", "left", "width", "height", "offset"]

    /// Every key of `scene.list`, current spellings: the viewport, the options
    /// (``ListOptionsCatalog``), the edits.
    static let keys = layoutKeys + ListOptionsCatalog.entries.map { $0.name } + ["edits"]

    /// Reads `scene.list` (`value`, the value found) over `surface`. Each problem is reported at
    /// its place (`locate`, a path inside `scene` such as `list.edits[3]`; else `location`),
    /// naming the key, what was expected and what was found; that key is left out.
    package static func read(_ value: JSONValue, surface: Surface, at location: SourceLocation,
                             locate: (String) -> SourceLocation,
                             problems: inout [Diagnostic]) -> SceneList {
        var scene = SceneList()
        var written: [String: String] = [:]     // current name → as the trace spells it
        // Where a key of `scene.list` is (`locate`, given a path inside `scene`), else the scene.
        func place(_ path: String) -> SourceLocation { locate(path) }
        func bad(_ key: String, _ expected: String, _ found: JSONValue) {
            problems.append(Diagnostic(.error, place("list.\(written[key] ?? key)"), "`scene.list.\(written[key] ?? key)` must be \(expected), found \(found.foundDescription)"))
        }
        guard let given = value.objectValue else {
            problems.append(Diagnostic(.error, place("list"), "`scene.list` must be an object, found \(value.kindDescription)"))
            return scene
        }
        // Old spellings read as the new ones; an unknown key is an error (a typo would
        // otherwise pass unnoticed and leave its default in force).
        var list = JSONObject()
        for m in given.members {
            let key = keyAliases[m.key] ?? m.key
            guard keys.contains(key) else {
                problems.append(Diagnostic(.error, place("list.\(m.key)"), "`scene.list.\(m.key)` is not a key of scene.list (expected one of \(keys.joined(separator: ", ")))"))
                continue
            }
            // Given twice (or under its old name and its new one): the first, as everywhere
            // (the header's reader warns of it); this took the last.
            guard list[key] == nil else { continue }
            list[key] = m.value
            written[key] = m.key
        }
        func number(_ key: String, _ expected: String, _ ok: (Double) -> Bool) -> Double? {
            guard let v = list[key] else { return nil }
            if let n = v.numberValue, n.isFinite, ok(n) { return n }
            bad(key, expected, v)
            return nil
        }
        func whole(_ v: JSONValue, min: Double) -> Int? {
            guard let n = v.numberValue, n.isFinite, n == n.rounded(), n >= min, n <= 1e7 else { return nil }
            return Int(n)
        }
        // The viewport.
        if let v = list["rows"] {
            if let n = whole(v, min: 0) { scene.rows = n } else { bad("rows", "a whole number from 0 to 10,000,000", v) }
        }
        scene.rowHeight = number("rowHeight", "a positive number (trace units)", { $0 > 0 })
        scene.top = number("top", "a number (trace units)", { _ in true })
        scene.left = number("left", "a number (trace units)", { _ in true })
        scene.width = number("width", "a positive number (trace units)", { $0 > 0 })
        scene.height = number("height", "a positive number (trace units)", { $0 > 0 })
        scene.offset = number("offset", "a number (trace units)", { _ in true })
        // The options, each as its catalog entry says. Actions wider than the row could never be
        // uncovered (and 1e308 made every offset NaN).
        let width = scene.width ?? surface.width
        for (index, option) in ListOptionsCatalog.entries.enumerated() {
            guard let v = list[option.name] else { continue }
            let key = option.name
            var value: ListOptionValue?
            switch option.kind {
            case .number:
                if let n = v.numberValue, n.isFinite, option.accepted?.contains(n) ?? true { value = .number(n) }
            case .whole:
                if let n = whole(v, min: option.accepted?.lower ?? 0) { value = .whole(n) }
            case .flag:
                if let b = v.boolValue { value = .flag(b) }
            case .choice(let set):
                if let t = v.stringValue, set.words.contains(t) { value = .word(t) }
            case .actionWidths:
                if let n = v.numberValue, n.isFinite, n >= 0, n <= width {
                    value = .numbers([n])
                } else if let a = v.arrayValue {
                    let ws = a.compactMap { $0.numberValue.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } }
                    if ws.count == a.count, ws.reduce(0, +) <= width { value = .numbers(ws) }
                }
            case .heights:
                let hs = v.arrayValue?.compactMap { $0.numberValue.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } }
                if let hs, !hs.isEmpty, hs.count == v.arrayValue?.count { value = .numbers(hs) }
            case .rowsPerSection:
                let counts = v.arrayValue?.map { whole($0, min: 0) }
                guard let counts, !counts.isEmpty, !counts.contains(where: { $0 == nil }) else { break }
                let sections = counts.compactMap { $0 }
                let sum = sections.reduce(0, +)
                if let rows = list["rows"]?.numberValue, rows != Double(sum) {
                    problems.append(Diagnostic(.error, place("list.sections"), "`scene.list.sections` must add up to `rows` (\(formatJSONNumber(rows))), found \(sum) rows in \(sections.count) sections"))
                    continue
                }
                if sum > 10_000_000 {
                    bad(key, "at most 10,000,000 rows in all", v)
                    continue
                }
                value = .wholes(sections)
            }
            if let value { scene.options[index] = value } else { bad(key, option.expected(width: width), v) }
        }
        if let v = list["edits"] {
            scene.edits = readEdits(v, rows: staticRowCount(list), at: place("list.edits"), entry: { place("list.edits[\($0)]") }, problems: &problems)
        }
        return scene
    }

    /// The list's row count when it cannot change but by edits (rows or sections given, no
    /// paging and no refresh), for checking the edits' rows before a replay.
    private static func staticRowCount(_ list: JSONObject) -> Int? {
        if let p = list["paging"]?.stringValue, p != "none" { return nil }
        if list["refreshes"]?.boolValue == true { return nil }
        if let n = list["rows"]?.numberValue, n.isFinite, n >= 0, n == n.rounded(), n <= 1e7 { return Int(n) }
        if let a = list["sections"]?.arrayValue {
            let ns = a.compactMap { $0.numberValue.flatMap { $0.isFinite && $0 >= 0 && $0 == $0.rounded() && $0 <= 1e7 ? Int($0) : nil } }
            if ns.count == a.count { return ns.reduce(0, +) }
        }
        return nil
    }

    /// `scene.list.edits`: an array of `{"t": SECONDS, "delete": [ROW, …], "insert": [ROW, …],
    /// "move": {"from": ROW, "to": ROW} or an array of them}`, in time order. Each problem names
    /// the edit by its place in the array; with `rows` known, the rows each edit names are checked
    /// against the list the edits before it leave.
    private static func readEdits(_ value: JSONValue, rows: Int?, at location: SourceLocation,
                                  entry: (Int) -> SourceLocation, problems: inout [Diagnostic]) -> [SceneEdit]? {
        // Each problem at the edit it is about (they were all at the `edits` array), found only
        // when there is one: `entry` walks the document from its top, and asked for every edit
        // it made n edits cost n² (4,000 edits at one time: 67 s in synth, and again in replay).
        var current: Int?
        func problem(_ text: String) { problems.append(Diagnostic(.error, current.map(entry) ?? location, text)) }
        guard let items = value.arrayValue else {
            problem("`scene.list.edits` must be an array of edits ({\"t\": seconds, \"delete\"/\"insert\": [rows], \"move\": {\"from\": row, \"to\": row}}), found \(value.kindDescription)")
            return nil
        }
        func rowNumber(_ v: JSONValue) -> Int? {
            guard let n = v.numberValue, n.isFinite, n >= 0, n == n.rounded(), n <= 1e7 else { return nil }
            return Int(n)
        }
        var edits: [SceneEdit] = []
        var count = rows
        var lastTime = -Double.infinity
        for (k, item) in items.enumerated() {
            let name = "`scene.list.edits[\(k)]`"
            current = k
            guard let o = item.objectValue else { problem("\(name) must be an object, found \(item.kindDescription)"); return nil }
            for m in o.members where !["t", "delete", "insert", "move"].contains(m.key) {
                problem("\(name).\(m.key) is not a key of an edit (expected t, delete, insert, move)")
                return nil
            }
            guard let t = o["t"]?.numberValue, t.isFinite, t >= 0 else {
                problem("\(name).t must be a time in seconds ≥ 0, found \(o["t"].map { $0.serialized() } ?? "nothing")")
                return nil
            }
            guard t >= lastTime else {
                problem("\(name).t must not be earlier than the edit before it (\(formatJSONNumber(lastTime)) s), found \(formatJSONNumber(t))")
                return nil
            }
            lastTime = t
            var edit = SceneEdit(time: t)
            for key in ["delete", "insert"] {
                guard let v = o[key] else { continue }
                guard let a = v.arrayValue, case let rs = a.compactMap(rowNumber), rs.count == a.count else {
                    problem("\(name).\(key) must be an array of row indices (whole numbers ≥ 0), found \(v.foundDescription)")
                    return nil
                }
                if key == "delete" { edit.deleted = rs } else { edit.inserted = rs }
            }
            if let v = o["move"] {
                let objects = v.arrayValue ?? [v]
                for m in objects {
                    guard let mo = m.objectValue, let from = mo["from"].flatMap(rowNumber), let to = mo["to"].flatMap(rowNumber),
                          mo.members.count == 2 else {
                        problem("\(name).move must be {\"from\": row, \"to\": row} or an array of them, found \(m.foundDescription)")
                        return nil
                    }
                    edit.moved.append(.init(from: from, to: to))
                }
            }
            if edit.deleted.isEmpty, edit.inserted.isEmpty, edit.moved.isEmpty {
                problem("\(name) changes nothing (give delete, insert or move)")
                return nil
            }
            // A row named twice is a mistake whether or not the rows are known before the replay
            // (a paged list's `delete [2, 2]` passed, and was skipped at its time without a word).
            let leaving = edit.deleted + edit.moved.map { $0.from }
            let filled = edit.inserted + edit.moved.map { $0.to }
            func twice(_ rows: [Int]) -> Int? {
                var seen: Set<Int> = []
                return rows.first { !seen.insert($0).inserted }
            }
            if let r = twice(leaving) { problem("\(name) deletes or moves row \(r) twice"); return nil }
            if let r = twice(filled) { problem("\(name) inserts or moves two rows to place \(r)"); return nil }
            if let n = count {
                let after = n - edit.deleted.count + edit.inserted.count
                func rows(_ k: Int) -> String { k == 0 ? "no rows" : "\(k) row\(k == 1 ? "" : "s") (0 to \(k - 1))" }
                if let r = leaving.first(where: { $0 >= n }) {
                    problem("\(name) names row \(r), but the list has \(rows(n)) then"); return nil
                }
                if let r = filled.first(where: { $0 >= after }) {
                    problem("\(name) puts a row at \(r), but the list has \(rows(after)) after it"); return nil
                }
                count = after
            }
            edits.append(edit)
        }
        return edits
    }

    /// Reads `scene.data`: the feed a paged list's pages come from; problems are reported at
    /// `location`.
    package static func feed(_ data: JSONValue, at location: SourceLocation,
                             problems: inout [Diagnostic]) -> SceneData? {
        func fail(_ message: String) { problems.append(Diagnostic(.error, location, message)) }
        guard let o = data.objectValue else {
            fail("`scene.data` must be an object, found \(data.kindDescription)")
            return nil
        }
        var feed = SceneData()
        switch o["total"] {
        case nil, .null?: break
        case let v?:
            if let n = v.numberValue, n.isFinite, n >= 0, n == n.rounded(), n <= 1e9 { feed.total = Int(n) } else {
                fail("`scene.data.total` must be a whole number of rows ≥ 0, or null for an endless feed, found \(v.foundDescription)")
            }
        }
        if let v = o["latency"] {
            if let n = v.numberValue, n.isFinite, n >= 0 { feed.latency = n } else {
                fail("`scene.data.latency` must be a number of seconds ≥ 0, found \(v.foundDescription)")
            }
        }
        if let v = o["failingPages"] {
            let pages = v.arrayValue?.compactMap { $0.numberValue.flatMap { $0 >= 1 && $0 == $0.rounded() && $0 <= 1e9 ? Int($0) : nil } }
            if let pages, pages.count == v.arrayValue?.count { feed.failingPages = Set(pages) } else {
                fail("`scene.data.failingPages` must be an array of page numbers ≥ 1, found \(v.foundDescription)")
            }
        }
        for m in o.members where !["total", "latency", "failingPages"].contains(m.key) {
            fail("`scene.data.\(m.key)` is not a key of scene.data (expected total, latency, failingPages)")
        }
        return feed
    }
}

/// `scene.list` as written, each key checked: `nil` where the trace leaves the key out or
/// gives a value it cannot take (the list's default then holds).
package struct SceneList: Hashable, Sendable {
    package var rows: Int?
    package var rowHeight, top, left, width, height, offset: Double?
    package var edits: [SceneEdit]?
    /// Each option the trace gives and its catalog entry accepts, at its entry's place in
    /// ``ListOptionsCatalog/entries`` (`nil` where the trace gives none). An array rather than a
    /// dictionary by name: the daemon reads traces too, and a dictionary's code for these values
    /// cost its armhf build 4 kB.
    package var options = [ListOptionValue?](repeating: nil, count: ListOptionsCatalog.entries.count)
    package init() {}

    /// The value given for the option named `name`, if any.
    package subscript(option name: String) -> ListOptionValue? {
        guard let k = ListOptionsCatalog.entries.firstIndex(where: { $0.name == name }) else { return nil }
        return options[k]
    }

    /// Rows per page (`pageSize`), when given: the feed's pages are this long too.
    package var pageSize: Int? {
        if case .whole(let n)? = self[option: "pageSize"] { return n }
        return nil
    }
}

/// `scene.data` as written, each key checked.
package struct SceneData: Hashable, Sendable {
    /// Rows the feed holds; `nil` for an endless feed.
    package var total: Int?
    /// Seconds between a request and its answer, when given.
    package var latency: Double?
    /// Pages whose first request fails.
    package var failingPages: Set<Int> = []
    package init() {}
}

/// What a trace reader checks in a header's `scene` besides its settings: its `list` and its
/// `data`, or nothing.
///
/// A value of its own, not a flag, so that a reader that never replays a list (the daemon, whose
/// `--replay` reads only the touches and the settings) links none of the list's reader: each
/// check is a closure that only the code choosing it refers to, and the static daemon's linker
/// leaves the other out (`tools/daemon-weights` measures what that saves).
package struct SceneCheck: Sendable {
    /// Reports each problem of `scene` (an object) on a device of `surface`; `locate` finds a
    /// path's place (`scene.list.rows`).
    let run: @Sendable (_ scene: JSONValue, _ surface: Surface, _ locate: (String) -> SourceLocation,
                        _ problems: inout [Diagnostic]) -> Void

    /// The list and its feed checked as `touchtrace replay` reads them: every reader but the daemon's.
    package static var list: SceneCheck {
        SceneCheck { scene, surface, locate, problems in
            if let list = scene["list"] {
                _ = SceneListReader.read(list, surface: surface, at: locate("scene"), locate: { locate("scene." + $0) }, problems: &problems)
            }
            if let data = scene["data"] {
                _ = SceneListReader.feed(data, at: locate("scene"), problems: &problems)
            }
        }
    }

    /// Nothing checked but the settings: for a reader that has no list, to which a trace's
    /// `scene.list` and `scene.data` mean nothing (the daemon's `--replay`).
    package static var settingsOnly: SceneCheck { SceneCheck { _, _, _, _ in } }
}

extension TraceHeader {
    /// `scene.list` as a replay reads it, or `nil` when the scene has none. Invalid values are
    /// reported by validation; here they are left out.
    package var sceneList: SceneList? {
        guard let list = scene?["list"] else { return nil }
        var ignored: [Diagnostic] = []
        return SceneListReader.read(list, surface: surface, at: SourceLocation(), locate: { _ in SourceLocation() }, problems: &ignored)
    }

    /// `scene.data` as a replay reads it, or `nil` when the scene has none.
    package var sceneData: SceneData? {
        guard let data = scene?["data"] else { return nil }
        var ignored: [Diagnostic] = []
        return SceneListReader.feed(data, at: SourceLocation(), problems: &ignored)
    }
}

/// One entry of `scene.list.edits`: rows deleted (indices before the edit), inserted (indices
/// after it) and moved, at time `time` (seconds).
package struct SceneEdit: Hashable, Sendable {
    package var time: Double
    package var deleted: [Int] = []
    package var inserted: [Int] = []
    package var moved: [Move] = []

    /// A row moved from `from` (before the edit) to `to` (after it).
    package struct Move: Hashable, Sendable {
        package var from: Int
        package var to: Int
    }

    package init(time: Double) { self.time = time }
}
