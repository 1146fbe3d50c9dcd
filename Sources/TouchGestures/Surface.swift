/// The touch surface: its size in surface units and how many of those make a millimeter.
///
/// Every threshold in ``GestureSettings`` is in millimeters (or seconds); the surface turns
/// distances measured in surface units into millimeters, per axis, so that the same settings
/// behave alike on any device.
public struct Surface: Hashable, Sendable {
    /// Width in surface units.
    public var width: Double
    /// Height in surface units.
    public var height: Double
    /// Surface units per millimeter, horizontally and vertically.
    public var unitsPerMillimeter: Point {
        didSet { millimetersPerUnit = Point(x: 1 / unitsPerMillimeter.x, y: 1 / unitsPerMillimeter.y) }
    }
    /// Millimeters per surface unit: the reciprocals, so that a conversion is a multiplication
    /// (a division costs several times as long, and the engine converts every move).
    public private(set) var millimetersPerUnit: Point
    /// True when the resolution was not given and ``defaultUnitsPerMillimeter`` stands in.
    public var resolutionIsDefault: Bool

    /// The density assumed when a device or trace gives none: 96 units per inch, about
    /// 3.78 units/mm. 96 dpi is the CSS reference pixel and the X server's default DPI, the
    /// density a "px" most often means on a Linux desktop.
    public static let defaultUnitsPerMillimeter: Double = 96.0 / 25.4

    /// A surface of `width` × `height` surface units. `unitsPerMillimeter` gives the resolution
    /// in units/mm per axis; `nil` means unknown, and the 96 dpi default applies.
    public init(width: Double, height: Double, unitsPerMillimeter: Point? = nil) {
        self.width = width
        self.height = height
        let r: Point
        if let given = unitsPerMillimeter, given.x > 0, given.y > 0, given.x.isFinite, given.y.isFinite {
            r = given
            self.resolutionIsDefault = false
        } else {
            let d = Surface.defaultUnitsPerMillimeter
            r = Point(x: d, y: d)
            self.resolutionIsDefault = true
        }
        self.unitsPerMillimeter = r
        self.millimetersPerUnit = Point(x: 1 / r.x, y: 1 / r.y)
    }

    /// A displacement in surface units converted to millimeters, per axis.
    @inlinable public func millimeters(_ v: Point) -> Point {
        Point(x: v.x * millimetersPerUnit.x, y: v.y * millimetersPerUnit.y)
    }

    /// A length in millimeters converted to surface units along the horizontal axis.
    @inlinable public func unitsX(_ mm: Double) -> Double { mm * unitsPerMillimeter.x }
    /// A length in millimeters converted to surface units along the vertical axis.
    @inlinable public func unitsY(_ mm: Double) -> Double { mm * unitsPerMillimeter.y }
}
