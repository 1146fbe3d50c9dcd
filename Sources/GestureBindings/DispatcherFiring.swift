import TouchGestures
import TouchTrace

extension GestureDispatcher {
    /// A binding to run, and why.
    package struct Firing: Sendable {
        /// When, in seconds on the input's clock.
        package var time: Double
        package var binding: Binding
        /// What happened, kept as numbers: the words are made only when asked for (a log), so
        /// that a quiet daemon never formats a number.
        let cause: Cause
        /// For a streaming binding: the line its command reads (``StreamLine``); the begin line
        /// starts the command.
        package var stream: StreamLine? = nil
        /// True for a claim (``GestureDispatcher/claims``): the binding takes the touch sequence
        /// from here on, and runs as its own firing says (now, at the lift, or as it streams).
        /// Nothing is run for a claim itself.
        package var isClaim = false

        enum Cause: Sendable {
            case tap(taps: Int, fingers: Int, edge: ScreenEdge?)
            case longPress(fingers: Int, edge: ScreenEdge?)
            case pinch(GesturePattern.PinchWay, scale: Double, fingers: Int)
            case rotate(GesturePattern.Turn, radians: Double, fingers: Int)
            case slide(SwipeDirection, millimeters: Double, fingers: Int, edge: ScreenEdge?)
            case swipe(SwipeDirection, millimeters: Double, fingers: Int, edge: ScreenEdge?)
            case sequence(GestureEvent.Sequence)
            /// A streamed sequence's followed step, at its value now (mm, scale or degrees).
            case sequenceStep(name: String, GestureSequence.Action, value: Double, fingers: Int)
        }

        /// The gesture, in a few words (`swipe up 41 mm, 1 finger, from the bottom edge`).
        package var reason: String { Self.words(cause) }

        /// A gesture's cause in a few words.
        static func words(_ cause: Cause) -> String {
            func plural(_ n: Int) -> String { n == 1 ? "1 finger" : "\(n) fingers" }
            func place(_ edge: ScreenEdge?) -> String { edge.map { ", from the \($0.rawValue) edge" } ?? "" }
            switch cause {
            case .tap(let taps, let fingers, let edge):
                let what = taps == 1 ? "tap" : taps == 2 ? "double tap" : "\(taps) taps"
                return "\(what), \(plural(fingers))\(place(edge))"
            case .longPress(let fingers, let edge):
                return "long press, \(plural(fingers))\(place(edge))"
            case .pinch(let way, let scale, let fingers):
                return "pinch \(way.rawValue) to \(GestureDispatcher.decimal(scale))×, \(plural(fingers))"
            case .rotate(let way, let radians, let fingers):
                return "rotate \(way.rawValue) by \(GestureDispatcher.decimal(abs(radians) * 180 / Double.pi))°, \(plural(fingers))"
            case .slide(let way, let mm, let fingers, let edge):
                return "slide \(way.rawValue) \(GestureDispatcher.decimal(mm)) mm, \(plural(fingers))\(place(edge))"
            case .swipe(let way, let mm, let fingers, let edge):
                return "swipe \(way.rawValue) \(GestureDispatcher.decimal(mm)) mm, \(plural(fingers))\(place(edge))"
            case .sequence(let q):
                // Done at a lift of every finger, it has none down.
                return "sequence \(visibleText(q.name)) done in \(GestureDispatcher.decimal(q.duration)) s" + (q.fingers > 0 ? ", \(plural(q.fingers)) down" : "")
            case .sequenceStep(let name, let action, let value, let fingers):
                let step = switch action {
                case .move(let way, _, _): "move \(way.rawValue) \(GestureDispatcher.decimal(value)) mm"
                case .pinch(let way, _): "pinch \(way.rawValue) to \(GestureDispatcher.decimal(value))×"
                case .rotate(let way, _): "rotate \(way.rawValue) by \(GestureDispatcher.decimal(abs(value)))°"
                default: action.kind.rawValue
                }
                return "sequence \(visibleText(name)): \(step), \(plural(fingers))"
            }
        }
    }
}
