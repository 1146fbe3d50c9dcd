import GestureBindings
import TouchEvdev
import TouchGestures
import TouchTrace
internal import CPlatform
import CDaemonSystem

/// The daemon's program: its command line (``DaemonCommandLine``, in GestureBindings) parsed and run.
@main
extension DaemonCommandLine {
    static let help = """
        OVERVIEW: Run commands for touchscreen gestures.

        Reads every touchscreen (or the -d devices), recognizes swipes in eight directions,
        from edges and corners, with any number of fingers, taps, double taps, long presses,
        pinches and rotations, and runs the command bound to each. Thresholds are in
        millimeters, from the device's own resolution.

        Bindings come from a configuration file (--config; by default
        $XDG_CONFIG_HOME/touch-gestured/config.toml, then /etc/touch-gestured/config.toml, when
        no -g is given) and from lisgd's -g flags. The file's format: touch-gestured(1).

        It sleeps in the kernel until input, a signal, or the next deadline of a tap or a long
        press. SIGHUP reads the configuration again (a broken one is reported and the old one
        kept); SIGUSR1 reads the rotation file again; SIGUSR2 saves the last touches as a trace;
        SIGTERM and SIGINT exit.

        USAGE: touch-gestured [options]

        OPTIONS:
          -c, --config <file>     The configuration file.
          --args-file <file>      More arguments, read from <file> as a shell reads words
                                  (quotes, backslashes, # comments; nothing expanded), in
                                  place of this option: a lisgd command line, say.
          --session               As --args-file $XDG_CONFIG_HOME/touch-gestured/args when
                                  that file exists (nothing when it does not): how the
                                  service and the autostart entry start the daemon.
          -g <binding>            A binding as lisgd writes it (repeatable):
                                  nfingers,gesture,edge,distance[,actmode],command
          -d, --device <path>     A device to read (repeatable); by default every
                                  touchscreen, also those plugged in later.
          --grab                  Take the devices for this program alone.
          --rotate <degrees>      The screen's rotation, clockwise: 0, 90, 180 or 270.
          --rotation-file <file>  A file holding the rotation (0, 90, 180, 270, or normal,
                                  right, inverted, left), read again on SIGHUP and SIGUSR1.
          --read-interval <ms>    While a touch goes on, read the devices at most every <ms>
                                  milliseconds, 0 to 1000 (default 25; 0: every frame).
          --history <s>           Keep each device's last <s> seconds of touches (0 to 600,
                                  default 30) in a ring of fixed size; SIGUSR2, or a binding
                                  with action = "save-trace", writes them as a trace to
                                  $XDG_STATE_HOME/touch-gestured/ and logs its path.
          --replay <trace>        Recognize a trace (or an evemu recording; - streams standard
                                  input) instead of devices, as fast as it reads. A trace the
                                  daemon saved brings its own bindings: with no -g or
                                  --config, it runs again as the daemon ran it.
          --dry-run               Print each command that would run, one line each (its
                                  arguments joined by spaces), and run none. Nothing else
                                  goes to standard output.
          --run-saved-commands    Run the commands of a saved trace's own bindings (its
                                  meta) in a --replay without --dry-run, which is refused
                                  otherwise: a trace from elsewhere is not a program.
          --log                   Log every gesture as a JSON line (as touch-demo --log): on
                                  standard output, or on standard error with --dry-run.
          -v, --verbose           Say which devices are read and how each command ended.
          --explain               For each touch, one line on standard error: the binding
                                  that ran, or why none did (the nearest binding and the
                                  test it failed, or the bound gesture the touch came
                                  nearest to and the limit it missed). With -v, every
                                  binding tried, in order, with its first reason.
          --check-config          Print the bindings read, one line each, and exit; a -T
                                  step in millimeters of the device as --print-config's.
          --print-config          Print the configuration in effect (-g flags and lisgd's
                                  flags included) as a file --config reads back, and exit;
                                  -t and -T become millimeters for the -d device, the
                                  --replay recording, or the touchscreen found.
          --list-devices          List the input devices (path, name, kind, protocol, axes,
                                  resolution), as touchtrace devices does, and exit.
          --version               Print the version and exit.
          --help                  Print this help and exit.

        LISGD'S FLAGS (Sxmo's lisgd command line runs as it is):
          -o <n>                  Quarter turns of the screen, 0 to 3 (--rotate 90 × n).
          -m <ms>                 The time a swipe may take, in milliseconds.
          -t <units>              A swipe's minimum length in the device's units (a phone
                                  panel's pixels), made millimeters by the device's resolution.
          -T <units>              The step of a P (pressed) binding, likewise.
          -s <factor>             The edge zones' width (5 mm), times <factor>.
          -r <deg>, -w, -h <px>   Accepted and ignored: each direction owns the 45° around it
                                  (no dead angles), and the screen's size is the device's own.

        EXIT STATUS: 0 on a clean exit, 1 when the input cannot be read, 2 when the command
        line or the configuration is wrong (nothing is started).
        """

    static func main() {
        // Before anything opens a descriptor: a closed 0, 1 or 2 would be the first pipe's.
        if daemon_open_standard_descriptors() != 0 {
            printError("touch-gestured: a closed standard descriptor (0, 1 or 2) could not be opened on /dev/null")
            exit(DaemonFailure.inputStatus)
        }
        do throws(DaemonFailure) {
            // Read through the platform layer: Embedded Swift (tools/cross) has no CommandLine.
            let arguments = (1..<max(1, platform_argument_count())).map { String(cString: platform_argument($0)) }
            switch try parse(arguments) {
            case .help:
                let out = StandardOutput()
                out.line(help)
                out.flush()
            case .version:
                let out = StandardOutput()
                out.line(touchGesturesVersion)
                out.flush()
            case .listDevices:
                try ListDevices.run()
            case .run(let command):
                try command.run()
            }
            if StandardOutput.failure != 0 {
                printError("touch-gestured: cannot write standard output: \(String(cString: strerror(StandardOutput.failure)))")
                exit(1)
            }
        } catch {
            printError("touch-gestured: " + error.message)
            exit(error.status)
        }
    }

    func run() throws(DaemonFailure) {
        // A trace the daemon saved, replayed with no bindings of the command line's own: the
        // daemon's arguments and configuration then, with this command line's way of running.
        var command = self
        var given: (file: String, text: String)?
        var savedTrace = false
        // What --replay names is read once: here when it may be a trace the daemon saved (and
        // always for `-`, which can be read only once), else by the replay.
        var loaded: ReplayRun.Input?
        if let replay {
            if replay == "-" { loaded = try ReplayRun.load(replay) } else if bindings.isEmpty, config == nil { loaded = try? ReplayRun.load(replay) }
        }
        if let replay, bindings.isEmpty, config == nil, case .trace(let stream, _)? = loaded, let saved = SavedTrace.origin(of: stream.header) {
            // Its bindings are the trace's words, not this user's: they run nothing unless asked.
            // Printing them (--dry-run, --check-config, --print-config) runs nothing.
            guard dryRun || checkConfig || printConfig || runSavedCommands else {
                throw .usage("\(visibleText(replay)): a trace the daemon saved brings its own bindings, and their commands are "
                             + "the trace's text: replay it with --dry-run to see what they would run, with -g or --config to "
                             + "use your own bindings, or with --run-saved-commands to run its commands")
            }
            var stored: DaemonCommandLine
            do throws(DaemonFailure) { stored = try Self.saved(saved.arguments) } catch {
                throw .usage("\(visibleText(replay)): \(error.message)")
            }
            (stored.replay, stored.dryRun, stored.log, stored.verbose, stored.explain) = (replay, dryRun, log, verbose, explain)
            (stored.checkConfig, stored.printConfig, stored.runSavedCommands) = (checkConfig, printConfig, runSavedCommands)
            // Its frames are turned already (the rotation is in its meta): a rotation file it
            // was started with is not read, so the trace replays on a machine without it.
            stored.rotationFile = nil
            command = stored
            given = saved.config
            savedTrace = true
        }
        try command.start(given: given, readsRotationFile: !savedTrace, loaded: loaded)
    }

    private func start(given: (file: String, text: String)?, readsRotationFile: Bool, loaded: ReplayRun.Input?) throws(DaemonFailure) {
        let setup = try Setup(self, given: given, readsRotationFile: readsRotationFile)
        if checkConfig {
            // -t and -T are the device's units: its resolution makes them millimeters, as the
            // daemon would (a P binding's step said in a default's millimeters was false).
            var bindings = setup.config.bindings
            if let device = try printedDevice(setup.config, loaded: loaded) { bindings = setup.config.resolved(for: device.surface).bindings }
            let out = StandardOutput()
            for b in bindings { out.line(b.summary) }
            out.flush()
            return
        }
        if printConfig {
            let out = StandardOutput()
            let text = setup.config.printed(device: try printedDevice(setup.config, loaded: loaded), notes: lisgdNotes,
                                            sources: setup.sources)
            out.line(String(text.dropLast()))
            out.flush()
            return
        }
        if !lisgd.ignored.isEmpty {
            printError("touch-gestured: \(lisgd.ignored.joined(separator: ", ")) ignored: each direction owns the 45° around it (no dead angles), and the screen's size is the device's own")
        }
        if let replay {
            try ReplayRun(setup: setup, path: replay, dryRun: dryRun, log: log, verbose: verbose, explain: explain, loaded: loaded).run()
        } else {
            try Daemon(setup: setup, command: self).run()
        }
    }
}

/// The configuration as the command line and the file make it; made again on SIGHUP.
struct Setup {
    var config: DaemonConfig
    /// Where the bindings came from, for the first log line.
    var sources: [String]
    /// The configuration file read and its text, kept for a saved trace's `meta`.
    var configText: (file: String, text: String)?

    /// The setup `command` asks for; `given`, a configuration file's text already read (a saved
    /// trace's), in place of reading `command.config`.
    /// `readsRotationFile`: false for a saved trace's replay, whose frames are turned already.
    init(_ command: DaemonCommandLine, given: (file: String, text: String)? = nil, readsRotationFile: Bool = true) throws(DaemonFailure) {
        var sources: [String] = []
        var path = given?.file ?? command.config
        if path == nil, command.bindings.isEmpty { path = Setup.defaultConfigPath() }
        if let path {
            let text: String
            if let given {
                text = given.text
            } else {
                switch readWholeFile(path) {
                case .success(let t): text = t
                case .failure(let failure):
                    throw .usage(command.config == nil ? "no -g bindings, and \(failure)" : failure.description)
                }
            }
            configText = (path, text)
            sources.append(path)
        } else if command.bindings.isEmpty {
            throw .usage("no bindings: give -g \"1,DU,B,*,R,command\" or a configuration file (--config, or ~/.config/touch-gestured/config.toml; "
                         + "an example is touch-gestured.example.toml in the package's documentation, the format is in man touch-gestured); "
                         + "as a service, write the file and `systemctl --user restart touch-gestured`")
        }
        var config = try command.configuration(file: configText) { printError("touch-gestured: \($0)") }
        if !command.bindings.isEmpty { sources.append("\(command.bindings.count) -g binding\(command.bindings.count == 1 ? "" : "s")") }
        if readsRotationFile, let f = config.rotationFile { config.rotation = try Setup.rotation(from: f) }
        for w in config.unreachableBindings { printError("touch-gestured: \(w)") }
        self.config = config
        self.sources = sources
    }

    /// `$XDG_CONFIG_HOME/touch-gestured/config.toml` (or `~/.config/…`) when it exists, else
    /// `/etc/touch-gestured/config.toml` when it exists.
    static func defaultConfigPath() -> String? {
        var candidates: [String] = []
        if let xdg = getenv("XDG_CONFIG_HOME").map({ String(cString: $0) }), !xdg.isEmpty {
            candidates.append(xdg + "/touch-gestured/config.toml")
        } else if let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty {
            candidates.append(home + "/.config/touch-gestured/config.toml")
        }
        candidates.append("/etc/touch-gestured/config.toml")
        return candidates.first { access($0, F_OK) == 0 }
    }

    /// The rotation a rotation file holds.
    static func rotation(from path: String) throws(DaemonFailure) -> Rotation {
        let text: String
        switch readWholeFile(path, limit: 4096) {
        case .success(let t): text = t
        case .failure(let failure): throw .input(failure.description)
        }
        let word = text.utf8.split(whereSeparator: { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }).first
            .map { String(decoding: $0, as: UTF8.self) } ?? ""
        let names: [String: Rotation] = ["0": .none, "90": .quarter, "180": .half, "270": .threeQuarters,
                                         "normal": .none, "right": .quarter, "inverted": .half, "left": .threeQuarters]
        guard let r = names[word] else {
            throw .input("\(path): expected a rotation (0, 90, 180, 270, normal, right, inverted or left), found '\(visibleText(String(word.prefix(40))))'")
        }
        return r
    }
}
