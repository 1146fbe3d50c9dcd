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
        let (lines, hint) = DeviceInfo.listing(all)
        for line in lines { print(line) }
        if let hint { printError(hint) }
    }
}
