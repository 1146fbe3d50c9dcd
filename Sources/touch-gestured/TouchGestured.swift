import ArgumentParser
import GestureBindings
import TouchEvdev
import TouchGestures
import TouchTrace
#if canImport(Glibc)
import Glibc
#endif

/// lisgd's flags, accepted so that a Sxmo user switches by changing the program's name.
struct LisgdOptions: ParsableArguments {
    @Option(name: .customShort("o"), help: ArgumentHelp("Quarter turns of the screen, 0 to 3 (lisgd's orientation; the same as --rotate 90 × n).", valueName: "n"))
    var orientation: Int?

    @Option(name: .customShort("m"), help: ArgumentHelp("The time a swipe may take, in milliseconds (lisgd's timeout; settings.swipe-time in seconds).", valueName: "ms"))
    var timeout: Int?

    @Option(name: .customShort("t"), help: ArgumentHelp("lisgd's swipe threshold in pixels: accepted and ignored, distances here are millimeters (settings.swipe-distance).", valueName: "px"))
    var threshold: Double?

    @Option(name: .customShort("T"), help: ArgumentHelp("lisgd's pressed-mode threshold in pixels: accepted and ignored (settings.repeat-step, in mm).", valueName: "px"))
    var pressedThreshold: Double?

    @Option(name: .customShort("r"), help: ArgumentHelp("lisgd's angle leniency: accepted and ignored, each of the eight directions owns the 45° around it.", valueName: "degrees"))
    var leniency: Double?

    @Option(name: .customShort("w"), help: ArgumentHelp("lisgd's screen width in pixels: accepted and ignored, edges come from the device's size.", valueName: "px"))
    var width: Int?

    @Option(name: .customShort("h"), help: ArgumentHelp("lisgd's screen height in pixels: accepted and ignored.", valueName: "px"))
    var height: Int?

    /// The flags given that change nothing here, for one line that says so.
    var ignored: [String] {
        [("-t", threshold != nil), ("-T", pressedThreshold != nil), ("-r", leniency != nil),
         ("-w", width != nil), ("-h", height != nil)].filter(\.1).map(\.0)
    }
}

@main
struct TouchGestured: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touch-gestured",
        abstract: "Run commands for touchscreen gestures.",
        discussion: """
            Reads every touchscreen (or the -d devices), recognizes swipes in eight directions, \
            from edges and corners, with any number of fingers, taps, double taps, long presses, \
            pinches and rotations, and runs the command bound to each. Thresholds are in \
            millimeters, from the device's own resolution.

            Bindings come from a configuration file (--config; by default \
            $XDG_CONFIG_HOME/touch-gestured/config.toml, then /etc/touch-gestured/config.toml, \
            when no -g is given) and from lisgd's -g flags. The file's format is described in \
            touch-gestured(1) and in docs/touch-gestured.md.

            It sleeps in the kernel until input, a signal, or the next deadline of a tap or a \
            long press. SIGHUP reads the configuration again (a broken one is reported and the \
            old one kept); SIGUSR1 reads the rotation file again; SIGTERM and SIGINT exit.

            Exit status: 0 on a clean exit, 1 when the input cannot be read, 2 when the command \
            line or the configuration is wrong (nothing is started).
            """,
        version: touchGesturesVersion,
        helpNames: [.long])

    @Option(name: [.customShort("c"), .long], help: ArgumentHelp("The configuration file.", valueName: "file"))
    var config: String?

    @Option(name: .customShort("g"), help: ArgumentHelp("A binding as lisgd writes it: nfingers,gesture,edge,distance[,actmode],command (repeatable).", valueName: "binding"))
    var bindings: [String] = []

    @Option(name: [.customShort("d"), .customLong("device")], help: ArgumentHelp("A device to read (repeatable); by default every touchscreen, also those plugged in later.", valueName: "path"))
    var devices: [String] = []

    @Flag(help: "Take the devices for this program alone: no other program sees their touches.")
    var grab = false

    @Option(help: ArgumentHelp("The screen's rotation, clockwise: 0, 90, 180 or 270.", valueName: "degrees"))
    var rotate: Int?

    @Option(help: ArgumentHelp("A file holding the rotation (0, 90, 180, 270, or normal, right, inverted, left), read again on SIGHUP and SIGUSR1.", valueName: "file"))
    var rotationFile: String?

    @Option(help: ArgumentHelp("Recognize a trace instead of devices, as fast as it reads.", valueName: "trace"))
    var replay: String?

    @Flag(help: "Print each command that would run, one line each (its arguments joined by spaces), and run none. Nothing else goes to standard output.")
    var dryRun = false

    @Flag(help: "Log every gesture as a JSON line (as touch-demo --log): on standard output, or on standard error with --dry-run.")
    var log = false

    @Flag(name: [.customShort("v"), .long], help: "Say more: devices opened, each command started and how it ended.")
    var verbose = false

    @Flag(help: "Read the configuration and the -g bindings, print the bindings, and exit.")
    var checkConfig = false

    @OptionGroup(title: "lisgd's flags")
    var lisgd: LisgdOptions

    func validate() throws {
        if let r = rotate, Rotation(degrees: r) == nil { throw ValidationError("--rotate must be 0, 90, 180 or 270, found \(r)") }
        if let o = lisgd.orientation, !(0...3).contains(o) { throw ValidationError("-o must be 0, 1, 2 or 3 quarter turns, found \(o)") }
        if let m = lisgd.timeout, m <= 0 { throw ValidationError("-m must be a number of milliseconds above 0, found \(m)") }
        if rotate != nil, lisgd.orientation != nil { throw ValidationError("give --rotate or -o, not both") }
    }

    mutating func run() throws {
        do {
            let setup = try Setup(self)
            if checkConfig {
                for b in setup.config.bindings { print(b.summary) }
                return
            }
            if !lisgd.ignored.isEmpty {
                printError("touch-gestured: \(lisgd.ignored.joined(separator: ", ")) ignored: distances are millimeters from the device's resolution, and directions own 45° each")
            }
            if let replay {
                try ReplayRun(setup: setup, path: replay, dryRun: dryRun, log: log, verbose: verbose).run()
            } else {
                try Daemon(setup: setup, command: self).run()
            }
        } catch {
            printError("touch-gestured: " + error.message)
            throw ExitCode(error.status)
        }
    }
}

/// The configuration as the command line and the file make it; made again on SIGHUP.
struct Setup {
    var config: DaemonConfig
    /// Where the bindings came from, for the first log line.
    var sources: [String]

    init(_ command: TouchGestured) throws(DaemonFailure) {
        var config = DaemonConfig()
        var sources: [String] = []
        var path = command.config
        if path == nil, command.bindings.isEmpty { path = Setup.defaultConfigPath() }
        if let path {
            let text: String
            switch readWholeFile(path) {
            case .success(let t): text = t
            case .failure(let failure):
                throw .usage(command.config == nil ? "no -g bindings, and \(failure)" : failure.description)
            }
            do { config = try DaemonConfig(text: text, file: path) } catch {
                throw .usage(error.description + "\n(the configuration is wrong; nothing was started)")
            }
            sources.append(path)
        } else if command.bindings.isEmpty {
            throw .usage("no bindings: give -g \"1,DU,B,*,R,command\" or a configuration file (--config, or ~/.config/touch-gestured/config.toml)")
        }
        if let m = command.lisgd.timeout { config.swipeTime = Double(m) / 1000 }
        for (k, spec) in command.bindings.enumerated() {
            do { config.bindings.append(try Binding(lisgd: spec, index: k + 1, repeatStep: config.repeatStep)) } catch {
                throw .usage(error.description)
            }
        }
        if !command.bindings.isEmpty { sources.append("\(command.bindings.count) -g binding\(command.bindings.count == 1 ? "" : "s")") }
        if !command.devices.isEmpty { config.devices = command.devices }
        if command.grab { config.grab = true }
        if let r = command.rotate.flatMap(Rotation.init(degrees:)) { config.rotation = r }
        if let o = command.lisgd.orientation, let r = Rotation(degrees: 90 * o) { config.rotation = r }
        if let f = command.rotationFile { config.rotationFile = f }
        if let f = config.rotationFile { config.rotation = try Setup.rotation(from: f) }
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
        let word = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).first.map(String.init) ?? ""
        let names: [String: Rotation] = ["0": .none, "90": .quarter, "180": .half, "270": .threeQuarters,
                                         "normal": .none, "right": .quarter, "inverted": .half, "left": .threeQuarters]
        guard let r = names[word] else {
            throw .input("\(path): expected a rotation (0, 90, 180, 270, normal, right, inverted or left), found '\(word)'")
        }
        return r
    }
}

/// The whole of a regular file as UTF-8 text, or a message that says why not.
func readWholeFile(_ path: String, limit: Int = 1 << 20) -> Result<String, ReadFailure> {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return .failure(ReadFailure("\(path): cannot open: \(String(cString: strerror(errno)))")) }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
        return .failure(ReadFailure("\(path): not a regular file"))
    }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = read(fd, &buffer, buffer.count)
        if n < 0, errno == EINTR { continue }
        if n < 0 { return .failure(ReadFailure("\(path): cannot read: \(String(cString: strerror(errno)))")) }
        if n == 0 { break }
        bytes += buffer[0..<n]
        if bytes.count > limit { return .failure(ReadFailure("\(path): larger than \(limit) bytes; is it the right file?")) }
    }
    return .success(String(decoding: bytes, as: UTF8.self))
}

struct ReadFailure: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

func printError(_ s: String) {
    var line = Array((s + "\n").utf8)
    var offset = 0
    while offset < line.count {
        let n = line[offset...].withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count) }
        if n < 0, errno == EINTR { continue }
        if n <= 0 { return }
        offset += n
    }
    line.removeAll()
}
