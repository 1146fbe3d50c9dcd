import TouchGestures

/// A C caller's touches, checked and gathered into frames: what the engine and the list share.
///
/// The Swift engine takes whatever it is given (it ignores a frame that goes back in time);
/// through C a mistake is answered with a status instead, so the checks here come first:
/// finite numbers, time that does not go back, contact ids that are down for a move, a lift
/// or a cancel (and not down for a touch-down), at most ``GestureEngine/maxContacts`` down.
struct TouchFeed: ~Copyable {
    /// How the panel is mounted: points come in its own coordinates and are turned.
    let rotation: Rotation
    /// The panel's size, in its units, before turning.
    let panelWidth: Double, panelHeight: Double
    /// The frame being gathered: its touches, in memory of the feed's own that the engine
    /// reads where it lies (no array, so no uniqueness check on every touch), and its time.
    private var events: UnsafeMutablePointer<TouchEvent>
    private var count = 0, capacity = 16
    private var frameTime = 0.0
    /// The contacts down, counting the frame being gathered.
    private var down: [Int32] = []
    /// The time of the last frame handed out (a new touch must not be earlier).
    private var lastTime = -Double.infinity

    init(rotation: Rotation, panelWidth: Double, panelHeight: Double) {
        self.rotation = rotation
        self.panelWidth = panelWidth
        self.panelHeight = panelHeight
        events = .allocate(capacity: capacity)
        down.reserveCapacity(16)
    }

    deinit { events.deallocate() }

    /// The surface the engine sees: the panel's, turned.
    static func surface(width: Double, height: Double, unitsPerMillimeterX: Double, unitsPerMillimeterY: Double,
                        rotation degrees: Int32, function: StaticString) throws(Refusal) -> (Surface, Rotation) {
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw Refusal(.invalidArgument, "\(function): width and height must be finite and above 0, found \(width) × \(height)")
        }
        guard unitsPerMillimeterX.isFinite, unitsPerMillimeterY.isFinite, unitsPerMillimeterX >= 0, unitsPerMillimeterY >= 0,
              (unitsPerMillimeterX == 0) == (unitsPerMillimeterY == 0) else {
            throw Refusal(.invalidArgument, "\(function): units per millimetre must both be above 0, or both 0 (unknown), found \(unitsPerMillimeterX) and \(unitsPerMillimeterY)")
        }
        guard let rotation = Rotation(degrees: Int(degrees)) else {
            throw Refusal(.invalidArgument, "\(function): rotation must be 0, 90, 180 or 270 degrees, found \(degrees)")
        }
        let resolution = unitsPerMillimeterX == 0 ? nil : Point(x: unitsPerMillimeterX, y: unitsPerMillimeterY)
        return (rotation.turned(Surface(width: width, height: height, unitsPerMillimeter: resolution)), rotation)
    }

    /// Adds one contact's report to the frame being gathered, or refuses it (changing nothing):
    /// a `tg_status`. This runs once per touch, so the checks are cheap tests here and every
    /// message is built out of line, in ``refusal(time:id:phase:x:y:function:)``, only when a
    /// test fails: 112 instructions a touch against 118 with the messages inline (callgrind).
    @inline(__always)
    /// The largest coordinate magnitude a touch may have, in surface units: 10⁹, a million
    /// times any panel (±1e308 made translations of infinity, written `null`).
    static let coordinateLimit = 1e9

    mutating func add(time: Double, id: Int32, phase rawPhase: Int32, x: Double, y: Double,
                      function: StaticString) -> Int32 {
        // Finite, all three, in one test: zero times a finite number is ±0, and times an
        // infinity or a NaN is NaN, which equals nothing.
        guard time * 0 + x * 0 + y * 0 == 0, abs(time) <= TouchEvent.timeLimit, abs(x) <= Self.coordinateLimit,
              abs(y) <= Self.coordinateLimit, id >= 0, UInt32(bitPattern: rawPhase) < 4,
              let phase = TouchPhase(rawValue: UInt8(truncatingIfNeeded: rawPhase)),
              time >= (count == 0 ? lastTime : frameTime) else {
            return refusal(time: time, id: id, phase: rawPhase, x: x, y: y, function: function)
        }
        let at = position(of: id)
        if phase == .down {
            guard at == nil, down.count < GestureEngine.maxContacts else {
                return refusal(time: time, id: id, phase: rawPhase, x: x, y: y, function: function)
            }
            down.append(id)
        } else {
            guard let at else { return refusal(time: time, id: id, phase: rawPhase, x: x, y: y, function: function) }
            if phase != .move { down.remove(at: at) }
        }
        let p = rotation == .none ? Point(x: x, y: y) : rotation.turn(Point(x: x, y: y), width: panelWidth, height: panelHeight)
        // Room for the next touch is made after this one is written (there is always room on
        // entry), so that no register is kept across a call on the way.
        (events + count).initialize(to: TouchEvent(time: time, id: Int(id), phase: phase, position: p))
        count &+= 1
        frameTime = time
        if count == capacity { grow() }
        return Status.ok.rawValue
    }

    /// Why ``add(time:id:phase:x:y:function:)`` refuses a touch, as a status kept with its
    /// message: the same tests in the same order, each with its own words.
    @inline(never)
    private func refusal(time: Double, id: Int32, phase rawPhase: Int32, x: Double, y: Double,
                         function: StaticString) -> Int32 {
        guard time.isFinite, x.isFinite, y.isFinite else {
            return refuse(.invalidArgument, "\(function): time, x and y must be finite numbers, found \(time), \(x), \(y)")
        }
        guard abs(time) <= TouchEvent.timeLimit else {
            return refuse(.invalidArgument, "\(function): time \(time) s is \(TouchEvent.beyondTimeLimit)")
        }
        guard abs(x) <= Self.coordinateLimit, abs(y) <= Self.coordinateLimit else {
            return refuse(.invalidArgument, "\(function): x and y must be within ±1e9 surface units, found \(x), \(y)")
        }
        guard id >= 0 else { return refuse(.invalidArgument, "\(function): contact id \(id) is negative") }
        guard (0...3).contains(rawPhase), let phase = TouchPhase(rawValue: UInt8(rawPhase)) else {
            return refuse(.invalidArgument, "\(function): phase \(rawPhase) is not a tg_touch_phase (0 down, 1 move, 2 up, 3 cancel)")
        }
        let floor = count == 0 ? lastTime : frameTime
        guard time >= floor else {
            return refuse(.timeWentBack, "\(function): time \(time) s is before the last touch's, \(floor) s")
        }
        let at = position(of: id)
        if phase == .down {
            guard at == nil else { return refuse(.unknownContact, "\(function): contact \(id) went down while it is down already") }
            return refuse(.tooManyContacts, "\(function): contact \(id) would be the \(down.count + 1)th down; the engine tracks \(GestureEngine.maxContacts)")
        }
        return refuse(.unknownContact, "\(function): contact \(id) is not down (a \(phase.name) needs a touch-down first)")
    }

    /// Where contact `id` is in ``down``, searched by hand: Array's generic `firstIndex(of:)`
    /// was not specialized here, and cost a fifth of a touch's check (callgrind).
    @inline(__always) private func position(of id: Int32) -> Int? {
        down.withUnsafeBufferPointer { ids in
            for k in 0..<ids.count where ids[k] == id { return k }
            return nil
        }
    }

    /// A frame with more reports than the memory holds (a contact reported twice in a frame):
    /// twice the room, kept from then on.
    @inline(never) private mutating func grow() {
        let bigger = UnsafeMutablePointer<TouchEvent>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: events, count: count)
        events.deallocate()
        events = bigger
        capacity *= 2
    }

    /// The frame gathered, handed to `body` (its time and its touches, valid for the call),
    /// then emptied; nothing when no touch was added.
    @inline(__always) mutating func flush(_ body: (Double, UnsafeBufferPointer<TouchEvent>) -> Void) {
        guard count > 0 else { return }
        lastTime = frameTime
        body(frameTime, UnsafeBufferPointer(start: events, count: count))
        count = 0   // TouchEvent holds no reference: nothing to deinitialize
    }

    /// A time for `advance` or an edit, checked against every time given before it: touches,
    /// frames, advances and edits alike, so that time only goes forward through the C API and
    /// the outputs come in time order. NaN and the infinities are no time (`tg_*_finish` is the
    /// end of the input).
    func check(advanceTo time: Double, function: StaticString) throws(Refusal) {
        guard time.isFinite else { throw Refusal(.invalidArgument, "\(function): time is \(time.isNaN ? "NaN" : "infinite")") }
        guard abs(time) <= TouchEvent.timeLimit else {
            throw Refusal(.invalidArgument, "\(function): time \(time) s is \(TouchEvent.beyondTimeLimit)")
        }
        let floor = count == 0 ? lastTime : frameTime
        guard time >= floor else { throw Refusal(.timeWentBack, "\(function): time \(time) s is before the last time given, \(floor) s") }
    }

    /// Time has passed to `time` (an advance or an edit): a later touch may not be earlier.
    mutating func passed(to time: Double) {
        if time > lastTime { lastTime = time }
    }

    /// The latest time given (a touch's, an advance's), or -∞ before any.
    var lastTimeGiven: Double { count == 0 ? lastTime : frameTime }

    /// The input ended: every contact was cancelled.
    mutating func finished() {
        count = 0
        down.removeAll(keepingCapacity: true)
    }
}
