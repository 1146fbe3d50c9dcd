import TouchGestures
import TouchList
import TouchReplay
import TouchTrace

/// The app behind touch-demo's list: what happens to the rows besides the gestures. On live
/// input (a touchscreen, SDL's touches or the mouse) it answers the row actions as a mail app
/// does: Delete (the trailing action at the edge, tapped or full-swiped) and Archive (the
/// leading one) both take the row out of the list, which collapses. A replay's app is the
/// trace's own `scene.list.edits`, applied as `touchtrace replay` applies them, so that the
/// demo shows exactly what the replay reports.
struct DemoApp {
    private var schedule: EditSchedule?

    /// The app of a replay of a trace with `header`.
    init(replaying header: TraceHeader) { schedule = EditSchedule(header: header) }

    /// The app of live input.
    init() { schedule = nil }

    /// Hands `frame` to `controller`, then answers what it reported.
    mutating func handle(_ frame: TouchFrame, _ controller: inout ListController, emit: (ListController.Output) -> Void) {
        if var replay = schedule.take() {
            replay.apply(before: frame.time, to: &controller, emit: emit)
            schedule = replay
            controller.handle(frame, emit: emit)
            return
        }
        var outputs: [ListController.Output] = []
        controller.handle(frame) { outputs.append($0) }
        answer(outputs, &controller, emit: emit)
    }

    /// Lets time pass to `time` (seconds), with the replay's edits due by then.
    mutating func advance(to time: Double, _ controller: inout ListController, emit: (ListController.Output) -> Void) {
        if var replay = schedule.take() {
            replay.apply(before: time, to: &controller, emit: emit)
            schedule = replay
            controller.advance(to: time, emit: emit)
            return
        }
        var outputs: [ListController.Output] = []
        controller.advance(to: time) { outputs.append($0) }
        answer(outputs, &controller, emit: emit)
    }

    /// A replay's edits due before `time` (seconds), with no time passing otherwise.
    mutating func applyEdits(before time: Double, _ controller: inout ListController, emit: (ListController.Output) -> Void) {
        schedule?.apply(before: time, to: &controller, emit: emit)
    }

    /// Ends the input: the replay's edits left, then whatever is pending.
    mutating func finish(_ controller: inout ListController, emit: (ListController.Output) -> Void) {
        if schedule != nil { schedule!.applyRest(to: &controller, emit: emit) }
        var outputs: [ListController.Output] = []
        controller.finish { outputs.append($0) }
        if schedule != nil { outputs.forEach(emit) } else { answer(outputs, &controller, emit: emit) }
    }

    /// Passes `outputs` on, then removes each row whose first action ran, once the controller
    /// has returned (reading or changing it inside its `emit` is a simultaneous access).
    private func answer(_ outputs: [ListController.Output], _ controller: inout ListController,
                        emit: (ListController.Output) -> Void) {
        var done: [Int] = []
        for output in outputs {
            emit(output)
            if case .list(let change) = output, case .rowAction(let row, _, 0) = change.kind, !done.contains(row) {
                done.append(row)
            }
        }
        guard !done.isEmpty, let time = outputs.last?.time else { return }
        try? controller.performEdits(ListEdits(deleting: done), at: time, emit: emit)
    }
}
