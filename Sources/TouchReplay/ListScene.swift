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
        if let p = scene.swipePolicy.flatMap(SwipePolicy.init(rawValue:)) { o.swipePolicy = p }
        if let w = scene.leadingActions { o.leadingActions = RowActions(widths: w) }
        if let w = scene.trailingActions { o.trailingActions = RowActions(widths: w) }
        if let b = scene.fullSwipes { o.fullSwipes = b }
        if let b = scene.reorder { o.reorder = b }
        if let s = scene.sections { o.sections = s }
        if let h = scene.headerHeight { o.headerHeight = h }
        if let hs = scene.rowHeights { o.rowHeights = hs }
        if let h = scene.estimatedRowHeight { o.estimatedRowHeight = h }
        if let s = scene.selection.flatMap(SelectionMode.init(rawValue:)) { o.selection = s }
        if let b = scene.snapsToCells { o.snapsToCells = b }
        if let b = scene.snapsToSections { o.snapsToSections = b }
        if let d = scene.sectionSnapDistance { o.sectionSnapDistance = d }
        if let p = scene.paging.flatMap(PagingMode.init(rawValue:)) { o.paging = p }
        if let n = scene.pageSize { o.pageSize = n }
        if let d = scene.infiniteScrollDistance { o.infiniteScrollDistance = d }
        if let b = scene.refreshes { o.refreshes = b }
        if let d = scene.refreshDistance { o.refreshDistance = d }
        if let h = scene.loadMoreRowHeight { o.loadMoreRowHeight = h }
        if let h = scene.loadingRowHeight { o.loadingRowHeight = h }
        if let b = scene.bounces { o.physics.bounces = b }
        if let r = scene.decelerationRate { o.physics.decelerationRate = r }
        if let v = scene.stopSpeed { o.physics.stopSpeed = v }
        if let v = scene.rubberBandCoefficient { o.physics.rubberBandCoefficient = v }
        if let v = scene.settleDuration { o.physics.settleDuration = v }
        return o
    }
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
