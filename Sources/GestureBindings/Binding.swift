import TouchGestures
import TouchTrace

/// One gesture bound to one command: what `touch-gestured` runs when that gesture happens.
package struct Binding: Hashable, Sendable {
    /// How long a swipe must be, measured along its direction from touch-down to lift. As in
    /// lisgd, a class admits its own length and every longer one: `short` any swipe, `medium`
    /// a medium or long one, `long` a long one; bindings written longest first tell them apart.
    package enum Distance: Hashable, Sendable {
        case any
        /// Any length (lisgd's `S`: the short third of the screen along the swipe, and longer).
        case short
        /// A third of the screen along the swipe or more (lisgd's `M`, and `L`).
        case medium
        /// Two thirds of the screen or more (lisgd's `L`).
        case long
        /// At least this many millimeters.
        case atLeast(Double)

        /// Whether `length` (mm) qualifies on a screen `extent` mm long along the swipe.
        func admits(_ length: Double, extent: Double) -> Bool {
            switch self {
            case .any, .short: true
            case .medium: length >= extent / 3
            case .long: length >= extent * 2 / 3
            case .atLeast(let mm): length >= mm
            }
        }
    }

    /// When a swipe binding runs.
    package enum Mode: Hashable, Sendable {
        /// Once, when the last finger lifts (lisgd's `R`).
        case release
        /// Each time the fingers have moved this many millimeters the binding's way, while
        /// they are down (lisgd's `P`): for volume or brightness sliders.
        case repeating(step: Double)
        /// Started when its gesture begins, the command reads the gesture's progress on its
        /// standard input, a line a frame, and at the lift whether it commits or cancels
        /// (`stream = true`; ``GestureDispatcher/StreamLine``): for a drawer that follows the
        /// finger, or a dial turned by two fingers. Swipes, pinches and rotations.
        case stream
    }

    /// What to run.
    package enum Command: Hashable, Sendable {
        /// A program and its arguments, run without a shell (the program is looked up in `PATH`).
        case argv([String])
        /// A command line for `/bin/sh -c` (lisgd's bindings, and `shell = "…"`). One that is
        /// only plain words, as Sxmo's are, is started without the shell, which would do no
        /// more than split it (see `PlainCommandLine`).
        case shell(String)
        /// The daemon's own action `save-trace` (`action = "save-trace"`): the last seconds of
        /// touches written as a trace, as on SIGUSR2. No program runs.
        case saveTrace

        /// The arguments `execvp` gets: a shell command line's words when it starts directly
        /// (``startsDirectly``), else `/bin/sh -c` and the line.
        package var arguments: [String] {
            switch self {
            case .argv(let a): a
            case .shell(let s): (PlainCommandLine.environmentHasPath ? PlainCommandLine.words(s) : nil) ?? ["/bin/sh", "-c", s]
            case .saveTrace: []
            }
        }

        /// Whether the program starts without a shell: always for a program and its arguments;
        /// for a shell command line when it is plain (``PlainCommandLine``) and `PATH` is set.
        /// With no `PATH`, `execvp` searches glibc's `/bin:/usr/bin` where each shell searches a
        /// default of its own (dash's has the sbin folders, so it finds `ldconfig`): the line
        /// then goes to the shell, which finds what it always found.
        package var startsDirectly: Bool {
            switch self {
            case .argv: true
            case .shell(let s): PlainCommandLine.environmentHasPath && PlainCommandLine.words(s) != nil
            case .saveTrace: false
            }
        }

        /// How the daemon prints it (`--dry-run`, `--explain`, `-v`, its log): the arguments
        /// joined by spaces, or the shell command as written, with every control character as an
        /// escape, so that one command is one line and a terminal takes none of its bytes.
        package var line: String {
            switch self {
            case .argv(let a): visibleText(a.joined(separator: " "))
            case .shell(let s): visibleText(s)
            case .saveTrace: "save-trace"
            }
        }
    }

    /// Which gesture runs it: its kind, direction, way, turn, taps, fingers and edge.
    package var gesture: GesturePattern
    package var distance: Distance
    package var mode: Mode
    package var command: Command
    /// Where the binding was written (file and line, or the `-g` flag), for logs and errors.
    package var origin: String
    /// A sequence binding's sequence, by its name; ``gesture`` names it by its index in the
    /// settings' sequences, which the configuration sets from this name once every table is read.
    package var sequenceName: String?

    package init(gesture: GesturePattern, distance: Distance = .any, mode: Mode = .release, command: Command, origin: String = "") {
        self.gesture = gesture
        self.distance = distance
        self.mode = mode
        self.command = command
        self.origin = origin
    }
}

extension String {
    /// True when the text is empty or only spaces, tabs and line ends (by bytes: the daemon
    /// does not need Unicode's tables for that).
    var isBlank: Bool { utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D } }
}

extension Binding {
    /// The binding in one line, as `--check-config` prints it:
    /// `swipe up, 1 finger, from the bottom edge, long → sxmo_appmenu.sh (config.toml:12)`.
    package var summary: String {
        var parts: [String] = []
        let taps = gesture.taps
        switch gesture.kind {
        case .swipe: parts.append("swipe " + (gesture.direction?.rawValue ?? "any way"))
        case .tap: parts.append(taps == 1 ? "tap" : taps == 2 ? "double tap" : "\(taps) taps")
        case .longPress: parts.append("long press")
        case .pinch: parts.append("pinch " + (gesture.pinch?.rawValue ?? "in or out"))
        case .rotate: parts.append("rotate " + (gesture.turn?.rawValue ?? "either way"))
        case .sequence: parts.append("sequence " + visibleText(sequenceName ?? "any"))
        }
        // A sequence's steps say its fingers.
        if gesture.kind != .sequence {
            parts.append(gesture.fingers.map { $0 == 1 ? "1 finger" : "\($0) fingers" } ?? "any fingers")
        }
        switch gesture.edge {
        case .any: break
        case .none: parts.append("not from an edge")
        case .edge(let e): parts.append("from the \(e.rawValue) edge")
        }
        switch distance {
        case .any: break
        case .short: parts.append("short")
        case .medium: parts.append("medium")
        case .long: parts.append("long")
        case .atLeast(let mm): parts.append("at least \(formatRounded(mm, digits: 3)) mm")
        }
        switch mode {
        case .release: break
        case .repeating(let step): parts.append("every \(formatRounded(step, digits: 3)) mm while moving")
        case .stream: parts.append("streamed while it happens")
        }
        let how: String = switch command {
        case .saveTrace: "the daemon's action"
        default: command.startsDirectly ? "run" : "sh -c"
        }
        // One line a binding: where it was written is a file's path, which may hold a newline.
        return parts.joined(separator: ", ") + " → \(how) \(command.line)" + (origin.isEmpty ? "" : " (\(visibleText(origin)))")
    }
}

extension Binding {
    /// The swipe bindings of `bindings` that no swipe along `axis` can run (`swipe up` under
    /// `"horizontal"`, a diagonal under either): warned of at start (``DaemonConfig``) and named
    /// by `--explain` beside a touch that ran nothing.
    package static func offAxis(_ bindings: [Binding], _ axis: GestureSettings.SwipeAxis) -> [Binding] {
        bindings.filter { b in b.gesture.kind == .swipe && b.gesture.direction.map { !axis.takes($0) } == true }
    }
}
