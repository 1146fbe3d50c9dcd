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
    public var unitsPerMillimetre: Point
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
        if let r = unitsPerMillimetre, r.x > 0, r.y > 0, r.x.isFinite, r.y.isFinite {
            self.unitsPerMillimetre = r
            self.resolutionIsDefault = false
        } else {
            let d = Surface.defaultUnitsPerMillimetre
            self.unitsPerMillimetre = Point(x: d, y: d)
            self.resolutionIsDefault = true
        }
    }

    /// A displacement in surface units converted to millimetres, per axis.
    @inlinable public func millimetres(_ v: Point) -> Point {
        Point(x: v.x / unitsPerMillimetre.x, y: v.y / unitsPerMillimetre.y)
    }

    /// A length in millimetres converted to surface units along the horizontal axis.
    @inlinable public func unitsX(_ mm: Double) -> Double { mm * unitsPerMillimetre.x }
    /// A length in millimetres converted to surface units along the vertical axis.
    @inlinable public func unitsY(_ mm: Double) -> Double { mm * unitsPerMillimetre.y }
}
