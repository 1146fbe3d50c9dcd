import ArgumentParser
import TouchTrace
import TouchEvdev
import TouchInput

struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List /dev/input/event* devices: name, kind, multitouch protocol, slots, axes, resolution.")

    func run() throws {
        let all: [DeviceInfo]
        do { all = try EvdevDevice.list() } catch {
            throw CommandFailure.badInput("touchtrace: \(error)")
        }
        if all.isEmpty { print("no input devices in /dev/input") }
        for d in all {
            guard let desc = d.description else {
                print("\(d.path)  (cannot open: \(d.error.map { "\($0)".split(separator: "\n").first.map(String.init) ?? "" } ?? "?"))")
                continue
            }
            var line = "\(d.path)  \"\(desc.name)\"  \(d.kind.rawValue)"
            if let p = desc.touchProtocol {
                line += ", \(p.rawValue)"
                if p == .multitouchB { line += ", \(desc.slotCount) slots" }
            }
            if let (x, y) = desc.positionAxes {
                line += ", x \(x.minimum)…\(x.maximum) y \(y.minimum)…\(y.maximum)"
                line += x.resolution > 0 ? ", \(x.resolution)×\(y.resolution) units/mm" : ", no resolution"
            }
            print(line)
        }
        if all.contains(where: { if case .permissionDenied? = $0.error { true } else { false } }) {
            printError("some devices could not be opened: install TouchGestures' udev rule (tools/install does), which gives the user at the seat the touchscreens:\n  \(InputError.uaccessRule)\nor, without a login session, add yourself to the `input` group")
        }
    }
}
