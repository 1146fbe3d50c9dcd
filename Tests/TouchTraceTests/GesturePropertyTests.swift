import Testing
import TouchTestSupport
import TouchGestures
import TouchEvdev
import TouchList
@testable import TouchTools
import TouchReplay
@testable import TouchTrace

/// Every gesture of every corpus trace, under three changes of the picture that must change
/// the gestures in a known way: a mirror image, a quarter turn, and a finer resolution.
@Suite("Properties: mirrored, rotated and rescaled traces give the corresponding gestures")
struct GesturePropertyTests {
    /// How a change of the picture maps the gestures' values.
    struct Change {
        var point: (Point) -> Point
        var vector: (Point) -> Point
        var direction: (SwipeDirection) -> SwipeDirection
        var edge: (ScreenEdge) -> ScreenEdge
        /// +1 when the change keeps the sense of rotation, -1 when it reverses it.
        var turn: Double
        /// The new device (size and resolution).
        var device: (TraceHeader.Device, Surface) -> TraceHeader.Device
        /// A section of an edge (given the edge before the change) after it.
        var along: (ScreenEdge, ClosedRange<Double>) -> ClosedRange<Double> = { $1 }
    }

    /// The gestures of `trace` (no list events, no explanations), with the pan free to move in
    /// any direction so that a list's vertical axis does not make a quarter turn a different
    /// question.
    func gestures(_ trace: Trace) -> [GestureEvent] {
        var settings = trace.header.settings ?? GestureSettings()
        settings.pan.axis = .free
        return TraceReplay.run(header: trace.header, settings: settings, events: trace.events).output.compactMap(\.gesture).filter {
            switch $0.kind {
            case .failed, .won: false
            default: true
            }
        }
    }

    /// What `e` must become under `c`.
    func expected(_ e: GestureEvent, _ c: Change) -> GestureEvent {
        var e = e
        switch e.kind {
        case .tap(var g):
            g.position = c.point(g.position)
            e.kind = .tap(g)
        case .swipe(var g):
            g.direction = c.direction(g.direction)
            g.start = c.point(g.start)
            g.end = c.point(g.end)
            g.velocity = c.vector(g.velocity)
            g.edge = g.edge.map(c.edge)
            e.kind = .swipe(g)
        case .longPress(var g):
            g.position = c.point(g.position)
            e.kind = .longPress(g)
        case .pan(var g):
            g.position = c.point(g.position)
            g.translation = c.vector(g.translation)
            g.velocity = g.velocity.map(c.vector)
            e.kind = .pan(g)
        case .pinch(var g):
            g.focus = c.point(g.focus)
            e.kind = .pinch(g)
        case .rotate(var g):
            g.focus = c.point(g.focus)
            g.angle *= c.turn
            e.kind = .rotate(g)
        case .fling(var g):
            g.position = c.point(g.position)
            g.velocity = c.vector(g.velocity)
            e.kind = .fling(g)
        case .sequence(var g):
            g.position = c.point(g.position)
            e.kind = .sequence(g)
        default:
            break
        }
        return e
    }

    /// Numbers equal within 1e-6 (relative to their size, absolute near zero), the rest exactly.
    func close(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return abs(x - y) <= 1e-6 * max(1, abs(x), abs(y))
        case (.object(let x), .object(let y)):
            return x.members.count == y.members.count
                && x.members.allSatisfy { m in y[m.key].map { close(m.value, $0) } ?? false }
        default: return a == b
        }
    }

    func check(_ name: String, _ c: Change) throws {
        let (trace, _) = try TraceReader.read(path: corpusPath(name))
        var changed = trace
        changed.header.device = c.device(trace.header.device, trace.header.surface)
        // The declared sequences change with the surface: what they ask of the touches is mapped.
        changed.header.settings = mapSequences(trace.header.settings, edge: c.edge, along: c.along,
                                               direction: c.direction, reverses: c.turn < 0)
        changed.events = trace.events.map { var e = $0; e.position = c.point(e.position); return e }
        var original = trace
        // Give the original its resolution explicitly, so a rescaled copy means the same millimeters.
        original.header.device.resolution = trace.header.surface.unitsPerMillimeter
        original.header.device.units = nil
        let a = gestures(original).map { expected($0, c) }
        let b = gestures(changed)
        #expect(a.count == b.count, "\(name): \(a.count) gestures became \(b.count)")
        for (x, y) in zip(a, b) where !(x.time == y.time && close(.object(x.jsonObject), .object(y.jsonObject))) {
            Issue.record("\(name): expected \(x.jsonLine)\n  found \(y.jsonLine)")
            return
        }
    }

    @Test("mirroring left to right mirrors every gesture", arguments: geometricCorpusFiles)
    func mirror(_ name: String) throws {
        let edges: [ScreenEdge: ScreenEdge] = [.left: .right, .right: .left, .top: .top, .bottom: .bottom,
                                               .topLeft: .topRight, .topRight: .topLeft,
                                               .bottomLeft: .bottomRight, .bottomRight: .bottomLeft]
        var w = 0.0
        let c = Change(point: { Point(x: w - $0.x, y: $0.y) }, vector: { Point(x: -$0.x, y: $0.y) },
                       direction: { SwipeDirection(of: Point(x: -$0.unitVector.x, y: $0.unitVector.y), diagonals: $0.isDiagonal)! },
                       edge: { edges[$0]! }, turn: -1,
                       device: { d, s in var d = d; d.resolution = s.unitsPerMillimeter; d.units = nil; return d },
                       along: { e, r in e == .top || e == .bottom ? flipped(r) : r })
        let (trace, _) = try TraceReader.read(path: corpusPath(name))
        w = trace.header.device.width
        try check(name, c)
    }

    @Test("a quarter turn clockwise turns every gesture", arguments: geometricCorpusFiles)
    func quarterTurn(_ name: String) throws {
        // (x, y) → (H - y, x): right becomes down, the left edge the top, and so on.
        let edges: [ScreenEdge: ScreenEdge] = [.left: .top, .top: .right, .right: .bottom, .bottom: .left,
                                               .topLeft: .topRight, .topRight: .bottomRight,
                                               .bottomRight: .bottomLeft, .bottomLeft: .topLeft]
        var h = 0.0
        let c = Change(point: { Point(x: h - $0.y, y: $0.x) }, vector: { Point(x: -$0.y, y: $0.x) },
                       direction: { SwipeDirection(of: Point(x: -$0.unitVector.y, y: $0.unitVector.x), diagonals: $0.isDiagonal)! },
                       edge: { edges[$0]! }, turn: 1,
                       device: { d, s in
                           var d = d
                           (d.width, d.height) = (d.height, d.width)
                           d.resolution = Point(x: s.unitsPerMillimeter.y, y: s.unitsPerMillimeter.x)
                           d.units = nil
                           return d
                       },
                       // (x, y) → (H − y, x): a point along the left or the right edge, counted
                       // from the top, lands on the top or the bottom counted from the right.
                       along: { e, r in e == .left || e == .right ? flipped(r) : r })
        let (trace, _) = try TraceReader.read(path: corpusPath(name))
        h = trace.header.device.height
        try check(name, c)
    }

    @Test("four times the resolution gives the same gestures at four times the coordinates", arguments: geometricCorpusFiles)
    func rescale(_ name: String) throws {
        let k = 4.0   // a power of two: the scaled coordinates and millimeters are exact
        let c = Change(point: { $0 * k }, vector: { $0 * k }, direction: { $0 }, edge: { $0 }, turn: 1,
                       device: { d, s in
                           var d = d
                           d.width *= k
                           d.height *= k
                           d.resolution = s.unitsPerMillimeter * k
                           d.units = nil
                           return d
                       })
        try check(name, c)
    }

    @Test("the corpus exercises every gesture and every edge these properties map")
    func corpusCoversGestures() throws {
        var types = Set<String>(), edges = Set<ScreenEdge>()
        for name in corpusFiles {
            let (trace, _) = try TraceReader.read(path: corpusPath(name))
            for g in gestures(trace) {
                types.insert(g.kind.type)
                if case .swipe(let s) = g.kind, let e = s.edge { edges.insert(e) }
            }
        }
        #expect(types == ["tap", "swipe", "longPress", "pan", "pinch", "rotate", "fling", "sequence"])
        #expect(edges.count >= 6)
    }
}
