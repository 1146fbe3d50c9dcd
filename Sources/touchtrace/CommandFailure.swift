
/// Why a command stops: what to tell the user, and the exit status that means. Every command
/// throws this, or lets a reader's `DiagnosticError` through (bad input); the root command
/// catches both in one place, prints them and exits with their status, so the statuses the
/// help documents are the only ones there are.
struct CommandFailure: Error {
    /// The exit statuses, as `touchtrace --help` documents them.
    enum Status: Int32 {
        /// A replay did not match its expectations (or had none to check).
        case mismatch = 1
        /// A trace or file could not be read, is invalid, or the command line is wrong.
        case badInput = 2
    }

    var status: Status
    /// What to print on standard error (each line as it stands); empty when it was printed.
    var message: String

    /// The input could not be read or is invalid: exit 2.
    static func badInput(_ message: String) -> CommandFailure { CommandFailure(status: .badInput, message: message) }
    /// A replay did not match: exit 1.
    static func mismatch(_ message: String) -> CommandFailure { CommandFailure(status: .mismatch, message: message) }
}
