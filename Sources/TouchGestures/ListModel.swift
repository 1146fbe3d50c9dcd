/// Where the list's rows lie on the surface. All lengths are in surface units.
///
/// Row `i` covers `top + i * rowHeight ..< top + (i + 1) * rowHeight` vertically and
/// `left ..< left + width` horizontally, clipped to the viewport `top ..< top + height`.
public struct ListLayout: Hashable, Sendable {
    /// Number of rows.
    public var rows: Int
    /// Height of every row, in surface units.
    public var rowHeight: Double
    /// Viewport origin, in surface units.
    public var top: Double
    public var left: Double
    /// Viewport size, in surface units.
    public var width: Double
    public var height: Double

    public init(rows: Int, rowHeight: Double, top: Double = 0, left: Double = 0, width: Double, height: Double) {
        self.rows = max(0, rows)
        self.rowHeight = rowHeight
        self.top = top
        self.left = left
        self.width = width
        self.height = height
    }

    /// The default row height, in millimetres: UIKit's standard 44-point row, which on the
    /// 163 points-per-inch screen the original ran on is 44 × 25.4 / 163 ≈ 6.86 mm.
    public static let defaultRowHeightMillimetres = 44.0 * 25.4 / 163.0

    /// The list used when a trace describes none: the whole surface, rows of
    /// ``defaultRowHeightMillimetres``, as many as it takes to fill the height.
    /// Most rows the default list makes, however tall the surface (a bound, so that an absurd
    /// surface size cannot ask for billions of rows).
    public static let maxDefaultRows = 100_000

    public static func standard(for surface: Surface) -> ListLayout {
        let h = surface.unitsY(defaultRowHeightMillimetres)
        let count = h > 0 ? (surface.height / h).rounded(.up) : 0
        let rows = count.isFinite ? Int(min(max(count, 0), Double(maxDefaultRows))) : 0
        return ListLayout(rows: rows, rowHeight: h, width: surface.width, height: surface.height)
    }

    /// The row under `point` when the content is scrolled by `offset` (surface units), or `nil`
    /// outside the viewport or below the last row.
    public func row(at point: Point, offset: Double = 0) -> Int? {
        guard rowHeight > 0,
              point.x >= left, point.x < left + width,
              point.y >= top, point.y < top + height else { return nil }
        let r = ((point.y - top + offset) / rowHeight).rounded(.down)
        return r >= 0 && r < Double(rows) ? Int(r) : nil
    }

    /// Height of all the rows, in surface units.
    public var contentHeight: Double { Double(rows) * rowHeight }

    /// The largest content offset: how far the content scrolls before its last row's bottom
    /// reaches the viewport's, in surface units (0 when everything fits).
    public var maxOffset: Double { max(0, contentHeight - height) }
}

/// How a horizontal swipe changes a row's swipe state.
public enum SwipePolicy: String, Hashable, Sendable, CaseIterable {
    /// Any horizontal swipe flips the row's state (the original's `cellSwiped` toggle). Default.
    case toggle
    /// A left swipe opens the row, a right swipe closes it; a swipe that changes nothing
    /// reports nothing.
    case directional
    /// Like `toggle`, but opening a row first closes the open one, and while a row is open a
    /// tap anywhere closes it instead of selecting (as a mail app's swiped cell does).
    case oneOpen
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How a list scrolls on its own: momentum after a fling, and the animations that settle it.
public struct ScrollPhysics: Hashable, Sendable {
    /// The fraction of its velocity the content keeps each millisecond (no unit). Default
    /// 0.998: UIKit's `UIScrollView.DecelerationRate.normal`; `fast` is 0.99.
    public var decelerationRate: Double = 0.998
    /// Below this speed, in millimetres per second, the content stops. Default 2 mm/s (our
    /// choice: at 60 frames per second the content would move under 0.04 mm a frame).
    public var stopSpeed: Double = 2
    /// When true, a drag may pull the content past either end, with growing resistance (a
    /// rubber band), and it springs back at the lift. Default `false`: the content stops at
    /// its ends. A list that refreshes may always be pulled past its top.
    public var bounces = false
    /// How stiff the rubber band is (no unit): a drag `x` past an end shows
    /// `(1 − 1 / (x · c / d + 1)) · d` of it, `d` the viewport height, so the pull never exceeds
    /// one viewport. Default 0.55, the constant commonly measured for UIKit's scroll view.
    public var rubberBandCoefficient = 0.55
    /// How long a snap or a spring back takes, in seconds. Default 0.5 s, the animation of
    /// the cell-snapping article; its curve is an ease-out, here `1 − (1 − p)²`.
    public var settleDuration = 0.5

    public init() {}
}

/// How taps select a list's rows.
public enum SelectionMode: String, Hashable, Sendable, CaseIterable {
    /// Taps select nothing.
    case none
    /// A tap selects its row; the row selected before is deselected (`deselect`, then
    /// `select`). Default.
    case single
    /// A tap selects an unselected row and deselects a selected one.
    case multiple
    /// The table view guide's checklist: a tap toggles the row's checkmark (`select`, `check`)
    /// and the row is deselected at once (`deselect`), since selection is not state.
    case checkmark
}

/// How a list asks for more rows.
public enum PagingMode: String, Hashable, Sendable, CaseIterable {
    /// It does not: the rows are all there is. Default.
    case none
    /// While the last page came back full, a "Load more" row closes the list; tapping it
    /// asks for the next page (the original "Load more" article).
    case loadMoreRow
    /// The next page is asked for when the viewport comes within
    /// ``ListOptions/infiniteScrollDistance`` of the end, until a page comes back empty or fails.
    case infinite
}

/// Everything about a list beyond its viewport and default row height: sections, heights,
/// selection, snapping, paging and refresh. Lengths of content are in surface units;
/// thresholds are in millimetres.
public struct ListOptions: Hashable, Sendable {
    /// Rows per section; `nil`: one section holding ``ListLayout/rows`` rows.
    public var sections: [Int]?
    /// Height of each section header, in surface units; 0 (default) for no headers. Headers
    /// of a plain list stick to the top while their section scrolls under them.
    public var headerHeight = 0.0
    /// Row heights, in surface units, used in turn (row `i` is `rowHeights[i % count]`);
    /// empty (default): every row is ``ListLayout/rowHeight`` tall.
    public var rowHeights: [Double] = []
    /// When set, rows start at this height (surface units) and take their real height
    /// (``rowHeights``) when first laid out, as a table view's estimated heights do; the content
    /// height follows.
    public var estimatedRowHeight: Double?
    /// How taps select rows. Default ``SelectionMode/single``.
    public var selection = SelectionMode.single
    /// Snap so that the cut cell at the bottom edge is shown whole or not at all when
    /// scrolling ends (the cell-snapping article). Default `false`.
    public var snapsToCells = false
    /// Snap a section's start to the top when scrolling ends within
    /// ``sectionSnapDistance`` of it, never at the bottom end (the section-snapping article).
    /// Default `false`.
    public var snapsToSections = false
    /// How near the top a section start must stop to be snapped, in millimetres. Default
    /// 11.7 mm: the article's 75 points at 163 points per inch.
    public var sectionSnapDistance = 75 * 25.4 / 163
    /// How the list asks for more rows. Default ``PagingMode/none``.
    public var paging = PagingMode.none
    /// Rows per page. Default 25, as in the "Load more" article.
    public var pageSize = 25
    /// How near the end of the content the viewport's bottom must come to ask for the next
    /// page, in millimetres; `nil` (default): one viewport height, as the table view guide does.
    public var infiniteScrollDistance: Double?
    /// Whether pulling down past the top and releasing refreshes. Default `false`.
    public var refreshes = false
    /// How far past the top the content must be pulled to refresh, in millimetres. Default
    /// 9.35 mm: SVPullToRefresh's 60-point trigger at 163 points per inch.
    public var refreshDistance = 60 * 25.4 / 163
    /// Height of the "Load more" row, in surface units; `nil` (default): a row like the others,
    /// ``ListLayout/rowHeight``.
    public var loadMoreRowHeight: Double?
    /// Height of the loading row, in surface units; `nil` (default): 60/44 of
    /// ``ListLayout/rowHeight``, the guide's 60-point activity view beside UIKit's 44-point row.
    public var loadingRowHeight: Double?

    public init() {}
}

/// What a pull-to-refresh is doing, for a renderer to draw its indicator.
public enum RefreshState: Hashable, Sendable {
    /// Nothing: the content is not pulled past its top.
    case idle
    /// Pulled past the top by `progress` of the refresh distance (0 ..< 1).
    case pulling(progress: Double)
    /// Pulled past the refresh distance: releasing now refreshes.
    case armed
    /// Released: page 1 has been asked for and has not arrived.
    case refreshing
}

/// Where a paged list is in loading its pages.
public enum PagingState: Hashable, Sendable {
    /// No request is in flight; `more` while the data may go on.
    case idle(more: Bool)
    /// Page `page` has been asked for and has not arrived (the in-flight flag).
    case loading(page: Int)
    /// A page came back empty (or short, with a load-more row): there is nothing more.
    case finished
    /// A page failed: no more pages are asked for until a refresh.
    case failed
}

/// One cell a renderer draws: which item, in which reusable slot, and where.
public struct VisibleCell: Hashable, Sendable {
    /// What the cell shows.
    public var item: ListItem
    /// The reusable slot it occupies: a row keeps its slot while it stays visible, and a row
    /// coming into view takes a slot freed by one that left (0-based).
    public var slot: Int
    /// The surface y of the cell's top edge, in surface units (may lie above the viewport
    /// for a cell cut at the top).
    public var y: Double
    /// The cell's height, in surface units.
    public var height: Double
    /// True for a section header stuck to the top of the viewport.
    public var pinned: Bool

    public init(item: ListItem, slot: Int, y: Double, height: Double, pinned: Bool) {
        self.item = item
        self.slot = slot
        self.y = y
        self.height = height
        self.pinned = pinned
    }
}

/// The rows a list shows and the state gestures give them: the scroll offset, swipe state,
/// selection and checkmarks per row, pages loaded, and the refresh indicator. Headless and
/// deterministic: it changes only through ``apply(_:surface:emit:)``, ``touchBegan()``,
/// ``touchesEnded()``, ``endFrame(at:surface:emit:)``, ``advance(to:surface:emit:)`` and
/// ``receive(_:surface:emit:)``, and reads time only from their arguments.
///
/// A vertical pan moves the content; a fling at the end of it continues as momentum that
/// decelerates exponentially (``ScrollPhysics``), stepped by timestamps only, and stops at
/// either end. A touch during momentum or a settling animation stops it and is spent on
/// stopping: it neither selects nor swipes a row. When scrolling ends (the lift of a drag with
/// no fling, or the end of momentum) the list settles: it refreshes if pulled far enough,
/// springs back if pulled past an end, and otherwise snaps as ``ListOptions`` asks.
///
/// Rows are numbered 0 up across all sections; ``ListGeometry/indexPath(ofRow:)`` gives a
/// row's section and place in it.
public struct ListModel: Sendable {
    /// The viewport and the default row height.
    public let layout: ListLayout
    /// Sections, heights, selection, snapping, paging and refresh.
    public let options: ListOptions
    /// How swipes change rows.
    public var policy: SwipePolicy
    /// How momentum and settling behave.
    public var physics = ScrollPhysics()
    /// Where every item lies.
    public private(set) var geometry: ListGeometry
    /// Each row's swipe state (`true`: swiped, e.g. showing its actions).
    public private(set) var swiped: [Bool]
    /// The row selected by the last tap that selected one, if it is still selected.
    public private(set) var selectedRow: Int?
    /// Every selected row.
    public private(set) var selectedRows: Set<Int> = []
    /// Every row showing a checkmark (``SelectionMode/checkmark``).
    public private(set) var checkedRows: Set<Int> = []
    /// The row in its swiped state under the `oneOpen` policy, if any.
    public private(set) var openRow: Int?
    /// How far the content is scrolled up, in surface units: 0 shows the first row at the top,
    /// ``maxOffset`` the last row at the bottom; below 0 or above ``maxOffset`` while pulled
    /// past an end.
    public private(set) var contentOffset = 0.0
    /// The momentum under way: velocity (surface units per second, positive scrolls toward
    /// the end) and the time it was measured at; `nil` when the content is at rest or dragged.
    public private(set) var momentum: (velocity: Double, time: Double)?
    /// The settling animation under way, if any.
    public private(set) var settling: Settle?
    /// The pull-to-refresh indicator's state.
    public private(set) var refreshState = RefreshState.idle
    /// Where paging stands.
    public private(set) var pagingState: PagingState
    /// How many pages have arrived (the rows given at the start count as whole pages).
    public private(set) var loadedPages: Int
    /// The latest page request, for whoever answers them (see ``PageSource``).
    public private(set) var lastRequest: PageRequest?
    /// The cells laid out by the last ``layoutCells()``.
    public private(set) var cells: [VisibleCell] = []
    /// How many reusable cell slots have been needed at once, at most.
    public private(set) var slotCount = 0

    /// A settling animation: from one offset to another over a time, ending in a `snap`.
    public struct Settle: Hashable, Sendable {
        /// Offsets, in surface units.
        public var from: Double, to: Double
        /// Start time and duration, in seconds.
        public var start: Double, duration: Double
        /// What it brings into place.
        public var kind: SnapKind
    }

    private var dragging = false
    private var dragStart = 0.0            // unbanded offset plus translation when the pan began
    private var spentOnStopping = false    // the current touch stopped momentum or a settle
    private var touchMoved = false         // the current touch scrolled the content
    private var releasePending = false     // the touches lifted; settle at the end of the frame
    private var reportedOffset = 0.0
    private var scrolledByFinger = false
    private var loadCheckPending = true
    private var requestSerial = 0
    private var heightAtLastRequest = -1.0
    private var slotKeys: [Int] = []       // slot → key of the item in it (Int.min: free)
    private var newKeys: [Int] = []

    /// True when ``endFrame(at:surface:emit:)`` has something to do.
    public private(set) var needsEndFrame = true

    /// A list over `layout`, described further by `options`.
    public init(layout: ListLayout, policy: SwipePolicy = .toggle, options: ListOptions = .init()) {
        self.layout = layout
        self.policy = policy
        self.options = options
        let heights = RowHeights(options: options, layout: layout)
        self.heights = heights
        geometry = ListGeometry(sections: options.sections ?? [layout.rows], headerHeight: options.headerHeight,
                                rowHeight: heights.start, isEstimate: { _ in heights.estimate != nil })
        swiped = Array(repeating: false, count: geometry.rowCount)
        let size = max(1, options.pageSize)
        let rows = geometry.rowCount
        loadedPages = (rows + size - 1) / size
        switch options.paging {
        case .none: pagingState = .idle(more: false)
        case .loadMoreRow, .infinite: pagingState = .idle(more: rows % size == 0)
        }
        if options.paging == .loadMoreRow, case .idle(true) = pagingState { setFooter(.loadMore) }
    }

    /// How many rows the list holds now (pages and refreshes change it).
    public var rowCount: Int { geometry.rowCount }

    /// The real height of row `row` (surface units), from ``ListOptions/rowHeights`` or the
    /// layout's row height.
    public func realHeight(ofRow row: Int) -> Double { heights.real(row) }

    /// The one rule for row heights, kept with the invalid entries of ``ListOptions/rowHeights``
    /// and ``ListOptions/estimatedRowHeight`` left out.
    private struct RowHeights: Sendable {
        var real: [Double]
        var fixed: Double
        var estimate: Double?

        init(options: ListOptions, layout: ListLayout) {
            real = options.rowHeights.filter { $0.isFinite && $0 > 0 }
            fixed = layout.rowHeight
            estimate = options.estimatedRowHeight.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        }

        /// Row `row`'s real height, in surface units.
        func real(_ row: Int) -> Double { real.isEmpty ? fixed : real[row % real.count] }
        /// The height row `row` starts at: the estimate, when there is one.
        func start(_ row: Int) -> Double { estimate ?? real(row) }
    }
    private let heights: RowHeights

    /// The largest content offset at rest, in surface units: the last item's bottom at the
    /// viewport's bottom (0 when everything fits).
    public var maxOffset: Double { max(0, geometry.contentHeight - layout.height) }

    /// True while the content moves on its own (momentum or a settling animation).
    public var isMoving: Bool { momentum != nil || settling != nil }

    /// Puts the content at `offset` (surface units, clamped to `0 ... maxOffset`) at once,
    /// with no report: for a list that starts scrolled, or that a program scrolls. Stops any
    /// momentum or settling.
    public mutating func scroll(toOffset offset: Double) {
        guard offset.isFinite else { return }
        momentum = nil
        settling = nil
        contentOffset = min(max(offset, 0), maxOffset)
        reportedOffset = contentOffset
        loadCheckPending = true
        needsEndFrame = true
    }

    // MARK: Hit testing

    /// The item under `point` (surface coordinates), with the content's current offset and the
    /// pinned header on top; `nil` outside the viewport or below the content.
    public func item(at point: Point) -> ListItem? {
        guard point.x >= layout.left, point.x < layout.left + layout.width,
              point.y >= layout.top, point.y < layout.top + layout.height else { return nil }
        let vy = point.y - layout.top
        if let (section, y) = pinnedHeader(), vy >= y, vy < y + geometry.headerHeight {
            return .header(section: section)
        }
        let y = vy + contentOffset
        guard y >= 0, y < geometry.contentHeight else { return nil }
        return geometry.kind(ofItem: geometry.item(atOffset: y))
    }

    /// The row under `point`, with the content's current offset; `nil` for anything else.
    public func row(at point: Point) -> Int? {
        if case .row(let r) = item(at: point) { return r }
        return nil
    }

    /// The section whose header sticks to the top, and its y in the viewport (0, or above it
    /// while the next section pushes it out); `nil` when no header is pinned.
    private func pinnedHeader() -> (Int, Double)? {
        guard geometry.headerHeight > 0, geometry.itemCount > 0, contentOffset > 0 else { return nil }
        let first = geometry.item(atOffset: contentOffset)
        guard first < geometry.itemCount else { return nil }
        let s = geometry.section(ofItem: first)
        let top = geometry.top(ofItem: geometry.firstItem(ofSection: s))
        guard top < contentOffset else { return nil }
        let next = s + 1 < geometry.sectionCount ? geometry.top(ofItem: geometry.firstItem(ofSection: s + 1)) : geometry.top(ofItem: geometry.itemCount)
        return (s, min(0, next - contentOffset - geometry.headerHeight))
    }

    // MARK: Touches

    /// A touch sequence began: a touch stops momentum and settling, and that touch then
    /// selects and swipes nothing.
    public mutating func touchBegan() {
        spentOnStopping = isMoving
        momentum = nil
        settling = nil
        touchMoved = false
    }

    /// The touch sequence ended (its last contact lifted or was cancelled): at the end of the
    /// frame, unless a fling started momentum, the list settles.
    public mutating func touchesEnded() {
        dragging = false
        if touchMoved || spentOnStopping || contentOffset < 0 || contentOffset > maxOffset {
            releasePending = true
            needsEndFrame = true
        }
    }

    /// True for the reports ``apply(_:surface:emit:)`` acts on: pans, flings, swipes and taps.
    @inline(__always) public static func actsOn(_ kind: GestureEvent.Kind) -> Bool {
        switch kind {
        case .pan, .fling, .swipe, .tap: true
        default: false
        }
    }

    /// Applies a recognised gesture: a vertical pan scrolls, a fling after it starts momentum,
    /// a horizontal swipe that started on a row changes that row's swipe state, and a tap on a
    /// row selects it (or on the load-more row asks for a page). Other events change nothing.
    /// Scrolling is reported by ``endFrame(at:surface:emit:)``, once per frame.
    public mutating func apply(_ event: GestureEvent, surface: Surface, emit: (GestureEvent) -> Void) {
        switch event.kind {
        case .pan(let p):
            guard maxOffset > 0 || options.refreshes || physics.bounces else { return }
            if p.phase == .began {
                dragging = true
                dragStart = unbanded(contentOffset) + p.translation.y
            }
            // The content follows the finger: dragging down shows earlier rows.
            move(to: banded(dragStart - p.translation.y), surface: surface)
            scrolledByFinger = true
            touchMoved = true
            if p.phase == .ended || p.phase == .cancelled { dragging = false }
        case .fling(let f):
            // Momentum continues a drag: a fling at the end of a row swipe moves nothing.
            guard touchMoved, maxOffset > 0, f.velocity.y != 0, !spentOnStopping,
                  contentOffset >= 0, contentOffset <= maxOffset, refreshState != .armed else { return }
            momentum = (-f.velocity.y, event.time)
            needsEndFrame = true
        case .swipe(let s):
            guard !spentOnStopping, s.direction.isHorizontal, let row = row(at: s.start) else { return }
            switch policy {
            case .toggle:
                set(row, !swiped[row], at: event.time, emit: emit)
            case .directional:
                set(row, s.direction == .left, at: event.time, emit: emit)
            case .oneOpen:
                if let open = openRow, open != row { set(open, false, at: event.time, emit: emit) }
                set(row, !swiped[row], at: event.time, emit: emit)
            }
        case .tap(let t):
            guard !spentOnStopping else { return }
            if policy == .oneOpen, let open = openRow {
                set(open, false, at: event.time, emit: emit)
                return
            }
            switch item(at: t.position) {
            case .row(let row): select(row, at: event.time, emit: emit)
            case .loadMore:
                if case .idle(true) = pagingState { requestNextPage(at: event.time, surface: surface, emit: emit) }
            default: return
            }
        default:
            return
        }
    }

    private mutating func set(_ row: Int, _ value: Bool, at time: Double, emit: (GestureEvent) -> Void) {
        guard swiped[row] != value else { return }
        swiped[row] = value
        if policy == .oneOpen { openRow = value ? row : (openRow == row ? nil : openRow) }
        emit(GestureEvent(time: time, kind: .rowSwipe(row: row, swiped: value)))
    }

    private mutating func select(_ row: Int, at time: Double, emit: (GestureEvent) -> Void) {
        switch options.selection {
        case .none:
            return
        case .single:
            if let old = selectedRow, old != row { deselect(old, at: time, emit: emit) }
            // Emptied in place: a new one-element set would allocate on every tap.
            selectedRows.removeAll(keepingCapacity: true)
            selectedRows.insert(row)
            selectedRow = row
            emit(GestureEvent(time: time, kind: .select(row: row)))
        case .multiple:
            if selectedRows.contains(row) { deselect(row, at: time, emit: emit); return }
            selectedRows.insert(row)
            selectedRow = row
            emit(GestureEvent(time: time, kind: .select(row: row)))
        case .checkmark:
            emit(GestureEvent(time: time, kind: .select(row: row)))
            let checked = !checkedRows.contains(row)
            if checked { checkedRows.insert(row) } else { checkedRows.remove(row) }
            emit(GestureEvent(time: time, kind: .check(row: row, checked: checked)))
            emit(GestureEvent(time: time, kind: .deselect(row: row)))
        }
    }

    /// Deselects `row` if it is selected, reporting `deselect` at `time` (seconds).
    public mutating func deselect(_ row: Int, at time: Double, emit: (GestureEvent) -> Void) {
        guard selectedRows.remove(row) != nil else { return }
        if selectedRow == row { selectedRow = nil }
        emit(GestureEvent(time: time, kind: .deselect(row: row)))
    }

    // MARK: Offsets

    /// The offset shown for an unbanded offset `raw`: past an end, the rubber band's share.
    private func banded(_ raw: Double) -> Double {
        let d = layout.height, c = physics.rubberBandCoefficient
        func band(_ x: Double) -> Double { d > 0 && c > 0 ? (1 - 1 / (x * c / d + 1)) * d : 0 }
        if raw < 0 { return physics.bounces || options.refreshes ? -band(-raw) : 0 }
        if raw > maxOffset { return physics.bounces ? maxOffset + band(raw - maxOffset) : maxOffset }
        return raw
    }

    /// The inverse of ``banded(_:)``: the drag that shows `offset`.
    private func unbanded(_ offset: Double) -> Double {
        let d = layout.height, c = physics.rubberBandCoefficient
        func unband(_ y: Double) -> Double { d > 0 && c > 0 && y < d ? (d / c) * (1 / (1 - y / d) - 1) : y }
        if offset < 0 { return -unband(-offset) }
        if offset > maxOffset { return maxOffset + unband(offset - maxOffset) }
        return offset
    }

    private mutating func move(to offset: Double, surface: Surface) {
        guard offset != contentOffset else { return }
        contentOffset = offset
        needsEndFrame = true
        loadCheckPending = true
        guard options.refreshes, refreshState != .refreshing else { return }
        let distance = surface.unitsY(options.refreshDistance)
        if contentOffset >= 0 {
            refreshState = .idle
        } else if -contentOffset >= distance {
            refreshState = .armed
        } else {
            refreshState = .pulling(progress: distance > 0 ? -contentOffset / distance : 1)
        }
    }

    /// Reports the offset if it changed since the last report.
    private mutating func report(at time: Double, momentum moving: Bool, surface: Surface,
                                 emit: (GestureEvent) -> Void) {
        if contentOffset != reportedOffset {
            reportedOffset = contentOffset
            emit(GestureEvent(time: time, kind: .scroll(offset: contentOffset, momentum: moving)))
        }
        if loadCheckPending { checkInfiniteScroll(at: time, surface: surface, emit: emit) }
    }

    // MARK: Frames and time

    /// Ends a frame at `time` (seconds): settles if the touches lifted with no momentum,
    /// reports the frame's scroll (one at most), asks for the next page if infinite scroll
    /// came near the end, and measures rows whose heights are estimates. ``GestureEngine``
    /// calls it after each frame; it costs nothing when ``needsEndFrame`` is false.
    public mutating func endFrame(at time: Double, surface: Surface, emit: (GestureEvent) -> Void) {
        guard needsEndFrame else { return }
        needsEndFrame = false
        if releasePending {
            releasePending = false
            if momentum == nil { settle(at: time, surface: surface, emit: emit) }
        }
        let byFinger = scrolledByFinger
        scrolledByFinger = false
        report(at: time, momentum: !byFinger, surface: surface, emit: emit)
        if geometry.hasEstimates { layoutCells() ; report(at: time, momentum: false, surface: surface, emit: emit) }
    }

    /// Starts settling at `time`: refreshes if armed, springs back if past an end, or snaps.
    private mutating func settle(at time: Double, surface: Surface, emit: (GestureEvent) -> Void) {
        if refreshState == .armed {
            refreshState = .refreshing
            emit(GestureEvent(time: time, kind: .refresh))
            request(page: 1, refresh: true, at: time)
            animate(to: 0, kind: .edge, at: time)
            return
        }
        if case .pulling = refreshState { refreshState = .idle }
        if contentOffset < 0 || contentOffset > maxOffset {
            animate(to: min(max(contentOffset, 0), maxOffset), kind: .edge, at: time)
            return
        }
        if options.snapsToSections, let target = sectionSnapTarget(surface: surface) {
            animate(to: target, kind: .section, at: time)
        } else if options.snapsToCells, let target = cellSnapTarget() {
            animate(to: target, kind: .cell, at: time)
        }
    }

    private mutating func animate(to target: Double, kind: SnapKind, at time: Double) {
        guard target != contentOffset else { return }
        settling = Settle(from: contentOffset, to: target, start: time,
                          duration: max(0, physics.settleDuration.isFinite ? physics.settleDuration : 0), kind: kind)
    }

    /// The offset that shows the cut cell at the bottom edge whole (if at least half of it
    /// shows) or pushes it out, clamped to the ends; `nil` when no cell is cut.
    public func cellSnapTarget() -> Double? {
        let bottom = contentOffset + layout.height
        guard bottom < geometry.contentHeight else { return nil }
        let i = geometry.item(atOffset: bottom)
        let top = geometry.top(ofItem: i)
        let h = geometry.height(ofItem: i)
        let shown = bottom - top
        let tolerance = 1e-9 * max(1, abs(bottom))
        guard shown > tolerance, shown < h - tolerance else { return nil }
        let target = shown >= h / 2 ? contentOffset + (h - shown) : contentOffset - shown
        let clamped = min(max(target, 0), maxOffset)
        return clamped != contentOffset ? clamped : nil
    }

    /// The offset that brings the nearest visible section start to the top, when it lies
    /// within ``ListOptions/sectionSnapDistance`` of it and the list is not at its bottom end;
    /// otherwise `nil`.
    public func sectionSnapTarget(surface: Surface) -> Double? {
        // The section-snapping article's test for the bottom end: within one point of it.
        guard contentOffset < maxOffset - surface.unitsY(25.4 / 163), geometry.sectionCount > 0,
              geometry.itemCount > 0 else { return nil }
        let limit = surface.unitsY(options.sectionSnapDistance)
        var s = geometry.section(ofItem: geometry.item(atOffset: contentOffset))
        var best: Double?
        while s < geometry.sectionCount {
            let first = geometry.firstItem(ofSection: s)
            let top = geometry.top(ofItem: first)
            if top >= contentOffset + layout.height { break }
            // A start counts while its first item shows (the article looks at visible rows).
            if top + geometry.height(ofItem: first) > contentOffset,
               abs(top - contentOffset) <= limit, best.map({ abs(top - contentOffset) < abs($0 - contentOffset) }) ?? true {
                best = top
            }
            s += 1
        }
        guard let target = best.map({ min($0, maxOffset) }), target != contentOffset else { return nil }
        return target
    }

    /// Steps momentum and settling to `time` (seconds), reporting the offset there (one
    /// `scroll`), and at each moment where a motion ends on the way: where momentum stops or
    /// reaches an end, and where a settle ends (followed by its `snap`).
    ///
    /// Momentum's velocity decays as `v(t) = v0 · rate^(t in ms)`, so the distance travelled
    /// is `v0 · (rate^t − 1) / ln(rate)` (per ms), computed exactly for any step: the offsets
    /// do not depend on how often the list is stepped. A settle eases out over
    /// ``ScrollPhysics/settleDuration``.
    public mutating func advance(to time: Double, surface: Surface, emit: (GestureEvent) -> Void) {
        while true {
            if let (v0, t0) = momentum {
                guard time > t0 else { return }
                let (stopAt, target) = momentumStop(v0, surface: surface)
                let elapsed = (time - t0) * 1000
                if elapsed >= stopAt {
                    let at = t0 + stopAt / 1000
                    move(to: target, surface: surface)
                    momentum = nil
                    report(at: at, momentum: true, surface: surface, emit: emit)
                    settle(at: at, surface: surface, emit: emit)
                    continue
                }
                let rate = physics.decelerationRate
                move(to: contentOffset + v0 / 1000 * (pow(rate, elapsed) - 1) / log(rate), surface: surface)
                momentum = (v0 * pow(rate, elapsed), time)
                report(at: time, momentum: true, surface: surface, emit: emit)
                return
            }
            if let s = settling {
                guard time > s.start || s.duration == 0 else { return }
                let end = s.start + s.duration
                if time >= end {
                    move(to: s.to, surface: surface)
                    settling = nil
                    report(at: end, momentum: true, surface: surface, emit: emit)
                    emit(GestureEvent(time: end, kind: .snap(offset: s.to, to: s.kind)))
                    return
                }
                let p = (time - s.start) / s.duration
                move(to: s.from + (s.to - s.from) * (1 - (1 - p) * (1 - p)), surface: surface)
                report(at: time, momentum: true, surface: surface, emit: emit)
            }
            return
        }
    }

    /// When momentum with velocity `v0` (units/s) stops, in ms from its time, and where.
    private func momentumStop(_ v0: Double, surface: Surface) -> (Double, Double) {
        let rate = physics.decelerationRate
        guard rate > 0, rate < 1, v0 != 0 else { return (0, contentOffset) }
        let lnRate = log(rate)
        let v0ms = v0 / 1000                                  // units per ms
        let stop = surface.unitsY(physics.stopSpeed) / 1000  // units per ms
        // When the speed falls to the stop speed, in ms.
        var stopAfter = abs(v0ms) > stop ? log(stop / abs(v0ms)) / lnRate : 0
        var target = contentOffset + v0ms * (pow(rate, stopAfter) - 1) / lnRate
        // Reaching an end first stops it there, at the moment it arrives:
        // v0·(rate^Δ − 1)/ln(rate) = d  ⇔  Δ = log(1 + d·ln(rate)/v0) / ln(rate).
        let end = v0 > 0 ? maxOffset : 0
        if (v0 > 0 && target > end) || (v0 < 0 && target < end) {
            let a = 1 + (end - contentOffset) * lnRate / v0ms
            stopAfter = a > 0 ? log(a) / lnRate : stopAfter
            target = end
        }
        return (stopAfter, target)
    }

    // MARK: Pages

    private mutating func request(page: Int, refresh: Bool, at time: Double) {
        requestSerial += 1
        lastRequest = PageRequest(page: page, isRefresh: refresh, time: time, serial: requestSerial)
    }

    private mutating func requestNextPage(at time: Double, surface: Surface, emit: (GestureEvent) -> Void) {
        let page = loadedPages + 1
        heightAtLastRequest = geometry.contentHeight
        pagingState = .loading(page: page)
        setFooter(.loading)
        emit(GestureEvent(time: time, kind: .loadMore(page: page)))
        request(page: page, refresh: false, at: time)
    }

    private mutating func setFooter(_ item: ListItem?) {
        geometry.footer = item
        func valid(_ h: Double?) -> Double? { h.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } }
        switch item {
        case .loadMore: geometry.footerHeight = valid(options.loadMoreRowHeight) ?? layout.rowHeight
        case .loading: geometry.footerHeight = valid(options.loadingRowHeight) ?? layout.rowHeight * 60 / 44
        default: geometry.footerHeight = 0
        }
        needsEndFrame = true
        loadCheckPending = true
    }

    /// Asks for the next page when infinite scroll is on, idle with more to come, and the
    /// viewport's bottom is within the infinite-scroll distance of the content's end.
    private mutating func checkInfiniteScroll(at time: Double, surface: Surface, emit: (GestureEvent) -> Void) {
        loadCheckPending = false
        guard options.paging == .infinite, case .idle(true) = pagingState, refreshState != .refreshing,
              // A page that added no height (rows of height 0) must not make the list ask forever.
              geometry.contentHeight > heightAtLastRequest else { return }
        let distance = options.infiniteScrollDistance.map { surface.unitsY($0) } ?? layout.height
        if contentOffset + layout.height >= geometry.contentHeight - distance {
            requestNextPage(at: time, surface: surface, emit: emit)
        }
    }

    /// Takes a page's answer at its time: a refresh's first page replaces every row (and
    /// clears swipe state and selection); another page appends its rows to the last section.
    /// An empty page ends paging, a failed one stops it until a refresh, and with a load-more
    /// row a short page removes that row. An answer for a page not asked for is ignored.
    /// Reports `page`, then the scroll it causes, and asks again if infinite scroll is still
    /// near the end.
    public mutating func receive(_ answer: PageAnswer, surface: Surface, emit: (GestureEvent) -> Void) {
        let time = answer.time
        advance(to: time, surface: surface, emit: emit)
        let size = max(1, options.pageSize)
        if answer.page == 1, refreshState == .refreshing {
            refreshState = .idle
            emit(GestureEvent(time: time, kind: .page(page: 1, rows: answer.rows)))
            guard let n = answer.rows else { loadCheckPending = true; needsEndFrame = true; return }
            geometry = ListGeometry(sections: [], headerHeight: options.headerHeight, rowHeight: { _ in 0 })
            swiped = []
            selectedRows = []
            selectedRow = nil
            checkedRows = []
            openRow = nil
            settling = nil
            momentum = nil
            loadedPages = 0
            heightAtLastRequest = -1
            append(n, page: 1, size: size, surface: surface)
            move(to: 0, surface: surface)
        } else {
            guard case .loading(let page) = pagingState, page == answer.page else { return }
            emit(GestureEvent(time: time, kind: .page(page: page, rows: answer.rows)))
            guard let n = answer.rows else {
                pagingState = .failed
                setFooter(nil)
                return
            }
            append(n, page: page, size: size, surface: surface)
        }
        report(at: time, momentum: true, surface: surface, emit: emit)
    }

    private mutating func append(_ n: Int, page: Int, size: Int, surface: Surface) {
        let count = max(0, n)
        if count > 0 {
            let heights = self.heights
            geometry.appendRows(count, rowHeight: heights.start, isEstimate: { _ in heights.estimate != nil })
            swiped.append(contentsOf: repeatElement(false, count: count))
            loadedPages = page
        }
        let more = options.paging == .loadMoreRow ? count >= size : count > 0
        pagingState = more ? .idle(more: true) : .finished
        setFooter(options.paging == .loadMoreRow && more ? .loadMore : nil)
        if contentOffset > maxOffset, !dragging, momentum == nil { move(to: maxOffset, surface: surface) }
    }

    // MARK: Cells

    /// Lays out the cells visible at the current offset, each in a reusable slot, and returns
    /// them top to bottom (a pinned header first). Rows whose heights are estimates get their
    /// real heights as they come into view (the content height follows; a row measured above
    /// the viewport's top moves the offset with it, so that what shows does not jump).
    /// Costs O(log n + visible cells) for n rows.
    @discardableResult
    public mutating func layoutCells() -> [VisibleCell] {
        // Measuring may change what is visible; each pass measures at least one row.
        var measuring = geometry.hasEstimates
        while measuring {
            measuring = false
            var i = geometry.item(atOffset: max(0, contentOffset))
            var y = geometry.top(ofItem: i)     // item i's top, kept as the loop goes down
            while i < geometry.itemCount, y < contentOffset + layout.height {
                if case .row(let r) = geometry.kind(ofItem: i), geometry.isEstimate(row: r) {
                    let delta = geometry.setHeight(realHeight(ofRow: r), ofRow: r)
                    if y < contentOffset, delta != 0 { contentOffset += delta }
                    measuring = measuring || delta != 0
                }
                y += geometry.height(ofItem: i)
                i += 1
            }
        }
        cells.removeAll(keepingCapacity: true)
        let top = layout.top
        let bottom = contentOffset + layout.height
        let pinned = pinnedHeader()
        if let (s, y) = pinned {
            cells.append(VisibleCell(item: .header(section: s), slot: 0, y: top + y,
                                     height: geometry.headerHeight, pinned: true))
        }
        var i = geometry.item(atOffset: max(0, contentOffset))
        var y = geometry.top(ofItem: i)
        while y < bottom {
            let count = geometry.itemCount
            if i > count || (i == count && geometry.footer == nil) { break }
            let h = geometry.height(ofItem: i)
            let kind = geometry.kind(ofItem: i)
            if case .header(let s) = kind, pinned?.0 == s {
                // Drawn pinned instead.
            } else if h > 0 {
                cells.append(VisibleCell(item: kind, slot: 0, y: top + y - contentOffset, height: h, pinned: false))
            }
            y += h
            i += 1
        }
        assignSlots()
        return cells
    }

    private func key(_ item: ListItem) -> Int {
        switch item {
        case .header(let s): -4 - 2 * s
        case .row(let r): r
        case .loadMore: -2
        case .loading: -3
        }
    }

    /// Keeps each cell that stays visible in its slot, and gives each new one the lowest free
    /// slot: the slots in use never outnumber the cells on screen at once.
    private mutating func assignSlots() {
        newKeys.removeAll(keepingCapacity: true)
        for c in cells { newKeys.append(key(c.item)) }
        // Free the slots of items no longer shown.
        for s in slotKeys.indices where slotKeys[s] != .min && !newKeys.contains(slotKeys[s]) { slotKeys[s] = .min }
        for k in cells.indices {
            let key = newKeys[k]
            if let s = slotKeys.firstIndex(of: key) { cells[k].slot = s; continue }
            if let free = slotKeys.firstIndex(of: .min) {
                slotKeys[free] = key
                cells[k].slot = free
            } else {
                slotKeys.append(key)
                cells[k].slot = slotKeys.count - 1
            }
        }
        slotCount = max(slotCount, slotKeys.count)
    }
}
