import ArgumentParser
import TouchTrace

struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
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
        // Streamed: events go out as they are read, in pieces, so a lines trace of any length
        // converts in flat memory (632 MB took 2.17 GB); the output is replaced only once
        // complete and valid.
        let stream = try openTrace(input)
        let writer = try OutputFile.Writer(path: output)
        var chunk = TraceWriter.opening(stream.header, encoding: encoding)
        var count = 0
        while let e = stream.next() {
            chunk += TraceWriter.eventText(e, first: count == 0, encoding: encoding)
            count += 1
            if chunk.utf8.count >= 1 << 16 {
                try writer.write(chunk)
                chunk.removeAll(keepingCapacity: true)
            }
        }
        chunk += TraceWriter.ending(empty: count == 0, encoding: encoding)
        if stream.hasErrors {
            printError(stream.diagnostics.filter { $0.severity == .error }.map(\.description).joined(separator: "\n"))
            throw CommandFailure.badInput("touchtrace: \(input) is not a valid trace; \(output) was not written")
        }
        for w in stream.diagnostics where w.severity == .warning { printError(w.description) }
        try writer.write(chunk)
        try writer.commit()
        reportWritten("\(input) → \(output) (\(encoding.rawValue), \(count) events)", output: output)
    }
}
