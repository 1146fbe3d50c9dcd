import TouchGestures
import TouchList
import TouchTrace

/// The list a trace's scene describes: `scene.list` and `scene.data`, read and checked by the
/// format (TouchTrace's `SceneListReader`), made into a ``ListModel`` and a ``ScriptedFeed``
/// here, where the list is.
enum ListScene {
    /// The layout and options `scene` describes over `surface`; a key the trace leaves out or
    /// gets wrong keeps the list's default.
    static func model(_ scene: SceneList, surface: Surface) -> ListModel {
        let standard = ListLayout.standard(for: surface)
        var layout = ListLayout(rows: scene.rows ?? standard.rows, rowHeight: scene.rowHeight ?? standard.rowHeight,
                                width: scene.width ?? surface.width, height: scene.height ?? surface.height)
        if let v = scene.top { layout.top = v }
        if let v = scene.left { layout.left = v }
        var m = ListModel(layout: layout, options: options(scene))
        if let offset = scene.offset { m.scroll(toOffset: offset) }
        return m
    }

    /// The options `scene` gives, each left at its default where the trace gives none.
    static func options(_ scene: SceneList) -> ListOptions {
        var o = ListOptions()
        for (entry, value) in zip(ListOptionsCatalog.entries, scene.options) {
            if let value { ListOptionFields.set[entry.name]?(&o, value) }
        }
        return o
    }
}

/// How each option of ``ListOptionsCatalog`` (TouchTrace's table of `scene.list`'s options) sets
/// and reads its `ListOptions` field: one entry a name, and nothing else to add for a new option
/// but its field, its catalog row and this entry. A test holds the names here to the catalog's,
/// each default to the field's, and the catalog to every field of `ListOptions`. Closures rather
/// than key paths, which Embedded Swift (the phones' build) does not have.
package enum ListOptionFields {
    /// Sets the field named by the key from a value its catalog entry accepted.
    package static let set: [String: @Sendable (inout ListOptions, ListOptionValue) -> Void] = [
        "swipePolicy": { o, v in if let p = v.word.flatMap(SwipePolicy.init(rawValue:)) { o.swipePolicy = p } },
        "sections": { o, v in if case .wholes(let s) = v { o.sections = s } },
        "headerHeight": { o, v in if let n = v.number { o.headerHeight = n } },
        "rowHeights": { o, v in if case .numbers(let hs) = v { o.rowHeights = hs } },
        "estimatedRowHeight": { o, v in if let n = v.number { o.estimatedRowHeight = n } },
        "selection": { o, v in if let s = v.word.flatMap(SelectionMode.init(rawValue:)) { o.selection = s } },
        "snapsToCells": { o, v in if let b = v.flag { o.snapsToCells = b } },
        "snapsToSections": { o, v in if let b = v.flag { o.snapsToSections = b } },
        "sectionSnapDistance": { o, v in if let n = v.number { o.sectionSnapDistance = n } },
        "paging": { o, v in if let p = v.word.flatMap(PagingMode.init(rawValue:)) { o.paging = p } },
        "pageSize": { o, v in if case .whole(let n) = v { o.pageSize = n } },
        "infiniteScrollDistance": { o, v in if let n = v.number { o.infiniteScrollDistance = n } },
        "refreshes": { o, v in if let b = v.flag { o.refreshes = b } },
        "refreshDistance": { o, v in if let n = v.number { o.refreshDistance = n } },
        "loadMoreRowHeight": { o, v in if let n = v.number { o.loadMoreRowHeight = n } },
        "loadingRowHeight": { o, v in if let n = v.number { o.loadingRowHeight = n } },
        "bounces": { o, v in if let b = v.flag { o.physics.bounces = b } },
        "decelerationRate": { o, v in if let n = v.number { o.physics.decelerationRate = n } },
        "stopSpeed": { o, v in if let n = v.number { o.physics.stopSpeed = n } },
        "rubberBandCoefficient": { o, v in if let n = v.number { o.physics.rubberBandCoefficient = n } },
        "settleDuration": { o, v in if let n = v.number { o.physics.settleDuration = n } },
        "leadingActions": { o, v in if case .numbers(let w) = v { o.leadingActions = RowActions(widths: w) } },
        "trailingActions": { o, v in if case .numbers(let w) = v { o.trailingActions = RowActions(widths: w) } },
        "fullSwipes": { o, v in if let b = v.flag { o.fullSwipes = b } },
        "reorder": { o, v in if let b = v.flag { o.reorder = b } },
    ]
}

extension ListOptionValue {
    /// The number, if this is one.
    var number: Double? { if case .number(let n) = self { n } else { nil } }
    /// The flag, if this is one.
    var flag: Bool? { if case .flag(let b) = self { b } else { nil } }
    /// The word, if this is one.
    var word: String? { if case .word(let w) = self { w } else { nil } }
}

extension TraceHeader {
    /// The list a replay drives: `scene.list`, or the library's default list for the surface.
    public func makeListModel() -> ListModel {
        sceneList.map { ListScene.model($0, surface: surface) } ?? ListModel(layout: .standard(for: surface))
    }

    /// `scene.data` read into the feed a replay answers the list's page requests from, or
    /// `nil` when the scene has none. Invalid values are reported by validation.
    public var feed: ScriptedFeed? {
        guard let data = sceneData else { return nil }
        var feed = ScriptedFeed(pageSize: sceneList?.pageSize ?? ListOptions().pageSize)
        feed.total = data.total
        if let latency = data.latency { feed.latency = latency }
        feed.failingPages = data.failingPages
        return feed
    }
}
