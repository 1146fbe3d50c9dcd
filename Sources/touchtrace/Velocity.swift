import ArgumentParser
import Foundation
import Synchronization
import TouchGestures
import TouchList
import TouchTrace
import TouchTools
import TouchEvdev
import TouchInput

extension VelocityStrategy: ExpressibleByArgument {}

struct Velocity: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print each contact's velocity when it lifts.",
        discussion: """
            Velocities are in trace units per second, and in mm/s where the trace gives its \
            resolution. Strategies: lsq2 (quadratic least squares, as Flutter), impulse (as \
            Android), twoPoint (end points of the last 150 ms, as GTK's swipe). Cancelled \
            contacts have no lift and are not listed.
            """)

    @Argument(help: "A trace file.")
    var file: String

    @Option(help: "lsq2, impulse or twoPoint.")
    var strategy: VelocityStrategy = .lsq2

    @OptionGroup var output: JSONLinesOption
    var json: Bool { output.json }

    func run() throws {
        // Streamed: a lines trace of any length is read in flat memory.
        let stream = try openTrace(file)
        let surface = stream.header.surface
        ContactVelocity.atLifts(of: AnySequence { AnyIterator { stream.next() } }, strategy: strategy) { c in
            if json {
                var o = JSONObject()
                o["id"] = .number(Double(c.id))
                o["strategy"] = .string(strategy.rawValue)
                o["velocity"] = c.velocity.map { .object(JSONObject([.init("x", .number($0.x)), .init("y", .number($0.y))])) } ?? .null
                print(JSONValue.object(o).serialized())
            } else {
                let when = "contact \(c.id) lifted at \(String(format: "%.3f", c.time)) s:"
                guard let v = c.velocity else {
                    print("\(when) no estimate (too few samples for \(strategy.rawValue))")
                    return
                }
                var line = "\(when) (\(String(format: "%.1f", v.x)), \(String(format: "%.1f", v.y))) units/s"
                if !surface.resolutionIsDefault {
                    let mm = surface.millimeters(v)
                    line += " = (\(String(format: "%.1f", mm.x)), \(String(format: "%.1f", mm.y))) mm/s"
                }
                print(line)
            }
        }
        try finishTrace(stream, file)
    }
}
