import TouchTrace
import ArgumentParser
import Foundation

/// `touchtrace`: the root command. Each subcommand is a file of its own in this folder.
@main
struct TouchTraceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchtrace",
        abstract: "Touch traces: replay and check them; make them (synth, record, import); convert, export, measure.",
        discussion: """
            Wherever a command reads a file (a trace, a description, labels, settings, a \
            recording), - reads standard input, once. \
            Exit status: 0 success; 1 a replay did not match its expectations; 2 a trace or \
            file could not be read or is invalid, or the command line is wrong.
            """,
        version: touchGesturesVersion,
        subcommands: [Replay.self, Eval.self, Validate.self, Convert.self, Synth.self, Render.self, View.self, Stats.self, Diff.self, Velocity.self, Import.self, Export.self, Devices.self, Record.self]
    )

    /// Runs the command line, and turns whatever stops a command into its documented exit
    /// status: the one place where failures are printed and statuses chosen.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var command = command as? AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
            try checkStandardOutput()
        } catch let failure as CommandFailure {
            if !failure.message.isEmpty { printError(failure.message) }
            Foundation.exit(failure.status.rawValue)
        } catch let problems as DiagnosticError {
            // A reader's located problems: bad input.
            printError(problems.description)
            Foundation.exit(CommandFailure.Status.badInput.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {               // --help, --version
                print(fullMessage(for: error))
                do { try checkStandardOutput() } catch let f as CommandFailure {
                    printError(f.message)
                    Foundation.exit(f.status.rawValue)
                } catch {}
                Foundation.exit(0)
            }
            if error is ExitCode { Foundation.exit(code.rawValue) }
            // A usage error (unknown option, missing argument, bad value): the help's status 2.
            let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
            if let first = CommandLine.arguments.dropFirst().first, !first.hasPrefix("-"), !names.contains(first) {
                printError("touchtrace: no command named '\(first)'; the commands are \(names.dropLast().joined(separator: ", ")) (touchtrace help COMMAND)")
            } else {
                printError(fullMessage(for: error))
            }
            Foundation.exit(CommandFailure.Status.badInput.rawValue)
        }
    }
}
