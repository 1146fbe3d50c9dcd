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

    // --- fusuma: hold one finger, swipe up or down with another (two sequences, one each way).
    let holdUpOrDown = declaring(#"[{"name": "hold-swipe-up", "steps": [{"touch": 1}, {"hold": 0.3}, {"touch": 1}, {"move": "up", "fingers": "last"}]}, "#
                                 + #"{"name": "hold-swipe-down", "steps": [{"touch": 1}, {"hold": 0.3}, {"touch": 1}, {"move": "down", "fingers": "last"}]}]"#)
    t = CorpusTrace("sequence-fusuma-hold-one-swipe-down-another", seed: 906, scene: holdUpOrDown,
                    note: "one finger held at (200, 300) for 1 s; at 0.4 s another goes 30 mm down from (500, 100): the down sequence, the second declared")
    t.b.hold(0.0, at: Point(x: 200, y: 300), duration: 1.0, rate: 60, id: 0)
    t.b.path(0.4, [Point(x: 500, y: 100), Point(x: 500, y: 250)], duration: 0.25, rate: 120, id: 1)
    t.expect = [["type": "sequence", "name": "hold-swipe-down", "index": 1, "fingers": 2]]
    t.expectNone = ["swipe", "pan", "longPress", "tap", "pinch", "rotate"]
    t.write()

    // --- fusuma: swipe right, then up, in one stroke.
    let rightThenUp = declaring(#"[{"name": "right-then-up", "steps": [{"touch": 1}, {"move": "right", "distance": 12}, {"move": "up", "distance": 12}]}]"#)
    t = CorpusTrace("sequence-fusuma-swipe-right-then-up", seed: 907, scene: rightThenUp,
                    note: "one finger 20 mm right in 0.2 s, then 20 mm up in 0.2 s: the sequence, not a swipe")
    t.b.path(0.0, [Point(x: 300, y: 300), Point(x: 400, y: 300), Point(x: 400, y: 200)], duration: 0.4, rate: 120)
    t.expect = [["type": "sequence", "name": "right-then-up", "fingers": 1]]
    t.expectNone = ["swipe", "pan", "tap", "longPress"]
    t.write()

    t = CorpusTrace("sequence-fusuma-swipe-right-alone-is-a-swipe", seed: 908, scene: rightThenUp,
                    note: "one finger 30 mm right in 0.2 s and lifted: the sequence fails at the lift, before its move up; a swipe right")
    t.b.path(0.0, [Point(x: 300, y: 300), Point(x: 450, y: 300)], duration: 0.2, rate: 120)
    t.expect = [swipe("right")]
    t.expectNone = ["sequence"]
    t.write()

    // --- Wayfire's gestures, as bindings name them (dist/examples/wayfire.toml): an edge swipe
    // with four fingers and a pinch with three. No sequence: the recognizers' own gestures.
    t = CorpusTrace("peers-wayfire-edge-swipe-four-fingers-left", seed: 909, scene: ["list": .object(noRows)],
                    note: "four fingers down 0.8 mm from the right edge, 16 mm apart along it, 30 mm left in 0.2 s: a 4-finger swipe left from the right edge")
    for k in 0..<4 { t.b.stroke(0.0, from: Point(x: 796, y: 80 + 80 * Double(k)), millimeters: Point(x: -30, y: 0), duration: 0.2) }
    t.expect = [swipe("left", 4).with(["edge": "right"])]
    t.write()

    t = CorpusTrace("peers-wayfire-pinch-three-fingers-in", seed: 910, scene: ["list": .object(noRows)],
                    note: "three fingers 30 mm from their centre close to 10 mm over 0.4 s: a 3-finger pinch in")
    for a in [90.0, 210, 330] {
        let u = Point(x: cos(a * .pi / 180), y: -sin(a * .pi / 180))
        t.b.stroke(0.0, from: Point(x: 400 + 150 * u.x, y: 240 + 150 * u.y), millimeters: Point(x: -20 * u.x, y: -20 * u.y), duration: 0.4)
    }
    t.expect = [won("pinch")]
    t.expectNone = ["swipe", "rotate", "tap"]
    t.write()
}
