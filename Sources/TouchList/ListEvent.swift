import TouchGestures

/// What a ``ListModel`` reports: a change of its rows, its scroll offset or its pages, caused
/// by a gesture or by time passing.
public struct ListEvent: Hashable, Sendable {
    /// When it happened, in seconds on the input's clock.
    public var time: Double
    /// What happened.
    public var kind: Kind

    /// An event of `kind` at `time` (seconds).
    public init(time: Double, kind: Kind) {
        self.time = time
        self.kind = kind
    }

    /// The kinds of list change, each named as the trace format's `type`.
    public enum Kind: Hashable, Sendable {
        /// `rowSwipe`: a row's swipe state changed; `side` is its new state: the side whose
        /// actions it shows, or `nil` when it closed.
        case rowSwipe(row: Int, side: RowSide?)
        /// `select`: a row was selected by a tap.
        case select(row: Int)
        /// `deselect`: a row lost its selection (another row was selected in single
        /// selection, a row was tapped again in multiple selection, or a checkmark tap ended).
        case deselect(row: Int)
        /// `check`: a tap in checkmark selection toggled the row's checkmark; `checked` is its
        /// new state.
        case check(row: Int, checked: Bool)
        /// `scroll`: the content offset changed, in surface units (0: the first row at the
        /// top; negative while pulled down past the top); `momentum` when the content moved on
        /// its own (momentum, a snap or a spring back) rather than under a finger. At most one
        /// per timestamp.
        case scroll(offset: Double, momentum: Bool)
        /// `snap`: a settling animation ended with the content at `offset` (surface units):
        /// a whole cell pulled in or pushed out, a section start brought to the top, or the
        /// content sprung back to an end.
        case snap(offset: Double, to: SnapKind)
        /// `loadMore`: the list asks for page `page` (1-based): the load-more row was tapped or
        /// infinite scroll came near the end.
        case loadMore(page: Int)
        /// `refresh`: the list was pulled down past the refresh distance and released; it asks
        /// for page 1 again.
        case refresh
        /// `page`: page `page` arrived with `rows` rows (`nil`: it failed).
        case page(page: Int, rows: Int?)
        /// `rowOffset`: a sliding row's content moved to `offset` (surface units; positive to
        /// the right, over the leading actions), under the finger or settling. At most one per
        /// row and timestamp.
        case rowOffset(row: Int, offset: Double)
        /// `fullSwipe`: the finger dragged a row's content far past its actions on `side`, and
        /// that side's first action is to run.
        case fullSwipe(row: Int, side: RowSide)
        /// `rowAction`: the action `index` on `side` of row `row` is to run: a tap on it while the
        /// row was open, or a full swipe (index 0, after `fullSwipe`). Index 0 is the action at the
        /// row's edge (``RowActions``). The row then closes; an app that deletes the row in answer
        /// makes it collapse from where it stands (``ListModel/performEdits(_:at:surface:emit:)``).
        case rowAction(row: Int, side: RowSide, index: Int)
        /// `edit`: the app changed the rows (``ListModel/performEdits(_:at:surface:emit:)``):
        /// how many rows it deleted, inserted and moved. Each follows as `rowDeleted` (indices
        /// before the edit, ascending), `rowInserted` (indices after it, ascending) and `rowMoved`,
        /// then what the edit did to the offset as `scroll`. (Counts and a report per row, not
        /// arrays: an output is a plain value, copied without reference counting, and a line stays
        /// short however many rows an edit names.)
        case edit(deleted: Int, inserted: Int, moved: Int)
        /// `rowDeleted`: an edit removed row `row` (its index before the edit).
        case rowDeleted(row: Int)
        /// `rowInserted`: an edit added a row at `row` (its index after the edit).
        case rowInserted(row: Int)
        /// `rowMoved`: a row went from row `from` to row `to` (indices before and after): moved by
        /// an edit, or lifted by a long press, dragged and dropped.
        case rowMoved(from: Int, to: Int)

        /// The trace format's name for this kind.
        public var type: String {
            switch self {
            case .rowSwipe: "rowSwipe"
            case .select: "select"
            case .deselect: "deselect"
            case .check: "check"
            case .scroll: "scroll"
            case .snap: "snap"
            case .loadMore: "loadMore"
            case .refresh: "refresh"
            case .page: "page"
            case .rowOffset: "rowOffset"
            case .fullSwipe: "fullSwipe"
            case .rowAction: "rowAction"
            case .edit: "edit"
            case .rowDeleted: "rowDeleted"
            case .rowInserted: "rowInserted"
            case .rowMoved: "rowMoved"
            }
        }
    }
}

/// What a settling animation brought into place (the `to` field of a `snap` report).
public enum SnapKind: String, Hashable, Sendable, CaseIterable {
    /// The cut cell at the bottom edge was pulled fully into view or pushed out of it.
    case cell
    /// A section's start was brought to the top of the viewport.
    case section
    /// The content sprang back to an end after being pulled past it.
    case edge
}
