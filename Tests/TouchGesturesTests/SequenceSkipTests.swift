import Foundation
import Testing
import TouchGestures
import TouchTestSupport

/// A run skips the frames that cannot change it (its slack: how far every finger may still move
/// before its step can be done or broken). With two fingers, a pinch's spread (their distance) and a
/// rotation's turn (the line between them) move half as far for a finger's move as with more, and
/// the slack is twice as large. These strokes put the step's threshold at a known frame, from the
/// rule alone: a slack too large would skip that frame, and the sequence would be done later.
/// The usual panel: 800 × 480 at 5 units/mm, a frame every 20 ms.
@Suite("Declared sequences skip no frame that decides")
struct SequenceSkipTests {
    private typealias Step = GestureSequence.Step

    private func doneTimes(_ events: [TouchEvent], _ sequence: GestureSequence) -> [Double] {
        var s = GestureSettings()
        s.sequences = [sequence]
        return replay(events, settings: s).output.compactMap { if case .sequence = $0.kind { $0.time } else { nil } }
    }

    /// Two fingers `mm` apart about (400, 240) turning `degrees` a frame clockwise on the screen;
    /// `pivot`: the first finger stays put and the second goes round it, else both go round their
    /// centre.
    private func turning(mm: Double, degrees: Double, frames: Int, pivot: Bool) -> [TouchEvent] {
        var s = Script()
        let r = mm * 5 / (pivot ? 1 : 2)
        let (cx, cy) = (400.0, 240.0)
        func at(_ k: Int) -> (Double, Double, Double, Double) {
            let a = Double(k) * degrees * Double.pi / 180
            if pivot { return (cx, cy, cx + r * cos(a), cy + r * sin(a)) }
            return (cx - r * cos(a), cy - r * sin(a), cx + r * cos(a), cy + r * sin(a))
        }
        let p0 = at(0)
        s.down(0, 1, p0.0, p0.1); s.down(0, 2, p0.2, p0.3)
        for k in 1...frames {
            let p = at(k)
            s.move(Double(k) * 0.02, 1, p.0, p.1); s.move(Double(k) * 0.02, 2, p.2, p.3)
        }
        let end = at(frames)
        s.up(Double(frames + 1) * 0.02, 1, end.0, end.1); s.up(Double(frames + 1) * 0.02, 2, end.2, end.3)
        return s.events
    }

    @Test("a turn of two fingers is done at the first frame past its angle, near the centre or far, each finger turning or one",
          arguments: [3.0, 8.0, 20.0], [1.0, 4.0, 9.0])
    func turnAtItsFrame(mm: Double, degrees: Double) {
        let turn = GestureSequence(name: "turn", steps: [Step(.touch(fingers: 2)), Step(.rotate(.clockwise, angle: 27.5))])
        // The first frame whose turn reaches 27.5°: 28 frames of 1°, 7 of 4°, 4 of 9°.
        let frame = (27.5 / degrees).rounded(.up)
        for pivot in [false, true] {
            let times = doneTimes(turning(mm: mm, degrees: degrees, frames: Int(frame) + 5, pivot: pivot), turn)
            #expect(times.count == 1 && times.first.map { abs($0 - frame * 0.02) < 1e-9 } == true,
                    "\(mm) mm apart, \(degrees)° a frame, pivot \(pivot): done at \(times), not \(frame * 0.02)")
        }
    }

    @Test("a spread of two fingers is done at the first frame past its distance, one finger moving or both",
          arguments: [0.7, 1.5, 4.0])
    func spreadAtItsFrame(mmPerFrame: Double) {
        let spread = GestureSequence(name: "spread", steps: [Step(.touch(fingers: 2)), Step(.pinch(.out, distance: 10))])
        // The first frame whose spread has grown 10 mm: 15 frames of 0.7 mm, 7 of 1.5, 3 of 4.
        let frame = (10 / mmPerFrame).rounded(.up)
        for both in [false, true] {
            var s = Script()
            s.down(0, 1, 350, 240); s.down(0, 2, 450, 240)
            let frames = Int(frame) + 5
            for k in 1...frames {
                let grown = Double(k) * mmPerFrame * 5
                s.move(Double(k) * 0.02, 1, both ? 350 - grown / 2 : 350, 240)
                s.move(Double(k) * 0.02, 2, both ? 450 + grown / 2 : 450 + grown, 240)
            }
            let grown = Double(frames) * mmPerFrame * 5
            s.up(Double(frames + 1) * 0.02, 1, both ? 350 - grown / 2 : 350, 240)
            s.up(Double(frames + 1) * 0.02, 2, both ? 450 + grown / 2 : 450 + grown, 240)
            let times = doneTimes(s.events, spread)
            #expect(times.count == 1 && times.first.map { abs($0 - frame * 0.02) < 1e-9 } == true,
                    "\(mmPerFrame) mm a frame, both \(both): done at \(times), not \(frame * 0.02)")
        }
    }
}
