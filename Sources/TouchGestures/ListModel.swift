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

    /// The row under `point`, or `nil` outside the viewport or below the last row.
    public func row(at point: Point) -> Int? {
        guard rowHeight > 0,
              point.x >= left, point.x < left + width,
              point.y >= top, point.y < top + height else { return nil }
        let r = ((point.y - top) / rowHeight).rounded(.down)
        return r >= 0 && r < Double(rows) ? Int(r) : nil
    }
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

/// The rows a list shows and the state gestures give them: swipe state per row and the
/// selected row. Headless and deterministic: it changes only through ``apply(_:emit:)``.
public struct ListModel: Sendable {
    /// Where the rows are.
    public var layout: ListLayout
    /// How swipes change rows.
    public var policy: SwipePolicy
    /// Each row's swipe state (`true`: swiped, e.g. showing its actions).
    public private(set) var swiped: [Bool]
    /// The row selected by the last tap on a row, if any.
    public private(set) var selectedRow: Int?
    /// The row in its swiped state under the `oneOpen` policy, if any.
    public private(set) var openRow: Int?

    public init(layout: ListLayout, policy: SwipePolicy = .toggle) {
        self.layout = layout
        self.policy = policy
        self.swiped = Array(repeating: false, count: layout.rows)
    }

    private mutating func set(_ row: Int, _ value: Bool, at time: Double, emit: (GestureEvent) -> Void) {
        guard swiped[row] != value else { return }
        swiped[row] = value
        if policy == .oneOpen { openRow = value ? row : (openRow == row ? nil : openRow) }
        emit(GestureEvent(time: time, kind: .rowSwipe(row: row, swiped: value)))
    }

    /// Applies a recognised gesture: a horizontal swipe that started on a row changes that
    /// row's swipe state; a tap on a row selects it. Other events change nothing.
    public mutating func apply(_ event: GestureEvent, emit: (GestureEvent) -> Void) {
        switch event.kind {
        case .swipe(let s):
            guard s.direction.isHorizontal, let row = layout.row(at: s.start) else { return }
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
            if policy == .oneOpen, let open = openRow {
                set(open, false, at: event.time, emit: emit)
                return
            }
            guard let row = layout.row(at: t.position) else { return }
            selectedRow = row
            emit(GestureEvent(time: event.time, kind: .select(row: row)))
        default:
            return
        }
    }
}
