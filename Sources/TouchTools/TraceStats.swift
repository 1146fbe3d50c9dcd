import TouchGestures
import TouchReplay
import TouchTrace
import TouchList

/// Figures about a trace: how long, how many contacts, how regular its frames, how far fingers
/// travelled, what the recognizers made of it.
package struct TraceStats: Sendable {
    /// Seconds from the first event to the last.
    package var duration: Double
    package var events: Int
    package var frames: Int
    /// Contacts (each `down`).
    package var contacts: Int
    /// Frames per second: the median interval's inverse; 0 with fewer than two frames.
    package var frameRate: Double
    /// Standard deviation of the frame intervals, in milliseconds.
    package var frameJitterMilliseconds: Double
    /// Most contacts down at once.
    package var mostFingers: Int
    /// Summed path length of all contacts, and the longest one, in millimeters.
    package var totalPathMillimeters: Double
    package var longestPathMillimeters: Double
    /// Output events by type, from a replay with the trace's settings (`scene.settings`) or the defaults.
    package var gestures: [String: Int]

    /// The figures of a whole trace.
    package init(trace: Trace, settings: GestureSettings? = nil) {
        self.init(header: trace.header, events: trace.events, settings: settings)
    }

    /// The figures of `events`, read once, in memory that does not grow with their number: the
    /// frame intervals go into 10 µs bins up to 1 s (for the median), the replay counts its
    /// output as it comes.
    package init(header: TraceHeader, events: some Sequence<TouchEvent>, settings: GestureSettings? = nil) {
        let s = header.surface
        var controller = TraceReplay.makeController(header: header, settings: settings)
        var assembler = FrameAssembler()
        var g: [String: Int] = [:]
        func count(_ o: ListController.Output) { g[o.type, default: 0] += 1 }
        var first: Double?, lastTime = 0.0, frameTime: Double?
        var eventCount = 0, frameCount = 0
        // Intervals between frames while a finger is down: a recording at rest sends nothing,
        // and its pauses are not its rate (taps read as 9.1 Hz when they were counted).
        var bins: [Int: Int] = [:], intervals = 0, mean = 0.0, m2 = 0.0
        var down = Set<Int>(), last: [Int: Point] = [:], length: [Int: Double] = [:]
        var most = 0, total = 0.0, longest = 0.0, contacts = 0
        for e in events {
            eventCount += 1
            if first == nil { first = e.time }
            lastTime = e.time
            if frameTime != e.time {
                if let previous = frameTime, !down.isEmpty {
                    let dt = e.time - previous
                    intervals += 1
                    let delta = dt - mean
                    mean += delta / Double(intervals)
                    m2 += delta * (dt - mean)
                    bins[Int(min(max(dt, 0), 1) * 100_000), default: 0] += 1
                }
                frameTime = e.time
                frameCount += 1
            }
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
                    length[e.id] = nil
                }
            }
            assembler.add(e) { frame in controller.handle(frame, emit: count) }
        }
        assembler.flush { frame in controller.handle(frame, emit: count) }
        controller.finish(emit: count)
        for (_, l) in length where l > longest { longest = l }
        self.events = eventCount
        duration = lastTime - (first ?? lastTime)
        self.contacts = contacts
        frames = frameCount
        mostFingers = most
        totalPathMillimeters = total
        longestPathMillimeters = longest
        if intervals == 0 {
            frameRate = 0
            frameJitterMilliseconds = 0
        } else {
            // The median interval, from the bins (10 µs wide: exact enough for a rate).
            var seen = 0, median = 0.0
            for (bin, n) in bins.sorted(by: { $0.key < $1.key }) {
                seen += n
                if seen > intervals / 2 { median = (Double(bin) + 0.5) / 100_000; break }
            }
            frameRate = median > 0 ? 1 / median : 0
            frameJitterMilliseconds = (m2 / Double(intervals)).squareRoot() * 1000
        }
        gestures = g
    }
}
