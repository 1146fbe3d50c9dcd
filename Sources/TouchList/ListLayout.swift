import TouchGestures

/// The list's viewport on the surface and its default row height. All lengths are in surface
/// units. Where each row lies (sections, headers, variable heights, the scroll offset) is
/// ``ListGeometry``'s business; hit-testing goes through ``ListModel/item(at:)``.
public struct ListLayout: Hashable, Sendable {
    /// Number of rows the list starts with.
    public var rows: Int
    /// Height of a row, in surface units, unless ``ListOptions/rowHeights`` says otherwise.
    public var rowHeight: Double
    /// Viewport origin, in surface units.
    public var top: Double
    /// The list's left edge on the surface (surface units).
    public var left: Double
    /// Viewport size, in surface units.
    public var width: Double
    /// The list's height on the surface (surface units).
    public var height: Double

    /// A list of `rows` rows of `rowHeight`, placed at `top`, `left` and sized `width` × `height` (surface units).
    public init(rows: Int, rowHeight: Double, top: Double = 0, left: Double = 0, width: Double, height: Double) {
        self.rows = max(0, rows)
        self.rowHeight = rowHeight
        self.top = top
        self.left = left
        self.width = width
        self.height = height
    }

    /// The default row height, in millimeters: UIKit's standard 44-point row, which on the
    /// 163 points-per-inch screen the original ran on is 44 × 25.4 / 163 ≈ 6.86 mm.
    public static let defaultRowHeightMillimeters = 44.0 * 25.4 / 163.0

    /// Most rows the default list makes, however tall the surface (a bound, so that an absurd
    /// surface size cannot ask for billions of rows).
    public static let maxDefaultRows = 100_000

    /// The list used when a trace describes none: the whole surface, rows of
    /// ``defaultRowHeightMillimeters``, as many as it takes to fill the height.
    public static func standard(for surface: Surface) -> ListLayout {
        let h = surface.unitsY(defaultRowHeightMillimeters)
        let count = h > 0 ? (surface.height / h).rounded(.up) : 0
        let rows = count.isFinite ? Int(min(max(count, 0), Double(maxDefaultRows))) : 0
        return ListLayout(rows: rows, rowHeight: h, width: surface.width, height: surface.height)
    }

    /// True when `point` (surface units) lies in the viewport.
    func contains(_ point: Point) -> Bool {
        point.x >= left && point.x < left + width && point.y >= top && point.y < top + height
    }
}
