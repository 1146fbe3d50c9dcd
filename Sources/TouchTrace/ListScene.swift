import TouchGestures
import TouchList

/// The optional keys of `scene.list` beyond the viewport, and `scene.data`: how a trace
/// describes its list's sections, heights, selection, snapping, paging and refresh, and the
/// feed its pages come from (see `docs/trace-format.md`).
enum ListScene {
    /// Reads the list options of `list` (a `scene.list` object). Each problem is described in
    /// `problems` (naming the key, what was expected and what was found) and its key keeps its
    /// default.
    static func options(_ list: JSONObject, problems: inout [String]) -> ListOptions {
        var o = ListOptions()
        func bad(_ key: String, _ expected: String, _ found: JSONValue) {
            problems.append("`scene.list.\(key)` must be \(expected), found \(found.serialized())")
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
        if let v = list["sections"] {
            let counts = v.arrayValue?.map { whole($0, min: 0) }
            if let counts, !counts.isEmpty, !counts.contains(where: { $0 == nil }) {
                let sections = counts.compactMap { $0 }
                let sum = sections.reduce(0, +)
                if let rows = list["rows"]?.numberValue, rows != Double(sum) {
                    problems.append("`scene.list.sections` must add up to `rows` (\(formatJSONNumber(rows))), found \(sum) rows in \(sections.count) sections")
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
        if let b = flag("snapToCells") { o.snapsToCells = b }
        if let b = flag("snapToSections") { o.snapsToSections = b }
        if let d = number("sectionSnapDistance", "a number ≥ 0 (mm)", { $0 >= 0 }) { o.sectionSnapDistance = d }
        if let p = choice("paging", PagingMode.self) { o.paging = p }
        if let v = list["pageSize"] {
            if let n = whole(v, min: 1) { o.pageSize = n } else { bad("pageSize", "a whole number ≥ 1", v) }
        }
        if let d = number("infiniteScrollDistance", "a number ≥ 0 (mm)", { $0 >= 0 }) { o.infiniteScrollDistance = d }
        if let b = flag("refresh") { o.refreshes = b }
        if let d = number("refreshDistance", "a positive number (mm)", { $0 > 0 }) { o.refreshDistance = d }
        return o
    }

    /// Reads the physics keys of `scene.list`: `bounces` and `decelerationRate`.
    static func physics(_ list: JSONObject, problems: inout [String]) -> ScrollPhysics {
        var p = ScrollPhysics()
        if let v = list["bounces"] {
            if let b = v.boolValue { p.bounces = b } else {
                problems.append("`scene.list.bounces` must be true or false, found \(v.serialized())")
            }
        }
        if let v = list["decelerationRate"] {
            if let r = v.numberValue, r > 0, r < 1 { p.decelerationRate = r } else {
                problems.append("`scene.list.decelerationRate` must be a number between 0 and 1 (UIKit: 0.998 normal, 0.99 fast), found \(v.serialized())")
            }
        }
        return p
    }

    /// Reads `scene.data`: the feed a paged list's pages come from.
    static func feed(_ data: JSONValue, pageSize: Int, problems: inout [String]) -> ScriptedFeed? {
        guard let o = data.objectValue else {
            problems.append("`scene.data` must be an object, found \(data.kindDescription)")
            return nil
        }
        var feed = ScriptedFeed(pageSize: pageSize)
        switch o["total"] {
        case nil, .null?: break
        case let v?:
            if let n = v.numberValue, n.isFinite, n >= 0, n == n.rounded(), n <= 1e9 { feed.total = Int(n) } else {
                problems.append("`scene.data.total` must be a whole number of rows ≥ 0, or null for an endless feed, found \(v.serialized())")
            }
        }
        if let v = o["latency"] {
            if let n = v.numberValue, n.isFinite, n >= 0 { feed.latency = n } else {
                problems.append("`scene.data.latency` must be a number of seconds ≥ 0, found \(v.serialized())")
            }
        }
        if let v = o["failingPages"] {
            let pages = v.arrayValue?.compactMap { $0.numberValue.flatMap { $0 >= 1 && $0 == $0.rounded() && $0 <= 1e9 ? Int($0) : nil } }
            if let pages, pages.count == v.arrayValue?.count { feed.failingPages = Set(pages) } else {
                problems.append("`scene.data.failingPages` must be an array of page numbers ≥ 1, found \(v.serialized())")
            }
        }
        for m in o.members where !["total", "latency", "failingPages"].contains(m.key) {
            problems.append("`scene.data.\(m.key)` is not a key of scene.data (expected total, latency, failingPages)")
        }
        return feed
    }
}

extension TraceHeader {
    /// `scene.data` read into the feed a replay answers the list's page requests from, or
    /// `nil` when the scene has none. Invalid values are reported by validation.
    public var feed: ScriptedFeed? {
        guard let data = scene?["data"] else { return nil }
        var problems: [String] = []
        let list = scene?["list"]?.objectValue ?? JSONObject()
        let options = ListScene.options(list, problems: &problems)
        return ListScene.feed(data, pageSize: options.pageSize, problems: &problems)
    }
}
