import ArgumentParser
import Foundation
import TouchGestures
import TouchList
import TouchEvdev
import TouchInput
import TouchReplay
import TouchTrace
import TouchTools

@main
struct TouchDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touch-demo",
        abstract: "A list that a touchscreen scrolls, flings, swipes and taps: drawn in a window, on the whole screen, or in the terminal.",
        discussion: """
            With a touchscreen, touch it: a drag scrolls and a fling throws the list (it snaps to \
            whole rows when it stops), a row's content follows a sideways drag over its actions and \
            settles open or closed at the lift (one row open at a time), a tap selects it; pages of \
            a generated feed load as the end comes near, and pulling down at the top refreshes. \
            Drawn with SDL in a window (X11, Wayland) or on the whole screen of a console where one \
            can be opened, in the terminal otherwise (--ui chooses); --frames renders PNG frames \
            with no display. \
            With no touchscreen, or with --replay, a trace is played at its real speed through the \
            same code (with no arguments, the bundled demo session). q or Ctrl-C quits. \
            Exit status: 0 done (also when the device is removed), 2 a trace or device could not be \
            used (a touchscreen that may not be read is an error, never a reason to play a recording).
            """,
        version: touchGesturesVersion)

    @Option(help: "Play this trace instead of reading a touchscreen.")
    var replay: String?

    @Option(help: "Playback speed for traces (2 = twice as fast).")
    var speed: Double = 1

    @Flag(name: .customLong("list-devices"), help: "List input devices and exit.")
    var listDevices = false

    @Option(help: "The touchscreen, e.g. /dev/input/event3 (default: the first one).")
    var device: String?

    @Option(help: "Rotate the touchscreen's coordinates clockwise: 0, 90, 180 or 270 degrees.")
    var rotate: Int = 0

    @Flag(help: "Grab the touchscreen so that its touches do not also reach other programs.")
    var grab = false

    @Option(help: ArgumentHelp("A calibration matrix for the touchscreen: six numbers a b c d e f (libinput's: x' = a·x + b·y + c, y' = d·x + e·y + f, in fractions of the axes).", valueName: "matrix"))
    var calibration: String?

    @Option(help: "The list on a touchscreen: feed (rows of varying heights that snap, load pages of a generated feed and refresh) or standard (the library's default list, as a trace without a scene has).")
    var list: DemoList = .feed

    enum DemoList: String, ExpressibleByArgument, CaseIterable {
        case feed, standard
    }

    @Flag(help: "No screen: print gesture and row events as JSON lines (for tests and scripts).")
    var log = false

    enum UI: String, ExpressibleByArgument, CaseIterable {
        case graphics, terminal
    }

    @Option(help: "graphics (a window, or the whole screen on a console) or terminal; by default graphics when a display or a DRM device can be opened, terminal otherwise.")
    var ui: UI?

    @Flag(help: "In the graphics view, take SDL's touch events and mouse drags instead of a touchscreen.")
    var mouse = false

    @Option(help: ArgumentHelp("Render the replay (--replay, or the bundled session) into PNG frames in this folder, with no display, and exit.", valueName: "folder"))
    var frames: String?

    @Option(help: "Frames a second for --frames.")
    var fps: Double = 30

    @Option(name: .customLong("max-frames"), help: "The most frames --frames writes; a longer replay is refused before any is written.")
    var maxFrames = 20_000

    @Flag(name: .customLong("show-touches"), help: "In the graphics view and --frames, draw a ring where each finger touches (for demos and bug reports).")
    var showTouches = false

    @Option(help: ArgumentHelp("The size of --frames in pixels (default: the trace's device size).", valueName: "WxH"))
    var size: String?

    @Option(name: .customLong("ready-file"), help: ArgumentHelp("Create this file once the device is open (for scripts).", visibility: .hidden))
    var readyFile: String?

    func validate() throws {
        guard [0, 90, 180, 270].contains(rotate) else { throw ValidationError("--rotate must be 0, 90, 180 or 270, found \(rotate)") }
        guard speed > 0, speed.isFinite else { throw ValidationError("--speed must be a positive number, found \(speed)") }
        guard fps > 0, fps <= 240 else { throw ValidationError("--fps must be more than 0 and at most 240, found \(formatJSONNumber(fps))") }
        guard maxFrames >= 1 else { throw ValidationError("--max-frames must be at least 1, found \(maxFrames)") }
        if let size, Self.parseSize(size) == nil { throw ValidationError("--size must be WxH in pixels, like 800x480, found \(size)") }
        if let values = calibrationValues, values.count != 6 || !values.allSatisfy(\.isFinite) {
            throw ValidationError("--calibration must be six numbers, like \"1 0 0 0 1 0\", found \(calibration ?? "")")
        }
    }

    func run() throws {
        if listDevices {
            do {
                // The one listing, as touchtrace devices and touch-gestured --list-devices print it.
                let (lines, hint) = DeviceInfo.listing(try EvdevDevice.list())
                for line in lines { print(line) }
                if let hint { printError("touch-demo: " + hint) }
            } catch {
                printError("touch-demo: \(error)")
                throw ExitCode(2)
            }
            return
        }
        // The trace is read before the handlers are in place: a FIFO with no writer blocks in
        // open(2), and Ctrl-C must still end the program there (a handler that only sets a flag
        // would have the call restarted, for ever).
        unblockStopSignals()
        let replayed = try loadReplay()
        installSignalHandlers()
        if let frames { return try renderFrames(to: frames, replayed: replayed) }
        let (graphics, reason) = chooseUI()
        if !log { printError("touch-demo: \(graphics ? "graphics" : "terminal") view (\(reason))") }
        if graphics {
            do { return try runGraphics(replayed: replayed) } catch let failure as Graphics.Failure {
                // Asked for by name, it must work; chosen by itself, the terminal stands in.
                if ui == .graphics {
                    printError("touch-demo: \(failure)")
                    throw ExitCode(2)
                }
                printError("touch-demo: no graphics (\(failure)); the terminal view instead")
            }
        }
        if let replayed { return try play(replayed, note: nil) }
        do {
            let dev = try EvdevDevice.open(device, grab: grab, rotation: Rotation(degrees: rotate)!, calibration: calibrationValues)
            try live(dev)
        } catch {
            // A named device must work, and so must a touchscreen that is there but may not be
            // read: playing a recording then would look like the user's own touch. Only with no
            // touchscreen at all does the bundled session play.
            if device != nil {
                printError("touch-demo: \(error)")
                throw ExitCode(2)
            }
            if let input = error as? InputError, case .permissionDenied = input {
                printError("touch-demo: \(input)")
                throw ExitCode(2)
            }
            let reason = "\(error)".split(separator: "\n").first.map(String.init) ?? ""
            try play(nil, note: "no touchscreen (\(reason)); playing the bundled demo session")
        }
    }

    static func parseSize(_ s: String) -> (Int, Int)? {
        let parts = s.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...8192).contains(w), (1...8192).contains(h) else { return nil }
        return (w, h)
    }

    /// The desktop session's display server, as its variable says it (`WAYLAND_DISPLAY=…`,
    /// `DISPLAY=…`), or `nil` on a console.
    static var displayServer: String? {
        let env = ProcessInfo.processInfo.environment
        if let w = env["WAYLAND_DISPLAY"], !w.isEmpty { return "WAYLAND_DISPLAY=\(w)" }
        if let d = env["DISPLAY"], !d.isEmpty { return "DISPLAY=\(d)" }
        return nil
    }

    /// Graphics when a display or a DRM device (a console) can be opened, the terminal
    /// otherwise, and the reason in a few words.
    func chooseUI() -> (Bool, String) {
        if let ui { return (ui == .graphics, "--ui \(ui.rawValue)") }
        if log { return (false, "--log prints JSON lines") }
        if let display = Self.displayServer { return (true, display) }
        for k in 0..<4 {
            let card = "/dev/dri/card\(k)"
            let fd = open(card, O_RDWR | O_CLOEXEC)
            if fd >= 0 {
                close(fd)
                return (true, "\(card), a console with no display server")
            }
        }
        return (false, "no display and no DRM device")
    }

    /// The trace --replay names and its name as a title, or `nil` without --replay.
    func loadReplay() throws -> (Trace, String)? {
        guard let replay else { return nil }
        do { return (try TraceReader.read(path: replay).trace, PathText.lastComponent(of: replay)) } catch {
            printError(error.description)
            throw ExitCode(2)
        }
    }

    /// The trace --replay named (read by ``loadReplay()``), or the bundled session.
    func replayTrace(_ replayed: (Trace, String)?) throws -> (Trace, String) {
        if let replayed { return replayed }
        let read = TraceReader.diagnose(bytes: Array(demoSessionJSON.utf8), name: "demo-session.json")
        guard let bundled = read.trace else {
            printError("touch-demo: the bundled demo session does not read: \(read.errors.first?.description ?? "")")
            throw ExitCode(2)
        }
        return (bundled, "demo-session.json")
    }

    func renderFrames(to folder: String, replayed: (Trace, String)?) throws {
        let (trace, name) = try replayTrace(replayed)
        do {
            let n = try Graphics.renderFrames(trace, name: name, folder: folder, fps: fps, size: size.flatMap(Self.parseSize),
                                              maxFrames: maxFrames, showTouches: showTouches)
            print("touch-demo: \(n) frames of \(name) in \(folder), \(formatJSONNumber(fps)) a second")
        } catch {
            printError("touch-demo: \(error)")
            throw ExitCode(2)
        }
    }

    /// The graphics view: a replay, SDL's touches and mouse (--mouse), or the touchscreen
    /// (the bundled session when there is none; an error when it may not be read).
    func runGraphics(replayed: (Trace, String)?) throws {
        let input: Graphics.Input
        if let replayed {
            let (trace, name) = replayed
            input = .replay(trace, name: name, speed: speed)
        } else if mouse {
            input = .sdl
        } else {
            do {
                input = .device(try EvdevDevice.open(device, grab: grab, rotation: Rotation(degrees: rotate)!,
                                                     calibration: calibrationValues))
            } catch {
                if device != nil { printError("touch-demo: \(error)"); throw ExitCode(2) }
                if case .permissionDenied = error {
                    // Under a desktop session the touches also reach the window through SDL:
                    // the user's own touch, not a recording. On a console there is no such way.
                    guard Self.displayServer != nil else { printError("touch-demo: \(error)"); throw ExitCode(2) }
                    printError("touch-demo: \(error.description.split(separator: "\n").first ?? ""): taking the touches SDL gives the window instead")
                    try Graphics.runWindow(.sdl, list: lists, showTouches: showTouches, log: logger)
                    return
                }
                let (trace, name) = try replayTrace(nil)
                printError("touch-demo: no touchscreen (\(error.description.split(separator: "\n").first ?? "")); playing the bundled demo session (--mouse to drag with a mouse)")
                input = .replay(trace, name: name, speed: speed)
            }
        }
        try Graphics.runWindow(input, list: lists, showTouches: showTouches, log: logger)
    }

    /// The list a touchscreen or SDL input gets, for its surface.
    var lists: (Surface) -> (ListModel, PageSource?) {
        let feed = list == .feed
        return { surface in feed ? (Self.feedList(for: surface), Self.feed) : (ListModel(layout: .standard(for: surface)), nil) }
    }

    var logger: (ListController.Output) -> Void {
        let log = self.log
        return { output in if log { say(output.jsonLine) } }
    }

    /// `--calibration`'s numbers (a word that is not one is `nan`, which `validate()` refuses:
    /// it is not dropped, leaving six that were not meant).
    var calibrationValues: [Double]? {
        calibration.map { $0.split(whereSeparator: { $0 == " " || $0 == "," }).map { Double($0) ?? .nan } }
    }

    /// Where output goes: JSON lines, a live screen, or plain lines.
    final class Output {
        let log: Bool
        let terminal: Terminal?
        var view: ListView
        var list: ListModel
        /// What the last line calls the end when nobody stopped it: "end of the replay", or
        /// "end of the session" on a touchscreen.
        let ending: String
        private var finished = false

        init(log: Bool, title: String, list: ListModel, ending: String) {
            self.log = log
            self.ending = ending
            self.list = list
            view = ListView(title: title)
            terminal = !log && Terminal.isInteractive ? Terminal() : nil
            terminal?.enter()
            if let terminal, !log { draw(terminal) } else if !log { say(title) }
        }

        func emit(_ e: ListController.Output) {
            if log {
                say(e.jsonLine)   // unbuffered: a reader of the log sees each event as it happens
                return
            }
            view.note(e)
            if terminal == nil, ListView.isNoteworthy(e) { say("  " + e.humanDescription) }
        }

        func update(_ l: ListModel?) {
            if let l { list = l }
            if let terminal { draw(terminal) }
        }

        func draw(_ t: Terminal) {
            let (c, r) = t.size
            t.write(view.render(&list, columns: c, rows: r))
        }

        /// True when the user asked to quit.
        var quit: Bool {
            if stopRequested.load(ordering: .relaxed) { return true }
            while let k = terminal?.key() { if k == UInt8(ascii: "q") || k == 3 { return true } }
            return false
        }

        /// Restores the terminal and, outside one, says how it ended and the list's state: once,
        /// however many ways lead here.
        func finish() {
            guard !finished else { return }
            finished = true
            terminal?.restore()
            if !log && terminal == nil {
                let swiped = list.rowSwipes.open.keys.sorted()
                let end = stopRequested.load(ordering: .relaxed) ? "stopped (SIGINT or SIGTERM)" : ending
                say("\(end); swiped: \(rowsPhrase(swiped)); selected: \(rowsPhrase(list.selectedRows.sorted()))")
            }
        }
    }

    /// Plays the trace --replay named, or with none the bundled demo session (compiled in).
    func play(_ replayed: (Trace, String)?, note: String?) throws {
        let (trace, name) = try replayTrace(replayed)
        var engine = TraceReplay.makeController(header: trace.header)
        var app = DemoApp(replaying: trace.header)
        let title = note ?? "touch-demo: playing \(name)"
        if note != nil, log { printError("touch-demo: \(title)") }
        let out = Output(log: log, title: title, list: engine.list, ending: "end of the replay")
        defer { out.finish() }
        guard let t0 = trace.events.first?.time else { return }
        let start = EvdevDevice.monotonicNow()
        func traceNow() -> Double { t0 + (EvdevDevice.monotonicNow() - start) * speed }
        for frame in FrameAssembler.frames(of: trace.events) {
            // Wait for the frame's time. The screen shows a copy of the engine moved on to now
            // (momentum, snaps, a single tap's window); the engine itself sees only the trace's
            // frames, so that its output is exactly what `touchtrace replay` gives.
            while traceNow() < frame.time {
                if out.quit { return }
                app.applyEdits(before: traceNow(), &engine) { out.emit($0) }
                if out.terminal != nil {
                    var preview = engine
                    preview.advance(to: traceNow()) { _ in }
                    out.update(preview.list)
                }
                usleep(UInt32(min(20_000, max(0, (frame.time - traceNow()) / speed * 1e6))))
            }
            var changed = false
            app.handle(frame, &engine) { out.emit($0); changed = true }
            if changed { out.update(engine.list) }
        }
        app.finish(&engine) { out.emit($0) }
        out.update(engine.list)
        // Leave the final screen up until q (interactive), or end at once.
        if out.terminal != nil {
            var key = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            while !out.quit { _ = poll(&key, 1, -1) }   // asleep until a key or a signal
        }
    }

    /// The live demo's list: the standard rows over the whole surface, one page of them
    /// loaded, heights varying (1, 1.5, 1, 2 rows in turn), snapping to whole rows, infinite
    /// scroll and pull to refresh.
    static func feedList(for surface: Surface) -> ListModel {
        let standard = ListLayout.standard(for: surface)
        var options = ListOptions()
        options.rowHeights = [1, 1.5, 1, 2].map { $0 * standard.rowHeight }
        options.snapsToCells = true
        options.paging = .infinite
        options.refreshes = true
        options.selection = .multiple
        // Rows slide over an action on the left (a fifth of the width) and two on the right
        // (two fifths), as a phone's mail list's do.
        options.leadingActions = RowActions(width: surface.width / 5)
        options.trailingActions = RowActions(widths: [surface.width / 5, surface.width / 5])   // Delete at the edge, then Flag
        // The list ends above the graphical view's status bar (a sixteenth of the height).
        let layout = ListLayout(rows: options.pageSize, rowHeight: standard.rowHeight, width: surface.width,
                                height: surface.height * 15 / 16)
        return ListModel(layout: layout, options: options)
    }

    /// The generated feed behind it: 200 rows in pages of 25, each 0.6 s after it is asked
    /// for; page 4 fails the first time (pull to refresh, and it loads).
    static let feed = ScriptedFeed(pageSize: 25, total: 200, latency: 0.6, failingPages: [4])

    func live(_ dev: EvdevDevice) throws {
        if let readyFile { _ = FileManager.default.createFile(atPath: readyFile, contents: nil) }
        let surface = dev.decoder.surface
        var engine = ListController(surface: surface, list: list == .feed ? Self.feedList(for: surface) : ListModel(layout: .standard(for: surface)))
        if list == .feed { engine.pageSource = Self.feed }
        var app = DemoApp()
        let out = Output(log: log, title: "touch-demo: \(dev.description.name) (\(dev.path))", list: engine.list, ending: "end of the session")
        defer { out.finish() }
        // The device, and the keyboard when there is a screen to quit: made once, their
        // results cleared at each wake-up.
        var fds = [pollfd(fd: dev.fileDescriptor, events: Int16(POLLIN), revents: 0)]
        if out.terminal != nil { fds.append(pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)) }
        while !out.quit {
            // Sleep in the kernel until input, a key, a signal, or the next thing due: a frame
            // of motion (60 Hz) while the list moves, else the next deadline, else nothing.
            let now = EvdevDevice.monotonicNow()
            let timeout: Int32
            if engine.isAnimating {
                timeout = 16
            } else if let due = engine.nextDeadline {
                timeout = Int32(max(0, min(3_600_000, ((due - now) * 1000).rounded(.up) + 1)))
            } else {
                timeout = -1
            }
            for k in fds.indices { fds[k].revents = 0 }
            // Interrupted by a signal: the loop goes round and sees what it asked.
            if poll(&fds, nfds_t(fds.count), timeout) < 0, errno != EINTR {
                out.finish()
                printError("touch-demo: poll: \(String(cString: strerror(errno)))")
                throw ExitCode(2)
            }
            var changed = false
            do {
                if fds[0].revents != 0 {
                    try dev.poll(timeout: 0) { frame in
                        app.handle(frame, &engine) { out.emit($0); changed = true }
                    }
                }
            } catch {
                if case .removed = error {
                    out.finish()
                    printError("touch-demo: \(error); exiting")
                    return
                }
                out.finish()
                printError("touch-demo: \(error)")
                throw ExitCode(2)
            }
            let wasAnimating = engine.isAnimating
            app.advance(to: EvdevDevice.monotonicNow(), &engine) { out.emit($0); changed = true }
            if changed || wasAnimating { out.update(engine.list) }
        }
    }
}
