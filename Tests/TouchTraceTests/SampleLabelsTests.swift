import Foundation
import Testing
import TouchGestures
@testable import TouchTools
import TouchTrace
import TouchTestSupport

/// `examples/labels`: the labelled sample a plain clone can run `touchtrace eval` on, made by the
/// project (three people's descriptions through `touchtrace synth`), and the per-person,
/// leave-one-out and peers' figures `eval` gives on it.
@Suite("The sample labels and touchtrace eval's comparisons")
struct SampleLabelsTests {
    static let folder = packageRoot.appendingPathComponent("examples/labels")
    static let people = ["a", "b", "c"]

    @Test("each sample trace is what synth makes of its description, byte for byte")
    func tracesAreTheirDescriptions() throws {
        for p in Self.people {
            let description = try String(contentsOf: Self.folder.appendingPathComponent("\(p).txt"), encoding: .utf8)
            let made = TraceWriter.document(try TraceSynth.trace(from: description, name: "\(p).txt"))
            let shipped = try String(contentsOf: Self.folder.appendingPathComponent("\(p).json"), encoding: .utf8)
            #expect(made == shipped, "examples/labels/\(p).json is not what `touchtrace synth \(p).txt \(p).json` makes")
        }
    }

    @Test("every stroke is labelled once, with the intent its statement describes")
    func labelsAgreeWithTheStatements() throws {
        let labels = try StrokeLabels.read(Array(try Data(contentsOf: Self.folder.appendingPathComponent("labels.json"))), name: "labels.json")
        for p in Self.people {
            let description = try String(contentsOf: Self.folder.appendingPathComponent("\(p).txt"), encoding: .utf8)
            let strokes = try TraceSynth.make(from: description).strokes
            let mine = labels.filter { $0.trace == "\(p).json" }
            #expect(mine.count == strokes.count, "\(p): \(mine.count) labels for \(strokes.count) strokes")
            for (l, s) in zip(mine, strokes) {
                #expect(l.id == s.id && abs((l.downTime ?? -1) - s.downTime) < 1e-6 && l.user == p)
                // `drag from X,Y to X,Y`: along whichever axis it moves more; `tap`: a tap.
                let words = s.statement.split(separator: " ")
                var meant = StrokeIntent.tap
                if words.first == "drag" {
                    let a = words[2].split(separator: ",").compactMap { Double($0) }, b = words[4].split(separator: ",").compactMap { Double($0) }
                    meant = abs(b[0] - a[0]) > abs(b[1] - a[1]) ? .swipeHorizontal : .scrollVertical
                }
                #expect(l.intent == meant, "\(p) id \(s.id) `\(s.statement)` is labelled \(l.intent.rawValue)")
            }
        }
    }

    @Test("touchtrace eval on the sample: per person, each left out in turn, beside the four peers' rules")
    func evalComparesAndLeavesOut() throws {
        let r = try CLITests().run(["eval", "--json", "--leave-one-out", Self.folder.appendingPathComponent("labels.json").path])
        #expect(r.status == 0, "\(r.err)")
        let root = try JSONValue.parse(Array(r.out.utf8), name: "out")
        guard case .array(let peers)? = root["peers"], case .array(let turns)? = root["leaveOneOut"] else {
            Issue.record("no peers or leaveOneOut: \(r.out)")
            return
        }
        #expect(peers.count == 1 + PeerRule.allCases.count)
        #expect(peers.compactMap { $0["users"]?.arrayValue?.count } == Array(repeating: 3, count: peers.count))
        #expect(turns.compactMap { $0["user"]?.stringValue } == Self.people)
        // lisgd's rule takes none of person b's slanted swipes (all 27–30° off level, past its ±15°).
        let lisgd = peers.first { $0["rule"]?.stringValue?.hasPrefix("lisgd") == true }
        let b = lisgd?["users"]?.arrayValue?.first { $0["user"] == .string("b") }
        #expect(b?["recognized"] == .number(0) && b?["swipes"] == .number(3), "\(String(describing: b))")
    }

    @Test("leaving a person out, the choice never depends on that person's strokes")
    func theChoiceIsMadeWithoutThePersonLeftOut() throws {
        let folder = Self.folder.path
        let labels = try StrokeLabels.read(Array(try Data(contentsOf: Self.folder.appendingPathComponent("labels.json"))), name: "labels.json")
        let base = try #require(try LeaveOneOut.run(labels: labels, folder: folder))
        for (k, p) in Self.people.enumerated() {
            // The person's swipes labelled as scrolls and the scrolls as swipes: every figure of
            // theirs changes, and the setting chosen for them must not.
            let flipped = labels.map { l -> StrokeLabel in
                guard l.user == p else { return l }
                var m = l
                m.intent = l.intent == .swipeHorizontal ? .scrollVertical : l.intent == .scrollVertical ? .swipeHorizontal : l.intent
                return m
            }
            let other = try #require(try LeaveOneOut.run(labels: flipped, folder: folder))
            #expect(other.turns[k].bias == base.turns[k].bias && other.turns[k].distance == base.turns[k].distance, "\(p)")
            #expect(other.turns[k].swipes != base.turns[k].swipes, "\(p): flipping its labels changed none of its figures")
        }
    }

    @Test("eval prints the worst people first and names each under the floor (a person the rules fail was one table among many)")
    func worstFirstAndTheFloor() throws {
        // Person c's two swipes right labelled as taps: c's taps at 2 of 4, below any floor.
        let dir = TempDir()
        for p in Self.people {
            try FileManager.default.copyItem(atPath: Self.folder.appendingPathComponent("\(p).json").path, toPath: dir.path("\(p).json"))
        }
        let text = try String(contentsOf: Self.folder.appendingPathComponent("labels.json"), encoding: .utf8)
            .replacingOccurrences(of: #""trace": "c.json", "id": 0, "t": 0, "user": "c", "intent": "swipe-horizontal""#,
                                  with: #""trace": "c.json", "id": 0, "t": 0, "user": "c", "intent": "tap""#)
            .replacingOccurrences(of: #""trace": "c.json", "id": 5, "t": 3.2, "user": "c", "intent": "swipe-horizontal""#,
                                  with: #""trace": "c.json", "id": 5, "t": 3.2, "user": "c", "intent": "tap""#)
        try text.write(toFile: dir.path("labels.json"), atomically: false, encoding: .utf8)
        let r = try CLITests().run(["eval", dir.path("labels.json")])
        #expect(r.status == 0, "\(r.err)")
        let heads = r.out.split(separator: "\n").filter { $0.hasPrefix("user ") || $0.hasPrefix("everyone") }.map { String($0.prefix(6)) }
        #expect(heads == ["user c", "user a", "user b", "everyo"], "\(heads)")
        #expect(r.out.contains("under the floor (95.0% of an intent's strokes): user c tap 50.0% (2/4)"), "\(r.out)")
        let none = try CLITests().run(["eval", "--floor", "90", Self.folder.appendingPathComponent("labels.json").path])
        #expect(none.out.contains("under the floor (90.0% of an intent's strokes): nobody, of 3 people"), "\(none.out)")
    }

    @Test("--leave-one-out with one person is bad input that says why")
    func leaveOneOutNeedsTwoPeople() throws {
        let dir = TempDir()
        try FileManager.default.copyItem(atPath: Self.folder.appendingPathComponent("a.json").path, toPath: dir.path("a.json"))
        try #"[{"trace": "a.json", "id": 0, "user": "a", "intent": "swipe-horizontal"}]"#.write(toFile: dir.path("l.json"), atomically: false, encoding: .utf8)
        let r = try CLITests().run(["eval", "--leave-one-out", dir.path("l.json")])
        #expect(r.status == 2 && r.err.contains("--leave-one-out needs the strokes of two people or more") && r.err.contains("names 1"), "\(r.err)")
    }
}
