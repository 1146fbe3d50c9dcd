import GestureBindings
import TouchEvdev
import TouchRecordings
import TouchGestures
import TouchInput
import TouchTrace

/// `--print-config`: what it needs beside the configuration (`DaemonConfig.printed`).
extension DaemonCommandLine {
    /// Comments for the settings that lisgd's flags set, so the file says where each came from.
    var lisgdNotes: [String: String] {
        var notes: [String: String] = [:]
        if let m = lisgd.timeout {
            notes["swipe.maxDuration"] = "-m \(m) ms"
            notes["swipe.lateLiftVelocity"] = "-m: a hard limit, as lisgd's"
        }
        if let s = lisgd.edgeScale { notes["swipe.edgeZone"] = "5 mm × -s \(formatJSONNumber(s))" }
        if let o = lisgd.orientation { notes["rotate"] = "-o \(o)" }
        return notes
    }

    /// The device whose resolution makes `-t` and `-T` millimeters: only when one of them is
    /// given. The first `-d` device (or `[input] devices`), else the `--replay` input, else the
    /// first touchscreen found; none of them is an input error that says how to name one.
    func printedDevice(_ config: DaemonConfig, loaded: ReplayRun.Input?) throws(DaemonFailure) -> DaemonConfig.PrintedDevice? {
        guard config.swipeDistanceUnits != nil || config.repeatStepUnits != nil else { return nil }
        if let path = config.devices.first {
            do {
                let device = try EvdevDevice(path: path)
                return .init(name: "\(path) (\(device.description.name))", surface: device.decoder.surface)
            } catch {
                throw .input("\(error.description): -t and -T are in its units and need its resolution")
            }
        }
        if let replay {
            let input: ReplayRun.Input
            if let loaded { input = loaded } else { input = try ReplayRun.load(replay) }
            switch input {
            case .trace(let stream, _):
                return .init(name: "the trace \(visibleText(replay))", surface: stream.header.surface)
            case .recording(let recording):
                guard let d = recording.description, let decoder = TouchDecoder(device: d) else {
                    throw .input("\(replay): the recording has no touch device description (N:, B: and A: lines with position axes)")
                }
                return .init(name: "the recording \(visibleText(replay)) (\(d.name))", surface: decoder.surface)
            }
        }
        let found: [DeviceInfo]
        do { found = try EvdevDevice.list() } catch { found = [] }
        guard let touchscreen = found.first(where: { $0.kind == .touchscreen }), let d = touchscreen.description,
              let decoder = TouchDecoder(device: d) else {
            throw .input("-t and -T are in the touchscreen's units, and no touchscreen was found to make them millimeters: "
                         + "name one with -d PATH, or give --replay with a recording or trace of it")
        }
        return .init(name: "\(touchscreen.path) (\(d.name))", surface: decoder.surface)
    }
}
