import Foundation
import Testing
import TouchGestures
@testable import TouchTools
import TouchTrace
import TouchTestSupport

/// `touchtrace eval --beside`: the same strokes with and without declared sequences, what changed
/// and how much later each was decided.
@Suite("Labelled strokes beside other settings: touchtrace eval --beside")
struct EvalBesideTests {
    func settings(_ json: String) throws -> GestureSettings {
        try GestureSettings.from(json: JSONValue.parse(Array(json.utf8), name: "s"), source: "s")
    }

    /// A swipe up from the bottom edge with no hold, a plain tap, a double tap, and the held
    /// stroke up from the bottom edge, each labelled.
    let labels = [
        StrokeLabel(trace: corpusPath("sequence-sxmo-no-hold-is-a-swipe.json"), id: 0, user: "a", intent: .swipeUp),
        StrokeLabel(trace: corpusPath("tap-single-no-double-tap-recognizer.json"), id: 0, user: "a", intent: .tap),
        StrokeLabel(trace: corpusPath("tap-double.json"), id: 0, user: "b", intent: .tap),
        StrokeLabel(trace: corpusPath("sequence-sxmo-hold-bottom-then-up.json"), id: 0, user: "b", intent: .unscored),
    ]

    @Test("the drawer takes the held stroke and delays nothing else; a double tap then a hold delays the double tap by the gap it allows")
    func sequencesBeside() throws {
        // Each trace's own settings are replaced by the defaults, with and without sequences.
        let plain = try StrokeEvaluation.run(labels: labels, folder: "/", settings: GestureSettings())
        let drawer = try settings(#"{"sequences": [{"name": "drawer", "steps": [{"touch": 1, "edge": "bottom"}, {"hold": 0.4}, {"move": "up", "distance": 15}]}]}"#)
        let withDrawer = try StrokeEvaluation.run(labels: labels, folder: "/", settings: drawer)
        #expect(Array(plain.map(\.outcome).prefix(3)) == [.swipe(.up), .tap, .tap] && plain[3].outcome != .sequence)
        #expect(withDrawer.map(\.outcome) == [.swipe(.up), .tap, .tap, .sequence])
        let b = EvaluationBeside(plain, withDrawer)
        let everyone = b.rows.filter { $0.user == nil }
        // The swipe's hold fails as the finger moves past the tap slop, before the swipe's 12 mm:
        // the swipe comes when it came. A tap away from the bottom edge fails the drawer's first
        // step as it lands.
        for r in everyone where r.intent != .unscored {
            #expect(r.changedCount == 0 && r.later == 0 && abs(r.meanAdded ?? 1) < 0.0005, "\(r)")
        }
        let held = try #require(everyone.first { $0.intent == .unscored })
        #expect(held.changedCount == 1 && held.changed.keys.first?.after == .sequence)
        // A sequence that begins with a double tap: the double tap waits for the touch that may
        // follow it (tap.maxGap, 0.3 s by default, after its lift).
        let tapTapHold = try settings(#"{"sequences": [{"name": "tap-tap-hold", "steps": [{"tap": 1, "taps": 2}, {"touch": 1}, {"hold": 0.5}]}]}"#)
        let waited = EvaluationBeside(plain, try StrokeEvaluation.run(labels: labels, folder: "/", settings: tapTapHold))
        let b2 = try #require(waited.rows.first { $0.user == "b" && $0.intent == .tap })
        #expect(b2.changedCount == 0 && b2.later == 1)
        #expect(b2.mostAdded > 0.25 && b2.mostAdded < 0.35, "\(b2.mostAdded)")
        // The single tap has no double tap bound to wait for.
        let a = try #require(waited.rows.first { $0.user == "a" && $0.intent == .tap })
        #expect(a.later == 0)
    }
}
