internal import CPlatform
import TouchGestures
import TouchTrace

/// One labelled stroke's samples: where it was, in millimeters from its touch-down, and when, in
/// seconds from it: what the peers' rules (``PeerRule``) decide on.
package struct StrokeSamples: Sendable {
    package var label: StrokeLabel
    package var points: [(t: Double, p: Point)]

    /// The samples of each label's stroke (its id's first stroke, or the one going down at its
    /// `t`), read from the traces the labels name (paths relative to `folder`), each trace once.
    package static func read(_ labels: [StrokeLabel], folder: String) throws(DiagnosticError) -> [StrokeSamples] {
        // Each trace read once, and its strokes indexed once: each id's strokes, in order, as the
        // indices of their events. A label's stroke was looked for by a scan of every event of
        // its trace, so a trace of n labelled strokes cost n² (20,000 strokes: 28 s).
        struct Indexed { var trace: Trace; var strokes: [Int: [[Int]]] }
        var traces: [String: Indexed] = [:]
        var out: [StrokeSamples] = []
        out.reserveCapacity(labels.count)
        for l in labels {
            if traces[l.trace] == nil {
                let trace: Trace
                do { trace = try TraceReader.read(path: PathText.join(folder, l.trace)).trace } catch {
                    throw DiagnosticError([Diagnostic(.error, l.location, "trace \(PathText.join(folder, l.trace)) cannot be read")] + error.diagnostics)
                }
                var strokes: [Int: [[Int]]] = [:]
                var open: Set<Int> = []
                for (k, e) in trace.events.enumerated() {
                    if e.phase == .down {
                        strokes[e.id, default: []].append([k])
                        open.insert(e.id)
                    } else if open.contains(e.id) {
                        strokes[e.id]![strokes[e.id]!.count - 1].append(k)
                        if e.phase == .up || e.phase == .cancel { open.remove(e.id) }
                    }
                }
                traces[l.trace] = Indexed(trace: trace, strokes: strokes)
            }
            let indexed = traces[l.trace]!
            let events = indexed.trace.events
            // The id's first stroke, or the one going down at the label's `t`.
            let stroke = (indexed.strokes[l.id] ?? []).first { s in l.downTime.map { abs($0 - events[s[0]].time) <= 0.001 } ?? true }
            var points: [(t: Double, p: Point)] = []
            if let stroke {
                let start = events[stroke[0]]
                points.reserveCapacity(stroke.count)
                for k in stroke {
                    points.append((events[k].time - start.time, indexed.trace.header.surface.millimeters(events[k].position - start.position)))
                }
            }
            out.append(StrokeSamples(label: l, points: points))
        }
        return out
    }
}

/// Other projects' rules for telling a row's swipe left or right from a vertical scroll,
/// computed here on the same strokes as this project's (`touchtrace eval`, `touch-bench
/// swipes`). Each is written from its source's behaviour, with that source's numbers:
/// - lisgd 0.3 (`lisgd.c`): at the last lift, the chord from the touch-down to the lift is a swipe
///   when it is at least 125 screen pixels long (`-t`), within ±15° (`-r`) of one of eight
///   directions, and the touch lasted less than 800 ms (`-m`). Its pixels are a phone's: 10.6
///   a millimeter on the PinePhone it was written for (11.8 mm), unless the caller knows the
///   screen's.
/// - Android's `ItemTouchHelper` (`checkSelectForSwipe`): once either axis has moved past the
///   touch slop (8 dp, 1.27 mm), the row claims the drag when |dx| > |dy|, in dx's direction.
/// - GTK 4's `GtkGesturePan`, horizontal (`gtkgesturepan.c`, `guess_direction`): at the first
///   motion where one axis has moved more than twice the other (`FACTOR 2`; its drag gesture
///   reports every motion, with no threshold), horizontal claims the row in dx's direction and
///   vertical denies it.
/// - UIKit, the original article's table-cell code (`../shared/seeds`): at any sample, |dx| ≥ 12
///   points, |dy| ≤ 4 points, |dx| > |dy|, less than 0.7 s after touch-down (points of the first
///   iPhone, 163 per inch: 1.87 mm and 0.62 mm).
package enum PeerRule: String, CaseIterable, Sendable {
    case lisgd, itemTouchHelper, gtkPan, articleCode

    /// The rule in a few words, with its numbers.
    package var title: String {
        switch self {
        case .lisgd: "lisgd 0.3 (125 px, < 800 ms, ±15° of 8 directions)"
        case .itemTouchHelper: "Android ItemTouchHelper (8 dp slop, |dx| > |dy|)"
        case .gtkPan: "GTK 4 GtkGesturePan (one axis twice the other)"
        case .articleCode: "UIKit article code (12 pt along, 4 pt across, 0.7 s)"
        }
    }

    /// The swipe direction the rule reports for the stroke, if any. `pixelsPerMillimeter` is
    /// the screen's, for lisgd's threshold in pixels.
    package func direction(_ s: StrokeSamples, pixelsPerMillimeter: Double = 10.6) -> SwipeDirection? {
        switch self {
        case .lisgd:
            guard let last = s.points.last, last.t < 0.8 else { return nil }
            let d = last.p
            guard d.length >= 125 / pixelsPerMillimeter else { return nil }
            // lisgd's angle: 0° is up, clockwise, y down.
            var degrees = atan2(d.x, -d.y) * 180 / .pi
            if degrees < 0 { degrees += 360 }
            let directions: [(Double, SwipeDirection)] = [(0, .up), (45, .upRight), (90, .right), (135, .downRight),
                                                          (180, .down), (225, .downLeft), (270, .left), (315, .upLeft), (360, .up)]
            return directions.first { abs(degrees - $0.0) <= 15 }?.1
        case .itemTouchHelper:
            let slop = 8 * 25.4 / 160
            for (_, p) in s.points where abs(p.x) >= slop || abs(p.y) >= slop {
                return abs(p.x) > abs(p.y) ? (p.x < 0 ? .left : .right) : (p.y < 0 ? .up : .down)
            }
            return nil
        case .gtkPan:
            for (_, p) in s.points {
                if abs(p.x) > 2 * abs(p.y) { return p.x < 0 ? .left : .right }
                if abs(p.y) > 2 * abs(p.x) { return nil }
            }
            return nil
        case .articleCode:
            let point = 25.4 / 163
            for (t, p) in s.points where abs(p.x) >= 12 * point && abs(p.y) <= 4 * point && abs(p.x) > abs(p.y) && t < 0.7 {
                return p.x < 0 ? .left : .right
            }
            return nil
        }
    }
}

/// Of labelled horizontal swipes and vertical scrolls, per person and for everyone: how many
/// swipes a rule recognized in their direction, and how many scrolls it took for a row's swipe
/// left or right (a row swiped that its person never meant to touch).
package struct SwipeScore: Hashable, Sendable {
    package var swipes = 0, recognized = 0, scrolls = 0, rowSwipes = 0

    /// Recognized swipes as a share of the swipes (0–1), 0 with none.
    package var recall: Double { swipes > 0 ? Double(recognized) / Double(swipes) : 0 }
    /// Scrolls taken for a row swipe as a share of the scrolls (0–1), 0 with none.
    package var falseRowSwipes: Double { scrolls > 0 ? Double(rowSwipes) / Double(scrolls) : 0 }

    package init() {}

    /// Counts one stroke of intent `intent` that the rule took for `got`; `net` is its motion.
    package mutating func add(_ intent: StrokeIntent, got: SwipeDirection?, net: Point) {
        switch intent {
        case .swipeHorizontal:
            swipes += 1
            if got == (net.x >= 0 ? .right : .left) { recognized += 1 }
        case .scrollVertical:
            scrolls += 1
            if got == .left || got == .right { rowSwipes += 1 }
        default: break
        }
    }

    /// Per person (in `users`' order), then everyone, of the results of a replay.
    package static func of(_ results: [StrokeResult], users: [String]) -> [SwipeScore] {
        let people = People(users)
        var out = [SwipeScore](repeating: SwipeScore(), count: users.count + 1)
        for r in results {
            var got: SwipeDirection?
            if case .swipe(let d) = r.outcome { got = d }
            for k in people.columns(r.label.user) { out[k].add(r.label.intent, got: got, net: r.netMillimeters) }
        }
        return out
    }

    /// Per person, then everyone, of a peer's rule on the strokes' samples.
    package static func of(_ rule: PeerRule, _ samples: [StrokeSamples], users: [String], pixelsPerMillimeter: Double = 10.6) -> [SwipeScore] {
        let people = People(users)
        var out = [SwipeScore](repeating: SwipeScore(), count: users.count + 1)
        for s in samples {
            let got = rule.direction(s, pixelsPerMillimeter: pixelsPerMillimeter)
            for k in people.columns(s.label.user) { out[k].add(s.label.intent, got: got, net: s.points.last?.p ?? .zero) }
        }
        return out
    }
}

/// Leaving each person out in turn: the settings chosen on the other people from a grid, and
/// what they give the person left out, so that no figure is of a rule tuned on its own person.
///
/// The grid is the two numbers this project tuned on people (`pan.axisBias` 2–6 and
/// `pan.axisDecisionDistance` 6–14 mm, over the settings in use: they decide between a row's
/// swipe and the list's scroll); the choice, on the others: no more than 0.5% of their vertical
/// scrolls taken for a row swipe, then the most of their horizontal swipes recognized, then the
/// most of all their strokes taken for what they were meant as, then the least waiting (the
/// shortest decision distance, then the smallest bias).
package struct LeaveOneOut: Sendable {
    /// One person left out.
    package struct Turn: Sendable {
        package var user: String
        package var bias: Double
        package var distance: Double
        /// The others' swipe score, and their share of strokes taken for what they were meant
        /// as, under the choice.
        package var others: SwipeScore
        package var othersCorrect: Double
        /// The person left out, under the choice: strokes and right answers, and the swipe score.
        package var strokes: Int
        package var correct: Int
        package var swipes: SwipeScore
    }

    package static let biases: [Double] = [2, 3, 4, 5, 6]
    package static let distances: [Double] = [6, 7, 8, 10, 12, 14]

    package var turns: [Turn]
    /// Over the whole grid, everyone: the range of the horizontal swipes' recall, and the most
    /// vertical scrolls any setting took for a row swipe.
    package var gridRecall: ClosedRange<Double>
    package var gridMostRowSwipes: Int

    /// Runs the grid over the labels (every setting of it one replay of every trace). `nil` with
    /// fewer than two people.
    package static func run(labels: [StrokeLabel], folder: String, settings: GestureSettings = GestureSettings(),
                            listening: StrokeEvaluation.Listening = .intents)
        throws(DiagnosticError) -> LeaveOneOut? {
        let users = People.named(in: labels)
        let people = People(users)
        guard users.count >= 2 else { return nil }
        let grid = biases.flatMap { b in distances.map { (bias: b, distance: $0) } }
        // Per setting, per person: strokes scored, right, and the swipe score.
        struct Tally { var strokes = 0, correct = 0, swipes = SwipeScore() }
        var table: [[Tally]] = []
        for g in grid {
            var s = settings
            s.pan.axisBias = g.bias
            s.pan.axisDecisionDistance = g.distance
            let results = try StrokeEvaluation.run(labels: labels, folder: folder, settings: s, listening: listening)
            var per = [Tally](repeating: Tally(), count: users.count)
            for r in results {
                guard let u = people.index(of: r.label.user), let right = r.correct else { continue }
                per[u].strokes += 1
                if right { per[u].correct += 1 }
                var got: SwipeDirection?
                if case .swipe(let d) = r.outcome { got = d }
                per[u].swipes.add(r.label.intent, got: got, net: r.netMillimeters)
            }
            table.append(per)
        }
        var turns: [Turn] = []
        for (held, user) in users.enumerated() {
            func others(_ k: Int) -> (swipes: SwipeScore, correct: Double) {
                var strokes = 0, correct = 0, swipes = SwipeScore()
                for (u, t) in table[k].enumerated() where u != held {
                    strokes += t.strokes; correct += t.correct
                    swipes.swipes += t.swipes.swipes; swipes.recognized += t.swipes.recognized
                    swipes.scrolls += t.swipes.scrolls; swipes.rowSwipes += t.swipes.rowSwipes
                }
                return (swipes, Double(correct) / Double(max(1, strokes)))
            }
            let best = grid.indices.max { a, b in
                let (sa, ca) = others(a), (sb, cb) = others(b)
                let (fa, fb) = (sa.falseRowSwipes, sb.falseRowSwipes)
                if (fa <= 0.005) != (fb <= 0.005) { return fb <= 0.005 }
                if sa.recall != sb.recall { return sa.recall < sb.recall }
                if ca != cb { return ca < cb }
                if grid[a].distance != grid[b].distance { return grid[a].distance > grid[b].distance }
                return grid[a].bias > grid[b].bias
            }!
            let t = table[best][held]
            turns.append(Turn(user: user, bias: grid[best].bias, distance: grid[best].distance, others: others(best).swipes,
                              othersCorrect: others(best).correct, strokes: t.strokes, correct: t.correct, swipes: t.swipes))
        }
        var everyone = SwipeScore()
        var recalls: [Double] = []
        for per in table {
            var s = SwipeScore()
            for t in per { s.swipes += t.swipes.swipes; s.recognized += t.swipes.recognized; s.scrolls += t.swipes.scrolls; s.rowSwipes += t.swipes.rowSwipes }
            recalls.append(s.recall)
            everyone.rowSwipes = max(everyone.rowSwipes, s.rowSwipes)
        }
        return LeaveOneOut(turns: turns, gridRecall: (recalls.min() ?? 0)...(recalls.max() ?? 0), gridMostRowSwipes: everyone.rowSwipes)
    }
}

/// The platforms' rules for a tap, applied to a stroke's own samples, so that a person's taps can
/// be set beside them (`touchtrace eval`). Each is a tap when the finger never leaves its slop
/// and, for a rule with a long press in its arena, lifts before the long press's time.
package enum TapPeerRule: String, CaseIterable, Sendable {
    /// Android's `GestureDetector` with its long press on (the default): a tap (`onSingleTapUp`)
    /// while the finger stays within `ViewConfiguration`'s touch slop, 8 dp (1.27 mm at 160 dp
    /// an inch), and lifts before `DEFAULT_LONG_PRESS_TIMEOUT`, 500 ms.
    case androidGestureDetector
    /// Flutter's `TapGestureRecognizer` alone in its arena: a tap while the finger stays within
    /// `kTouchSlop`, 18 logical pixels (4.7 mm at Flutter's nominal 38 a centimetre), however long
    /// it is held.
    case flutterTap

    /// The rule in a few words, with its numbers.
    package var title: String {
        switch self {
        case .androidGestureDetector: "Android GestureDetector (8 dp slop, < 500 ms)"
        case .flutterTap: "Flutter TapGestureRecognizer (18 px slop)"
        }
    }

    /// Whether the rule takes the stroke for a tap.
    package func isTap(_ s: StrokeSamples) -> Bool {
        guard let last = s.points.last else { return false }
        var farthest = 0.0
        for (_, p) in s.points { farthest = max(farthest, p.length) }
        switch self {
        case .androidGestureDetector: return farthest <= 8 * 25.4 / 160 && last.t < 0.5
        case .flutterTap: return farthest <= 18 / 3.8
        }
    }

    /// Per person (in `users`' order), then everyone: the tap strokes of `results` and how many
    /// this project took for a tap, to set beside the rules' ``recall(_:users:)``.
    package static func project(_ results: [StrokeResult], users: [String]) -> [(taps: Int, recognized: Int)] {
        tally(results.lazy.filter { $0.label.intent == .tap }.map { ($0.label.user, $0.correct == true) }, users: users)
    }

    /// Per person (in `users`' order), then everyone: the share of `samples`' tap strokes the rule
    /// takes for a tap.
    package func recall(_ samples: [StrokeSamples], users: [String]) -> [(taps: Int, recognized: Int)] {
        Self.tally(samples.lazy.filter { $0.label.intent == .tap }.map { ($0.label.user, isTap($0)) }, users: users)
    }

    /// Per person (in `users`' order), then everyone: how many taps, and how many of them were
    /// taken for a tap (`hit`). A tap of a person not in `users` counts for everyone only.
    private static func tally<S: Sequence>(_ taps: S, users: [String]) -> [(taps: Int, recognized: Int)]
        where S.Element == (user: String?, hit: Bool) {
        let people = People(users)
        var per = [(taps: Int, recognized: Int)](repeating: (0, 0), count: users.count + 1)
        for (user, hit) in taps {
            for k in people.columns(user) {
                per[k].taps += 1
                per[k].recognized += hit ? 1 : 0
            }
        }
        return per
    }
}

/// The people of an evaluation, in their order, each found by name at once: a table's column is
/// a person's place in it. Looked up by a search of the list for every stroke, an evaluation of
/// many people cost their number squared (4,000 → 16,000 people: 0.21 → 3.35 s).
package struct People {
    private let place: [String: Int]
    private let count: Int

    package init(_ users: [String]) {
        var place: [String: Int] = [:]
        for (k, u) in users.enumerated() where place[u] == nil { place[u] = k }
        self.place = place
        count = users.count
    }

    /// The place of `user`, if it is one of them.
    package func index(of user: String?) -> Int? { user.flatMap { place[$0] } }

    /// The columns a stroke of `user` counts in: its person's, and everyone's (the last).
    package func columns(_ user: String?) -> [Int] { index(of: user).map { [$0, count] } ?? [count] }

    /// The people `labels` name, in the order they first appear.
    package static func named(in labels: [StrokeLabel]) -> [String] {
        var seen: Set<String> = [], out: [String] = []
        for l in labels { if let u = l.user, seen.insert(u).inserted { out.append(u) } }
        return out
    }
}
