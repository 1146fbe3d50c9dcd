/// The touch surface: its size in surface units and how many of those make a millimetre.
///
/// Every threshold in ``GestureSettings`` is in millimetres (or seconds); the surface turns
/// distances measured in surface units into millimetres, per axis, so that the same settings
/// behave alike on any device.
public struct Surface: Hashable, Sendable {
    /// Width in surface units.
    public var width: Double
    /// Height in surface units.
    public var height: Double
    /// Surface units per millimetre, horizontally and vertically.
    public var unitsPerMillimetre: Point {
        didSet { millimetresPerUnit = Point(x: 1 / unitsPerMillimetre.x, y: 1 / unitsPerMillimetre.y) }
    }
    /// Millimetres per surface unit: the reciprocals, so that a conversion is a multiplication
    /// (a division costs several times as long, and the engine converts every move).
    public private(set) var millimetresPerUnit: Point
    /// True when the resolution was not given and ``defaultUnitsPerMillimetre`` stands in.
    public var resolutionIsDefault: Bool

    /// The density assumed when a device or trace gives none: 96 units per inch, about
    /// 3.78 units/mm. 96 dpi is the CSS reference pixel and the X server's default DPI, the
    /// density a "px" most often means on a Linux desktop.
    public static let defaultUnitsPerMillimetre: Double = 96.0 / 25.4

    /// A surface of `width` × `height` surface units. `unitsPerMillimetre` gives the resolution
    /// in units/mm per axis; `nil` means unknown, and the 96 dpi default applies.
    public init(width: Double, height: Double, unitsPerMillimetre: Point? = nil) {
        self.width = width
        self.height = height
        let r: Point
        if let given = unitsPerMillimetre, given.x > 0, given.y > 0, given.x.isFinite, given.y.isFinite {
            r = given
            self.resolutionIsDefault = false
        } else {
            let d = Surface.defaultUnitsPerMillimetre
            r = Point(x: d, y: d)
            self.resolutionIsDefault = true
        }
        self.unitsPerMillimetre = r
        self.millimetresPerUnit = Point(x: 1 / r.x, y: 1 / r.y)
    }

    /// A displacement in surface units converted to millimetres, per axis.
    @inlinable public func millimetres(_ v: Point) -> Point {
        Point(x: v.x * millimetresPerUnit.x, y: v.y * millimetresPerUnit.y)
    }

    /// A length in millimetres converted to surface units along the horizontal axis.
    @inlinable public func unitsX(_ mm: Double) -> Double { mm * unitsPerMillimetre.x }
    /// A length in millimetres converted to surface units along the vertical axis.
    @inlinable public func unitsY(_ mm: Double) -> Double { mm * unitsPerMillimetre.y }
}
