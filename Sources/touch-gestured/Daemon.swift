internal import CPlatform
import CDaemonSystem
import GestureBindings
import TouchEvdev
import TouchGestures
import TouchInput
import TouchTrace

/// The live daemon: touchscreens in, commands out. One thread, one `poll(2)`: on the devices,
/// a signalfd (SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGUSR2, SIGCHLD), an inotify watch on /dev/input (a
/// touchscreen plugged in later) and the commands' standard error, with the timeout the engines'
/// next deadline, the end of a read hold (``ReadSchedule``), or none at all. Idle, it wakes for
/// nothing.
final class Daemon {
    /// One device being read, and its recognition.
    final class Source {
        let device: EvdevDevice
        var dispatcher: GestureDispatcher
        /// The device's last frames, to be saved as a trace (none when `history` is 0), as the
        /// recognition saw them under ``rotation``.
        var ring: FrameRing?
        /// The rotation the device was opened with.
        let rotation: Rotation
        /// Tells this device's streams from another's (``StreamFeeds``).
        let id: Int
        /// The frames from before the last changes of rotation (SIGUSR1, or SIGHUP with a new
        /// one), oldest first, at most ``History/keptSegments``: turned otherwise, each makes a
        /// trace of its own.
        var earlier: [History.Segment] = []
        init(device: EvdevDevice, dispatcher: GestureDispatcher, ring: FrameRing?, rotation: Rotation, id: Int) {
            self.id = id
            self.device = device
            self.dispatcher = dispatcher
            self.ring = ring
            self.rotation = rotation
        }

        /// The frames of each rotation the device has had, oldest first.
        var segments: [History.Segment] {
            earlier + (ring.map { [History.Segment(ring: $0, surface: device.decoder.surface, rotation: rotation)] } ?? [])
        }
    }

    /// What is kept of a device's frames across a reload: each segment with the surface and
    /// rotation it was recognised under.
    enum History {
        /// Segments kept before the current one: frames older than two changes of rotation are
        /// rarely what a report is about, and each holds up to a ring's frames.
        static let keptSegments = 2

        struct Segment {
            var ring: FrameRing
            var surface: Surface
            var rotation: Rotation
        }
    }

    /// Each device's history while a reload opens the devices again, by path.
    private var carried: [String: [History.Segment]] = [:]

    private var setup: Setup
    private let command: DaemonCommandLine
    private let verbose: Bool
    private var sources: [Source] = [] { didSet { sourcesVersion &+= 1 } }
    /// Changes whenever `sources` does, so that the poll set is made again.
    private var sourcesVersion = 0
    /// The id the next device opened gets.
    private var nextSourceID = 0
    private let runner: Runner
    private var spawner: Spawner { runner.spawner }
    /// When the devices are read (``ReadSchedule``); its interval comes from the configuration.
    private var schedule: ReadSchedule
    /// Frames read from every device so far (wrapping): whether a read found input.
    private var framesRead = 0
    private var signalFD: Int32 = -1
    private var watchFD: Int32 = -1

    init(setup: Setup, command: DaemonCommandLine) {
        self.setup = setup
        self.command = command
        schedule = ReadSchedule(interval: setup.config.readInterval)
        verbose = command.verbose
        runner = Runner(dryRun: command.dryRun, log: command.log, verbose: command.verbose, replaying: false)
        // Unowned (the daemon outlives its runner), written as Unmanaged: Embedded Swift has
        // neither `unowned` nor `weak`.
        let daemon = Unmanaged.passUnretained(self)
        runner.saveTrace = { daemon.takeUnretainedValue().saveTraces() }
    }

    /// SIGUSR2, or a `save-trace` binding: each device's last `history` seconds written as a
    /// trace (``SavedTrace``), and its path said.
    private func saveTraces() {
        guard setup.config.history > 0 else {
            say("save-trace: no history is kept (history = 0)")
            return
        }
        for s in sources {
            // The frames from before a change of rotation are a trace of their own, turned as
            // they were recognised; all are cut at the same time, `history` before the newest.
            let segments = s.segments
            guard let newest = segments.compactMap({ $0.ring.newestTime }).max() else {
                say("save-trace: \(s.device.path): no touches yet")
                continue
            }
            for segment in segments {
                let events = segment.ring.events(since: newest - setup.config.history)
                guard !events.isEmpty else { continue }
                do throws(SavedTrace.Failure) {
                    let path = try SavedTrace.write(events: events, surface: segment.surface, deviceName: s.device.description.name,
                                                    devicePath: s.device.path, rotation: segment.rotation,
                                                    arguments: command.arguments, config: setup.configText,
                                                    secondsKept: setup.config.history)
                    say("saved \(events.count) events of \(s.device.path) (rotation \(segment.rotation.rawValue)°) as \(path) (touch-gestured --replay \(path) --dry-run runs them again)")
                } catch {
                    say(error.message)
                }
            }
        }
    }

    private func say(_ s: String) { printError("touch-gestured: " + s) }

    /// Reads until SIGTERM or SIGINT (then returns normally), or until no device can be read.
    func run() throws(DaemonFailure) {
        try blockSignals()
        watchFD = watchInputFolder()
        try openDevices(initial: true)
        say("\(setup.config.bindings.count) binding\(setup.config.bindings.count == 1 ? "" : "s") from \(setup.sources.joined(separator: " and ")); reading \(sources.isEmpty ? "no device yet (waiting for a touchscreen)" : sources.map { "\($0.device.path) (\($0.device.description.name))" }.joined(separator: ", "))")
        // The poll set is made again only when it changes (a device comes or goes, a command's
        // standard error opens or ends), not at every wake-up. While a hold of the read schedule
        // runs, the devices' entries are negative (poll skips them): input that comes meanwhile
        // waits in the kernel for the hold's end.
        var fds: [pollfd] = []
        var madeFor = (sources: -1, streams: -1, feeds: -1)
        let feeds = runner.feeds
        var watching = true
        while true {
            let firstSource = watchFD >= 0 ? 2 : 1
            if madeFor != (sourcesVersion, spawner.streamsVersion, feeds.blockedVersion) {
                fds.removeAll(keepingCapacity: true)
                fds.append(pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0))
                if watchFD >= 0 { fds.append(pollfd(fd: watchFD, events: Int16(POLLIN), revents: 0)) }
                for s in sources { fds.append(pollfd(fd: s.device.fileDescriptor, events: Int16(POLLIN), revents: 0)) }
                for fd in spawner.errorFDs { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
                // A streaming reader's pipe that was full: its begin or last line waits for room.
                for fd in feeds.blockedFDs { fds.append(pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)) }
                madeFor = (sourcesVersion, spawner.streamsVersion, feeds.blockedVersion)
                watching = true
            }
            if watching != schedule.watchesDevices {
                watching = schedule.watchesDevices
                for k in firstSource..<(firstSource + sources.count) { fds[k].fd = ~fds[k].fd }
            }
            var deadline = nextDeadline()
            var timeout = deadline == nil && watching ? -1 : schedule.timeout(now: EvdevDevice.monotonicNow(), deadline: deadline)
            // An update kept for a slow streaming reader is tried again within 10 ms; a reader
            // still running long after its stream is said (-v) when its time comes.
            if feeds.hasKeptUpdates, timeout < 0 || timeout > 10 { timeout = 10 }
            if let notice = feeds.nextNotice {
                let wait = Int32(max(0, min((notice - EvdevDevice.monotonicNow()) * 1000 + 1, 3_600_000)))
                if timeout < 0 || wait < timeout { timeout = wait }
            }
            let n = poll(&fds, nfds_t(fds.count), timeout)
            if n < 0 {
                // Interrupted by a signal: an answer, not a failure (not retryingOnInterrupt):
                // the loop's top looks at what the signal asked (a reload, an exit) first.
                if platform_errno() == EINTR { continue }
                throw .input("poll: \(String(cString: strerror(platform_errno())))")
            }
            let framesBefore = framesRead
            for k in fds.indices where fds[k].revents != 0 {
                let fd = fds[k].fd
                if fd == signalFD {
                    if try readSignals() { return }
                } else if fd == watchFD {
                    readPlugEvents()
                } else if k - firstSource < sources.count, madeFor.sources == sourcesVersion {
                    read(sources[k - firstSource])
                } else if let s = sources.first(where: { $0.device.fileDescriptor == fd }) {
                    read(s)
                } else if fds[k].events == Int16(POLLOUT) {
                    feeds.writable(fd)
                } else {
                    spawner.readError(fd)
                }
            }
            feeds.flushAll()
            if feeds.nextNotice != nil { feeds.noticeLingering(at: EvdevDevice.monotonicNow(), spawner: spawner) }
            deadline = nextDeadline()
            guard framesRead != framesBefore || !watching || deadline != nil else { continue }
            let now = EvdevDevice.monotonicNow()
            // While a gesture streams, every frame is read as it comes: its reader follows the
            // finger a frame behind, not a read hold behind.
            let streaming = sources.contains { $0.dispatcher.isStreaming }
            if schedule.readsDevices(now: now, deadline: deadline) {
                for s in sources { read(s) }
                schedule.read(at: now, gotInput: framesRead != framesBefore && !streaming)
            } else if framesRead != framesBefore {
                schedule.read(at: now, gotInput: !streaming)
            }
            fireDeadlines(now: now)
            // What --dry-run and --log said in this wake-up, out now: a program reading them
            // through a pipe or a file must not wait for 64 KiB of them.
            runner.out.flush()
        }
    }

    // MARK: Devices

    private func openDevices(initial: Bool) throws(DaemonFailure) {
        let c = setup.config
        if !c.devices.isEmpty {
            for path in c.devices where !sources.contains(where: { $0.device.path == path }) {
                do { add(try EvdevDevice(path: path, grab: c.grab, rotation: c.rotation, calibration: c.calibration)) } catch {
                    // A named device that cannot be read is the user's mistake: say so and stop
                    // at start; later (a reload), say so and go on with the others.
                    if initial { throw .input(error.description) }
                    say(error.description)
                }
            }
            return
        }
        let all: [DeviceInfo]
        do { all = try EvdevDevice.list() } catch {
            if initial, watchFD < 0 { throw .input(error.description) }
            return
        }
        for info in all where info.kind == .touchscreen && !sources.contains(where: { $0.device.path == info.path }) {
            do { add(try EvdevDevice(path: info.path, grab: c.grab, rotation: c.rotation, calibration: c.calibration)) } catch {
                say(error.description)
            }
        }
        if initial, sources.isEmpty, let denied = all.first(where: { if case .permissionDenied? = $0.error { true } else { false } }),
           let error = denied.error {
            // Devices it may not open, and none it may: most likely the touchscreen is among them.
            throw .input(error.description)
        }
    }

    private func add(_ device: EvdevDevice) {
        let (bindings, settings) = setup.config.resolved(for: device.decoder.surface)
        var dispatcher = GestureDispatcher(bindings: bindings, settings: settings, surface: device.decoder.surface)
        dispatcher.explains = command.explain
        dispatcher.explainsEveryBinding = command.verbose
        dispatcher.limitNotes = setup.config.limitNotes(for: device.decoder.surface)
        let source = Source(device: device, dispatcher: dispatcher, ring: setup.config.history > 0 ? FrameRing() : nil,
                            rotation: setup.config.rotation, id: nextSourceID)
        nextSourceID &+= 1
        // Reopened by a reload: the history goes on where the rotation and surface are the same,
        // and is kept apart where they changed (a misfire just before a rotation can be saved).
        if source.ring != nil, var old = carried.removeValue(forKey: device.path), let last = old.popLast() {
            if last.rotation == source.rotation, last.surface == device.decoder.surface {
                source.ring = last.ring
            } else {
                old.append(last)
            }
            source.earlier = Array(old.suffix(History.keptSegments))
        }
        sources.append(source)
        if verbose {
            let s = device.decoder.surface
            say("reading \(device.path) (\(device.description.name)), \(Int(s.width / s.unitsPerMillimeter.x)) × \(Int(s.height / s.unitsPerMillimeter.y)) mm\(s.resolutionIsDefault ? " (no resolution reported: 96 dpi assumed)" : "")")
        }
    }

    private func read(_ s: Source) {
        do {
            try s.device.readAvailable {
                framesRead &+= 1
                s.ring?.append($0)
                s.dispatcher.handle($0, fire: { runner.fire($0, source: s.id) }, seen: runner.seen)
                if s.dispatcher.explains { explained(s) }
            }
        } catch {
            say("\(error)")
            // Its touches end cancelled: no binding runs for them, and a stream of them cancels.
            s.device.finish(at: EvdevDevice.monotonicNow()) {
                s.dispatcher.handle($0, fire: { if $0.stream != nil { runner.fire($0, source: s.id) } }, seen: runner.seen)
            }
            sources.removeAll { $0 === s }
        }
    }

    /// The earliest deadline of any engine (monotonic clock, seconds), if one has any.
    private func nextDeadline() -> Double? {
        var earliest: Double?
        for s in sources {
            if let d = s.dispatcher.nextDeadline, d < (earliest ?? .infinity) { earliest = d }
        }
        return earliest
    }

    /// Fires what is due at `now` (seconds).
    private func fireDeadlines(now: Double) {
        for s in sources {
            if let d = s.dispatcher.nextDeadline, d <= now {
                s.dispatcher.advance(to: now, fire: { runner.fire($0, source: s.id) }, seen: runner.seen)
                if s.dispatcher.explains { explained(s) }
            }
        }
    }

    /// `--explain`: what the source's dispatcher decided, on standard error.
    private func explained(_ s: Source) {
        for line in s.dispatcher.takeExplanation() { say("explain " + line) }
    }

    // MARK: Hot-plug

    /// An inotify watch on /dev/input for new event nodes (and their permissions changing, as
    /// udev sets them just after it creates the node); -1 when there is no such folder.
    private func watchInputFolder() -> Int32 {
        guard setup.config.devices.isEmpty else { return -1 }
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return -1 }
        guard inotify_add_watch(fd, "/dev/input", UInt32(IN_CREATE | IN_ATTRIB)) >= 0 else {
            close(fd)
            return -1
        }
        return fd
    }

    private func readPlugEvents() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var names: Set<String> = []
        while true {
            let n = CPlatform.read(watchFD, &buffer, buffer.count)
            if n <= 0 { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= n {
                let length = buffer.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: offset + Int(daemon_inotify_len_offset()), as: UInt32.self)) }
                let nameBytes = buffer[(offset + header)..<min(n, offset + header + length)].prefix { $0 != 0 }
                names.insert(String(decoding: nameBytes, as: UTF8.self))
                offset += header + length
            }
        }
        for name in names where name.hasPrefix("event") {
            let path = "/dev/input/" + name
            guard !sources.contains(where: { $0.device.path == path }) else { continue }
            let c = setup.config
            guard let device = try? EvdevDevice(path: path, grab: c.grab, rotation: c.rotation, calibration: c.calibration),
                  device.kind == .touchscreen else { continue }
            say("touchscreen plugged in: \(path) (\(device.description.name))")
            add(device)
        }
    }

    // MARK: Signals

    private func blockSignals() throws(DaemonFailure) {
        var set = sigset_t()
        sigemptyset(&set)
        for s in [SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGUSR2, SIGCHLD] { sigaddset(&set, s) }
        guard pthread_sigmask(SIG_BLOCK, &set, nil) == 0 else { throw .input("cannot block signals") }
        signalFD = signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        guard signalFD >= 0 else { throw .input("signalfd: \(String(cString: strerror(platform_errno())))") }
    }

    /// Handles the signals that arrived; true when the daemon is to exit.
    private func readSignals() throws(DaemonFailure) -> Bool {
        // Up to eight at a read, and another read only when those eight filled it: a read
        // that finds none left is a system call a command (each command's end is a SIGCHLD),
        // dear under an emulator. A signal that comes after the read wakes poll again.
        let capacity = 8, size = MemoryLayout<signalfd_siginfo>.stride
        var exit = false
        withUnsafeTemporaryAllocation(of: signalfd_siginfo.self, capacity: capacity) { infos in
            infos.initialize(repeating: signalfd_siginfo())
            while true {
                let n = CPlatform.read(signalFD, infos.baseAddress, capacity * size)
                guard n >= size else { break }
                let got = n / size
                for info in infos.prefix(got) {
                    switch Int32(info.ssi_signo) {
                    case SIGTERM, SIGINT:
                        exit = true
                    case SIGCHLD:
                        spawner.reap()
                    case SIGHUP:
                        reload(configuration: true)
                    case SIGUSR1:
                        reload(configuration: false)
                    case SIGUSR2:
                        saveTraces()
                    default:
                        break
                    }
                }
                if got < capacity { break }
            }
        }
        if exit {
            say("exiting")
            endStreams()
            runner.out.flush()
            sources.removeAll()   // releases (and ungrabs) the devices
        }
        return exit
    }

    /// The streams still open cancel (an exit, a reload): their readers get their last line.
    private func endStreams() {
        for s in sources { s.dispatcher.cancelStream(fire: { runner.fire($0, source: s.id) }) }
        runner.feeds.flushAll()
    }

    /// SIGHUP: the configuration and the rotation again; SIGUSR1: the rotation only. A broken
    /// configuration is reported and the one in use kept. The devices are opened again (their
    /// rotation may have changed), each with a fresh engine.
    private func reload(configuration: Bool) {
        var next = setup
        do {
            if configuration { next = try Setup(command) } else if let f = setup.config.rotationFile {
                next.config.rotation = try Setup.rotation(from: f)
            }
        } catch {
            say("\(error.message)\nkeeping the configuration in use")
            return
        }
        setup = next
        schedule = ReadSchedule(interval: next.config.readInterval)
        // Each device's frames outlive its engine: they are what a misfire report needs.
        for s in sources where s.ring != nil { carried[s.device.path] = s.segments }
        endStreams()
        sources.removeAll()
        do { try openDevices(initial: false) } catch { say(error.message) }
        carried.removeAll()
        say("reloaded: \(setup.config.bindings.count) binding\(setup.config.bindings.count == 1 ? "" : "s"), rotation \(setup.config.rotation.rawValue)°, \(sources.count) device\(sources.count == 1 ? "" : "s")")
    }
}
