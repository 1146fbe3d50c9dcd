internal import CPlatform
import TouchGestures

/// A row being moved by drag to reorder (``ListOptions/reorder``): one explicit state, changed
/// only by the transitions below, each recorded (as its ``Phase``) in ``ListModel/reorderLog``.
///
/// Allowed transitions:
/// - `idle → lifted`: a long press began on a row (the long press owns the touch from then on:
///   no scroll, no swipe, no tap).
/// - `lifted → lifted`: the finger moved; the row follows it, and the rows between its old
///   place and the place it would drop into make room. Near the top or bottom edge the list
///   scrolls by itself (``ReorderPhysics/autoscrollSpeed(outOfBounds:rowHeight:elapsed:)``).
/// - `lifted → settling`: the finger lifted: the row is moved at once (`rowMoved` when its place
///   changed) and drawn settling from under the finger into its slot.
/// - `lifted → idle`: the touch was cancelled, or an edit deleted the row: nothing moves.
/// - `settling → idle`: the settle ended (``ReorderPhysics/settleDuration``).
public enum ReorderState: Hashable, Sendable {
    /// No row is lifted.
    case idle
    /// A row follows the finger.
    case lifted(Lift)
    /// A dropped row settles into its slot.
    case settling(Settle)

    /// A lifted row.
    public struct Lift: Hashable, Sendable {
        /// The row lifted, as numbered now (the list has not moved it yet).
        public var row: Int
        /// Where it would drop now: its index after the move.
        public var target: Int
        /// Where the finger grabbed it: the finger's content offset minus the row's top (surface units).
        public var grab: Double
        /// The finger's y in the viewport (surface units, from the list's top).
        public var fingerY: Double
        /// When the finger first came near an edge, while it stays there (seconds); `nil` away from them.
        public var edgeSince: Double?
        /// The last time the list was stepped (seconds).
        public var time: Double
    }

    /// A dropped row settling into its slot.
    public struct Settle: Hashable, Sendable {
        /// The row, at its new index.
        public var row: Int
        /// How far from its slot it was drawn at the drop (surface units; positive below it).
        public var from: Double
        /// When it was dropped (seconds).
        public var start: Double
    }

    /// The state without its values, as the transition log keeps it.
    public enum Phase: String, Hashable, Sendable, CustomStringConvertible {
        case idle, lifted, settling
        /// The value in a few words, for logs and `print`.
        public var description: String { rawValue }
    }

    /// This state's phase.
    public var phase: Phase {
        switch self {
        case .idle: .idle
        case .lifted: .lifted
        case .settling: .settling
        }
    }
}

/// How a lifted row scrolls the list near an edge and settles at the drop: pure functions.
public struct ReorderPhysics: Hashable, Sendable {
    /// The fastest the list scrolls by itself, in mm/s: Android's `ItemTouchHelper` scrolls at most
    /// 20 dp a frame (`item_touch_helper_max_drag_scroll_per_frame`), 3.2 mm every 1/60 s.
    /// Plausible: 100–300 mm/s.
    public var maxAutoscrollSpeed = 20.0 / 160 * 25.4 * 60
    /// The slowest it scrolls once it scrolls at all, in mm/s: `ItemTouchHelper`'s one pixel a
    /// frame at 160 dpi. Plausible: 5–20 mm/s.
    public var minAutoscrollSpeed = 25.4 / 160 * 60
    /// How long the speed takes to reach its full value after the row first reaches the edge,
    /// in seconds: `ItemTouchHelper`'s `DRAG_SCROLL_ACCELERATION_LIMIT_TIME_MS`, 2000 ms.
    /// Plausible: 0.5–3 s.
    public var autoscrollRampDuration = 2.0
    /// How long a dropped row takes to settle into its slot, in seconds: RecyclerView's
    /// `DefaultItemAnimator` move duration, 250 ms. Plausible: 0.15–0.4 s.
    public var settleDuration = 0.25

    /// The defaults, each with its source.
    public init() {}

    /// How fast the list scrolls by itself, in mm/s, while the lifted row, `rowHeight` tall
    /// (surface units), sticks `outOfBounds` units out past the list's edge (0 or less: it
    /// does not scroll), `elapsed` seconds after it first did: `ItemTouchHelper`'s
    /// `interpolateOutOfBoundsScroll`. The speed grows with the depth as `1 + (r − 1)⁵` of the
    /// share `r` of the row that is out (capped at 1), and with time as `(t / ramp)⁵`, never
    /// below ``minAutoscrollSpeed``.
    public func autoscrollSpeed(outOfBounds: Double, rowHeight: Double, elapsed: Double) -> Double {
        guard outOfBounds > 0, rowHeight > 0 else { return 0 }
        let r = min(1, outOfBounds / rowHeight) - 1
        let depth = r * r * r * r * r + 1
        let t = autoscrollRampDuration > 0 ? min(1, max(0, elapsed) / autoscrollRampDuration) : 1
        return max(minAutoscrollSpeed, maxAutoscrollSpeed * depth * t * t * t * t * t)
    }
}

extension ListModel {
    /// A long press: with ``ListOptions/reorder``, it lifts the row it began on, moves it as the
    /// finger moves, and drops it at the lift.
    mutating func reorderPress(_ p: GestureEvent.LongPress, at time: Double, surface: Surface, emit: (ListEvent) -> Void) {
        guard reorders else { return }
        switch (p.phase, reorder) {
        case (.began, .idle), (.began, .settling):
            guard !sequence.stoppedMotion, let row = row(at: p.position) else { return }
            let top = geometry.top(ofItem: geometry.item(ofRow: row))
            let y = p.position.y - layout.top
            transitionReorder(to: .lifted(.init(row: row, target: row, grab: y + contentOffset - top, fingerY: y,
                                                edgeSince: nil, time: time)), at: time)
            // One row open at a time, and none while rows move about under the lifted one: an
            // open row closes, as a scroll or a tap closes it.
            closeOpenRow(at: time, emit: emit)
            needsEndFrame = true
        case (.changed, .lifted(var l)):
            l.fingerY = p.position.y - layout.top
            l.time = time
            l.edgeSince = outOfBounds(l) > 0 ? (l.edgeSince ?? time) : nil
            l.target = dropTarget(l)
            transitionReorder(to: .lifted(l), at: time)
        case (.ended, .lifted(let l)):
            drop(l, at: time, surface: surface, emit: emit)
        case (.cancelled, .lifted):
            transitionReorder(to: .idle, at: time)
        default:
            return
        }
    }

    /// How far the lifted row sticks out past the list's top (negative) or bottom (positive)
    /// edge, in surface units; 0 inside.
    private func outOfBounds(_ l: ReorderState.Lift) -> Double {
        let h = geometry.height(ofItem: geometry.item(ofRow: l.row))
        let top = l.fingerY - (l.grab)
        if top < 0 { return -top }
        if top + h > layout.height { return top + h - layout.height }
        return 0
    }

    /// The edge the lifted row is past: −1 the top, +1 the bottom, 0 none.
    private func edge(_ l: ReorderState.Lift) -> Double {
        let h = geometry.height(ofItem: geometry.item(ofRow: l.row))
        let top = l.fingerY - l.grab
        return top < 0 ? -1 : (top + h > layout.height ? 1 : 0)
    }

    /// Where the lifted row would drop: the row under its center, in the list without it.
    private func dropTarget(_ l: ReorderState.Lift) -> Int {
        let h = geometry.height(ofItem: geometry.item(ofRow: l.row))
        let center = l.fingerY - l.grab + contentOffset + h / 2
        let i = geometry.item(atOffset: max(0, center))
        guard i < geometry.itemCount else { return rowCount - 1 }
        var target: Int
        switch geometry.kind(ofItem: i) {
        case .row(let r): target = r
        default:
            // A header: the first row of its section.
            target = i + 1 < geometry.itemCount ? { if case .row(let r) = geometry.kind(ofItem: i + 1) { return r }; return l.row }() : l.row
        }
        return min(max(0, target), rowCount - 1)
    }

    /// Drops the lifted row at its target: the move is made at once (`rowMoved`), and the row
    /// settles from under the finger into its slot.
    private mutating func drop(_ l: ReorderState.Lift, at time: Double, surface: Surface, emit: (ListEvent) -> Void) {
        let target = dropTarget(l)
        let shownTop = l.fingerY - l.grab + contentOffset
        if target != l.row {
            moveRow(l.row, to: target, at: time)
            emit(ListEvent(time: time, kind: .rowMoved(from: l.row, to: target)))
        }
        let slot = geometry.top(ofItem: geometry.item(ofRow: target))
        transitionReorder(to: .settling(.init(row: target, from: shownTop - slot, start: time)), at: time)
        needsEndFrame = true
    }

    /// Moves row `from` to `to` keeping everything it has, with no report and no animation record.
    private mutating func moveRow(_ from: Int, to: Int, at time: Double) {
        let plan = try! EditPlan(ListEdits(moving: [RowMove(from: from, to: to)]), rowCount: rowCount)
        let height = geometry.height(ofItem: geometry.item(ofRow: from))
        let estimate = geometry.isEstimate(row: from)
        let id = identities.remove(from)
        identities.insert(id, at: to)
        geometry.edit(removing: [from], adding: [.init(row: to, height: height, isEstimate: estimate)])
        remapRowState(plan, at: time)
    }

    /// Steps a lifted row's autoscroll, or a dropped row's settle, to `time` (seconds).
    mutating func advanceReorder(to time: Double, surface: Surface, emit: (ListEvent) -> Void) {
        switch reorder {
        case .lifted(var l):
            guard time > l.time else { return }
            let out = outOfBounds(l)
            if out > 0, let since = l.edgeSince {
                let h = geometry.height(ofItem: geometry.item(ofRow: l.row))
                let speed = surface.unitsY(options.reorderPhysics.autoscrollSpeed(outOfBounds: out, rowHeight: h, elapsed: time - since))
                let next = min(max(0, contentOffset + edge(l) * speed * (time - l.time)), maxOffset)
                move(to: next, surface: surface)
                report(at: time, momentum: true, surface: surface, emit: emit)
            }
            l.time = time
            l.target = dropTarget(l)
            reorder = .lifted(l)
        case .settling(let s):
            if time >= s.start + options.reorderPhysics.settleDuration { transitionReorder(to: .idle, at: s.start + options.reorderPhysics.settleDuration) }
        case .idle:
            return
        }
    }

    /// True while a lifted row scrolls the list by itself or a dropped row settles.
    var reorderMoves: Bool {
        switch reorder {
        case .idle: false
        case .lifted(let l): l.edgeSince != nil
        case .settling: true
        }
    }

    /// Where a renderer draws row `row` at `time` (seconds) while a row is lifted or settling,
    /// relative to its place in the model (surface units, positive down): the lifted row under
    /// the finger, the rows between its place and its target moved by its height to make room,
    /// and a dropped row on its way into its slot.
    public func reorderDisplacement(ofRow row: Int, at time: Double) -> Double {
        switch reorder {
        case .idle:
            return 0
        case .lifted(let l):
            let h = geometry.height(ofItem: geometry.item(ofRow: l.row))
            if row == l.row { return l.fingerY - l.grab + contentOffset - geometry.top(ofItem: geometry.item(ofRow: row)) }
            if l.target > l.row, row > l.row, row <= l.target { return -h }
            if l.target < l.row, row >= l.target, row < l.row { return h }
            return 0
        case .settling(let s):
            guard row == s.row else { return 0 }
            let d = options.reorderPhysics.settleDuration
            let p = d > 0 ? min(1, max(0, (time - s.start) / d)) : 1
            return s.from * (1 + cos(Double.pi * p)) / 2
        }
    }

    mutating func transitionReorder(to next: ReorderState, at time: Double) {
        if next.phase != reorder.phase { reorderLog.record(time: time, from: reorder.phase, to: next.phase) }
        reorder = next
    }
}
