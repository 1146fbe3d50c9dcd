import TouchGestures
import TouchTrace

/// `--explain`: what the dispatcher says of each touch, made only when asked for (matching
/// itself makes no text). The rules are in ``GestureDispatcher/explains``.
extension GestureDispatcher {
    /// Where limits that the user gave in other units came from, said beside them when a near
    /// miss is explained.
    package struct LimitNotes: Sendable, Equatable {
        /// Beside a swipe too short: lisgd's `-t` (`-t 125 px at 10.6 px/mm`).
        package var swipeDistance: String?
        package init(swipeDistance: String? = nil) { self.swipeDistance = swipeDistance }
    }

    /// A repeating binding's steps in one direction, in a row: told at the sequence's end.
    struct SlideRun {
        var binding: Int
        var way: SwipeDirection
        var step: Double
        var fingers: Int
        var steps = 1
        var first: Double, last: Double
    }

    /// A step of repeating binding `binding` at `time`: the current run goes on, or a new one
    /// begins (another binding, or another direction).
    mutating func noteSlideStep(binding: Int, way: SwipeDirection, step: Double, fingers: Int, at time: Double) {
        if let k = slideRuns.indices.last, slideRuns[k].binding == binding, slideRuns[k].way == way {
            slideRuns[k].steps += 1
            slideRuns[k].last = time
        } else {
            slideRuns.append(SlideRun(binding: binding, way: way, step: step, fingers: fingers, first: time, last: time))
        }
    }

    /// The end of a sequence that ran repeating bindings: a line for each run (which binding
    /// stepped, how many times, every how many mm, from when to when), and why the last one
    /// stopped: the touch was cancelled, or the fingers lifted short of the next step.
    mutating func explainSlides(at time: Double) {
        explainedSequence = true
        for (k, run) in slideRuns.enumerated() {
            let b = bindings[run.binding]
            let times = run.steps == 1 ? "once" : "\(run.steps) times"
            let moved = Firing.words(.slide(run.way, millimeters: Double(run.steps) * run.step, fingers: run.fingers, edge: startEdge))
            var line = "\(Self.decimalTime(run.first))–\(Self.decimalTime(run.last)) s: \(moved): \(b.origin) ran \(b.command.line) \(times), "
                + "every \(Self.decimal(run.step)) mm"
            if k == slideRuns.count - 1 {
                if cancelled {
                    line += "; it stopped at \(Self.decimalTime(time)) s: the touch was cancelled (by the device or the system)"
                } else {
                    var sum = Point.zero, n = 0
                    for t in tracks { if let a = t.anchor { sum = sum + surface.millimeters(t.latest - a); n += 1 } }
                    let d = n > 0 ? sum / Double(n) : .zero
                    let rest = max(0, d.x * run.way.unitVector.x + d.y * run.way.unitVector.y)
                    line += "; it stopped at \(Self.decimalTime(time)) s: the fingers lifted \(Self.decimal(rest)) mm past the last step, short of the next"
                }
            } else {
                line += "; then \(slideRuns[k + 1].way == run.way ? "another binding" : "the fingers turned \(slideRuns[k + 1].way.rawValue)")"
            }
            explanation.append(line)
        }
    }

    /// Keeps, in words, why each sequence a binding names failed (the engine's runs, read as the
    /// sequence member fails): `sequence drawer: step 2 (hold): moved 5.4 mm > 4.7 mm at 0.12 s`.
    mutating func noteSequenceFailures() {
        let named = keys.filter { $0.gesture.kind == .sequence }.map { $0.gesture.sequence }
        guard !named.isEmpty else { return }
        sequenceFailures = engine.sequenceFailures.compactMap { f, after in
            guard let k = f.sequenceStep?.sequence, named.contains(where: { $0 == nil || $0 == k }) else { return nil }
            return "sequence \(sequenceName(k)): \(f) at \(formatFixed(after, digits: 2)) s"
        }
    }

    /// The name of the engine's sequence `index`, as `--explain` writes it (`#3` when it has none).
    func sequenceName(_ index: Int?) -> String {
        guard let index else { return "any" }
        let declared = engine.sequences
        return declared.indices.contains(index) ? visibleText(declared[index].name) : "#\(index)"
    }

    /// The near miss held since its sequence ended, now that no tap of it can come.
    mutating func tellNearMiss() {
        if let line = pendingNearMiss { explanation.append(line) }
        pendingNearMiss = nil
    }

    /// Explains a finished gesture (`what`, in words): in one line, the binding that ran, or
    /// why none did; with ``explainsEveryBinding``, each binding in order with the first reason
    /// it did not match, up to the one that ran (`ran`), or every one when none did.
    mutating func explain(_ what: @autoclosure () -> String, at time: Double, _ c: Candidate, ran: Binding?) {
        guard explains else { return }
        explainedSequence = true
        // A later gesture of a sequence that ended with none (a tap reported after its window)
        // explains it: the near miss held for it is not told.
        pendingNearMiss = nil
        let head = "\(Self.decimalTime(time)) s: \(what())"
        guard explainsEveryBinding else {
            if let ran, let k = bindings.firstIndex(of: ran) {
                explanation.append("\(head): \(bindings[k].origin) runs \(ran.command.line)")
            } else {
                explanation.append("\(head): \(whyNone(c))")
            }
            return
        }
        explanation.append(head)
        for (k, key) in keys.enumerated() {
            if let ran, bindings[k] == ran {
                explanation.append("  \(bindings[k].origin): runs \(ran.command.line)")
                return
            }
            explanation.append("  \(bindings[k].origin): " + (mismatch(key, c).map { words($0, key, c) } ?? "matches"))
        }
        explanation.append("  no binding ran")
    }

    /// Why no binding took a recognized gesture, in a few words: none of its kind (or for its
    /// number of fingers), or the binding that passed the most tests and the one it failed.
    func whyNone(_ c: Candidate) -> String {
        var nearest: (index: Int, rank: Int, mismatch: Mismatch)?
        for (k, key) in keys.enumerated() {
            guard let m = mismatch(key, c) else { continue }
            let rank = m.rank
            if rank > (nearest?.rank ?? 0) { nearest = (k, rank, m) }
        }
        let kinds = c.gesture.kind.plural
        // Nothing bound for this kind of gesture (or number of fingers): a bound gesture the
        // touch missed is what the user more likely meant (a press held too short a time).
        let missed = nearestMiss(other: c.gesture.kind).map { "; " + $0 } ?? ""
        guard let nearest else { return "no binding for \(kinds)\(missed)" }
        if case .pattern(.fingers) = nearest.mismatch { return "no binding for \(c.gesture.fingers ?? 0)-finger \(kinds)\(missed)" }
        var line = "no binding took it; nearest \(bindings[nearest.index].origin): \(words(nearest.mismatch, keys[nearest.index], c))"
        // A tap one short of a multiple tap: the tap before it, too long before (tap.maxGap went
        // unnamed, "taps 1 ≠ 2" alone).
        if case .pattern(.taps(let n)) = nearest.mismatch, n > c.gesture.taps, c.gesture.kind == .tap, previousSequenceTapped, let gap = gapBefore, gap > tapMaxGap, gap <= 3 * tapMaxGap {
            line += "; it went down \(formatFixed(gap, digits: 2)) s after the tap before it lifted, past tap.maxGap \(formatFixed(tapMaxGap, digits: 2)) s: a tap of its own"
        }
        // A bound gesture of another kind missed by little is what the user may have meant (a
        // press held a little short of a long press, with a double tap bound: it went unsaid).
        if let near = nearestMiss(other: c.gesture.kind, within: 2) { line += "; " + near }
        return line
    }

    /// A touch sequence that ended with no gesture recognized and no binding run: the gesture
    /// a binding waits for that it came nearest to, and the limit it missed. Held in
    /// ``pendingNearMiss`` until no tap of the sequence can come.
    mutating func nearMiss(at time: Double) {
        let head = "\(Self.decimalTime(time)) s: "
        if cancelled {
            pendingNearMiss = head + "touch with \(fingerWords) cancelled (by the device or the system): nothing runs for it"
            return
        }
        let sequences = sequenceFailures.isEmpty ? "" : "; " + sequenceFailures.joined(separator: "; ")
        guard let missed = nearestMiss(other: nil) else {
            let bound = Set(keys.map { $0.gesture.kind }).map { $0.plural }.sorted()
            pendingNearMiss = head + "touch with \(fingerWords): no gesture a binding waits for ("
                + (bound.isEmpty ? "none is bound" : bound.joined(separator: ", ")) + ")" + sequences + offAxis
            return
        }
        pendingNearMiss = head + missed + sequences
    }

    /// The swipe bindings the swipe's axis rules out, said beside a touch that ran nothing: they
    /// were accepted, warned of at start, and went unnamed here.
    var offAxis: String {
        let off = Binding.offAxis(bindings, axis)
        guard let first = off.first else { return "" }
        return "; [settings.swipe] axis is \"\(axis.rawValue)\": no swipe \(axis == .horizontal ? "up or down" : "left or right") is recognized, "
            + "and \(off.count == 1 ? "\(first.origin) waits" : "\(off.count) bindings wait (\(first.origin) first)") for one"
    }

    var fingerWords: String {
        let n = tracks.isEmpty ? endedFingers : tracks.count
        return n == 1 ? "1 finger" : "\(n) fingers"
    }

    /// Of the gestures a binding waits for (other than `other`), the one whose recognizer came
    /// nearest to taking the current sequence, in words with the limit it missed:
    /// `not a swipe up from the bottom edge, 1 finger: distance 11.5 mm < 11.8 mm`.
    func nearestMiss(other: GesturePattern.Kind?, within: Double = .infinity) -> String? {
        var best: (gesture: GesturePattern.Kind, failure: GestureFailure, miss: Double)?
        for (r, f) in failures where r != .sequence {  // each sequence's is said apart
            guard let g = GesturePattern.Kind(r), g != other, keys.contains(where: { $0.gesture.kind == g }),
                  let miss = f.shortfall, miss <= within else { continue }
            if miss < (best?.miss ?? .infinity) { best = (g, f, miss) }
        }
        guard let best else { return nil }
        var what: String
        switch best.gesture {
        case .swipe:
            var sum = Point.zero
            for t in tracks { sum = sum + surface.millimeters(t.latest - t.start) }
            what = "swipe" + (SwipeDirection(of: sum / Double(max(tracks.count, 1)), diagonals: diagonals, axis: axis).map { " \($0.rawValue)" } ?? "")
        case .tap: what = "tap"
        case .longPress: what = "long press"
        case .pinch: what = "pinch"
        case .rotate: what = "rotation"
        case .sequence: what = "sequence"
        }
        if let e = startEdge { what += " from the \(e.rawValue) edge" }
        let note = best.gesture == .swipe && best.failure.kind == .tooShort ? limitNotes.swipeDistance : nil
        return "not a \(what), \(fingerWords): \(best.failure)" + (note.map { " (\($0))" } ?? "")
    }

    /// `m`, the first test `key` fails for `c`, in words with the measured value and the limit.
    func words(_ m: Mismatch, _ key: Key, _ c: Candidate) -> String {
        let g = c.gesture
        switch m {
        case .gesture, .pattern(.kind):
            // A sequence binding passed over for another gesture: the step its sequence failed.
            if key.gesture.kind == .sequence, key.gesture.sequence != nil,
               let why = sequenceFailures.first(where: { $0.hasPrefix("sequence \(sequenceName(key.gesture.sequence)): ") }) {
                return "gesture \(g.kind.rawValue) ≠ sequence: \(why)"
            }
            return "gesture \(g.kind.rawValue) ≠ \(key.gesture.kind.rawValue)"
        case .repeating: return "repeats while the fingers move (mode P), not at the end"
        case .streams: return "streams while its gesture happens, and its stream did not begin in this touch"
        case .pattern(.fingers(let f)): return "fingers \(g.fingers ?? 0) ≠ \(f)"
        case .pattern(.direction(let d)): return "direction \(g.direction?.rawValue ?? "none") ≠ \(d.rawValue)"
        case .pattern(.taps(let n)): return "taps \(g.taps) ≠ \(n)"
        case .pattern(.pinch(let p)): return "pinch \(g.pinch?.rawValue ?? "none") ≠ \(p.rawValue)"
        case .pattern(.turn(let t)): return "turn \(g.turn?.rawValue ?? "none") ≠ \(t.rawValue)"
        case .pattern(.sequence(let k)): return "sequence \(sequenceName(g.sequence)) ≠ \(sequenceName(k))"
        case .pattern(.edge): return edgeReason(key.gesture.edge, g.edge.screenEdge)
        case .distance:
            let need: (String, Double) = switch key.distance {
            case .medium: ("medium", c.extent / 3)
            case .long: ("long", c.extent * 2 / 3)
            case .atLeast(let mm): ("\(Self.decimal(mm)) mm", mm)
            case .any, .short: ("any", 0)
            }
            return "distance \(Self.decimal(c.length)) mm < \(need.0): \(Self.decimal(need.1)) mm of \(Self.decimal(c.extent)) mm"
        }
    }

    /// Why a gesture whose fingers started in `edge` is not from `wanted`: where the farthest
    /// finger went down, measured from the edge (or edges) asked for, against the zone's width.
    func edgeReason(_ wanted: GesturePattern.Edge, _ edge: ScreenEdge?) -> String {
        let found = edge?.rawValue ?? "none"
        guard case .edge(let e) = wanted else { return "edge \(found), not none" }
        let far = surface.millimeters(Point(x: surface.width, y: surface.height))
        func distance(_ side: ScreenEdge) -> Double {
            var most = 0.0
            for t in tracks {
                let q = surface.millimeters(t.start)
                let d: Double = switch side {
                case .left: q.x
                case .right: far.x - q.x
                case .top: q.y
                default: far.y - q.y
                }
                most = max(most, d)
            }
            return most
        }
        let sides: [ScreenEdge] = switch e {
        case .topLeft: [.top, .left]
        case .topRight: [.top, .right]
        case .bottomLeft: [.bottom, .left]
        case .bottomRight: [.bottom, .right]
        default: [e]
        }
        let beyond = sides.filter { distance($0) > edgeZone }
        guard let side = beyond.first else {
            // Inside the wanted edge's zone as well: zones wider than half the screen overlap,
            // and the touch was given to the other edge. Saying "> zone" here was false.
            let within = sides.map { "\(Self.decimal(distance($0))) mm from the \($0.rawValue)" }.joined(separator: ", ")
            return "edge \(found) ≠ \(e.rawValue): started \(within), inside its \(Self.decimal(edgeZone)) mm zone too; "
                + "the zones overlap (each \(Self.decimal(edgeZone)) mm on a \(Self.decimal(far.x)) × \(Self.decimal(far.y)) mm screen) and the \(found) edge took it"
        }
        return "edge \(found) ≠ \(e.rawValue): started \(Self.decimal(distance(side))) mm from the \(side.rawValue) > \(Self.decimal(edgeZone)) mm"
    }
}

extension GesturePattern.Kind {
    /// The gesture's name in the plural, for "no binding for taps".
    var plural: String {
        switch self {
        case .tap: "taps"
        case .swipe: "swipes"
        case .longPress: "long presses"
        case .pinch: "pinches"
        case .rotate: "rotations"
        case .sequence: "sequences"
        }
    }
}

extension GestureFailure {
    /// How far the measured value is from passing, as a ratio of at least 1 (the limit over
    /// the value where the value had to reach it, the value over the limit where it had to
    /// stay under it): the smallest is the nearest miss. `nil` for a failure with no number.
    var shortfall: Double? {
        switch kind {
        case .tooShort, .releasedEarly, .notEnoughMovement, .tooFewFingers, .tooSlowToFling, .notEnoughTurn:
            return measured > 0 ? limit / measured : .infinity
        case .crossDrift, .tooSlow, .moved, .heldTooLong, .offAxis, .againstMotion, .tooManyFingers, .outsideEdge,
             .wrongDirection, .tooFarApart:
            return limit > 0 ? measured / limit : .infinity
        case .cancelled, .rejected, .waitedForWon, .lifted, .outsideSection, .pinchedWrongWay, .turnedWrongWay:
            return nil
        }
    }
}
