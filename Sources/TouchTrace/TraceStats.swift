import TouchGestures

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
    /// Summed path length of all contacts, and the longest one, in millimetres.
    public var totalPathMillimetres: Double
    public var longestPathMillimetres: Double
    /// Output events by type, from a replay with the default settings.
    public var gestures: [String: Int]

    public init(trace: Trace, settings: GestureSettings = .init()) {
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
                    let d = s.millimetres(e.position - p).length
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
        totalPathMillimetres = total
        longestPathMillimetres = longest
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
        for o in TraceReplay.run(header: trace.header, settings: settings, events: trace.events).output { g[o.kind.type, default: 0] += 1 }
        gestures = g
    }
}

extension GestureSettings {
    /// Every threshold by its documented name (`swipe.minDistance`, `tap.maxGap`, …), in mm or s.
    public static let keyNames = ["swipe.minDistance", "swipe.maxDrift", "swipe.maxDuration", "tap.maxMovement",
                                  "tap.maxDuration", "tap.maxGap", "tap.maxSpacing", "tap.maxCount"]

    /// Settings from a JSON object whose keys are the threshold names, flat (`"swipe.minDistance":
    /// 10`) or nested (`"swipe": {"minDistance": 10}`). Unknown keys and wrong values are errors
    /// that name them.
    public static func from(json: JSONValue, source: String) throws(TraceError) -> GestureSettings {
        guard case .object(let root) = json else {
            throw TraceError([TraceDiagnostic(.error, TraceLocation(file: source), "settings must be a JSON object of threshold names, found \(json.kindDescription)")])
        }
        var flat: [(String, JSONValue)] = []
        for m in root.members {
            if case .object(let inner) = m.value {
                for i in inner.members { flat.append((m.key + "." + i.key, i.value)) }
            } else {
                flat.append((m.key, m.value))
            }
        }
        var s = GestureSettings()
        var problems: [TraceDiagnostic] = []
        for (key, value) in flat {
            func fail(_ msg: String) { problems.append(TraceDiagnostic(.error, TraceLocation(file: source), msg)) }
            if key == "tap.maxDuration", value == .null { s.tap.maxDuration = nil; continue }
            guard let v = value.numberValue, v.isFinite, v >= 0 else {
                fail("`\(key)` must be a number ≥ 0, found \(value.serialized())")
                continue
            }
            switch key {
            case "swipe.minDistance": s.swipe.minDistance = v
            case "swipe.maxDrift": s.swipe.maxDrift = v
            case "swipe.maxDuration": s.swipe.maxDuration = v
            case "tap.maxMovement": s.tap.maxMovement = v
            case "tap.maxDuration": s.tap.maxDuration = v
            case "tap.maxGap": s.tap.maxGap = v
            case "tap.maxSpacing": s.tap.maxSpacing = v
            case "tap.maxCount":
                guard v >= 1, v <= 100, v == v.rounded() else { fail("`tap.maxCount` must be a whole number from 1 to 100, found \(formatJSONNumber(v))"); continue }
                s.tap.maxCount = Int(v)
            default: fail("unknown setting `\(key)` (expected one of \(keyNames.joined(separator: ", ")))")
            }
        }
        if !problems.isEmpty { throw TraceError(problems) }
        return s
    }
}
