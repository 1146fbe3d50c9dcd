import Testing
import TouchTestSupport
import TouchGestures
import TouchEvdev
import TouchList
import TouchTrace
@testable import TouchTools

/// Transformations of a trace that must transform its gestures the same way.
@Suite("Properties: translation and mirroring")
struct PropertyTests {
    func transformed(_ trace: Trace, _ f: (Point) -> Point) -> Trace {
        var t = trace
        t.events = trace.events.map { e in var e = e; e.position = f(e.position); return e }
        return t
    }

    @Test("translating a trace changes no gesture", arguments: geometricCorpusFiles)
    func translation(_ name: String) throws {
        let (trace, _) = try TraceReader.read(path: corpusPath(name))
        let offset = Point(x: 37.25, y: -19.5)
        let a = gestures(of: trace)
        let b = gestures(of: transformed(trace) { $0 + offset })
        #expect(a.count == b.count, "\(name)")
        for (x, y) in zip(a, b) {
            #expect(x.time == y.time)
            switch (x.kind, y.kind) {
            case (.swipe(let s), .swipe(let t)):
                #expect(s.direction == t.direction && s.fingers == t.fingers, "\(name)")
                #expect((s.start + offset).distance(to: t.start) < 1e-6, "\(name)")
            case (.tap(let s), .tap(let t)):
                #expect(s.taps == t.taps && s.fingers == t.fingers, "\(name)")
                #expect((s.position + offset).distance(to: t.position) < 1e-6, "\(name)")
            default:
                Issue.record("\(name): \(x.kind.type) became \(y.kind.type)")
            }
        }
    }

    @Test("mirroring x swaps left and right and changes nothing else", arguments: geometricCorpusFiles)
    func mirror(_ name: String) throws {
        let (trace, _) = try TraceReader.read(path: corpusPath(name))
        let w = trace.header.device.width
        let a = gestures(of: trace)
        // Written out (not computed) so that the mirror image of each direction is checked on its own.
        let swap: [SwipeDirection: SwipeDirection] = [.left: .right, .right: .left, .up: .up, .down: .down,
                                                      .upLeft: .upRight, .upRight: .upLeft,
                                                      .downLeft: .downRight, .downRight: .downLeft]
        var mirrored = transformed(trace) { Point(x: w - $0.x, y: $0.y) }
        let sides: [ScreenEdge: ScreenEdge] = [.left: .right, .right: .left, .topLeft: .topRight, .topRight: .topLeft,
                                               .bottomLeft: .bottomRight, .bottomRight: .bottomLeft]
        mirrored.header.settings = mapSequences(trace.header.settings, edge: { sides[$0] ?? $0 },
                                                along: { e, r in e == .top || e == .bottom ? flipped(r) : r },
                                                direction: { swap[$0]! }, reverses: true)
        let b = gestures(of: mirrored)
        #expect(a.count == b.count, "\(name)")
        for (x, y) in zip(a, b) {
            #expect(x.time == y.time)
            switch (x.kind, y.kind) {
            case (.swipe(let s), .swipe(let t)):
                #expect(swap[s.direction] == t.direction, "\(name)")
                #expect(s.fingers == t.fingers)
                #expect(abs(s.velocity.x + t.velocity.x) < 1e-6 && abs(s.velocity.y - t.velocity.y) < 1e-6)
            case (.tap(let s), .tap(let t)):
                #expect(s.taps == t.taps && s.fingers == t.fingers)
                #expect(abs(w - s.position.x - t.position.x) < 1e-6)
            default:
                Issue.record("\(name): \(x.kind.type) became \(y.kind.type)")
            }
        }
    }

    @Test("the corpus shows swipes in all four directions, so mirroring is exercised")
    func corpusCoversDirections() throws {
        var seen = Set<SwipeDirection>()
        for name in corpusFiles {
            let (trace, _) = try TraceReader.read(path: corpusPath(name))
            for g in gestures(of: trace) { if case .swipe(let s) = g.kind { seen.insert(s.direction) } }
        }
        #expect(seen == Set(SwipeDirection.allCases))
    }
}

/// The properties above leave out the traces where a tap runs a row's action; this holds the set
/// left out to exactly those, so that the properties still check every other trace.
@Suite("The corpus the geometric properties check")
struct GeometricCorpusTests {
    @Test("only the traces whose taps run a row action are left out, and they are few")
    func leftOutAreTheActionTraces() {
        let leftOut = Set(corpusFiles).subtracting(geometricCorpusFiles)
        #expect(!leftOut.isEmpty && leftOut.count <= 5, "\(leftOut.sorted())")
        #expect(leftOut.allSatisfy { $0.hasPrefix("row-slide-") }, "\(leftOut.sorted())")
    }
}
