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
        run(header: header, settings: settings, explain: explain, events: events, skipped: { _ in }, emit: emit)
    }

    /// As ``run(header:settings:explain:events:emit:)``, telling `skipped` of each edit of
    /// `scene.list.edits` the list refused when its time came (rows it does not have then, as a
    /// paged list's rows not yet loaded), in words that name the edit, its time and why.
    package static func run(header: TraceHeader, settings: GestureSettings? = nil, explain: Bool = false,
                            events: some Sequence<TouchEvent>, skipped: (String) -> Void,
                            emit: (ListController.Output) -> Void) -> ListModel {
        var controller = makeController(header: header, settings: settings, explain: explain)
        var assembler = FrameAssembler()
        var edits = EditSchedule(header: header)
        func handle(_ frame: TouchFrame) {
            edits.apply(before: frame.time, to: &controller, emit: emit, skipped: skipped)
            controller.handle(frame, emit: emit)
        }
        for e in events {
            assembler.add(e) { frame in handle(frame) }
        }
        assembler.flush { frame in handle(frame) }
        edits.applyRest(to: &controller, emit: emit, skipped: skipped)
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
        if let feed = header.feed { controller.setPageSource(feed) }
        controller.engine.explain = explain
        return controller
    }
}

/// `scene.list.edits` in a replay, each applied as an app would: after the frame at its time has
/// been handled, before any later frame. The one schedule of `touchtrace replay` and the C
/// library's replay.
package struct EditSchedule: Sendable {
    private let edits: [SceneEdit]
    private var next = 0

    /// The edits of `header`'s list, in time order.
    package init(header: TraceHeader) { edits = header.sceneList?.edits ?? [] }

    /// Applies the edits due before `time` (seconds). A refused edit (rows the list does not have
    /// then) is skipped; validation reports it where the rows are known before the replay.
    package mutating func apply(before time: Double, to controller: inout ListController,
                                emit: (ListController.Output) -> Void, skipped: (String) -> Void = { _ in }) {
        while next < edits.count, edits[next].time < time {
            let e = edits[next]
            next += 1
            do throws(ListEditError) { try controller.performEdits(e.listEdits, at: e.time, emit: emit) } catch {
                skipped("`scene.list.edits[\(next - 1)]` at \(formatJSONNumber(e.time)) s was skipped: \(error)")
            }
        }
    }

    /// After the last frame: contacts still down are cancelled at the last frame's time, then the
    /// edits left are applied.
    package mutating func applyRest(to controller: inout ListController, emit: (ListController.Output) -> Void,
                                    skipped: (String) -> Void = { _ in }) {
        guard next < edits.count else { return }
        if let frame = controller.engine.cancellingFrame() { controller.handle(frame, emit: emit) }
        apply(before: .infinity, to: &controller, emit: emit, skipped: skipped)
    }
}

extension SceneEdit {
    /// The edit as the list takes it.
    var listEdits: ListEdits {
        ListEdits(deleting: deleted, inserting: inserted, moving: moved.map { RowMove(from: $0.from, to: $0.to) })
    }
}
