import Testing
import TouchTestSupport
import TouchGestures
import TouchList
@testable import TouchTrace

/// The table validation checks expectations against is the output itself: every kind of event,
/// written as the trace format writes it, has exactly the fields the table lists.
@Suite("Output types: the table validation uses matches what replays write")
struct OutputTypesTests {
    static let p = Point(x: 1, y: 2)
    static let gestures: [GestureEvent.Kind] = [
        .tap(.init(position: p, taps: 1, fingers: 1)),
        .swipe(.init(direction: .left, fingers: 1, start: p, end: p, duration: 0.1, velocity: p)),
        .longPress(.init(phase: .began, fingers: 1, position: p, duration: 0.5)),
        .pan(.init(phase: .began, fingers: 1, position: p, translation: p, velocity: nil)),
        .pinch(.init(phase: .began, fingers: 2, focus: p, scale: 1)),
        .rotate(.init(phase: .began, fingers: 2, focus: p, angle: 0)),
        .fling(.init(fingers: 1, position: p, velocity: p, millimetersPerSecond: 1)),
        .drag(.init(phase: .began, fingers: 1, start: p, position: p)),
        .sequence(.init(index: 0, name: "drawer", fingers: 1, position: p, duration: 0.6)),
        .won(recognizer: .tap, contact: 0),
        .failed(recognizer: .swipe, reason: GestureFailure(.tooShort, measured: 1, limit: 12)),
        .failed(recognizer: .swipe, reason: GestureFailure(.rejected, rival: .pan)),
        .failed(recognizer: .sequence, reason: {
            var f = GestureFailure(.moved, measured: 6, limit: 4.7)
            f.sequenceStep = .init(sequence: 0, step: 1, action: .hold)
            return f
        }()),
    ]
    static let changes: [ListEvent.Kind] = [
        .rowSwipe(row: 1, side: .leading), .select(row: 1), .deselect(row: 1), .check(row: 1, checked: true),
        .scroll(offset: 1, momentum: false), .snap(offset: 1, to: .cell), .loadMore(page: 2), .refresh,
        .page(page: 2, rows: 5), .rowOffset(row: 1, offset: -2), .fullSwipe(row: 1, side: .trailing),
        .rowAction(row: 1, side: .leading, index: 0), .edit(deleted: 1, inserted: 0, moved: 0), .rowMoved(from: 1, to: 3),
        .rowDeleted(row: 1), .rowInserted(row: 2),
    ]

    @Test("every output kind's fields (over its variants) are its table's, and the table has no more kinds")
    func tableMatchesOutput() {
        var fields: [String: Set<String>] = [:]
        let objects = Self.gestures.map { GestureEvent(time: 0, kind: $0).jsonObject }
            + Self.changes.map { ListEvent(time: 0, kind: $0).jsonObject }
        for o in objects {
            fields[o["type"]!.stringValue!, default: []].formUnion(Set(o.members.map(\.key)).subtracting(["t", "type"]))
        }
        #expect(fields == OutputTypes.fields)
    }

    @Test("a misspelled type or field in expect or expectNone, or a bad tolerance, is an error naming it",
          arguments: [
              (#""expectNone": ["Tap"]"#, "`expectNone` lists `Tap`, which is not an output type"),
              (#""expect": [{"type": "rowswipe", "row": 3}]"#, "`expect[0]`: `rowswipe` is not an output type"),
              (#""expect": [{"type": "tap", "row": 3}]"#, "`expect[0]`: `tap` has no field `row`"),
              (#""expect": [{"type": "tap", "x": 3, "tolerance": {"x": "x"}}]"#, "`expect[0]`: `tolerance.x` must be a number ≥ 0, found \"x\""),
              (#""expect": [{"type": "tap", "x": 3, "tolerance": {"x": -1}}]"#, "`expect[0]`: `tolerance.x` must be a number ≥ 0, found -1"),
              (#""expect": [{"type": "tap", "tolerance": 2}]"#, "`expect[0]`: `tolerance` must be an object"),
          ])
    func misspelledExpectations(header: String, message: String) {
        let text = #"{"format": "touch-trace", "version": 1, "device": {"width": 800, "height": 480}, "#
            + header + #", "events": []}"#
        let r = TraceReader.diagnose(bytes: Array(text.utf8), name: "t.json")
        #expect(r.trace == nil)
        #expect(r.errors.contains { $0.description.contains(message) }, "\(r.errors)")
    }
}
