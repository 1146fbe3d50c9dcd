import ArgumentParser
import Foundation
import TouchGestures
import TouchTrace
import TouchTools

extension VelocityStrategy: ExpressibleByArgument {}

struct Velocity: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "velocity",
        abstract: "Print each contact's velocity when it lifts.",
        discussion: """
            Velocities are in trace units per second, and in mm/s where the trace gives its \
            resolution. Strategies: lsq2 (quadratic least squares, as Flutter), impulse (as \
            Android), twoPoint (end points of the last 150 ms, as GTK's swipe). Cancelled \
            contacts have no lift and are not listed. A component under 1e-6 units/s is \
            printed as 0 (a fit of a resting finger leaves about 1e-11). With --json, each line \
            has the contact's id, its lift time t (s), the strategy, velocity (units/s) and \
            velocityMm (mm/s, null without a resolution); with a folder, also its file.
            """)

    @Argument(help: "A trace file or a folder of traces.")
    var file: String

    @Option(help: "lsq2, impulse or twoPoint.")
    var strategy: VelocityStrategy = .lsq2

    @OptionGroup var output: JSONLinesOption
    var json: Bool { output.json }

    /// Rounding noise of the fits, not motion: 1e-6 units/s is a unit in 11.6 days.
    static func cleaned(_ v: Point) -> Point {
        Point(x: abs(v.x) < 1e-6 ? 0 : v.x, y: abs(v.y) < 1e-6 ? 0 : v.y)
    }

    func run() throws {
        guard let (files, isFolder) = traceFiles(at: file) else {
            throw CommandFailure.badInput("touchtrace: \(file): no such file or folder")
        }
        var invalid = 0
        let root = URL(fileURLWithPath: file).standardizedFileURL.path
        for path in files {
            // Named below the folder given, as stats names them.
            let name = path.hasPrefix(root) ? String(path.dropFirst(root.count).drop { $0 == "/" }) : path
            if isFolder && !json { print("\(name):") }
            do { try one(path, label: isFolder ? name : nil) } catch let failure as CommandFailure where isFolder {
                // In a folder, an invalid trace is reported and the others still measured.
                if !failure.message.isEmpty { printError(failure.message) }
                invalid += 1
            }
        }
        if invalid > 0 { throw CommandFailure.badInput("touchtrace: \(invalid) of \(files.count) traces could not be read") }
    }

    func one(_ path: String, label: String?) throws {
        // Streamed: a lines trace of any length is read in flat memory.
        let stream = try openTrace(path)
        let surface = stream.header.surface
        let strategy = strategy, json = json
        var lifts = 0, resting = 0
        ContactVelocity.atLifts(of: stream, strategy: strategy) { c in
            lifts += 1
            let v = c.velocity.map(Self.cleaned)
            if v == Point(x: 0, y: 0) { resting += 1 }
            if json {
                func point(_ p: Point) -> JSONValue { .object(JSONObject([.init("x", .number(p.x)), .init("y", .number(p.y))])) }
                var o = JSONObject()
                if let label { o["file"] = .string(label) }
                o["id"] = .number(Double(c.id))
                o["t"] = .number(c.time)
                o["strategy"] = .string(strategy.rawValue)
                o["velocity"] = v.map(point) ?? .null
                o["velocityMm"] = surface.resolutionIsDefault ? .null : v.map { point(surface.millimeters($0)) } ?? .null
                print(JSONValue.object(o).serialized())
            } else {
                let when = "contact \(c.id) lifted at \(formatFixed(c.time, digits: 3)) s:"
                guard let v else {
                    print("\(when) no estimate (too few samples for \(strategy.rawValue))")
                    return
                }
                var line = "\(when) (\(formatFixed(v.x, digits: 1)), \(formatFixed(v.y, digits: 1))) units/s"
                if !surface.resolutionIsDefault {
                    let mm = surface.millimeters(v)
                    line += " = (\(formatFixed(mm.x, digits: 1)), \(formatFixed(mm.y, digits: 1))) mm/s"
                }
                print(line)
            }
        }
        try finishTrace(stream, path)
        if !json && lifts > 0 && resting == lifts {
            // Every finger was still when it lifted: say why the answer is all zeros.
            print("every velocity is 0: each finger was still over the samples the estimate uses "
                  + "(at most the last \(formatJSONNumber(VelocityTracker.horizon * 1000)) ms before its lift)")
        }
    }
}
