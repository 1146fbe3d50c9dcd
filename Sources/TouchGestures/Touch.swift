/// What happened to one contact in one event.
public enum TouchPhase: UInt8, Sendable, CaseIterable {
    /// The contact touched the surface; its id is now in use.
    case down
    /// The contact moved (or reported again) while down.
    case move
    /// The contact left the surface normally; its id is free again.
    case up
    /// The contact ended abnormally (the device or system took it away); its id is free again.
    case cancel

    /// The name used in traces: `down`, `move`, `up`, `cancel`.
    public var name: String {
        switch self {
        case .down: "down"
        case .move: "move"
        case .up: "up"
        case .cancel: "cancel"
        }
    }

    /// Parses a trace phase name; `nil` for anything else.
    public init?(name: String) {
        switch name {
        case "down": self = .down
        case "move": self = .move
        case "up": self = .up
        case "cancel": self = .cancel
        default: return nil
        }
    }

    /// True for `up` and `cancel`, the phases that end a contact.
    @inlinable public var endsContact: Bool { self == .up || self == .cancel }
}

/// One report about one contact.
///
/// Recordings, tests and live devices all produce these; a run of them with the same
/// timestamp is a ``TouchFrame``.
public struct TouchEvent: Hashable, Sendable {
    /// When it happened, in seconds from any origin. Time comes only from here.
    public var time: Double
    /// Names one contact from its `down` to its `up` or `cancel`; may be reused after that.
    public var id: Int
    /// What happened to the contact.
    public var phase: TouchPhase
    /// Where, in surface units (trace units); origin top-left, y grows downward.
    public var position: Point
    /// Pressure as the device reports it, in its own units, if it does.
    public var pressure: Double?
    /// Touch ellipse major axis as the device reports it, in its own units, if it does.
    public var major: Double?
    /// Touch ellipse minor axis as the device reports it, in its own units, if it does.
    public var minor: Double?

    /// `seconds` rounded to the microsecond, the resolution of kernel input timestamps: what
    /// recorders, importers and generators store, so that a time such as `0.095573` stays exact
    /// after rebasing rather than becoming `0.09557294845581055`.
    @inlinable public static func roundedTime(_ seconds: Double) -> Double { (seconds * 1e6).rounded() / 1e6 }

    /// True when `time` has reached `deadline` (both in seconds), to the microsecond: evdev
    /// timestamps are whole microseconds, and `0.1 + 0.4` must reach a 0.5 s deadline although
    /// floating point makes it 0.49999999999999994. A comparison, not a rounding: the engine asks
    /// this every frame.
    /// The largest time magnitude a touch may have, in seconds: 2³² s (136 years). Below it a
    /// double tells microseconds apart (its step at 2³² s is 0.95 µs), which the deadlines need
    /// (`reached`); past it 0.5 s can vanish (at 10¹⁶ s a long press's deadline was its
    /// own start, and a tap became a long press of duration 0). Clocks since boot and since 1970
    /// (1.7·10⁹ s) are well within it. Traces and the C API refuse a time beyond it.
    public static let timeLimit = 4_294_967_296.0

    /// What a time past ``timeLimit`` is, in the words every refusal of one uses.
    package static let beyondTimeLimit = "beyond ±4294967296 s (2³², 136 years), where a double no longer tells microseconds apart"

    @inlinable package static func reached(_ time: Double, _ deadline: Double) -> Bool {
        time - deadline >= -0.5e-6
    }

    /// True when the interval `seconds` is longer than `limit` (seconds) by at least half a
    /// microsecond, so that timestamps 0.1 s apart are not taken as 0.10000000000000009 s apart.
    @inlinable package static func exceeds(_ seconds: Double, _ limit: Double) -> Bool {
        seconds - limit >= 0.5e-6
    }

    /// A touch event: contact `id` at `time` (seconds), in `phase`, at `position` (surface units).
    public init(time: Double, id: Int, phase: TouchPhase, position: Point,
                pressure: Double? = nil, major: Double? = nil, minor: Double? = nil) {
        self.time = time
        self.id = id
        self.phase = phase
        self.position = position
        self.pressure = pressure
        self.major = major
        self.minor = minor
    }
}

/// The events the hardware reported together (one evdev `SYN_REPORT`): all share one time.
///
/// A frame owns an array that a ``FrameAssembler`` reuses from frame to frame, so feeding
/// frames through the engine allocates nothing once the array has grown to the largest frame.
public struct TouchFrame: Sendable {
    /// The frame's timestamp in seconds.
    public var time: Double
    /// The events in the order the hardware gave them.
    public var events: [TouchEvent]

    /// A frame: the events the device reported together at `time` (seconds).
    public init(time: Double, events: [TouchEvent]) {
        self.time = time
        self.events = events
    }
}

/// Groups a stream of events into frames: events with equal `time` form one frame.
///
/// Feed events with ``add(_:emit:)``; a frame is handed out when an event with a new time
/// arrives, and the last one by ``flush(emit:)``. The frame buffer is reused.
public struct FrameAssembler: Sendable {
    private var frame = TouchFrame(time: 0, events: [])

    /// An assembler with no events yet.
    public init() { frame.events.reserveCapacity(16) }

    /// Adds one event; hands out the previous frame first when `event.time` differs from it.
    @inlinable public mutating func add(_ event: TouchEvent, emit: (TouchFrame) -> Void) {
        addEvent(event, emit: emit)
    }

    @usableFromInline mutating func addEvent(_ event: TouchEvent, emit: (TouchFrame) -> Void) {
        if !frame.events.isEmpty && event.time != frame.time {
            emit(frame)
            frame.events.shrink(to: 0)
        }
        frame.time = event.time
        frame.events.append(event)
    }

    /// Hands out the frame being assembled, if any.
    public mutating func flush(emit: (TouchFrame) -> Void) {
        if !frame.events.isEmpty {
            emit(frame)
            frame.events.shrink(to: 0)
        }
    }

    /// Every frame of `events`, at once: for a player that needs to look ahead (to wait for
    /// the next frame's time), where a stream would be fed event by event.
    package static func frames(of events: some Sequence<TouchEvent>) -> [TouchFrame] {
        var assembler = FrameAssembler()
        var frames: [TouchFrame] = []
        for e in events { assembler.add(e) { frames.append($0) } }
        assembler.flush { frames.append($0) }
        return frames
    }
}
