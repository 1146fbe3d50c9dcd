import Foundation
import TouchGestures
import TouchTools
import TouchTrace

/// Declared sequences of steps (issue 60): the peers' composite gestures as data, each with the
/// touch that does it and one that does not. The panel is 160 × 96 mm at 5 units/mm; its edge
/// zones 5 mm (25 units) wide.
func sequences() {
    /// A scene of no rows whose settings declare `sequences` (JSON text).
    func declaring(_ sequences: String) -> JSONObject {
        let value = try! JSONValue.parse(Array(sequences.utf8), name: "corpus")
        return ["list": .object(noRows), "settings": .object(["sequences": value])]
    }
    let drawer = declaring(#"[{"name": "drawer", "steps": [{"touch": 1, "edge": "bottom"}, {"hold": 0.4}, {"move": "up", "distance": 15}]}]"#)

    // --- Sxmo: hold on the bottom edge, then swipe up.
    var t = CorpusTrace("sequence-sxmo-hold-bottom-then-up", seed: 900, scene: drawer,
                        note: "held 0.5 s 0.4 mm from the bottom edge, then 40 mm up in 0.3 s: the drawer sequence, and nothing else")
    t.b.path(0.0, [Point(x: 400, y: 478), Point(x: 400, y: 478)], duration: 0.5, rate: 60, lift: false, id: 0)
    t.b.path(0.5, [Point(x: 400, y: 478), Point(x: 400, y: 278)], duration: 0.3, rate: 120, id: 0, down: false)
    t.expect = [["type": "sequence", "name": "drawer", "index": 0, "fingers": 1]]
    t.expectNone = ["swipe", "longPress", "pan", "fling", "tap"]
    t.write()

    t = CorpusTrace("sequence-sxmo-no-hold-is-a-swipe", seed: 901, scene: drawer,
                    note: "the same stroke up from the bottom edge with no hold: the drawer fails at its hold, the swipe up is a swipe")
    t.b.path(0.0, [Point(x: 400, y: 478), Point(x: 400, y: 278)], duration: 0.3, rate: 120)
    t.expect = [swipe("up").with(["edge": "bottom"])]
    t.expectNone = ["sequence"]
    t.write()

    // --- Sxmo: a swipe down from the top edge's right half.
    let menu = declaring(#"[{"name": "menu", "steps": [{"touch": 1, "edge": "top", "along": [0.5, 1]}, {"move": "down", "distance": "medium"}]}]"#)
    t = CorpusTrace("sequence-sxmo-top-right-half", seed: 902, scene: menu,
                    note: "down 40 mm from the top edge at 3/4 of its width: the menu sequence, not a swipe")
    t.b.path(0.0, [Point(x: 600, y: 2), Point(x: 600, y: 202)], duration: 0.3, rate: 120)
    t.expect = [["type": "sequence", "name": "menu", "fingers": 1]]
    t.expectNone = ["swipe", "pan"]
    t.write()

    t = CorpusTrace("sequence-sxmo-top-left-half-is-a-swipe", seed: 903, scene: menu,
                    note: "the same stroke at 1/4 of the top edge: off the section, a plain swipe down from the top edge")
    t.b.path(0.0, [Point(x: 200, y: 2), Point(x: 200, y: 202)], duration: 0.3, rate: 120)
    t.expect = [swipe("down").with(["edge": "top"])]
    t.expectNone = ["sequence"]
    t.write()

    // --- fusuma: hold one finger, swipe up with another.
    let holdAndSwipe = declaring(#"[{"name": "hold-and-swipe", "steps": [{"touch": 1}, {"hold": 0.3}, {"touch": 1}, {"move": "up", "fingers": "last"}]}]"#)
    t = CorpusTrace("sequence-fusuma-hold-one-swipe-another", seed: 904, scene: holdAndSwipe,
                    note: "one finger held at (200, 300) for 1 s; at 0.4 s another goes 30 mm up from (500, 300)")
    t.b.hold(0.0, at: Point(x: 200, y: 300), duration: 1.0, rate: 60, id: 0)
    t.b.path(0.4, [Point(x: 500, y: 300), Point(x: 500, y: 150)], duration: 0.25, rate: 120, id: 1)
    t.expect = [["type": "sequence", "name": "hold-and-swipe", "fingers": 2]]
    t.expectNone = ["swipe", "pan", "longPress", "tap", "pinch", "rotate"]
    t.write()

    // --- fusuma: a double tap, then hold.
    let tapTapHold = declaring(#"[{"name": "tap-tap-hold", "steps": [{"tap": 1, "taps": 2}, {"touch": 1}, {"hold": 0.5}]}]"#)
    t = CorpusTrace("sequence-fusuma-double-tap-then-hold", seed: 905, scene: tapTapHold,
                    note: "taps at 0 and 0.2 s, then a touch at 0.45 s held 0.7 s: the sequence at 0.95 s; the double tap it began with is not reported")
    t.b.tap(0.0, at: Point(x: 400, y: 240))
    t.b.tap(0.2, at: Point(x: 400, y: 240))
    t.b.hold(0.45, at: Point(x: 400, y: 240), duration: 0.7, rate: 60)
    t.expect = [["type": "sequence", "name": "tap-tap-hold", "t": 0.95, "fingers": 1]]
    t.expectNone = ["tap", "longPress"]
    t.write()
}
