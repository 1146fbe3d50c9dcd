import ArgumentParser
import Foundation
import TouchTrace
import TouchTools
import TouchGestures

struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Figures about traces: duration, contacts, frame rate and jitter, fingers, path lengths, gestures.",
        discussion: "With a folder, a table of every trace and its totals (a progress bar on a terminal).")

    @Argument(help: "A trace file or a folder of traces.")
    var path: String

    func run() throws {
        guard let (files, isFolder) = traceFiles(at: path) else {
            throw CommandFailure.badInput("touchtrace: \(path): no such file or folder")
        }
        func gestures(_ g: [String: Int]) -> String {
            g.isEmpty ? "none" : g.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        }
        if !isFolder {
            let stream = try openTrace(files[0])
            let st = TraceStats(header: stream.header, events: stream)
            try finishTrace(stream, files[0])
            print("""
                duration      \(formatFixed(st.duration, digits: 3)) s
                events        \(st.events) in \(st.frames) frames
                frame rate    \(formatFixed(st.frameRate, digits: 1)) Hz (jitter \(formatFixed(st.frameJitterMilliseconds, digits: 2)) ms)
                contacts      \(st.contacts), at most \(st.mostFingers) at once
                paths         \(formatFixed(st.totalPathMillimeters, digits: 1)) mm in all, longest \(formatFixed(st.longestPathMillimeters, digits: 1)) mm
                gestures      \(gestures(st.gestures))
                """)
            return
        }
        let bar = isatty(STDERR_FILENO) == 1
        print("trace".padding(toLength: 44, withPad: " ", startingAt: 0) + "     s  contacts    Hz  jitter  fingers  path mm  gestures")
        var totals = (duration: 0.0, contacts: 0, path: 0.0, traces: 0, bad: 0)
        var all: [String: Int] = [:]
        for (k, file) in files.enumerated() {
            if bar {
                let done = (k * 30) / max(files.count, 1)
                FileHandle.standardError.write(Data("\r[\(String(repeating: "#", count: done))\(String(repeating: ".", count: 30 - done))] \(k)/\(files.count)".utf8))
            }
            let root = URL(fileURLWithPath: path).standardizedFileURL.path
            let name = file.hasPrefix(root) ? String(file.dropFirst(root.count).drop { $0 == "/" }) : file
            let read: TraceStats? = {
                guard let stream = try? TraceEventStream(path: file) else { return nil }
                let st = TraceStats(header: stream.header, events: stream)
                return stream.hasErrors ? nil : st
            }()
            guard let st = read else {
                totals.bad += 1
                if bar { FileHandle.standardError.write(Data("\r".utf8)) }
                print(name.padding(toLength: 44, withPad: " ", startingAt: 0) + "  (not a valid trace: touchtrace validate says why)")
                continue
            }
            totals.duration += st.duration
            totals.contacts += st.contacts
            totals.path += st.totalPathMillimeters
            totals.traces += 1
            for (g, n) in st.gestures { all[g, default: 0] += n }
            if bar { FileHandle.standardError.write(Data("\r".utf8)) }
            print(name.padding(toLength: 44, withPad: " ", startingAt: 0)
                  + [rightAligned(formatFixed(st.duration, digits: 2), 6), rightAligned(String(st.contacts), 8),
                     rightAligned(formatFixed(st.frameRate, digits: 0), 4), rightAligned(formatFixed(st.frameJitterMilliseconds, digits: 2), 6),
                     rightAligned(String(st.mostFingers), 7), rightAligned(formatFixed(st.totalPathMillimeters, digits: 1), 7), ""]
                    .joined(separator: "  ") + gestures(st.gestures))
        }
        if bar { FileHandle.standardError.write(Data("\r\(String(repeating: " ", count: 44))\r".utf8)) }
        print("total: \(totals.traces) traces\(totals.bad > 0 ? " (\(totals.bad) invalid)" : ""), \(formatFixed(totals.duration, digits: 2)) s, \(totals.contacts) contacts, \(formatFixed(totals.path, digits: 1)) mm of paths; \(gestures(all))")
        // The figures of the valid ones are printed; an invalid trace is still bad input.
        if totals.bad > 0 { throw CommandFailure.badInput("") }
    }
}
