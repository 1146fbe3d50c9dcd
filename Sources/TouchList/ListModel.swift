import TouchGestures

/// The rows a list shows and the state gestures give them: the scroll offset and what the
/// scrolling is doing (``ScrollState``), swipe state, selection and checkmarks per row, pages
/// loaded, and the refresh indicator. Headless and deterministic: it changes only through
/// ``ListController`` (which feeds it its `GestureEngine`'s gestures and each touch sequence's
/// start and end), ``advance(to:surface:emit:)``, ``receive(_:surface:emit:)`` (a page's
/// answer), ``performEdits(_:at:surface:emit:)``, ``scroll(toOffset:)``,
/// ``deselect(_:at:emit:)`` and ``layoutCells()`` (which measures rows whose heights were
/// estimates), and reads time only from their arguments.
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
///
/// Each concern lives in a file of its own: scrolling (`Scrolling.swift`, the state machine),
/// physics (`ScrollPhysics.swift` and `RowSwipePhysics.swift`, pure functions), snapping,
/// selection, held taps, row swipes and their actions, reordering, edits and their animations,
/// row identities, paging and cell layout.
public struct ListModel: Sendable {
    /// The viewport and the default row height.
    public let layout: ListLayout
    /// Everything else: sections, heights, selection, row swipes, snapping, paging, refresh
    /// and the scrolling's physics.
    public let options: ListOptions
    /// ``ListOptions/slidesRows``, read once: the controller asks at every frame, and reading it
    /// through `options` copied the options (their arrays retained and released) each time.
    let slidesRows: Bool
    /// ``ListOptions/reorder``, read once for the same reason.
    let reorders: Bool
    /// Where every item lies.
    public internal(set) var geometry: ListGeometry
    /// Which rows are swiped open, what the row that slides is doing, and the rows closing beside
    /// it: a row's openness, in one state.
    public internal(set) var rowSwipes: RowSwipes
    /// The row selected by the last tap that selected one, if it is still selected.
    public internal(set) var selectedRow: Int?
    /// Every selected row.
    public internal(set) var selectedRows: Set<Int> = []
    /// Every row showing a checkmark (``SelectionMode/checkmark``).
    public internal(set) var checkedRows: Set<Int> = []
    /// Every change of the sliding row's phase (``RowSwipes/active``), when recording is
    /// switched on: ``RowSwipes/log``, kept by the row's own state.
    public var rowSwipeLog: TransitionLog<RowSwipeState.Phase> {
        get { rowSwipes.log }
        set { rowSwipes.log = newValue }
    }
    /// How far the content is scrolled up, in surface units: 0 shows the first row at the top,
    /// ``maxOffset`` the last row at the bottom; below 0 or above ``maxOffset`` while pulled
    /// past an end.
    public internal(set) var contentOffset = 0.0
    /// What the scrolling is doing; see ``ScrollState`` for its transitions.
    public internal(set) var scrollState = ScrollState.idle
    /// Every change of ``scrollState``'s phase, when recording is switched on.
    public var scrollLog = TransitionLog<ScrollState.Phase>()
    /// The pull-to-refresh indicator's state.
    public internal(set) var refreshState = RefreshState.idle
    /// Where paging stands.
    public internal(set) var pagingState: PagingState
    /// How many pages have arrived (the rows given at the start count as whole pages).
    public internal(set) var loadedPages: Int
    /// The latest page request, for whoever answers them (see ``PageSource``).
    public internal(set) var lastRequest: PageRequest?
    /// The row being moved by drag to reorder, if any (``ListOptions/reorder``).
    public internal(set) var reorder = ReorderState.idle
    /// Every change of ``reorder``'s phase, when recording is switched on.
    public var reorderLog = TransitionLog<ReorderState.Phase>()
    /// Rows growing in and collapsing out after the last edits (``performEdits(_:at:surface:emit:)``),
    /// for a renderer; ended ones are dropped at the next edit.
    public internal(set) var editAnimations: [RowAnimation] = []
    /// Which row is which through edits.
    var identities: RowIdentities
    /// The cells laid out by the last ``layoutCells()``.
    public internal(set) var cells: [VisibleCell] = []
    /// How many reusable cell slots have been needed at once, at most.
    public internal(set) var slotCount = 0

    /// What the current (or last) touch sequence did to the scrolling.
    var sequence = TouchSequence()
    /// What a pending tap touched, taken before an edit moved the rows (``holdTap(at:)``).
    package var heldTap: HeldTap?
    // Reporting: the offset last reported, whether this frame's scroll was under a finger,
    // and whether the infinite-scroll check and the end of the frame have work.
    var reportedOffset = 0.0
    var scrolledByFinger = false
    var loadCheckPending = true
    var requestSerial = 0
    var heightAtLastRequest = -1.0
    var slotKeys: [Int] = []       // slot → key of the item in it (Int.min: free)
    var slotSeen: [UInt32] = []    // slot → the layout that last showed it
    var slotOfKey: [Int: Int] = [:]
    var layoutGeneration: UInt32 = 0
    var newKeys: [Int] = []
    let heights: RowHeights

    /// True when `endFrame(at:surface:emit:)` has something to do.
    var needsEndFrame = true
    /// The current frame's drag report, until the row follows it at the frame's end
    /// (``followDrag(at:surface:emit:)``).
    var frameDrag: GestureEvent.Drag?

    /// A list over `layout`, described further by `options`.
    public init(layout: ListLayout, options: ListOptions = .init()) {
        self.layout = layout
        self.options = options
        slidesRows = options.slidesRows
        reorders = options.reorder
        rowSwipes = RowSwipes(oneAtATime: options.swipePolicy == .oneOpen || options.slidesRows)
        let heights = RowHeights(options: options, layout: layout)
        self.heights = heights
        geometry = ListGeometry(sections: options.sections ?? [layout.rows], headerHeight: options.headerHeight,
                                rowHeight: heights.start, isEstimate: { _ in heights.estimate != nil })
        let size = max(1, options.pageSize)
        let rows = geometry.rowCount
        identities = RowIdentities(count: rows)
        loadedPages = (rows + size - 1) / size
        switch options.paging {
        case .none: pagingState = .idle(more: false)
        case .loadMoreRow, .infinite: pagingState = .idle(more: rows % size == 0)
        }
        if options.paging == .loadMoreRow, case .idle(true) = pagingState { setFooter(.loadMore) }
    }

    /// How many rows the list holds now (pages and refreshes change it).
    public var rowCount: Int { geometry.rowCount }

    /// A number that stays with row `row` through edits (``performEdits(_:at:surface:emit:)``):
    /// the rows given at the start are 0 up, and each row that comes later (a page, an insert)
    /// takes the next number. An app can key its cells or data by it.
    public func identity(ofRow row: Int) -> Int { identities.id(ofRow: row) }

    /// The real height of row `row` (surface units), from ``ListOptions/rowHeights`` or the
    /// layout's row height.
    public func realHeight(ofRow row: Int) -> Double { heights.real(identities.id(ofRow: row)) }

    /// The one rule for row heights, kept with the invalid entries of ``ListOptions/rowHeights``
    /// and ``ListOptions/estimatedRowHeight`` left out.
    struct RowHeights: Sendable {
        var real: [Double]
        var fixed: Double
        var estimate: Double?

        init(options: ListOptions, layout: ListLayout) {
            real = options.rowHeights.filter { $0.isFinite && $0 > 0 }
            fixed = layout.rowHeight
            estimate = options.estimatedRowHeight.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        }

        /// The real height of the row of identity `id` (the rows given at the start are 0 up, and
        /// rows that come later count on), in surface units.
        func real(_ id: Int) -> Double { real.isEmpty ? fixed : real[id % real.count] }
        /// The height the row of identity `id` starts at: the estimate, when there is one.
        func start(_ id: Int) -> Double { estimate ?? real(id) }
    }

    /// The largest content offset at rest, in surface units: the last item's bottom at the
    /// viewport's bottom (0 when everything fits).
    public var maxOffset: Double { max(0, geometry.contentHeight - layout.height) }

    /// True while the content moves on its own (momentum or a settling animation), or a row's
    /// content settles.
    public var isMoving: Bool { scrollState.isMoving || rowSwipes.isSettling || (reorders && reorderMoves) }

    // MARK: Hit testing

    /// The item under `point` (surface coordinates), with the content's current offset and the
    /// pinned header on top; `nil` outside the viewport or below the content.
    public func item(at point: Point) -> ListItem? {
        guard layout.contains(point) else { return nil }
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
    func pinnedHeader() -> (Int, Double)? {
        guard geometry.headerHeight > 0, geometry.itemCount > 0, contentOffset > 0 else { return nil }
        let first = geometry.item(atOffset: contentOffset)
        guard first < geometry.itemCount else { return nil }
        let s = geometry.section(ofItem: first)
        let top = geometry.top(ofItem: geometry.firstItem(ofSection: s))
        guard top < contentOffset else { return nil }
        let next = s + 1 < geometry.sectionCount ? geometry.top(ofItem: geometry.firstItem(ofSection: s + 1)) : geometry.top(ofItem: geometry.itemCount)
        return (s, min(0, next - contentOffset - geometry.headerHeight))
    }

    // MARK: Gestures

    /// True for the gestures `apply(_:surface:emit:)` acts on: pans, flings, swipes and taps,
    /// drags when rows slide, and long presses when rows are reordered (checked second: most lists do not reorder, and
    /// a long press reports at every frame it moves).
    @inline(__always) func actsOn(_ kind: GestureEvent.Kind) -> Bool {
        switch kind {
        case .pan, .fling, .swipe, .tap: true
        case .longPress: reorders
        case .drag: slidesRows
        default: false
        }
    }

    /// Applies a recognized gesture: a vertical pan scrolls, a fling after it starts momentum,
    /// a horizontal swipe that started on a row changes that row's swipe state, and a tap on a
    /// row selects it (or on the load-more row asks for a page). Other gestures change
    /// nothing. Scrolling is reported by `endFrame(at:surface:emit:)`, once per frame.
    /// ``ListController``'s wiring: `package`.
    package mutating func apply(_ event: GestureEvent, surface: Surface, emit: (ListEvent) -> Void) {
        switch event.kind {
        case .pan(let p):
            if slidesRows, p.phase == .began { closeOpenRow(at: event.time, emit: emit) }
            pan(p, at: event.time, surface: surface)
        case .fling(let f):
            if slidesRows { rowFling(f) }
            fling(f, at: event.time)
        case .swipe(let s): swipe(s, at: event.time, emit: emit)
        case .tap(let t): tap(t, at: event.time, surface: surface, emit: emit)
        case .longPress(let p): reorderPress(p, at: event.time, surface: surface, emit: emit)
        // The row follows the frame's last drag report once the frame's other reports are in
        // (a fling sets the row's speed before its lift): ``followDrag(at:surface:emit:)``.
        case .drag(let d): frameDrag = d
        default: return
        }
    }

    // MARK: Offsets and reports

    /// Moves the content to `offset` (surface units) and updates the refresh indicator.
    mutating func move(to offset: Double, surface: Surface) {
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

    /// Reports the offset if it changed since the last report, then asks for a page if
    /// infinite scroll came near the end.
    mutating func report(at time: Double, momentum moving: Bool, surface: Surface,
                         emit: (ListEvent) -> Void) {
        if contentOffset != reportedOffset {
            reportedOffset = contentOffset
            emit(ListEvent(time: time, kind: .scroll(offset: contentOffset, momentum: moving)))
        }
        if loadCheckPending { checkInfiniteScroll(at: time, surface: surface, emit: emit) }
    }

    /// Ends a frame at `time` (seconds): settles if the touches lifted with no momentum,
    /// reports the frame's scroll (one at most), asks for the next page if infinite scroll
    /// came near the end, and measures rows whose heights are estimates. ``ListController``
    /// calls it after each frame; it returns at once when the frame changed nothing.
    package mutating func endFrame(at time: Double, surface: Surface, emit: (ListEvent) -> Void) {
        guard needsEndFrame else { return }
        needsEndFrame = false
        if scrollState == .released { settle(at: time, surface: surface, emit: emit) }
        let byFinger = scrolledByFinger
        scrolledByFinger = false
        report(at: time, momentum: !byFinger, surface: surface, emit: emit)
        if geometry.hasEstimates { layoutCells() ; report(at: time, momentum: false, surface: surface, emit: emit) }
    }
}
