/// Every threshold the recognizers use. Distances are in millimeters, times in seconds.
///
/// Distances are converted to surface units through the ``Surface`` resolution, so the
/// defaults mean the same physical motion on any device. Each default names its source.
public struct GestureSettings: Hashable, Sendable {
    /// Swipe thresholds (see ``SwipeRecognizer``).
    public var swipe = Swipe()
    /// Tap thresholds (see ``TapRecognizer``).
    public var tap = Tap()
    /// Long-press thresholds (see ``LongPressRecognizer``).
    public var longPress = LongPress()
    /// Pan thresholds (see ``PanRecognizer``).
    public var pan = Pan()
    /// Pinch thresholds (see ``PinchRecognizer``).
    public var pinch = Pinch()
    /// Rotation thresholds (see ``RotateRecognizer``).
    public var rotate = Rotate()
    /// Fling thresholds (see ``FlingRecognizer``).
    public var fling = Fling()
    /// Which recognizers take part and how they settle conflicts (see ``ArenaSettings``).
    public var arena = ArenaSettings()
    /// How contact velocities are estimated for pans, flings and swipes' lift velocity.
    public var velocityStrategy: VelocityStrategy = .lsq2
    /// Gestures declared as steps, run as the arena's ``RecognizerName/sequence`` member (see
    /// ``GestureSequence``). None by default: the member then takes no part.
    public var sequences: [GestureSequence] = []

    /// The defaults, each with its source in its documentation.
    public init() {}

    /// The defaults with the swipe thresholds and the row-or-scroll rule of `rule`.
    public init(swipeRule rule: SwipeRule) {
        swipe = Swipe(rule: rule)
        if rule != .heading {
            pan.axisDecisionDistance = nil
            pan.axisBias = 2
        }
    }

    /// The touch slop, in millimeters: how far a finger may wander before it counts as moving.
    /// 4.7 mm is Flutter's `kTouchSlop` of 18 logical pixels at its nominal 38 logical pixels
    /// per centimeter. The tap, the long press, the pan, the pinch, the rotation and the fling
    /// all default to it, so that a press is either still a tap candidate or already moving,
    /// with no distance where it is neither.
    public static let touchSlop = 4.7

    /// Thresholds of the swipe detector ported from the original table-cell code.
    public struct Swipe: Hashable, Sendable {
        /// Minimum distance along the swipe axis, in millimeters. Default 12 mm.
        ///
        /// The original used `HORIZ_SWIPE_DRAG_MIN 12` in points (Apple's event-handling
        /// sample the article took its code from). At the first iPhone's 163 points per inch
        /// that is 1.9 mm, below the jitter of a resting fingertip, which is why such
        /// detectors fired on taps; we keep the number and read it in millimeters.
        public var minDistance: Double = 12
        /// Maximum drift across the swipe axis ("shaky fingers"), in millimeters, judged where
        /// the stroke crosses ``minDistance``; `nil` (the default, ``SwipeRule/heading``): no limit
        /// but the direction's own sector (45° either side of an axis, 22.5° with ``diagonals``).
        ///
        /// The original allowed `VERT_SWIPE_DRAG_MAX 4` points (0.6 mm at 163 ppi). Scaled with
        /// the distance it would be 4 mm; ``SwipeRule/seedMillimeters`` allows 8 mm, because a
        /// thumb swiping across a row moves in an arc, and 8 mm still keeps a 12 mm swipe within
        /// 34° of its axis. Measured on real people (Touchalytics, three people, 566 horizontal
        /// swipes, `touchtrace eval`): 2.5% of their swipes are more than 34° off the axis where
        /// they cross 12 mm (the widest 42°), so a fixed drift in millimeters loses them; in a
        /// list the arena's heading rule (``Pan/axisDecisionDistance``) is what keeps a scroll
        /// from being taken for a row swipe, not this limit.
        public var maxDrift: Double? = nil
        /// Maximum time from touch-down to the frame where the swipe is recognized, in seconds.
        /// Default 0.7 s, the original's limit (`touch.timestamp - startTouchTime < .7`).
        public var maxDuration: Double = 0.7
        /// Slowest lift that still makes a stroke slower than ``maxDuration`` a swipe, in
        /// millimeters per second along its direction; `nil` (the seed rules): none does.
        /// Default 13.2 mm/s, the fling's ``Fling/minVelocity`` (Flutter's `kMinFlingVelocity`):
        /// the stroke must end as a fling its way, as Android's `ViewPager` and `ItemTouchHelper`
        /// and Flutter's `Dismissible` take a slow drag that is flung. Such a swipe is reported at
        /// the lift, and only when it was clearly along its axis where it crossed
        /// ``minDistance`` (``SwipeRecognizer``). Measured on real people (`touchtrace eval`,
        /// Touchalytics and BioIdent): of 2,149 horizontal swipes of 13 people, 7 rest or creep
        /// before they flick and cross 12 mm only 0.75–3.53 s after the touch-down; they lift at
        /// 22.7–285.6 mm/s, so Android's `ViewPager` (400 dp/s, 64 mm/s) would keep 5 of them.
        /// Plausible 0 (any lift that still moves its way) to about 200 mm/s (Flutter's
        /// `Dismissible` asks 700 logical px/s, 184 mm/s).
        public var lateLiftVelocity: Double? = 13.2
        /// Width of the edge zones, in millimeters. Default 5 mm. A swipe whose fingers all went
        /// down within this distance of an edge is an edge swipe (``GestureEvent/Swipe/edge``),
        /// whatever its direction; within it of two edges, a corner swipe.
        /// Android's `ViewDragHelper` uses 20 dp (3.2 mm); we allow more because a panel often
        /// reports a finger sliding in from the bezel only once it is a few millimeters in.
        public var edgeZone: Double = 5
        /// Whether a swipe can go along a diagonal (up-left, up-right, down-left, down-right).
        /// Default `false`: four directions, as the original table-cell detector had, so a row
        /// swipe in a list stays horizontal. With `true` each of the eight directions owns the
        /// 45° around it, and ``minDistance`` and ``maxDrift`` (mm) are measured along and
        /// across that direction. Gesture daemons turn it on (lisgd reports eight directions).
        public var diagonals = false
        /// The axis along which the swipe listens; see ``SwipeAxis``. Default ``SwipeAxis/free``.
        public var axis: SwipeAxis = .free

        /// The defaults, each with its source in its documentation.
        public init() {}

        /// The thresholds of `rule` (``SwipeRule``); edge zone and diagonals as by default.
        public init(rule: SwipeRule) {
            switch rule {
            case .heading: break
            case .seedMillimeters:
                maxDrift = 8
                lateLiftVelocity = nil
            case .seedPoints:
                // 12 and 4 points of the first iPhone's 163 points per inch, in millimeters.
                minDistance = 12 * 25.4 / 163
                maxDrift = 4 * 25.4 / 163
                lateLiftVelocity = nil
            }
        }
    }

    /// Thresholds of single and multiple taps.
    public struct Tap: Hashable, Sendable {
        /// How far any finger may move from where it went down, in millimeters. Default
        /// ``GestureSettings/touchSlop`` (4.7 mm, Flutter's `kTouchSlop`).
        public var maxMovement: Double = touchSlop
        /// How long before the lift a finger may pass ``maxMovement`` and the press still be a
        /// tap, in seconds; `nil`: never. Default 0.1 s, the window a lift's velocity is judged
        /// over (Android's and Flutter's velocity trackers: the last 100 ms). A fingertip that
        /// rolls off the glass as it lifts slides a few millimeters in its last frames. Measured
        /// on real people (DepthTouch, 4 people, `touchtrace eval`): of 10,130 taps, 18 slid past
        /// the slop 7–58 ms before their lift (one 128 ms), 4.8–11.2 mm in all; of 162 drags,
        /// every one passed it 191 ms or more before its lift, and went 24 mm or more. A pan or
        /// a swipe that claims first still takes the touch. Plausible 0.05 to 0.15 s.
        public var liftRollTime: Double? = 0.1
        /// How far a finger that rolls as it lifts (``liftRollTime``) may go in all, in
        /// millimeters. Default 12 mm, a swipe's ``Swipe/minDistance``: a roll shorter than a
        /// swipe. Plausible 6 to 20 mm.
        public var liftRollMovement: Double = 12
        /// How long a finger that joins a press must stay down to count as one of its fingers,
        /// in seconds; `nil`: every contact counts. A contact that lands after the press's first
        /// finger and lifts sooner, while another finger still holds the press, is a one-finger
        /// tap of its own where it landed (when it moved no more than ``maxMovement``), reported
        /// as it lifts: a phone gives each touch to what is under it. It is not the second
        /// finger of a two-finger tap placed halfway between the two, over a row neither touched.
        /// Default 0.05 s: a few tens of milliseconds, the scale at which Android's
        /// `DOUBLE_TAP_MIN_TIME` (40 ms) takes a touch for a bounce rather than a deliberate
        /// one. Measured on real people (DepthTouch, 4 people): each finger of the 107 deliberate
        /// taps of two and five fingers of its multi-touch sessions stayed down 54 ms or more
        /// (each person's shortest: 54, 99, 222 and 291 ms); the three brief second contacts of
        /// its tap sessions lasted 7–41 ms, 53–59 mm from the tapping finger. Plausible 0.03 to
        /// 0.05 s.
        public var minFingerTime: Double? = 0.05
        /// Longest press that is still a tap, from first finger down to last finger up, in
        /// seconds; `nil` (the default) sets no limit. As in Flutter and GTK, a press of any
        /// length is a tap unless a long-press recognizer competes for it and claims it; with no
        /// such recognizer, a user who holds a row for 0.8 s and lets go expects it selected (the
        /// two-finger touch in the Atmel recording of the corpus is held 0.82 s). Set it (0.5 s is
        /// the long-press time of Android's `DEFAULT_LONG_PRESS_TIMEOUT` and GTK's
        /// `gtk-long-press-time`) to refuse longer presses.
        public var maxDuration: Double? = nil
        /// The gap from one tap's lift within which the next tap's touch-down must come for the
        /// two to count as one multiple tap, in seconds: a touch-down at lift + gap is too late,
        /// as the taps are reported at that time. Default 0.3 s, Android's `DOUBLE_TAP_TIMEOUT` and
        /// Flutter's `kDoubleTapTimeout`.
        public var maxGap: Double = 0.3
        /// How far a following tap may land from the first, in millimeters. Default 15.9 mm:
        /// Android's `DOUBLE_TAP_SLOP` of 100 dp at 160 dp per inch.
        public var maxSpacing: Double = 15.9
        /// The most taps counted in one multiple tap; reaching it reports at once. Default 2
        /// (double tap). A sequence shorter than this is reported when ``maxGap`` has passed.
        public var maxCount: Int = 2

        /// The defaults, each with its source in its documentation.
        public init() {}
    }

    /// Thresholds of the long press.
    public struct LongPress: Hashable, Sendable {
        /// How long the fingers must stay down, in seconds. Default 0.5 s: Android's
        /// `DEFAULT_LONG_PRESS_TIMEOUT`, GTK's `gtk-long-press-time` and UIKit's
        /// `minimumPressDuration` all use 500 ms.
        public var minDuration: Double = 0.5
        /// How far any finger may move before the press is recognized, in millimeters.
        /// Default ``GestureSettings/touchSlop`` (4.7 mm; Flutter's long press uses the same
        /// `kTouchSlop`), so that a press is either still a tap or a long-press candidate, or
        /// already a pan.
        public var maxMovement: Double = touchSlop

        /// The defaults, each with its source in its documentation.
        public init() {}
    }

    /// The directions a swipe listens for.
    ///
    /// An app that listens for left and right swipes alone (a gallery's pages, a list's row
    /// swipes, a daemon bound to left and right) has no use for a swipe up: a stroke that went up
    /// or down before it went sideways is still judged by its sideways motion, as Flutter's
    /// `HorizontalDragGestureRecognizer` counts only horizontal motion toward its slop, and a
    /// swipe up nobody listens for does not take it (as a long press nobody listens for takes no
    /// held tap). Measured on real people (BioIdent's gallery sessions, the swipe alone,
    /// `touchtrace eval`): user 78's 24 horizontal swipes, strokes that go 10–28 mm up or down
    /// before they end to one side, 75.0% with `free`, 95.8% with `horizontal`.
    public enum SwipeAxis: String, Hashable, Sendable, CaseIterable {
        /// Every direction: four, or eight with ``Swipe/diagonals``. Default.
        case free
        /// Left and right only, by the motion along x (``Swipe/diagonals`` is not used).
        case horizontal
        /// Up and down only, by the motion along y.
        case vertical
    }

    /// The axis a pan may be locked to.
    public enum PanAxis: String, Hashable, Sendable, CaseIterable {
        /// Vertical under a list controller (the list's scroll: `ListController` in `TouchList`),
        /// free otherwise. Default.
        case automatic
        /// Any direction.
        case free
        /// Only a pan that starts mostly vertically (see ``Pan/axisBias``); it then
        /// recognizes together with vertical swipes only.
        case vertical
        /// Only a pan that starts mostly horizontally.
        case horizontal
    }

    /// Thresholds of the pan (drag).
    public struct Pan: Hashable, Sendable {
        /// How far the fingers' center must move before the pan begins, in millimeters.
        /// Default ``GestureSettings/touchSlop`` (4.7 mm), the tap's slop, so that every press
        /// is either a tap candidate or a pan, with no distance where it is neither.
        public var minDistance: Double = touchSlop
        /// The axis the pan is locked to; see ``PanAxis``.
        public var axis: PanAxis = .automatic
        /// How strongly a locked pan must favor one axis to decide at its slop (a ratio, no unit).
        ///
        /// With ``axisDecisionDistance`` set (the default rule, ``SwipeRule/heading``), a pan
        /// whose movement along its axis is at least `axisBias` times the movement across it
        /// begins at the slop, one whose movement across is at least `axisBias` times the
        /// movement along fails there, and any other waits for the decision distance. Default 4
        /// (76° from the other axis), measured on real people (Touchalytics, three people,
        /// `touchtrace eval`): no horizontal swipe of theirs was steeper than 73° where it
        /// crossed the slop (two began within 2:1 of vertical and then curved away, a thumb's
        /// arc), while 79% of their vertical scrolls are steeper than 76° there and so begin at
        /// once; the rest begin at 10 mm.
        ///
        /// With ``axisDecisionDistance`` `nil` (``SwipeRule/seedMillimeters`` and
        /// ``SwipeRule/seedPoints``, which set it to 2), the pan decides at the slop: movement
        /// across the axis more than `axisBias` times the movement along it makes it fail,
        /// anything else begins. 2 is Android's `ViewPager`, which starts a horizontal drag only
        /// when `xDiff * 0.5f > yDiff`.
        public var axisBias: Double = 4
        /// Distance from touch-down, in millimeters, at which a locked pan that did not favor its
        /// axis clearly at the slop decides, by the heading of the fingers since the slop: more
        /// along the axis than across begins the pan, more across makes it fail (leaving the
        /// touch to, say, a row's swipe). Default 10 mm; `nil` decides at the slop by
        /// ``axisBias`` alone.
        ///
        /// Measured on real people (Touchalytics, three people, 434 vertical scrolls and 566
        /// horizontal swipes, `touchtrace eval`): the heading from the 4.7 mm slop to 10 mm
        /// parts them with no error (scrolls at 57° from horizontal or more, swipes at 41° or
        /// less); from the slop to 7 or 8 mm one stroke of each falls on the wrong side of 45°,
        /// and the heading from touch-down to the slop (today's rule) puts 13 on the wrong side.
        /// The first millimeters of a stroke are the finger settling, not where it goes.
        public var axisDecisionDistance: Double? = 10

        /// The defaults, each with its source in its documentation.
        public init() {}
    }

    /// Thresholds of the pinch (scale), recognized from two or more fingers.
    public struct Pinch: Hashable, Sendable {
        /// How much the distance between the fingers must change before a pinch begins, in
        /// millimeters. Default ``GestureSettings/touchSlop`` (4.7 mm).
        public var minSpanChange: Double = touchSlop

        /// The defaults, each with its source in its documentation.
        public init() {}
    }

    /// Thresholds of the rotation, recognized from two or more fingers.
    public struct Rotate: Hashable, Sendable {
        /// How far the fingers must travel around their center before a rotation begins, as an
        /// arc length in millimeters (angle × radius). Default ``GestureSettings/touchSlop``
        /// (4.7 mm): a 40 mm wide two-finger grip turns about 13.5° before it is a rotation.
        public var minArc: Double = touchSlop

        /// The defaults, each with its source in its documentation.
        public init() {}
    }

    /// Thresholds of the fling.
    public struct Fling: Hashable, Sendable {
        /// Slowest lift that is a fling, in millimeters per second. Default 13.2 mm/s:
        /// Flutter's `kMinFlingVelocity` of 50 logical pixels/s at its nominal 38 pixels per cm.
        public var minVelocity: Double = 13.2
        /// Fastest fling reported; faster lifts are clamped to it, in millimeters per second.
        /// Default 2105 mm/s: Flutter's `kMaxFlingVelocity` of 8000 logical pixels/s.
        public var maxVelocity: Double = 2105
        /// How far the finger must have travelled for its lift to be a fling, in millimeters.
        /// Default ``GestureSettings/touchSlop`` (4.7 mm; Flutter's `isFlingGesture` asks the same).
        public var minDistance: Double = touchSlop

        /// The defaults, each with its source in its documentation.
        public init() {}
    }
}

/// A named rule for swipes: the swipe's thresholds and how a list's scroll and a row's swipe
/// share a stroke (``GestureSettings/init(swipeRule:)``).
///
/// Each rule is judged where the stroke crosses a threshold, interpolated between samples, not
/// only at the samples: a panel samples every 8–20 ms, and a finger at 300 mm/s moves 6 mm
/// between two samples.
///
/// Measured on real people's strokes in a list (Touchalytics: three people, 566 horizontal
/// swipes, 434 vertical scrolls; `touchtrace eval`, BENCHMARKS.md), the share of horizontal
/// swipes recognized / of vertical scrolls taken for a row swipe: `heading` 100.0% / 0.00%,
/// `seedMillimeters` 89.9% / 0.00% (87.5% judged at samples only, as before), `seedPoints`
/// 73.7% / 1.15%.
public enum SwipeRule: String, Hashable, Sendable, CaseIterable {
    /// The default: a swipe is 12 mm along its direction within 0.7 s, in the direction's own
    /// sector (no drift limit in millimeters), or a slower stroke clearly along its axis that
    /// lifts flung its way (``GestureSettings/Swipe/lateLiftVelocity``); in a list, a stroke not 4:1 vertical or
    /// horizontal at the slop is a scroll or a row's swipe by where it heads from the slop to
    /// 10 mm (``GestureSettings/Pan/axisBias``, ``GestureSettings/Pan/axisDecisionDistance``).
    case heading
    /// The original article's thresholds read in millimeters, the default in 0.1.0: 12 mm
    /// along, at most 8 mm across, within 0.7 s (no slow swipes); the list's scroll decides at the 4.7 mm slop
    /// by a 2:1 bias (``GestureSettings/Pan/axisBias``).
    case seedMillimeters
    /// The original article's thresholds as it wrote them, in points of the first iPhone (163
    /// per inch): 12 points along (1.87 mm), at most 4 points across (0.62 mm), within 0.7 s
    /// (no slow swipes); the list's scroll as in ``seedMillimeters``.
    case seedPoints
}
