/// Every way `touch-gestured` stops short, with the exit status each one documents.
struct DaemonFailure: Error, CustomStringConvertible {
    /// 1: the input could not be read (no device, permission, a trace that does not read).
    static let inputStatus: Int32 = 1
    /// 2: the command line or the configuration is wrong; nothing was started.
    static let usageStatus: Int32 = 2

    var message: String
    var status: Int32

    static func usage(_ message: String) -> DaemonFailure { DaemonFailure(message: message, status: usageStatus) }
    static func input(_ message: String) -> DaemonFailure { DaemonFailure(message: message, status: inputStatus) }

    var description: String { message }
}
