internal import CPlatform
import TouchGestures
import TouchList
import TouchTrace
import TouchReplay

/// One queued event, what a `struct tg_event *` points at: the output, and the memory its JSON
/// line is written into (the queue's). No references are counted in it, so the queue copies it
/// as bytes.
struct QueuedEvent {
    var output: QueuedOutput
    var json: Unmanaged<JSONLineBuffer>
    /// `enum tg_event_type`'s number, worked out once as it is queued: a caller's switch asks
    /// it of every event, and reading it then copies four bytes rather than the whole output.
    var type: Int32
}

/// What a queued event holds: the engine's gesture (a followed gesture's report among them,
/// `tg_engine_follow`), or the list's output.
enum QueuedOutput {
    case gesture(GestureEvent)
    case list(ListEvent)

    init(_ o: ListController.Output) {
        switch o {
        case .gesture(let g): self = .gesture(g)
        case .list(let l): self = .list(l)
        }
    }
}

/// Outputs waiting to be pulled, first in first out, in memory of its own that is kept once it
/// has grown (no allocation per output once warm). An event pulled is handed out where it lies
/// (`struct tg_event` is a pointer into the queue), valid until the next call on its object:
/// the next call that adds outputs is the first that may write over it. A class, so that an
/// engine's emit closure appends to it in place; not an Array, whose uniqueness checks and
/// range replacements were a third of the C layer's own instructions (callgrind).
final class OutputQueue {
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<QueuedEvent>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var count = 0
    @exclusivity(unchecked) private var head = 0
    private let json = JSONLineBuffer(capacity: 256)

    init() {
        precondition(_isPOD(QueuedEvent.self), "a queued event holds a counted reference: OutputQueue must deinitialize")
        capacity = 64
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    var isEmpty: Bool { head == count }

    /// Queues `output`.
    @inline(__always) func put(_ output: ListController.Output) {
        append(QueuedEvent(output: QueuedOutput(output), json: .passUnretained(json), type: typeOf(output).0))
    }

    /// ``put(_:)`` for the engine's gestures: the type read from the gesture's kind alone.
    @inline(__always) func put(gesture: GestureEvent) {
        append(QueuedEvent(output: .gesture(gesture), json: .passUnretained(json), type: gestureTypeAndName(gesture.kind).0))
    }

    /// Writes `event` at the queue's end. The room for the next one is made after this one is
    /// written (there is always room on entry): the copy then keeps no register across a call,
    /// 34 instructions an output against 49 (callgrind).
    @inline(__always) private func append(_ event: QueuedEvent) {
        if head == count {
            head = 0
            count = 0
        }
        (base + count).initialize(to: event)
        count &+= 1
        if count == capacity { grow() }
    }

    @inline(never) private func grow() {
        let bigger = UnsafeMutablePointer<QueuedEvent>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }

    /// The oldest event as the C pointer to it, or nil.
    @inline(__always) func next() -> OpaquePointer? {
        guard head < count else { return nil }
        head += 1
        return OpaquePointer(base + head - 1)
    }
}

/// The event's output, read where it lies in its queue.
@inline(__always) func output(_ event: OpaquePointer?) -> QueuedOutput? {
    guard let event else { return nil }
    return UnsafePointer<QueuedEvent>(event).pointee.output
}

@inline(__always) func gesture(_ event: OpaquePointer?) -> GestureEvent.Kind? {
    if case .gesture(let g)? = output(event) { return g.kind }
    return nil
}

@inline(__always) func followed(_ event: OpaquePointer?) -> GestureEvent.Follow? {
    if case .follow(let f)? = gesture(event) { return f }
    return nil
}

@inline(__always) func listEvent(_ event: OpaquePointer?) -> ListEvent.Kind? {
    if case .list(let l)? = output(event) { return l.kind }
    return nil
}

// MARK: Kind, time, JSON

/// `tg_event_get_type()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_type") @inline(__always)
public func tg_event_get_type(_ event: OpaquePointer?) -> Int32 {
    guard let event else { return 0 }
    return UnsafePointer<QueuedEvent>(event).pointee.type
}

private let noName: StaticString = ""

/// `tg_event_get_type_name()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_type_name")
public func tg_event_get_type_name(_ event: OpaquePointer?) -> UnsafePointer<CChar> {
    cString(output(event).map { o -> StaticString in
        switch o {
        case .gesture(let g): gestureTypeAndName(g.kind).1
        case .list(let l): typeOf(.list(l)).1
        }
    } ?? noName)
}

/// `tg_event_get_time()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_time")
public func tg_event_get_time(_ event: OpaquePointer?) -> Double {
    guard let o = output(event) else { return .nan }
    switch o {
    case .gesture(let g): return g.time
    case .list(let l): return l.time
    }
}

/// `tg_event_get_json()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_json")
public func tg_event_get_json(_ event: OpaquePointer?, _ length: UnsafeMutablePointer<Int>?) -> UnsafePointer<CChar>? {
    guard let event else {
        length?.pointee = 0
        return nil
    }
    let queued = UnsafePointer<QueuedEvent>(event).pointee
    let json = queued.json.takeUnretainedValue()
    json.removeAll()
    switch queued.output {
    case .gesture(let g): json.append(.gesture(g))
    case .list(let l): json.append(.list(l))
    }
    // The line ends in a newline: a NUL in its place makes it a C string.
    return json.withUnsafeBytes { bytes in
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
    case .drag(let g)?: phase = g.phase
    default:
        guard let f = followed(event) else { return 0 }
        phase = f.phase
    }
    return phaseNumber(phase)
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
    case .drag(let g)?: Int32(g.fingers)
    default: followed(event).map { Int32($0.fingers) } ?? 0
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
    case .drag(let g)?: g.position
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
    switch gesture(event) {
    case .swipe(let g)?: g.start.x
    case .drag(let g)?: g.start.x
    default: .nan
    }
}

/// `tg_event_get_start_y()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_start_y")
public func tg_event_get_start_y(_ event: OpaquePointer?) -> Double {
    switch gesture(event) {
    case .swipe(let g)?: g.start.y
    case .drag(let g)?: g.start.y
    default: .nan
    }
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
    return followed(event)?.velocity ?? .nan
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
    if case .swipe(let g)? = gesture(event) { return directionNumber(g.direction) }
    if let f = followed(event), f.gesture.kind == .swipe, let way = f.gesture.direction { return directionNumber(way) }
    return 0
}

/// `tg_event_get_edge()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_edge")
public func tg_event_get_edge(_ event: OpaquePointer?) -> Int32 {
    if case .swipe(let g)? = gesture(event) { return g.edge.map(edgeNumber) ?? 0 }
    return followed(event)?.gesture.edge.screenEdge.map(edgeNumber) ?? 0
}

/// `tg_event_get_scale()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_scale")
public func tg_event_get_scale(_ event: OpaquePointer?) -> Double {
    if case .pinch(let g)? = gesture(event) { return g.scale }
    if let f = followed(event), f.gesture.kind == .pinch { return f.value }
    return .nan
}

/// `tg_event_get_angle()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_angle")
public func tg_event_get_angle(_ event: OpaquePointer?) -> Double {
    if case .rotate(let g)? = gesture(event) { return g.angle }
    if let f = followed(event), f.gesture.kind == .rotate { return f.value * Double.pi / 180 }
    return .nan
}

/// `tg_event_get_progress()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_progress")
public func tg_event_get_progress(_ event: OpaquePointer?) -> Double { followed(event)?.progress ?? .nan }

/// `tg_event_get_millimeters()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_millimeters")
public func tg_event_get_millimeters(_ event: OpaquePointer?) -> Double {
    guard let f = followed(event) else { return .nan }
    if f.gesture.kind == .swipe { return f.value }
    return .nan
}

/// `tg_event_get_request()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_request")
public func tg_event_get_request(_ event: OpaquePointer?) -> Int32 { followed(event).map { Int32($0.request + 1) } ?? 0 }

/// `tg_event_get_recognizer()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_recognizer")
public func tg_event_get_recognizer(_ event: OpaquePointer?) -> Int32 {
    switch gesture(event) {
    case .failed(let r, _)?: recognizerNumber(r)
    case .won(let r, _)?: recognizerNumber(r)
    default: 0
    }
}

/// Each failure reason's trace-format name (its raw value) as a C string, made once.
/// (`nonisolated(unsafe)`: written once, before any read, and never again.)
nonisolated(unsafe) private let reasonNames = Dictionary(uniqueKeysWithValues: GestureFailure.Kind.allCases.map {
    ($0, UnsafePointer<CChar>(strdup($0.rawValue)!))
})

/// `tg_event_get_reason()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_reason")
public func tg_event_get_reason(_ event: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard case .failed(_, let reason)? = gesture(event) else { return nil }
    return reasonNames[reason.kind]
}

/// `tg_event_get_sequence()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_sequence")
public func tg_event_get_sequence(_ event: OpaquePointer?) -> Int32 {
    switch gesture(event) {
    case .sequence(let q)?: Int32(clamping: q.index)
    case .failed(.sequence, let f)?: f.sequenceStep.map { Int32(clamping: $0.sequence) } ?? -1
    case .follow(let f)? where f.gesture.kind == .sequence: f.gesture.sequence.map { Int32(clamping: $0) } ?? -1
    default: -1
    }
}

/// `tg_event_get_step()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_step")
public func tg_event_get_step(_ event: OpaquePointer?) -> Int32 {
    guard case .failed(.sequence, let f)? = gesture(event), let at = f.sequenceStep else { return 0 }
    return Int32(clamping: at.step + 1)
}

/// `tg_event_get_name()` of touchgestures.h, where it is documented: the name's bytes copied
/// out, as `snprintf` writes (the event holds them inline, with no terminating NUL to point at).
@_cdecl("tg_event_get_name")
public func tg_event_get_name(_ event: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int {
    var length = 0
    if case .sequence(let q)? = gesture(event) {
        let name = q.name
        length = name.utf8.count
        if let buffer, size > 0 {
            var k = 0
            for b in name.utf8 where k < size - 1 {
                buffer[k] = CChar(bitPattern: b)
                k += 1
            }
            buffer[k] = 0
        }
    } else if let buffer, size > 0 {
        buffer[0] = 0
    }
    return length
}

/// `tg_event_get_contact()` of touchgestures.h, where it is documented.
@_cdecl("tg_event_get_contact")
public func tg_event_get_contact(_ event: OpaquePointer?) -> Int32 {
    if case .won(_, let contact)? = gesture(event) { return Int32(clamping: contact) }
    return -1
}
