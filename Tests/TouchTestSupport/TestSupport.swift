import TouchGestures
import TouchList

// What the test suites share: scripted touches, the usual panel, and one-line renderings of
// output for comparing whole logs.

/// Builds event sequences for tests: `down`, `move`, `up`, `cancel` at given times.
public struct Script {
    public var events: [TouchEvent] = []
    /// The contacts down, for refusing a sequence no device sends.
    private var down: Set<Int> = []

    public init() {}

    public mutating func down(_ t: Double, _ id: Int, _ x: Double, _ y: Double, file: StaticString = #file, line: UInt = #line) {
        add(t, id, .down, x, y, file: file, line: line)
    }
    public mutating func move(_ t: Double, _ id: Int, _ x: Double, _ y: Double, file: StaticString = #file, line: UInt = #line) {
        add(t, id, .move, x, y, file: file, line: line)
    }
    public mutating func up(_ t: Double, _ id: Int, _ x: Double, _ y: Double, file: StaticString = #file, line: UInt = #line) {
        add(t, id, .up, x, y, file: file, line: line)
    }
    public mutating func cancel(_ t: Double, _ id: Int, _ x: Double, _ y: Double, file: StaticString = #file, line: UInt = #line) {
        add(t, id, .cancel, x, y, file: file, line: line)
    }

    /// Adds one contact's report. A sequence no device sends stops the test at the line that
    /// wrote it, so that a test cannot pass on touches that could never happen: time going back,
    /// a touch-down of a contact already down, a move, lift or cancel of one that is not.
    /// (Hostile input is built as a plain array of events, not through a script.)
    /// (Hostile input is built as a plain array of events, not through a script.)
    public mutating func add(_ t: Double, _ id: Int, _ phase: TouchPhase, _ x: Double, _ y: Double,
                             file: StaticString = #file, line: UInt = #line) {
        if let last = events.last, t < last.time {
            preconditionFailure("Script: time goes back from \(last.time) s to \(t) s", file: file, line: line)
        }
        switch phase {
        case .down:
            guard down.insert(id).inserted else { preconditionFailure("Script: contact \(id) goes down at \(t) s while down", file: file, line: line) }
        case .move:
            guard down.contains(id) else { preconditionFailure("Script: contact \(id) moves at \(t) s without being down", file: file, line: line) }
        case .up, .cancel:
            guard down.remove(id) != nil else { preconditionFailure("Script: contact \(id) lifts at \(t) s without being down", file: file, line: line) }
        }
        events.append(TouchEvent(time: t, id: id, phase: phase, position: Point(x: x, y: y)))
    }
}

/// A 800 × 480 surface at 5 units/mm, as in most golden traces.
public let panel = Surface(width: 800, height: 480, unitsPerMillimeter: Point(x: 5, y: 5))
/// Eight rows of 60 units.
public let eightRows = ListLayout(rows: 8, rowHeight: 60, width: 800, height: 480)

/// Three decimals: the core's own fixed-point formatter.
public func formatted(_ v: Double) -> String { formatFixed(v, digits: 3) }

/// Transition shorthand: (time, from, to).
public func tr<S>(_ t: Double, _ from: S, _ to: S) -> Transition<S> { Transition(time: t, from: from, to: to) }

/// One line per output event: time, type, and what tells the arena's decisions apart.
public func line(_ e: GestureEvent) -> String {
    let t = formatted(e.time)
    switch e.kind {
    case .won(let r, let contact): return "\(t) won \(r.rawValue) #\(contact)"
    case .failed(let r, let why):
        let rival = why.rival.map { "(\($0.rawValue))" } ?? ""
        return "\(t) failed \(r.rawValue) \(why.kind.rawValue)\(rival)"
    case .longPress(let g): return "\(t) longPress \(g.phase.rawValue) \(g.fingers)f"
    case .pan(let g): return "\(t) pan \(g.phase.rawValue) \(formatted(g.translation.x)),\(formatted(g.translation.y))"
    case .pinch(let g): return "\(t) pinch \(g.phase.rawValue) ×\(formatted(g.scale))"
    case .rotate(let g): return "\(t) rotate \(g.phase.rawValue) \(formatted(g.angle))"
    case .swipe(let g): return "\(t) swipe \(g.direction.rawValue) \(g.fingers)f"
    case .tap(let g): return "\(t) tap \(g.taps)x\(g.fingers)f"
    case .fling(let g): return "\(t) fling \(formatted(g.millimetersPerSecond))"
    case .drag(let g): return "\(t) drag \(g.phase.rawValue) \(formatted(g.position.x)) \(g.fingers)f"
    case .follow(let g): return "\(t) follow \(g.phase.rawValue) #\(g.request) \(formatted(g.progress))\(g.end.map { " " + $0.rawValue } ?? "")"
    case .sequence(let q): return "\(t) sequence \(q.name) \(q.fingers)f"
    }
}

/// One line per list change, in the same form.
public func line(_ e: ListEvent) -> String {
    let t = formatted(e.time)
    switch e.kind {
    case .rowSwipe(let row, let side): return "\(t) rowSwipe \(row) \(side != nil)"
    case .select(let row): return "\(t) select \(row)"
    case .scroll(let offset, let momentum): return "\(t) scroll \(formatted(offset))\(momentum ? " momentum" : "")"
    case .deselect(let row): return "\(t) deselect \(row)"
    case .check(let row, let on): return "\(t) check \(row) \(on)"
    case .snap(let offset, let kind): return "\(t) snap \(formatted(offset)) \(kind.rawValue)"
    case .loadMore(let page): return "\(t) loadMore \(page)"
    case .refresh: return "\(t) refresh"
    case .page(let page, let rows): return "\(t) page \(page) \(rows.map(String.init) ?? "failed")"
    case .rowOffset(let row, let offset): return "\(t) rowOffset \(row) \(formatted(offset))"
    case .fullSwipe(let row, let side): return "\(t) fullSwipe \(row) \(side.rawValue)"
    case .rowAction(let row, let side, let index): return "\(t) rowAction \(row) \(side.rawValue) \(index)"
    case .edit(let deleted, let inserted, let moved): return "\(t) edit -\(deleted) +\(inserted) ~\(moved)"
    case .rowDeleted(let row): return "\(t) rowDeleted \(row)"
    case .rowInserted(let row): return "\(t) rowInserted \(row)"
    case .rowMoved(let from, let to): return "\(t) rowMoved \(from) \(to)"
    }
}

/// One line per controller output.
public func line(_ o: ListController.Output) -> String {
    switch o {
    case .gesture(let g): line(g)
    case .list(let l): line(l)
    }
}

/// Runs `events` through a list controller over `list`; returns it and its output.
public func replayList(_ events: [TouchEvent], surface: Surface = panel, list: ListModel,
                       settings: GestureSettings = .init(), explain: Bool = false,
                       pageSource: (any PageSource)? = nil)
    -> (controller: ListController, output: [ListController.Output]) {
    var controller = ListController(settings: settings, surface: surface, list: list)
    controller.engine.explain = explain
    controller.pageSource = pageSource
    controller.list.scrollLog.isRecording = true
    controller.list.rowSwipeLog.isRecording = true
    var out: [ListController.Output] = []
    var assembler = FrameAssembler()
    for e in events { assembler.add(e) { controller.handle($0) { out.append($0) } } }
    assembler.flush { controller.handle($0) { out.append($0) } }
    controller.finish { out.append($0) }
    return (controller, out)
}
