// The engine through the C library against the Swift engine, on the same session in the same
// run (BENCHMARKS.md, "The C library"). The library is loaded with dlopen, as a C program's
// loader would, and called through C function pointers: what a C, Python or Rust caller pays.
import CAllocCounter
import TouchGestures
#if canImport(Glibc)
import Glibc
#endif

/// Where the C library is: TOUCH_BENCH_CLIB, or what tools/clib builds beside this binary
/// (`.build/clib/lib`).
func cLibraryPath(me: String) -> String {
    if let p = getenv("TOUCH_BENCH_CLIB") { return String(cString: p) }
    var dir = me
    for _ in 0..<2 { if let slash = dir.lastIndex(of: "/") { dir = String(dir[..<slash]) } }
    return dir + "/clib/lib/libtouchgestures.so.0"
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
        func f<T>(_ name: String, _: T.Type) -> T? { dlsym(handle, name).map { unsafeBitCast($0, to: T.self) } }
        guard let new = f("tg_engine_new", New.self), let destroy = f("tg_engine_destroy", Destroy.self),
              let touch = f("tg_engine_touch", Touch.self), let frame = f("tg_engine_frame", Frame.self),
              let next = f("tg_engine_next_event", Next.self), let type = f("tg_event_get_type", EventType.self) else { return nil }
        (self.new, self.destroy, self.touch, self.frame, self.next, self.type) = (new, destroy, touch, frame, next, type)
    }
}

struct CLibraryFigures { var swift: EngineFigures; var c: EngineFigures; var typeSum: Int }

/// The core session (swipes, taps, drags, two-finger swipes) through the bare engine, once in
/// Swift and once through the C library, each warmed up first, `total` events each; `nil` (and
/// why) when the library cannot be loaded.
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

    // Swift: frames into the engine, each output counted.
    var engine = GestureEngine(surface: surface)
    var assembler = FrameAssembler()
    var outputs = 0
    func swiftPass(_ offset: Double) {
        for var e in session {
            e.time += offset
            assembler.add(e) { engine.handle($0) { _ in outputs += 1 } }
        }
    }
    swiftPass(0)
    outputs = 0
    var a0 = tg_allocations()
    var t0 = now()
    for p in 1...passes { swiftPass(Double(p) * span) }
    assembler.flush { engine.handle($0) { _ in outputs += 1 } }
    var t1 = now()
    let swift = EngineFigures(events: passes * session.count, seconds: t1 - t0, allocations: tg_allocations() - a0, outputs: outputs)

    // C: the same events as tg_engine_touch calls, a tg_engine_frame at each frame's end, and
    // the queue drained after each frame (each event's type read, as a caller's switch would).
    guard let ce = c.new(800, 480, 5, 5, 0, nil) else { return .failure(BenchSkip(reason: "tg_engine_new failed")) }
    defer { c.destroy(ce) }
    var typeSum = 0
    outputs = 0
    var refused = 0
    func cPass(_ offset: Double) {
        for var e in session {
            e.time += offset
            assembler.add(e) { frame in
                for t in frame.events {
                    if c.touch(ce, t.time, Int32(t.id), Int32(t.phase.rawValue), t.position.x, t.position.y) != 0 { refused += 1 }
                }
                _ = c.frame(ce)
                while let ev = c.next(ce) {
                    outputs += 1
                    typeSum &+= Int(c.type(ev))
                }
            }
        }
    }
    assembler = FrameAssembler()
    cPass(0)
    outputs = 0
    a0 = tg_allocations()
    t0 = now()
    for p in 1...passes { cPass(Double(p) * span) }
    assembler.flush { frame in
        for t in frame.events { _ = c.touch(ce, t.time, Int32(t.id), Int32(t.phase.rawValue), t.position.x, t.position.y) }
        _ = c.frame(ce)
        while c.next(ce) != nil { outputs += 1 }
    }
    t1 = now()
    if refused > 0 { return .failure(BenchSkip(reason: "the C library refused \(refused) of the session's touches")) }
    let cFigures = EngineFigures(events: passes * session.count, seconds: t1 - t0, allocations: tg_allocations() - a0, outputs: outputs)
    return .success(CLibraryFigures(swift: swift, c: cFigures, typeSum: typeSum))
}

/// Why a benchmark section did not run.
struct BenchSkip: Error { var reason: String }
