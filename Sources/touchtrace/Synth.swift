import ArgumentParser
import Foundation
import Synchronization
import TouchGestures
import TouchList
import TouchTrace
import TouchTools
import TouchEvdev
import TouchInput

struct Synth: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make a trace from a short description (gestures, device, list, expectations).",
        discussion: """
            One statement a line or separated by ';'. Settings: device 800x480 [res 5 | mm], \
            list rows 8 height 60 [policy P], rate 120, jitter 0.3mm, seed 7, gap 0.5s. Gestures: \
            swipe right 40mm [in 0.25s] [at X,Y] [fingers N]; tap|double-tap [at X,Y] [fingers N] \
            [hold S]; long-press [at X,Y] [for S]; fling DIR [30mm] [in S]; pinch [at X,Y] \
            [from 20mm] [to 60mm] [in S]; drag from X,Y to X,Y [in S]; pause S. \
            Expectations: expect TYPE field=value…; expect-none TYPE…
            Example: touchtrace synth -e "list rows 8 height 60; swipe right 40mm at 300,210; \
            expect rowSwipe row=3 swiped=true" out.json
            """)

    @Option(name: .short, help: "The description itself, instead of a file.")
    var e: String?

    @Argument(help: "A file with the description (omit with -e), then where to write the trace (.json or .jsonl).")
    var paths: [String]

    func run() throws {
        let text: String
        let output: String
        if let e {
            guard paths.count == 1 else { throw CommandFailure.badInput("touchtrace synth: with -e, give only the output path") }
            text = e
            output = paths[0]
        } else {
            guard paths.count == 2 else { throw CommandFailure.badInput("touchtrace synth: give a description file and an output path (or -e TEXT OUT)") }
            guard let data = FileManager.default.contents(atPath: paths[0]) else {
                throw CommandFailure.badInput("touchtrace: \(paths[0]): cannot read")
            }
            text = String(decoding: data, as: UTF8.self)
            output = paths[1]
        }
        let trace = try TraceSynth.trace(from: text, name: e != nil ? "-e" : paths[0])
        try writeTrace(trace, to: output)
        print("\(output): \(trace.events.count) events\(trace.header.isTest ? ", with expectations" : "")")
    }
}
