// Swipes of real people: the share of intended horizontal swipes recognized as a swipe left or
// right in their direction (recall), and the share of vertical scrolls taken for one (false row
// swipes), per person, for this project's swipe rules and for four peers' rules computed on the
// same strokes (``PeerRule`` in TouchTools, where each is described with its source; `touchtrace
// eval` prints the same table for any labels file). lisgd's 125 pixels are 12.6 mm here: the
// Touchalytics phones show 9.9 pixels per millimeter (their README).
import Foundation
import TouchGestures
import TouchTools
import TouchTrace

/// Touchalytics' screens: 9.9 pixels a millimeter (its README), for lisgd's 125 pixels.
let touchalyticsPixelsPerMillimeter = 9.9

/// A cell: recall and false row swipes.
func cell(_ s: SwipeScore) -> String { "\(fmt(100 * s.recall, 1))% \(fmt(100 * s.falseRowSwipes, 2))%" }

func benchSwipes(labelsPath: String, explicit: Bool = false) {
    guard let labels = readLabels(labelsPath, explicit: explicit, section: "swipes of real people") else { return }
    let folder = PathText.folder(of: labelsPath)
    let users = People.named(in: labels)
    let scored = labels.filter { $0.intent == .swipeHorizontal || $0.intent == .scrollVertical }
    guard !scored.isEmpty else {
        say("swipes of real people: skipped (\(labelsPath) labels no horizontal swipe or vertical scroll)")
        return
    }

    // The strokes' samples, for the peers' rules.
    let samples: [StrokeSamples]
    do { samples = try StrokeSamples.read(scored, folder: folder) } catch {
        refuse(error.description)
    }
    func score(_ rule: PeerRule) -> [SwipeScore] {
        SwipeScore.of(rule, samples, users: users, pixelsPerMillimeter: touchalyticsPixelsPerMillimeter)
    }
    func project(_ settings: GestureSettings, _ listening: StrokeEvaluation.Listening = .intents) -> [SwipeScore] {
        SwipeScore.of(evaluate(scored, folder: folder, settings: settings, listening: listening), users: users)
    }
    let h = scored.filter { $0.intent == .swipeHorizontal }.count
    say("swipes of real people (\(labelsPath): \(users.count) people, \(h) horizontal swipes, \(scored.count - h) vertical scrolls)")
    say("  each cell: horizontal swipes recognized in their direction, vertical scrolls taken for a left/right swipe")
    let rows: [(String, [SwipeScore])] = [
        // Each session as its app listens (a gallery: left and right swipes; a reader: a list's
        // scroll and its rows' swipe), and every recognizer in every session, as before 2026-11-28.
        ("this project, swipe.rule heading (default), per session", project(GestureSettings())),
        ("this project, swipe.rule seedMillimeters, per session", project(GestureSettings(swipeRule: .seedMillimeters))),
        ("this project, swipe.rule seedPoints, per session", project(GestureSettings(swipeRule: .seedPoints))),
        ("this project, heading, every recognizer in every session", project(GestureSettings(), .all)),
    ] + PeerRule.allCases.map { ($0.title, score($0)) }
    sayPeopleTable(users: users, width: 16, rows: rows.map { ($0.0, $0.1.map(cell)) })
}

/// The list's two tuned numbers (`pan.axisBias`, `pan.axisDecisionDistance`) measured leaving
/// each person out in turn (``LeaveOneOut``: chosen on the others, measured on the person left out).
func benchSwipesLeaveOneOut(labelsPath: String, explicit: Bool = false) {
    // Read quietly: benchSwipes said already what it found (and stopped on what it could not read).
    guard explicit || access(labelsPath, F_OK) == 0, let labels = readLabels(labelsPath, explicit: true, section: "") else { return }
    let scored = labels.filter { $0.intent == .swipeHorizontal || $0.intent == .scrollVertical }
    let found: LeaveOneOut?
    do throws(DiagnosticError) { found = try LeaveOneOut.run(labels: scored, folder: PathText.folder(of: labelsPath)) } catch { refuse(error.description) }
    guard let loo = found else { return }   // fewer than two people
    say("  leaving each person out: pan.axisBias × pan.axisDecisionDistance chosen on the others (grid 2–6 × 6–14 mm;")
    say("  false row swipes ≤ 0.5%, then recall, then the least waiting), measured on the person left out:")
    for t in loo.turns {
        let chosen = "\(fmt(t.bias, 0)):1 and \(fmt(t.distance, 0)) mm (\(fmt(100 * t.others.recall, 1))% on the others)"
        let got = "\(fmt(100 * t.swipes.recall, 1))% of its swipes, \(fmt(100 * t.swipes.falseRowSwipes, 2))% of its scrolls taken for a row swipe"
        say("    user \(t.user) left out: chosen " + chosen + " → " + got)
    }
    say("  on the whole grid, everyone: recall \(fmt(100 * loo.gridRecall.lowerBound, 1))–\(fmt(100 * loo.gridRecall.upperBound, 1))%, "
        + "scrolls taken for a row swipe \(loo.gridMostRowSwipes) at most")
}
