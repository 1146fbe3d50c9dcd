import GestureBindings
import TouchInput
import TouchTrace

/// `touch-gestured --list-devices`: the input devices, as `touchtrace devices` lists them, for a
/// phone that has the daemon and not touchtrace. Its messages name this when no device is found.
enum ListDevices {
    /// Prints one line a device on standard output (what to do about permissions on standard
    /// error); the input status when /dev/input cannot be read.
    static func run() throws(DaemonFailure) {
        let all: [DeviceInfo]
        do { all = try EvdevDevice.list() } catch {
            throw .input(error.description)
        }
        let (lines, hint) = DeviceInfo.listing(all)
        let out = StandardOutput()
        for line in lines { out.line(line) }
        out.flush()
        if let hint { printError("touch-gestured: " + hint) }
    }
}
