import TouchGestures

/// Turns kernel input events into touch frames: the one path that live devices and recordings
/// (evemu, libinput record) share.
///
/// - **Protocol B** (slots and tracking ids): a tracking id ≥ 0 begins a contact in the current
///   slot, `-1` ends it; the trace id of a contact is its slot index. Slot numbers outside the
///   device's range (more fingers than slots) are ignored, as the kernel does.
/// - **Protocol A** (`SYN_MT_REPORT` after each contact, no ids): contacts are matched to the
///   previous frame's by tracking id when the device sends one, else by nearest position.
/// - **Single touch** (`ABS_X`/`ABS_Y` with `BTN_TOUCH`): one contact, id 0.
///
/// A recording may start in the middle of the kernel's state: positions for a slot with no
/// known contact begin one. After `SYN_DROPPED` (the kernel's buffer overflowed) events are
/// discarded up to the next `SYN_REPORT`, where every open contact ends as cancelled, so that
/// no touch is left stuck down; fingers still on the glass begin again with their next report.
///
/// Positions are in surface units. Raw axis values are normalized by the axis range, mapped by
/// the calibration matrix when there is one (six values `a b c d e f`: `x' = a·x + b·y + c`,
/// `y' = d·x + e·y + f` on normalized coordinates, libinput's `LIBINPUT_CALIBRATION_MATRIX`
/// convention), turned by the rotation, and scaled to the surface: the axis range (width and
/// height swapped at 90° and 270°), with the device's resolution (units/mm) when it reports one.
public struct TouchDecoder: Sendable {
    /// The device the decoder reads.
    public let device: DeviceDescription
    /// How the device reports touches.
    public let touchProtocol: DeviceDescription.TouchProtocol
    /// The surface frames refer to.
    public let surface: Surface
    /// How many `SYN_DROPPED` the decoder has seen.
    public private(set) var droppedReports = 0

    private struct Slot: Sendable {
        var active = false          // a contact is down (its `down` was emitted)
        var begin = false           // a contact begins at the next report
        var end = false             // the active contact ends at the next report
        var dirty = false           // a value changed since the last report
        var x: Int32 = 0
        var y: Int32 = 0
        var pressure: Int32?
        var major: Int32?
        var minor: Int32?
        var trackingID: Int32 = -1
    }

    private var slots: [Slot]
    /// The most multitouch slots decoded: contacts on slots beyond are ignored. 256 is far
    /// above any panel's (Linux's own multitouch drivers declare up to a few dozen).
    public static let maxSlots = 256
    private var currentSlot = 0
    /// Events left out because they named a slot beyond the device's (more fingers than slots,
    /// or a recording that names slot 300 of a 10-slot device): a reader says how many.
    public private(set) var eventsOnMissingSlots = 0
    /// The slots an event changed since the last report, one bit each (4 × 64 = `maxSlots`
    /// bits): a report looks at those only, not at every slot the device declares.
    private var touched = InlineArray<4, UInt64>(repeating: 0)
    private var dropping = false
    /// From raw axis values to surface units. A value of its own, with no reference in it, so
    /// that making an event copies a few numbers and not the decoder (callgrind found a copy
    /// of the whole decoder, its arrays retained and released, at every report).
    private let mapping: Mapping
    // Protocol A: contacts reported in the current frame, and the previous frame's.
    private var pending: [Slot] = []
    private var partial = Slot()
    private var previous: [(id: Int, slot: Slot)] = []
    // Single touch.
    private var touchSeen = false
    private var frame = TouchFrame(time: 0, events: [])

    /// A decoder for `device`; `nil` when it reports no positions it can read.
    /// `calibration`: six values, or `nil`; anything but six values is refused (`nil`).
    public init?(device: DeviceDescription, rotation: Rotation = .none, calibration: [Double]? = nil) {
        guard let proto = device.touchProtocol, let axes = device.positionAxes else { return nil }
        if let c = calibration, c.count != 6 || !c.allSatisfy({ $0.isFinite }) { return nil }
        self.device = device
        self.touchProtocol = proto
        let res: Point? = axes.x.resolution > 0 && axes.y.resolution > 0
            ? Point(x: Double(axes.x.resolution), y: Double(axes.y.resolution)) : nil
        // The surface is as many units wide as the axis has values: 0…799 is 800 units, as an
        // 800-pixel panel is 800 pixels wide (positions lie in 0…799 of it). At least one unit:
        // a device whose axis has no range (minimum = maximum) still gets a surface a trace can
        // describe (importers refuse such recordings with a message).
        let w = max(Double(axes.x.maximum) - Double(axes.x.minimum) + 1, 1)
        let h = max(Double(axes.y.maximum) - Double(axes.y.minimum) + 1, 1)
        surface = rotation.turned(Surface(width: w, height: h, unitsPerMillimeter: res))
        mapping = Mapping(axes: axes, rotation: rotation, calibration: calibration, surface: surface)
        // A device may declare any slot range (a recording can say 2³¹); contacts beyond the
        // first `maxSlots` are ignored, as fingers beyond the slots a panel has are.
        slots = Array(repeating: Slot(), count: min(max(device.slotCount, 1), Self.maxSlots))
        if proto == .multitouchB, let s = device.axis(.mtSlot)?.value, s >= 0, Int(s) < slots.count {
            currentSlot = Int(s)
        }
        // Start from the axes' values when the description has them (a recording's header).
        for k in slots.indices {
            slots[k].x = axes.x.value ?? axes.x.minimum
            slots[k].y = axes.y.value ?? axes.y.minimum
        }
        frame.events.reserveCapacity(slots.count * 2)
    }

    /// Feeds one kernel event; a `SYN_REPORT` hands out the frame it completes (if it changed
    /// anything).
    public mutating func feed(_ e: InputEvent, emit: (TouchFrame) -> Void) {
        if e.type == .syn && e.code == .synDropped {
            dropping = true
            droppedReports += 1
            return
        }
        if dropping {
            if e.type == .syn && e.code == .synReport {
                dropping = false
                cancelAll(at: e.time, emit: emit)
            }
            return
        }
        switch touchProtocol {
        case .multitouchB: feedB(e, emit: emit)
        case .multitouchA: feedA(e, emit: emit)
        case .singleTouch: feedSingle(e, emit: emit)
        }
    }

    /// Ends every open contact as cancelled at `time` (end of a recording, a lost device).
    public mutating func cancelAll(at time: Double, emit: (TouchFrame) -> Void) {
        startFrame(at: time)
        for k in slots.indices where slots[k].active {
            frame.events.append(event(time, k, .cancel, slots[k]))
        }
        for (id, s) in previous { frame.events.append(event(time, id, .cancel, s)) }
        for k in slots.indices { slots[k] = Slot(x: slots[k].x, y: slots[k].y) }
        touched = .init(repeating: 0)
        previous.removeAll()
        pending.removeAll()
        partial = Slot()
        if !frame.events.isEmpty { emit(frame) }
    }

    /// Begins contacts for the slots a device reports down (protocol B), after a drop has
    /// cancelled everything: `slots` holds each such slot's index and position.
    public mutating func resume(slots state: [(slot: Int, x: Int32, y: Int32)], at time: Double,
                                emit: (TouchFrame) -> Void) {
        startFrame(at: time)
        for (k, x, y) in state where k >= 0 && k < slots.count && !slots[k].active {
            slots[k].x = x
            slots[k].y = y
            slots[k].active = true
            slots[k].begin = false
            slots[k].trackingID = Int32.max
            frame.events.append(event(time, k, .down, slots[k]))
        }
        if !frame.events.isEmpty { emit(frame) }
    }

    /// Sets where each slot (protocol B) was last reported, as the kernel keeps it
    /// (`EVIOCGMTSLOTS`): `x[k]` and `y[k]` are slot k's, in device units. The kernel leaves a
    /// coordinate out of a report when it equals the slot's last one, so a decoder that starts
    /// on a device touched before (a daemon started or reloaded later), or that lost reports to
    /// a drop, needs them: without them the next touch in that slot at the same x (or y) began
    /// at the axis minimum. Slots with an open contact keep their own.
    public mutating func setLastPositions(x: [Int32], y: [Int32]) {
        guard touchProtocol == .multitouchB else { return }
        for k in slots.indices where k < x.count && k < y.count && !slots[k].active && !slots[k].begin {
            slots[k].x = x[k]
            slots[k].y = y[k]
        }
    }

    /// Begins the frame a report (or a cancel, or a resume) makes: its time, and no event yet.
    @inline(__always) private mutating func startFrame(at time: Double) {
        frame.time = time
        frame.events.shrink(to: 0)
    }

    private func event(_ time: Double, _ id: Int, _ phase: TouchPhase, _ s: Slot) -> TouchEvent {
        TouchEvent(time: time, id: id, phase: phase,
                   position: mapping.position(s.x, s.y),
                   pressure: s.pressure.map(Double.init), major: s.major.map(Double.init), minor: s.minor.map(Double.init))
    }

    // MARK: Protocol B

    private mutating func feedB(_ e: InputEvent, emit: (TouchFrame) -> Void) {
        if e.type == .abs {
            if e.code == .mtSlot {
                currentSlot = Int(e.value)
                return
            }
            guard currentSlot >= 0 && currentSlot < slots.count else {   // more fingers than slots
                eventsOnMissingSlots += 1
                return
            }
            touched[currentSlot >> 6] |= 1 << UInt64(currentSlot & 63)
            var s = slots[currentSlot]
            switch e.code {
            case .mtTrackingID:
                if e.value < 0 {
                    if s.begin && !s.active { s.begin = false } else if s.active { s.end = true }
                    s.trackingID = -1
                } else if e.value != s.trackingID || !(s.active || s.begin) {
                    if s.active { s.end = true }
                    s.begin = true
                    s.trackingID = e.value
                }
            case .mtPositionX: s.x = e.value; s.dirty = true; startIfUnknown(&s)
            case .mtPositionY: s.y = e.value; s.dirty = true; startIfUnknown(&s)
            case .mtPressure: s.pressure = e.value; s.dirty = true
            case .mtTouchMajor: s.major = e.value; s.dirty = true
            case .mtTouchMinor: s.minor = e.value; s.dirty = true
            default: break
            }
            slots[currentSlot] = s
        } else if e.type == .syn && e.code == .synReport {
            startFrame(at: e.time)
            // Ends first, so that an id freed and reused in one report stays valid; each pass
            // in slot order. The two walks over the mask are written out: a Sequence over it
            // cost the decoder's own work a third more instructions (callgrind, release build).
            for w in 0..<touched.count {
                var bits = touched[w]
                while bits != 0 {
                    let k = w << 6 | bits.trailingZeroBitCount
                    bits &= bits - 1
                    if slots[k].end {
                        frame.events.append(event(e.time, k, .up, slots[k]))
                        slots[k].active = false
                        slots[k].end = false
                    }
                }
            }
            for w in 0..<touched.count {
                var bits = touched[w]
                touched[w] = 0
                while bits != 0 {
                    let k = w << 6 | bits.trailingZeroBitCount
                    bits &= bits - 1
                    if slots[k].begin {
                        frame.events.append(event(e.time, k, .down, slots[k]))
                        slots[k].active = true
                        slots[k].begin = false
                    } else if slots[k].active && slots[k].dirty {
                        frame.events.append(event(e.time, k, .move, slots[k]))
                    }
                    slots[k].dirty = false
                }
            }
            if !frame.events.isEmpty { emit(frame) }
        }
    }

    /// A slot reporting a position with no contact known: the recording began mid-touch.
    private func startIfUnknown(_ s: inout Slot) {
        if !s.active && !s.begin && s.trackingID < 0 { s.begin = true; s.trackingID = Int32.max }
    }

    // MARK: Protocol A

    private mutating func feedA(_ e: InputEvent, emit: (TouchFrame) -> Void) {
        if e.type == .abs {
            switch e.code {
            case .mtPositionX: partial.x = e.value; partial.dirty = true
            case .mtPositionY: partial.y = e.value; partial.dirty = true
            case .mtPressure: partial.pressure = e.value
            case .mtTouchMajor: partial.major = e.value
            case .mtTouchMinor: partial.minor = e.value
            case .mtTrackingID: partial.trackingID = e.value
            default: break
            }
        } else if e.type == .syn && e.code == .synMTReport {
            // At most `maxSlots` contacts a report, as protocol B's slots: pairing them with the
            // last report's is quadratic (10,000 contacts a report took over 100 s).
            if partial.dirty && partial.trackingID != -2 && pending.count < Self.maxSlots { pending.append(partial) }
            partial = Slot()
        } else if e.type == .syn && e.code == .synReport {
            if partial.dirty && pending.count < Self.maxSlots { pending.append(partial) }
            partial = Slot()
            startFrame(at: e.time)
            var next: [(id: Int, slot: Slot)] = []
            var unmatched = Array(pending.indices)
            var oldLeft = Array(previous.indices)
            // Pair by tracking id when the device gives one, else nearest first.
            var pairs: [(old: Int, new: Int, d: Double)] = []
            for o in oldLeft {
                for n in unmatched {
                    let a = previous[o].slot, b = pending[n]
                    if a.trackingID >= 0 || b.trackingID >= 0 {
                        if a.trackingID == b.trackingID { pairs.append((o, n, -1)) }
                    } else {
                        // In Double: the square of a 32-bit distance can overflow Int64.
                        let dx = Double(a.x) - Double(b.x), dy = Double(a.y) - Double(b.y)
                        pairs.append((o, n, dx * dx + dy * dy))
                    }
                }
            }
            pairs.sort { $0.d < $1.d }
            var usedOld = Set<Int>(), usedNew = Set<Int>()
            for p in pairs where !usedOld.contains(p.old) && !usedNew.contains(p.new) {
                usedOld.insert(p.old)
                usedNew.insert(p.new)
                next.append((previous[p.old].id, pending[p.new]))
            }
            next.sort { $0.id < $1.id }
            for (id, s) in next { frame.events.append(event(e.time, id, .move, s)) }
            oldLeft.removeAll { usedOld.contains($0) }
            unmatched.removeAll { usedNew.contains($0) }
            for o in oldLeft { frame.events.insert(event(e.time, previous[o].id, .up, previous[o].slot), at: 0) }
            for n in unmatched {
                var id = 0
                while next.contains(where: { $0.id == id }) { id += 1 }
                frame.events.append(event(e.time, id, .down, pending[n]))
                next.append((id, pending[n]))
            }
            previous = next
            pending.removeAll(keepingCapacity: true)
            if !frame.events.isEmpty { emit(frame) }
        }
    }

    // MARK: Single touch

    private mutating func feedSingle(_ e: InputEvent, emit: (TouchFrame) -> Void) {
        var s = slots[0]
        switch (e.type, e.code) {
        case (.abs, .absX): s.x = e.value; s.dirty = true
        case (.abs, .absY): s.y = e.value; s.dirty = true
        case (.abs, .absPressure): s.pressure = e.value
        case (.key, .btnTouch):
            touchSeen = true
            if e.value != 0 { if !s.active { s.begin = true } } else if s.active { s.end = true } else { s.begin = false }
        case (.syn, .synReport):
            // No BTN_TOUCH seen yet but positions arrive: the recording began mid-touch.
            if !touchSeen && s.dirty && !s.active { s.begin = true }
            startFrame(at: e.time)
            if s.end {
                frame.events.append(event(e.time, 0, .up, s))
                s.active = false
                s.end = false
            }
            if s.begin {
                frame.events.append(event(e.time, 0, .down, s))
                s.active = true
                s.begin = false
            } else if s.active && s.dirty {
                frame.events.append(event(e.time, 0, .move, s))
            }
            s.dirty = false
            slots[0] = s
            if !frame.events.isEmpty { emit(frame) }
            return
        default: break
        }
        slots[0] = s
    }
}

/// A decoder's way from raw axis values to surface units: normalized by the axis range,
/// calibrated, turned, scaled to the surface.
private struct Mapping: Sendable {
    let xMin: Int32, yMin: Int32
    /// The axes' ranges, in raw units; at least 1.
    let xRange: Double, yRange: Double
    let rotation: Rotation
    /// The calibration matrix `a b c d e f`, or `nil`: six numbers kept inline, not an array.
    let matrix: (Double, Double, Double, Double, Double, Double)?
    /// The surface's largest position, in surface units (its size less one).
    let xLast: Double, yLast: Double

    init(axes: (x: AxisInfo, y: AxisInfo), rotation: Rotation, calibration: [Double]?, surface: Surface) {
        xMin = axes.x.minimum
        yMin = axes.y.minimum
        // In Double: a 32-bit axis range can overflow Int32 (maximum − minimum).
        xRange = max(Double(axes.x.maximum) - Double(axes.x.minimum), 1)
        yRange = max(Double(axes.y.maximum) - Double(axes.y.minimum), 1)
        self.rotation = rotation
        matrix = calibration.map { ($0[0], $0[1], $0[2], $0[3], $0[4], $0[5]) }
        xLast = max(surface.width - 1, 0)
        yLast = max(surface.height - 1, 0)
    }

    /// A raw position on the surface: normalized, calibrated, rotated, scaled.
    func position(_ rx: Int32, _ ry: Int32) -> Point {
        let dx = Double(rx) - Double(xMin), dy = Double(ry) - Double(yMin)
        if rotation == .none && matrix == nil { return Point(x: dx, y: dy) }
        var x = dx / xRange, y = dy / yRange
        if let c = matrix { (x, y) = (c.0 * x + c.1 * y + c.2, c.3 * x + c.4 * y + c.5) }
        let turned = rotation.turn(Point(x: x, y: y), width: 1, height: 1)
        // Back to units: 0…1 spans the positions, 0…(width − 1).
        return Point(x: turned.x * xLast, y: turned.y * yLast)
    }
}
