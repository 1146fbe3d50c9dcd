internal import CPlatform
import TouchGestures
import TouchTrace

/// Every misfire a replayable trace: what a device's ``FrameRing`` holds, written (on SIGUSR2,
/// or by a `save-trace` binding) as a trace in format v1 with, in `meta."touch-gestured"`, what
/// the daemon was told (its arguments and its configuration file's text), the device and the
/// rotation. `touch-gestured --replay FILE --dry-run` with no bindings of its own takes them from
/// there and prints the commands the daemon ran for those frames: a user's report becomes a test.
/// (Here, with the daemon's rules, rather than in the daemon: its tests import no executable.)
package enum SavedTrace {
    /// Why a trace could not be saved, said as the daemon logs it.
    package struct Failure: Error, Sendable {
        package let message: String
    }

    /// The key of the daemon's part of a saved trace's `meta`.
    package static let metaKey = "touch-gestured"

    /// `$XDG_STATE_HOME/touch-gestured`, or `~/.local/state/touch-gestured`.
    package static func folder() -> String? {
        if let xdg = getenv("XDG_STATE_HOME").map({ String(cString: $0) }), xdg.hasPrefix("/") {
            return xdg + "/touch-gestured"
        }
        guard let home = getenv("HOME").map({ String(cString: $0) }), home.hasPrefix("/") else { return nil }
        return home + "/.local/state/touch-gestured"
    }

    /// The UTC time `secondsSinceEpoch` as a saved trace's name begins, `YYYYMMDD-hhmmss`.
    ///
    /// Worked out here rather than by gmtime_r: in the static daemon, glibc's gmtime_r brings its
    /// time-zone reader, and with it sscanf and strtold (50 kB of the aarch64 daemon, its link
    /// map) for a UTC date. The days to a civil date are Howard Hinnant's `civil_from_days`
    /// (proleptic Gregorian; exact for every Int day).
    package static func stamp(secondsSinceEpoch: Int) -> String {
        let days = secondsSinceEpoch >= 0 ? secondsSinceEpoch / 86_400 : (secondsSinceEpoch - 86_399) / 86_400
        let second = secondsSinceEpoch - days * 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)\(two(month))\(two(day))-\(two(second / 3600))\(two(second % 3600 / 60))\(two(second % 60))"
    }

    /// Writes `events` (the frames of device `path` as the dispatcher saw them: decoded and
    /// turned to the screen) as a new trace in ``folder()``, named for the time and the device;
    /// returns its path. Written whole or not at all (a temporary file renamed into place).
    package static func write(events: [TouchEvent], surface: Surface, deviceName: String, devicePath: String,
                              rotation: Rotation, arguments: [String], config: (file: String, text: String)?,
                              secondsKept: Double) throws(Failure) -> String {
        guard let folder = folder() else { throw Failure(message: "cannot save a trace: neither XDG_STATE_HOME nor HOME is set") }
        // Mode 0700: the touches of a screen are private.
        do { try OutputFile.makeFolders(folder, mode: 0o700) } catch {
            throw Failure(message: "cannot save a trace: \(error.path) \(error.reason)")
        }
        let stamp = Self.stamp(secondsSinceEpoch: Int(platform_wall_seconds()))
        let base = devicePath.split(separator: "/").last.map(String.init) ?? "device"
        var path = "\(folder)/\(stamp)-\(base).json"
        var k = 1
        while access(path, F_OK) == 0 {
            k += 1
            path = "\(folder)/\(stamp)-\(base)-\(k).json"
        }
        let text = document(events: events, surface: surface, deviceName: deviceName, devicePath: devicePath, rotation: rotation,
                            arguments: arguments, config: config, secondsKept: secondsKept)
        do { try OutputFile.write(text, to: path) } catch {
            throw Failure(message: "cannot save a trace: \(error.description)")
        }
        return path
    }

    /// The trace ``write(events:surface:deviceName:devicePath:rotation:arguments:config:secondsKept:)``
    /// writes, as text: what the C library's `tg_bindings_recent_trace` hands its host.
    package static func document(events: [TouchEvent], surface: Surface, deviceName: String, devicePath: String,
                                 rotation: Rotation, arguments: [String], config: (file: String, text: String)?,
                                 secondsKept: Double) -> String {
        let device = TraceHeader.Device(name: deviceName, width: surface.width, height: surface.height,
                                        resolution: surface.resolutionIsDefault ? nil : surface.unitsPerMillimeter, units: "px")
        var daemon: JSONObject = [
            "version": .string(touchGesturesVersion),
            "arguments": .array(arguments.map { .string($0) }),
            "device": .string(devicePath),
            "rotation": .number(Double(rotation.rawValue)),
            "frames": "as the daemon's recognition saw them: decoded, and turned by the rotation above",
            "seconds": .number(secondsKept),
        ]
        if let config {
            daemon["config"] = .object(["file": .string(config.file), "text": .string(config.text)])
        }
        let meta = JSONObject([JSONObject.Member(metaKey, .object(daemon))])
        return TraceWriter.document(Trace(header: TraceHeader(device: device, meta: .object(meta)), events: events))
    }

    /// What a saved trace says the daemon was told, if it is one: its arguments and its
    /// configuration file's text.
    package static func origin(of header: TraceHeader) -> (arguments: [String], config: (file: String, text: String)?)? {
        guard case .object(let meta)? = header.meta, case .object(let daemon)? = meta[metaKey],
              let args = daemon["arguments"]?.arrayValue else { return nil }
        let arguments = args.compactMap { $0.stringValue }
        var config: (file: String, text: String)?
        if case .object(let c)? = daemon["config"], let file = c["file"]?.stringValue, let text = c["text"]?.stringValue {
            config = (file, text)
        }
        return (arguments, config)
    }
}
