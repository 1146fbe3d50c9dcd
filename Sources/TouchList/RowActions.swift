/// The actions on one side of a row, uncovered when its content slides away from that side:
/// their widths in surface units, index 0 first. Index 0 is the action at the row's edge (the
/// leftmost of the leading actions, the rightmost of the trailing ones) and the one a full
/// swipe runs, in UIKit's order for `UISwipeActionsConfiguration`.
///
/// A number is one action of that width and an array is one action per width, so
/// `options.trailingActions = 160` and `options.trailingActions = [80, 80]` both work.
public struct RowActions: Hashable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
                          ExpressibleByArrayLiteral {
    /// Each action's width, in surface units, from the row's edge inward. Entries that are not
    /// finite and above 0 are left out.
    public let widths: [Double]
    /// All the actions' widths together: how far the content slides to show them all.
    public let width: Double

    /// Actions of the given widths (surface units), the one at the row's edge first.
    public init(widths: [Double]) {
        self.widths = widths.filter { $0.isFinite && $0 > 0 }
        width = self.widths.reduce(0, +)
    }

    /// One action `width` wide (surface units); none when `width` is 0.
    public init(width: Double) { self.init(widths: [width]) }

    /// No actions.
    public init() { self.init(widths: []) }

    /// One action this wide, in surface units.
    public init(floatLiteral value: Double) { self.init(width: value) }
    /// One action this wide, in surface units.
    public init(integerLiteral value: Int) { self.init(width: Double(value)) }
    /// One action per width, in surface units, the one at the row's edge first.
    public init(arrayLiteral widths: Double...) { self.init(widths: widths) }

    /// True when there are no actions.
    public var isEmpty: Bool { widths.isEmpty }

    /// The action under a point `distance` (surface units) in from the row's edge on this side,
    /// while the content has slid `shown` units (0 ... ``width``, or past it under the rubber band)
    /// away from it: the actions share what is shown in proportion to their widths, as UIKit
    /// lays them out while a row opens. `nil` when the point is not over an action.
    public func index(atDistance distance: Double, shown: Double) -> Int? {
        guard width > 0, shown > 0, distance >= 0, distance < shown else { return nil }
        let scale = shown / width
        var edge = 0.0
        for (k, w) in widths.enumerated() {
            edge += w * scale
            if distance < edge { return k }
        }
        return widths.count - 1
    }
}
