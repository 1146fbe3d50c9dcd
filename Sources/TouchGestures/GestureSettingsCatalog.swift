/// One setting of ``GestureSettings``, by the name that traces, `touchtrace --settings` and the
/// daemon's configuration all use (`swipe.minDistance`, `swipe.axis`): what its value is (a
/// number in a unit and the range a person could mean, or one of the choices), and where its
/// default comes from.
///
/// The catalog (``GestureSettings/catalog``) is the one table of them: the trace format reads
/// settings through it, the daemon's `[settings.swipe]` tables too, `touch-gestured
/// --print-config` writes them from it, and the documentation's table is held to it by a test.
public struct GestureSettingInfo: Sendable, CustomStringConvertible {
    /// What a setting's number counts.
    public enum Unit: String, Sendable {
        case millimeters
        case seconds
        case millimetersPerSecond = "millimeters per second"
        /// A ratio of two lengths (`pan.axisBias`: across over along).
        case ratio
        /// A whole number of things (`tap.maxCount`: taps).
        case count

        /// The unit's symbol after a number: `mm`, `s`, `mm/s`, or nothing.
        public var symbol: String {
            switch self {
            case .millimeters: "mm"
            case .seconds: "s"
            case .millimetersPerSecond: "mm/s"
            case .ratio, .count: ""
            }
        }
    }

    /// What a setting's value is.
    public enum Kind: Hashable, Sendable {
        /// A number in ``GestureSettingInfo/unit``, within ``GestureSettingInfo/plausible``
        /// (and `null` where ``GestureSettingInfo/allowsNone``).
        case number
        /// One of these words (`swipe.axis`: `"free"`, `"horizontal"`, `"vertical"`).
        case word([String])
        /// `true` or `false` (`swipe.diagonals`).
        case flag
        /// A list of recognizer names (`arena.enabled`: `["tap", "swipe"]`).
        case recognizers
        /// A list of pairs of recognizer names (`arena.together`: `[["swipe", "pan"]]`), each
        /// pair a change to the arena's defaults.
        case recognizerPairs
        /// A list of declared sequences (``GestureSequence``).
        case sequences
    }

    /// Where the value lives in ``GestureSettings``: how to read it and how to write it. Closures
    /// rather than key paths, which Embedded Swift (the phones' build, tools/cross) does not have.
    package enum Field: Sendable {
        case number(@Sendable (GestureSettings) -> Double, @Sendable (inout GestureSettings, Double) -> Void)
        /// A number, or `nil` for no limit.
        case optionalNumber(@Sendable (GestureSettings) -> Double?, @Sendable (inout GestureSettings, Double?) -> Void)
        case count(@Sendable (GestureSettings) -> Int, @Sendable (inout GestureSettings, Int) -> Void)
        /// One of the words; reading gives `nil` for a choice that is not kept (`swipe.rule`
        /// sets the thresholds it names, which are kept instead).
        case word([String], @Sendable (GestureSettings) -> String?, @Sendable (inout GestureSettings, String) -> Void)
        case flag(@Sendable (GestureSettings) -> Bool, @Sendable (inout GestureSettings, Bool) -> Void)
        case recognizers(@Sendable (GestureSettings) -> RecognizerSet, @Sendable (inout GestureSettings, RecognizerSet) -> Void)
        /// The pairs that differ from the defaults, and how one more is added.
        case recognizerPairs(@Sendable (GestureSettings) -> [RecognizerPair], @Sendable (inout GestureSettings, RecognizerPair) -> Void)
        case sequences
    }

    /// Two recognizers named together by a setting (`arena.waitsFor`: the first waits for the
    /// second).
    package typealias RecognizerPair = (first: RecognizerName, second: RecognizerName)

    /// The documented name, `group.field` (`longPress.minDuration`), or a name of its own for
    /// what belongs to no group (`velocityStrategy`, `sequences`).
    public let name: String
    /// What the setting's number counts; `nil` when it is not a number.
    public let unit: Unit?
    /// The numbers a person could mean; `nil` when it is not a number. One outside it is
    /// refused as a mistake, saying the unit and the range: 800 for a long press's time is
    /// milliseconds written where seconds go.
    public let plausible: ClosedRange<Double>?
    /// Where the default comes from, in a few words (the field's documentation says more).
    public let source: String
    package let field: Field

    /// What its value is: a number, or which choice.
    public var kind: Kind {
        switch field {
        case .number, .optionalNumber, .count: .number
        case .word(let words, _, _): .word(words)
        case .flag: .flag
        case .recognizers: .recognizers
        case .recognizerPairs: .recognizerPairs
        case .sequences: .sequences
        }
    }

    /// Whether `null` (no limit) is a value of it.
    public var allowsNone: Bool { if case .optionalNumber = field { true } else { false } }
    /// What `null` means for it, in a few words: "no limit" for a limit, "off" for what it turns
    /// off (`swipe.lateLiftVelocity`: no slow swipes). Empty when `null` is not a value of it.
    public var noneMeaning: String { allowsNone ? (noneTurnsOff ? "off" : "no limit") : "" }
    private let noneTurnsOff: Bool

    /// Its default, for a number: its value in `GestureSettings()`; `nil` when that is no limit
    /// or the setting is not a number.
    public var defaultValue: Double? { GestureSettings().value(of: self) }

    /// The values it takes, as errors and the documentation say them: for a number its unit and
    /// plausible range (`seconds; 0.1–10`), else the choice (`one of "free", "horizontal",
    /// "vertical"`, `true or false`, `a list of recognizer names`).
    public var rangeDescription: String {
        switch kind {
        case .number:
            guard let unit, let plausible else { return "" }
            return "\(unit.rawValue); \(formatJSONNumber(plausible.lowerBound))–\(formatJSONNumber(plausible.upperBound))"
        case .word(let words): return "one of " + words.map { "\"\($0)\"" }.joined(separator: ", ")
        case .flag: return "true or false"
        case .recognizers: return "a list of recognizer names"
        case .recognizerPairs: return "a list of pairs of recognizer names"
        case .sequences: return "a list of declared sequences"
        }
    }

    /// The value in a few words, for logs and `print`.
    public var description: String { "\(name) (\(rangeDescription))" }

    /// A number's row.
    package init(_ name: String, _ unit: Unit, _ plausible: ClosedRange<Double>, _ field: Field, source: String,
                 noneTurnsOff: Bool = false) {
        (self.name, self.unit, self.plausible, self.field, self.source) = (name, unit, plausible, field, source)
        self.noneTurnsOff = noneTurnsOff
    }

    /// A choice's row.
    package init(_ name: String, _ field: Field, source: String) {
        (self.name, self.unit, self.plausible, self.field, self.source) = (name, nil, nil, field, source)
        noneTurnsOff = false
    }
}

extension GestureSettings {
    /// Every setting, in the documented order: the one table that the trace format, the daemon's
    /// configuration, its `--print-config` and the documentation take their names, kinds, units
    /// and ranges from. The numbers first within each group, then its choices.
    ///
    /// The plausible ranges are wide: from about a tenth of the default (a threshold under a
    /// fingertip's jitter, 1 mm, or under a frame's time at 60 Hz, 0.05 s, means nothing) to
    /// what still fits a hand on a screen (100 mm; 10 s). They are there to catch a unit
    /// mistaken (milliseconds for seconds, pixels for millimeters), not to advise.
    public static let catalog: [GestureSettingInfo] = [
        .init("swipe.minDistance", .millimeters, 1...100, .number({ $0.swipe.minDistance }, { $0.swipe.minDistance = $1 }),
              source: "the original's HORIZ_SWIPE_DRAG_MIN 12, read in millimeters"),
        .init("swipe.maxDrift", .millimeters, 0.1...100, .optionalNumber({ $0.swipe.maxDrift }, { $0.swipe.maxDrift = $1 }),
              source: "none: the direction's own sector, as 2.5% of real swipes are over 34° off their axis at 12 mm (seedMillimeters: 8 mm)"),
        .init("swipe.maxDuration", .seconds, 0.05...10, .number({ $0.swipe.maxDuration }, { $0.swipe.maxDuration = $1 }),
              source: "the original's < .7"),
        .init("swipe.lateLiftVelocity", .millimetersPerSecond, 0...2000, .optionalNumber({ $0.swipe.lateLiftVelocity }, { $0.swipe.lateLiftVelocity = $1 }),
              source: "the fling's minVelocity (Flutter's kMinFlingVelocity): a slow drag that is flung, as ViewPager and Dismissible take it",
              noneTurnsOff: true),
        .init("swipe.edgeZone", .millimeters, 0...100, .number({ $0.swipe.edgeZone }, { $0.swipe.edgeZone = $1 }),
              source: "wider than Android ViewDragHelper's 20 dp (3.2 mm): panels report a finger from the bezel late"),
        .init("swipe.rule", .word(SwipeRule.allCases.map { $0.rawValue }, { _ in nil }, { s, w in
                  // It sets every threshold it names; the reader applies it before any other key.
                  if let r = SwipeRule(rawValue: w) { s = GestureSettings(swipeRule: r) }
              }), source: "heading: of real people's strokes in a list, 100.0% of horizontal swipes recognized and 0.00% of scrolls taken (SwipeRule)"),
        .init("swipe.diagonals", .flag({ $0.swipe.diagonals }, { $0.swipe.diagonals = $1 }),
              source: "false: four directions, as UIKit's and GTK's swipes report"),
        .init("swipe.axis", .word(SwipeAxis.allCases.map { $0.rawValue }, { $0.swipe.axis.rawValue }, { s, w in
                  if let a = SwipeAxis(rawValue: w) { s.swipe.axis = a }
              }), source: "free: every direction; horizontal for a consumer of left and right alone (one person's swipes: 75.0% to 95.8%)"),
        .init("tap.maxMovement", .millimeters, 0.5...50, .number({ $0.tap.maxMovement }, { $0.tap.maxMovement = $1 }),
              source: "Flutter's kTouchSlop (18 logical px at 38 px/cm)"),
        .init("tap.liftRollTime", .seconds, 0...1, .optionalNumber({ $0.tap.liftRollTime }, { $0.tap.liftRollTime = $1 }),
              source: "the last 100 ms Android's and Flutter's velocity trackers judge a lift by: a fingertip rolling off as it lifts",
              noneTurnsOff: true),
        .init("tap.liftRollMovement", .millimeters, 0.5...50, .number({ $0.tap.liftRollMovement }, { $0.tap.liftRollMovement = $1 }),
              source: "a swipe's minDistance: a roll shorter than a swipe"),
        .init("tap.minFingerTime", .seconds, 0...1, .optionalNumber({ $0.tap.minFingerTime }, { $0.tap.minFingerTime = $1 }),
              source: "a few tens of ms, the scale of Android's DOUBLE_TAP_MIN_TIME (40 ms): a briefer contact that joins a press is a tap of its own",
              noneTurnsOff: true),
        .init("tap.maxDuration", .seconds, 0.05...10, .optionalNumber({ $0.tap.maxDuration }, { $0.tap.maxDuration = $1 }),
              source: "none, as Flutter and GTK: a held press is a tap unless a long press claims it"),
        .init("tap.maxGap", .seconds, 0.05...2, .number({ $0.tap.maxGap }, { $0.tap.maxGap = $1 }),
              source: "Android's DOUBLE_TAP_TIMEOUT, Flutter's kDoubleTapTimeout"),
        .init("tap.maxSpacing", .millimeters, 1...100, .number({ $0.tap.maxSpacing }, { $0.tap.maxSpacing = $1 }),
              source: "Android's DOUBLE_TAP_SLOP (100 dp)"),
        .init("tap.maxCount", .count, 1...100, .count({ $0.tap.maxCount }, { $0.tap.maxCount = $1 }),
              source: "double taps, the most the platforms report (UIKit counts on)"),
        .init("longPress.minDuration", .seconds, 0.1...10, .number({ $0.longPress.minDuration }, { $0.longPress.minDuration = $1 }),
              source: "Android's DEFAULT_LONG_PRESS_TIMEOUT, GTK's gtk-long-press-time, UIKit's minimumPressDuration"),
        .init("longPress.maxMovement", .millimeters, 0.5...50, .number({ $0.longPress.maxMovement }, { $0.longPress.maxMovement = $1 }),
              source: "the tap's slop (Flutter's long press uses kTouchSlop too)"),
        .init("pan.minDistance", .millimeters, 0...50, .number({ $0.pan.minDistance }, { $0.pan.minDistance = $1 }),
              source: "the tap's slop, so a press is a tap candidate or a pan, never neither"),
        .init("pan.axisBias", .ratio, 1...20, .number({ $0.pan.axisBias }, { $0.pan.axisBias = $1 }),
              source: "measured on real people: no swipe started steeper than 73° (4:1 is 76°); Android's ViewPager uses 2"),
        .init("pan.axisDecisionDistance", .millimeters, 0...100, .optionalNumber({ $0.pan.axisDecisionDistance }, { $0.pan.axisDecisionDistance = $1 }),
              source: "measured on real people: the heading from the slop to 10 mm parts swipes and scrolls"),
        .init("pan.axis", .word(PanAxis.allCases.map { $0.rawValue }, { $0.pan.axis.rawValue }, { s, w in
                  if let a = PanAxis(rawValue: w) { s.pan.axis = a }
              }), source: "automatic: vertical under a list controller (its scroll), free otherwise"),
        .init("pinch.minSpanChange", .millimeters, 0.5...100, .number({ $0.pinch.minSpanChange }, { $0.pinch.minSpanChange = $1 }),
              source: "the touch slop"),
        .init("rotate.minArc", .millimeters, 0.5...100, .number({ $0.rotate.minArc }, { $0.rotate.minArc = $1 }),
              source: "the touch slop, as an arc (angle × radius)"),
        .init("fling.minVelocity", .millimetersPerSecond, 0...2000, .number({ $0.fling.minVelocity }, { $0.fling.minVelocity = $1 }),
              source: "Flutter's kMinFlingVelocity (50 logical px/s)"),
        .init("fling.maxVelocity", .millimetersPerSecond, 100...100_000, .number({ $0.fling.maxVelocity }, { $0.fling.maxVelocity = $1 }),
              source: "Flutter's kMaxFlingVelocity (8000 logical px/s)"),
        .init("fling.minDistance", .millimeters, 0...100, .number({ $0.fling.minDistance }, { $0.fling.minDistance = $1 }),
              source: "Flutter's isFlingGesture asks for the touch slop"),
        .init("velocityStrategy", .word(VelocityStrategy.allCases.map { $0.rawValue }, { $0.velocityStrategy.rawValue }, { s, w in
                  if let v = VelocityStrategy(rawValue: w) { s.velocityStrategy = v }
              }), source: "lsq2: Flutter's default tracker and Android's LSQ2"),
        .init("arena.enabled", .recognizers({ $0.arena.enabled }, { $0.arena.enabled = $1 }),
              source: "every recognizer but the drag, which a list whose rows slide turns on"),
        .init("arena.together", .recognizerPairs({ $0.arena.changedPairs(together: true) }, { $0.arena.recognizeTogether($1.first, $1.second) }),
              source: "none beyond the defaults: pinch with rotation; pan, swipe and fling; the drag with all but the pan"),
        .init("arena.apart", .recognizerPairs({ $0.arena.changedPairs(together: false) }, { $0.arena.recognizeApart($1.first, $1.second) }),
              source: "none: the defaults recognize apart every pair not together"),
        .init("arena.waitsFor", .recognizerPairs({ $0.arena.addedWaits() }, { $0.arena.require($1.first, toWaitFor: $1.second) }),
              source: "none: nothing waits (the tap waits for its own double tap)"),
        .init("sequences", .sequences, source: "none: each is declared by its user"),
    ]

    /// Names a setting had before, still read (traces are a contract): old → current.
    public static let settingAliases = ["pinch.minArc": "rotate.minArc"]

    /// The setting named `name` (or by an old name, ``settingAliases``), if there is one.
    public static func setting(named name: String) -> GestureSettingInfo? {
        let current = settingAliases[name] ?? name
        return catalog.first { $0.name == current }
    }

    /// The value of `setting` here, for a number; `nil` when it is set to no limit or the setting
    /// is not a number.
    public func value(of setting: GestureSettingInfo) -> Double? {
        switch setting.field {
        case .number(let get, _): get(self)
        case .optionalNumber(let get, _): get(self)
        case .count(let get, _): Double(get(self))
        case .word, .flag, .recognizers, .recognizerPairs, .sequences: nil
        }
    }

    /// Why `value` cannot be `setting`'s, in words that name the unit and the range, or `nil`
    /// when it can: outside the plausible range, not whole for a count, or no limit (`nil`)
    /// where the setting needs one.
    public static func problem(setting: GestureSettingInfo, value: Double?) -> String? {
        guard let plausible = setting.plausible else { return "`\(setting.name)` is \(setting.rangeDescription), not a number" }
        guard let v = value else {
            return setting.allowsNone ? nil : "`\(setting.name)` needs a number (\(setting.rangeDescription)), not none"
        }
        guard v.isFinite, plausible.contains(v) else {
            return "`\(setting.name)` is \(setting.rangeDescription): \(v.isFinite ? formatJSONNumber(v) : v.description) is outside that"
        }
        if case .count = setting.field, v != v.rounded() {
            return "`\(setting.name)` is a whole number (\(setting.rangeDescription)), found \(formatJSONNumber(v))"
        }
        return nil
    }

    /// Sets `setting` to `value` (`nil`: no limit), as ``problem(setting:value:)`` allows; a
    /// value it refuses is not set, and that problem returned.
    @discardableResult
    public mutating func set(_ setting: GestureSettingInfo, to value: Double?) -> String? {
        if let problem = Self.problem(setting: setting, value: value) { return problem }
        switch setting.field {
        case .number(_, let set): set(&self, value ?? 0)
        case .optionalNumber(_, let set): set(&self, value)
        case .count(_, let set): set(&self, Int(value ?? 1))
        case .word, .flag, .recognizers, .recognizerPairs, .sequences: break
        }
        return nil
    }

    // The choices, by their rows (the readers check a value's kind before they set it).

    /// The word `setting` has here (`nil` for a choice not kept, or not a word).
    package func word(of setting: GestureSettingInfo) -> String? {
        if case .word(_, let get, _) = setting.field { get(self) } else { nil }
    }
    /// Sets `setting` to `word`, when it is one of its words.
    package mutating func set(_ setting: GestureSettingInfo, word: String) {
        if case .word(let words, _, let set) = setting.field, words.contains(word) { set(&self, word) }
    }
    /// The flag `setting` has here (`nil` when it is not a flag).
    package func flag(of setting: GestureSettingInfo) -> Bool? {
        if case .flag(let get, _) = setting.field { get(self) } else { nil }
    }
    /// Sets the flag `setting`.
    package mutating func set(_ setting: GestureSettingInfo, flag: Bool) {
        if case .flag(_, let set) = setting.field { set(&self, flag) }
    }
    /// The recognizers `setting` lists here (`nil` when it is not such a list).
    package func recognizers(of setting: GestureSettingInfo) -> RecognizerSet? {
        if case .recognizers(let get, _) = setting.field { get(self) } else { nil }
    }
    /// Sets the list of recognizers `setting`.
    package mutating func set(_ setting: GestureSettingInfo, recognizers: RecognizerSet) {
        if case .recognizers(_, let set) = setting.field { set(&self, recognizers) }
    }
    /// The pairs `setting` has here beyond the defaults (empty when it is not a list of pairs).
    package func pairs(of setting: GestureSettingInfo) -> [GestureSettingInfo.RecognizerPair] {
        if case .recognizerPairs(let get, _) = setting.field { get(self) } else { [] }
    }
    /// Adds one pair to the list of pairs `setting`.
    package mutating func add(_ setting: GestureSettingInfo, pair: GestureSettingInfo.RecognizerPair) {
        if case .recognizerPairs(_, let add) = setting.field { add(&self, pair) }
    }
}

extension ArenaSettings {
    /// The pairs that recognize together (`together`) or apart unlike the defaults, each once,
    /// in the names' order.
    func changedPairs(together: Bool) -> [GestureSettingInfo.RecognizerPair] {
        let defaults = ArenaSettings()
        var out: [GestureSettingInfo.RecognizerPair] = []
        for a in RecognizerName.allCases {
            for b in RecognizerName.allCases where a.index < b.index {
                let now = recognizeTogether(a, with: b)
                if now == together && defaults.recognizeTogether(a, with: b) != together { out.append((a, b)) }
            }
        }
        return out
    }

    /// The waits the defaults do not have: (the one that waits, the one it waits for).
    func addedWaits() -> [GestureSettingInfo.RecognizerPair] {
        let defaults = ArenaSettings()
        var out: [GestureSettingInfo.RecognizerPair] = []
        for a in RecognizerName.allCases {
            for b in RecognizerName.allCases where b != a && waitsFor(a).contains(b) && !defaults.waitsFor(a).contains(b) {
                out.append((a, b))
            }
        }
        return out
    }
}
