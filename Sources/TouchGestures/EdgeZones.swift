/// Which of the surface's edge zones a point lies in: the strips, a given number of
/// millimeters wide, along each edge. Intersected over the fingers of a touch, it says which
/// zones every finger went down in; ``edge`` names them (two make a corner). The swipe
/// recognizer's edges and the gesture daemon's start on it.
package struct EdgeZones: Hashable, Sendable {
    package var left: Bool
    package var right: Bool
    package var top: Bool
    package var bottom: Bool

    /// Every zone: what intersecting starts from.
    package static let all = EdgeZones(left: true, right: true, top: true, bottom: true)

    package init(left: Bool, right: Bool, top: Bool, bottom: Bool) {
        self.left = left
        self.right = right
        self.top = top
        self.bottom = bottom
    }

    /// The zones `p` (surface units) lies in, each `width` millimeters wide. Zones wider than
    /// half the surface overlap: a point in both opposite zones is in the nearer one's only (the
    /// top or the left on a tie), so that a touch 2 mm from the bottom is never a top edge's.
    package init(of p: Point, on surface: Surface, width: Double) {
        let q = surface.millimeters(p)
        let far = surface.millimeters(Point(x: surface.width, y: surface.height))
        let (fromLeft, fromRight, fromTop, fromBottom) = (q.x, far.x - q.x, q.y, far.y - q.y)
        var left = fromLeft <= width, right = fromRight <= width, top = fromTop <= width, bottom = fromBottom <= width
        if left && right { (left, right) = (fromLeft <= fromRight, fromLeft > fromRight) }
        if top && bottom { (top, bottom) = (fromTop <= fromBottom, fromTop > fromBottom) }
        self.init(left: left, right: right, top: top, bottom: bottom)
    }

    /// The zones both lie in.
    package func intersection(_ other: EdgeZones) -> EdgeZones {
        EdgeZones(left: left && other.left, right: right && other.right, top: top && other.top, bottom: bottom && other.bottom)
    }

    /// The edge these zones make (two make a corner), or `nil` for none.
    package var edge: ScreenEdge? {
        switch (left, right, top, bottom) {
        case (true, _, true, _): .topLeft
        case (_, true, true, _): .topRight
        case (true, _, _, true): .bottomLeft
        case (_, true, _, true): .bottomRight
        case (true, _, _, _): .left
        case (_, true, _, _): .right
        case (_, _, true, _): .top
        case (_, _, _, true): .bottom
        default: nil
        }
    }
}
