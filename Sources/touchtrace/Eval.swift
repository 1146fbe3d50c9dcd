import ArgumentParser
import Foundation
import TouchGestures
import TouchTrace
import TouchTools

struct Eval: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay labelled strokes and measure, per intent and per person, how often each was taken for what it was meant as.",
        discussion: """
            LABELS is a JSON array with one object per stroke: {"trace": FILE, "id": CONTACT, \
            "t": DOWN-TIME, "user": WHO, "intent": INTENT} (docs/labels.md). Each trace is \
            replayed once, with its own settings or those of --settings, and each stroke is \
            taken for the first of: a swipe, a long press, a scroll (the pan), a tap, nothing, \
            reported between its touch-down and the next stroke's.

            The table gives, per person and for everyone, each intent's strokes, how many were \
            taken for what they were meant as (recall), and what they were taken for. Then \
            every stroke that was not, with --explain's reason.
            """)

    @Argument(help: "The labels file (JSON); trace paths in it are relative to its folder.")
    var labels: String

    @Option(help: ArgumentHelp("Replay with these settings instead of each trace's own: a JSON object as a trace's scene.settings (e.g. {\"swipe.rule\": \"seedMillimeters\"}).", valueName: "file"))
    var settings: String?

    @Option(help: "Print at most this many strokes that were not taken for what they were meant as (all with --json).")
    var failures = 40

    @OptionGroup var output: JSONLinesOption

    func validate() throws {
        guard failures >= 0 else { throw ValidationError("--failures must be 0 or more, found \(failures)") }
    }

    func run() throws {
        let bytes = try readBytes(labels)
        let read: [StrokeLabel]
        do { read = try StrokeLabels.read(bytes, name: labels) } catch {
            throw CommandFailure.badInput(error.description)
        }
        let replaySettings = try readSettings(settings)
        let folder = PathText.folder(of: labels)
        let results: [StrokeResult]
        do { results = try StrokeEvaluation.run(labels: read, folder: folder, settings: replaySettings) } catch {
            throw CommandFailure.badInput(error.description)
        }
        let summary = EvaluationSummary(results)
        let missed = results.filter { $0.correct == false }
        let out = StandardOutput(lineBuffered: false)
        if output.json {
            out.line(json(summary, missed: missed).serialized())
        } else {
            let traces = Set(read.map(\.trace)).count
            out.line("\(results.count) strokes in \(traces) trace\(traces == 1 ? "" : "s") (\(visibleText(displayName(labels)))); settings: \(settings.map(visibleText) ?? "each trace's own (defaults: swipe.rule heading)")")
            for group in summary.groups {
                out.line("")
                out.line(table(group, outcomes: summary.outcomes))
            }
            out.line("")
            out.line("not taken for what they were meant as: \(missed.count)" + (missed.count > failures ? " (the first \(failures))" : ""))
            for r in missed.prefix(failures) { out.line("  " + describe(r)) }
        }
        out.flush()
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
        return "\(visibleText(l.trace)) id \(l.id)\(l.downTime.map { " at \(fixed($0, 3)) s" } ?? "") (\(who)\(l.intent.rawValue), \(net)): taken for \(r.outcome.name)"
            + (r.reason.isEmpty ? "" : " — \(r.reason)")
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
            return .object(o)
        })
        return .object(root)
    }

    func readBytes(_ path: String) throws -> [UInt8] {
        try readInput(path)
    }

    func percent(_ x: Double, digits: Int = 1) -> String { fixed(100 * x, digits) + "%" }
    func fixed(_ x: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", x) }
    func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s + " " : String(repeating: " ", count: width - s.count) + s
    }
}
