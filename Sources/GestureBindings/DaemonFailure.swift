/// Every way `touch-gestured` stops short, with the exit status each one documents.
package struct DaemonFailure: Error, CustomStringConvertible {
    /// 1: the input could not be read (no device, permission, a trace that does not read).
    package static let inputStatus: Int32 = 1
    /// 2: the command line or the configuration is wrong; nothing was started.
    package static let usageStatus: Int32 = 2

    package var message: String
    package var status: Int32

    package static func usage(_ message: String) -> DaemonFailure { DaemonFailure(message: message, status: usageStatus) }
    package static func input(_ message: String) -> DaemonFailure { DaemonFailure(message: message, status: inputStatus) }

    package var description: String { message }
}
