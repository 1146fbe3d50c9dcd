internal import CPlatform
import TouchGestures
import TouchList
import TouchTrace
import TouchReplay

/// `struct tg_replay`: a trace read as it is replayed, its outputs pulled one at a time. The
/// same reader, controller and order as `touchtrace replay --json`, turned inside out so that
/// a C caller asks for each output (memory stays flat, as the command's does).
final class CReplay: CObject, TaggedHandle {
    static var kind: HandleKind { .replay }
    let stream: TraceEventStream
    @exclusivity(unchecked) var controller: ListController
    @exclusivity(unchecked) var assembler = FrameAssembler()
    @exclusivity(unchecked) var edits: EditSchedule
    let queue = OutputQueue()
    @exclusivity(unchecked) var ended = false
    @exclusivity(unchecked) var status = Status.ok

    init(stream: TraceEventStream, explain: Bool) {
        self.stream = stream
        controller = TraceReplay.makeController(header: stream.header, explain: explain)
        edits = EditSchedule(header: stream.header)
        super.init(kind: .replay)
    }

    /// Reads on until an output is queued or the trace ends.
    func fill() {
        let queue = self.queue
        while queue.isEmpty, !ended {
            if let event = stream.next() {
                assembler.add(event) { frame in
                    edits.apply(before: frame.time, to: &controller) { queue.put($0) }
                    controller.handle(frame) { queue.put($0) }
                }
            } else {
                assembler.flush { frame in
                    edits.apply(before: frame.time, to: &controller) { queue.put($0) }
                    controller.handle(frame) { queue.put($0) }
                }
                edits.applyRest(to: &controller) { queue.put($0) }
                controller.finish { queue.put($0) }
                ended = true
                if stream.hasErrors { status = .badInput }
            }
        }
    }
}

/// `tg_replay_open()` of touchgestures.h, where it is documented.
@_cdecl("tg_replay_open")
public func tg_replay_open(_ path: UnsafePointer<CChar>?, _ explain: Int32) -> OpaquePointer? {
    guard let stream = openTrace(path, "tg_replay_open") else { return nil }
    return handle(CReplay(stream: stream, explain: explain != 0))
}

/// The trace a C function (`function`) opens at `path`, or `nil` with the reason remembered.
/// The path names a file, as written: `-` is the file named so (the tools' standard input is
/// not the host's to take), and what is not a regular file (a FIFO, which blocked in open(), a
/// device) is refused before it is opened.
func openTrace(_ path: UnsafePointer<CChar>?, _ function: String) -> TraceEventStream? {
    guard let path else {
        remember(.invalidArgument, "\(function): path is NULL")
        return nil
    }
    var name = String(cString: path)
    if name == "-" { name = "./-" }
    var st = stat()
    if stat(name, &st) == 0, platform_is_regular(st.st_mode) == 0 {
        remember(.badInput, "\(function): \(visibleText(name)) is not a regular file")
        return nil
    }
    do {
        return try TraceEventStream(path: name)
    } catch {
        remember(.badInput, message(error.diagnostics))
        return nil
    }
}

/// `tg_replay_destroy()` of touchgestures.h, where it is documented.
@_cdecl("tg_replay_destroy")
public func tg_replay_destroy(_ replay: OpaquePointer?) { release(replay, as: CReplay.self) }

/// `tg_replay_next_event()` of touchgestures.h, where it is documented.
@_cdecl("tg_replay_next_event")
public func tg_replay_next_event(_ replay: OpaquePointer?) -> OpaquePointer? {
    on(replay, else: nil) { (r: CReplay) in
        r.fill()
        guard let event = r.queue.next() else {
            if r.status != .ok { remember(r.status, message(r.stream.diagnostics)) }
            return nil
        }
        return event
    }
}

/// `tg_replay_status()` of touchgestures.h, where it is documented.
@_cdecl("tg_replay_status")
public func tg_replay_status(_ replay: OpaquePointer?) -> Int32 {
    with(replay, "tg_replay_status", "replay") { (r: CReplay) in
        r.status == .ok ? Status.ok.rawValue : refuse(r.status, message(r.stream.diagnostics))
    }
}
