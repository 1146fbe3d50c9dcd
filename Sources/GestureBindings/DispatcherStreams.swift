import TouchGestures
import TouchTrace

/// Streaming bindings (`stream = true`): a command started when its gesture begins, which reads
/// the gesture's progress on its standard input while it happens and, at the lift, whether it
/// commits or cancels. The engine follows the gesture (``FollowRequest`` has its rules); the
/// bindings are its requests, one each, in the order written:
/// - a beginning gesture is matched on its kind, direction (a swipe's at the touch slop; in or
///   out, which way it turned), fingers and edge, not its distance (still to come). If the first
///   binding that matches streams, its stream begins; if it does not, no stream begins for that
///   gesture, and the first binding keeps its place.
/// - A sequence that streamed runs no binding at its lift, and no repeating step; one that ran a
///   repeating step streams no more.
/// - The threshold is the binding's `distance` in mm (a third or two thirds of the screen along a
///   swipe for `medium` and `long`), else the recognizer's own: `swipe.minDistance`,
///   `pinch.minSpanChange`, `rotate.minArc`.
extension GestureDispatcher {
    /// One line a streaming binding's command reads on its standard input: a followed
    /// gesture's report (``GestureEvent/Follow``) in six fields.
    package struct StreamLine: Sendable, Equatable {
        package enum Event: String, Sendable, CaseIterable {
            /// The first report, when the gesture begins.
            case begin
            /// A frame while it goes on.
            case update
            /// The last: it completes (lifted past its threshold, or flung toward it).
            case commit
            /// The last: it falls back (lifted short, flung back, or the touch was cancelled).
            case cancel
        }

        package var event: Event
        /// Seconds on the input's clock.
        package var time: Double
        /// The measure over the threshold: 0 at the start, 1 at the threshold.
        package var progress: Double
        /// A swipe's distance along its direction (mm), a pinch's scale, a rotation's angle (degrees).
        package var value: Double
        /// How fast the measure changes toward completion, millimeters per second.
        package var velocity: Double
        /// The fingers down (at the last report: the fingers the gesture began with).
        package var fingers: Int

        /// The line of a followed gesture's report at `time`.
        package init(_ f: GestureEvent.Follow, at time: Double) {
            event = Event(rawValue: f.streamWord) ?? .update
            (self.time, progress, value, velocity, fingers) = (time, f.progress, f.value, f.velocity, f.fingers)
        }

        /// The report as one line of six fields, one space apart, without its line end
        /// (`update 12.345 0.420 8.400 120.5 1`): what `while read -r event time progress value
        /// velocity fingers` in a shell and `line.split()` in Python take as it is.
        package var text: String {
            "\(event.rawValue) \(formatFixed(time, digits: 3)) \(formatFixed(progress, digits: 3)) \(formatFixed(value, digits: 3)) \(formatFixed(velocity, digits: 1)) \(fingers)"
        }
    }

    /// The engine's follow requests for `keys`: request k is binding k, and follows when that
    /// binding streams; none when no binding streams (the engine then pays nothing for them).
    static func followRequests(_ keys: [Key]) -> [FollowRequest] {
        guard keys.contains(where: { $0.mode == .stream }) else { return [] }
        return keys.map { key in
            let threshold: FollowRequest.Threshold = switch key.distance {
            case .atLeast(let mm): .millimeters(mm)
            case .medium: .screen(1.0 / 3)
            case .long: .screen(2.0 / 3)
            case .any, .short: .recognizer
            }
            return FollowRequest(key.gesture, threshold: threshold, follows: key.mode == .stream)
        }
    }

    /// A report of the followed gesture, fired as its binding's line.
    func streamFiring(_ f: GestureEvent.Follow, at time: Double) -> Firing {
        let g = f.gesture, fingers = g.fingers ?? f.fingers
        let edge = g.edge.screenEdge
        let cause: Firing.Cause = switch g.kind {
        case .pinch: .pinch(g.pinch ?? .out, scale: f.value, fingers: fingers)
        case .rotate: .rotate(g.turn ?? .clockwise, radians: f.value * Double.pi / 180, fingers: fingers)
        case .sequence:
            .sequenceStep(name: g.sequence.map { engine.sequences[$0].name } ?? "?", followedAction(g.sequence) ?? .lift(nil), value: f.value, fingers: fingers)
        default: .swipe(g.direction ?? .up, millimeters: f.value, fingers: fingers, edge: edge)
        }
        return Firing(time: time, binding: bindings[f.request], cause: cause, stream: StreamLine(f, at: time))
    }

    /// `--explain`: why the followed sequence `index` broke (`: step 3 (lift): …`), or that
    /// another gesture took the touch.
    func sequenceBreak(_ index: Int?) -> String {
        guard let k = index else { return "" }
        for (f, after) in engine.sequenceFailures where f.sequenceStep?.sequence == k {
            return ": \(f) at \(formatFixed(after, digits: 2)) s"
        }
        return ": another gesture took the touch"
    }

    /// The step a stream of the engine's sequence `index` follows.
    func followedAction(_ index: Int?) -> GestureSequence.Action? {
        guard let k = index, engine.sequences.indices.contains(k), let s = engine.sequences[k].followedStep else { return nil }
        return engine.sequences[k].steps[s].action
    }

    /// `--explain`: the stream that began and the binding it feeds, or why it ended as it did,
    /// in millimeters and mm/s.
    mutating func explainStream(_ f: GestureEvent.Follow, at time: Double) {
        guard explains else { return }
        let b = bindings[f.request]
        let g = f.gesture
        if f.phase == .began {
            explainedSequence = true
            pendingNearMiss = nil
            func plural(_ n: Int) -> String { n == 1 ? "1 finger" : "\(n) fingers" }
            let place = g.edge.screenEdge.map { ", from the \($0.rawValue) edge" } ?? ""
            let what = switch g.kind {
            case .pinch: "pinch \(g.pinch?.rawValue ?? "")"
            case .rotate: "rotate \(g.turn?.rawValue ?? "")"
            case .sequence:
                "sequence \(sequenceName(g.sequence)), step \((g.sequence.flatMap { engine.sequences[$0].followedStep } ?? 0) + 1) (\(followedAction(g.sequence)?.kind.rawValue ?? "?"))"
            default: "swipe \(g.direction?.rawValue ?? "")"
            }
            explanation.append("\(Self.decimalTime(time)) s: \(what) began, \(plural(f.fingers))\(place): \(b.origin) streams to \(b.command.line) (threshold \(Self.decimal(f.threshold)) mm)")
            return
        }
        guard let end = f.end else { return }
        let at = "\(Self.decimal(f.measure)) mm of \(Self.decimal(f.threshold)) mm"
        let fling = Self.decimal(Settle.flingSpeed)
        let why: String = switch end {
        case .flungToward: "commit: flung toward it at \(Self.decimal(f.velocity)) mm/s (≥ \(fling) mm/s), at \(at)"
        case .flungBack: "cancel: flung back at \(Self.decimal(-f.velocity)) mm/s (≥ \(fling) mm/s), at \(at)"
        case .reached: "commit: lifted at \(at), the threshold reached"
        case .short: "cancel: lifted at \(at), short of the threshold, at \(Self.decimal(f.velocity)) mm/s (< \(fling) mm/s: too slow for a flick to complete it)"
        case .touchCancelled: "cancel: the touch was cancelled, at \(at)"
        case .inputEnded: "cancel: the input ended with fingers down, at \(at)"
        case .sequenceBroken: "cancel: the sequence broke a step before the lift, at \(at)\(sequenceBreak(g.sequence))"
        }
        explanation.append("\(Self.decimalTime(time)) s: stream of \(b.origin) ends: \(why)")
    }

    /// The followed gesture's report: explained, and fired.
    mutating func reportStream(_ f: GestureEvent.Follow, at time: Double, fire: (Firing) -> Void) {
        explainStream(f, at: time)
        run(streamFiring(f, at: time), fire: fire)
    }

    /// Cancels the open stream, if any, as input that ends with fingers down does (the daemon
    /// exiting or reloading).
    package mutating func cancelStream(fire: (Firing) -> Void) {
        guard isStreaming else { return }
        dispatch({ $0.cancelFollowing(emit: $1) }, fire: fire, seen: { _ in })
    }
}
