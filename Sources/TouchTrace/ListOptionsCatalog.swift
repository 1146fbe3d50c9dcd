import TouchGestures

/// One option of the list's model as `scene.list` names it (`decelerationRate`): its kind, its
/// unit, the values it accepts, and its default as the documentation says it.
///
/// The catalog (``ListOptionsCatalog/entries``) is the one table of them, as
/// `GestureSettings.catalog` is of the recognizers' thresholds: the trace format's reader checks
/// each key through it, the replay sets `ListOptions` from it (TouchReplay's `ListOptionFields`,
/// one setter a name, which a test holds to this table and to `ListOptions`' own fields), and a
/// test holds docs/trace-format.md's table of `scene.list` to it. The viewport (`rows`,
/// `rowHeight`, `top`, `left`, `width`, `height`, `offset`) and `edits` are the list's layout and
/// its app's doing, not options, and are read beside it.
package struct ListOptionInfo: Sendable {
    /// What an option's value is.
    package enum Kind: Sendable {
        /// A number in `accepted`, in `unit`.
        case number
        /// A whole number, at least `accepted`'s lower bound.
        case whole
        /// `true` or `false`.
        case flag
        /// One of a set of words.
        case choice(Words)
        /// A side's actions: one width from 0 to the list's width, or positive widths, one per
        /// action, adding up to at most that (trace units).
        case actionWidths
        /// Rows per section, whole numbers adding up to `rows`.
        case rowsPerSection
        /// Positive heights, used in turn (trace units).
        case heights
    }

    /// The sets of words an option takes (a set rather than the words themselves, so that the
    /// table holds only constants: the compiler lays it out as data, where a table of arrays was
    /// 4 kB of code that built it in the daemon's armhf build).
    package enum Words: Sendable {
        case swipePolicies, selectionModes, pagingModes

        /// The words, in the documentation's order.
        package var words: [String] {
            switch self {
            case .swipePolicies: ListOptionsCatalog.swipePolicies
            case .selectionModes: ListOptionsCatalog.selectionModes
            case .pagingModes: ListOptionsCatalog.pagingModes
            }
        }
    }

    /// What an option's number counts.
    package enum Unit: String, Sendable {
        /// The trace's own units, as positions are (content sizes).
        case traceUnits = "trace units"
        case millimeters = "mm"
        case millimetersPerSecond = "mm/s"
        case seconds = "s"
        /// No unit: a ratio, a rate or a count.
        case none = ""
    }

    /// The values a number accepts, each with how an error and the documentation say it. Four
    /// cases, not bounds to format: the table stays constants, and the daemon's armhf build
    /// stays under its 1.5 MB (formatting the bounds cost it 600 bytes past a page).
    package enum Accepted: Sendable {
        /// Above 0.
        case positive
        /// 0 or more.
        case nonNegative
        /// Above 0 and below 1.
        case betweenZeroAndOne
        /// 1 or more.
        case atLeastOne

        /// Whether `value` is one of them.
        package func contains(_ value: Double) -> Bool {
            switch self {
            case .positive: value > 0
            case .nonNegative: value >= 0
            case .betweenZeroAndOne: value > 0 && value < 1
            case .atLeastOne: value >= 1
            }
        }

        /// The least value taken (for a whole number).
        package var lower: Double { self == .atLeastOne ? 1 : 0 }

        /// `> 0`, `≥ 0`, `between 0 and 1`: how the documentation's table says it.
        package var text: String {
            switch self {
            case .positive: "> 0"
            case .nonNegative: "≥ 0"
            case .betweenZeroAndOne: "between 0 and 1"
            case .atLeastOne: "≥ 1"
            }
        }

        /// How an error says a number of them: `a positive number`, `a number ≥ 0`.
        var numberPhrase: String {
            switch self {
            case .positive: "a positive number"
            case .nonNegative, .betweenZeroAndOne, .atLeastOne: "a number " + text
            }
        }
    }

    private let staticName: StaticString
    package let kind: Kind
    package let unit: Unit
    /// For a number or a whole number, the values it takes.
    package let accepted: Accepted?
    /// What an error says is expected after "must be", when not made of the kind, the accepted
    /// values and the unit (`decelerationRate` names UIKit's two rates); empty when it is.
    private let expectedNote: StaticString
    private let staticDefault: StaticString

    /// The key in `scene.list`, the Swift name of its `ListOptions` field.
    package var name: String { staticName.description }
    /// The default as docs/trace-format.md's table says it (`11.7 (75 points)`, `"single"`).
    package var defaultText: String { staticDefault.description }

    init(_ name: StaticString, _ kind: Kind, _ unit: Unit = .none, _ accepted: Accepted? = nil, note: StaticString = "",
         default defaultText: StaticString) {
        (staticName, self.kind, self.unit, self.accepted, expectedNote, staticDefault) = (name, kind, unit, accepted, note, defaultText)
    }

    /// What an error says a bad value should have been, after "must be": `a positive number
    /// (trace units)`, `one of "none", "single"`, `true or false`. `width` is the list's width,
    /// which bounds a side's actions.
    package func expected(width: Double) -> String {
        switch kind {
        case .number:
            let what = (accepted ?? .nonNegative).numberPhrase
            if expectedNote.utf8CodeUnitCount > 0 { return what + " (" + expectedNote.description + ")" }
            return unit == .none ? what : what + " (" + unit.rawValue + ")"
        case .whole:
            return "a whole number \(accepted?.text ?? "≥ 0")"
        case .flag:
            return "true or false"
        case .choice(let set):
            return "one of " + set.words.map { "\"\($0)\"" }.joined(separator: ", ")
        case .actionWidths:
            return "a number from 0 to the row's width, \(formatJSONNumber(width)) (trace units), or an array of positive widths, one per action, adding up to at most that"
        case .rowsPerSection:
            return "a non-empty array of whole numbers of rows"
        case .heights:
            return "a non-empty array of positive numbers (trace units)"
        }
    }

    /// The unit and the values taken, as the documentation's table says them: `mm; ≥ 0`,
    /// `trace units; > 0`, `true or false`.
    package var rangeText: String {
        switch kind {
        case .number, .whole:
            let a = accepted.map { $0.text } ?? ""
            return unit == .none ? a : "\(unit.rawValue); \(a)"
        case .flag: return "true or false"
        case .choice(let set): return set.words.map { "`\"\($0)\"`" }.joined(separator: ", ")
        case .actionWidths: return "trace units; 0 to the list's width, in all"
        case .rowsPerSection: return "rows; adding up to `rows`"
        case .heights: return "trace units; each > 0"
        }
    }
}

/// The list's options that `scene.list` sets: the one table (see ``ListOptionInfo``).
package enum ListOptionsCatalog {
    /// The words `swipePolicy`, `selection` and `paging` take: the raw values of TouchList's
    /// `SwipePolicy`, `SelectionMode` and `PagingMode` (a test holds them equal).
    package static let swipePolicies = ["toggle", "directional", "oneOpen"]
    package static let selectionModes = ["none", "single", "multiple", "checkmark"]
    package static let pagingModes = ["none", "loadMoreRow", "infinite"]

    /// Every option, in the documentation's order. Defaults and their sources are the
    /// `ListOptions` fields' (their documentation says where each comes from).
    package static let entries: [ListOptionInfo] = [
        .init("swipePolicy", .choice(.swipePolicies), default: "`\"toggle\"`"),
        .init("sections", .rowsPerSection, default: "one section"),
        .init("headerHeight", .number, .traceUnits, .nonNegative, default: "0: no headers"),
        .init("rowHeights", .heights, default: "every row `rowHeight`"),
        .init("estimatedRowHeight", .number, .traceUnits, .positive, default: "none: heights known"),
        .init("selection", .choice(.selectionModes), default: "`\"single\"`"),
        .init("snapsToCells", .flag, default: "`false`"),
        .init("snapsToSections", .flag, default: "`false`"),
        .init("sectionSnapDistance", .number, .millimeters, .nonNegative, default: "11.7 (75 points)"),
        .init("paging", .choice(.pagingModes), default: "`\"none\"`"),
        .init("pageSize", .whole, .none, .atLeastOne, default: "25"),
        .init("infiniteScrollDistance", .number, .millimeters, .nonNegative, default: "one viewport height"),
        .init("refreshes", .flag, default: "`false`"),
        .init("refreshDistance", .number, .millimeters, .positive, default: "9.35 (60 points)"),
        .init("loadMoreRowHeight", .number, .traceUnits, .positive, default: "a row"),
        .init("loadingRowHeight", .number, .traceUnits, .positive, default: "60/44 of a row"),
        .init("bounces", .flag, default: "`false`"),
        .init("decelerationRate", .number, .none, .betweenZeroAndOne, note: "UIKit: 0.998 normal, 0.99 fast", default: "0.998"),
        .init("stopSpeed", .number, .millimetersPerSecond, .positive, default: "2"),
        .init("rubberBandCoefficient", .number, .none, .positive, default: "0.55"),
        .init("settleDuration", .number, .seconds, .nonNegative, default: "0.5"),
        .init("leadingActions", .actionWidths, default: "0: rows do not slide, a swipe toggles the row at once"),
        .init("trailingActions", .actionWidths, default: "0: rows do not slide, a swipe toggles the row at once"),
        .init("fullSwipes", .flag, default: "`true`"),
        .init("reorder", .flag, default: "`false`: a long press stays a long press"),
    ]

    /// The entry named `name`, if any.
    package static func entry(_ name: String) -> ListOptionInfo? { entries.first { $0.name == name } }
}

/// A value of `scene.list` that its option accepted, as written (the list's default holds where
/// there is none).
package enum ListOptionValue: Hashable, Sendable {
    case number(Double)
    case whole(Int)
    case flag(Bool)
    case word(String)
    /// Widths or heights, in trace units.
    case numbers([Double])
    /// Rows per section.
    case wholes([Int])
}
