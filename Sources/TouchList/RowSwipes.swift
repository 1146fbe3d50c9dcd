import TouchGestures

/// What the row that slides is doing, when rows slide over their actions
/// (``ListOptions/slidesRows``): one explicit state, changed only by the transitions below, each
/// recorded (as its ``Phase``) in ``ListModel/rowSwipeLog``. Offsets are in surface units,
/// positive when the content moved right (uncovering the leading actions), negative when it
/// moved left (the trailing ones).
///
/// Allowed transitions:
/// - `idle → tracking`, `open → tracking`, `settling → tracking`: one finger that went down on
///   a row was claimed by it (the list's scroll failed across its axis); the content follows
///   the finger from where it was. Another row that was open settles closed beside it.
/// - `tracking → settlingOpen`, `tracking → settlingClosed`: the finger lifted (or was
///   cancelled); ``RowSwipePhysics/decide(raw:velocity:leading:trailing:width:unitsPerMillimeter:allowsFullSwipe:)``
///   chose the side, or closed, or ran a full swipe (which settles closed).
/// - `idle → settlingOpen`, `open → settlingClosed`: a swipe toggled a row no drag had
///   claimed (the original article's discrete swipe).
/// - `open → settlingClosed`: the list began to scroll, a tap came, or another row opened.
/// - `settlingOpen → open`, `settlingClosed → idle`: the settle ended
///   (``RowSwipePhysics/settleDuration``).
public enum RowSwipeState: Hashable, Sendable {
    /// No row is open or moving.
    case idle
    /// A finger drags a row's content.
    case tracking(Tracking)
    /// A row's content settles open or closed after the lift.
    case settling(Settle)
    /// A row rests open with its content at `offset`.
    case open(row: Int, offset: Double)

    /// A drag: the finger's `anchorX` (surface units) when the row claimed it, the unbanded
    /// offset `startRaw` then, the unbanded offset `raw` now, and the `offset` shown.
    public struct Tracking: Hashable, Sendable {
        /// The row that slides.
        public var row: Int
        /// Where the finger was across (surface units) when the row claimed the drag.
        public var anchorX: Double
        /// The unbanded offset when the row claimed the drag.
        public var startRaw: Double
        /// The unbanded offset now: the finger's travel from `anchorX` added to `startRaw`.
        public var raw: Double
        /// The offset shown now (surface units).
        public var offset: Double
        /// The content's speed at the lift (units/s, from a fling), once known.
        public var velocity: Double
    }

    /// A settle: from `from` at `velocity` (units/s) at `start` (seconds) to `to`; `offset` where
    /// it has got to.
    public struct Settle: Hashable, Sendable {
        /// The row that slides.
        public var row: Int
        /// The offset the settle started from (surface units).
        public var from: Double
        /// The content's speed when the settle started (surface units per second).
        public var velocity: Double
        /// The offset it ends at: 0 closed, else the open offset.
        public var to: Double
        /// When the settle started (seconds).
        public var start: Double
        /// The offset shown now (surface units).
        public var offset: Double
    }

    /// The state without its values, as the transition log keeps it.
    public enum Phase: String, Hashable, Sendable, CustomStringConvertible {
        case idle, tracking, settlingOpen, settlingClosed, open
        /// The value in a few words, for logs and `print`.
        public var description: String { rawValue }
    }

    /// This state's phase.
    public var phase: Phase {
        switch self {
        case .idle: .idle
        case .tracking: .tracking
        case .settling(let s): s.to == 0 ? .settlingClosed : .settlingOpen
        case .open: .open
        }
    }

    /// The row this state is about, if any.
    public var row: Int? {
        switch self {
        case .idle: nil
        case .tracking(let t): t.row
        case .settling(let s): s.row
        case .open(let r, _): r
        }
    }

    /// The same state for the same row at its index `row` after an edit.
    func moved(to row: Int) -> Self {
        switch self {
        case .idle: .idle
        case .tracking(var t): { t.row = row; return .tracking(t) }()
        case .settling(var s): { s.row = row; return .settling(s) }()
        case .open(_, let o): .open(row: row, offset: o)
        }
    }

    /// Its row's offset now (surface units).
    public var offset: Double {
        switch self {
        case .idle: 0
        case .tracking(let t): t.offset
        case .settling(let s): s.offset
        case .open(_, let o): o
        }
    }
}

/// A row's openness, in one state: which rows are swiped, what the row that slides is doing,
/// and the rows that close beside it. ``ListModel/rowSwipes`` holds it; only the transitions in
/// this file change it.
public struct RowSwipes: Hashable, Sendable {
    /// Every row in its swiped state (showing its actions): a set, as
    /// ``ListModel/checkedRows`` is, so that a list of 10⁷ rows keeps nothing for the rows no
    /// one swiped. Under the `oneOpen` policy, or when rows slide, it holds at most one row.
    public internal(set) var swiped: Set<Int> = []
    /// The rows of ``swiped`` that a right swipe opened, showing their leading actions (on
    /// the left, as UIKit's leading swipe actions); the others show their trailing ones.
    /// Rows that slide keep their side in their offset instead (``offset(ofRow:)``).
    public internal(set) var swipedFromLeading: Set<Int> = []
    /// What the row that slides is doing (when ``ListOptions/slidesRows``).
    public internal(set) var active = RowSwipeState.idle
    /// Rows settling closed beside the active one (one open at a time), in the order they
    /// began.
    public internal(set) var closing: [RowSwipeState.Settle] = []
    /// True when at most one row may be swiped at a time: the `oneOpen` policy, or rows that
    /// slide.
    let oneAtATime: Bool

    init(oneAtATime: Bool) { self.oneAtATime = oneAtATime }

    /// The one row in its swiped state when only one may be (the `oneOpen` policy, or rows that
    /// slide), if any; `nil` under the other policies.
    public var openRow: Int? { oneAtATime ? swiped.first : nil }

    /// True while a row's content settles on its own (the list asks at every frame).
    public var isSettling: Bool {
        if !closing.isEmpty { return true }
        if case .settling = active { return true }
        return false
    }

    /// Row `row`'s content offset now, in surface units (0 unless rows slide and it is open or
    /// moving): positive to the right, over the leading actions.
    public func offset(ofRow row: Int) -> Double {
        if active.row == row { return active.offset }
        if let c = closing.first(where: { $0.row == row }) { return c.offset }
        return 0
    }
}

extension ListModel {
    /// A horizontal swipe that started on a row changes that row's swipe state, as
    /// ``ListOptions/swipePolicy`` says; a touch spent on stopping the scroll swipes nothing.
    /// When rows slide, a swipe of a row the finger is dragging is decided at the lift; one no
    /// drag claimed opens the side it uncovers, or closes an open row, with a settle.
    mutating func swipe(_ s: GestureEvent.Swipe, at time: Double, emit: (ListEvent) -> Void) {
        guard !sequence.stoppedMotion, s.direction.isHorizontal, let row = row(at: s.start) else { return }
        if slidesRows {
            if case .tracking(let t) = rowSwipes.active, t.row == row { return }
            let current = offset(ofRow: row)
            let target = current != 0 ? 0 : (s.direction == .left ? -options.trailingActions.width : options.leadingActions.width)
            guard target != current else { return }
            settleRow(row, from: current, velocity: 0, to: target, at: time, emit: emit)
            return
        }
        let leading = s.direction == .right
        switch options.swipePolicy {
        case .toggle:
            setSwiped(row, !rowSwipes.swiped.contains(row), leading: leading, at: time, emit: emit)
        case .directional:
            setSwiped(row, s.direction == .left, at: time, emit: emit)
        case .oneOpen:
            if let open = rowSwipes.openRow, open != row { setSwiped(open, false, at: time, emit: emit) }
            setSwiped(row, !rowSwipes.swiped.contains(row), leading: leading, at: time, emit: emit)
        }
    }

    /// Sets row `row`'s swipe state, reporting `rowSwipe` when it changes; a row swiped open
    /// from its `leading` side (a right swipe) is kept in ``RowSwipes/swipedFromLeading``.
    mutating func setSwiped(_ row: Int, _ value: Bool, leading: Bool = false, at time: Double, emit: (ListEvent) -> Void) {
        guard rowSwipes.swiped.contains(row) != value else { return }
        if value {
            rowSwipes.swiped.insert(row)
            if leading { rowSwipes.swipedFromLeading.insert(row) }
        } else {
            rowSwipes.swiped.remove(row)
            rowSwipes.swipedFromLeading.remove(row)
        }
        emit(ListEvent(time: time, kind: .rowSwipe(row: row, swiped: value)))
    }

    // MARK: Rows that slide

    /// Row `row`'s content offset now, in surface units (0 unless rows slide and it is open or
    /// moving): positive to the right, over the leading actions.
    public func offset(ofRow row: Int) -> Double { rowSwipes.offset(ofRow: row) }

    mutating func transition(toRow next: RowSwipeState, at time: Double) {
        if next.phase != rowSwipes.active.phase { rowSwipeLog.record(time: time, from: rowSwipes.active.phase, to: next.phase) }
        rowSwipes.active = next
    }

    /// Follows the engine's drag (the list's scroll failed across its axis, so a horizontal drag
    /// is the row's): while one finger is down the row under the touch's start follows it; when
    /// more are down, or at the lift, the dragged row settles. Called by ``ListController`` with a
    /// frame's drag report while rows slide.
    package mutating func followDrag(_ drag: GestureEvent.Drag, at time: Double, surface: Surface, emit: (ListEvent) -> Void) {
        if drag.fingers == 1 && (drag.phase == .began || drag.phase == .changed) {
            dragRow(x: drag.position.x, start: drag.start, at: time, emit: emit)
        } else if case .tracking = rowSwipes.active {
            liftRow(at: time, surface: surface, emit: emit)
        }
    }

    /// One finger of a claimed drag down, at `x` (surface units), in a touch that began at
    /// `start` on the list: the row it began on starts following it, or the row that follows it
    /// moves.
    package mutating func dragRow(x: Double, start: Point, at time: Double, emit: (ListEvent) -> Void) {
        guard slidesRows else { return }
        switch rowSwipes.active {
        case .tracking(var t):
            t.raw = t.startRaw + (x - t.anchorX)
            let shown = options.rowSwipePhysics.banded(t.raw, leading: options.leadingActions.width,
                                                       trailing: options.trailingActions.width, width: layout.width)
            let moved = shown != t.offset
            t.offset = shown
            transition(toRow: .tracking(t), at: time)
            if moved { emit(ListEvent(time: time, kind: .rowOffset(row: t.row, offset: shown))) }
        default:
            guard !sequence.stoppedMotion, !sequence.slidRowDeleted, let row = row(at: start) else { return }
            let current = offset(ofRow: row)
            if let other = rowSwipes.active.row, other != row { closeRow(other, at: time, emit: emit) }
            let raw = options.rowSwipePhysics.unbanded(current, leading: options.leadingActions.width,
                                                       trailing: options.trailingActions.width, width: layout.width)
            rowSwipes.closing.removeAll { $0.row == row }
            transition(toRow: .tracking(.init(row: row, anchorX: x, startRaw: raw, raw: raw, offset: current, velocity: 0)), at: time)
        }
    }

    /// A fling while a row is dragged: its speed across is the lift's (units/s).
    mutating func rowFling(_ f: GestureEvent.Fling) {
        if case .tracking(var t) = rowSwipes.active {
            t.velocity = f.velocity.x
            rowSwipes.active = .tracking(t)
        }
    }

    /// The last finger lifted (or was cancelled) while a row was dragged: it settles open,
    /// closed, or runs a full swipe (``RowSwipePhysics``).
    package mutating func liftRow(at time: Double, surface: Surface, emit: (ListEvent) -> Void) {
        guard case .tracking(let t) = rowSwipes.active else { return }
        let d = options.rowSwipePhysics.decide(raw: t.raw, velocity: t.velocity, leading: options.leadingActions.width,
                                               trailing: options.trailingActions.width, width: layout.width,
                                               unitsPerMillimeter: surface.unitsPerMillimeter.x,
                                               allowsFullSwipe: options.fullSwipes)
        if let side = d.fullSwipe {
            emit(ListEvent(time: time, kind: .fullSwipe(row: t.row, side: side)))
            emit(ListEvent(time: time, kind: .rowAction(row: t.row, side: side, index: 0)))
        }
        settleRow(t.row, from: t.offset, velocity: t.velocity, to: d.target, at: time, emit: emit)
    }

    /// Starts `row`'s settle toward `to`, reporting its new swipe state (`rowSwipe`) at once.
    mutating func settleRow(_ row: Int, from: Double, velocity: Double, to: Double, at time: Double,
                            emit: (ListEvent) -> Void) {
        if let other = rowSwipes.active.row, other != row {
            guard to != 0 else {
                // Another row holds the active state (open, settling or dragged): this one closes
                // beside it. Taking the state from it made that row vanish, unreported, and stay
                // counted open (two rows open at once).
                startClosing(row, from: from, velocity: velocity, at: time)
                setSwiped(row, false, at: time, emit: emit)
                needsEndFrame = true
                return
            }
            closeRow(other, at: time, emit: emit)
        }
        rowSwipes.closing.removeAll { $0.row == row }
        transition(toRow: .settling(.init(row: row, from: from, velocity: velocity, to: to, start: time, offset: from)), at: time)
        setSwiped(row, to != 0, at: time, emit: emit)
        needsEndFrame = true
    }

    /// Closes the open (or opening) row `row` beside whatever the active row does: it settles
    /// closed from where it is.
    mutating func closeRow(_ row: Int, at time: Double, emit: (ListEvent) -> Void) {
        let from = offset(ofRow: row)
        if rowSwipes.active.row == row { transition(toRow: .idle, at: time) }
        startClosing(row, from: from, velocity: 0, at: time)
        setSwiped(row, false, at: time, emit: emit)
    }

    /// Row `row` settles closed from `from` beside the active row: one settle each, however
    /// many rows close at once (a single closing row, overtaken by a third, stopped half-way).
    mutating func startClosing(_ row: Int, from: Double, velocity: Double, at time: Double) {
        rowSwipes.closing.removeAll { $0.row == row }
        if from != 0 { rowSwipes.closing.append(.init(row: row, from: from, velocity: velocity, to: 0, start: time, offset: from)) }
    }

    /// Closes the open row, if any (a scroll began, or a tap came): true if there was one.
    @discardableResult
    mutating func closeOpenRow(at time: Double, emit: (ListEvent) -> Void) -> Bool {
        guard slidesRows else { return false }
        switch rowSwipes.active {
        case .open(let row, _):
            closeRow(row, at: time, emit: emit)
            return true
        case .settling(let s) where s.to != 0:
            closeRow(s.row, at: time, emit: emit)
            return true
        default:
            return false
        }
    }

    /// Steps the settling rows to `time` (seconds), reporting each offset (`rowOffset`), and
    /// ending each settle at its own end time.
    mutating func advanceRows(to time: Double, emit: (ListEvent) -> Void) {
        let physics = options.rowSwipePhysics
        // At or past its end a settle is exactly at its target: `end - start` can come out below
        // the duration in floating point, which left a row at 159.80 instead of 160.
        func step(_ s: inout RowSwipeState.Settle) -> (time: Double, ended: Bool) {
            let end = s.start + physics.settleDuration
            s.offset = time >= end ? s.to : physics.settling(from: s.from, velocity: s.velocity, to: s.to, elapsed: time - s.start)
            return (min(time, end), time >= end)
        }
        // In place, in start order: a frame while rows close makes no array.
        var k = 0
        // A step to a time already stepped to moves nothing and reports nothing (an edit lets time
        // pass in the controller and again in the list: the row's offset was reported twice).
        while k < rowSwipes.closing.count {
            var c = rowSwipes.closing[k]
            guard time > c.start else { k += 1; continue }
            let before = c.offset
            let (at, ended) = step(&c)
            if c.offset != before || ended { emit(ListEvent(time: at, kind: .rowOffset(row: c.row, offset: c.offset))) }
            if ended { rowSwipes.closing.remove(at: k) } else { rowSwipes.closing[k] = c; k += 1 }
        }
        if case .settling(var s) = rowSwipes.active, time > s.start {
            let before = s.offset
            let (at, ended) = step(&s)
            if s.offset != before || ended { emit(ListEvent(time: at, kind: .rowOffset(row: s.row, offset: s.offset))) }
            if ended {
                transition(toRow: s.to == 0 ? .idle : .open(row: s.row, offset: s.to), at: at)
            } else {
                rowSwipes.active = .settling(s)
            }
        }
    }
}

extension RowSwipePhysics {
    /// The inverse of ``banded(_:leading:trailing:width:)``: the unbanded drag that shows
    /// `offset` (surface units).
    public func unbanded(_ offset: Double, leading: Double, trailing: Double, width: Double) -> Double {
        let c = rubberBandCoefficient
        func unband(_ y: Double) -> Double { width > 0 && c > 0 && y < width ? (width / c) * (1 / (1 - y / width) - 1) : y }
        if offset > leading { return leading + unband(offset - leading) }
        if offset < -trailing { return -trailing - unband(-trailing - offset) }
        return offset
    }
}
