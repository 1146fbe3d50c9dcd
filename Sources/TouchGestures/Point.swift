/// A position or a displacement on the touch surface.
///
/// The same value type serves as point and vector, as the `CGPoint` helpers of the
/// original table-cell swipe detector did: dot product, length, subtraction, distance and
/// normalization. Coordinates are in whatever unit the caller uses (trace units or
/// millimeters); the operations never mix units themselves.
public struct Point: Hashable, Sendable {
    /// Horizontal coordinate; grows to the right.
    public var x: Double
    /// Vertical coordinate; grows downward.
    public var y: Double

    /// The point or vector (`x`, `y`).
    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, `(0, 0)`.
    public static let zero = Point(x: 0, y: 0)

    /// The dot product `a.x * b.x + a.y * b.y`.
    @inlinable public func dot(_ other: Point) -> Double { x * other.x + y * other.y }

    /// The Euclidean length of this vector, in the unit of its coordinates.
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }

    /// The Euclidean distance to `other`, in the unit of the coordinates.
    @inlinable public func distance(to other: Point) -> Double { (self - other).length }

    /// This vector scaled to length 1, or `nil` for the zero vector.
    ///
    /// The original helper divided by the length unconditionally, so a zero vector gave
    /// NaN coordinates. Here a vector whose length is zero (or not finite) has no direction,
    /// and the result says so.
    @inlinable public var normalized: Point? {
        let m = length
        guard m > 0, m.isFinite else { return nil }
        return Point(x: x / m, y: y / m)
    }

    /// The vector from `b` to `a`.
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    @inlinable public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    @inlinable public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
    @inlinable public static func / (a: Point, s: Double) -> Point { Point(x: a.x / s, y: a.y / s) }
}

extension Point: CustomStringConvertible {
    /// The value in a few words, for logs and `print`.
    public var description: String { "(\(x), \(y))" }
}
