import ArgumentParser
import Foundation
import TouchGestures
import TouchReplay
import TouchTrace
import TouchTools

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare the gesture output of two traces, or of one trace under two settings files.",
        discussion: """
            Settings files are JSON objects whose keys are the setting names (flat with dots, or \
            nested): the thresholds \(GestureSettings.keyNames.joined(separator: ", ")), and \
            \(GestureSettings.choiceKeyNames.joined(separator: ", ")). A trace's own \
            `scene.settings` has the same form. \
            The outputs are shown side by side, lined up as a diff lines up lines: an output only \
            one side has faces a gap (·), and the first difference is marked >>. Exit 0 when they \
            are the same, 1 when they differ, 2 on bad input.
            """)

    @Argument(help: "A trace, and optionally a second one.")
    var traces: [String]

    @Option(name: .customLong("settings-a"), help: "Settings for the first side (default: the trace's own, else the library's).")
    var settingsA: String?

    @Option(name: .customLong("settings-b"), help: "Settings for the second side (default: the trace's own, else the library's).")
    var settingsB: String?

    func loadSettings(_ path: String?) throws -> GestureSettings? { try readSettings(path) }

    func run() throws {
        guard (1...2).contains(traces.count) else { throw CommandFailure.badInput("touchtrace diff: give one or two traces") }
        if traces.count == 1 && settingsA == nil && settingsB == nil {
            throw CommandFailure.badInput("touchtrace diff: with one trace, give --settings-a and/or --settings-b to compare")
        }
        try refuseStandardInputTwice(traces + [settingsA, settingsB].compactMap { $0 }, command: "diff")
        let a = try loadSettings(settingsA), b = try loadSettings(settingsB)
        func output(_ t: Trace, _ s: GestureSettings?) -> [String] {
            TraceReplay.run(header: t.header, settings: s, events: t.events).output.map(\.brief)
        }
        // Each trace read once: standard input cannot be read twice.
        let traceA = try readTrace(traces[0])
        let left = output(traceA, a)
        let right = output(traces.count == 2 ? try readTrace(traces[1]) : traceA, b)
        let titleA = traces[0] + (settingsA.map { " with \($0)" } ?? "")
        let titleB = (traces.count == 2 ? traces[1] : traces[0]) + (settingsB.map { " with \($0)" } ?? "")
        let width = max(24, (left.map(\.count).max() ?? 0) + 2)
        print("A: \(titleA)\nB: \(titleB)")
        print("   " + "A".padding(toLength: width, withPad: " ", startingAt: 0) + "  B")
        // Lined up as a diff is: an output only one side has faces a gap, and the rest stay
        // side by side. Past 2,000 differences, by position.
        let aligned = OutputAlignment.rows(left, right)
        let rows = aligned ?? (0..<max(left.count, right.count)).map {
            OutputAlignment.Row(a: $0 < left.count ? $0 : nil, b: $0 < right.count ? $0 : nil)
        }
        var first: OutputAlignment.Row?
        var differing = 0
        for row in rows {
            let l = row.a.map { left[$0] } ?? "", r = row.b.map { right[$0] } ?? ""
            let same = row.a != nil && row.b != nil && l == r
            if !same {
                differing += 1
                if first == nil { first = row }
            }
            let mark = same ? "  " : (first == row && differing == 1 ? ">>" : " ≠")
            let shownL = row.a == nil ? "·" : l, shownR = row.b == nil ? "·" : r
            print(mark + " " + shownL.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + shownR)
        }
        if let first {
            let whereA = first.a.map { "A's output \($0 + 1)" } ?? "a gap in A"
            let whereB = first.b.map { "B's output \($0 + 1)" } ?? "a gap in B"
            print("\(differing) row\(differing == 1 ? "" : "s") differ; the first at \(whereA), \(whereB) (A has \(left.count) outputs, B \(right.count))"
                  + (aligned == nil ? "; over 2,000 differences, so lined up by position" : ""))
            throw CommandFailure.mismatch("")
        }
        print("same output (\(left.count) events)")
    }
}
