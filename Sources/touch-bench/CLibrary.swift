// The engine through the C library against the Swift engine, on the same session in the same
// run (BENCHMARKS.md, "The C library"). The library is loaded with dlopen, as a C program's
// loader would, and called through C function pointers: what a C, Python or Rust caller pays.
import CAllocCounter
import TouchGestures
internal import CPlatform

/// Where the C library is: TOUCH_BENCH_CLIB, or what tools/clib builds beside this binary
/// (`.build/clib/lib`).
func cLibraryPath(me: String) -> String {
    if let p = getenv("TOUCH_BENCH_CLIB") { return String(cString: p) }
    var dir = me
    for _ in 0..<2 { if let slash = dir.lastIndex(of: "/") { dir = String(dir[..<slash]) } }
    return dir + "/clib/lib/libtouchgestures.so.0"
}

/// The library's function `name` as a C function pointer of `type`; nil when it has none.
private func cSymbol<T>(_ handle: UnsafeMutableRawPointer, _ name: String, _ type: T.Type) -> T? {
    dlsym(handle, name).map { unsafeBitCast($0, to: type) }
}

/// The C functions the benchmark calls.
private struct CFunctions {
    typealias New = @convention(c) (Double, Double, Double, Double, Int32, UnsafePointer<CChar>?) -> OpaquePointer?
    typealias Destroy = @convention(c) (OpaquePointer?) -> Void
    typealias Touch = @convention(c) (OpaquePointer?, Double, Int32, Int32, Double, Double) -> Int32
    typealias Frame = @convention(c) (OpaquePointer?) -> Int32
    typealias Next = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias EventType = @convention(c) (OpaquePointer?) -> Int32
    let new: New, destroy: Destroy, touch: Touch, frame: Frame, next: Next, type: EventType

    init?(_ handle: UnsafeMutableRawPointer) {
        func f<T>(_ name: String, _ type: T.Type) -> T? { cSymbol(handle, name, type) }
        guard let new = f("tg_engine_new", New.self), let destroy = f("tg_engine_destroy", Destroy.self),
              let touch = f("tg_engine_touch", Touch.self), let frame = f("tg_engine_frame", Frame.self),
              let next = f("tg_engine_next_event", Next.self), let type = f("tg_event_get_type", EventType.self) else { return nil }
        (self.new, self.destroy, self.touch, self.frame, self.next, self.type) = (new, destroy, touch, frame, next, type)
    }
}

struct CLibraryFigures {
    var swift: EngineFigures, c: EngineFigures
    /// The C pass's speed over the Swift pass's, pass by pass, the median: what a burst of
    /// another process in one pass does not move.
    var medianRatio: Double
}

/// The core session (swipes, taps, drags, two-finger swipes) through the bare engine, once in
/// Swift and once through the C library, each warmed up first, `total` events each; why not,
/// when the library cannot be loaded or the two disagree.
func benchCLibrary(total: Int, path: String) -> Result<CLibraryFigures, BenchSkip> {
    guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
        return .failure(BenchSkip(reason: "cannot load \(path) (tools/clib builds it): \(dlerror().map { String(cString: $0) } ?? "")"))
    }
    defer { dlclose(handle) }
    guard let c = CFunctions(handle) else { return .failure(BenchSkip(reason: "\(path) lacks a tg_engine function")) }
    let session = syntheticSession(events: 1_000_000, kinds: 5)
    let span = (session.last?.time ?? 0) + 1
    let passes = max(1, total / session.count)
    let surface = Surface(width: 800, height: 480, unitsPerMillimeter: Point(x: 5, y: 5))

    var engine = GestureEngine(surface: surface)
    var swiftAssembler = FrameAssembler()
    var swiftOutputs = 0
    guard let ce = c.new(800, 480, 5, 5, 0, nil) else { return .failure(BenchSkip(reason: "tg_engine_new failed")) }
    defer { c.destroy(ce) }
    var cState = CPassState()
    // Warm-up, then the two in turn, pass by pass, each timed on its own: a machine that
    // speeds up or slows down in the run (another process, the clock) weighs on both alike.
    swiftEnginePass(session, 0, &engine, &swiftAssembler, &swiftOutputs)
    cEnginePass(session, 0, c, ce, &cState)
    swiftOutputs = 0
    cState = CPassState()
    var swiftSeconds = 0.0, cSeconds = 0.0, ratios: [Double] = []
    ratios.reserveCapacity(passes)
    var swiftAllocations: UInt64 = 0, cAllocations: UInt64 = 0
    for p in 1...passes {
        let offset = Double(p) * span
        var a = tg_allocations(), t = now()
        swiftEnginePass(session, offset, &engine, &swiftAssembler, &swiftOutputs)
        let swiftPassSeconds = now() - t
        swiftSeconds += swiftPassSeconds
        swiftAllocations += tg_allocations() - a
        a = tg_allocations()
        t = now()
        cEnginePass(session, offset, c, ce, &cState)
        let cPassSeconds = now() - t
        cSeconds += cPassSeconds
        cAllocations += tg_allocations() - a
        ratios.append(swiftPassSeconds / cPassSeconds)
    }
    if cState.types != cState.outputs { return .failure(BenchSkip(reason: "\(cState.outputs - cState.types) events through the C library had no type")) }
    if cState.refused > 0 { return .failure(BenchSkip(reason: "the C library refused \(cState.refused) of the session's touches")) }
    if cState.outputs != swiftOutputs {
        return .failure(BenchSkip(reason: "the outputs differ: \(swiftOutputs) in Swift, \(cState.outputs) through C"))
    }
    let swift = EngineFigures(events: passes * session.count, seconds: swiftSeconds, allocations: swiftAllocations, outputs: swiftOutputs)
    let cFigures = EngineFigures(events: passes * session.count, seconds: cSeconds, allocations: cAllocations, outputs: cState.outputs)
    ratios.sort()
    return .success(CLibraryFigures(swift: swift, c: cFigures, medianRatio: ratios[ratios.count / 2]))
}

/// Swift: frames assembled and run, each output counted, the last frame run at the pass's end
/// as the C pass runs it. (The state comes in as `inout` parameters, here and in the C
/// pass: captured by a local function, the counters were checked for exclusivity at run time
/// on every output, a cost of the harness, not the engine. Each pass is a function of its own,
/// not inlined, so that callgrind counts each one's instructions apart.)
@inline(never) private func swiftEnginePass(_ session: [TouchEvent], _ offset: Double, _ engine: inout GestureEngine,
                                            _ assembler: inout FrameAssembler, _ outputs: inout Int) {
    for var e in session {
        e.time += offset
        assembler.add(e) { frame in engine.handle(frame) { _ in outputs += 1 } }
    }
    assembler.flush { frame in engine.handle(frame) { _ in outputs += 1 } }
}

/// What the C pass counts.
private struct CPassState { var outputs = 0, refused = 0, types = 0 }

/// C: the same events as tg_engine_touch calls, a tg_engine_frame where the next event's time
/// differs (the frame's end, as evdev's SYN_REPORT or libinput's TOUCH_FRAME tells a C
/// caller), and the queue drained after each frame (each event's type read, as a caller's
/// switch would). No FrameAssembler here: a C caller is handed frame ends and builds no
/// frames, so assembling them is the Swift caller's cost, not the C caller's.
@inline(never) private func cEnginePass(_ session: [TouchEvent], _ offset: Double, _ c: CFunctions, _ ce: OpaquePointer,
                                        _ state: inout CPassState) {
    session.withUnsafeBufferPointer { events in
        for k in events.indices {
            let t = events[k]
            if c.touch(ce, t.time + offset, Int32(truncatingIfNeeded: t.id), Int32(t.phase.rawValue), t.position.x, t.position.y) != 0 {
                state.refused += 1
            }
            if k + 1 == events.count || events[k + 1].time != t.time {
                _ = c.frame(ce)
                while let ev = c.next(ce) {
                    state.outputs += 1
                    if c.type(ev) != 0 { state.types += 1 }
                }
            }
        }
    }
}

/// Why a benchmark section did not run.
struct BenchSkip: Error { var reason: String }

/// The C functions of the bindings (`tg_bindings_*`) the benchmark calls.
private struct CBindingsFunctions {
    typealias New = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, Double, Double, Double, Double, Int32) -> OpaquePointer?
    typealias Destroy = @convention(c) (OpaquePointer?) -> Void
    typealias Touch = @convention(c) (OpaquePointer?, Double, Int32, Int32, Double, Double) -> Int32
    typealias Frame = @convention(c) (OpaquePointer?) -> Int32
    typealias Next = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias ActionType = @convention(c) (OpaquePointer?) -> Int32
    let new: New, destroy: Destroy, touch: Touch, frame: Frame, next: Next, type: ActionType

    init?(_ handle: UnsafeMutableRawPointer) {
        func f<T>(_ name: String, _ type: T.Type) -> T? { cSymbol(handle, name, type) }
        guard let new = f("tg_bindings_new", New.self), let destroy = f("tg_bindings_destroy", Destroy.self),
              let touch = f("tg_bindings_touch", Touch.self), let frame = f("tg_bindings_frame", Frame.self),
              let next = f("tg_bindings_next_action", Next.self), let type = f("tg_action_get_type", ActionType.self) else { return nil }
        (self.new, self.destroy, self.touch, self.frame, self.next, self.type) = (new, destroy, touch, frame, next, type)
    }
}

/// What a host embedding the daemon's bindings (`tg_bindings`) pays per frame: the core session
/// through them, with bindings a phone shell has (swipes in four directions running a command,
/// a two-finger long press, a double tap), each action pulled and its type read.
struct CBindingsFigures {
    var events: Int, frames: Int, actions: Int, seconds: Double
    /// Heap allocations over the passes after a warm-up one.
    var allocations: UInt64
}

/// The bindings' configuration of ``benchCBindings(total:path:)``.
private let benchBindingsConfig = """
    [[binding]]
    gesture = "swipe"
    direction = "left"
    command = ["back"]

    [[binding]]
    gesture = "swipe"
    direction = "right"
    command = ["forward"]

    [[binding]]
    gesture = "swipe"
    direction = "up"
    edge = "bottom"
    command = ["drawer"]

    [[binding]]
    gesture = "longPress"
    fingers = 2
    command = ["menu"]

    [[binding]]
    gesture = "tap"
    taps = 2
    command = ["zoom"]
    """

/// The core session through `tg_bindings`, a warm-up pass and then `total` events; why not,
/// when the library cannot be loaded or refuses the configuration or a touch.
func benchCBindings(total: Int, path: String) -> Result<CBindingsFigures, BenchSkip> {
    guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
        return .failure(BenchSkip(reason: "cannot load \(path) (tools/clib builds it): \(dlerror().map { String(cString: $0) } ?? "")"))
    }
    defer { dlclose(handle) }
    guard let c = CBindingsFunctions(handle) else { return .failure(BenchSkip(reason: "\(path) lacks a tg_bindings function")) }
    guard let b = c.new(benchBindingsConfig, "bench.toml", 800, 480, 5, 5, 0) else {
        return .failure(BenchSkip(reason: "tg_bindings_new refused the benchmark's configuration"))
    }
    defer { c.destroy(b) }
    let session = syntheticSession(events: 1_000_000, kinds: 5)
    let span = (session.last?.time ?? 0) + 1
    let passes = max(1, total / session.count)
    var state = CBindingsPassState()
    cBindingsPass(session, 0, c, b, &state)
    state = CBindingsPassState()
    let a = tg_allocations(), t = now()
    for p in 1...passes { cBindingsPass(session, Double(p) * span, c, b, &state) }
    let seconds = now() - t
    let allocations = tg_allocations() - a
    if state.refused > 0 { return .failure(BenchSkip(reason: "tg_bindings refused \(state.refused) of the session's touches")) }
    if state.typed != state.actions { return .failure(BenchSkip(reason: "\(state.actions - state.typed) actions through tg_bindings had no type")) }
    return .success(CBindingsFigures(events: passes * session.count, frames: state.frames, actions: state.actions,
                                     seconds: seconds, allocations: allocations))
}

/// What the bindings pass counts.
private struct CBindingsPassState { var frames = 0, actions = 0, typed = 0, refused = 0 }

/// The session's events as tg_bindings_touch calls, a tg_bindings_frame at each frame's end, and
/// the actions pulled after each frame (each one's type read, as a host's switch would).
@inline(never) private func cBindingsPass(_ session: [TouchEvent], _ offset: Double, _ c: CBindingsFunctions,
                                          _ b: OpaquePointer, _ state: inout CBindingsPassState) {
    session.withUnsafeBufferPointer { events in
        for k in events.indices {
            let t = events[k]
            if c.touch(b, t.time + offset, Int32(truncatingIfNeeded: t.id), Int32(t.phase.rawValue), t.position.x, t.position.y) != 0 {
                state.refused += 1
            }
            if k + 1 == events.count || events[k + 1].time != t.time {
                _ = c.frame(b)
                state.frames += 1
                while let a = c.next(b) {
                    state.actions += 1
                    if c.type(a) != 0 { state.typed += 1 }   // TG_ACTION_NONE is 0
                }
            }
        }
    }
}
