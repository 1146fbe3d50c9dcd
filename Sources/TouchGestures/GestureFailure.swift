/// Why a recognizer gave up on a touch sequence, with the measured value and the limit.
///
/// Failures are values, not strings, so recording them costs no allocation; ``description``
/// renders them for people, e.g. `cross drift 14.2 mm > 8.0 mm` or `0.82 s ≥ 0.70 s`.
public struct GestureFailure: Hashable, Sendable, CustomStringConvertible {
    /// Which limit was broken.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Movement across the swipe axis went over the drift limit (mm).
        case crossDrift
        /// The time limit passed before the gesture completed (s).
        case tooSlow
        /// The fingers lifted before the distance along the axis reached the minimum (mm).
        case tooShort
        /// A finger moved further than a tap allows (mm).
        case moved
        /// The press lasted longer than a tap allows (s).
        case heldTooLong
        /// A contact of the sequence was cancelled by the device or system.
        case cancelled
        /// The fingers lifted before the long-press time (s).
        case releasedEarly
        /// The movement never reached the distance the gesture needs (mm).
        case notEnoughMovement
        /// A locked pan started across its axis: cross / along movement over the bias (ratio).
        case offAxis
        /// The lift was slower than a fling (mm/s).
        case tooSlowToFling
        /// The lift's velocity points against where the fingers were heading at their newest
        /// samples: the angle between the two (degrees) is 90 or more, as when a fit of a
        /// stroke that slows to a stop overshoots past zero.
        case againstMotion
        /// Fewer fingers than the gesture needs were ever down together (fingers).
        case tooFewFingers
        /// More fingers than the gesture takes were down whenever it could have begun
        /// (fingers): the fewest down then, and the most it takes.
        case tooManyFingers
        /// The arena gave the sequence to ``GestureFailure/rival``.
        case rejected
        /// A recognizer this one waits for won (``GestureFailure/rival``).
        case waitedForWon
        /// A finger lifted that a sequence's step needed down: the time into the step (s).
        case lifted
        /// A sequence's finger went down outside its edge's zone: its distance from the edge,
        /// and the zone's width (mm).
        case outsideEdge
        /// A sequence's finger went down on its edge but outside the section asked for: where,
        /// as a fraction of the edge's length, and the nearer end of the section.
        case outsideSection
        /// A sequence's move went its distance the wrong way: the angle from the direction
        /// asked, and the direction's half sector (degrees).
        case wrongDirection
        /// A sequence's pinch went the other way as far as it had to go its own (mm).
        case pinchedWrongWay
        /// A sequence's rotation turned the other way as far as it had to turn its own (degrees).
        case turnedWrongWay
        /// The fingers lifted before a sequence's rotation turned its angle (degrees).
        case notEnoughTurn
        /// A following tap of a sequence's tap step landed too far from the first: the distance
        /// and ``GestureSettings/Tap/maxSpacing`` (mm).
        case tooFarApart
    }

    /// Which limit was broken.
    public var kind: Kind
    /// The value measured when the recognizer failed, in ``unit``.
    public var measured: Double
    /// The limit it was compared with, in ``unit``.
    public var limit: Double

    /// The recognizer that won, for ``Kind/rejected`` and ``Kind/waitedForWon``.
    public var rival: RecognizerName?

    /// For a declared sequence's failure, the step that broke: which sequence (its index in
    /// ``GestureSettings/sequences``), which step (0-based) and what the step does.
    public var sequenceStep: SequenceStep?

    /// A step of a declared sequence (``GestureSequence``), where it failed.
    public struct SequenceStep: Hashable, Sendable {
        /// The sequence's index in ``GestureSettings/sequences``.
        public var sequence: Int
        /// The step's index, 0-based.
        public var step: Int
        /// What the step does.
        public var action: GestureSequence.ActionKind

        /// Step `step` of sequence `sequence`, which does `action`.
        public init(sequence: Int, step: Int, action: GestureSequence.ActionKind) {
            (self.sequence, self.step, self.action) = (sequence, step, action)
        }
    }

    /// A failure of `kind`, with the value measured and the limit it broke (in ``unit``), and the winner for ``Kind/rejected`` and ``Kind/waitedForWon``.
    public init(_ kind: Kind, measured: Double = 0, limit: Double = 0, rival: RecognizerName? = nil) {
        self.kind = kind
        self.measured = measured
        self.limit = limit
        self.rival = rival
    }

    /// The unit of ``measured`` and ``limit``: `mm`, `s`, `mm/s`, `ratio`, or empty when there
    /// is no number.
    public var unit: String {
        switch kind {
        case .crossDrift, .tooShort, .moved, .notEnoughMovement, .outsideEdge, .pinchedWrongWay, .tooFarApart: "mm"
        case .tooSlow, .heldTooLong, .releasedEarly, .lifted: "s"
        case .tooSlowToFling: "mm/s"
        case .againstMotion, .wrongDirection, .turnedWrongWay, .notEnoughTurn: "°"
        case .offAxis, .outsideSection: "ratio"
        case .tooFewFingers, .tooManyFingers: "fingers"
        case .cancelled, .rejected, .waitedForWon: ""
        }
    }

    /// The value in a few words, for logs and `print`; a sequence's failure begins with its
    /// step: `step 2 (hold): moved 6.0 mm > 4.7 mm`.
    public var description: String {
        guard let at = sequenceStep else { return measure }
        return "step \(at.step + 1) (\(at.action.rawValue)): " + measure
    }

    /// The limit broken and the value measured, in a few words.
    private var measure: String {
        let seconds = unit == "s"
        // As many decimals as it takes for two different numbers to read differently (1.036
        // against 1 read "1.0 > 1.0"), up to four.
        var digits = seconds ? 2 : 1
        while digits < 4, measured != limit, formatFixed(measured, digits: digits) == formatFixed(limit, digits: digits) { digits += 1 }
        let m = formatFixed(measured, digits: digits)
        let l = formatFixed(limit, digits: digits)
        let other = rival?.rawValue ?? "another recognizer"
        switch kind {
        case .releasedEarly: return "released after \(m) s < \(l) s"
        case .notEnoughMovement: return "moved \(m) mm < \(l) mm"
        // 999 stands for "no motion along the axis at all" (a ratio with nothing to divide by).
        case .offAxis:
            if measured >= 999 { return "off axis: moved across only, none along (limit across/along \(l))" }
            return measured > limit ? "off axis: across/along \(m) > \(l)" : "off axis: across/along \(m) ≥ \(l), as far across as along (a diagonal between two directions)"
        case .tooSlowToFling: return "lift at \(m) mm/s < \(l) mm/s"
        case .againstMotion: return "against the motion at the lift: \(formatFixed(measured, digits: 0))° ≥ \(formatFixed(limit, digits: 0))°"
        case .tooFewFingers: return "\(formatFixed(measured, digits: 0)) finger(s) < \(formatFixed(limit, digits: 0))"
        case .tooManyFingers: return "\(formatFixed(measured, digits: 0)) fingers > \(formatFixed(limit, digits: 0))"
        case .rejected: return "rejected: \(other) won"
        case .waitedForWon: return "waited for \(other), which won"
        case .crossDrift: return "cross drift \(m) mm > \(l) mm"
        case .tooSlow: return "\(m) s ≥ \(l) s"
        case .tooShort: return "distance \(m) mm < \(l) mm"
        case .moved: return "moved \(m) mm > \(l) mm"
        case .heldTooLong: return "held \(m) s > \(l) s"
        case .cancelled: return "contact cancelled"
        case .lifted: return "a finger lifted \(m) s into the step"
        case .outsideEdge: return "landed \(m) mm from the edge > \(l) mm"
        case .tooFarApart: return "landed \(m) mm from the first tap > \(l) mm"
        case .outsideSection:
            return measured < limit ? "landed at \(formatFixed(measured, digits: 2)) of the edge < \(formatFixed(limit, digits: 2))"
                : "landed at \(formatFixed(measured, digits: 2)) of the edge > \(formatFixed(limit, digits: 2))"
        case .wrongDirection: return "heading \(formatFixed(measured, digits: 0))° off > \(formatFixed(limit, digits: 1))°"
        case .pinchedWrongWay: return "pinched \(m) mm the other way"
        case .turnedWrongWay: return "turned \(formatFixed(measured, digits: 0))° the other way"
        case .notEnoughTurn: return "turned \(formatFixed(measured, digits: 0))° < \(formatFixed(limit, digits: 0))°"
        }
    }
}
