import TouchGestures
import TouchList
import TouchTrace

extension ExpectationCheck {
    /// Every difference between a replay's output and the trace's expectations, in words;
    /// empty when the replay passes.
    public static func differences(header: TraceHeader, output: [ListController.Output]) -> [String] {
        var checker = Checker(header: header)
        for o in output { checker.observe(o) }
        return checker.differences()
    }
}

extension ExpectationCheck.Checker {
    /// Takes the next output of the replay.
    public mutating func observe(_ output: ListController.Output) {
        observe(type: output.type, object: output.jsonObject)
    }
}

/// Runs a trace through the engine: the one path from trace events to output events.
public enum TraceReplay {
    /// What a replay produced: the output events, and the list as the gestures left it.
    public struct Result: Sendable {
        /// What the replay reported, in order.
        public var output: [ListController.Output]
        /// The list as the replay left it.
        public var list: ListModel
    }

    /// Replays `events` over the trace's surface and list (or the default list), keeping the
    /// whole output.
    public static func run(header: TraceHeader, settings: GestureSettings? = nil, explain: Bool = false,
                           events: some Sequence<TouchEvent>) -> Result {
        var out: [ListController.Output] = []
        let list = run(header: header, settings: settings, explain: explain, events: events) { out.append($0) }
        return Result(output: out, list: list)
    }

    /// Replays `events`, handing each output to `emit` as it comes, so that memory does not
    /// grow with the output; returns the list as the gestures left it.
    public static func run(header: TraceHeader, settings: GestureSettings? = nil, explain: Bool = false,
                           events: some Sequence<TouchEvent>, emit: (ListController.Output) -> Void) -> ListModel {
        var controller = makeController(header: header, settings: settings, explain: explain)
        var assembler = FrameAssembler()
        for e in events {
            assembler.add(e) { frame in controller.handle(frame, emit: emit) }
        }
        assembler.flush { frame in controller.handle(frame, emit: emit) }
        controller.finish(emit: emit)
        return controller.list
    }

    /// Replays a stream as it is read, handing each output to `emit` as it comes: memory
    /// stays flat for the lines encoding, whatever the length of the trace and its output.
    public static func run(stream: TraceEventStream, settings: GestureSettings? = nil, explain: Bool = false,
                           emit: (ListController.Output) -> Void) -> ListModel {
        run(header: stream.header, settings: settings, explain: explain, events: stream, emit: emit)
    }

    /// Replays a stream, reading it as it goes (memory stays flat for the lines encoding).
    public static func run(stream: TraceEventStream, settings: GestureSettings? = nil,
                           explain: Bool = false) -> Result {
        run(header: stream.header, settings: settings, explain: explain, events: stream)
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
