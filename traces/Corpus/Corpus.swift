// The golden corpus of traces/, described. Each trace is a few strokes, taps and holds on a
// panel (TraceBuilder: a minimum-jerk speed profile, seeded jitter in millimeters) and the
// expectations that say what a replay must produce. The expectations are written here from the
// behavior each trace is meant to show, and the list's offsets and times are computed from the
// rules (ListOracle, in Tests/TouchTestSupport) — not produced by running the library — so a
// replay that disagrees is a real failure.
//
//   swift run touch-corpus [OUT_DIR]      (default: traces/)
//
// The output is deterministic (fixed seeds); tools/test checks that it reproduces traces/ byte
// for byte. To add a trace, add it to the family it belongs to and run the command.
import Foundation
import TouchGestures
import TouchTestSupport
import TouchTools
import TouchTrace

let out = CommandLine.arguments.count > 1 ? CommandLine.arguments[1]
    : URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path

/// A 800 × 480 panel at 5 units/mm (the Atmel maXTouch of the shared recordings reports
/// 800 × 480 axes).
let panel = TraceHeader.Device(name: "Synthetic 800x480 panel", width: 800, height: 480,
                               resolution: Point(x: 5, y: 5), units: "px")
/// Units per millimeter of the panel.
let res = 5.0
/// Eight rows of 60 units (12 mm) filling the panel.
let eightRows: JSONObject = ["rows": 8, "rowHeight": 60, "top": 0, "left": 0, "width": 800, "height": 480]
/// The same list with no rows: gestures with no list in the way.
let noRows = eightRows.with(["rows": 0])

/// The middle of row `row` of 60-unit rows.
func rowY(_ row: Int, height: Double = 60) -> Double { Double(row) * height + height / 2 }

/// One trace of the corpus: its builder, its expectations, and where it is written.
struct CorpusTrace {
    let name: String
    var b: TraceBuilder
    var expect: [JSONObject]?
    var expectNone: [String]?

    /// A trace on `device` (the panel) with `scene` (eight rows; an empty object for none).
    init(_ name: String, seed: UInt64, device: TraceHeader.Device = panel,
         scene: JSONObject = ["list": .object(eightRows)], note: String) {
        self.name = name
        b = TraceBuilder(device: device, seed: seed)
        if !scene.members.isEmpty { b.header.scene = .object(scene) }
        b.header.meta = ["generator": "traces/Corpus (swift run touch-corpus)", "note": .string(note)]
    }

    /// Writes the trace: a document, or the lines encoding (optionally with a last line cut
    /// off, as a crash leaves it).
    func write(lines: Bool = false, cutLastLine: Bool = false) {
        precondition(expect != nil || expectNone != nil, "\(name) has no expectations")
        var trace = b.trace()
        trace.header.expect = expect
        trace.header.expectNone = expectNone
        var text = lines ? TraceWriter.lines(trace) : TraceWriter.document(trace)
        if cutLastLine, let last = trace.events.last {
            let next = last.time + 0.008
            text += String("{\"t\": \(formatJSONNumber(next)), \"id\": 9, \"phase\": \"down\", \"x\": 10, \"y\": 10}".prefix(17))
        }
        let path = out + "/" + name + (lines ? ".jsonl" : ".json")
        do { try text.write(toFile: path, atomically: true, encoding: .utf8) } catch {
            fatalError("cannot write \(path): \(error)")
        }
    }
}

// Expectation shorthands.
func swipe(_ direction: String, _ fingers: Int = 1) -> JSONObject { ["type": "swipe", "direction": .string(direction), "fingers": .number(Double(fingers))] }
func rowSwipe(_ row: Int, _ swiped: Bool) -> JSONObject { ["type": "rowSwipe", "row": .number(Double(row)), "swiped": .bool(swiped)] }
/// A row swipe that names the side the row shows after it (`.null` when it closed).
func rowSwipe(_ row: Int, _ swiped: Bool, side: JSONValue) -> JSONObject { rowSwipe(row, swiped).with(["side": side]) }
func tap(_ taps: Int = 1, _ fingers: Int = 1) -> JSONObject { ["type": "tap", "taps": .number(Double(taps)), "fingers": .number(Double(fingers))] }
func select(_ row: Int) -> JSONObject { ["type": "select", "row": .number(Double(row))] }
func won(_ recognizer: String, _ fields: JSONObject = [:]) -> JSONObject {
    let o: JSONObject = ["type": "won", "recognizer": .string(recognizer)]
    return o.with(fields)
}
func failed(_ recognizer: String, _ reason: String, _ fields: JSONObject = [:]) -> JSONObject {
    let o: JSONObject = ["type": "failed", "recognizer": .string(recognizer), "reason": .string(reason)]
    return o.with(fields)
}

/// A scene with `settings` over `list` (the eight rows by default).
func withSettings(_ settings: JSONObject, _ list: JSONObject = eightRows) -> JSONObject {
    ["list": .object(list), "settings": .object(settings)]
}

/// Settings with every recognizer but the long press.
let noLongPress: JSONObject = ["arena": ["enabled": ["tap", "pinch", "rotate", "swipe", "pan", "fling"]]]

extension JSONObject {
    /// This object with `other`'s members set (replaced in place, or added at the end).
    func with(_ other: JSONObject) -> JSONObject {
        var o = self
        for m in other.members { o[m.key] = m.value }
        return o
    }
}

extension JSONValue {
    /// A number from a Double (the literals cover the constants).
    static func n(_ v: Double) -> JSONValue { .number(v) }
}
