import TouchGestures
import TouchTrace
import TouchList

/// Figures about a trace: how long, how many contacts, how regular its frames, how far fingers
/// travelled, what the recognizers made of it.
public struct TraceStats: Sendable {
    /// Seconds from the first event to the last.
    public var duration: Double
    public var events: Int
    public var frames: Int
    /// Contacts (each `down`).
    public var contacts: Int
    /// Frames per second: the median interval's inverse; 0 with fewer than two frames.
    public var frameRate: Double
    /// Standard deviation of the frame intervals, in milliseconds.
    public var frameJitterMilliseconds: Double
    /// Most contacts down at once.
    public var mostFingers: Int
    /// Summed path length of all contacts, and the longest one, in millimeters.
    public var totalPathMillimeters: Double
    public var longestPathMillimeters: Double
    /// Output events by type, from a replay with the trace's settings (`scene.settings`) or the defaults.
    public var gestures: [String: Int]

    public init(trace: Trace, settings: GestureSettings? = nil) {
        let s = trace.header.surface
        events = trace.events.count
        duration = (trace.events.last?.time ?? 0) - (trace.events.first?.time ?? 0)
        var frameTimes: [Double] = []
        var down = Set<Int>(), last: [Int: Point] = [:], length: [Int: Double] = [:]
        var most = 0, total = 0.0, longest = 0.0, contacts = 0
        for e in trace.events {
            if frameTimes.last != e.time { frameTimes.append(e.time) }
            switch e.phase {
            case .down:
                down.insert(e.id)
                last[e.id] = e.position
                length[e.id] = 0
                contacts += 1
                most = max(most, down.count)
            case .move, .up, .cancel:
                if let p = last[e.id] {
                    let d = s.millimeters(e.position - p).length
                    length[e.id, default: 0] += d
                    total += d
                    last[e.id] = e.position
                }
                if e.phase.endsContact {
                    longest = max(longest, length[e.id] ?? 0)
                    down.remove(e.id)
                    last[e.id] = nil
                }
            }
        }
        for (_, l) in length where l > longest { longest = l }
        self.contacts = contacts
        frames = frameTimes.count
        mostFingers = most
        totalPathMillimeters = total
        longestPathMillimeters = longest
        let intervals = zip(frameTimes.dropFirst(), frameTimes).map { $0 - $1 }.sorted()
        if intervals.isEmpty {
            frameRate = 0
            frameJitterMilliseconds = 0
        } else {
            let median = intervals[intervals.count / 2]
            frameRate = median > 0 ? 1 / median : 0
            let mean = intervals.reduce(0, +) / Double(intervals.count)
            frameJitterMilliseconds = (intervals.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(intervals.count)).squareRoot() * 1000
        }
        var g: [String: Int] = [:]
        for o in TraceReplay.run(header: trace.header, settings: settings, events: trace.events).output { g[o.type, default: 0] += 1 }
        gestures = g
    }
}
