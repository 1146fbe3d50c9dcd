/// Turns frames of touch events into gestures and list changes: the one code path that
/// recordings, tests and live devices all go through.
///
/// Feed frames in time order with ``handle(_:emit:)``; call ``advance(to:emit:)`` when time
/// passes with no event (a live device's idle tick), and ``finish(emit:)`` at the end of the
/// input. Time comes only from the frames' timestamps: the engine reads no clock, so a replay
/// gives the same output every time. Once warm it allocates nothing per event.
///
/// ```swift
/// var engine = GestureEngine(surface: Surface(width: 800, height: 480,
///                                             unitsPerMillimetre: Point(x: 5, y: 5)))
/// engine.handle(frame) { event in print(event) }
/// ```
public struct GestureEngine: Sendable {
    /// The surface the frames' coordinates refer to.
    public let surface: Surface
    /// The list the gestures drive, if any.
    public var list: ListModel?
    /// When true, recognizer failures are reported as `failed` events (for `--explain`).
    public var explain = false

    /// The swipe recognizer (its state and transition log can be inspected).
    public var swipe: SwipeRecognizer
    /// The tap recognizer (its state and transition log can be inspected).
    public var tap: TapRecognizer

    private var contacts = ContactTable()
    private var lastTime = -Double.infinity
    private var scratch = TouchFrame(time: 0, events: [])

    /// An engine with the given thresholds over `surface`, driving `list` when given.
    public init(settings: GestureSettings = .init(), surface: Surface, list: ListModel? = nil) {
        self.surface = surface
        self.list = list
        self.swipe = SwipeRecognizer(settings: settings.swipe)
        self.tap = TapRecognizer(settings: settings.tap)
    }

    /// Sends a gesture to the caller and to the list, which may add its own events after it.
    private mutating func deliver(_ event: GestureEvent, emit: (GestureEvent) -> Void) {
        if case .failed = event.kind, !explain { return }
        emit(event)
        list?.apply(event, emit: emit)
    }

    /// Processes one frame. Frames must come in non-decreasing time order; a frame older than
    /// the last one is ignored (it cannot be undone), so live input that goes back in time
    /// cannot corrupt the state.
    public mutating func handle(_ frame: TouchFrame, emit: (GestureEvent) -> Void) {
        guard frame.time >= lastTime, !frame.events.isEmpty else { return }
        advance(to: frame.time, emit: emit)
        lastTime = frame.time
        contacts.apply(frame, surface: surface)
        let time = frame.time
        // Collect recognizer output first, then deliver, so that the list sees it in order.
        var swipeOut: GestureEvent.Kind?
        var swipeFail: GestureEvent.Kind?
        swipe.handle(time: time, contacts: contacts, surface: surface) { kind in
            if case .failed = kind { swipeFail = kind } else { swipeOut = kind }
        }
        if let k = swipeOut { deliver(GestureEvent(time: time, kind: k), emit: emit) }
        if let k = swipeFail { deliver(GestureEvent(time: time, kind: k), emit: emit) }
        var tapOut: (GestureEvent.Kind?, GestureEvent.Kind?, GestureEvent.Kind?) = (nil, nil, nil)
        tap.handle(time: time, contacts: contacts, surface: surface) { kind in
            if tapOut.0 == nil { tapOut.0 = kind } else if tapOut.1 == nil { tapOut.1 = kind } else { tapOut.2 = kind }
        }
        if let k = tapOut.0 { deliver(GestureEvent(time: time, kind: k), emit: emit) }
        if let k = tapOut.1 { deliver(GestureEvent(time: time, kind: k), emit: emit) }
        if let k = tapOut.2 { deliver(GestureEvent(time: time, kind: k), emit: emit) }
    }

    /// Lets time pass to `time` (seconds) with no new event: fires every deadline due by then,
    /// each at its own time (a single tap is reported when its double-tap window closes).
    public mutating func advance(to time: Double, emit: (GestureEvent) -> Void) {
        var due: GestureEvent?
        tap.advance(to: time) { due = $0 }
        if let e = due { deliver(e, emit: emit) }
    }

    /// Ends the input: contacts still down are cancelled at the last timestamp (as the trace
    /// format prescribes), then every pending deadline fires.
    public mutating func finish(emit: (GestureEvent) -> Void) {
        if lastTime.isFinite {
            contacts.cancelAll(at: lastTime, into: &scratch)
            if !scratch.events.isEmpty {
                let frame = scratch
                lastTime = -Double.infinity
                handle(frame, emit: emit)
            }
        }
        advance(to: .infinity, emit: emit)
    }
}
