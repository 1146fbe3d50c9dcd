// Swipes of real people: the share of intended horizontal swipes recognized as a swipe left or
// right in their direction (recall), and the share of vertical scrolls taken for one (false row
// swipes), per person, for this project's swipe rules and for three peers' rules computed here
// on the same strokes. The peers' rules are written from their sources' descriptions:
// - lisgd 0.3 (lisgd.c): at the last lift, the chord from the first touch-down to the lift is a
//   swipe when it is at least 125 screen pixels long (`-t`), within ±15° (`-r`) of one of eight
//   directions, and the touch lasted less than 800 ms (`-m`). The Touchalytics phones show
//   9.9 pixels per millimeter (their README), so 125 px is 12.6 mm.
// - Android's ItemTouchHelper (checkSelectForSwipe): once either axis has moved past the touch
//   slop (8 dp = 1.27 mm), the row claims the drag when |dx| > |dy|, in the direction of dx.
// - The original article's table-cell code (../shared/seeds): at any sample, |dx| ≥ 12 points,
//   |dy| ≤ 4 points, |dx| > |dy|, less than 0.7 s after touch-down (points of the first iPhone,
//   163 per inch: 1.87 mm and 0.62 mm).
import Foundation
import TouchGestures
import TouchTools
import TouchTrace

/// One stroke's samples in millimeters from its touch-down, with times from it (s).
struct StrokeSamples {
    var label: StrokeLabel
    var points: [(t: Double, p: Point)]
}

/// A peer's rule: the swipe direction it would report for a stroke, if any.
typealias PeerRule = (StrokeSamples) -> SwipeDirection?

func lisgdRule(_ s: StrokeSamples) -> SwipeDirection? {
    guard let last = s.points.last, last.t < 0.8 else { return nil }
    let d = last.p
    guard d.length >= 125 / 9.9 else { return nil }
    // lisgd's angle: 0° is up, clockwise, y down.
    var degrees = atan2(d.x, -d.y) * 180 / .pi
    if degrees < 0 { degrees += 360 }
    let directions: [(Double, SwipeDirection)] = [(0, .up), (45, .upRight), (90, .right), (135, .downRight),
                                                  (180, .down), (225, .downLeft), (270, .left), (315, .upLeft), (360, .up)]
    return directions.first { abs(degrees - $0.0) <= 15 }?.1
}

func itemTouchHelperRule(_ s: StrokeSamples) -> SwipeDirection? {
    let slop = 8 * 25.4 / 160
    for (_, p) in s.points where abs(p.x) >= slop || abs(p.y) >= slop {
        return abs(p.x) > abs(p.y) ? (p.x < 0 ? .left : .right) : (p.y < 0 ? .up : .down)
    }
    return nil
}

func seedLiteralRule(_ s: StrokeSamples) -> SwipeDirection? {
    let point = 25.4 / 163
    for (t, p) in s.points where abs(p.x) >= 12 * point && abs(p.y) <= 4 * point && abs(p.x) > abs(p.y) && t < 0.7 {
        return p.x < 0 ? .left : .right
    }
    return nil
}

/// Recall and false row swipes of one rule, per person and for everyone.
struct SwipeScore {
    var swipes = 0, recognized = 0, scrolls = 0, rowSwipes = 0
    var cell: String {
        let r = swipes > 0 ? 100 * Double(recognized) / Double(swipes) : 0
        let f = scrolls > 0 ? 100 * Double(rowSwipes) / Double(scrolls) : 0
        return "\(fmt(r, 1))% \(fmt(f, 2))%"
    }
}

func benchSwipes(labelsPath: String) {
    guard let data = FileManager.default.contents(atPath: labelsPath) else {
        say("swipes of real people: skipped (\(labelsPath) is not there)")
        return
    }
    let labels: [StrokeLabel]
    do { labels = try StrokeLabels.read([UInt8](data), name: labelsPath) } catch {
        warn(error.description)
        return
    }
    let folder = PathText.folder(of: labelsPath)
    let users = labels.reduce(into: [String]()) { if let u = $1.user, !$0.contains(u) { $0.append(u) } }
    let scored = labels.filter { $0.intent == .swipeHorizontal || $0.intent == .scrollVertical }

    // The strokes' samples, for the peers' rules.
    var samples: [StrokeSamples] = []
    var traces: [String: Trace] = [:]
    for l in scored {
        if traces[l.trace] == nil {
            guard let t = try? TraceReader.read(path: PathText.join(folder, l.trace)).trace else {
                warn("\(l.trace) cannot be read")
                return
            }
            traces[l.trace] = t
        }
        let trace = traces[l.trace]!
        var pts: [(t: Double, p: Point)] = []
        var start: (t: Double, p: Point)?
        for e in trace.events where e.id == l.id {
            if e.phase == .down {
                if start != nil { break }
                if let want = l.downTime, abs(want - e.time) > 0.001 { continue }
                start = (e.time, e.position)
            }
            guard let s = start else { continue }
            pts.append((e.time - s.t, trace.header.surface.millimeters(e.position - s.p)))
            if e.phase == .up || e.phase == .cancel { break }
        }
        samples.append(StrokeSamples(label: l, points: pts))
    }
    /// The columns a stroke counts in: its person's, and everyone's.
    func groups(_ l: StrokeLabel) -> [Int] {
        users.firstIndex(of: l.user ?? "").map { [$0, users.count] } ?? [users.count]
    }
    func score(_ rule: PeerRule) -> [SwipeScore] {
        var out = [SwipeScore](repeating: SwipeScore(), count: users.count + 1)
        for s in samples {
            let got = rule(s)
            let net = s.points.last?.p ?? .zero
            for k in groups(s.label) {
                if s.label.intent == .swipeHorizontal {
                    out[k].swipes += 1
                    if got == (net.x >= 0 ? .right : .left) { out[k].recognized += 1 }
                } else {
                    out[k].scrolls += 1
                    if got == .left || got == .right { out[k].rowSwipes += 1 }
                }
            }
        }
        return out
    }
    func project(_ settings: GestureSettings) -> [SwipeScore] {
        guard let results = try? StrokeEvaluation.run(labels: scored, folder: folder, settings: settings) else { return [] }
        var out = [SwipeScore](repeating: SwipeScore(), count: users.count + 1)
        for r in results {
            for k in groups(r.label) {
                if r.label.intent == .swipeHorizontal {
                    out[k].swipes += 1
                    if r.correct == true { out[k].recognized += 1 }
                } else {
                    out[k].scrolls += 1
                    if r.outcome == .swipe(.left) || r.outcome == .swipe(.right) { out[k].rowSwipes += 1 }
                }
            }
        }
        return out
    }
    let h = scored.filter { $0.intent == .swipeHorizontal }.count
    say("swipes of real people (\(labelsPath): \(users.count) people, \(h) horizontal swipes, \(scored.count - h) vertical scrolls)")
    say("  each cell: horizontal swipes recognized in their direction, vertical scrolls taken for a left/right swipe")
    let columns = users.map { "user \($0)" } + ["everyone"]
    say("  " + "rule".padding(toLength: 58, withPad: " ", startingAt: 0) + columns.map { $0.padding(toLength: 16, withPad: " ", startingAt: 0) }.joined())
    let rows: [(String, [SwipeScore])] = [
        ("this project, swipe.rule heading (the default), in a list", project(GestureSettings())),
        ("this project, swipe.rule seedMillimeters, in a list", project(GestureSettings(swipeRule: .seedMillimeters))),
        ("this project, swipe.rule seedPoints, in a list", project(GestureSettings(swipeRule: .seedPoints))),
        ("lisgd 0.3 (125 px, < 800 ms, ±15° of 8 directions)", score(lisgdRule)),
        ("Android ItemTouchHelper (8 dp slop, |dx| > |dy|)", score(itemTouchHelperRule)),
        ("the article's code (12 pt along, 4 pt across, 0.7 s)", score(seedLiteralRule)),
    ]
    for (name, cells) in rows {
        say("  " + name.padding(toLength: 58, withPad: " ", startingAt: 0) + cells.map { $0.cell.padding(toLength: 16, withPad: " ", startingAt: 0) }.joined())
    }
}

/// The list's two tuned numbers (`pan.axisBias`, `pan.axisDecisionDistance`) measured leaving
/// each person out in turn: on a grid, the setting chosen on the other people (no vertical
/// scroll taken for a row swipe above 0.5%, then the highest recall, then the least waiting: the
/// shortest decision distance, then the smallest bias), and what it gives the person left out.
func benchSwipesLeaveOneOut(labelsPath: String) {
    guard let data = FileManager.default.contents(atPath: labelsPath),
          let labels = try? StrokeLabels.read([UInt8](data), name: labelsPath) else { return }
    let folder = PathText.folder(of: labelsPath)
    let scored = labels.filter { $0.intent == .swipeHorizontal || $0.intent == .scrollVertical }
    let users = scored.reduce(into: [String]()) { if let u = $1.user, !$0.contains(u) { $0.append(u) } }
    guard users.count >= 2 else { return }
    let biases: [Double] = [2, 3, 4, 5, 6], distances: [Double] = [6, 7, 8, 10, 12, 14]
    let grid: [(bias: Double, distance: Double)] = biases.flatMap { b in distances.map { (bias: b, distance: $0) } }
    // Per setting, per person: swipes recognized, swipes, scrolls taken for a row swipe, scrolls.
    var table: [[String: (Int, Int, Int, Int)]] = []
    for g in grid {
        var settings = GestureSettings()
        settings.pan.axisBias = g.bias
        settings.pan.axisDecisionDistance = g.distance
        guard let results = try? StrokeEvaluation.run(labels: scored, folder: folder, settings: settings) else { return }
        var per: [String: (Int, Int, Int, Int)] = [:]
        for r in results {
            var t = per[r.label.user ?? ""] ?? (0, 0, 0, 0)
            if r.label.intent == .swipeHorizontal {
                t.1 += 1
                if r.correct == true { t.0 += 1 }
            } else {
                t.3 += 1
                if r.outcome == .swipe(.left) || r.outcome == .swipe(.right) { t.2 += 1 }
            }
            per[r.label.user ?? ""] = t
        }
        table.append(per)
    }
    say("  leaving each person out: pan.axisBias × pan.axisDecisionDistance chosen on the others (grid 2–6 × 6–14 mm;")
    say("  false row swipes ≤ 0.5%, then recall, then the least waiting), measured on the person left out:")
    for held in users {
        let others = users.filter { $0 != held }
        func sums(_ k: Int) -> (Double, Double) {
            let t = others.map { table[k][$0] ?? (0, 0, 0, 0) }
            let recognized = t.reduce(0) { $0 + $1.0 }, swipes = t.reduce(0) { $0 + $1.1 }
            let taken = t.reduce(0) { $0 + $1.2 }, scrolls = t.reduce(0) { $0 + $1.3 }
            return (Double(recognized) / Double(max(1, swipes)), Double(taken) / Double(max(1, scrolls)))
        }
        let best = grid.indices.max { a, b in
            let (ra, fa) = sums(a), (rb, fb) = sums(b)
            if (fa <= 0.005) != (fb <= 0.005) { return fb <= 0.005 }
            if ra != rb { return ra < rb }
            if grid[a].distance != grid[b].distance { return grid[a].distance > grid[b].distance }
            return grid[a].bias > grid[b].bias
        }!
        let h = table[best][held] ?? (0, 0, 0, 0)
        let chosen = "\(fmt(grid[best].bias, 0)):1 and \(fmt(grid[best].distance, 0)) mm (\(fmt(100 * sums(best).0, 1))% on the others)"
        let got = "\(fmt(100 * Double(h.0) / Double(max(1, h.1)), 1))% of its swipes, "
            + "\(fmt(100 * Double(h.2) / Double(max(1, h.3)), 2))% of its scrolls taken for a row swipe"
        say("    user \(held) left out: chosen " + chosen + " → " + got)
    }
    let rates = grid.indices.map { k -> (Double, Int) in
        let t = users.map { table[k][$0] ?? (0, 0, 0, 0) }
        let recognized = t.reduce(0) { $0 + $1.0 }, swipes = t.reduce(0) { $0 + $1.1 }
        return (Double(recognized) / Double(max(1, swipes)), t.reduce(0) { $0 + $1.2 })
    }
    say("  on the whole grid, everyone: recall \(fmt(100 * rates.map(\.0).min()!, 1))–\(fmt(100 * rates.map(\.0).max()!, 1))%, "
        + "scrolls taken for a row swipe \(rates.map(\.1).max()!) at most")
}
