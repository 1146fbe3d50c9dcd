import TouchPlatform
import Foundation
import Testing
import TouchGestures
import TouchList
@testable import TouchTools
import TouchTrace
import TouchTestSupport

/// Property tests over the classes of input the last hostile run broke, so that a case next to
/// the one fixed is covered too: labels files, path names, and rows that slide.
@Suite("Hostile input, by class")
struct HostileClassTests {
    /// A labels entry made of random parts: known keys with good or bad values, unknown keys,
    /// keys given twice, numbers out of a double's range.
    static func randomEntry(_ r: inout SplitMix) -> String {
        let values = [#""a.json""#, #""""#, "0", "3", "2.5", "-1", "1e999", "-1e999", "null", "true", "[1]", #"{"x": 1}"#,
                      #""tap""#, #""swipe-left""#, #""nope""#, #""a\u001b[2Jb""#, "1e9", "1.5"]
        let keys = StrokeLabels.keys + ["intnet", "T", ""]
        var members: [String] = []
        for _ in 0..<r.int(7) {
            let key = keys[r.int(keys.count)]
            members.append("\"\(key)\": \(values[r.int(values.count)])")
        }
        return "{" + members.joined(separator: ", ") + "}"
    }

    @Test("a labels file of random entries is read whole or refused with every problem located; what is read is what was written")
    func labelsReaderProperties() throws {
        var r = SplitMix(state: 33)
        for round in 0..<400 {
            let entries = (0..<(1 + r.int(6))).map { _ in Self.randomEntry(&r) }
            let text = "[\n" + entries.joined(separator: ",\n") + "\n]"
            do {
                let labels = try StrokeLabels.read(Array(text.utf8), name: "l.json")
                #expect(labels.count == entries.count, "round \(round): \(text)")
                for (k, l) in labels.enumerated() {
                    // Each label is on its own line: entry k on line k + 2.
                    #expect(l.location.line == k + 2, "round \(round): \(l.location)")
                    #expect(!l.trace.isEmpty && l.downTime.map(\.isFinite) ?? true)
                }
            } catch {
                #expect(!error.diagnostics.isEmpty)
                for d in error.diagnostics {
                    #expect(d.location.line != nil && d.location.column != nil, "round \(round): \(d) has no place")
                    #expect(!d.message.contains("\u{1B}"), "round \(round): a raw escape in \(d.message.debugDescription)")
                    // Entry k is on line k + 2: "found null" only where that entry holds a null
                    // (1e999, read as infinite, was reported so).
                    if let line = d.location.line, line >= 2, line - 2 < entries.count, d.message.hasSuffix("found null") {
                        #expect(entries[line - 2].contains("null"), "round \(round): \(d.message) for \(entries[line - 2])")
                    }
                }
            }
        }
    }

    @Test("labels of random strokes of one trace: each stroke counted once, every label judged or refused at its place")
    func evaluationProperties() throws {
        let trace = corpusPath("demo-session.json")
        let (read, _) = try TraceReader.read(path: trace)
        let downs = read.events.filter { $0.phase == .down }
        var r = SplitMix(state: 34)
        for round in 0..<60 {
            var labels: [StrokeLabel] = []
            for k in 0..<(1 + r.int(12)) {
                let d = downs[r.int(downs.count)]
                let t: Double? = r.int(3) == 0 ? nil : d.time + (r.int(4) == 0 ? 0.5 : 0)
                labels.append(StrokeLabel(trace: trace, id: d.id + (r.int(6) == 0 ? 7 : 0), downTime: t,
                                          intent: StrokeIntent.allCases[r.int(StrokeIntent.allCases.count)],
                                          location: SourceLocation(file: "l.json", line: k + 2, column: 1)))
            }
            // The rules, worked out here on their own: a label names the first stroke of its id,
            // or the one going down within 1 ms of its time; a label naming no stroke, or a stroke
            // an earlier label named, is refused at its line.
            var named: Set<Int> = [], refused: [Int] = []
            for (k, l) in labels.enumerated() {
                let stroke = downs.indices.first { i in
                    downs[i].id == l.id && (l.downTime.map { abs($0 - downs[i].time) <= 0.001 } ?? true)
                }
                if let stroke, named.insert(stroke).inserted { continue }
                refused.append(k + 2)
            }
            do {
                let results = try StrokeEvaluation.run(labels: labels, folder: "")
                #expect(refused.isEmpty, "round \(round): lines \(refused) should have been refused")
                #expect(results.count == labels.count)
            } catch {
                #expect(error.diagnostics.compactMap(\.location.line) == refused, "round \(round): \(error.diagnostics)")
            }
        }
    }

    @Test("a path's folder and name are what POSIX dirname and basename say, for random paths (one letter, -, slashes, dots)")
    func pathsAsPOSIX() {
        var r = SplitMix(state: 35)
        let parts = ["", "x", "-", ".", "..", "ab", "a b", "é"]
        for _ in 0..<2000 {
            var path = r.int(3) == 0 ? "/" : ""
            for k in 0..<(1 + r.int(4)) {
                if k > 0 { path += String(repeating: "/", count: 1 + r.int(2)) }
                path += parts[r.int(parts.count)]
            }
            if r.int(4) == 0 { path += "/" }
            guard !path.isEmpty else { continue }
            var a = Array(path.utf8CString), b = Array(path.utf8CString)
            var dir = String(cString: dirname(&a))
            let base = String(cString: __xpg_basename(&b))
            // POSIX leaves a leading "//" to the system; glibc keeps it, PathText does not.
            if dir == "//" { dir = "/" }
            // POSIX names the working folder "."; PathText names it "", to join onto.
            let folder = PathText.folder(of: path)
            if path != "-" {
                #expect((folder.isEmpty ? "." : folder) == dir, "folder of \(path.debugDescription): \(folder) against \(dir)")
            } else {
                #expect(folder.isEmpty)
            }
            #expect(PathText.lastComponent(of: path) == base, "name of \(path.debugDescription): \(PathText.lastComponent(of: path)) against \(base)")
        }
    }

    @Test("random drags of random rows at random times: every row ends where its state says, each settle exactly at its target")
    func slidingRowsSettle() {
        var r = SplitMix(state: 36)
        for round in 0..<150 {
            var options = ListOptions()
            options.leadingActions = RowActions(width: Double(40 + r.int(200)))
            options.trailingActions = RowActions(width: Double(40 + r.int(200)))
            var s = Script()
            var t = 0.0
            for id in 0..<(2 + r.int(5)) {
                let y = 30 + 60 * Double(r.int(8))
                let toRight = r.int(2) == 0
                let length = Double(30 + r.int(400)) * (toRight ? 1 : -1)
                let x0 = toRight ? 100.0 : 700.0
                s.down(t, id, x0, y)
                let steps = 2 + r.int(6)
                for k in 1...steps {
                    s.move(t + 0.02 * Double(k), id, x0 + length * Double(k) / Double(steps), y)
                }
                // Held still a moment before the lift, or not; lifted at once, or 50 ms later.
                var lift = t + 0.02 * Double(steps) + 0.03
                if r.int(2) == 0 {
                    s.move(lift, id, x0 + length, y)
                    lift += 0.02
                }
                lift += 0.05 * Double(r.int(2))
                s.up(lift, id, x0 + length, y)
                // The next drag begins after this one ended (a script's touches are in time order).
                t = lift + 0.02 + 0.3 * r.double()
            }
            let (controller, out) = replayList(s.events, list: ListModel(layout: eightRows, options: options))
            var last: [Int: Double] = [:]
            for o in out { if case .list(let e) = o, case .rowOffset(let row, let x) = e.kind { last[row] = x } }
            #expect(!controller.isAnimating, "round \(round)")
            for (row, x) in last {
                let now = controller.list.offset(ofRow: row)
                #expect(x == now, "round \(round): row \(row) last reported \(x), is at \(now)")
                #expect(now == 0 || now == options.leadingActions.width || now == -options.trailingActions.width,
                        "round \(round): row \(row) rests at \(now), neither closed nor open")
                #expect(x.isFinite)
            }
            #expect(last.values.filter { $0 != 0 }.count <= 1, "round \(round): more than one row open: \(last)")
        }
    }
}
