import TouchGestures

/// Claims (``GestureDispatcher/claims``): the moment a binding takes a touch sequence, so that a
/// compositor, which gives every touch to the app under it at once, can take those touches back
/// (`wl_touch.cancel`) and give the app nothing more of them.
///
/// A touch sequence is claimed once, at the first of:
/// - a binding running while a finger of it is down: a long press, a repeating swipe's first
///   step, a streaming binding's beginning, a sequence done before its last lift;
/// - a swipe recognized (at ``GestureSettings/Swipe/minDistance``) whose binding would run if the
///   fingers lifted now: its direction, fingers and edge match and its length so far reaches the
///   binding's distance (a `long` binding claims at two thirds of the screen, not before);
/// - a pinch or a rotation whose binding would run if the fingers lifted now (in or out, which
///   way it turned, fingers, edge).
///
/// A claim is a promise the rules keep but one way: the binding runs when its firing says (a
/// swipe still at the lift), and fingers that go back before the lift (a swipe brought back under
/// its binding's distance, a pinch opened again past where it began) run nothing, as GNOME
/// Shell's and Phosh's swipes are called off by going back; the touches stay taken. A binding that runs only after the last lift (a
/// tap, a double tap, a swipe that lifted before its binding's distance) claims nothing: the app
/// had the whole touch, and gets it; the binding runs too.
extension GestureDispatcher {
    /// Fires `f`, claiming the touch sequence first when claims are asked for, none claimed it
    /// yet, and a finger of it is still down. Every binding run goes through here.
    mutating func run(_ f: Firing, fire: (Firing) -> Void) {
        if claims, !claimed, fingersDown > 0 {
            claimed = true
            var c = f
            c.isClaim = true
            c.stream = nil
            fire(c)
        }
        fire(f)
    }

    /// Claims the sequence for the binding its swipe `s` would run if every finger lifted now.
    mutating func claimSwipe(_ s: GestureEvent.Swipe, at time: Double, fire: (Firing) -> Void) {
        guard !repeated, !cancelled, !streamed else { return }
        let c = candidate(s)
        guard let b = first(c) else { return }
        claim(Firing(time: time, binding: b, cause: .swipe(s.direction, millimeters: c.length, fingers: s.fingers, edge: s.edge)), fire: fire)
    }

    /// Claims the sequence for the binding the pinch `p` would run if every finger lifted now.
    mutating func claimPinch(_ p: GestureEvent.Pinch, at time: Double, fire: (Firing) -> Void) {
        guard !claimed, !cancelled, !streamed, fingersDown > 0, p.scale != 1 else { return }
        let way: GesturePattern.PinchWay = p.scale < 1 ? .in : .out
        guard let b = first(Candidate(GesturePattern(.pinch, pinch: way, fingers: p.fingers, edge: .init(startEdge)))) else { return }
        claim(Firing(time: time, binding: b, cause: .pinch(way, scale: p.scale, fingers: p.fingers)), fire: fire)
    }

    /// Claims the sequence for the binding the rotation `r` would run if every finger lifted now.
    mutating func claimRotation(_ r: GestureEvent.Rotate, at time: Double, fire: (Firing) -> Void) {
        guard !claimed, !cancelled, !streamed, fingersDown > 0, r.angle != 0 else { return }
        let way: GesturePattern.Turn = r.angle > 0 ? .clockwise : .counterclockwise
        guard let b = first(Candidate(GesturePattern(.rotate, turn: way, fingers: r.fingers, edge: .init(startEdge)))) else { return }
        claim(Firing(time: time, binding: b, cause: .rotate(way, radians: r.angle, fingers: r.fingers)), fire: fire)
    }

    private mutating func claim(_ f: Firing, fire: (Firing) -> Void) {
        claimed = true
        var c = f
        c.isClaim = true
        fire(c)
    }

    /// The contacts down, each as a cancel at `time` where it was last: the frame that ends the
    /// input for a host that goes on after it (the daemon's input ends once).
    package func cancellingFrame(at time: Double) -> TouchFrame {
        TouchFrame(time: time, events: tracks.filter { $0.active }.map { TouchEvent(time: time, id: $0.id, phase: .cancel, position: $0.latest) })
    }
}
