internal import CPlatform

// An edit's animations, and where a renderer draws each cell while the list animates: the model
// is already where an edit or a drop left it; these say how far each place still is from it.

/// A row growing in or collapsing out after an edit, for a renderer to draw each frame of: the
/// model's rows and offsets are already where the edit left them, and this says how far each
/// place still is from its final height (``ListModel/editDisplacement(atContentOffset:time:)``).
///
/// Both take ``duration`` (0.25 s, the move duration of Android RecyclerView's
/// `DefaultItemAnimator`, over which the rows around an edited one slide; plausible range
/// 0.15–0.4 s) along the accelerate-decelerate curve, Android's default interpolator.
public struct RowAnimation: Hashable, Sendable {
    /// Whether the place grows or collapses.
    public enum Kind: String, Hashable, Sendable {
        /// A row inserted (or moved in) grows from 0 to its height.
        case grow
        /// A row deleted (or moved out) collapses from its height to 0.
        case collapse
    }

    /// Whether the place grows or collapses.
    public var kind: Kind
    /// The row growing (its index now), or the row that collapses (its index before the edit).
    public var row: Int
    /// The content offset (surface units) where the place lies in the list the edit left: a
    /// growing row's top, or the top of whatever now follows a collapsing row.
    public var top: Double
    /// The row's full height (surface units).
    public var height: Double
    /// A collapsing row's content offset across (surface units) as it stood when it was deleted:
    /// a row deleted from a swipe action collapses from where it stands, open.
    public var slide: Double
    /// When the edit came (seconds).
    public var start: Double
    /// How long the animation takes (seconds).
    public var duration: Double

    /// The content offset of the row the edit held in place on the screen (its top after the
    /// edit; 0 at the top of the list): the places below it push what follows down while they
    /// animate, the places above it push what precedes up, and the held row stays put.
    public var held: Double = 0

    /// The default duration, in seconds: RecyclerView's `DefaultItemAnimator` move duration.
    public static let defaultDuration = 0.25

    /// How far along the animation is at `time` (seconds): 0 at its start, 1 at its end and after,
    /// eased (accelerate-decelerate: `(1 − cos(π·t)) / 2`).
    public func progress(at time: Double) -> Double {
        guard duration > 0, time < start + duration else { return 1 }
        let t = max(0, time - start) / duration
        return (1 - cos(Double.pi * t)) / 2
    }

    /// The place's height at `time` (seconds), in surface units.
    public func shownHeight(at time: Double) -> Double {
        let p = progress(at: time)
        return kind == .grow ? height * p : height * (1 - p)
    }

    /// How far this place moves content at offset `y` at `time` (seconds), in surface units,
    /// positive down: a collapsing row below the held row pushes what follows it down by what
    /// is left of it, one above pushes what precedes it up; a growing row pulls the other way
    /// by what it has yet to grow.
    public func displacement(atContentOffset y: Double, time: Double) -> Double {
        let left = kind == .collapse ? shownHeight(at: time) : -(height - shownHeight(at: time))
        if held < top, top <= y, kind == .collapse { return left }
        if held <= top, top < y, kind == .grow { return left }
        if y < top, top <= held, kind == .collapse { return -left }
        if y <= top, top < held, kind == .grow { return -left }
        return 0
    }

    /// True once the animation has ended at `time` (seconds).
    public func isDone(at time: Double) -> Bool { time >= start + duration }
}

extension ListModel {
    /// How far content at offset `y` of the edited list (surface units) is drawn below where the
    /// model puts it at `time` (seconds), while ``editAnimations`` run: the part of each
    /// collapsing row above it not yet collapsed, less the part of each growing row above it not
    /// yet grown. A renderer draws each item at its top plus this, and each animated place at its
    /// ``RowAnimation/shownHeight(at:)``.
    public func editDisplacement(atContentOffset y: Double, time: Double) -> Double {
        var d = 0.0
        for a in editAnimations where !a.isDone(at: time) { d += a.displacement(atContentOffset: y, time: time) }
        return d
    }

    /// True while an edit's rows grow or collapse at `time` (seconds): a screen redraws then.
    public func isAnimatingEdits(at time: Double) -> Bool { editAnimations.contains { !$0.isDone(at: time) } }

    /// Where a renderer draws `cell` (of ``layoutCells()``) at `time` (seconds): its top edge and
    /// height on the surface with the list's animations applied, where the cell itself says where
    /// the model puts it. An edit's rows grow and collapse (``editDisplacement(atContentOffset:time:)``
    /// at the cell's top in the content, and a growing row's ``RowAnimation/shownHeight(at:)``);
    /// while a row is lifted for reordering, it is under the finger and the rows between its
    /// place and its target make room, and a dropped row settles into its slot
    /// (``reorderDisplacement(ofRow:at:)``). A pinned header stays where it is pinned. Give the
    /// controller's ``ListController/time``.
    public func drawn(_ cell: VisibleCell, at time: Double) -> (y: Double, height: Double) {
        guard !cell.pinned else { return (cell.y, cell.height) }
        // The cell's top in the content, as the model lays it out.
        let top = cell.y - layout.top + contentOffset
        var y = cell.y + editDisplacement(atContentOffset: top, time: time)
        var height = cell.height
        if case .row(let r) = cell.item, r >= 0, r < rowCount {
            y += reorderDisplacement(ofRow: r, at: time)
            if let grow = editAnimations.first(where: { $0.kind == .grow && $0.row == r && !$0.isDone(at: time) }) {
                height = grow.shownHeight(at: time)
            }
        }
        return (y, height)
    }
}
