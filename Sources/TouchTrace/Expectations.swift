import TouchGestures
import TouchList

/// Compares a replay's output with a trace's `expect` and `expectNone` (see the format doc).
///
/// A replay passes when the output events whose type occurs in `expect`, in order, are exactly
/// as many as the expectations and each contains every field of its expectation with an equal
/// value: numbers within 1e-6 relative, or within the absolute tolerance an expectation's
/// `"tolerance"` object gives for a field (applied to every number inside that field). No
/// output event may have a type listed in `expectNone`.
public enum ExpectationCheck {
    /// Relative tolerance for numbers without an explicit tolerance.
    public static let relativeTolerance = 1e-6

    /// Every difference, in words; empty when the replay passes.
    public static func differences(header: TraceHeader, output: [ListController.Output]) -> [String] {
        var problems: [String] = []
        let objects = output.map(\.jsonObject)
        if let expect = header.expect {
            let types = Set(expect.compactMap { $0["type"]?.stringValue })
            let relevant = objects.filter { types.contains($0["type"]?.stringValue ?? "") }
            for (k, exp) in expect.enumerated() {
                let label = "expect[\(k)] \(JSONValue.object(exp).serialized())"
                guard k < relevant.count else {
                    problems.append("\(label): missing (the replay produced only \(relevant.count) event\(relevant.count == 1 ? "" : "s") of the expected types)")
                    continue
                }
                let got = relevant[k]
                let tolerance = exp["tolerance"]?.objectValue
                for m in exp.members where m.key != "tolerance" {
                    let tol = tolerance?[m.key]?.numberValue
                    guard let actual = got[m.key] else {
                        problems.append("\(label): output \(JSONValue.object(got).serialized()) has no `\(m.key)`")
                        continue
                    }
                    if !matches(m.value, actual, tolerance: tol) {
                        problems.append("\(label): `\(m.key)` expected \(m.value.serialized()), found \(actual.serialized()) in \(JSONValue.object(got).serialized())")
                    }
                }
            }
            if relevant.count > expect.count {
                for extra in relevant[expect.count...] {
                    problems.append("unexpected extra event \(JSONValue.object(extra).serialized())")
                }
            }
        }
        if let none = header.expectNone {
            let banned = Set(none)
            for o in objects where banned.contains(o["type"]?.stringValue ?? "") {
                problems.append("expectNone lists `\(o["type"]!.stringValue!)`, but the replay produced \(JSONValue.object(o).serialized())")
            }
        }
        return problems
    }

    static func matches(_ expected: JSONValue, _ actual: JSONValue, tolerance: Double?) -> Bool {
        switch (expected, actual) {
        case (.number(let a), .number(let b)):
            if let tolerance { return abs(a - b) <= tolerance }
            return a == b || abs(a - b) <= relativeTolerance * max(abs(a), abs(b))
        case (.object(let a), .object(let b)):
            return a.members.allSatisfy { m in b[m.key].map { matches(m.value, $0, tolerance: tolerance) } ?? false }
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { matches($0, $1, tolerance: tolerance) }
        default:
            return expected == actual
        }
    }
}

/// Runs a trace through the engine: the one path from trace events to output events.
public enum TraceReplay {
    /// What a replay produced: the output events, and the list as the gestures left it.
    public struct Result: Sendable {
        public var output: [ListController.Output]
        public var list: ListModel
    }

    /// Replays `events` over the trace's surface and list (or the default list).
    public static func run(header: TraceHeader, settings: GestureSettings? = nil, explain: Bool = false,
                           events: some Sequence<TouchEvent>) -> Result {
        var engine = makeController(header: header, settings: settings, explain: explain)
        var out: [ListController.Output] = []
        var assembler = FrameAssembler()
        for e in events {
            assembler.add(e) { frame in engine.handle(frame) { out.append($0) } }
        }
        assembler.flush { frame in engine.handle(frame) { out.append($0) } }
        engine.finish { out.append($0) }
        return Result(output: out, list: engine.list)
    }

    /// Replays a stream, reading it as it goes (memory stays flat for the lines encoding).
    public static func run(stream: TraceEventStream, settings: GestureSettings? = nil,
                           explain: Bool = false) -> Result {
        run(header: stream.header, settings: settings, explain: explain,
            events: AnySequence { AnyIterator { stream.next() } })
    }

    /// The controller a replay of this header uses: its surface, its list (or the default
    /// list), and the feed of `scene.data` answering the list's page requests.
    public static func makeController(header: TraceHeader, settings: GestureSettings? = nil,
                                      explain: Bool = false) -> ListController {
        var controller = ListController(settings: settings ?? header.settings ?? GestureSettings(),
                                        surface: header.surface, list: header.makeListModel())
        controller.pageSource = header.feed
        controller.engine.explain = explain
        return controller
    }
}
