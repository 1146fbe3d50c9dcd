import Testing
import TouchGestures

/// `print(event)` with the core module alone reads as `touchtrace replay` prints, not as the
/// memberwise dump `GestureEvent(time: 0.11, kind: TouchGestures.GestureEvent.Kind.fling(…`.
@Suite("Gesture events print readably from the core module alone")
struct DescriptionTests {
    @Test("the time to the millisecond, two spaces, then what happened; lengths to one decimal")
    func readable() {
        let p = Point(x: 100, y: 200.04)
        let cases: [(GestureEvent.Kind, String)] = [
            (.tap(.init(position: p, taps: 1, fingers: 1)), "tap (1 finger) at (100, 200)"),
            (.tap(.init(position: p, taps: 2, fingers: 2)), "double tap (2 fingers) at (100, 200)"),
            (.fling(.init(fingers: 1, position: Point(x: 1, y: 2), velocity: Point(x: 300, y: -40.54), millimetersPerSecond: 120.4)),
             "fling (1 finger) at (1, 2), (300, -40.5)/s, 120 mm/s"),
            (.swipe(.init(direction: .left, fingers: 3, start: p, end: Point(x: -0.01, y: 5), duration: 0.25, velocity: p)),
             "swipe left (3 fingers) from (100, 200) to (0, 5) in 0.250 s"),
        ]
        for (kind, summary) in cases {
            let e = GestureEvent(time: 0.11, kind: kind)
            #expect("\(e)" == "0.110  " + summary)
            #expect(!"\(e)".contains("GestureEvent("))
        }
    }
}
