import ArgumentParser
import Foundation
import TouchTrace
import TouchTools

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a trace: paths colored by time, down and up marked, the list's rows, gestures where they fired.",
        discussion: "OUT ending in .png is rasterised with rsvg-convert (Debian's librsvg2-bin); anything else is SVG.")

    @Argument(help: "The trace.")
    var file: String

    @Option(name: .shortAndLong, help: "Where to write the picture (.svg or .png).")
    var output: String

    @OptionGroup var explaining: ExplainOption
    var explain: Bool { explaining.explain }

    func run() throws {
        let format = (output as NSString).pathExtension.lowercased()
        guard format == "svg" || format == "png" else {
            throw CommandFailure.badInput("touchtrace render: the output must end in .svg or .png, found \(output)")
        }
        try refuseOverwriting([file], with: output, command: "render")
        let trace = try readTrace(file)
        let svg = TraceRender.svg(for: trace, title: PathText.lastComponent(of: file), explain: explain)
        guard format == "png" else {
            try writeText(svg, to: output)
            print("\(output): SVG")
            return
        }
        // rsvg-convert writes the PNG to its standard output; the file is written only once the
        // picture is whole, so a failure leaves an existing OUT as it was.
        let temp = NSTemporaryDirectory() + "touchtrace-render-\(getpid()).svg"
        defer { try? FileManager.default.removeItem(atPath: temp) }
        try writeText(svg, to: temp)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["rsvg-convert", temp]
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let png = out.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        if p.terminationStatus == 127 {
            throw CommandFailure.badInput("touchtrace render: rsvg-convert is not installed (Debian: apt-get install librsvg2-bin)")
        }
        guard p.terminationStatus == 0, !png.isEmpty else {
            throw CommandFailure.badInput("touchtrace render: rsvg-convert failed: \(message)")
        }
        try OutputFile.write(Array(png), to: output)
        print("\(output): PNG")
    }
}
