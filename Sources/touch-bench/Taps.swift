// Taps of real people: the share of each person's labelled taps taken for a tap, by this
// project's recognizers (those an app listening for taps runs, and every one, as an app that
// also listens for long presses and drags runs) and by two platforms' tap rules on the same
// strokes (``TapPeerRule`` in TouchTools, each with its source; `touchtrace eval` prints the same
// rules for any labels file).
import Foundation
import TouchGestures
import TouchTools
import TouchTrace

/// The labelled taps the taps section measures on: 4 of DepthTouchSensing's 19 people.
let calibrationTapLabels = "../shared/data/depthtouch/labels.json"

func benchTaps(labelsPath: String, explicit: Bool = false) {
    guard let taps = readLabels(labelsPath, explicit: explicit, section: "taps of real people")?.filter({ $0.intent == .tap }) else { return }
    guard !taps.isEmpty else {
        say("taps of real people: skipped (\(labelsPath) labels no tap)")
        return
    }
    let folder = PathText.folder(of: labelsPath)
    let users = People.named(in: taps).sorted()
    let rows: [(String, [(taps: Int, recognized: Int)])]
    do {
        let samples = try StrokeSamples.read(taps, folder: folder)
        let intents = try StrokeEvaluation.run(labels: taps, folder: folder, listening: .intents)
        let all = try StrokeEvaluation.run(labels: taps, folder: folder, listening: .all)
        rows = [("this project, an app listening for taps", TapPeerRule.project(intents, users: users)),
                ("this project, every recognizer (long press, swipe, pan…)", TapPeerRule.project(all, users: users))]
            + TapPeerRule.allCases.map { ($0.title, $0.recall(samples, users: users)) }
    } catch {
        refuse(error.description)
    }
    say("taps of real people (\(labelsPath): \(users.count) people, \(taps.count) taps)")
    say("  each cell: the person's taps taken for a tap")
    sayPeopleTable(users: users, width: 12, rows: rows.map { name, cells in
        (name, cells.map { $0.taps == 0 ? "-" : "\(fmt(100 * Double($0.recognized) / Double($0.taps), 1))%" })
    })
}
