import ArgumentParser
import Foundation
import Synchronization
import TouchGestures
import TouchList
import TouchTrace
import TouchTools
import TouchEvdev
import TouchInput

struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert a trace between the document (.json) and lines (.jsonl) encodings.",
        discussion: "The output is written to a temporary file that replaces OUT only when complete.")

    @Argument(help: "The trace to read.")
    var input: String

    @Argument(help: "Where to write. The encoding follows its extension (.jsonl: lines, else document) unless --to says.")
    var output: String

    @Option(help: "The output encoding: document or lines.")
    var to: String?

    func run() throws {
        let encoding: TraceEncoding
        if let to {
            guard let e = TraceEncoding(rawValue: to) else {
                throw CommandFailure.badInput("touchtrace: --to must be document or lines, found \(to)")
            }
            encoding = e
        } else {
            encoding = encodingFor(path: output)
        }
        let trace: Trace
        do {
            let (t, warnings) = try TraceReader.read(path: input)
            for w in warnings { printError(w.description) }
            trace = t
        } catch {
            printError(error.description)
            throw CommandFailure.badInput("touchtrace: \(input) is not a valid trace; \(output) was not written")
        }
        try writeTrace(trace, to: output, encoding: encoding)
        print("\(input) → \(output) (\(encoding.rawValue), \(trace.events.count) events)")
    }
}
