import ArgumentParser
import Foundation
import TouchGestures
import TouchList
import TouchReplay
import TouchTrace
import TouchTools

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a trace (or every trace in a folder) and print the recognized gestures.",
        discussion: """
            With a folder, every .json and .jsonl trace below it is replayed and checked against \
            its expectations, and a last line says `N passed, N failed` (`, N skipped` for traces \
            with no expectations).

            A trace is parsed on a second thread while the gestures of the events before are \
            recognized, and --json output is formatted by whichever thread has time for it. \
            TOUCHTRACE_THREADS=N (1, 2 or 3) sets how many threads; by default, the processors \
            available.
            """)

    @Argument(help: "A trace file, or a folder of traces.")
    var path: String

    @OptionGroup var output: JSONLinesOption
    var json: Bool { output.json }

    @OptionGroup var explaining: ExplainOption
    var explain: Bool { explaining.explain }

    @Flag(help: "Compare the output with the trace's expect/expectNone; exit 1 on a mismatch.")
    var check = false

    @Option(help: ArgumentHelp("Replay with these settings instead of the trace's own: a JSON object as a trace's scene.settings (e.g. {\"swipe.rule\": \"seedMillimeters\"}).", valueName: "file"))
    var settings: String?

    @Option(help: ArgumentHelp("Replay only the strokes that go down at or after this time (seconds), each whole.", valueName: "seconds"))
    var from: Double?

    @Option(help: ArgumentHelp("Replay only the strokes that go down at or before this time (seconds), each whole.", valueName: "seconds"))
    var to: Double?

    @Option(help: ArgumentHelp("Replay only this contact id's strokes (with --from/--to: one stroke of a trace, as a labels file names it).", valueName: "id"))
    var contact: Int?

    @Flag(help: "Print every continuous report (each pan, pinch and rotation change, each scroll step); by default a run of them is one line that counts them. --json always prints all.")
    var all = false

    /// Whether only some strokes are replayed.
    var picksStrokes: Bool { from != nil || to != nil || contact != nil }

    func validate() throws {
        for (name, t) in [("--from", from), ("--to", to)] {
            if let t, !t.isFinite { throw ValidationError("\(name) must be a time in seconds, found \(t)") }
        }
        if let from, let to, from > to { throw ValidationError("--from \(formatJSONNumber(from)) is after --to \(formatJSONNumber(to))") }
        if check && picksStrokes { throw ValidationError("--check compares a whole trace with its expectations; leave out --from, --to and --contact") }
    }

    func run() throws {
        try refuseStandardInputTwice([path] + [settings].compactMap { $0 }, command: "replay")
        guard let (files, isFolder) = traceFiles(at: path) else {
            throw CommandFailure.badInput("touchtrace: \(path): no such file or folder")
        }
        if isFolder, picksStrokes || settings != nil {
            throw CommandFailure.badInput("touchtrace replay: --settings, --from, --to and --contact are for one trace, not a folder")
        }
        if isFolder { try replayFolder(files) } else { try replayOne(files[0]) }
    }

    /// One trace, its output printed as the replay makes it (a trace of 10⁷ taps kept every
    /// output in memory before printing the first: 770 MB, and an abort for 2 GB).
    func replayOne(_ file: String) throws {
        let replaySettings = try readSettings(settings)
        let stream: TraceEventStream
        do { stream = try TraceEventStream(path: file) } catch {
            throw CommandFailure.badInput(error.description)
        }
        if check, !stream.header.isTest {
            // Nothing to check is not a mismatch: the input cannot answer the question (2).
            throw CommandFailure.badInput("touchtrace: \(file) has no expect or expectNone, so there is nothing to check")
        }
        var checker = check ? ExpectationCheck.Checker(header: stream.header) : nil
        if !json { printDevice(stream.header) }
        var printed = 0
        let out = StandardOutput(lineBuffered: false)
        let threads = ReplayThreads.available
        let jsonLines = json ? FormattingPool(threads: threads, write: writeStandardOutput) : nil
        // Read once: each read of an option's property wrapper looks up generic metadata, and
        // doing it an output cost replay --json a tenth of its time.
        let json = json, explain = explain, fold = !json && !all
        var folder = StepFolder()
        func emit(_ output: ListController.Output) {
            checker?.observe(output)
            if !explain, case .gesture(let g) = output {
                switch g.kind {
                case .failed, .won: return
                default: break
                }
            }
            printed += 1
            if fold {
                if folder.fold(output) { return }
                if let line = folder.summary() { out.line(line) }
            }
            if let jsonLines { jsonLines.append(output) } else { out.line("  " + output.humanDescription) }
        }
        // Parsed on a thread of its own where there is a second processor; the stream's
        // diagnostics are read after the replay. (Two calls, not one over an AnySequence: that
        // would add a boxed call at every event.)
        let header = stream.header, explainAll = explain || check
        // An edit the list refused at its time is said, after the output (it was dropped without a word).
        var skippedEdits: [String] = []
        func skipped(_ message: String) { skippedEdits.append("\(displayName(file)): warning: " + message) }
        let (from, to, contact) = (from, to, contact)
        let list: ListModel
        switch (threads >= 2, picksStrokes) {
        case (true, false):
            list = TraceReplay.run(header: header, settings: replaySettings, explain: explainAll, events: ReadAhead(stream, helper: jsonLines), skipped: skipped, emit: emit)
        case (false, false):
            list = TraceReplay.run(header: header, settings: replaySettings, explain: explainAll, events: stream, skipped: skipped, emit: emit)
        case (_, true):
            list = TraceReplay.run(header: header, settings: replaySettings, explain: explainAll,
                                   events: StrokeWindow(stream, from: from, to: to, contact: contact), skipped: skipped, emit: emit)
        }
        if fold, let line = folder.summary() { out.line(line) }
        out.flush()
        jsonLines?.finish()
        if stream.hasErrors {
            printError(stream.diagnostics.filter { $0.severity == .error }.map(\.description).joined(separator: "\n"))
            throw CommandFailure.badInput("touchtrace: \(file) is not a valid trace; "
                + (printed > 0 ? "the output above covers only the events before its errors" : "nothing was replayed"))
        }
        for w in stream.diagnostics where w.severity == .warning { printError(w.description) }
        for w in skippedEdits { printError(w) }
        if !json {
            if printed == 0 { print("  (no gestures)") }
            printList(list)
        }
        if let checker {
            let diffs = checker.differences()
            if diffs.isEmpty {
                if !json { print("check: passed") }
            } else {
                for d in diffs { printError("\(file): \(d)") }
                throw CommandFailure.mismatch("check: FAILED (\(diffs.count) difference\(diffs.count == 1 ? "" : "s"))")
            }
        }
    }

    /// The device line that heads a replay's text output.
    func printDevice(_ header: TraceHeader) {
        let s = header.surface
        let res = s.resolutionIsDefault
            ? "no resolution given, assuming \(formatJSONNumber((Surface.defaultUnitsPerMillimeter * 100).rounded() / 100)) units/mm"
            : "\(formatJSONNumber(s.unitsPerMillimeter.x)) × \(formatJSONNumber(s.unitsPerMillimeter.y)) units/mm"
        print("\(header.device.name ?? "touch surface"): \(formatJSONNumber(s.width)) × \(formatJSONNumber(s.height)) \(header.device.units ?? "px"), \(res)")
    }

    /// The list as the gestures left it, after the output.
    func printList(_ list: ListModel) {
        let rows = list.rowCount
        let swiped = list.rowSwipes.open.keys.sorted()
        print("list: \(rows) rows, policy \(list.options.swipePolicy.rawValue)\(list.contentOffset > 0 ? ", scrolled by \(formatJSONNumber((list.contentOffset * 10).rounded() / 10))" : ""); swiped: \(swiped.isEmpty ? "none" : swiped.map(String.init).joined(separator: ", ")); selected: \(list.selectedRow.map(String.init) ?? "none")")
        let shownRows = min(rows, 12)
        for r in 0..<shownRows {
            let mark = list.rowSwipes.isSwiped(r) ? "◀▮ swiped " : "          "
            let sel = list.selectedRow == r ? "  ← selected" : ""
            print("  │ row \(String(r).padding(toLength: 3, withPad: " ", startingAt: 0)) \(mark)│\(sel)")
        }
        if rows > shownRows { print("  │ … \(rows - shownRows) more rows") }
    }

    func replayFolder(_ files: [String]) throws {
        var passed = 0, failed = 0, skipped = 0, invalid = 0
        for file in files {
            let stream: TraceEventStream
            do { stream = try TraceEventStream(path: file) } catch {
                failed += 1
                invalid += 1
                print("FAIL \(file): not a valid trace")
                for d in error.diagnostics where d.severity == .error { print("     \(d)") }
                continue
            }
            // Checked as it runs; the output is kept only to be shown (--explain) on a failure.
            var checker = ExpectationCheck.Checker(header: stream.header)
            var output: [ListController.Output] = []
            _ = TraceReplay.run(stream: stream, explain: true) { o in
                checker.observe(o)
                if explain { output.append(o) }
            }
            if stream.hasErrors {
                failed += 1
                invalid += 1
                print("FAIL \(file): not a valid trace")
                for d in stream.diagnostics where d.severity == .error { print("     \(d)") }
                continue
            }
            guard stream.header.isTest else {
                skipped += 1
                print("SKIP \(file): no expect or expectNone")
                continue
            }
            let diffs = checker.differences()
            if diffs.isEmpty {
                passed += 1
                if !json { print("PASS \(file)") }
            } else {
                failed += 1
                print("FAIL \(file)")
                for d in diffs { print("     \(d)") }
                if explain {
                    for e in output { print("       " + e.humanDescription) }
                }
            }
        }
        print("\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : ""))
        // An unreadable trace is bad input (2), which outranks a mismatch (1).
        if invalid > 0 { throw CommandFailure.badInput("") }
        if failed > 0 { throw CommandFailure.mismatch("") }
    }
}
