import ArgumentParser
import TouchTrace

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check traces against the format and report every problem with its location.")

    @Argument(help: "Trace files to check.")
    var files: [String]

    func run() throws {
        var bad = 0
        for file in files {
            // Streamed: either encoding is checked in flat memory whatever its length (a 632 MB
            // lines trace took 1.5 GB; a 65 MB one-line document 523 MB).
            let stream: TraceEventStream
            do { stream = try TraceEventStream(path: file) } catch {
                for d in error.diagnostics { printError(d.description) }
                let errors = error.diagnostics.filter { $0.severity == .error }.count
                bad += 1
                print("\(displayName(file)): invalid (\(errors) error\(errors == 1 ? "" : "s"))")
                continue
            }
            var events = 0
            while stream.next() != nil { events += 1 }
            let diagnostics = stream.diagnostics
            for d in diagnostics { printError(d.description) }
            let errors = stream.errorCount
            if errors == 0 {
                let warnings = diagnostics.filter { $0.severity == .warning }.count
                print("\(displayName(file)): valid (\(stream.encoding.rawValue), \(events) events\(warnings == 0 ? "" : ", \(warnings) warning\(warnings == 1 ? "" : "s")"))")
            } else {
                bad += 1
                let shown = diagnostics.filter { $0.severity == .error }.count
                print("\(displayName(file)): invalid (\(errors) error\(errors == 1 ? "" : "s")\(shown < errors ? ", the first \(shown) shown" : ""))")
            }
        }
        if bad > 0 { throw CommandFailure.badInput("") }
    }
}
