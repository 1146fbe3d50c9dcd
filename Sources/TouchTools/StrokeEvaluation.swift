import Foundation
import TouchGestures
import TouchList
import TouchReplay
import TouchTrace

/// What a replay made of one stroke: the first of a swipe, a long press, a scroll (the pan), a
/// tap, in that order, reported between the stroke's touch-down and the next stroke's.
package enum StrokeOutcome: Hashable, Sendable, Comparable {
    case swipe(SwipeDirection)
    case longPress
    case scroll
    /// A tap of one finger.
    case tap
    /// A tap of two or more fingers that this stroke is one of: for a stroke meant as a tap of
    /// its own, a tap that landed between it and another finger.
    case multiFingerTap
    /// A declared sequence of steps (the settings' `sequences`) was done.
    case sequence
    case nothing

    /// Every outcome a four-direction replay can give, in the order of the confusion table
    /// (diagonal swipes and taps of several fingers are added when they occur).
    package static let table: [StrokeOutcome] = [.swipe(.left), .swipe(.right), .swipe(.up), .swipe(.down),
                                                .scroll, .longPress, .tap, .nothing]

    /// Its name in the table and in JSON: `swipe left`, `scroll`, `long press`, `tap`,
    /// `multi-finger tap`, `nothing`.
    package var name: String {
        switch self {
        case .swipe(let d): "swipe \(d.rawValue)"
        case .longPress: "long press"
        case .scroll: "scroll"
        case .tap: "tap"
        case .multiFingerTap: "multi-finger tap"
        case .sequence: "sequence"
        case .nothing: "nothing"
        }
    }

    private var rank: Int {
        switch self {
        case .swipe(let d): SwipeDirection.allCases.firstIndex(of: d) ?? 0
        case .scroll: 20
        case .longPress: 21
        case .tap: 22
        case .multiFingerTap: 23
        case .sequence: 24
        case .nothing: 25
        }
    }

    package static func < (a: StrokeOutcome, b: StrokeOutcome) -> Bool { a.rank < b.rank }
}

/// One labelled stroke, replayed.
package struct StrokeResult: Hashable, Sendable {
    package var label: StrokeLabel
    /// What the replay made of it.
    package var outcome: StrokeOutcome
    /// Whether that is what the label meant; `nil` for ``StrokeIntent/unscored``.
    package var correct: Bool?
    /// The stroke's net motion from touch-down to lift, in millimeters.
    package var netMillimeters: Point
    /// The length of the path the finger took, in millimeters: the net motion's length for a
    /// straight stroke, several times it for one that turns back.
    package var pathMillimeters = 0.0
    /// Where the finger was, from its touch-down, when it first got ``StrokeShape/firstLeg``
    /// millimeters away from it (the distance a swipe needs, by default); `nil` if it never did.
    package var firstLegMillimeters: Point?
    /// Why it went as it did, as `--explain` says it: the swipe's failure (with its measured
    /// value and limit) and which recognizer won; empty when nothing was reported.
    package var reason: String
    /// Seconds from its touch-down to the first report that took it (a swipe, a long press or a
    /// scroll beginning, a tap, a sequence); `nil` when nothing did. What a setting that makes
    /// gestures wait (declared sequences) adds is measured on it (`touchtrace eval --beside`).
    package var decided: Double? = nil
}

/// Replays labelled strokes and says, per intent and per person, how often they were taken for
/// what they were meant as (`touchtrace eval`; the labels format: docs/labels.md).
package enum StrokeEvaluation {
    /// A problem that stops an evaluation: a trace that cannot be read, or a label that names
    /// no stroke of its trace.
    package typealias Failure = DiagnosticError

    /// Replays every trace the labels name (each once, with `settings` in place of the trace's
    /// own when given; paths relative to `folder`) and judges each labelled stroke, with the
    /// recognizers `listening` says.
    package static func run(labels: [StrokeLabel], folder: String, settings: GestureSettings? = nil,
                            listening: Listening = .intents)
        throws(DiagnosticError) -> [StrokeResult] {
        // A trace whose labels listen for nothing (all unscored, say) runs what the file's do.
        let fileListens = StrokeIntent.listening(for: labels)
        // Traces are told apart by the file they name, not by how they name it: `a.json`,
        // `./a.json` and its absolute path are one trace, whose strokes are each counted once
        // (they were counted once per spelling). A name that resolves to no file is kept as
        // written, to be reported as it was given.
        var order: [String] = []
        var byTrace: [String: [Int]] = [:]
        var resolved: [String: String] = [:]   // each name a label gives, resolved once
        for (k, l) in labels.enumerated() {
            let key: String
            if let known = resolved[l.trace] { key = known } else {
                key = resolvedPath(PathText.join(folder, l.trace))
                resolved[l.trace] = key
            }
            if byTrace[key] == nil { order.append(key) }
            byTrace[key, default: []].append(k)
        }
        var results = [StrokeResult?](repeating: nil, count: labels.count)
        var problems: [Diagnostic] = []
        for key in order {
            let name = labels[byTrace[key]![0]].trace
            let path = PathText.join(folder, name)
            let trace: Trace
            do { trace = try TraceReader.read(path: path).trace } catch {
                let first = labels[byTrace[key]![0]]
                problems.append(Diagnostic(.error, first.location, "trace \(path) cannot be read"))
                problems.append(contentsOf: error.diagnostics)
                continue
            }
            let mine = byTrace[key]!.map { labels[$0] }
            var replaySettings = settings
            if listening == .intents {
                var listens = StrokeIntent.listening(for: mine)
                if listens.isEmpty { listens = fileListens }
                if !listens.isEmpty {
                    var s = settings ?? trace.header.settings ?? GestureSettings()
                    // An app that declares sequences listens for them too.
                    if !s.sequences.isEmpty { listens.insert(RecognizerSet(.sequence)) }
                    s.arena.enabled = s.arena.enabled.intersection(listens)
                    if s.swipe.axis == .free, let axis = StrokeIntent.swipeAxis(for: mine) { s.swipe.axis = axis }
                    replaySettings = s
                }
            }
            let judged = judge(trace: trace, labels: mine, settings: replaySettings)
            for (k, r) in zip(byTrace[key]!, judged) {
                switch r {
                case .success(let result): results[k] = result
                case .failure(let d): problems.append(d)
                }
            }
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
        return results.compactMap { $0 }
    }

    /// Which recognizers take part in an evaluation.
    package enum Listening: String, Sendable, CaseIterable {
        /// Those each trace's labels' intents listen for (``StrokeIntent/listening(for:)``), of
        /// those the settings enable, with the swipe along their axis
        /// (``StrokeIntent/swipeAxis(for:)``): what an app that means those gestures runs.
        case intents
        /// Every one the settings enable (each trace's own, or the defaults: all but the drag).
        case all
    }

    /// One contact from its down to its lift.
    struct Stroke {
        var id: Int
        var down: Double
        var start: Point
        var end: Point
        /// The path's length so far, in millimeters.
        var path = 0.0
        /// Where the finger first got ``StrokeShape/firstLeg`` mm from its start (mm from it).
        var firstLeg: Point?
    }

    /// Judges the labelled strokes of one trace.
    static func judge(trace: Trace, labels: [StrokeLabel], settings: GestureSettings?)
        -> [Result<StrokeResult, Diagnostic>] {
        // The strokes, in touch-down order.
        var strokes: [Stroke] = []
        var open: [Int: Int] = [:]
        let surface = trace.header.surface
        for e in trace.events {
            switch e.phase {
            case .down:
                open[e.id] = strokes.count
                strokes.append(Stroke(id: e.id, down: e.time, start: e.position, end: e.position))
            case .move, .up, .cancel:
                if let k = open[e.id] {
                    strokes[k].path += surface.millimeters(e.position - strokes[k].end).length
                    strokes[k].end = e.position
                    if strokes[k].firstLeg == nil {
                        let from = surface.millimeters(e.position - strokes[k].start)
                        if from.length >= StrokeShape.firstLeg { strokes[k].firstLeg = from }
                    }
                }
                if e.phase != .move { open[e.id] = nil }
            }
        }
        strokes.sort { $0.down < $1.down }
        // Each output goes to the stroke whose window holds it: from just after its touch-down
        // to the next stroke's touch-down, inclusive. A tap is often reported exactly at the next
        // touch-down (that touch ends its wait for a second tap): it is the earlier stroke's.
        // An output at a stroke's own touch-down instant (a swipe stamped then, as a recording
        // with coarse times gives) is that stroke's when the gesture began where it went down:
        // of the strokes it could be, the one that starts nearest the gesture's start.
        var seen = [Seen](repeating: Seen(), count: strokes.count)
        _ = TraceReplay.run(header: trace.header, settings: settings, explain: true, events: trace.events) { o in
            var lo = 0, hi = strokes.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if strokes[mid].down < o.time { lo = mid + 1 } else { hi = mid }
            }
            var k = lo - 1
            var at = lo
            if let start = o.gesture?.start {
                func distance(_ j: Int) -> Double { (strokes[j].start - start).length }
                while at < strokes.count, strokes[at].down == o.time {
                    if k < 0 || distance(at) < distance(k) { k = at }
                    at += 1
                }
                // A single tap of one finger is where its finger went down: when another touch
                // landed after that finger and before the report (a brief contact under a finger
                // still down, reported as a tap of its own), the tap is the stroke's that went
                // down there, of the last few.
                if k > 0, case .tap(let t)? = o.gesture?.kind, t.taps == 1, t.fingers == 1 {
                    for j in stride(from: k - 1, through: max(0, k - 3), by: -1) where distance(j) < distance(k) { k = j }
                }
            }
            guard k >= 0 else { return }
            seen[k].add(o)
            // A gesture of several touches (a double tap, two fingers) is each of its strokes':
            // the ones before the stroke it is reported in (a double tap was its second touch's
            // alone, and its first counted as nothing).
            if let g = o.gesture, case .tap(let t) = g.kind {
                for j in stride(from: k - 1, through: max(0, k - (t.taps * t.fingers - 1)), by: -1) { seen[j].add(o) }
            } else if let g = o.gesture, case .swipe(let w) = g.kind {
                for j in stride(from: k - 1, through: max(0, k - (w.fingers - 1)), by: -1) { seen[j].add(o) }
            }
        }
        // Each id's strokes in touch-down order, so a label finds its stroke in O(log n).
        var byID: [Int: [Int]] = [:]
        for (k, s) in strokes.enumerated() { byID[s.id, default: []].append(k) }
        func stroke(for label: StrokeLabel) -> Int? {
            guard let mine = byID[label.id] else { return nil }
            guard let t = label.downTime else { return mine.first }
            var lo = 0, hi = mine.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if strokes[mine[mid]].down < t - 0.001 { lo = mid + 1 } else { hi = mid }
            }
            return lo < mine.count && abs(strokes[mine[lo]].down - t) <= 0.001 ? mine[lo] : nil
        }
        var labelledBy: [Int: SourceLocation] = [:]
        return labels.map { label in
            guard let k = stroke(for: label) else {
                let when = label.downTime.map { " going down at \(formatJSONNumber($0)) s" } ?? ""
                return .failure(Diagnostic(.error, label.location, "no contact \(label.id)\(when) in \(visibleText(label.trace))"))
            }
            // A stroke is counted once: a second label of it would count it twice.
            if let first = labelledBy[k] {
                let at = first.line.map { "line \($0)" + (first.column.map { ", column \($0)" } ?? "") } ?? "an earlier entry"
                return .failure(Diagnostic(.error, label.location,
                                           "contact \(label.id) going down at \(formatJSONNumber(strokes[k].down)) s in \(visibleText(label.trace)) is labelled already (\(at)); label each stroke once"))
            }
            labelledBy[k] = label.location
            let net = surface.millimeters(strokes[k].end - strokes[k].start)
            let (outcome, reason) = seen[k].judged
            return .success(StrokeResult(label: label, outcome: outcome, correct: isCorrect(outcome, label.intent, net: net),
                                         netMillimeters: net, pathMillimeters: strokes[k].path,
                                         firstLegMillimeters: strokes[k].firstLeg, reason: reason,
                                         decided: seen[k].decided.map { $0 - strokes[k].down }))
        }
    }

    /// The outcome of a stroke's outputs, and the reason in `--explain`'s words.
    /// What a stroke's outputs said, gathered as they come (a stroke's outputs are not kept:
    /// with --explain's failures they were most of eval's memory).
    struct Seen {
        var swipe: SwipeDirection?
        var longPress = false, pan = false, tap = false, multiFingerTap = false, sequence = false
        /// When the first report that takes a stroke came.
        var decided: Double?
        /// The swipe's first failure, worded (as `--explain` does) only for a judged stroke.
        var swipeFailure: GestureFailure?
        var winners: [RecognizerName] = []

        mutating func add(_ o: ListController.Output) {
            guard let g = o.gesture else { return }
            switch g.kind {
            case .swipe, .longPress, .pan, .tap, .sequence: if decided == nil { decided = g.time }
            default: break
            }
            switch g.kind {
            case .swipe(let s): if swipe == nil { swipe = s.direction }
            case .longPress: longPress = true
            case .pan: pan = true
            case .tap(let t): if t.fingers > 1 { multiFingerTap = true } else { tap = true }
            case .sequence: sequence = true
            case .failed(let r, let why) where r == .swipe:
                if swipeFailure == nil { swipeFailure = why }
            case .won(let r, _):
                if !winners.contains(r) { winners.append(r) }
            default: break
            }
        }

        /// The outcome, and the reason in `--explain`'s words.
        var judged: (StrokeOutcome, String) {
            // A sequence takes its touches from every other gesture (the arena): first.
            let outcome: StrokeOutcome = sequence ? .sequence : swipe.map { .swipe($0) } ?? (longPress ? .longPress : pan ? .scroll : tap ? .tap
                                                                      : multiFingerTap ? .multiFingerTap : .nothing)
            var parts: [String] = []
            if let swipeFailure { parts.append("swipe: \(swipeFailure.description)") }
            if !winners.isEmpty { parts.append("won: \(winners.map(\.rawValue).joined(separator: ", "))") }
            return (outcome, parts.joined(separator: "; "))
        }
    }

    /// Whether `outcome` is what `intent` meant (see ``StrokeIntent``).
    package static func isCorrect(_ outcome: StrokeOutcome, _ intent: StrokeIntent, net: Point) -> Bool? {
        switch intent {
        case .swipeHorizontal: outcome == .swipe(net.x >= 0 ? .right : .left)
        case .swipeLeft: outcome == .swipe(.left)
        case .swipeRight: outcome == .swipe(.right)
        case .swipeUp: outcome == .swipe(.up)
        case .swipeDown: outcome == .swipe(.down)
        case .scrollVertical: outcome == .scroll || outcome == .swipe(.up) || outcome == .swipe(.down)
        case .tap: outcome == .tap
        case .longPress: outcome == .longPress
        case .short:
            if case .swipe = outcome { false } else { true }
        case .unscored: nil
        }
    }
}

/// The figures of an evaluation: per person (and for everyone), per intent, how many strokes,
/// how many right, and what they were taken for.
package struct EvaluationSummary: Sendable {
    /// One intent's row for one person.
    package struct Row: Sendable {
        package var intent: StrokeIntent
        package var strokes = 0
        package var correct = 0
        /// How many were taken for each outcome.
        package var outcomes: [StrokeOutcome: Int] = [:]
        /// Right answers as a share of the strokes (0–1); `nil` when unscored or empty.
        package var recall: Double? {
            intent == .unscored || strokes == 0 ? nil : Double(correct) / Double(strokes)
        }
        /// Strokes taken for a left or right swipe.
        package var horizontalSwipes: Int {
            (outcomes[.swipe(.left)] ?? 0) + (outcomes[.swipe(.right)] ?? 0)
        }
    }

    /// One person's rows (`user` nil: everyone).
    package struct Group: Sendable {
        package var user: String?
        package var rows: [Row]

        /// The row of `intent`, if any stroke had it.
        package subscript(intent: StrokeIntent) -> Row? { rows.first { $0.intent == intent } }
    }

    /// Per person, in the order they first occur, then everyone (the last group). With no
    /// person named in the labels, everyone alone.
    package var groups: [Group]
    /// The outcomes that occurred, in table order.
    package var outcomes: [StrokeOutcome]

    package init(_ results: [StrokeResult]) {
        // One pass to sort the results into people, one per person into intents: linear in the
        // strokes however many people there are.
        func group(_ user: String?, _ rs: [StrokeResult]) -> Group {
            var byIntent: [StrokeIntent: Row] = [:]
            for r in rs {
                var row = byIntent[r.label.intent] ?? Row(intent: r.label.intent)
                row.strokes += 1
                if r.correct == true { row.correct += 1 }
                row.outcomes[r.outcome, default: 0] += 1
                byIntent[r.label.intent] = row
            }
            return Group(user: user, rows: StrokeIntent.allCases.compactMap { byIntent[$0] })
        }
        var users: [String] = []
        var byUser: [String: [StrokeResult]] = [:]
        for r in results {
            guard let u = r.label.user else { continue }
            if byUser[u] == nil { users.append(u) }
            byUser[u, default: []].append(r)
        }
        groups = users.map { u in group(u, byUser[u]!) } + [group(nil, results)]
        outcomes = Set(StrokeOutcome.table + results.map(\.outcome)).sorted()
    }
}

extension GestureEvent {
    /// Where the gesture began, for telling strokes that go down at one instant apart: a
    /// swipe's start, a tap's or a long press's place; `nil` for the rest.
    var start: Point? {
        switch kind {
        case .swipe(let s): s.start
        case .tap(let t): t.position
        case .longPress(let l): l.position
        default: nil
        }
    }
}

/// What a stroke's shape says beside its outcome, for the strokes that were missed: a path that
/// turns back (a stroke labelled by its net motion that first went the other way), or a first leg
/// across its net motion's axis (a steep start that bends sideways). Words for people reading the misses,
/// not a rule: no stroke is scored by them.
package enum StrokeShape {
    /// How far from its start the first leg is measured, in millimeters: the swipe's default
    /// `swipe.minDistance`, where a swipe decides its direction.
    package static let firstLeg = GestureSettings().swipe.minDistance
    /// A path at least this many times the net motion's length turns back.
    package static let turnsBack = 2.0

    /// Whether `r`'s path is at least ``turnsBack`` times its net motion.
    package static func turnsBack(_ r: StrokeResult) -> Bool {
        r.netMillimeters.length > 0 && r.pathMillimeters >= turnsBack * r.netMillimeters.length
    }

    /// Whether `r`'s first leg is across its net motion's axis (the axis, horizontal or vertical,
    /// the larger component is on).
    package static func startsAcross(_ r: StrokeResult) -> Bool {
        guard let leg = r.firstLegMillimeters else { return false }
        let net = r.netMillimeters
        return (abs(leg.x) > abs(leg.y)) != (abs(net.x) > abs(net.y))
    }

    /// The notes for `r`: empty when its path is straight enough and its first leg is along its
    /// net motion's axis.
    package static func notes(_ r: StrokeResult) -> [String] {
        var out: [String] = []
        if turnsBack(r) {
            out.append("its path, \(formatFixed(r.pathMillimeters, digits: 0)) mm, is \(formatFixed(r.pathMillimeters / r.netMillimeters.length, digits: 1))× its net motion (it turns back)")
        }
        if startsAcross(r), let leg = r.firstLegMillimeters {
            out.append("its first \(formatFixed(firstLeg, digits: 0)) mm went (\(formatFixed(leg.x, digits: 1)), \(formatFixed(leg.y, digits: 1))) mm, across its net motion's axis")
        }
        return out
    }
}

/// `path` with its links, `.` and `..` resolved (realpath(3)), or as it is when it names no file.
func resolvedPath(_ path: String) -> String {
    guard let r = realpath(path, nil) else { return path }
    defer { free(r) }
    return String(cString: r)
}
