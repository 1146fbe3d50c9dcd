/// A request to follow a gesture while it happens: its progress a frame at a time from the moment
/// it begins, then whether it commits or cancels at the lift, as a phone's edge gestures and
/// interactive transitions do. Given to the engine in order (``GestureEngine/followRequests``);
/// the engine reports what it follows as ``GestureEvent/Kind/follow(_:)`` events.
///
/// ```swift
/// engine.followRequests = [
///     FollowRequest(GesturePattern(.swipe, direction: .up, edge: .edge(.bottom)), threshold: .screen(1.0 / 3)),
/// ]
/// ```
///
/// The rules:
/// - A swipe is offered when the fingers' mean displacement first reaches `pan.minDistance` (the
///   touch slop): its direction is the way they moved then, its edge where every finger went down
///   (within `swipe.edgeZone`), its fingers those down. Offered once a touch sequence, whether
///   taken or not. A pinch or a rotation is offered when the engine reports it began (in or out by
///   its scale, which way by its angle). A declared sequence (``GestureSettings/sequences``) is
///   offered when its run reaches its ``GestureSequence/followedStep`` (the steps before it done),
///   as `GesturePattern(.sequence, fingers:, sequence: index)`, the fingers that step moves.
/// - The first request whose ``gesture`` takes the offer decides: if it ``follows``, the gesture
///   is followed; if not, nothing is (a request that does not follow keeps its place, as a
///   binding of the daemon that does not stream does).
/// - One gesture a touch sequence is followed at most; none after a long press, after a cancelled
///   contact, or once the caller says (``GestureEngine/stopFollowing()``) that the sequence went
///   another way.
/// - The measure, in millimeters, toward the way it began: for a swipe the mean displacement
///   along its direction of the fingers it began with; for a pinch the change of their spread (their
///   mean distance from their centre) since they went down; for a rotation the arc, angle ×
///   spread. A sequence's step is measured from where its fingers were as it began, with the
///   step's own `distance` as the threshold (a rotation: its angle's arc at the spread then; a
///   pinch's spread is twice that mean distance, as the step's). Progress is the measure over the
///   threshold: 0 where the fingers went down, 1 at it.
/// - It ends when the fingers it began with have all lifted, or the engine ends the pinch or the
///   rotation: it commits when the lift is a flick toward completion (at least 184 mm/s) or,
///   slower, past the threshold; it cancels otherwise (``GestureEvent/Follow/End``). The speed at
///   the lift is, for a swipe, its fingers' velocity toward its direction as the engine's own
///   trackers give it (the one measure its fling reports); for a pinch or a rotation, its
///   measure's. A cancelled contact cancels it; so does ``GestureEngine/finish(emit:)`` with the
///   fingers still down, and a followed sequence that breaks a step or loses the touch before its
///   step's fingers lift (``GestureEvent/Follow/End/sequenceBroken``).
public struct FollowRequest: Hashable, Sendable {
    /// Where progress is 1.
    public enum Threshold: Hashable, Sendable {
        /// The recognizer's own: `swipe.minDistance`, `pinch.minSpanChange`, `rotate.minArc`.
        case recognizer
        /// So many millimeters (held to ``FollowRequest/thresholds``).
        case millimeters(Double)
        /// This fraction of the screen's extent along a swipe's direction (`1.0 / 3`: a third of
        /// the way across); a pinch or a rotation has no such extent and takes the recognizer's own.
        case screen(Double)
    }

    /// The thresholds a request takes, in millimetres: a hundredth of a millimetre, a tenth of
    /// the smallest phone pixel (the PinePhone's 0.094 mm), to a metre, past any touchscreen.
    /// Outside it the progress read `inf` (1e-320 mm) or stayed at 0 (1e308 mm); the engine holds a
    /// threshold to it (a `nan` one is the recognizer's own).
    public static let thresholds: ClosedRange<Double> = 0.01...1000

    /// The gestures it takes: a swipe, a pinch or a rotation; each field left `nil` (or
    /// ``GesturePattern/Edge/any``) takes every value.
    public var gesture: GesturePattern
    /// Where progress is 1.
    public var threshold: Threshold
    /// Whether a gesture it takes is followed; when false, it takes the gesture so that no later
    /// request follows it.
    public var follows: Bool

    /// A request for gestures `gesture` takes, with progress 1 at `threshold`.
    public init(_ gesture: GesturePattern, threshold: Threshold = .recognizer, follows: Bool = true) {
        (self.gesture, self.threshold, self.follows) = (gesture, threshold, follows)
    }
}

