import Testing
import TouchGestures
import TouchTestSupport

/// The drag reports as the other continuous gestures do (issue 50, item 3): began with its
/// claim, changed when the first finger moves or the fingers change, ended or cancelled at the
/// lift, each with the start, the first finger's position and the fingers.
@Suite("The drag's reports")
struct DragReportTests {
    /// An engine with a vertical pan and the drag, as a list whose rows slide runs it.
    private var settings: GestureSettings {
        var s = GestureSettings()
        s.pan.axis = .vertical
        s.arena.enabled.insert(RecognizerSet(.drag))
        return s
    }

    private func drags(_ out: [GestureEvent]) -> [String] {
        out.compactMap { e in
            guard case .drag(let d) = e.kind else { return nil }
            return "\(formatted(e.time)) \(d.phase.rawValue) \(formatted(d.position.x)),\(formatted(d.position.y)) \(d.fingers)f from \(formatted(d.start.x))"
        }
    }

    @Test("began at the claim, changed only when the finger moved, ended at the lift where the finger was")
    func oneFinger() {
        var s = Script()
        s.down(0, 1, 600, 210)
        s.move(0.05, 1, 570, 211)     // 6 mm left: the pan fails across its axis, the drag claims
        s.move(0.10, 1, 510, 212)
        s.move(0.15, 1, 510, 212)     // no motion: no report
        s.up(0.20, 1, 505, 212)
        let (_, out) = replay(s.events, settings: settings)
        #expect(drags(out) == [
            "0.050 began 570.000,211.000 1f from 600.000",
            "0.100 changed 510.000,212.000 1f from 600.000",
            "0.200 ended 505.000,212.000 1f from 600.000",
        ])
    }

    @Test("a second finger is a change of fingers (the row a list drags settles then); a cancel ends it as cancelled")
    func fingersAndCancel() {
        var s = Script()
        s.down(0, 1, 600, 210)
        s.move(0.05, 1, 570, 210)
        s.down(0.10, 2, 300, 300)
        s.up(0.15, 2, 300, 300)
        s.cancel(0.20, 1, 560, 210)
        let (_, out) = replay(s.events, settings: settings)
        #expect(drags(out) == [
            "0.050 began 570.000,210.000 1f from 600.000",
            "0.100 changed 570.000,210.000 2f from 600.000",
            "0.150 changed 570.000,210.000 1f from 600.000",
            "0.200 cancelled 560.000,210.000 1f from 600.000",
        ])
    }

    @Test("a vertical drag is the pan's: no drag report; and with the drag not enabled, none either")
    func noReports() {
        var vertical = Script()
        vertical.down(0, 1, 400, 300)
        vertical.move(0.05, 1, 400, 260)
        vertical.up(0.10, 1, 400, 200)
        #expect(drags(replay(vertical.events, settings: settings).output).isEmpty)
        var across = Script()
        across.down(0, 1, 600, 210)
        across.move(0.05, 1, 570, 210)
        across.up(0.10, 1, 500, 210)
        var plain = GestureSettings()
        plain.pan.axis = .vertical
        #expect(drags(replay(across.events, settings: plain).output).isEmpty)
        // The same touch with the drag enabled: its claim and its lift (the lift's move is the end's).
        #expect(drags(replay(across.events, settings: settings).output) == [
            "0.050 began 570.000,210.000 1f from 600.000", "0.100 ended 500.000,210.000 1f from 600.000",
        ])
    }

    @Test("a held drag claim is released as began, with its end when it already ended")
    func heldClaimBegins() {
        // The drag waiting for the swipe: its claim is held until the swipe fails at the lift.
        var s = Script()
        s.down(0, 1, 600, 210)
        s.move(0.05, 1, 570, 210)
        s.move(0.80, 1, 560, 210)     // slow: the swipe fails only at the lift
        s.up(0.85, 1, 560, 210)
        var held = settings
        held.arena.require(.drag, toWaitFor: .swipe)
        let (engine, out) = replay(s.events, settings: held)
        let lines = drags(out)
        #expect(lines.first?.contains(" began ") == true, "\(lines)")
        #expect(lines.last?.contains(" ended ") == true, "\(lines)")
        #expect(engine.drag.state == .idle)
    }
}
