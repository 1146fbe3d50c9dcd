import TouchEvdev
import TouchGestures
import TouchTrace

/// Writes a trace as an `evemu-record` file: the description of a multitouch protocol-B
/// touchscreen (`INPUT_PROP_DIRECT`) followed by the kernel events that replay the trace, so
/// that `evemu-device` and `evemu-play` can feed it to a real uinput device.
public enum EvemuExport {
    /// Slots of the exported device (contacts down at once).
    public static let slots = 10

    /// The evemu text for `trace`. Positions become whole axis units; when the resolution is
    /// known and a trace unit is coarser than 0.1 mm, the axes are scaled up (the resolution
    /// with them), so nothing a recognizer measures is lost. (With no resolution they cannot
    /// be: the importer's default density would then read every distance as longer.)
    /// evdev has no cancel: a cancelled contact is exported as lifted.
    public static func text(for trace: Trace, source: String? = nil) throws(DiagnosticError) -> String {
        let s = trace.header.surface
        let res = s.unitsPerMillimeter
        let scale = s.resolutionIsDefault ? 1 : max(1, (10 / min(res.x, res.y)).rounded(.up))
        // evdev axes are 32-bit: the scaled surface must fit, and so must the trace's span in µs.
        guard s.width * scale < 2e9, s.height * scale < 2e9 else {
            throw DiagnosticError("the surface (\(formatJSONNumber(s.width)) × \(formatJSONNumber(s.height)) units) is too large for evdev's 32-bit axes", at: SourceLocation(file: source))
        }
        guard s.resolutionIsDefault || (res.x * scale < 2e9 && res.y * scale < 2e9) else {
            throw DiagnosticError("the resolution (\(formatJSONNumber(res.x)) × \(formatJSONNumber(res.y)) units/mm) is too large for evdev's 32-bit axes", at: SourceLocation(file: source))
        }
        if let first = trace.events.first?.time, let last = trace.events.last?.time, last - first > 1e7 {
            throw DiagnosticError("the trace spans \(formatJSONNumber(last - first)) s; an evemu file can carry at most 10,000,000 s", at: SourceLocation(file: source))
        }
        /// A position as an axis value, clamped to what evdev can carry.
        func axis(_ v: Double) -> Int { Int(max(-2e9, min(2e9, (v * scale).rounded()))) }
        // The axes' maxima: a surface W units wide holds positions 0…W − 1 (an import gives W
        // back); a position on the far edge is put on the last value.
        let w = max(Int((s.width * scale).rounded(.up)) - 1, 1), h = max(Int((s.height * scale).rounded(.up)) - 1, 1)
        let rx = s.resolutionIsDefault ? 0 : Int((res.x * scale).rounded()), ry = s.resolutionIsDefault ? 0 : Int((res.y * scale).rounded())
        var out = """
            # EVEMU 1.3
            # Written by touchtrace export from a touch trace (\(trace.events.count) events).
            N: \(trace.header.device.name ?? "TouchGestures virtual touchscreen")
            I: 0003 0000 0000 0001
            P: 02 00 00 00 00 00 00 00
            B: 00 0b 00 00 00 00 00 00 00

            """
        // EV_KEY: BTN_TOUCH (330) is bit 2 of byte 41 (the sixth line of eight bytes).
        for line in 0..<12 { out += line == 5 ? "B: 01 00 04 00 00 00 00 00 00\n" : "B: 01 00 00 00 00 00 00 00 00\n" }
        out += "B: 02 00 00 00 00 00 00 00 00\n"
        // EV_ABS: X, Y, MT_SLOT (47), MT_POSITION_X/Y (53, 54), MT_TRACKING_ID (57).
        out += "B: 03 03 00 00 00 00 80 60 02\n"
        for t in ["04", "05", "11", "12", "15"] { out += "B: \(t) 00 00 00 00 00 00 00 00\n" }
        out += "A: 00 0 \(w) 0 0 \(rx)\nA: 01 0 \(h) 0 0 \(ry)\nA: 2f 0 \(slots - 1) 0 0 0\n"
        out += "A: 35 0 \(w) 0 0 \(rx)\nA: 36 0 \(h) 0 0 \(ry)\nA: 39 0 65535 0 0 0\n"

        var slotOf: [Int: Int] = [:]
        var lastXY: [Int: (Int, Int)] = [:]
        var tracking = 0
        let t0 = trace.events.first?.time ?? 0
        var assembler = FrameAssembler()
        var failure: DiagnosticError?
        func line(_ t: Double, _ type: Int, _ code: Int, _ value: Int) {
            let us = Int(((t - t0) * 1e6).rounded())
            let sec = us / 1_000_000, usec = us % 1_000_000
            out += "E: \(sec).\(String(repeating: "0", count: 6 - String(usec).count))\(usec) \(hex(type)) \(hex(code)) \(value)\n"
        }
        func emit(_ frame: TouchFrame) {
            let before = slotOf.count
            for e in frame.events {
                let x = min(axis(e.position.x), w), y = min(axis(e.position.y), h)
                switch e.phase {
                case .down:
                    guard let free = (0..<slots).first(where: { s in !slotOf.values.contains(s) }) else {
                        failure = DiagnosticError("more than \(slots) contacts down at once at t = \(e.time); the exported device has \(slots) slots", at: SourceLocation(file: source))
                        return
                    }
                    slotOf[e.id] = free
                    tracking = (tracking + 1) % 65536
                    line(frame.time, 3, 0x2f, free)
                    line(frame.time, 3, 0x39, tracking)
                    line(frame.time, 3, 0x35, x)
                    line(frame.time, 3, 0x36, y)
                    lastXY[e.id] = (x, y)
                case .move:
                    guard let slot = slotOf[e.id] else { continue }
                    let (px, py) = lastXY[e.id] ?? (-1, -1)
                    if px == x && py == y { continue }
                    line(frame.time, 3, 0x2f, slot)
                    if px != x { line(frame.time, 3, 0x35, x) }
                    if py != y { line(frame.time, 3, 0x36, y) }
                    lastXY[e.id] = (x, y)
                case .up, .cancel:
                    guard let slot = slotOf.removeValue(forKey: e.id) else { continue }
                    lastXY[e.id] = nil
                    line(frame.time, 3, 0x2f, slot)
                    line(frame.time, 3, 0x39, -1)
                }
            }
            if before == 0 && !slotOf.isEmpty { line(frame.time, 1, 0x14a, 1) }
            if before > 0 && slotOf.isEmpty { line(frame.time, 1, 0x14a, 0) }
            line(frame.time, 0, 0, 0)
        }
        for e in trace.events { assembler.add(e) { emit($0) } }
        assembler.flush { emit($0) }
        if let failure { throw failure }
        return out
    }

    private static func hex(_ v: Int) -> String {
        let h = String(v, radix: 16)
        return String(repeating: "0", count: max(0, 4 - h.count)) + h
    }
}
