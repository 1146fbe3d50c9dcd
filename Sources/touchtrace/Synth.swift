import ArgumentParser
import TouchGestures
import TouchReplay
import TouchTrace
import TouchTools

struct Synth: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synth",
        abstract: "Make a trace from a short description (gestures, device, list, expectations).",
        discussion: """
            One statement a line or separated by ';'. Settings: device 800x480 [res 5 | mm], \
            list rows 8 height 60 [policy P] [trailing 80,80] [leading 80] [reorder], rate 120, \
            jitter 0.3mm, seed 7, gap 0.5s. Gestures: \
            swipe right 40mm [in 0.25s] [at X,Y] [fingers N]; tap|double-tap [at X,Y] [fingers N] \
            [hold S]; long-press [at X,Y] [for S]; fling DIR [30mm] [in S]; pinch [at X,Y] \
            [from 20mm] [to 60mm] [in S]; rotate [at X,Y] [by 90deg] [radius 15mm] [in S]; \
            drag from X,Y to X,Y [in S] [hold S]; pause S. The app's edits, when reached (after a \
            tap, once it is reported: 0.3 s after its lift): delete ROW…; insert ROW…; move ROW to \
            ROW; joined by 'and' into one batch. Times: 0.25s, 250ms or 0.25 (seconds). \
            Expectations: expect TYPE field=value…; expect-none TYPE…; the trace is written only \
            when replaying its events meets them (--unchecked writes it anyway). A description \
            file of - is standard input.
            Example: touchtrace synth -e "list rows 8 height 60; swipe right 40mm at 300,210; \
            expect rowSwipe row=3 swiped=true" out.json
            """)

    @Option(name: .short, help: "The description itself, instead of a file.")
    var e: String?

    @Flag(help: "Write the trace even when replaying its events contradicts its expectations (a known bug, recorded on purpose).")
    var unchecked = false

    @Argument(help: "A file with the description (omit with -e), then where to write the trace (.json or .jsonl).")
    var paths: [String]

    func run() throws {
        let text: String
        let output: String
        if let e {
            guard paths.count == 1 else { throw CommandFailure.badInput("touchtrace synth: with -e, give only the output path") }
            text = e
            output = paths[0]
        } else {
            guard paths.count == 2 else { throw CommandFailure.badInput("touchtrace synth: give a description file and an output path (or -e TEXT OUT)") }
            text = String(decoding: try readInput(paths[0]), as: UTF8.self)
            output = paths[1]
        }
        let (trace, strokes) = try TraceSynth.make(from: text, name: e != nil ? "-e" : paths[0])
        // A golden trace whose own events contradict its expectations is a mistake in the
        // description (or a bug to record on purpose: --unchecked); either way it is not written
        // without a word.
        if trace.header.isTest, !unchecked {
            var checker = ExpectationCheck.Checker(header: trace.header)
            _ = TraceReplay.run(header: trace.header, events: trace.events) { checker.observe($0) }
            let differences = checker.differences()
            if !differences.isEmpty {
                throw CommandFailure.mismatch("touchtrace synth: \(e != nil ? "-e" : paths[0]): the replay of the events it describes contradicts its expectations, so \(output) was not written (--unchecked writes it anyway):\n"
                    + differences.map { "  " + $0 }.joined(separator: "\n"))
            }
        }
        try writeTrace(trace, to: output)
        // Each stroke's id and touch-down time: what a labels file for `touchtrace eval` names.
        var lines = ["\(OutputFile.displayName(output)): \(trace.events.count) events\(trace.header.isTest ? ", with expectations" : "")"
                     + ", \(strokes.count) stroke\(strokes.count == 1 ? "" : "s") (id, touch-down time, statement):"]
        for s in strokes.prefix(1000) { lines.append("  id \(s.id) at \(formatJSONNumber(s.downTime)) s: \(visibleText(s.statement))") }
        if strokes.count > 1000 { lines.append("  … and \(strokes.count - 1000) more") }
        reportWritten(lines.joined(separator: "\n"), output: output)
    }
}
