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

/// How a list scrolls on its own after a fling.
public struct ScrollPhysics: Hashable, Sendable {
    /// The fraction of its velocity the content keeps each millisecond (no unit). Default
    /// 0.998: UIKit's `UIScrollView.DecelerationRate.normal`; `fast` is 0.99.
    public var decelerationRate: Double = 0.998
    /// Below this speed, in millimetres per second, the content stops. Default 2 mm/s (our
    /// choice: at 60 frames per second the content would move under 0.04 mm a frame).
    public var stopSpeed: Double = 2

    public init() {}
}

/// The rows a list shows and the state gestures give them: the scroll offset, swipe state per
/// row and the selected row. Headless and deterministic: it changes only through
/// ``apply(_:surface:emit:)``, ``touchBegan()`` and ``advance(to:surface:emit:)``.
///
/// A vertical pan (the engine's pan, locked to the vertical axis when it drives a list) moves
/// the content; a fling at the end of it continues as momentum that decelerates exponentially
/// (``ScrollPhysics``), stepped by timestamps only, and stops at either end. A touch during the
/// momentum stops it and is spent on stopping: it neither selects nor swipes a row.
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
    /// How far the content is scrolled up, in surface units: 0 shows the first row at the top,
    /// ``ListLayout/maxOffset`` the last row at the bottom.
    public private(set) var contentOffset = 0.0
    /// How momentum behaves.
    public var physics = ScrollPhysics()
    /// The momentum under way: velocity (surface units per second, positive scrolls toward
    /// the end) and the time it was measured at; `nil` when the content is at rest or dragged.
    public private(set) var momentum: (velocity: Double, time: Double)?
    private var dragStart = 0.0            // content offset when the current pan began
    private var spentOnStopping = false    // the current touch stopped momentum

    public init(layout: ListLayout, policy: SwipePolicy = .toggle) {
        self.layout = layout
        self.policy = policy
        self.swiped = Array(repeating: false, count: layout.rows)
    }

    /// The row under `point`, with the content's current offset.
    public func row(at point: Point) -> Int? { layout.row(at: point, offset: contentOffset) }

    /// A touch sequence began: a touch stops momentum, and that touch then selects and swipes
    /// nothing.
    public mutating func touchBegan() {
        spentOnStopping = momentum != nil
        momentum = nil
    }

    /// Moves the content to `offset` (clamped to its ends) and reports it once.
    private mutating func scroll(to offset: Double, at time: Double, momentum moving: Bool,
                                 emit: (GestureEvent) -> Void) {
        let clamped = min(max(offset, 0), layout.maxOffset)
        guard clamped != contentOffset else { return }
        contentOffset = clamped
        emit(GestureEvent(time: time, kind: .scroll(offset: clamped, momentum: moving)))
    }

    /// Steps momentum to `time` (seconds), reporting the offset there (one `scroll` per call),
    /// or at the moment the content stops or reaches an end, whichever comes first.
    ///
    /// The velocity decays as `v(t) = v0 · rate^(t in ms)`, so the distance travelled is
    /// `v0 · (rate^t − 1) / ln(rate)` (per ms), computed exactly for any step: the offsets do
    /// not depend on how often the list is stepped.
    public mutating func advance(to time: Double, surface: Surface, emit: (GestureEvent) -> Void) {
        guard let (v0, t0) = momentum, time > t0 else { return }
        let rate = physics.decelerationRate
        guard rate > 0, rate < 1, v0 != 0 else { momentum = nil; return }
        let lnRate = log(rate)
        let v0ms = v0 / 1000                                  // units per ms
        let stop = surface.unitsY(physics.stopSpeed) / 1000  // units per ms
        // When the speed falls to the stop speed, in ms after t0.
        var stopAfter = abs(v0ms) > stop ? log(stop / abs(v0ms)) / lnRate : 0
        var target = contentOffset + v0ms * (pow(rate, stopAfter) - 1) / lnRate
        // Reaching an end first stops it there, at the moment it arrives:
        // v0·(rate^Δ − 1)/ln(rate) = d  ⇔  Δ = log(1 + d·ln(rate)/v0) / ln(rate).
        let end = v0 > 0 ? layout.maxOffset : 0
        if (v0 > 0 && target > end) || (v0 < 0 && target < end) {
            let a = 1 + (end - contentOffset) * lnRate / v0ms
            stopAfter = a > 0 ? log(a) / lnRate : stopAfter
            target = end
        }
        let elapsed = (time - t0) * 1000
        if elapsed >= stopAfter {
            scroll(to: target, at: t0 + stopAfter / 1000, momentum: true, emit: emit)
            momentum = nil
        } else {
            scroll(to: contentOffset + v0ms * (pow(rate, elapsed) - 1) / lnRate, at: time, momentum: true, emit: emit)
            momentum = (v0 * pow(rate, elapsed), time)
        }
    }

    private mutating func set(_ row: Int, _ value: Bool, at time: Double, emit: (GestureEvent) -> Void) {
        guard swiped[row] != value else { return }
        swiped[row] = value
        if policy == .oneOpen { openRow = value ? row : (openRow == row ? nil : openRow) }
        emit(GestureEvent(time: time, kind: .rowSwipe(row: row, swiped: value)))
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
    /// row selects it. Other events change nothing.
    public mutating func apply(_ event: GestureEvent, surface: Surface, emit: (GestureEvent) -> Void) {
        switch event.kind {
        case .pan(let p):
            guard layout.maxOffset > 0 else { return }
            if p.phase == .began { dragStart = contentOffset + p.translation.y }
            // The content follows the finger: dragging down shows earlier rows.
            scroll(to: dragStart - p.translation.y, at: event.time, momentum: false, emit: emit)
        case .fling(let f):
            guard layout.maxOffset > 0, f.velocity.y != 0, !spentOnStopping else { return }
            momentum = (-f.velocity.y, event.time)
        case .swipe(let s):
            guard !spentOnStopping, s.direction.isHorizontal,
                  let row = layout.row(at: s.start, offset: contentOffset) else { return }
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
            guard let row = layout.row(at: t.position, offset: contentOffset) else { return }
            selectedRow = row
            emit(GestureEvent(time: event.time, kind: .select(row: row)))
        default:
            return
        }
    }
}
