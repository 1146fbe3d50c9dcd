import TouchGestures

/// What the row that slides is doing, when rows slide over their actions
/// (``ListOptions/slidesRows``): one explicit state, changed only by the transitions below, each
/// recorded (as its ``Phase``) in ``RowSwipes/log``. Offsets are in surface units,
/// positive when the content moved right (uncovering the leading actions), negative when it
/// moved left (the trailing ones).
///
/// Allowed transitions:
/// - `idle → tracking`, `open → tracking`, `settling → tracking`: one finger that went down on
///   a row was claimed by it (the list's scroll failed across its axis); the content follows
///   the finger from where it was. Another row that was open settles closed beside it.
/// - `tracking → settlingOpen`, `tracking → settlingClosed`: the finger lifted (or was
///   cancelled); ``RowSwipePhysics/decide(raw:velocity:in:unitsPerMillimeter:allowsFullSwipe:)``
///   chose the side, or closed, or ran a full swipe (which settles closed).
/// - `idle → settlingOpen`, `open → settlingClosed`: a swipe toggled a row no drag had
///   claimed (the original article's discrete swipe).
/// - `open → settlingClosed`: the list began to scroll, a tap came, or another row opened.
/// - `settlingOpen → open`, `settlingClosed → idle`: the settle ended
///   (``RowSwipePhysics/settleDuration``).
/// - any → `idle`: an edit deleted the row, or a refresh replaced every row (no new row shows
///   an old row's actions).
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

/// A row's openness, in one state: which rows are swiped and from which side, what the row that
/// slides is doing, the rows that close beside it, and the log of its phases.
/// ``ListModel/rowSwipes`` holds it. Only the transitions below change it (each `mutating` method
/// of this type); the list decides when to call them.
public struct RowSwipes: Hashable, Sendable {
    /// Every row in its swiped state (showing its actions), and the side it shows: one fact per
    /// row. A dictionary, as ``ListModel/checkedRows`` is a set, so that a list of 10⁷ rows
    /// keeps nothing for the rows no one swiped. Under the `oneOpen` policy, or when rows slide,
    /// it holds at most one row. A right swipe (or a row slid right) shows the leading actions,
    /// on the left, as UIKit's leading swipe actions; a left one the trailing ones.
    public private(set) var open: [Int: RowSide] = [:]
    /// What the row that slides is doing (when ``ListOptions/slidesRows``).
    public private(set) var active = RowSwipeState.idle
    /// Rows settling closed beside the active one (one open at a time), in the order they
    /// began.
    public private(set) var closing: [RowSwipeState.Settle] = []
    /// Every change of the sliding row's phase (``active``), when recording is switched on.
    public var log = TransitionLog<RowSwipeState.Phase>()
    /// True when at most one row may be swiped at a time: the `oneOpen` policy, or rows that
    /// slide.
    let oneAtATime: Bool

    init(oneAtATime: Bool) { self.oneAtATime = oneAtATime }

    /// Two are equal when their states are: the log is a record of how a state came about, not
    /// part of it.
    public static func == (a: RowSwipes, b: RowSwipes) -> Bool {
        a.open == b.open && a.active == b.active && a.closing == b.closing && a.oneAtATime == b.oneAtATime
    }

    /// Hashes the state (not the log), as ``==(_:_:)`` compares it.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(open)
        hasher.combine(active)
        hasher.combine(closing)
        hasher.combine(oneAtATime)
    }

    /// The rows in their swiped state (``open``'s rows), as a set.
    public var swiped: Set<Int> { Set(open.keys) }
    /// The rows of ``swiped`` that show their leading actions (a right swipe opened them, or
    /// they slid right).
    public var swipedFromLeading: Set<Int> { Set(open.compactMap { $0.value == .leading ? $0.key : nil }) }

    /// Whether row `row` is in its swiped state.
    public func isSwiped(_ row: Int) -> Bool { open[row] != nil }

    /// The side row `row` shows, if it is swiped.
    public func side(ofRow row: Int) -> RowSide? { open[row] }

    /// The one row in its swiped state when only one may be (the `oneOpen` policy, or rows that
    /// slide), if any; `nil` under the other policies.
    public var openRow: Int? { oneAtATime ? open.first?.key : nil }

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

    // MARK: Transitions

    /// Row `row` swiped open showing `side`, or closed (`nil`). True when it changed between
    /// open and closed (what a `rowSwipe` reports); a row already open takes the new side quietly.
    mutating func setOpen(_ row: Int, _ side: RowSide?) -> Bool {
        if let side { return open.updateValue(side, forKey: row) == nil }
        return open.removeValue(forKey: row) != nil
    }

    /// The sliding row's state becomes `next` at `time`; a change of phase is logged.
    mutating func transition(to next: RowSwipeState, at time: Double) {
        if next.phase != active.phase { log.record(time: time, from: active.phase, to: next.phase) }
        active = next
    }

    /// Row `row` settles closed from `from` (moving at `velocity`) beside the active row: one
    /// settle each, however many rows close at once (a single closing row, overtaken by a
    /// third, stopped half-way). A row already at 0 has nothing to settle.
    mutating func startClosing(_ row: Int, from: Double, velocity: Double, at time: Double) {
        stopClosing(row)
        if from != 0 { closing.append(.init(row: row, from: from, velocity: velocity, to: 0, start: time, offset: from)) }
    }

    /// Row `row` no longer settles closed beside the active one (it became the active row).
    mutating func stopClosing(_ row: Int) {
        closing.removeAll { $0.row == row }
    }

    /// The dragged row's speed across at the lift (units/s), from a fling.
    mutating func setLiftVelocity(_ velocity: Double) {
        if case .tracking(var t) = active {
            t.velocity = velocity
            active = .tracking(t)
        }
    }

    /// Steps the settling rows to `time` (seconds) by `physics`, reporting each offset
    /// (`rowOffset`), and ending each settle at its own end time.
    mutating func step(to time: Double, physics: RowSwipePhysics, emit: (ListEvent) -> Void) {
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
        while k < closing.count {
            var c = closing[k]
            guard time > c.start else { k += 1; continue }
            let before = c.offset
            let (at, ended) = step(&c)
            if c.offset != before || ended { emit(ListEvent(time: at, kind: .rowOffset(row: c.row, offset: c.offset))) }
            if ended { closing.remove(at: k) } else { closing[k] = c; k += 1 }
        }
        if case .settling(var s) = active, time > s.start {
            let before = s.offset
            let (at, ended) = step(&s)
            if s.offset != before || ended { emit(ListEvent(time: at, kind: .rowOffset(row: s.row, offset: s.offset))) }
            transition(to: ended ? (s.to == 0 ? .idle : .open(row: s.row, offset: s.to)) : .settling(s), at: at)
        }
    }

    /// Every row's openness onto the rows' new indices after an edit (`newIndex` of an old
    /// index; `nil` for a deleted row). A deleted active row is gone at once (`idle`); true when
    /// it was being dragged, so that the touch slides no other row.
    mutating func remap(at time: Double, _ newIndex: (Int) -> Int?) -> Bool {
        var moved: [Int: RowSide] = [:]
        for (row, side) in open { if let now = newIndex(row) { moved[now] = side } }
        open = moved
        closing = closing.compactMap { c in newIndex(c.row).map { var c = c; c.row = $0; return c } }
        guard let row = active.row else { return false }
        if let now = newIndex(row) {
            active = active.moved(to: now)
            return false
        }
        var dragged = false
        if case .tracking = active { dragged = true }
        transition(to: .idle, at: time)
        return dragged
    }

    /// Every row is new (a refresh replaced them): none is open, and none slides or closes.
    mutating func forgetRows(at time: Double) {
        open = [:]
        closing = []
        transition(to: .idle, at: time)
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
            let target = current != 0 ? 0 : (s.direction == .left ? -rowActionWidths.trailing : rowActionWidths.leading)
            guard target != current else { return }
            settleRow(row, from: current, velocity: 0, to: target, at: time, emit: emit)
            return
        }
        // A right swipe uncovers the leading actions, a left one the trailing ones.
        let side: RowSide = s.direction == .right ? .leading : .trailing
        let toggled = rowSwipes.isSwiped(row) ? nil : side
        switch options.swipePolicy {
        case .toggle:
            setSwiped(row, toggled, at: time, emit: emit)
        case .directional:
            setSwiped(row, s.direction == .left ? .trailing : nil, at: time, emit: emit)
        case .oneOpen:
            if let open = rowSwipes.openRow, open != row { setSwiped(open, nil, at: time, emit: emit) }
            setSwiped(row, toggled, at: time, emit: emit)
        }
    }

    /// Row `row` swiped open showing `side`, or closed (`nil`), reporting `rowSwipe` when it
    /// changes between the two.
    mutating func setSwiped(_ row: Int, _ side: RowSide?, at time: Double, emit: (ListEvent) -> Void) {
        if rowSwipes.setOpen(row, side) { emit(ListEvent(time: time, kind: .rowSwipe(row: row, side: side))) }
    }

    /// The widths a sliding row's content moves over: its actions' on each side and the row's.
    var rowActionWidths: RowActionWidths {
        RowActionWidths(leading: options.leadingActions.width, trailing: options.trailingActions.width, row: layout.width)
    }

    // MARK: Rows that slide

    /// Row `row`'s content offset now, in surface units (0 unless rows slide and it is open or
    /// moving): positive to the right, over the leading actions.
    public func offset(ofRow row: Int) -> Double { rowSwipes.offset(ofRow: row) }

    /// Follows the frame's drag report, if it had one (the list's scroll failed across its axis,
    /// so a horizontal drag is the row's): while one finger is down the row under the touch's
    /// start follows it; when more are down, or at the lift, the dragged row settles. Called by
    /// ``ListController`` at the end of each frame while rows slide.
    package mutating func followDrag(at time: Double, surface: Surface, emit: (ListEvent) -> Void) {
        guard let drag = frameDrag else { return }
        frameDrag = nil
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
            let shown = options.rowSwipePhysics.banded(t.raw, in: rowActionWidths)
            let moved = shown != t.offset
            t.offset = shown
            rowSwipes.transition(to: .tracking(t), at: time)
            if moved { emit(ListEvent(time: time, kind: .rowOffset(row: t.row, offset: shown))) }
        default:
            guard !sequence.stoppedMotion, !sequence.slidRowDeleted, let row = row(at: start) else { return }
            let current = offset(ofRow: row)
            if let other = rowSwipes.active.row, other != row { closeRow(other, at: time, emit: emit) }
            let raw = options.rowSwipePhysics.unbanded(current, in: rowActionWidths)
            rowSwipes.stopClosing(row)
            rowSwipes.transition(to: .tracking(.init(row: row, anchorX: x, startRaw: raw, raw: raw, offset: current, velocity: 0)), at: time)
        }
    }

    /// A fling while a row is dragged: its speed across is the lift's (units/s).
    mutating func rowFling(_ f: GestureEvent.Fling) {
        rowSwipes.setLiftVelocity(f.velocity.x)
    }

    /// The last finger lifted (or was cancelled) while a row was dragged: it settles open,
    /// closed, or runs a full swipe (``RowSwipePhysics``).
    package mutating func liftRow(at time: Double, surface: Surface, emit: (ListEvent) -> Void) {
        guard case .tracking(let t) = rowSwipes.active else { return }
        let d = options.rowSwipePhysics.decide(raw: t.raw, velocity: t.velocity, in: rowActionWidths,
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
                rowSwipes.startClosing(row, from: from, velocity: velocity, at: time)
                setSwiped(row, nil, at: time, emit: emit)
                needsEndFrame = true
                return
            }
            closeRow(other, at: time, emit: emit)
        }
        rowSwipes.stopClosing(row)
        rowSwipes.transition(to: .settling(.init(row: row, from: from, velocity: velocity, to: to, start: time, offset: from)), at: time)
        // A row slid right shows its leading actions, one slid left its trailing ones.
        setSwiped(row, to > 0 ? .leading : to < 0 ? .trailing : nil, at: time, emit: emit)
        needsEndFrame = true
    }

    /// Closes the open (or opening) row `row` beside whatever the active row does: it settles
    /// closed from where it is.
    mutating func closeRow(_ row: Int, at time: Double, emit: (ListEvent) -> Void) {
        let from = offset(ofRow: row)
        if rowSwipes.active.row == row { rowSwipes.transition(to: .idle, at: time) }
        rowSwipes.startClosing(row, from: from, velocity: 0, at: time)
        setSwiped(row, nil, at: time, emit: emit)
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

    /// Steps the settling rows to `time` (seconds), reporting each offset (`rowOffset`).
    mutating func advanceRows(to time: Double, emit: (ListEvent) -> Void) {
        rowSwipes.step(to: time, physics: options.rowSwipePhysics, emit: emit)
    }
}
