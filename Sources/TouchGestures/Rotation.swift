// How a panel is mounted: device geometry, beside Surface, so that whatever turns touches (the
// evdev decoder, the daemon's replay, the C library's feed) takes it from the core and not from
// the evdev decoder.

/// How a panel is mounted: its coordinates are turned clockwise by this much.
public enum Rotation: Int, Sendable, CaseIterable {
    case none = 0, quarter = 90, half = 180, threeQuarters = 270

    /// The rotation of `degrees` clockwise (0, 90, 180 or 270), or `nil`.
    public init?(degrees: Int) { self.init(rawValue: degrees) }

    /// `surface` as the turned screen has it: for a quarter turn either way, width and height
    /// (and their resolutions) trade places. The one rule for turning a surface: the decoder
    /// turns a device's with it, and the daemon a trace's.
    public func turned(_ surface: Surface) -> Surface {
        guard self == .quarter || self == .threeQuarters else { return surface }
        let r = surface.unitsPerMillimeter
        return Surface(width: surface.height, height: surface.width,
                       unitsPerMillimeter: surface.resolutionIsDefault ? nil : Point(x: r.y, y: r.x))
    }

    /// `p`, a position in a `width` × `height` box (the panel's units, or 1 × 1 for fractions
    /// of its size), turned clockwise by this rotation: its position in the turned box. The
    /// one rule for turning a position: the decoder turns a device's fractions with it, and the
    /// daemon a trace's units.
    public func turn(_ p: Point, width: Double, height: Double) -> Point {
        switch self {
        case .none: p
        case .quarter: Point(x: height - p.y, y: p.x)
        case .half: Point(x: width - p.x, y: height - p.y)
        case .threeQuarters: Point(x: p.y, y: width - p.x)
        }
    }
}
