import ArgumentParser
import TouchTrace
import TouchRecordings

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a trace as an evemu-record file, to replay it into a real (uinput) touchscreen.",
        discussion: """
            The file holds the description of a multitouch touchscreen (10 slots) and the events. \
            Replay it with: evemu-device OUT, then evemu-play /dev/input/eventN < OUT.
            """)

    @Argument(help: "The trace.")
    var file: String

    @Option(help: "Where to write the evemu-record file.")
    var evemu: String

    func run() throws {
        try refuseOverwriting([file], with: evemu, command: "export")
        let trace = try readTrace(file)
        let text = try EvemuExport.text(for: trace, source: file)
        try writeText(text, to: evemu)
        reportWritten("\(file) → \(evemu) (\(trace.events.count) events)", output: evemu)
    }
}
