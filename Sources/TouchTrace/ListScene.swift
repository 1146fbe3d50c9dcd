import TouchGestures
import TouchList

/// `scene.list` and `scene.data`: the one reader of how a trace describes its list (viewport,
/// sections, heights, row swipes, selection, snapping, paging, refresh, physics) and the feed
/// its pages come from (see `docs/trace-format.md`). Validation reports its problems; a replay
/// reads the same keys the same way, with a bad value left at its default.
enum ListScene {
    /// Keys renamed to the Swift spelling, with the name they had before (still accepted:
    /// traces are a contract). Old → current.
    static let keyAliases = [
        "snapToCells": "snapsToCells", "snapToSections": "snapsToSections", "refresh": "refreshes",
        "policy": "swipePolicy",
    ]

    /// Every key of `scene.list`, current spellings.
    static let keys = [
        "rows", "rowHeight", "top", "left", "width", "height", "offset", "swipePolicy", "sections", "headerHeight",
        "rowHeights", "estimatedRowHeight", "selection", "snapsToCells", "snapsToSections", "sectionSnapDistance",
        "paging", "pageSize", "infiniteScrollDistance", "refreshes", "refreshDistance", "loadMoreRowHeight",
        "loadingRowHeight", "bounces", "decelerationRate", "stopSpeed", "rubberBandCoefficient", "settleDuration",
        "leadingActions", "trailingActions", "fullSwipes",
    ]

    /// What `scene.list` describes.
    struct List {
        var layout: ListLayout
        var options: ListOptions
        /// Where the content starts scrolled to (surface units).
        var offset: Double?

        /// The list model it describes.
        func model() -> ListModel {
            var m = ListModel(layout: layout, options: options)
            if let offset { m.scroll(toOffset: offset) }
            return m
        }
    }

    /// Reads `scene.list` (`list`, the value found) over `surface`. Each problem is reported at
    /// `location`, naming the key, what was expected and what was found; that key keeps its
    /// default.
    static func read(_ value: JSONValue, surface: Surface, at location: SourceLocation,
                     problems: inout [Diagnostic]) -> List {
        let standard = ListLayout.standard(for: surface)
        var scene = List(layout: ListLayout(rows: standard.rows, rowHeight: standard.rowHeight,
                                            width: surface.width, height: surface.height),
                         options: ListOptions(), offset: nil)
        var written: [String: String] = [:]     // current name → as the trace spells it
        func bad(_ key: String, _ expected: String, _ found: JSONValue) {
            problems.append(Diagnostic(.error, location, "`scene.list.\(written[key] ?? key)` must be \(expected), found \(found.serialized())"))
        }
        guard let given = value.objectValue else {
            problems.append(Diagnostic(.error, location, "`scene.list` must be an object, found \(value.kindDescription)"))
            return scene
        }
        // Old spellings read as the new ones; an unknown key is an error (a typo would
        // otherwise pass unnoticed and leave its default in force).
        var list = JSONObject()
        for m in given.members {
            let key = keyAliases[m.key] ?? m.key
            guard keys.contains(key) else {
                problems.append(Diagnostic(.error, location, "`scene.list.\(m.key)` is not a key of scene.list (expected one of \(keys.joined(separator: ", ")))"))
                continue
            }
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
        func flag(_ key: String) -> Bool? {
            guard let v = list[key] else { return nil }
            if let b = v.boolValue { return b }
            bad(key, "true or false", v)
            return nil
        }
        func choice<T: RawRepresentable & CaseIterable>(_ key: String, _: T.Type) -> T? where T.RawValue == String {
            guard let v = list[key] else { return nil }
            if let t = v.stringValue.flatMap(T.init(rawValue:)) { return t }
            bad(key, "one of " + T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "), v)
            return nil
        }
        // The viewport.
        var layout = scene.layout
        if let v = list["rows"] {
            if let n = whole(v, min: 0) { layout.rows = n } else { bad("rows", "a whole number from 0 to 10,000,000", v) }
        }
        if let h = number("rowHeight", "a positive number (trace units)", { $0 > 0 }) { layout.rowHeight = h }
        if let v = number("top", "a number (trace units)", { _ in true }) { layout.top = v }
        if let v = number("left", "a number (trace units)", { _ in true }) { layout.left = v }
        if let v = number("width", "a positive number (trace units)", { $0 > 0 }) { layout.width = v }
        if let v = number("height", "a positive number (trace units)", { $0 > 0 }) { layout.height = v }
        scene.offset = number("offset", "a number (trace units)", { _ in true })
        scene.layout = layout
        // Everything else.
        var o = ListOptions()
        if let p = choice("swipePolicy", SwipePolicy.self) { o.swipePolicy = p }
        // Actions wider than the row could never be uncovered (and 1e308 made every offset NaN).
        let actions = "a number from 0 to the row's width, \(formatJSONNumber(layout.width)) (trace units)"
        if let w = number("leadingActions", actions, { $0 >= 0 && $0 <= layout.width }) { o.leadingActions = w }
        if let w = number("trailingActions", actions, { $0 >= 0 && $0 <= layout.width }) { o.trailingActions = w }
        if let b = flag("fullSwipes") { o.fullSwipes = b }
        if let v = list["sections"] {
            let counts = v.arrayValue?.map { whole($0, min: 0) }
            if let counts, !counts.isEmpty, !counts.contains(where: { $0 == nil }) {
                let sections = counts.compactMap { $0 }
                let sum = sections.reduce(0, +)
                if let rows = list["rows"]?.numberValue, rows != Double(sum) {
                    problems.append(Diagnostic(.error, location, "`scene.list.sections` must add up to `rows` (\(formatJSONNumber(rows))), found \(sum) rows in \(sections.count) sections"))
                } else if sum > 10_000_000 {
                    bad("sections", "at most 10,000,000 rows in all", v)
                } else {
                    o.sections = sections
                }
            } else {
                bad("sections", "a non-empty array of whole numbers of rows", v)
            }
        }
        if let h = number("headerHeight", "a number ≥ 0 (trace units)", { $0 >= 0 }) { o.headerHeight = h }
        if let v = list["rowHeights"] {
            let hs = v.arrayValue?.compactMap { $0.numberValue.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } }
            if let hs, !hs.isEmpty, hs.count == v.arrayValue?.count { o.rowHeights = hs } else {
                bad("rowHeights", "a non-empty array of positive numbers (trace units)", v)
            }
        }
        if let h = number("estimatedRowHeight", "a positive number (trace units)", { $0 > 0 }) { o.estimatedRowHeight = h }
        if let s = choice("selection", SelectionMode.self) { o.selection = s }
        if let b = flag("snapsToCells") { o.snapsToCells = b }
        if let b = flag("snapsToSections") { o.snapsToSections = b }
        if let d = number("sectionSnapDistance", "a number ≥ 0 (mm)", { $0 >= 0 }) { o.sectionSnapDistance = d }
        if let p = choice("paging", PagingMode.self) { o.paging = p }
        if let v = list["pageSize"] {
            if let n = whole(v, min: 1) { o.pageSize = n } else { bad("pageSize", "a whole number ≥ 1", v) }
        }
        if let d = number("infiniteScrollDistance", "a number ≥ 0 (mm)", { $0 >= 0 }) { o.infiniteScrollDistance = d }
        if let b = flag("refreshes") { o.refreshes = b }
        if let d = number("refreshDistance", "a positive number (mm)", { $0 > 0 }) { o.refreshDistance = d }
        if let h = number("loadMoreRowHeight", "a positive number (trace units)", { $0 > 0 }) { o.loadMoreRowHeight = h }
        if let h = number("loadingRowHeight", "a positive number (trace units)", { $0 > 0 }) { o.loadingRowHeight = h }
        if let b = flag("bounces") { o.physics.bounces = b }
        if let r = number("decelerationRate", "a number between 0 and 1 (UIKit: 0.998 normal, 0.99 fast)", { $0 > 0 && $0 < 1 }) {
            o.physics.decelerationRate = r
        }
        if let v = number("stopSpeed", "a positive number (mm/s)", { $0 > 0 }) { o.physics.stopSpeed = v }
        if let v = number("rubberBandCoefficient", "a positive number", { $0 > 0 }) { o.physics.rubberBandCoefficient = v }
        if let v = number("settleDuration", "a number ≥ 0 (s)", { $0 >= 0 }) { o.physics.settleDuration = v }
        scene.options = o
        return scene
    }

    /// Reads `scene.data`: the feed a paged list's pages come from; problems are reported at
    /// `location`.
    static func feed(_ data: JSONValue, pageSize: Int, at location: SourceLocation,
                     problems: inout [Diagnostic]) -> ScriptedFeed? {
        func fail(_ message: String) { problems.append(Diagnostic(.error, location, message)) }
        guard let o = data.objectValue else {
            fail("`scene.data` must be an object, found \(data.kindDescription)")
            return nil
        }
        var feed = ScriptedFeed(pageSize: pageSize)
        switch o["total"] {
        case nil, .null?: break
        case let v?:
            if let n = v.numberValue, n.isFinite, n >= 0, n == n.rounded(), n <= 1e9 { feed.total = Int(n) } else {
                fail("`scene.data.total` must be a whole number of rows ≥ 0, or null for an endless feed, found \(v.serialized())")
            }
        }
        if let v = o["latency"] {
            if let n = v.numberValue, n.isFinite, n >= 0 { feed.latency = n } else {
                fail("`scene.data.latency` must be a number of seconds ≥ 0, found \(v.serialized())")
            }
        }
        if let v = o["failingPages"] {
            let pages = v.arrayValue?.compactMap { $0.numberValue.flatMap { $0 >= 1 && $0 == $0.rounded() && $0 <= 1e9 ? Int($0) : nil } }
            if let pages, pages.count == v.arrayValue?.count { feed.failingPages = Set(pages) } else {
                fail("`scene.data.failingPages` must be an array of page numbers ≥ 1, found \(v.serialized())")
            }
        }
        for m in o.members where !["total", "latency", "failingPages"].contains(m.key) {
            fail("`scene.data.\(m.key)` is not a key of scene.data (expected total, latency, failingPages)")
        }
        return feed
    }
}

extension TraceHeader {
    /// `scene.list` as a replay reads it, or `nil` when the scene has none. Invalid values are
    /// reported by validation; here they keep their defaults.
    var listScene: ListScene.List? {
        guard let list = scene?["list"] else { return nil }
        var ignored: [Diagnostic] = []
        return ListScene.read(list, surface: surface, at: SourceLocation(), problems: &ignored)
    }

    /// The list a replay drives: `scene.list`, or the library's default list for the surface.
    public func makeListModel() -> ListModel {
        listScene?.model() ?? ListModel(layout: .standard(for: surface))
    }

    /// `scene.data` read into the feed a replay answers the list's page requests from, or
    /// `nil` when the scene has none. Invalid values are reported by validation.
    public var feed: ScriptedFeed? {
        guard let data = scene?["data"] else { return nil }
        var ignored: [Diagnostic] = []
        return ListScene.feed(data, pageSize: listScene?.options.pageSize ?? ListOptions().pageSize,
                              at: SourceLocation(), problems: &ignored)
    }
}
