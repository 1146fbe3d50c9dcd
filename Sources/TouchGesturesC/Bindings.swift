internal import CPlatform
import GestureBindings
import TouchGestures
import TouchTrace

/// `struct tg_bindings`: the daemon's bindings (a `touch-gestured` configuration file) run inside
/// a host, a compositor first: touches in, what to do out (``CAction``): the commands to run, a
/// streaming binding's lines, a trace to save, and for each touch sequence when a binding
/// claims it (the host takes its touches from the app) or lets it go.
///
/// The same ``GestureDispatcher`` as the daemon's, fed the same frames, so the two run the same
/// commands for the same touches (Tests/TouchGesturesCTests/BindingsTests.swift holds them equal
/// over the corpus). What is the daemon's alone is not here: the devices, `grab`, the read
/// interval, a rotation file; the host has its own input and its own loop.
final class CBindings: CObject, TaggedHandle {
    static var kind: HandleKind { .bindings }
    @exclusivity(unchecked) var dispatcher: GestureDispatcher
    @exclusivity(unchecked) var feed: TouchFeed
    let actions = ActionQueue()
    /// The last `history` seconds of frames, for `tg_bindings_recent_trace`; `nil` with
    /// `history = 0`.
    @exclusivity(unchecked) var ring: FrameRing?
    let config: DaemonConfig
    let file: String, text: String
    let surface: Surface
    let rotation: Rotation
    /// Whether a touch sequence was under way after the last call (a finger down).
    @exclusivity(unchecked) var inSequence = false
    /// The last recent trace handed out, kept until the next call on the object.
    @exclusivity(unchecked) var trace: UnsafeMutablePointer<CChar>?
    /// The events of the frame being run, in an array kept from frame to frame: a new one for
    /// each frame was 1.0 of the 1.1 heap allocations a frame of `touch-bench capi`'s bindings
    /// pass (the dispatcher keeps no frame, so the storage is unique again by the next one).
    @exclusivity(unchecked) private var frameEvents: [TouchEvent] = []

    init(config: DaemonConfig, file: String, text: String, surface: Surface, rotation: Rotation, panel: (Double, Double)) {
        let (bindings, settings) = config.resolved(for: surface)
        dispatcher = GestureDispatcher(bindings: bindings, settings: settings, surface: surface)
        dispatcher.claims = true
        dispatcher.limitNotes = config.limitNotes(for: surface)
        feed = TouchFeed(rotation: rotation, panelWidth: panel.0, panelHeight: panel.1)
        ring = config.history > 0 ? FrameRing() : nil
        self.config = config
        (self.file, self.text, self.surface, self.rotation) = (file, text, surface, rotation)
        super.init(kind: .bindings)
    }

    deinit { trace?.deallocate() }

    /// What the dispatcher decided, queued as actions: a claim or a run for each firing. One
    /// that comes after the last lift of a sequence no binding claimed (a tap's, at that lift)
    /// comes after the sequence is let go.
    private func put(_ f: GestureDispatcher.Firing) {
        if inSequence, dispatcher.fingersDown == 0, !dispatcher.claimed {
            actions.put(CAction(letGoAt: f.time))
            inSequence = false
        }
        actions.put(CAction(firing: f))
    }

    /// After each call that fed the dispatcher: the explanation lines, and a touch sequence that
    /// ended unclaimed let go.
    private func settle(at time: Double) {
        if dispatcher.explains {
            for line in dispatcher.takeExplanation() { actions.put(CAction(explanation: line, at: time)) }
        }
        let down = dispatcher.fingersDown > 0
        if inSequence, !down, !dispatcher.claimed { actions.put(CAction(letGoAt: time)) }
        inSequence = down
    }

    /// Runs the frame gathered, if any.
    func runGathered() {
        feed.flush { time, events in
            frameEvents.shrink(to: 0)
            frameEvents.append(contentsOf: events)
            let frame = TouchFrame(time: time, events: frameEvents)
            ring?.append(frame)
            dispatcher.handle(frame, fire: put)
            settle(at: time)
        }
    }

    func advance(to time: Double) {
        dispatcher.advance(to: time, fire: put)
        settle(at: time)
    }

    /// Ends the input: the contacts still down are cancelled, as a frame of their own (so that
    /// the sequence ends, and the bindings go on with the next touch), then every deadline fires.
    func finish(at time: Double) {
        if dispatcher.fingersDown > 0 {
            let frame = dispatcher.cancellingFrame(at: time)
            ring?.append(frame)
            dispatcher.handle(frame, fire: put)
            settle(at: time)
        }
        dispatcher.finish(fire: put)
        settle(at: time)
    }

    /// The last `history` seconds of touches as a trace the daemon replays (`touch-gestured
    /// --replay FILE --dry-run` takes the bindings from it).
    func recentTrace() -> String? {
        guard let ring, let newest = ring.newestTime else { return nil }
        return SavedTrace.document(events: ring.events(since: newest - config.history), surface: surface,
                                   deviceName: "tg_bindings", devicePath: "tg_bindings", rotation: rotation,
                                   arguments: ["--config", file], config: (file, text), secondsKept: config.history)
    }
}

/// A configuration's text read into bindings for a panel, or a refusal saying where it is wrong.
private func makeBindings(text: String, file: String, width: Double, height: Double, unitsPerMillimeterX: Double,
                          unitsPerMillimeterY: Double, rotation: Int32, function: StaticString) throws(Refusal) -> CBindings {
    let config: DaemonConfig
    do { config = try DaemonConfig(text: text, file: file) } catch {
        throw Refusal(.badInput, message(error.diagnostics))
    }
    guard !config.bindings.isEmpty else { throw Refusal(.badInput, "\(function): \(visibleText(file)) has no [[binding]]") }
    // -1: the configuration's own `[input] rotate`.
    let degrees = rotation == -1 ? Int32(config.rotation.rawValue) : rotation
    let (surface, turn) = try TouchFeed.surface(width: width, height: height, unitsPerMillimeterX: unitsPerMillimeterX,
                                                unitsPerMillimeterY: unitsPerMillimeterY, rotation: degrees, function: function)
    return CBindings(config: config, file: file, text: text, surface: surface, rotation: turn, panel: (width, height))
}

/// `tg_bindings_new()` of touchgestures.h, where it is documented.
@_cdecl("tg_bindings_new")
public func tg_bindings_new(_ config: UnsafePointer<CChar>?, _ name: UnsafePointer<CChar>?, _ width: Double, _ height: Double,
                            _ unitsPerMillimeterX: Double, _ unitsPerMillimeterY: Double, _ rotation: Int32) -> OpaquePointer? {
    made { () throws(Refusal) in
        let text = String(decoding: try bytes(config, "tg_bindings_new", "config"), as: UTF8.self)
        let file = name.map { String(cString: $0) } ?? "config"
        return try makeBindings(text: text, file: file, width: width, height: height, unitsPerMillimeterX: unitsPerMillimeterX,
                                unitsPerMillimeterY: unitsPerMillimeterY, rotation: rotation, function: "tg_bindings_new")
    }
}

/// `tg_bindings_open()` of touchgestures.h, where it is documented.
@_cdecl("tg_bindings_open")
public func tg_bindings_open(_ path: UnsafePointer<CChar>?, _ width: Double, _ height: Double,
                             _ unitsPerMillimeterX: Double, _ unitsPerMillimeterY: Double, _ rotation: Int32) -> OpaquePointer? {
    made { () throws(Refusal) in
        guard let path else { throw Refusal(.invalidArgument, "tg_bindings_open: path is NULL") }
        let name = String(cString: path)
        let text: String
        do throws(Diagnostic) { text = String(decoding: try InputFile.readText(name), as: UTF8.self) } catch {
            throw Refusal(.badInput, error.description)
        }
        return try makeBindings(text: text, file: name, width: width, height: height, unitsPerMillimeterX: unitsPerMillimeterX,
                                unitsPerMillimeterY: unitsPerMillimeterY, rotation: rotation, function: "tg_bindings_open")
    }
}

/// `tg_bindings_destroy()` of touchgestures.h, where it is documented.
@_cdecl("tg_bindings_destroy")
public func tg_bindings_destroy(_ bindings: OpaquePointer?) { release(bindings, as: CBindings.self) }

/// `tg_bindings_get_rotation()` of touchgestures.h, where it is documented.
@_cdecl("tg_bindings_get_rotation")
public func tg_bindings_get_rotation(_ bindings: OpaquePointer?) -> Int32 {
    on(bindings, else: -1) { (b: CBindings) in Int32(b.config.rotation.rawValue) }
}

/// `tg_bindings_set_explain()` of touchgestures.h, where it is documented.
@_cdecl("tg_bindings_set_explain")
public func tg_bindings_set_explain(_ bindings: OpaquePointer?, _ on: Int32) -> Int32 {
    with(bindings, "tg_bindings_set_explain", "bindings") { (b: CBindings) in
        b.dispatcher.explains = on != 0
        return Status.ok.rawValue
    }
}

/// `tg_bindings_touch()` of touchgestures.h, where it is documented.
@_cdecl("tg_bindings_touch")
public func tg_bindings_touch(_ bindings: OpaquePointer?, _ time: Double, _ id: Int32, _ phase: Int32, _ x: Double, _ y: Double) -> Int32 {
    with(bindings, "tg_bindings_touch", "bindings") { (b: CBindings) in
        b.feed.add(time: time, id: id, phase: phase, x: x, y: y, function: "tg_bindings_touch")
    }
}

/// `tg_bindings_frame()` of touchgestures.h, where it is documented.
@_cdecl("tg_bindings_frame")
public func tg_bindings_frame(_ bindings: OpaquePointer?) -> Int32 {
    with(bindings, "tg_bindings_frame", "bindings") { (b: CBindings) in
        b.actions.startCall()
        b.runGathered()
        return Status.ok.rawValue
    }
}

/// `tg_bindings_advance()` of touchgestures.h, where it is documented.
@_cdecl("tg_bindings_advance")
public func tg_bindings_advance(_ bindings: OpaquePointer?, _ time: Double) -> Int32 {
    with(bindings, "tg_bindings_advance", "bindings") { (b: CBindings) in
        attempt { () throws(Refusal) in
            try b.feed.check(advanceTo: time, function: "tg_bindings_advance")
            b.actions.startCall()
            b.runGathered()
            b.advance(to: time)
            b.feed.passed(to: time)
        }
    }
}

/// `tg_bindings_next_deadline()` of touchgestures.h, where it is documented.
@_cdecl("tg_bindings_next_deadline")
public func tg_bindings_next_deadline(_ bindings: OpaquePointer?) -> Double {
    on(bindings, else: .nan) { (b: CBindings) in b.dispatcher.nextDeadline ?? .nan }
}

/// `tg_bindings_finish()` of touchgestures.h, where it is documented.
@_cdecl("tg_bindings_finish")
public func tg_bindings_finish(_ bindings: OpaquePointer?) -> Int32 {
    with(bindings, "tg_bindings_finish", "bindings") { (b: CBindings) in
        b.actions.startCall()
        b.runGathered()
        b.finish(at: b.feed.lastTimeGiven)
        b.feed.finished()
        return Status.ok.rawValue
    }
}

/// `tg_bindings_is_claimed()` of touchgestures.h, where it is documented.
@_cdecl("tg_bindings_is_claimed")
public func tg_bindings_is_claimed(_ bindings: OpaquePointer?) -> Int32 {
    on(bindings, else: 0) { (b: CBindings) in b.dispatcher.claimed && b.dispatcher.fingersDown > 0 ? 1 : 0 }
}

/// `tg_bindings_next_action()` of touchgestures.h, where it is documented.
@_cdecl("tg_bindings_next_action")
public func tg_bindings_next_action(_ bindings: OpaquePointer?) -> OpaquePointer? {
    on(bindings, else: nil) { (b: CBindings) in b.actions.next() }
}

/// `tg_bindings_recent_trace()` of touchgestures.h, where it is documented.
@_cdecl("tg_bindings_recent_trace")
public func tg_bindings_recent_trace(_ bindings: OpaquePointer?, _ length: UnsafeMutablePointer<Int>?) -> UnsafePointer<CChar>? {
    length?.pointee = 0
    guard let bindings else {
        remember(.invalidArgument, "tg_bindings_recent_trace: bindings is NULL")
        return nil
    }
    guard tag(of: bindings) == CBindings.kind.rawValue else {
        _ = refuseWrongKind("tg_bindings_recent_trace", "bindings", expected: .bindings, found: tag(of: bindings))
        return nil
    }
    return Unmanaged<CBindings>.fromOpaque(UnsafeRawPointer(bindings))._withUnsafeGuaranteedRef { b -> UnsafePointer<CChar>? in
        guard let text = b.recentTrace() else {
            remember(.badInput, b.config.history > 0 ? "tg_bindings_recent_trace: no touch yet" : "tg_bindings_recent_trace: no history is kept (history = 0)")
            return nil
        }
        b.trace?.deallocate()
        let copy = copyCString(text)
        b.trace = copy
        length?.pointee = text.utf8.count
        return UnsafePointer(copy)
    }
}

/// `text` as a C string in memory of its own (the caller deallocates it).
func copyCString(_ text: String) -> UnsafeMutablePointer<CChar> {
    let utf8 = text.utf8
    let p = UnsafeMutablePointer<CChar>.allocate(capacity: utf8.count + 1)
    var k = 0
    for byte in utf8 {
        p[k] = CChar(bitPattern: byte)
        k += 1
    }
    p[k] = 0
    return p
}
