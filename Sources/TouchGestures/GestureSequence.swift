/// A gesture declared as steps: "a finger on the bottom edge, held 0.4 s, then up 15 mm".
///
/// The engine runs every sequence of ``GestureSettings/sequences`` as one member of its arena
/// (``RecognizerName/sequence``): the first sequence whose last step is done claims the touch,
/// and reports ``GestureEvent/Kind/sequence(_:)``. Steps are in millimetres and seconds; a step
/// begins where the one before it ended, and its ``Step/within`` counts from there.
///
/// ```swift
/// let drawer = GestureSequence(name: "drawer", steps: [
///     .init(.touch(fingers: 1, edge: .bottom)),
///     .init(.hold(seconds: 0.4)),
///     .init(.move(.up, distance: .millimeters(15))),
/// ])
/// ```
///
/// A sequence begins with the first finger of a touch sequence (so its first step is a
/// ``Action/touch(fingers:edge:along:)`` or a ``Action/tap(fingers:taps:)``), and it may go on
/// past the last finger's lift when its next step puts fingers down again (a double tap, then a
/// hold): the gap allowed is that step's ``Step/within``, or the tap's
/// ``GestureSettings/Tap/maxGap``.
public struct GestureSequence: Hashable, Sendable {
    /// What the sequence is called: the name its reports and explanations give.
    public var name: String
    /// The steps, in order.
    public var steps: [Step]

    /// The longest name, in bytes of UTF-8 (32): a report carries its sequence's name in its
    /// own bytes.
    public static let maxNameBytes = 32

    /// A sequence called `name` made of `steps`.
    public init(name: String, steps: [Step]) {
        self.name = name
        self.steps = steps
    }

    /// One step: what the fingers do, and how soon after the step before.
    public struct Step: Hashable, Sendable {
        /// What the fingers do.
        public var action: Action
        /// The most time allowed from the previous step's end (for the first step, from the
        /// first finger down) to this step's end, in seconds; `nil`: no limit. The step must be
        /// done before that time has passed.
        public var within: Double?

        /// A step doing `action`, done within `within` seconds of the step before (`nil`: any time).
        public init(_ action: Action, within: Double? = nil) {
            self.action = action
            self.within = within
        }
    }

    /// What the fingers do in a step.
    public enum Action: Hashable, Sendable {
        /// `fingers` more fingers go down, each (when `edge` is given) in that edge's zone
        /// (``GestureSettings/Swipe/edgeZone``) and, when `along` is given, within that section
        /// of the edge: fractions of its length from its left or top end (`0.33...0.67`, its
        /// middle third). Fingers already down stay within the tap's slop meanwhile.
        case touch(fingers: Int, edge: ScreenEdge? = nil, along: ClosedRange<Double>? = nil)
        /// The fingers down stay within `tolerance` mm of where they were (`nil`: the tap's
        /// ``GestureSettings/Tap/maxMovement``) for `seconds`; none lifts and none is added.
        /// Fingers held stay held in later steps unless a step moves them.
        case hold(seconds: Double, tolerance: Double? = nil)
        /// The `fingers` group's centre moves `distance` in `direction` (judged once it has gone
        /// that far, by the direction's own sector: 45° either side, 22.5° for a diagonal).
        case move(SwipeDirection, distance: Distance, fingers: Fingers = .all)
        /// The fingers' spread (twice their mean distance from their centre) changes by
        /// `distance` mm, `in` or `out`.
        case pinch(GesturePattern.PinchWay, distance: Double)
        /// The fingers turn about their centre by `angle` degrees, the way given.
        case rotate(GesturePattern.Turn, angle: Double)
        /// `fingers` fingers go down and lift, each within the tap's slop, `taps` times (1 to 3),
        /// each next tap within the tap's ``GestureSettings/Tap/maxGap`` of the last lift and
        /// landing within its ``GestureSettings/Tap/maxSpacing`` of the first (its first finger
        /// from the first tap's first finger), as the engine's own double tap.
        case tap(fingers: Int, taps: Int = 1)
        /// `count` fingers lift; `nil`: all of them.
        case lift(Int?)
    }

    /// Which fingers a ``Action/move(_:distance:fingers:)`` moves.
    public enum Fingers: String, Hashable, Sendable, CaseIterable {
        /// Every finger down when the step begins (held ones too).
        case all
        /// Those the latest ``Action/touch(fingers:edge:along:)`` put down: others held stay held.
        case last
        /// Those the first touch put down: others held stay held.
        case first
    }

    /// How far a move goes: millimetres, or a word for three usual lengths.
    public enum Distance: Hashable, Sendable {
        /// This many millimetres.
        case millimeters(Double)
        /// 12 mm: a swipe's own ``GestureSettings/Swipe/minDistance`` (plausible 8 to 15 mm).
        case short
        /// 24 mm, twice a swipe: about a finger's width twice over (plausible 18 to 30 mm).
        case medium
        /// 48 mm, four swipes: a third of a phone's 140 to 150 mm screen height, what a user
        /// reaches with a thumb in one stroke (plausible 35 to 60 mm).
        case long

        /// The length in millimetres.
        public var millimeters: Double {
            switch self {
            case .millimeters(let mm): mm
            case .short: 12
            case .medium: 24
            case .long: 48
            }
        }
    }

    /// What is wrong with a sequence: the step (0-based; `nil` for the whole sequence), the
    /// key it is about (`steps`, `touch`, `along`, `within`, …) and what.
    public struct Problem: Hashable, Sendable, CustomStringConvertible {
        /// The step's index, 0-based; `nil` when the problem is the sequence's own.
        public var step: Int?
        /// The key it is about, as the settings files spell it.
        public var key: String
        /// What is wrong, in a few words.
        public var message: String

        /// A problem with step `step`'s `key`.
        public init(step: Int?, key: String, message: String) {
            (self.step, self.key, self.message) = (step, key, message)
        }

        /// "step 2 (hold): must be more than 0 s".
        public var description: String {
            if let step { return "step \(step + 1) (\(key)): \(message)" }
            return "\(key): \(message)"
        }
    }

    /// The step a ``FollowRequest`` that takes this sequence follows: its last
    /// ``Action/move(_:distance:fingers:)``, ``Action/pinch(_:distance:)`` or
    /// ``Action/rotate(_:angle:)``; `nil` when it has none (it cannot be followed).
    public var followedStep: Int? {
        steps.lastIndex { step in
            switch step.action {
            case .move, .pinch, .rotate: true
            case .touch, .hold, .tap, .lift: false
            }
        }
    }

    /// The first thing wrong with the sequence, or `nil` when the engine can run it: at least one
    /// step, the first putting fingers down, every number finite and in its range.
    public var problem: Problem? {
        if name.isEmpty { return Problem(step: nil, key: "name", message: "must not be empty") }
        if name.utf8.count > Self.maxNameBytes {
            return Problem(step: nil, key: "name", message: "must be at most \(Self.maxNameBytes) bytes of UTF-8, found \(name.utf8.count)")
        }
        guard let first = steps.first else { return Problem(step: nil, key: "steps", message: "must have at least one step") }
        switch first.action {
        case .touch, .tap: break
        default: return Problem(step: 0, key: first.action.key, message: "the first step must be a touch or a tap")
        }
        func positive(_ v: Double, most: Double) -> Bool { v.isFinite && v > 0 && v <= most }
        for (k, step) in steps.enumerated() {
            if let w = step.within, !positive(w, most: 3600) {
                return Problem(step: k, key: "within", message: "must be more than 0 s and at most 3600 s")
            }
            let key = step.action.key
            switch step.action {
            case .touch(let fingers, let edge, let along):
                if fingers < 1 || fingers > GestureEngine.maxContacts {
                    return Problem(step: k, key: key, message: "must be 1 to \(GestureEngine.maxContacts) fingers")
                }
                if let along {
                    guard let edge else { return Problem(step: k, key: "along", message: "needs an edge") }
                    if edge != .left, edge != .right, edge != .top, edge != .bottom {
                        return Problem(step: k, key: "along", message: "needs a side, not a corner")
                    }
                    if !(along.lowerBound >= 0 && along.upperBound <= 1 && along.lowerBound < along.upperBound) {
                        return Problem(step: k, key: "along", message: "must be [from, to] with 0 ≤ from < to ≤ 1")
                    }
                }
            case .hold(let seconds, let tolerance):
                if !positive(seconds, most: 3600) { return Problem(step: k, key: key, message: "must be more than 0 s and at most 3600 s") }
                if let t = tolerance, !positive(t, most: 1000) {
                    return Problem(step: k, key: "tolerance", message: "must be more than 0 mm and at most 1000 mm")
                }
            case .move(_, let distance, _):
                if !positive(distance.millimeters, most: 1000) {
                    return Problem(step: k, key: "distance", message: "must be more than 0 mm and at most 1000 mm")
                }
            case .pinch(_, let distance):
                if !positive(distance, most: 1000) {
                    return Problem(step: k, key: "distance", message: "must be more than 0 mm and at most 1000 mm")
                }
            case .rotate(_, let angle):
                if !positive(angle, most: 360) { return Problem(step: k, key: "angle", message: "must be more than 0° and at most 360°") }
            case .tap(let fingers, let taps):
                if fingers < 1 || fingers > GestureEngine.maxContacts {
                    return Problem(step: k, key: key, message: "must be 1 to \(GestureEngine.maxContacts) fingers")
                }
                if !(1...3).contains(taps) { return Problem(step: k, key: "taps", message: "must be 1, 2 or 3") }
            case .lift(let count):
                if let c = count, c < 1 || c > GestureEngine.maxContacts {
                    return Problem(step: k, key: key, message: "must be 1 to \(GestureEngine.maxContacts) fingers, or \"all\"")
                }
            }
        }
        return nil
    }
}

extension GestureSequence {
    /// What a step does, without its values: its key in the settings files.
    public enum ActionKind: String, Hashable, Sendable, CaseIterable {
        /// ``Action/touch(fingers:edge:along:)``.
        case touch
        /// ``Action/hold(seconds:tolerance:)``.
        case hold
        /// ``Action/move(_:distance:fingers:)``.
        case move
        /// ``Action/pinch(_:distance:)``.
        case pinch
        /// ``Action/rotate(_:angle:)``.
        case rotate
        /// ``Action/tap(fingers:taps:)``.
        case tap
        /// ``Action/lift(_:)``.
        case lift
    }
}

extension GestureSequence.Action {
    /// What the step does, without its values.
    public var kind: GestureSequence.ActionKind {
        switch self {
        case .touch: .touch
        case .hold: .hold
        case .move: .move
        case .pinch: .pinch
        case .rotate: .rotate
        case .tap: .tap
        case .lift: .lift
        }
    }

    /// The step's key, as the settings files spell it: `touch`, `hold`, `move`, `pinch`,
    /// `rotate`, `tap` or `lift`.
    public var key: String { kind.rawValue }
}
