import TouchGestures
import TouchTrace

/// Eight-direction swipes (`swipe.diagonals`), the way a gesture daemon sets the engine up:
/// diagonals on, and no pan or fling to compete with the swipe. Each direction owns the 45°
/// around it (22.5° either side); an edge or corner is where every finger *started*, within
/// the 5 mm zone, when the swipe moves away from it.
func diagonals() {
    let daemon: JSONObject = ["list": .object(noRows),
                              "settings": ["swipe": ["diagonals": true],
                                           "arena": ["enabled": ["tap", "swipe", "longPress", "pinch", "rotate"]]]]
    // (name, start in units, displacement in mm, direction, edge)
    let strokes: [(String, Point, Point, String, String?)] = [
        ("diagonal-swipe-down-right", Point(x: 400, y: 240), Point(x: 25, y: 25), "downRight", nil),
        ("diagonal-swipe-down-left", Point(x: 400, y: 240), Point(x: -25, y: 25), "downLeft", nil),
        ("diagonal-swipe-up-right", Point(x: 400, y: 240), Point(x: 25, y: -25), "upRight", nil),
        ("diagonal-swipe-up-left", Point(x: 400, y: 240), Point(x: -25, y: -25), "upLeft", nil),
        // 20° below the horizontal is still inside right's 45°; 25° is inside down-right's.
        ("diagonal-boundary-20-degrees-is-right", Point(x: 300, y: 200), Point(x: 30, y: 30 * 0.36397), "right", nil),
        ("diagonal-boundary-25-degrees-is-down-right", Point(x: 300, y: 200), Point(x: 30, y: 30 * 0.46631), "downRight", nil),
        // 70° from the horizontal (20° off the vertical) is up; 65° is up-left.
        ("diagonal-boundary-70-degrees-is-up", Point(x: 400, y: 400), Point(x: -30 * 0.36397, y: -30), "up", nil),
        ("diagonal-boundary-65-degrees-is-up-left", Point(x: 400, y: 400), Point(x: -30 * 0.46631, y: -30), "upLeft", nil),
        // Corners: the finger went down within 5 mm of two edges and moves away from both.
        ("diagonal-swipe-from-top-left-corner", Point(x: 8, y: 8), Point(x: 25, y: 25), "downRight", "topLeft"),
        ("diagonal-swipe-from-top-right-corner", Point(x: 794, y: 6), Point(x: -25, y: 25), "downLeft", "topRight"),
        ("diagonal-swipe-from-bottom-left-corner", Point(x: 6, y: 474), Point(x: 25, y: -25), "upRight", "bottomLeft"),
        ("diagonal-swipe-from-bottom-right-corner", Point(x: 793, y: 475), Point(x: -25, y: -25), "upLeft", "bottomRight"),
        // One edge: from the left edge up and to the right moves away from the left edge only.
        ("diagonal-swipe-from-left-edge", Point(x: 10, y: 300), Point(x: 25, y: -25), "upRight", "left"),
        // Started in the middle and ended 2 mm from the right and bottom edges: no edge (the
        // edge is where the swipe began, not where it ended).
        ("diagonal-swipe-ending-at-corner-is-no-edge-swipe", Point(x: 560, y: 280), Point(x: 46, y: 38), "downRight", nil),
    ]
    var seed: UInt64 = 400
    for (name, start, delta, direction, edge) in strokes {
        var t = CorpusTrace(name, seed: seed, scene: daemon,
                            note: "starts at (\(Int(start.x)), \(Int(start.y))) and moves (\(delta.x.rounded()), \(delta.y.rounded())) mm with diagonals on: swipe \(direction), edge \(edge ?? "None")")
        t.b.stroke(0.0, from: start, millimeters: delta, duration: 0.25, jitter: 0.1)
        t.expect = [swipe(direction).with(["edge": edge.map { .string($0) } ?? .null])]
        t.write()
        seed += 1
    }

    var t = CorpusTrace("diagonal-swipe-two-fingers-up-right", seed: seed, scene: daemon,
                        note: "two fingers 14 mm apart move 25 mm up and 25 mm right together: a two-finger up-right swipe")
    t.b.stroke(0.0, from: Point(x: 300, y: 300), millimeters: Point(x: 25, y: -25), duration: 0.25, jitter: 0.1)
    t.b.stroke(0.0, from: Point(x: 350, y: 350), millimeters: Point(x: 25, y: -25), duration: 0.25, jitter: 0.1)
    t.expect = [swipe("upRight", 2).with(["edge": .null])]
    t.write()

    // Without `swipe.diagonals` the same 45° stroke is no swipe: along either axis it drifts
    // past 8 mm across before it is 12 mm along (8 mm at 45° is only 8 mm along).
    t = CorpusTrace("diagonal-stroke-with-four-directions-is-no-swipe", seed: seed + 1,
                    scene: ["list": .object(noRows),
                            "settings": ["swipe": ["rule": "seedMillimeters"],
                                         "arena": ["enabled": ["tap", "swipe", "longPress", "pinch", "rotate"]]]],
                    note: "swipe.rule seedMillimeters: 25 mm down and 25 mm right with diagonals off: drifts 8 mm across before 12 mm along")
    t.b.stroke(0.0, from: Point(x: 400, y: 240), millimeters: Point(x: 25, y: 25), duration: 0.25)
    t.expectNone = ["swipe"]
    t.write()

    // By the heading rule there is no drift limit: the nearer axis is the direction. 27 mm
    // down to 25 mm right is nearer down (47°), and 12 mm down is crossed at 11.1 mm right.
    t = CorpusTrace("diagonal-stroke-heading-rule-nearest-axis", seed: seed + 2,
                    scene: ["list": .object(noRows),
                            "settings": ["arena": ["enabled": ["tap", "swipe", "longPress", "pinch", "rotate"]]]],
                    note: "default rule: 25 mm right and 27 mm down with diagonals off: the nearer axis, down, is the swipe's")
    t.b.stroke(0.0, from: Point(x: 400, y: 240), millimeters: Point(x: 25, y: 27), duration: 0.25)
    t.expect = [swipe("down")]
    t.write()
}
