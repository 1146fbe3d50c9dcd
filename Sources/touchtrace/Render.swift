import ArgumentParser
import Foundation
import Synchronization
import TouchGestures
import TouchList
import TouchTrace
import TouchTools
import TouchEvdev
import TouchInput

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw a trace: paths colored by time, down and up marked, the list's rows, gestures where they fired.",
        discussion: "OUT ending in .png is rasterised with rsvg-convert (Debian's librsvg2-bin); anything else is SVG.")

    @Argument(help: "The trace.")
    var file: String

    @Option(name: .shortAndLong, help: "Where to write the picture (.svg or .png).")
    var output: String

    @OptionGroup var explaining: ExplainOption
    var explain: Bool { explaining.explain }

    func run() throws {
        let trace = try readTrace(file)
        let svg = TraceRender.svg(for: trace, title: (file as NSString).lastPathComponent, explain: explain)
        guard output.hasSuffix(".png") else {
            try writeText(svg, to: output)
            print("\(output): SVG")
            return
        }
        let temp = NSTemporaryDirectory() + "touchtrace-render-\(getpid()).svg"
        defer { try? FileManager.default.removeItem(atPath: temp) }
        try writeText(svg, to: temp)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["rsvg-convert", "-o", output, temp]
        let err = Pipe()
        p.standardError = err
        do { try p.run() } catch {
            throw CommandFailure.badInput("touchtrace: cannot run rsvg-convert (apt-get install librsvg2-bin): \(error)")
        }
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            let msg = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw CommandFailure.badInput("touchtrace: rsvg-convert failed (is librsvg2-bin installed? apt-get install librsvg2-bin): \(msg)")
        }
        print("\(output): PNG")
    }
}
