import ArgumentParser
import Foundation
import TouchGestures
import TouchTrace
import TouchTools

struct Eval: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Replay labelled strokes and measure, per intent and per person, how often each was taken for what it was meant as.",
        discussion: """
            LABELS is a JSON array with one object per stroke: {"trace": FILE, "id": CONTACT, \
            "t": DOWN-TIME, "user": WHO, "intent": INTENT} (docs/labels.md). Each trace is \
            replayed once, with its own settings or those of --settings, and each stroke is \
            taken for the first of: a swipe, a long press, a scroll (the pan), a tap, nothing, \
            reported between its touch-down and the next stroke's.

            The table gives, per person and for everyone, each intent's strokes, how many were \
            taken for what they were meant as (recall), and what they were taken for, the worst \
            people first, then a line naming each person under --floor. Then, for \
            the horizontal swipes and vertical scrolls, the same strokes under four peers' rules \
            (lisgd, Android's ItemTouchHelper, GTK's GtkGesturePan, the UIKit article's code); \
            with --leave-one-out, the settings chosen on the other people for each person in \
            turn and what they give that person. With --beside FILE, the same strokes replayed \
            with FILE's settings too: per person and intent, the strokes taken for something \
            else, and how much later the report that took each came (what declared sequences \
            cost plain gestures). Then every stroke that was not taken for what it was meant as, \
            with --explain's reason.
            """)

    @Argument(help: "The labels file (JSON); trace paths in it are relative to its folder.")
    var labels: String

    @Option(help: ArgumentHelp("Replay with these settings instead of each trace's own: a JSON object as a trace's scene.settings (e.g. {\"swipe.rule\": \"seedMillimeters\"}).", valueName: "file"))
    var settings: String?

    @Option(help: ArgumentHelp("Replay the strokes again with these settings (as --settings) and say, per person and intent, which were taken for something else and how much later each was decided.", valueName: "file"))
    var beside: String?

    @Option(help: "Print at most this many strokes that were not taken for what they were meant as (all with --json).")
    var failures = 40

    @Option(help: "The floor line names each person under this recall (percent) of any intent.")
    var floor = 95.0

    @Option(help: ArgumentHelp("Which recognizers take part: intents (those each trace's labels' intents listen for: a swipe's, along their axis; a scroll's pan and fling, with its rows' swipe; a tap's; a long press's; as an app that means those gestures runs them) or all (every one the settings enable).", valueName: "intents|all"))
    var recognizers: StrokeEvaluation.Listening = .intents

    @Flag(help: "Leave each person out in turn: pan.axisBias and pan.axisDecisionDistance chosen from a grid on the others (over the settings in use), measured on the person left out (needs two people or more; a replay per point of the grid).")
    var leaveOneOut = false

    @OptionGroup var output: JSONLinesOption

    func validate() throws {
        guard failures >= 0 else { throw ValidationError("--failures must be 0 or more, found \(failures)") }
        guard floor.isFinite, floor >= 0, floor <= 100 else { throw ValidationError("--floor must be a percentage from 0 to 100, found \(floor)") }
    }

    /// A table of rules (rows) by person (columns, then everyone), each cell already in words.
    func peerTable(_ title: String, users: [String], width: Int, rows: [(String, [String])], out: StandardOutput) {
        out.line("")
        out.line(title)
        let columns = users.map { "user \(visibleText($0))" } + ["everyone"]
        out.line("  " + "rule".padding(toLength: 58, withPad: " ", startingAt: 0) + columns.map { pad($0, width) }.joined())
        for (name, cells) in rows {
            out.line("  " + name.padding(toLength: 58, withPad: " ", startingAt: 0) + cells.map { pad($0, width) }.joined())
        }
    }

    /// The recognizers that took part, in words.
    func recognizersLine(_ labels: [StrokeLabel]) -> String {
        switch recognizers {
        case .all: return "all the settings enable"
        case .intents:
            let names = StrokeIntent.listening(for: labels).names.map(\.rawValue)
            // Labels of short and unscored strokes only listen for nothing: the engine then runs
            // what the settings enable, as with --recognizers all (it printed "(of )").
            guard !names.isEmpty else { return "all the settings enable: no label's intent is scored" }
            let axis = names.contains(RecognizerName.swipe.rawValue) ? "; a swipe along the axis they swipe on" : ""
            return "those each trace's intents listen for (of \(names.joined(separator: ", "))\(axis))"
        }
    }

    func run() throws {
        try refuseStandardInputTwice([labels] + [settings, beside].compactMap { $0 }, command: "eval")
        let bytes = try readBytes(labels)
        let read: [StrokeLabel]
        do { read = try StrokeLabels.read(bytes, name: labels) } catch {
            throw CommandFailure.badInput(error.description)
        }
        let replaySettings = try readSettings(settings)
        let folder = PathText.folder(of: labels)
        let results: [StrokeResult]
        do { results = try StrokeEvaluation.run(labels: read, folder: folder, settings: replaySettings, listening: recognizers) } catch {
            throw CommandFailure.badInput(error.description)
        }
        var besideRows: EvaluationBeside?
        if let beside {
            let other = try readSettings(beside)
            do { besideRows = EvaluationBeside(results, try StrokeEvaluation.run(labels: read, folder: folder, settings: other, listening: recognizers)) } catch {
                throw CommandFailure.badInput(error.description)
            }
        }
        let summary = EvaluationSummary(results)
        let missed = results.filter { $0.correct == false }
        // The peers' rules on the swipes and scrolls, and each person left out in turn.
        let users = summary.groups.compactMap(\.user)
        let compared = read.filter { $0.intent == .swipeHorizontal || $0.intent == .scrollVertical }
        var peers: [(String, [SwipeScore])] = []
        if !compared.isEmpty {
            let samples: [StrokeSamples]
            do { samples = try StrokeSamples.read(compared, folder: folder) } catch { throw CommandFailure.badInput(error.description) }
            peers = [("this project (\(settings == nil ? "each trace's settings" : "--settings"))", SwipeScore.of(results, users: users))]
                + PeerRule.allCases.map { ($0.title, SwipeScore.of($0, samples, users: users)) }
        }
        // The peers' tap rules on the same taps, beside this project's.
        var tapPeers: [(String, [(taps: Int, recognized: Int)])] = []
        let taps = read.filter { $0.intent == .tap }
        if !taps.isEmpty {
            let samples: [StrokeSamples]
            do { samples = try StrokeSamples.read(taps, folder: folder) } catch { throw CommandFailure.badInput(error.description) }
            tapPeers = [("this project (\(settings == nil ? "each trace's settings" : "--settings"))", TapPeerRule.project(results, users: users))]
                + TapPeerRule.allCases.map { ($0.title, $0.recall(samples, users: users)) }
        }
        var loo: LeaveOneOut?
        if leaveOneOut {
            guard users.count >= 2 else {
                throw CommandFailure.badInput("touchtrace eval: --leave-one-out needs the strokes of two people or more (`user` in the labels); \(visibleText(displayName(labels))) names \(users.count)")
            }
            do { loo = try LeaveOneOut.run(labels: read, folder: folder, settings: replaySettings ?? GestureSettings(), listening: recognizers) } catch {
                throw CommandFailure.badInput(error.description)
            }
        }
        let out = StandardOutput(lineBuffered: false)
        if output.json {
            var root = json(summary, missed: missed, peers: peers, users: users, leaveOneOut: loo)
            if let besideRows, case .object(var o) = root {
                o["beside"] = json(besideRows)
                root = .object(o)
            }
            out.line(root.serialized())
        } else {
            let traces = Set(read.map(\.trace)).count
            out.line("\(results.count) strokes in \(traces) trace\(traces == 1 ? "" : "s") (\(visibleText(displayName(labels)))); settings: \(settings.map(visibleText) ?? "each trace's own (defaults: swipe.rule heading)"); recognizers: \(recognizersLine(read))")
            // The worst people first (by their lowest recall of an intent), everyone last: a
            // person the rules fail is the first thing seen, not a row among many.
            let people = summary.groups.filter { $0.user != nil }.sorted { lowest($0)?.recall ?? 1 < lowest($1)?.recall ?? 1 }
            for group in people + summary.groups.filter({ $0.user == nil }) {
                out.line("")
                out.line(table(group, outcomes: summary.outcomes))
            }
            if !people.isEmpty {
                let under = people.flatMap { g in
                    g.rows.filter { ($0.recall ?? 1) < floor / 100 }.map { (g.user!, $0) }
                }
                out.line("")
                out.line("under the floor (\(fixed(floor, 1))% of an intent's strokes): "
                         + (under.isEmpty ? "nobody, of \(people.count) people"
                            : under.map { "user \(visibleText($0.0)) \($0.1.intent.rawValue) \(percent($0.1.recall ?? 0)) (\($0.1.correct)/\($0.1.strokes))" }.joined(separator: ", ")))
            }
            if !peers.isEmpty {
                peerTable("beside the peers' rules on the same strokes: horizontal swipes recognized in their direction / vertical scrolls taken for a row swipe",
                          users: users, width: 18, rows: peers.map { ($0.0, $0.1.map { percent($0.recall) + " / " + percent($0.falseRowSwipes, digits: 2) }) }, out: out)
            }
            if !tapPeers.isEmpty {
                peerTable("beside the peers' rules on the same taps: taps recognized as a tap", users: users, width: 12,
                          rows: tapPeers.map { ($0.0, $0.1.map { $0.taps == 0 ? "-" : percent(Double($0.recognized) / Double($0.taps)) }) }, out: out)
            }
            if let loo {
                out.line("")
                out.line("leaving each person out: pan.axisBias and pan.axisDecisionDistance chosen on the others (grid 2–6 × 6–14 mm; "
                         + "no more than 0.5% of scrolls taken for a row swipe, then swipes recognized, then strokes right, then the least waiting)")
                for t in loo.turns {
                    out.line("  user \(visibleText(t.user)) left out: chosen \(fixed(t.bias, 0)):1 and \(fixed(t.distance, 0)) mm "
                             + "(\(percent(t.others.recall)) of the others' swipes) → \(percent(Double(t.correct) / Double(max(1, t.strokes)))) of its strokes right"
                             + (t.swipes.swipes + t.swipes.scrolls > 0 ? ", \(percent(t.swipes.recall)) of its swipes, \(percent(t.swipes.falseRowSwipes, digits: 2)) of its scrolls taken for a row swipe" : ""))
                }
            }
            if let besideRows, let beside { besideLines(besideRows, file: beside, out: out) }
            out.line("")
            out.line("not taken for what they were meant as: \(missed.count)" + (missed.count > failures ? " (the first \(failures))" : ""))
            // What their shapes say, counted over all of them (each line below says its own).
            let back = missed.filter(StrokeShape.turnsBack).count
            let across = missed.filter(StrokeShape.startsAcross).count
            if back + across > 0 {
                out.line("  of them, \(back) turn back (a path \(fixed(StrokeShape.turnsBack, 0))× their net motion or more) and \(across) start across their net motion's axis (their first \(fixed(StrokeShape.firstLeg, 0)) mm)")
            }
            for r in missed.prefix(failures) { out.line("  " + describe(r)) }
        }
        out.flush()
    }

    /// `--beside`: a line per person and intent, then everyone's.
    func besideLines(_ b: EvaluationBeside, file: String, out: StandardOutput) {
        out.line("")
        out.line("beside \(visibleText(displayName(file)))'s settings, the same strokes: taken for something else, and decided later (ms added: mean, most)")
        for r in b.rows {
            let who = r.user.map { "user \(visibleText($0))" } ?? "everyone"
            let changes = r.changed.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key.before.name) → \($0.key.after.name)" }
            let delay = r.meanAdded.map { "\(r.later)/\(r.decidedInBoth) later by > 1 ms, \(ms($0)) ms mean, \(ms(r.mostAdded)) ms most" } ?? "none decided in both"
            out.line("  \(who), \(r.intent.rawValue): \(r.strokes) strokes, \(r.changedCount) taken for something else"
                     + (changes.isEmpty ? "" : " (\(changes.joined(separator: ", ")))") + "; \(delay)")
        }
    }

    /// Seconds as signed milliseconds with one decimal (`+0.0`, `+280.0`).
    func ms(_ seconds: Double) -> String { (seconds >= 0 ? "+" : "") + fixed(seconds * 1000, 1) }

    func json(_ b: EvaluationBeside) -> JSONValue {
        .array(b.rows.map { r in
            var o: JSONObject = [:]
            if let u = r.user { o["user"] = .string(u) }
            o["intent"] = .string(r.intent.rawValue)
            o["strokes"] = .number(Double(r.strokes))
            o["changed"] = .array(r.changed.sorted { $0.key < $1.key }.map {
                .object(["from": .string($0.key.before.name), "to": .string($0.key.after.name), "strokes": .number(Double($0.value))])
            })
            o["decidedInBoth"] = .number(Double(r.decidedInBoth))
            o["later"] = .number(Double(r.later))
            o["meanAddedSeconds"] = r.meanAdded.map { .number($0) } ?? .null
            o["mostAddedSeconds"] = r.decidedInBoth > 0 ? .number(r.mostAdded) : .null
            return .object(o)
        })
    }

    /// A person's intent with the lowest recall (of those scored).
    func lowest(_ g: EvaluationSummary.Group) -> (intent: StrokeIntent, recall: Double)? {
        g.rows.compactMap { r in r.recall.map { (r.intent, $0) } }.min { $0.1 < $1.1 }
    }

    /// One person's table: headline, then a row per intent.
    func table(_ group: EvaluationSummary.Group, outcomes: [StrokeOutcome]) -> String {
        var lines: [String] = []
        var head = group.user.map { "user \(visibleText($0))" } ?? "everyone"
        if let h = group[.swipeHorizontal], let r = h.recall {
            head += ": horizontal swipes recognized \(percent(r)) (\(h.correct)/\(h.strokes))"
        }
        if let v = group[.scrollVertical] {
            head += "; vertical scrolls taken for a row swipe \(percent(Double(v.horizontalSwipes) / Double(v.strokes), digits: 2)) (\(v.horizontalSwipes)/\(v.strokes))"
        }
        lines.append(head)
        let names = outcomes.map(\.name)
        lines.append("  " + "intent".padding(toLength: 18, withPad: " ", startingAt: 0) + pad("strokes", 8) + pad("recall", 8)
                     + names.map { pad($0, max(6, $0.count + 2)) }.joined())
        for row in group.rows {
            var line = "  " + row.intent.rawValue.padding(toLength: 18, withPad: " ", startingAt: 0)
                + pad(String(row.strokes), 8) + pad(row.recall.map { percent($0) } ?? "-", 8)
            for (o, name) in zip(outcomes, names) { line += pad(String(row.outcomes[o] ?? 0), max(6, name.count + 2)) }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    func describe(_ r: StrokeResult) -> String {
        let l = r.label
        let who = l.user.map { "user \(visibleText($0)), " } ?? ""
        let net = "net (\(fixed(r.netMillimeters.x, 1)), \(fixed(r.netMillimeters.y, 1))) mm"
        let shape = StrokeShape.notes(r)
        return "\(visibleText(l.trace)) id \(l.id)\(l.downTime.map { " at \(fixed($0, 3)) s" } ?? "") (\(who)\(l.intent.rawValue), \(net)): taken for \(r.outcome.name)"
            + (r.reason.isEmpty ? "" : " — \(r.reason)") + (shape.isEmpty ? "" : "; " + shape.joined(separator: "; "))
    }

    func json(_ summary: EvaluationSummary, missed: [StrokeResult], peers: [(String, [SwipeScore])], users: [String],
              leaveOneOut: LeaveOneOut?) -> JSONValue {
        func score(_ s: SwipeScore) -> JSONValue {
            .object(["swipes": .number(Double(s.swipes)), "recognized": .number(Double(s.recognized)),
                     "scrolls": .number(Double(s.scrolls)), "rowSwipes": .number(Double(s.rowSwipes))])
        }
        guard case .object(var root) = json(summary, missed: missed) else { return .null }
        root["peers"] = .array(peers.map { name, cells in
            var o: JSONObject = ["rule": .string(name)]
            o["users"] = .array(zip(users, cells).map { u, c in
                guard case .object(var x) = score(c) else { return .null }
                x["user"] = .string(u)
                return .object(x)
            })
            o["everyone"] = cells.last.map(score) ?? .null
            return .object(o)
        })
        if let leaveOneOut {
            root["leaveOneOut"] = .array(leaveOneOut.turns.map { t in
                .object(["user": .string(t.user), "panAxisBias": .number(t.bias), "panAxisDecisionDistance": .number(t.distance),
                         "strokes": .number(Double(t.strokes)), "correct": .number(Double(t.correct)), "swipes": score(t.swipes)])
            })
        }
        return .object(root)
    }

    func json(_ summary: EvaluationSummary, missed: [StrokeResult]) -> JSONValue {
        func group(_ g: EvaluationSummary.Group) -> JSONValue {
            var o = JSONObject()
            if let u = g.user { o["user"] = .string(u) }
            o["intents"] = .array(g.rows.map { row in
                var r: JSONObject = ["intent": .string(row.intent.rawValue), "strokes": .number(Double(row.strokes)),
                                     "correct": .number(Double(row.correct))]
                r["recall"] = row.recall.map { .number($0) } ?? .null
                r["takenFor"] = .object(JSONObject(row.outcomes.sorted { $0.key < $1.key }
                    .map { JSONObject.Member($0.key.name, .number(Double($0.value))) }))
                return .object(r)
            })
            return .object(o)
        }
        let users = summary.groups.filter { $0.user != nil }
        var root: JSONObject = ["strokes": .number(Double(summary.groups.last?.rows.reduce(0) { $0 + $1.strokes } ?? 0))]
        root["everyone"] = summary.groups.last.map(group) ?? .null
        root["users"] = .array(users.map(group))
        root["failures"] = .array(missed.map { r in
            var o: JSONObject = ["trace": .string(r.label.trace), "id": .number(Double(r.label.id))]
            if let t = r.label.downTime { o["t"] = .number(t) }
            if let u = r.label.user { o["user"] = .string(u) }
            o["intent"] = .string(r.label.intent.rawValue)
            o["takenFor"] = .string(r.outcome.name)
            o["net"] = .object(["x": .number(r.netMillimeters.x), "y": .number(r.netMillimeters.y)])
            o["reason"] = .string(r.reason)
            o["shape"] = .array(StrokeShape.notes(r).map { .string($0) })
            return .object(o)
        })
        return .object(root)
    }

    func readBytes(_ path: String) throws -> [UInt8] {
        try readInput(path, json: true)
    }

    func percent(_ x: Double, digits: Int = 1) -> String { fixed(100 * x, digits) + "%" }
    func fixed(_ x: Double, _ digits: Int) -> String { formatFixed(x, digits: digits) }
    func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s + " " : String(repeating: " ", count: width - s.count) + s
    }
}

extension StrokeEvaluation.Listening: ExpressibleByArgument {}
