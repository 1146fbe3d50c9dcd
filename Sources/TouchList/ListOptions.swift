/// Everything about a list beyond its viewport and default row height (``ListLayout``):
/// sections, heights, row swipes, selection, snapping, paging, refresh and the scrolling's
/// physics, each settable from a trace's `scene.list`. Lengths of content are in surface
/// units; thresholds are in millimeters.
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
    /// How a horizontal swipe changes a row's swipe state. Default ``SwipePolicy/toggle``.
    /// Rows that slide (``slidesRows``) keep one row open at a time whatever the policy.
    public var swipePolicy = SwipePolicy.toggle
    /// The actions on a row's left, uncovered when its content slides right: a width in
    /// surface units, or a width per action. Default: none.
    public var leadingActions = RowActions()
    /// The actions on a row's right, uncovered when its content slides left: a width in
    /// surface units, or a width per action. Default: none.
    public var trailingActions = RowActions()
    /// Whether dragging a row's content far past its actions runs the side's first action
    /// (`fullSwipe`), as UIKit's `performsFirstActionWithFullSwipe` (on by default there too).
    /// Default `true`.
    public var fullSwipes = true
    /// How a row's content follows the finger, and settles at the lift.
    public var rowSwipePhysics = RowSwipePhysics()

    /// Whether a long press on a row lifts it to be dragged to another place (`rowMoved` at the
    /// drop), as RecyclerView's `ItemTouchHelper` and Flutter's `ReorderableListView` do.
    /// Default `false`: a long press stays a long press.
    public var reorder = false
    /// How a lifted row scrolls the list near an edge and settles at the drop.
    public var reorderPhysics = ReorderPhysics()

    /// True when rows have actions to uncover: a row's content then follows a horizontal drag
    /// the row claims (``RowSwipeState``), settles open or closed at the lift, and one row is
    /// open at a time. Otherwise (the default, as the original article's cell) a swipe toggles
    /// the row at once.
    public var slidesRows: Bool { leadingActions.width > 0 || trailingActions.width > 0 }
    /// How the content moves on its own: momentum, the rubber band, settling.
    public var physics = ScrollPhysics()
    /// How taps select rows. Default ``SelectionMode/single``.
    public var selection = SelectionMode.single
    /// Snap so that the cut cell at the bottom edge is shown whole or not at all when
    /// scrolling ends (the cell-snapping article). Default `false`.
    public var snapsToCells = false
    /// Snap a section's start to the top when scrolling ends within
    /// ``sectionSnapDistance`` of it, never at the bottom end (the section-snapping article).
    /// Default `false`.
    public var snapsToSections = false
    /// How near the top a section start must stop to be snapped, in millimeters. Default
    /// 11.7 mm: the article's 75 points at 163 points per inch.
    public var sectionSnapDistance = 75 * 25.4 / 163
    /// How the list asks for more rows. Default ``PagingMode/none``.
    public var paging = PagingMode.none
    /// Rows per page. Default 25, as in the "Load more" article.
    public var pageSize = 25
    /// How near the end of the content the viewport's bottom must come to ask for the next
    /// page, in millimeters; `nil` (default): one viewport height, as the table view guide does.
    public var infiniteScrollDistance: Double?
    /// Whether pulling down past the top and releasing refreshes. Default `false`.
    public var refreshes = false
    /// How far past the top the content must be pulled to refresh, in millimeters. Default
    /// 9.35 mm: SVPullToRefresh's 60-point trigger at 163 points per inch.
    public var refreshDistance = 60 * 25.4 / 163
    /// Height of the "Load more" row, in surface units; `nil` (default): a row like the others,
    /// ``ListLayout/rowHeight``.
    public var loadMoreRowHeight: Double?
    /// Height of the loading row, in surface units; `nil` (default): 60/44 of
    /// ``ListLayout/rowHeight``, the guide's 60-point activity view beside UIKit's 44-point row.
    public var loadingRowHeight: Double?

    /// The defaults, each with its source in its documentation.
    public init() {}
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

