import CSDL2
import Foundation
import TouchGestures
import TouchInput
import TouchList
import TouchTools
import TouchReplay
import TouchTrace

/// The graphical view: the list drawn with SDL, in a window (X11, Wayland) or full screen on a
/// bare console (SDL's KMSDRM driver: the kiosk case), or into PNG frames with SDL's software
/// renderer and no display at all.
enum Graphics {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func sdlError(_ what: String) -> Failure { Failure(description: "\(what): \(String(cString: SDL_GetError()))") }

    /// The frames of `trace` played at `fps` frames a second into `folder` (`00000.png`, …, by
    /// frame number), `size` pixels (default: the trace's device size, one pixel a unit), from
    /// the first event to a second after the last: at most `maxFrames` (more is refused before
    /// anything is written), with a progress line on a terminal, stopping early on SIGINT or
    /// SIGTERM. Returns how many frames were written.
    static func renderFrames(_ trace: Trace, name: String, folder: String, fps: Double, size: (Int, Int)?,
                             maxFrames: Int, showTouches: Bool) throws -> Int {
        let w = size?.0 ?? Int(trace.header.device.width.rounded()), h = size?.1 ?? Int(trace.header.device.height.rounded())
        guard w > 0, h > 0, w <= 8192, h <= 8192 else {
            throw Failure(description: "a frame of \(w) × \(h) pixels: give --size WxH, each from 1 to 8192")
        }
        let t0 = trace.events.first?.time ?? 0, end = (trace.events.last?.time ?? 0) + 1
        let count = ((end - t0) * fps + 1e-9).rounded(.down) + 1
        guard count <= Double(maxFrames) else {
            throw Failure(description: "\(name) lasts \(formatJSONNumber(((end - t0) * 10).rounded() / 10)) s: \(formatJSONNumber(count)) frames at \(formatJSONNumber(fps)) a second, more than --max-frames \(maxFrames); give a larger --max-frames or a lower --fps")
        }
        let total = Int(count)
        do { try OutputFile.makeFolders(folder, mode: 0o755) } catch {
            throw Failure(description: "--frames \(folder): \(error.path) \(error.reason)")
        }
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(w), Int32(h), 24, SDL_PIXELFORMAT_RGB24.rawValue) else {
            throw sdlError("SDL_CreateRGBSurfaceWithFormat")
        }
        defer { SDL_FreeSurface(surface) }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else { throw sdlError("SDL_CreateSoftwareRenderer") }
        defer { SDL_DestroyRenderer(renderer) }
        let painter = ListPainter(renderer: renderer)
        let progress = isatty(STDERR_FILENO) == 1
        installSignalHandlers()

        var engine = TraceReplay.makeController(header: trace.header)
        var app = DemoApp(replaying: trace.header)
        let frames = FrameAssembler.frames(of: trace.events)
        var view = ListView(title: name)
        var touches = TouchPoints()
        var next = 0, k = 0
        var rgb = [UInt8](repeating: 0, count: w * h * 3)
        while k < total {
            if stopRequested.load(ordering: .relaxed) {
                if progress { FileHandle.standardError.write(Data("\n".utf8)) }
                throw Failure(description: "stopped by a signal after \(k) of \(total) frames (in \(folder))")
            }
            let t = t0 + Double(k) / fps
            while next < frames.count, frames[next].time <= t {
                touches.apply(frames[next])
                app.handle(frames[next], &engine) { view.note($0) }
                next += 1
            }
            // The trace's edits due by t are the app's: they change the rows, not only the picture.
            app.applyEdits(before: t, &engine) { view.note($0) }
            // What the screen shows at t: the engine moved on to t (momentum, snaps, a tap's
            // window) in a copy, so that the engine itself sees only the trace's frames.
            var preview = engine
            preview.advance(to: t) { _ in }
            let overlay = ListPainter.Overlay(status: view.recent.suffix(2).joined(separator: "  ·  "), source: "replay: \(name)",
                                              surfaceHeight: trace.header.surface.height, touches: touches.points,
                                              showsTouches: showTouches, time: t)
            painter.draw(&preview.list, width: Double(w), height: Double(h), overlay: overlay)
            SDL_RenderFlush(renderer)
            // The surface's rows, each `pitch` bytes apart, packed into w × 3 bytes a row.
            let pitch = Int(surface.pointee.pitch)
            let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
            rgb.withUnsafeMutableBufferPointer { out in
                for y in 0..<h { (out.baseAddress! + y * w * 3).update(from: pixels + y * pitch, count: w * 3) }
            }
            let png = PNGEncoder.encode(width: w, height: h, rgb: rgb)
            let path = folder + "/" + rightAligned(String(k), 5, padding: "0") + ".png"
            try OutputFile.write(png, to: path)
            k += 1
            if progress, k % 5 == 0 || k == total {
                FileHandle.standardError.write(Data("\rtouch-demo: frame \(k) of \(total) (\(k * 100 / total)%)".utf8))
                if k == total { FileHandle.standardError.write(Data("\n".utf8)) }
            }
        }
        return k
    }

    /// Where the fingers are, from the frames seen so far (surface units), for `--show-touches`.
    struct TouchPoints {
        private var byID: [Int: Point] = [:]
        private var order: [Int] = []

        mutating func apply(_ frame: TouchFrame) {
            for e in frame.events {
                switch e.phase {
                case .down, .move:
                    if byID[e.id] == nil { order.append(e.id) }
                    byID[e.id] = e.position
                case .up, .cancel:
                    byID[e.id] = nil
                    order.removeAll { $0 == e.id }
                }
            }
        }

        var points: [Point] { order.compactMap { byID[$0] } }
    }

    /// Where a window's touches come from.
    enum Input {
        /// A trace played at its real speed (`speed` times it).
        case replay(Trace, name: String, speed: Double)
        /// A touchscreen read through libevdev.
        case device(EvdevDevice)
        /// SDL's own touch events (a desktop session whose /dev/input cannot be read), and mouse
        /// drags for people without a touchscreen.
        case sdl
    }

    /// The window (or the whole screen, on a console) until q, Escape, the window's close
    /// button, or SIGINT/SIGTERM.
    static func runWindow(_ input: Input, list makeList: (Surface) -> (ListModel, PageSource?), showTouches: Bool,
                          log: (ListController.Output) -> Void) throws {
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else { throw sdlError("SDL_Init") }
        defer { SDL_Quit() }
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "?"
        // SDL's drivers that show nothing: a window there waits for a q no one can press.
        if driver == "offscreen" || driver == "dummy" {
            throw Failure(description: "no display to draw on (SDL's video driver is \(driver)): run it under X11 or Wayland or on a console, "
                + "or use --ui terminal, or --frames DIR to render the replay into PNG frames")
        }
        // A console (KMSDRM) has no windows: the list takes the screen.
        let console = driver == "KMSDRM"
        var surface: Surface
        var title = "touch-demo"
        var source: String
        switch input {
        case .replay(let trace, let name, let speed):
            surface = trace.header.surface
            title += ": " + name
            source = "replay: \(name)\(speed == 1 ? "" : " ×\(formatJSONNumber(speed))")"
        case .device(let dev):
            surface = dev.decoder.surface
            title += ": " + dev.description.name
            source = "touchscreen: \(dev.path)"
        case .sdl:
            surface = Surface(width: 800, height: 480)
            source = "SDL touch, or mouse drags (no touchscreen)"
        }
        // The window: the surface scaled to fit 1000 × 800 pixels; on a console, the screen.
        let fit = min(1, 1000 / surface.width, 800 / surface.height)
        let flags = console ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : SDL_WINDOW_SHOWN.rawValue
        guard let window = SDL_CreateWindow(title, 0, 0, Int32(surface.width * fit), Int32(surface.height * fit), flags) else {
            throw sdlError("SDL_CreateWindow (\(driver))")
        }
        defer { SDL_DestroyWindow(window) }
        guard let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC.rawValue)
                ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            throw sdlError("SDL_CreateRenderer")
        }
        defer { SDL_DestroyRenderer(renderer) }
        printError("touch-demo: graphics (\(driver)), input: \(source)")
        if case .sdl = input {
            // SDL's own coordinates: the window's pixels, at the display's density.
            var w: Int32 = 0, h: Int32 = 0
            SDL_GetWindowSize(window, &w, &h)
            var dpi: Float = 0
            let density = SDL_GetDisplayDPI(0, &dpi, nil, nil) == 0 && dpi > 20 ? Double(dpi) / 25.4 : nil
            surface = Surface(width: Double(w), height: Double(h), unitsPerMillimeter: density.map { Point(x: $0, y: $0) })
        }
        let painter = ListPainter(renderer: renderer)
        var engine: ListController
        var app = DemoApp()
        var frames: [TouchFrame] = []
        var next = 0
        let clockStart = SDL_GetTicks64()
        var traceStart = 0.0, speed = 1.0, end = 0.0
        switch input {
        case .replay(let trace, _, let s):
            engine = TraceReplay.makeController(header: trace.header)
            app = DemoApp(replaying: trace.header)
            frames = FrameAssembler.frames(of: trace.events)
            traceStart = trace.events.first?.time ?? 0
            end = trace.events.last?.time ?? 0
            speed = s
        case .device, .sdl:
            let (list, pages) = makeList(surface)
            engine = ListController(surface: surface, list: list)
            engine.pageSource = pages
        }
        var view = ListView(title: title)
        var touches = TouchPoints()
        var assembler = FrameAssembler()
        var ids: [Int64: Int] = [:]
        var ended = false
        func note(_ o: ListController.Output) { view.note(o); log(o) }
        func feed(_ frame: TouchFrame) {
            touches.apply(frame)
            app.handle(frame, &engine, emit: note)
        }
        /// Now on the clock the input's times are on.
        func now() -> Double {
            switch input {
            case .replay: return traceStart + Double(SDL_GetTicks64() - clockStart) / 1000 * speed
            case .device: return EvdevDevice.monotonicNow()
            case .sdl: return Double(SDL_GetTicks64()) / 1000
            }
        }
        var event = SDL_Event()
        while !stopRequested.load(ordering: .relaxed) {
            // Input: SDL's events (quit keys, touches, mouse drags), then the device's.
            let animating = engine.isAnimating
            var got = animating ? SDL_PollEvent(&event) : SDL_WaitEventTimeout(&event, 16)
            while got != 0 {
                switch SDL_EventType(event.type) {
                case SDL_QUIT:
                    return
                case SDL_KEYDOWN where event.key.keysym.sym == Int32(SDLK_q.rawValue) || event.key.keysym.sym == Int32(SDLK_ESCAPE.rawValue):
                    return
                case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
                    guard case .sdl = input else { break }
                    let f = event.tfinger
                    let phase: TouchPhase = event.type == SDL_FINGERDOWN.rawValue ? .down : event.type == SDL_FINGERUP.rawValue ? .up : .move
                    let key = f.fingerId
                    if phase == .down, ids[key] == nil { ids[key] = (ids.values.max() ?? -1) + 1 }
                    guard let id = ids[key] else { break }
                    if phase == .up { ids[key] = nil }
                    assembler.add(TouchEvent(time: Double(f.timestamp) / 1000, id: id, phase: phase,
                                             position: Point(x: Double(f.x) * surface.width, y: Double(f.y) * surface.height))) {
                        feed($0)
                    }
                case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP, SDL_MOUSEMOTION:
                    // Mouse drags as a third source; SDL's mice made from touches are left out.
                    guard case .sdl = input, event.button.which != UInt32.max else { break }   // SDL_TOUCH_MOUSEID
                    // Motion counts only with the left button held (SDL_BUTTON_LMASK).
                    if event.type == SDL_MOUSEMOTION.rawValue && event.motion.state & 1 == 0 { break }
                    let phase: TouchPhase = event.type == SDL_MOUSEBUTTONDOWN.rawValue ? .down : event.type == SDL_MOUSEBUTTONUP.rawValue ? .up : .move
                    let x = event.type == SDL_MOUSEMOTION.rawValue ? event.motion.x : event.button.x
                    let y = event.type == SDL_MOUSEMOTION.rawValue ? event.motion.y : event.button.y
                    assembler.add(TouchEvent(time: Double(event.button.timestamp) / 1000, id: 99, phase: phase,
                                             position: Point(x: Double(x), y: Double(y)))) { feed($0) }
                default:
                    break
                }
                got = SDL_PollEvent(&event)
            }
            assembler.flush { feed($0) }
            if case .device(let dev) = input {
                do { try dev.readAvailable { feed($0) } } catch {
                    printError("touch-demo: \(error); exiting")
                    return
                }
            }
            let t = now()
            while next < frames.count, frames[next].time <= t {
                feed(frames[next])
                next += 1
            }
            if case .replay = input, next == frames.count, !ended, t > end {
                app.finish(&engine, emit: note)
                ended = true
                view.recent.append("end of the replay (q quits)")
            }
            app.advance(to: t, &engine, emit: note)
            var w: Int32 = 0, h: Int32 = 0
            SDL_GetRendererOutputSize(renderer, &w, &h)
            // In place: laying the cells out measures estimated rows, which the model keeps.
            let overlay = ListPainter.Overlay(status: view.recent.suffix(2).joined(separator: "  ·  "), source: source,
                                              surfaceHeight: surface.height, touches: touches.points, showsTouches: showTouches, time: t)
            painter.draw(&engine.list, width: Double(w), height: Double(h), overlay: overlay)
            SDL_RenderPresent(renderer)
        }
    }
}
