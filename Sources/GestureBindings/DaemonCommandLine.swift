internal import CPlatform
import TouchGestures
import TouchTrace

/// lisgd's flags, accepted so that a Sxmo user switches by changing the program's name.
package struct LisgdOptions {
    /// `-o n`: quarter turns of the screen.
    package var orientation: Int?
    /// `-m ms`: the time a swipe may take.
    package var timeout: Int?
    /// `-s factor`: the edge zones' width, times this.
    package var edgeScale: Double?
    /// `-t units`: a swipe's minimum length, in the device's units (a phone panel's pixels).
    package var threshold: Double?
    /// `-T units`: a pressed-mode (`P`) binding's step, in the device's units.
    package var pressedThreshold: Double?
    /// The flags given whose meaning the daemon does not take (`-r`, `-w`, `-h`): accepted,
    /// with one line that says why they change nothing.
    package var ignored: [String] = []
    package init() {}
}

/// The command line. Parsed by hand, as getopt would (`-g VALUE` or `-gVALUE`, `--name VALUE`
/// or `--name=VALUE`), rather than with ArgumentParser: the daemon stays resident on phones,
/// and ArgumentParser with the Foundation it brings would double its memory (BENCHMARKS.md).
/// In GestureBindings, with the rules it gives: the daemon runs it, and `touchtrace view`'s page
/// reads a saved trace's arguments with it (the daemon's bindings in WebAssembly).
package struct DaemonCommandLine {
    package var config: String?
    package var bindings: [String] = []
    package var devices: [String] = []
    package var grab = false
    package var rotate: Int?
    package var rotationFile: String?
    package var readInterval: Int?
    package var history: Double?
    package var replay: String?
    package var dryRun = false
    /// `--run-saved-commands`: a saved trace replayed with its own bindings runs their commands.
    /// Without it such a replay runs only under `--dry-run`: a trace is data (a bug report, a
    /// file from anyone), and the commands in its `meta` are whatever its writer put there.
    package var runSavedCommands = false
    package var log = false
    package var verbose = false
    package var explain = false
    package var checkConfig = false
    package var printConfig = false
    /// The arguments as parsed, an args file's words in place of `--args-file` or `--session`:
    /// what a saved trace records, so that it replays without the file.
    package var arguments: [String] = []
    package var lisgd = LisgdOptions()

    package init() {}

    /// What a command line asks for: to run, or to print help or the version.
    package enum Request {
        case run(DaemonCommandLine)
        case help
        case version
        case listDevices
    }

    package static func parse(_ given: [String]) throws(DaemonFailure) -> Request {
        var c = DaemonCommandLine()
        var arguments = given
        var i = 0
        func value(_ name: String, attached: String?) throws(DaemonFailure) -> String {
            if let attached { return attached }
            i += 1
            guard i < arguments.count else {
                // lisgd's -h and -w are the screen's height and width, not help: say where help is.
                let lisgdSize = name == "-h" ? " (as in lisgd, -h is the screen's height, which is ignored; --help for help)"
                    : name == "-w" ? " (as in lisgd, -w is the screen's width, which is ignored; --help for help)" : ""
                throw .usage("\(name) needs a value\(lisgdSize)")
            }
            return arguments[i]
        }
        func integer(_ name: String, _ text: String) throws(DaemonFailure) -> Int {
            guard let n = Int(text) else { throw .usage("\(name) needs a whole number, found '\(text)'") }
            return n
        }
        while i < arguments.count {
            let a = arguments[i]
            var name = a, attached: String?
            if a.hasPrefix("--"), let eq = a.firstIndex(of: "=") {
                name = String(a[..<eq])
                attached = String(a[a.index(after: eq)...])
            } else if a.hasPrefix("-"), !a.hasPrefix("--"), a.count > 2 {
                name = String(a.prefix(2))
                attached = String(a.dropFirst(2))
            }
            switch name {
            case "--args-file", "--session":
                // The file's words stand where the option stood, read by the same parser.
                if name == "--session", attached != nil { throw .usage("--session takes no value") }
                let path = name == "--session" ? ArgsFile.sessionPath.flatMap { access($0, F_OK) == 0 ? $0 : nil }
                    : try value(name, attached: attached)
                let words = try path.map { (p: String) throws(DaemonFailure) -> [String] in try ArgsFile.read(p) } ?? []
                if let path, let nested = words.first(where: { $0 == "--session" || $0 == "--args-file" || $0.hasPrefix("--args-file=") }) {
                    throw .usage("\(path): \(nested) cannot be used inside an args file")
                }
                // An option's value is in the same file: one left at the file's end took the
                // next word of the command line.
                if let path, let last = words.last, Self.optionsWithValues.contains(last) {
                    throw .usage("\(path): \(last) at the end of the file has no value (give it in the file, after the option)")
                }
                let start = attached == nil && name == "--args-file" ? i - 1 : i
                arguments.replaceSubrange(start...i, with: words)
                i = start
                continue
            case "--help": return .help
            case "--version": return .version
            case "--list-devices":
                if attached != nil { throw .usage("--list-devices takes no value") }
                return .listDevices
            case "-c", "--config": c.config = try value(name, attached: attached)
            case "-g": c.bindings.append(try value(name, attached: attached))
            case "-d", "--device": c.devices.append(try value(name, attached: attached))
            case "--grab": c.grab = true
            case "--rotate": c.rotate = try integer(name, try value(name, attached: attached))
            case "--rotation-file": c.rotationFile = try value(name, attached: attached)
            case "--read-interval": c.readInterval = try integer(name, try value(name, attached: attached))
            case "--history":
                let v = try value(name, attached: attached)
                guard let h = Double(v), h >= 0, h <= DaemonConfig.maxHistory else {
                    throw .usage("--history must be 0 to \(Int(DaemonConfig.maxHistory)) seconds, found '\(visibleText(v))'")
                }
                c.history = h
            case "--replay": c.replay = try value(name, attached: attached)
            case "--dry-run": c.dryRun = true
            case "--run-saved-commands": c.runSavedCommands = true
            case "--log": c.log = true
            case "-v", "--verbose": c.verbose = true
            case "--explain": c.explain = true
            case "--check-config": c.checkConfig = true
            case "--print-config": c.printConfig = true
            case "-o": c.lisgd.orientation = try integer(name, try value(name, attached: attached))
            case "-m": c.lisgd.timeout = try integer(name, try value(name, attached: attached))
            case "-s", "-t", "-T":
                let v = try value(name, attached: attached)
                guard let n = Double(v), n.isFinite, n > 0 else { throw .usage("\(name) needs a number above 0, found '\(visibleText(v))'") }
                switch name {
                case "-s": c.lisgd.edgeScale = n
                case "-t": c.lisgd.threshold = n
                default: c.lisgd.pressedThreshold = n
                }
            case "-r", "-w", "-h":
                let v = try value(name, attached: attached)
                guard Double(v) != nil else { throw .usage("\(name) needs a number, found '\(visibleText(v))'") }
                if !c.lisgd.ignored.contains(name) { c.lisgd.ignored.append(name) }
            default:
                if name.hasPrefix("-") { throw .usage("unknown option '\(visibleText(a))' (see --help)") }
                throw .usage("unexpected argument '\(visibleText(a))': bindings are given with -g or in a configuration file (see --help)")
            }
            if attached != nil, ["--grab", "--dry-run", "--run-saved-commands", "--log", "--verbose", "-v", "--explain", "--check-config", "--print-config"].contains(name) {
                throw .usage("\(name) takes no value")
            }
            i += 1
        }
        if let r = c.rotate, Rotation(degrees: r) == nil { throw .usage("--rotate must be 0, 90, 180 or 270, found \(r)") }
        if let o = c.lisgd.orientation, !(0...3).contains(o) { throw .usage("-o must be 0, 1, 2 or 3 quarter turns, found \(o)") }
        if let r = c.readInterval, !(0...DaemonConfig.maxReadInterval).contains(r) {
            throw .usage("--read-interval must be 0 to \(DaemonConfig.maxReadInterval) milliseconds, found \(r)")
        }
        if let m = c.lisgd.timeout, m <= 0 { throw .usage("-m must be a number of milliseconds above 0, found \(m)") }
        if c.rotate != nil, c.lisgd.orientation != nil { throw .usage("give --rotate or -o, not both") }
        c.arguments = arguments
        return .run(c)
    }

    /// The options that take a value (the next word, or `=value`, or for a one-letter option
    /// the rest of the word).
    package static let optionsWithValues: Set<String> = ["-c", "--config", "-g", "-d", "--device", "--rotate", "--rotation-file", "--read-interval",
                                                 "--history", "--replay", "-o", "-m", "-s", "-t", "-T", "-r", "-w", "-h"]
}

extension DaemonCommandLine {
    /// The configuration this command line makes with `file`, its configuration file as read (or
    /// a saved trace's): the file's bindings and settings, then lisgd's flags, the -g bindings and
    /// the options over them. `warn` is told of settings the file gave that change nothing. What
    /// is read from the machine (the file itself, a rotation file) is the caller's.
    package func configuration(file: (file: String, text: String)?, warn: (String) -> Void) throws(DaemonFailure) -> DaemonConfig {
        var config = DaemonConfig()
        if let file {
            do { config = try DaemonConfig(text: file.text, file: file.file) } catch {
                throw .usage(error.description + "\n(the configuration is wrong; nothing was started)")
            }
            for w in config.unusedSettings { warn(w.description) }
        }
        if let m = lisgd.timeout {
            // lisgd's -m is a hard limit: a stroke over it is no gesture, flung or not.
            config.thresholds.swipe.maxDuration = Double(m) / 1000
            config.thresholds.swipe.lateLiftVelocity = nil
        }
        if let s = lisgd.edgeScale { config.thresholds.swipe.edgeZone *= s }
        if let t = lisgd.threshold { config.swipeDistanceUnits = t }
        if let t = lisgd.pressedThreshold { config.repeatStepUnits = t }
        for (k, spec) in bindings.enumerated() {
            do { config.bindings.append(try Binding(lisgd: spec, index: k + 1, repeatStep: config.repeatStep)) } catch {
                throw .usage(error.description)
            }
        }
        if !devices.isEmpty { config.devices = devices }
        if grab { config.grab = true }
        if let r = readInterval { config.readInterval = Double(r) / 1000 }
        if let h = history { config.history = h }
        if let r = rotate.flatMap(Rotation.init(degrees:)) { config.rotation = r }
        if let o = lisgd.orientation, let r = Rotation(degrees: 90 * o) { config.rotation = r }
        if let f = rotationFile { config.rotationFile = f }
        return config
    }
}

extension DaemonCommandLine {
    /// The command line a saved trace's `meta` holds (``SavedTrace/origin(of:)``), read by
    /// ``parse(_:)``: the daemon's `--replay` of such a trace and `touchtrace view`'s page both
    /// take it from here. Its arguments were saved with an args file's words in place, so one
    /// that names an args file would be read from this machine, not from the trace: refused, as
    /// are words that are not a daemon's command line. The messages name no file; the caller does.
    package static func saved(_ arguments: [String]) throws(DaemonFailure) -> DaemonCommandLine {
        if let nested = arguments.first(where: { $0 == "--session" || $0 == "--args-file" || $0.hasPrefix("--args-file=") }) {
            throw .usage("the arguments it was saved with name \(visibleText(nested)), which a saved trace never holds")
        }
        guard case .run(let command) = try parse(arguments) else {
            throw .usage("the arguments it was saved with are not a daemon's command line")
        }
        return command
    }
}
