import ArgumentParser
import Foundation
import Synchronization
import TouchGestures
import TouchList
import TouchTrace
import TouchTools
import TouchEvdev
import TouchInput

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check traces against the format and report every problem with its location.")

    @Argument(help: "Trace files to check.")
    var files: [String]

    func run() throws {
        var bad = 0
        for file in files {
            let r = TraceReader.diagnose(path: file)
            for d in r.diagnostics { printError(d.description) }
            if let t = r.trace {
                print("\(file): valid (\(r.encoding?.rawValue ?? "?"), \(t.events.count) events\(r.warnings.isEmpty ? "" : ", \(r.warnings.count) warning\(r.warnings.count == 1 ? "" : "s")"))")
            } else {
                bad += 1
                let shown = r.errors.count < r.errorCount ? ", the first \(r.errors.count) shown" : ""
                print("\(file): invalid (\(r.errorCount) error\(r.errorCount == 1 ? "" : "s")\(shown))")
            }
        }
        if bad > 0 { throw CommandFailure.badInput("") }
    }
}
