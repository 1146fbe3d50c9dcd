import Foundation
import Testing
import TouchGestures
import TouchList
import TouchTrace
import TouchReplay
import GestureBindings
@testable import TouchGesturesC

/// touchgestures.h promises that enum values keep their numbers. Each number is written once on
/// the Swift side (Numbers.swift, the status and touch-phase enums); this holds every one of them
/// to the header, name by name, both ways: no header value without its Swift case, no Swift case
/// without its header value.
@Suite("The C header's numbers are the library's")
struct PublishedNumbersTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every `enum tg_…` of the header: its name, and its members' names and values.
    static let header: [String: [String: Int32]] = {
        let text = (try? String(contentsOf: packageRoot.appendingPathComponent("Sources/TouchGesturesC/include/touchgestures.h"), encoding: .utf8)) ?? ""
        var enums: [String: [String: Int32]] = [:]
        for m in text.matches(of: /enum (tg_[a-z_]+) \{([^}]*)\}/) {
            var members: [String: Int32] = [:]
            for e in String(m.2).matches(of: /(TG_[A-Z_]+) = (-?[0-9]+)/) { members[String(e.1)] = Int32(e.2)! }
            enums[String(m.1)] = members
        }
        return enums
    }()

    /// `upLeft` → `UP_LEFT`.
    static func snake(_ name: String) -> String {
        var out = ""
        for c in name {
            if c.isUppercase { out += "_" }
            out += c.uppercased()
        }
        return out
    }

    /// Checks that `swift` (header name → the Swift side's number) is the header's enum `name`
    /// exactly, its `…_NONE = 0` aside.
    func expectSame(_ name: String, _ swift: [String: Int32], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard let published = Self.header[name] else {
            Issue.record("touchgestures.h has no enum \(name)", sourceLocation: sourceLocation)
            return
        }
        var rest = published
        for (cName, value) in swift {
            #expect(published[cName] == value, "\(cName): the header says \(published[cName].map(String.init) ?? "nothing"), the library \(value)", sourceLocation: sourceLocation)
            rest[cName] = nil
        }
        for (cName, value) in rest where !cName.hasSuffix("_NONE") || value != 0 {
            Issue.record("\(name): \(cName) = \(value) in the header has no case in the library", sourceLocation: sourceLocation)
        }
    }

    @Test("every enum of the header is one this suite checks (a new one fails here until it is)")
    func everyEnumIsChecked() {
        #expect(Set(Self.header.keys) == ["tg_status", "tg_touch_phase", "tg_event_type", "tg_phase", "tg_direction", "tg_edge",
                                          "tg_recognizer", "tg_snap", "tg_side", "tg_cell_kind", "tg_way",
                                          "tg_action_type", "tg_stream_event"], "\(Self.header.keys.sorted())")
        #expect(Self.header.values.allSatisfy { !$0.isEmpty })
    }

    @Test("tg_status, tg_touch_phase, tg_phase, tg_direction, tg_edge, tg_recognizer, tg_snap, tg_side, tg_cell_kind, tg_action_type, tg_stream_event")
    func enumsOfValues() {
        let statusNames: [Status: String] = [.ok: "TG_OK", .invalidArgument: "TG_ERROR_INVALID_ARGUMENT", .timeWentBack: "TG_ERROR_TIME_WENT_BACK",
                                             .unknownContact: "TG_ERROR_UNKNOWN_CONTACT", .badInput: "TG_ERROR_BAD_INPUT",
                                             .tooManyContacts: "TG_ERROR_TOO_MANY_CONTACTS"]
        #expect(Set(statusNames.keys) == Set(Status.allCases), "a status without its header name in this test")
        expectSame("tg_status", Dictionary(uniqueKeysWithValues: Status.allCases.map { (statusNames[$0] ?? "?", $0.rawValue) }))
        expectSame("tg_touch_phase", Dictionary(uniqueKeysWithValues: TouchPhase.allCases.map { ("TG_TOUCH_" + Self.snake("\($0)"), Int32($0.rawValue)) }))
        let phases: [GesturePhase] = [.began, .changed, .ended, .cancelled]
        expectSame("tg_phase", Dictionary(uniqueKeysWithValues: phases.map { ("TG_PHASE_" + Self.snake($0.rawValue), phaseNumber($0)) }))
        expectSame("tg_direction", Dictionary(uniqueKeysWithValues: SwipeDirection.allCases.map { ("TG_DIRECTION_" + Self.snake($0.rawValue), directionNumber($0)) }))
        expectSame("tg_edge", Dictionary(uniqueKeysWithValues: ScreenEdge.allCases.map { ("TG_EDGE_" + Self.snake($0.rawValue), edgeNumber($0)) }))
        expectSame("tg_recognizer", Dictionary(uniqueKeysWithValues: RecognizerName.allCases.map { ("TG_RECOGNIZER_" + Self.snake($0.rawValue), recognizerNumber($0)) }))
        expectSame("tg_snap", Dictionary(uniqueKeysWithValues: SnapKind.allCases.map { ("TG_SNAP_" + Self.snake($0.rawValue), snapNumber($0)) }))
        expectSame("tg_side", Dictionary(uniqueKeysWithValues: RowSide.allCases.map { ("TG_SIDE_" + Self.snake($0.rawValue), sideNumber($0)) }))
        expectSame("tg_way", Dictionary(uniqueKeysWithValues: FollowWay.allCases.map { ("TG_WAY_" + Self.snake($0.rawValue), wayNumber($0)) }))
        let items: [(ListItem, String)] = [(.row(0), "TG_CELL_ROW"), (.header(section: 0), "TG_CELL_HEADER"), (.loadMore, "TG_CELL_LOAD_MORE"), (.loading, "TG_CELL_LOADING")]
        expectSame("tg_cell_kind", Dictionary(uniqueKeysWithValues: items.map { ($0.1, cellKindNumber($0.0)) }))
        expectSame("tg_action_type", Dictionary(uniqueKeysWithValues: ActionType.allCases.map { ("TG_ACTION_" + Self.snake("\($0)"), $0.rawValue) }))
        expectSame("tg_stream_event", Dictionary(uniqueKeysWithValues: GestureDispatcher.StreamLine.Event.allCases.map {
            ("TG_STREAM_" + Self.snake($0.rawValue), streamEventNumber($0))
        }))
    }

    @Test("tg_event_type: every kind the golden corpus's replays report, by its trace-format name")
    func eventTypes() throws {
        var seen: [String: Int32] = [:]
        let traces = Self.packageRoot.appendingPathComponent("traces")
        for name in try FileManager.default.contentsOfDirectory(atPath: traces.path) where name.hasSuffix(".json") || name.hasSuffix(".jsonl") {
            let trace = try TraceReader.read(path: traces.appendingPathComponent(name).path).trace
            _ = TraceReplay.run(header: trace.header, explain: true, events: trace.events) { o in
                let (number, typeName) = typeOf(o)
                seen["TG_EVENT_" + Self.snake(typeName.description)] = number
            }
        }
        // Every output type of the trace format has its event type, seen in the corpus.
        #expect(Set(OutputTypes.names.map { "TG_EVENT_" + Self.snake($0) }).isSubset(of: Set(seen.keys)),
                "kinds the corpus never reports: \(Set(OutputTypes.names.map { "TG_EVENT_" + Self.snake($0) }).subtracting(seen.keys).sorted())")
        // A followed gesture's report, which no trace asks for.
        let follow = gestureTypeAndName(.follow(GestureEvent.Follow(
            phase: .began, request: 0, gesture: GesturePattern(.swipe), threshold: 1, progress: 0, value: 0, velocity: 0, fingers: 1, end: nil)))
        seen["TG_EVENT_" + Self.snake(follow.1.description)] = follow.0
        expectSame("tg_event_type", seen)
    }
}
