import TouchGestures

/// What a list's scrolling is doing: one explicit state, changed only by the transitions
/// below, each recorded (as its ``Phase``) in ``ListModel/scrollLog``.
///
/// Allowed transitions:
/// - `idle → touching`: a touch sequence began with the content at rest.
/// - `decelerating → touching`, `settling → touching`: a touch stopped the motion; that
///   touch is then spent on stopping and selects or swipes nothing.
/// - `touching → dragging`: a vertical pan began; the content follows the finger.
/// - `dragging → touching`: the pan ended or was cancelled (fingers may still be down).
/// - `touching → decelerating`, `dragging → decelerating`: a fling at the end of a drag of
///   the same touch continues as momentum (not while pulled past an end, nor when armed to
///   refresh).
/// - `touching → released`, `dragging → released`: the last finger lifted after the content
///   moved, after stopping a motion, or with the content pulled past an end: it settles at
///   the end of the frame.
/// - `touching → idle`, `dragging → idle`: the last finger lifted and nothing needs settling.
/// - `released → settling`, `decelerating → settling`: settling starts (a refresh's spring
///   back, a spring back from past an end, or a snap to a cell or section).
/// - `released → idle`, `decelerating → idle`: nothing to settle (momentum stops where its
///   speed falls under ``ScrollPhysics/stopSpeed`` or at an end).
/// - `settling → idle`: the animation ended (reported as `snap`).
/// - `decelerating → idle`, `settling → idle`: ``ListModel/scroll(toOffset:)``, or a
///   refresh's first page replaced the rows.
public enum ScrollState: Hashable, Sendable {
    /// At rest, no finger down.
    case idle
    /// Fingers are down; the content is not following them.
    case touching
    /// The content follows a pan: `anchor` is the unbanded offset plus the pan's translation
    /// when it began (surface units), so the content shows `anchor − translation`.
    case dragging(anchor: Double)
    /// The fingers lifted; the list settles at the end of the frame.
    case released
    /// Momentum: `velocity` (surface units per second, positive scrolls toward the end) as
    /// measured at `time` (seconds).
    case decelerating(velocity: Double, time: Double)
    /// A settling animation: a spring back or a snap.
    case settling(Settle)

    /// A settling animation: from one offset to another over a time, ending in a `snap`.
    public struct Settle: Hashable, Sendable {
        /// Offsets, in surface units.
        public var from: Double, to: Double
        /// Start time and duration, in seconds.
        public var start: Double, duration: Double
        /// What it brings into place.
        public var kind: SnapKind
    }

    /// The state without its values, as the transition log keeps it.
    public enum Phase: String, Hashable, Sendable, CustomStringConvertible {
        case idle, touching, dragging, released, decelerating, settling
        /// The value in a few words, for logs and `print`.
        public var description: String { rawValue }
    }

    /// This state's phase.
    public var phase: Phase {
        switch self {
        case .idle: .idle
        case .touching: .touching
        case .dragging: .dragging
        case .released: .released
        case .decelerating: .decelerating
        case .settling: .settling
        }
    }

    /// True while the content moves on its own (momentum or a settling animation).
    public var isMoving: Bool {
        switch self {
        case .decelerating, .settling: true
        default: false
        }
    }
}

/// What the current (or last) touch sequence did to the scrolling: it outlives the lift, as a
/// single tap is reported after it, when its double-tap window closes.
struct TouchSequence: Sendable {
    /// The touch stopped momentum or a settle, and is spent on it.
    var stoppedMotion = false
    /// The touch dragged the content.
    var moved = false
    /// An edit deleted the row the touch was sliding: the touch slides no other row.
    var slidRowDeleted = false
}

extension ListModel {
    /// Moves the scrolling to `next`, recording the change of phase at `time` (seconds).
    mutating func transition(to next: ScrollState, at time: Double) {
        if next.phase != scrollState.phase { scrollLog.record(time: time, from: scrollState.phase, to: next.phase) }
        scrollState = next
    }

    /// A touch sequence began at `time` (seconds): a touch stops momentum and settling, and
    /// that touch then selects and swipes nothing.
    package mutating func touchBegan(at time: Double) {
        // A row settling is no motion a touch is spent on: only the scroll's.
        sequence = TouchSequence(stoppedMotion: scrollState.isMoving, moved: false)
        transition(to: .touching, at: time)
    }

    /// The touch sequence ended at `time` (seconds), its last contact lifted or cancelled:
    /// unless a fling started momentum, the list settles at the end of the frame.
    package mutating func touchesEnded(at time: Double) {
        switch scrollState {
        case .touching, .dragging:
            if sequence.moved || sequence.stoppedMotion || contentOffset < 0 || contentOffset > maxOffset {
                transition(to: .released, at: time)
                needsEndFrame = true
            } else {
                transition(to: .idle, at: time)
            }
        default:
            return
        }
    }

    /// A vertical pan: the content follows the finger (dragging down shows earlier rows).
    mutating func pan(_ p: GestureEvent.Pan, at time: Double, surface: Surface) {
        guard maxOffset > 0 || options.refreshes || options.physics.bounces else { return }
        let anchor: Double
        switch (p.phase, scrollState) {
        case (.began, _):
            anchor = options.physics.unbanded(contentOffset, maxOffset: maxOffset, viewport: layout.height) + p.translation.y
            transition(to: .dragging(anchor: anchor), at: time)
        case (_, .dragging(let a)):
            anchor = a
        default:
            return
        }
        move(to: options.physics.banded(anchor - p.translation.y, maxOffset: maxOffset, viewport: layout.height,
                                topBounces: options.refreshes), surface: surface)
        scrolledByFinger = true
        sequence.moved = true
        if p.phase == .ended || p.phase == .cancelled { transition(to: .touching, at: time) }
    }

    /// A fling: momentum continues a drag of the same touch (a fling at the end of a row
    /// swipe moves nothing).
    mutating func fling(_ f: GestureEvent.Fling, at time: Double) {
        switch scrollState {
        case .touching, .dragging: break
        default: return
        }
        guard sequence.moved, maxOffset > 0, f.velocity.y != 0, !sequence.stoppedMotion,
              contentOffset >= 0, contentOffset <= maxOffset, refreshState != .armed else { return }
        transition(to: .decelerating(velocity: -f.velocity.y, time: time), at: time)
        needsEndFrame = true
    }

    /// Puts the content at `offset` (surface units, clamped to `0 ... maxOffset`) at once,
    /// with no report: for a list that starts scrolled, or that a program scrolls. Stops any
    /// momentum or settling.
    public mutating func scroll(toOffset offset: Double) {
        guard offset.isFinite else { return }
        stopMotion(at: nil)
        contentOffset = min(max(offset, 0), maxOffset)
        reportedOffset = contentOffset
        loadCheckPending = true
        needsEndFrame = true
    }

    /// Ends momentum or a settle, if one is under way (`at`: the time for the log, seconds).
    mutating func stopMotion(at time: Double?) {
        guard scrollState.isMoving else { return }
        let at: Double
        switch scrollState {
        case .decelerating(_, let t): at = time ?? t
        case .settling(let s): at = time ?? s.start
        default: at = time ?? 0
        }
        transition(to: .idle, at: at)
    }

    /// Steps momentum and settling to `time` (seconds), reporting the offset there (one
    /// `scroll`), and at each moment where a motion ends on the way: where momentum stops or
    /// reaches an end, and where a settle ends (followed by its `snap`). Settling rows move
    /// too (`rowOffset`). The offsets do not
    /// depend on how often the list is stepped (``ScrollPhysics`` computes them exactly).
    public mutating func advance(to time: Double, surface: Surface, emit: (ListEvent) -> Void) {
        if rowSwipes.isSettling { advanceRows(to: time, emit: emit) }
        if reorders, reorderMoves { advanceReorder(to: time, surface: surface, emit: emit) }
        while true {
            switch scrollState {
            case .decelerating(let v0, let t0):
                guard time > t0 else { return }
                let stop = options.physics.momentumStop(velocity: v0, from: contentOffset, maxOffset: maxOffset,
                                                stopSpeed: surface.unitsY(options.physics.stopSpeed))
                let elapsed = (time - t0) * 1000
                if elapsed >= stop.milliseconds {
                    let at = t0 + stop.milliseconds / 1000
                    move(to: stop.offset, surface: surface)
                    report(at: at, momentum: true, surface: surface, emit: emit)
                    settle(at: at, surface: surface, emit: emit)
                    continue
                }
                move(to: contentOffset + options.physics.momentumDistance(velocity: v0, milliseconds: elapsed), surface: surface)
                scrollState = .decelerating(velocity: options.physics.momentumVelocity(velocity: v0, milliseconds: elapsed), time: time)
                report(at: time, momentum: true, surface: surface, emit: emit)
                return
            case .settling(let s):
                guard time > s.start || s.duration == 0 else { return }
                let end = s.start + s.duration
                if time >= end {
                    move(to: s.to, surface: surface)
                    transition(to: .idle, at: end)
                    report(at: end, momentum: true, surface: surface, emit: emit)
                    emit(ListEvent(time: end, kind: .snap(offset: s.to, to: s.kind)))
                    return
                }
                let p = (time - s.start) / s.duration
                move(to: s.from + (s.to - s.from) * ScrollPhysics.easeOut(p), surface: surface)
                report(at: time, momentum: true, surface: surface, emit: emit)
                return
            default:
                return
            }
        }
    }
}
