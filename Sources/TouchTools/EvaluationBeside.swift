/// The same labelled strokes replayed twice, the second time with other settings (`touchtrace
/// eval --beside FILE`): per person and intent, the strokes taken for something else, and how
/// much later (or sooner) the report that took each came. What a setting that can make gestures
/// wait costs real people, declared sequences first of all: a plain gesture waits while a
/// sequence can still be done.
package struct EvaluationBeside: Sendable {
    /// One person's (or everyone's) strokes of one intent.
    package struct Row: Sendable {
        /// `nil`: everyone.
        package var user: String?
        package var intent: StrokeIntent
        package var strokes = 0
        /// Strokes taken for another outcome with the other settings, by before and after.
        package var changed: [Change: Int] = [:]
        /// Strokes some report took in both replays.
        package var decidedInBoth = 0
        /// Of those, the ones taken more than a millisecond later with the other settings.
        package var later = 0
        /// The seconds added, summed and at most, over ``decidedInBoth`` (negative: sooner).
        package var added = 0.0, mostAdded = 0.0

        /// The mean seconds added; `nil` when no stroke was decided in both.
        package var meanAdded: Double? { decidedInBoth == 0 ? nil : added / Double(decidedInBoth) }
        /// How many strokes were taken for something else.
        package var changedCount: Int { changed.values.reduce(0, +) }
    }

    /// An outcome before and after.
    package struct Change: Hashable, Sendable, Comparable {
        package var before: StrokeOutcome
        package var after: StrokeOutcome
        package static func < (a: Change, b: Change) -> Bool { (a.before, a.after) < (b.before, b.after) }
    }

    /// Per person (in the order they first appear) and intent, then everyone per intent.
    package var rows: [Row]

    /// Compares `first` and `second`, results of the same labels in the same order.
    package init(_ first: [StrokeResult], _ second: [StrokeResult]) {
        var order: [String] = []
        var byKey: [String: Row] = [:]
        func key(_ user: String?, _ intent: StrokeIntent) -> String { (user.map { "u:" + $0 } ?? "*") + "|" + intent.rawValue }
        for (a, b) in zip(first, second) {
            for user in [a.label.user, nil] {
                let k = key(user, a.label.intent)
                if byKey[k] == nil {
                    order.append(k)
                    byKey[k] = Row(user: user, intent: a.label.intent)
                }
                byKey[k]!.strokes += 1
                if a.outcome != b.outcome { byKey[k]!.changed[Change(before: a.outcome, after: b.outcome), default: 0] += 1 }
                if let x = a.decided, let y = b.decided {
                    let d = y - x
                    byKey[k]!.decidedInBoth += 1
                    byKey[k]!.added += d
                    if d > 0.001 { byKey[k]!.later += 1 }
                    if byKey[k]!.decidedInBoth == 1 || d > byKey[k]!.mostAdded { byKey[k]!.mostAdded = d }
                }
            }
        }
        let rows = order.compactMap { byKey[$0] }
        self.rows = rows.filter { $0.user != nil } + rows.filter { $0.user == nil }
    }
}
