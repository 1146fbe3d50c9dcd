import TouchGestures
import TouchTrace

/// What the person who made a stroke meant by it: one entry of a labels file (docs/labels.md).
package struct StrokeLabel: Hashable, Sendable {
    /// The trace the stroke is in, as the labels file names it (relative to the labels file's
    /// folder unless absolute).
    package var trace: String
    /// The stroke's contact id in that trace.
    package var id: Int
    /// The stroke's touch-down time in the trace, in seconds, when the label gives it: it tells
    /// apart two strokes of one trace that reuse an id. Matched within 1 ms.
    package var downTime: Double?
    /// Who made the stroke, when the label says: the evaluation's figures are given per person.
    package var user: String?
    /// What the stroke was meant as.
    package var intent: StrokeIntent
    /// Where the entry is in the labels file.
    package var location: SourceLocation

    package init(trace: String, id: Int, downTime: Double? = nil, user: String? = nil, intent: StrokeIntent,
                location: SourceLocation = SourceLocation()) {
        self.trace = trace
        self.id = id
        self.downTime = downTime
        self.user = user
        self.intent = intent
        self.location = location
    }
}

/// What a stroke was meant as, and so what recognizing it rightly means (``StrokeOutcome``).
package enum StrokeIntent: String, Hashable, Sendable, CaseIterable {
    /// A swipe left or right: right when it is a swipe in the direction of the stroke's net
    /// horizontal motion (start to end).
    case swipeHorizontal = "swipe-horizontal"
    /// A swipe in the named direction: right when it is that swipe.
    case swipeLeft = "swipe-left", swipeRight = "swipe-right", swipeUp = "swipe-up", swipeDown = "swipe-down"
    /// A scroll of a vertical list: right when it is a scroll (the pan) or a swipe up or down,
    /// never a swipe left or right (which would swipe a row the person did not mean to touch).
    case scrollVertical = "scroll-vertical"
    /// A tap: right when it is a tap.
    case tap
    /// A long press: right when it is a long press.
    case longPress = "long-press"
    /// A stroke too short to be a swipe: right when it is no swipe.
    case short
    /// Counted in the confusion table, but neither right nor wrong.
    case unscored
}

extension StrokeIntent {
    /// The recognizers an app that means this gesture listens for: a swipe's; a scroll's pan and
    /// fling, with the swipe of the list's rows (a scroll is judged in a list of swipeable rows,
    /// which must not take it for a row swipe); a tap's; a long press's; none for a stroke too
    /// short to mean anything, or unscored. An evaluation runs, for each trace (one session of
    /// one app), the union over its labels' intents and no other (``listening(for:)``), as
    /// Flutter's arena takes only the recognizers that have a callback, and as the daemon runs
    /// only those its bindings name: a long press nobody listens for does not take a held tap or
    /// a swipe that rested before it moved, and a gallery's session has no scroll.
    package var recognizers: RecognizerSet {
        switch self {
        case .swipeHorizontal, .swipeLeft, .swipeRight, .swipeUp, .swipeDown: RecognizerSet(.swipe)
        case .scrollVertical: RecognizerSet([.pan, .fling, .swipe])
        case .tap: RecognizerSet(.tap)
        case .longPress: RecognizerSet(.longPress)
        case .short, .unscored: RecognizerSet()
        }
    }

    /// The recognizers the labels' intents listen for, together.
    package static func listening(for labels: [StrokeLabel]) -> RecognizerSet {
        labels.reduce(RecognizerSet()) { $0.union($1.intent.recognizers) }
    }

    /// The axis of the swipe directions the labels' intents listen for: left and right for the
    /// horizontal swipes and for a list's scroll (its rows swipe sideways), up and down for the
    /// vertical swipes; `nil` (every direction) for both or neither. A swipe up that nobody
    /// listens for does not take a stroke meant as a swipe left (``GestureSettings/SwipeAxis``).
    package static func swipeAxis(for labels: [StrokeLabel]) -> GestureSettings.SwipeAxis? {
        var horizontal = false, vertical = false
        for l in labels {
            switch l.intent {
            case .swipeHorizontal, .swipeLeft, .swipeRight, .scrollVertical: horizontal = true
            case .swipeUp, .swipeDown: vertical = true
            default: break
            }
        }
        return horizontal == vertical ? nil : horizontal ? .horizontal : .vertical
    }
}

/// Reading a labels file: a JSON array of objects (docs/labels.md).
package enum StrokeLabels {
    /// The keys an entry may have; any other is a mistake worth saying (a misspelt `intent`).
    package static let keys = ["trace", "id", "t", "user", "intent", "task", "note"]

    /// The labels in `bytes`, read from the file `name`. Every problem is reported with its
    /// line and column (the entry's opening brace), all of them at once.
    package static func read(_ bytes: [UInt8], name: String) throws(DiagnosticError) -> [StrokeLabel] {
        let root = try JSONValue.parse(bytes, name: name)
        guard let entries = root.arrayValue else {
            throw DiagnosticError("labels must be a JSON array of objects, found \(root.kindDescription)",
                                  at: SourceLocation(file: name, line: 1, column: 1))
        }
        let starts = elementStarts(bytes)
        var labels: [StrokeLabel] = []
        var problems: [Diagnostic] = []
        let intents = StrokeIntent.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        for (k, entry) in entries.enumerated() {
            let location = k < starts.count ? starts[k].located(in: name) : SourceLocation(file: name)
            func fail(_ message: String) { problems.append(Diagnostic(.error, location, "entry \(k): \(message)")) }
            guard case .object(let o) = entry else {
                fail("expected an object, found \(entry.kindDescription)")
                continue
            }
            // Every problem of the entry is said, not only the first; a key given twice is one
            // (JSON leaves it open, and taking either value silently hides a mistake).
            var ok = true
            var seen: Set<String> = []
            for m in o.members {
                if !keys.contains(m.key) {
                    fail("unknown key `\(visibleText(m.key))` (expected \(keys.map { "`\($0)`" }.joined(separator: ", ")))")
                    ok = false
                } else if !seen.insert(m.key).inserted {
                    fail("`\(m.key)` is given more than once; give it once")
                    ok = false
                }
            }
            func found(_ key: String) -> String { o[key]?.foundDescription ?? "nothing" }
            let trace = o["trace"]?.stringValue ?? ""
            if trace.isEmpty {
                fail("`trace` must be the name of a trace file, found \(found("trace"))")
                ok = false
            }
            let idValue = o["id"]?.numberValue ?? .nan
            // The trace format's ids: whole numbers of magnitude below 2⁵³, where a double still
            // tells each from the next (2⁵³ + 1 reads as 2⁵³; the message said only "a whole
            // number" for it).
            if !(idValue == idValue.rounded() && abs(idValue) < 9_007_199_254_740_992) {
                fail("`id` must be a whole number of magnitude below 2⁵³ (9007199254740992), the stroke's contact id, found \(found("id"))")
                ok = false
            }
            let intent = o["intent"]?.stringValue.flatMap(StrokeIntent.init(rawValue:))
            if intent == nil {
                fail("`intent` must be one of \(intents), found \(found("intent"))")
                ok = false
            }
            var downTime: Double?
            if let t = o["t"], t != .null {
                if let v = t.numberValue, v.isFinite { downTime = v } else {
                    fail("`t` must be the stroke's touch-down time in seconds, found \(t.foundDescription)")
                    ok = false
                }
            }
            var user: String?
            switch o["user"] {
            case nil, .null?: break
            case .string(let s)?: user = s
            case .number(let n)? where n.isFinite: user = formatJSONNumber(n)
            case let other?:
                fail("`user` must be a string or a number, found \(other.foundDescription)")
                ok = false
            }
            if ok, let intent {
                labels.append(StrokeLabel(trace: trace, id: Int(idValue), downTime: downTime, user: user,
                                          intent: intent, location: location))
            }
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
        return labels
    }

    /// A byte offset's line and column.
    struct Offset {
        var line: Int, column: Int
        func located(in name: String) -> SourceLocation { SourceLocation(file: name, line: line, column: column) }
    }

    /// Where each element of the top-level array begins (line and column, 1-based), found in
    /// one pass over the bytes: JSON's strings are skipped, brackets counted. Called only on
    /// bytes that parsed, so the structure is sound.
    static func elementStarts(_ bytes: [UInt8]) -> [Offset] {
        var starts: [Offset] = []
        var depth = 0, line = 1, lineStart = 0
        var inString = false, escaped = false, expectElement = false
        for (i, b) in bytes.enumerated() {
            if inString {
                if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch b {
            case UInt8(ascii: "\n"):
                line += 1
                lineStart = i + 1
                continue
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                continue
            default: break
            }
            if expectElement, depth == 1, b != UInt8(ascii: "]") {
                starts.append(Offset(line: line, column: i - lineStart + 1))
                expectElement = false
            }
            switch b {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth == 1 { expectElement = true }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            case UInt8(ascii: ","): if depth == 1 { expectElement = true }
            default: break
            }
        }
        return starts
    }
}
