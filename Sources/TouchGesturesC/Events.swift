import TouchGestures
import TouchList
import TouchTrace
import TouchReplay

/// The event a C caller holds (`struct tg_event`): the output last pulled from a queue, with
/// memory for its JSON line. One per engine, list or replay, reused for every event, so
/// pulling an event allocates nothing.
final class EventSlot {
    @exclusivity(unchecked) var output: ListController.Output = .gesture(GestureEvent(time: 0, kind: .won(recognizer: .tap, contact: 0)))
    let json = JSONLineBuffer(capacity: 256)

    /// The slot as the C pointer to it.
    var pointer: OpaquePointer { OpaquePointer(Unmanaged.passUnretained(self).toOpaque()) }
}

/// Outputs waiting to be pulled, first in first out; its memory is kept once it has grown.
struct OutputQueue {
    private var items: [ListController.Output] = []
    private var head = 0

    init() { items.reserveCapacity(64) }
    private init(unreserved: Void) {}

    /// An empty queue with no memory: what stands in an object's field while its queue is
    /// moved out to be filled (so the fill neither copies it nor checks the object's
    /// exclusivity at every output).
    static var moved: OutputQueue { OutputQueue(unreserved: ()) }

    var isEmpty: Bool { head == items.count }

    @inline(__always) mutating func put(_ output: ListController.Output) { items.append(output) }

    /// The oldest output, or nil.
    mutating func take() -> ListController.Output? {
        guard head < items.count else { return nil }
        let o = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        }
        return o
    }

    mutating func removeAll() {
        items.removeAll(keepingCapacity: true)
        head = 0
    }
}

@inline(__always) private func slot(_ event: OpaquePointer?) -> EventSlot? {
    guard let event else { return nil }
    return Unmanaged<EventSlot>.fromOpaque(UnsafeRawPointer(event)).takeUnretainedValue()
}

@inline(__always) private func gesture(_ event: OpaquePointer?) -> GestureEvent.Kind? {
    if let s = slot(event), case .gesture(let g) = s.output { return g.kind }
    return nil
}

@inline(__always) private func listEvent(_ event: OpaquePointer?) -> ListEvent.Kind? {
    if let s = slot(event), case .list(let l) = s.output { return l.kind }
    return nil
}

// MARK: Kind, time, JSON

/// `enum tg_event_type`'s number and the trace format's name of each kind.
private func typeOf(_ output: ListController.Output) -> (Int32, StaticString) {
    switch output {
    case .gesture(let g):
        switch g.kind {
        case .tap: (1, "tap")
        case .swipe: (2, "swipe")
        case .longPress: (3, "longPress")
        case .pan: (4, "pan")
        case .pinch: (5, "pinch")
        case .rotate: (6, "rotate")
        case .fling: (7, "fling")
        case .failed: (8, "failed")
        case .won: (9, "won")
        }
    case .list(let l):
        switch l.kind {
        case .rowSwipe: (20, "rowSwipe")
        case .select: (21, "select")
        case .deselect: (22, "deselect")
        case .check: (23, "check")
        case .scroll: (24, "scroll")
        case .snap: (25, "snap")
        case .loadMore: (26, "loadMore")
        case .refresh: (27, "refresh")
        case .page: (28, "page")
        case .rowOffset: (29, "rowOffset")
        case .fullSwipe: (30, "fullSwipe")
        }
    }
}

/// `tg_event_get_type()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_type")
public func tg_event_get_type(_ event: OpaquePointer?) -> Int32 {
    slot(event).map { typeOf($0.output).0 } ?? 0
}

private let noName: StaticString = ""

/// `tg_event_get_type_name()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_type_name")
public func tg_event_get_type_name(_ event: OpaquePointer?) -> UnsafePointer<CChar> {
    cString(slot(event).map { typeOf($0.output).1 } ?? noName)
}

/// `tg_event_get_time()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_time")
public func tg_event_get_time(_ event: OpaquePointer?) -> Double {
    guard let s = slot(event) else { return .nan }
    switch s.output {
    case .gesture(let g): return g.time
    case .list(let l): return l.time
    }
}

/// `tg_event_get_json()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_json")
public func tg_event_get_json(_ event: OpaquePointer?, _ length: UnsafeMutablePointer<Int>?) -> UnsafePointer<CChar>? {
    guard let s = slot(event) else {
        length?.pointee = 0
        return nil
    }
    s.json.removeAll()
    s.json.append(s.output)
    // The line ends in a newline: a NUL in its place makes it a C string.
    return s.json.withUnsafeBytes { bytes in
        let start = UnsafeMutablePointer(mutating: bytes.baseAddress!)
        start[bytes.count - 1] = 0
        length?.pointee = bytes.count - 1
        return UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self)
    }
}

// MARK: Gesture fields

/// `tg_event_get_phase()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_phase")
public func tg_event_get_phase(_ event: OpaquePointer?) -> Int32 {
    let phase: GesturePhase
    switch gesture(event) {
    case .longPress(let g)?: phase = g.phase
    case .pan(let g)?: phase = g.phase
    case .pinch(let g)?: phase = g.phase
    case .rotate(let g)?: phase = g.phase
    default: return 0
    }
    switch phase {
    case .began: return 1
    case .changed: return 2
    case .ended: return 3
    case .cancelled: return 4
    }
}

/// `tg_event_get_fingers()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_fingers")
public func tg_event_get_fingers(_ event: OpaquePointer?) -> Int32 {
    switch gesture(event) {
    case .tap(let g)?: Int32(g.fingers)
    case .swipe(let g)?: Int32(g.fingers)
    case .longPress(let g)?: Int32(g.fingers)
    case .pan(let g)?: Int32(g.fingers)
    case .pinch(let g)?: Int32(g.fingers)
    case .rotate(let g)?: Int32(g.fingers)
    case .fling(let g)?: Int32(g.fingers)
    default: 0
    }
}

/// `tg_event_get_taps()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_taps")
public func tg_event_get_taps(_ event: OpaquePointer?) -> Int32 {
    if case .tap(let g)? = gesture(event) { return Int32(clamping: g.taps) }
    return 0
}

private func position(_ event: OpaquePointer?) -> Point? {
    switch gesture(event) {
    case .tap(let g)?: g.position
    case .swipe(let g)?: g.end
    case .longPress(let g)?: g.position
    case .pan(let g)?: g.position
    case .pinch(let g)?: g.focus
    case .rotate(let g)?: g.focus
    case .fling(let g)?: g.position
    default: nil
    }
}

/// `tg_event_get_x()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_x")
public func tg_event_get_x(_ event: OpaquePointer?) -> Double { position(event)?.x ?? .nan }

/// `tg_event_get_y()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_y")
public func tg_event_get_y(_ event: OpaquePointer?) -> Double { position(event)?.y ?? .nan }

/// `tg_event_get_start_x()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_start_x")
public func tg_event_get_start_x(_ event: OpaquePointer?) -> Double {
    if case .swipe(let g)? = gesture(event) { return g.start.x }
    return .nan
}

/// `tg_event_get_start_y()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_start_y")
public func tg_event_get_start_y(_ event: OpaquePointer?) -> Double {
    if case .swipe(let g)? = gesture(event) { return g.start.y }
    return .nan
}

/// `tg_event_get_dx()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_dx")
public func tg_event_get_dx(_ event: OpaquePointer?) -> Double {
    if case .pan(let g)? = gesture(event) { return g.translation.x }
    return .nan
}

/// `tg_event_get_dy()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_dy")
public func tg_event_get_dy(_ event: OpaquePointer?) -> Double {
    if case .pan(let g)? = gesture(event) { return g.translation.y }
    return .nan
}

private func velocity(_ event: OpaquePointer?) -> Point? {
    switch gesture(event) {
    case .swipe(let g)?: g.velocity
    case .pan(let g)?: g.velocity
    case .fling(let g)?: g.velocity
    default: nil
    }
}

/// `tg_event_get_velocity_x()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_velocity_x")
public func tg_event_get_velocity_x(_ event: OpaquePointer?) -> Double { velocity(event)?.x ?? .nan }

/// `tg_event_get_velocity_y()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_velocity_y")
public func tg_event_get_velocity_y(_ event: OpaquePointer?) -> Double { velocity(event)?.y ?? .nan }

/// `tg_event_get_speed()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_speed")
public func tg_event_get_speed(_ event: OpaquePointer?) -> Double {
    if case .fling(let g)? = gesture(event) { return g.millimetersPerSecond }
    return .nan
}

/// `tg_event_get_duration()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_duration")
public func tg_event_get_duration(_ event: OpaquePointer?) -> Double {
    switch gesture(event) {
    case .swipe(let g)?: g.duration
    case .longPress(let g)?: g.duration
    default: .nan
    }
}

/// `tg_event_get_direction()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_direction")
public func tg_event_get_direction(_ event: OpaquePointer?) -> Int32 {
    guard case .swipe(let g)? = gesture(event) else { return 0 }
    return switch g.direction {
    case .left: 1
    case .right: 2
    case .up: 3
    case .down: 4
    case .upLeft: 5
    case .upRight: 6
    case .downLeft: 7
    case .downRight: 8
    }
}

/// `tg_event_get_edge()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_edge")
public func tg_event_get_edge(_ event: OpaquePointer?) -> Int32 {
    guard case .swipe(let g)? = gesture(event), let edge = g.edge else { return 0 }
    return switch edge {
    case .left: 1
    case .right: 2
    case .top: 3
    case .bottom: 4
    case .topLeft: 5
    case .topRight: 6
    case .bottomLeft: 7
    case .bottomRight: 8
    }
}

/// `tg_event_get_scale()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_scale")
public func tg_event_get_scale(_ event: OpaquePointer?) -> Double {
    if case .pinch(let g)? = gesture(event) { return g.scale }
    return .nan
}

/// `tg_event_get_angle()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_angle")
public func tg_event_get_angle(_ event: OpaquePointer?) -> Double {
    if case .rotate(let g)? = gesture(event) { return g.angle }
    return .nan
}

/// `enum tg_recognizer`'s number for `name`: its place in the arena's order, from 1.
func recognizerNumber(_ name: RecognizerName) -> Int32 { Int32(name.index + 1) }

/// `tg_event_get_recognizer()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_recognizer")
public func tg_event_get_recognizer(_ event: OpaquePointer?) -> Int32 {
    switch gesture(event) {
    case .failed(let r, _)?: recognizerNumber(r)
    case .won(let r, _)?: recognizerNumber(r)
    default: 0
    }
}

/// `tg_event_get_reason()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_reason")
public func tg_event_get_reason(_ event: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard case .failed(_, let reason)? = gesture(event) else { return nil }
    let name: StaticString = switch reason.kind {
    case .crossDrift: "crossDrift"
    case .tooSlow: "tooSlow"
    case .tooShort: "tooShort"
    case .moved: "moved"
    case .heldTooLong: "heldTooLong"
    case .cancelled: "cancelled"
    case .releasedEarly: "releasedEarly"
    case .notEnoughMovement: "notEnoughMovement"
    case .offAxis: "offAxis"
    case .tooSlowToFling: "tooSlowToFling"
    case .againstMotion: "againstMotion"
    case .tooFewFingers: "tooFewFingers"
    case .tooManyFingers: "tooManyFingers"
    case .rejected: "rejected"
    case .waitedForWon: "waitedForWon"
    }
    return cString(name)
}

/// `tg_event_get_contact()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_contact")
public func tg_event_get_contact(_ event: OpaquePointer?) -> Int32 {
    if case .won(_, let contact)? = gesture(event) { return Int32(clamping: contact) }
    return -1
}

// MARK: List fields

/// `tg_event_get_row()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_row")
public func tg_event_get_row(_ event: OpaquePointer?) -> Int32 {
    switch listEvent(event) {
    case .rowSwipe(let row, _)?, .select(let row)?, .deselect(let row)?, .check(let row, _)?,
         .rowOffset(let row, _)?, .fullSwipe(let row, _)?:
        Int32(clamping: row)
    default: -1
    }
}

/// `tg_event_get_flag()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_flag")
public func tg_event_get_flag(_ event: OpaquePointer?) -> Int32 {
    switch listEvent(event) {
    case .rowSwipe(_, let swiped)?: swiped ? 1 : 0
    case .check(_, let checked)?: checked ? 1 : 0
    case .scroll(_, let momentum)?: momentum ? 1 : 0
    default: -1
    }
}

/// `tg_event_get_offset()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_offset")
public func tg_event_get_offset(_ event: OpaquePointer?) -> Double {
    switch listEvent(event) {
    case .scroll(let offset, _)?, .snap(let offset, _)?, .rowOffset(_, let offset)?: offset
    default: .nan
    }
}

/// `tg_event_get_snap()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_snap")
public func tg_event_get_snap(_ event: OpaquePointer?) -> Int32 {
    guard case .snap(_, let kind)? = listEvent(event) else { return 0 }
    return switch kind {
    case .cell: 1
    case .section: 2
    case .edge: 3
    }
}

/// `tg_event_get_page()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_page")
public func tg_event_get_page(_ event: OpaquePointer?) -> Int32 {
    switch listEvent(event) {
    case .loadMore(let page)?, .page(let page, _)?: Int32(clamping: page)
    default: -1
    }
}

/// `tg_event_get_page_rows()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_page_rows")
public func tg_event_get_page_rows(_ event: OpaquePointer?) -> Int32 {
    guard case .page(_, let rows)? = listEvent(event) else { return -1 }
    return rows.map { Int32(clamping: $0) } ?? -1
}

/// `tg_event_get_side()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_side")
public func tg_event_get_side(_ event: OpaquePointer?) -> Int32 {
    guard case .fullSwipe(_, let side)? = listEvent(event) else { return 0 }
    return side == .leading ? 1 : 2
}
