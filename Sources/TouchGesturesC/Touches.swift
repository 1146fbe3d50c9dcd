internal import CPlatform
import TouchGestures
import TouchTrace

/// `struct tg_touches`: a trace file's touches, read one at a time as it is read (memory stays
/// flat): what a host plays into its own input path (`touch-kiosk --replay` into a headless touch
/// device), by the same reader as every tool's.
final class CTouches: CObject, TaggedHandle {
    static var kind: HandleKind { .touches }
    let stream: TraceEventStream
    @exclusivity(unchecked) var status = Status.ok

    init(stream: TraceEventStream) {
        self.stream = stream
        super.init(kind: .touches)
    }
}

/// `tg_touches_open()` of touchgestures.h, where it is documented.
@_cdecl("tg_touches_open")
public func tg_touches_open(_ path: UnsafePointer<CChar>?) -> OpaquePointer? {
    // As tg_replay_open: the path names a file as written, and only a regular file is read.
    guard let stream = openTrace(path, "tg_touches_open") else { return nil }
    return handle(CTouches(stream: stream))
}

/// `tg_touches_destroy()` of touchgestures.h, where it is documented.
@_cdecl("tg_touches_destroy")
public func tg_touches_destroy(_ touches: OpaquePointer?) { release(touches, as: CTouches.self) }

/// `tg_touches_get_surface()` of touchgestures.h, where it is documented.
@_cdecl("tg_touches_get_surface")
public func tg_touches_get_surface(_ touches: OpaquePointer?, _ width: UnsafeMutablePointer<Double>?, _ height: UnsafeMutablePointer<Double>?,
                                   _ unitsPerMillimeterX: UnsafeMutablePointer<Double>?, _ unitsPerMillimeterY: UnsafeMutablePointer<Double>?) -> Int32 {
    with(touches, "tg_touches_get_surface", "touches") { (t: CTouches) in
        let s = t.stream.header.surface
        width?.pointee = s.width
        height?.pointee = s.height
        unitsPerMillimeterX?.pointee = s.resolutionIsDefault ? 0 : s.unitsPerMillimeter.x
        unitsPerMillimeterY?.pointee = s.resolutionIsDefault ? 0 : s.unitsPerMillimeter.y
        return Status.ok.rawValue
    }
}

/// `tg_touches_next()` of touchgestures.h, where it is documented.
@_cdecl("tg_touches_next")
public func tg_touches_next(_ touches: OpaquePointer?, _ time: UnsafeMutablePointer<Double>?, _ id: UnsafeMutablePointer<Int32>?,
                            _ phase: UnsafeMutablePointer<Int32>?, _ x: UnsafeMutablePointer<Double>?, _ y: UnsafeMutablePointer<Double>?) -> Int32 {
    with(touches, "tg_touches_next", "touches") { (t: CTouches) in
        guard t.status == .ok else { return refuse(t.status, message(t.stream.diagnostics)) }
        guard let e = t.stream.next() else {
            if t.stream.hasErrors {
                t.status = .badInput
                return refuse(.badInput, message(t.stream.diagnostics))
            }
            return 0
        }
        time?.pointee = e.time
        // A trace's ids are at most 2³¹ - 1 (the format's limit), as a tg_touch's.
        id?.pointee = Int32(truncatingIfNeeded: e.id)
        phase?.pointee = Int32(e.phase.rawValue)
        x?.pointee = e.position.x
        y?.pointee = e.position.y
        return 1
    }
}
