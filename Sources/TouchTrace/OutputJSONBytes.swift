import TouchGestures
import TouchList

/// Writes output objects as JSON text straight into a byte buffer, in exactly the bytes
/// `JSONValue.object(jsonObject).serialized()` gives, without building the `JSONValue` first.
///
/// `replay --json` spent longer building and serializing those values (7 allocations an
/// output) than reading and recognizing together (issue 12). `OutputBytesTests` checks the two
/// paths agree on every output of the corpus.
struct JSONBytes {
    var bytes: [UInt8]
    private var first = true

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func open() {
        bytes.append(UInt8(ascii: "{"))
        first = true
    }

    mutating func close() {
        bytes.append(UInt8(ascii: "}"))
        first = false
    }

    mutating func key(_ k: StaticString) {
        if !first {
            bytes.append(UInt8(ascii: ","))
            bytes.append(UInt8(ascii: " "))
        }
        first = false
        bytes.append(UInt8(ascii: "\""))
        k.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        bytes.append(UInt8(ascii: " "))
    }

    /// As `formatJSONNumber`: integers below 10¹⁵ without a fraction, others in Swift's shortest
    /// round-trip form, non-finite values as `null`.
    mutating func number(_ n: Double) {
        guard n.isFinite else { return literal("null") }
        if n == n.rounded(), abs(n) < 1e15 {
            if n == 0 { return literal(n.sign == .minus ? "-0" : "0") }
            integer(Int64(n))
            return
        }
        var text = n.description
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func integer(_ i: Int64) {
        if i < 0 { bytes.append(UInt8(ascii: "-")) }
        var m = i.magnitude
        // At most 20 digits, written backwards into a fixed-size scratch tuple.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { scratch in
            repeat {
                scratch[count] = UInt8(ascii: "0") + UInt8(m % 10)
                m /= 10
                count += 1
            } while m > 0
            for k in stride(from: count - 1, through: 0, by: -1) { bytes.append(scratch[k]) }
        }
    }

    mutating func literal(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func bool(_ b: Bool) { literal(b ? "true" : "false") }

    /// As `writeJSONString`: `"`, `\` and control characters escaped, everything else as is.
    mutating func string(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        for u in s.utf8 {
            switch u {
            case UInt8(ascii: "\""): literal("\\\"")
            case UInt8(ascii: "\\"): literal("\\\\")
            case UInt8(ascii: "\n"): literal("\\n")
            case UInt8(ascii: "\r"): literal("\\r")
            case UInt8(ascii: "\t"): literal("\\t")
            case 0..<0x20:
                literal("\\u00")
                let hex: StaticString = "0123456789abcdef"
                hex.withUTF8Buffer { h in
                    bytes.append(h[Int(u >> 4)])
                    bytes.append(h[Int(u & 15)])
                }
            default: bytes.append(u)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func point(_ p: Point) {
        open()
        key("x"); number(p.x)
        key("y"); number(p.y)
        close()
    }
}

extension GestureEvent {
    func writeJSON(_ w: inout JSONBytes) {
        w.open()
        w.key("t"); w.number(time)
        w.key("type"); w.string(kind.type)
        switch kind {
        case .tap(let t):
            w.key("x"); w.number(t.position.x)
            w.key("y"); w.number(t.position.y)
            w.key("taps"); w.number(Double(t.taps))
            w.key("fingers"); w.number(Double(t.fingers))
        case .swipe(let s):
            w.key("direction"); w.string(s.direction.rawValue)
            w.key("fingers"); w.number(Double(s.fingers))
            w.key("start"); w.point(s.start)
            w.key("end"); w.point(s.end)
            w.key("duration"); w.number(s.duration)
            w.key("velocity"); w.point(s.velocity)
            w.key("edge")
            if let edge = s.edge { w.string(edge.rawValue) } else { w.literal("null") }
        case .longPress(let g):
            w.key("phase"); w.string(g.phase.rawValue)
            w.key("x"); w.number(g.position.x)
            w.key("y"); w.number(g.position.y)
            w.key("fingers"); w.number(Double(g.fingers))
            w.key("duration"); w.number(g.duration)
        case .pan(let g):
            w.key("phase"); w.string(g.phase.rawValue)
            w.key("x"); w.number(g.position.x)
            w.key("y"); w.number(g.position.y)
            w.key("fingers"); w.number(Double(g.fingers))
            w.key("translation"); w.point(g.translation)
            w.key("velocity")
            if let v = g.velocity { w.point(v) } else { w.literal("null") }
        case .pinch(let g):
            w.key("phase"); w.string(g.phase.rawValue)
            w.key("x"); w.number(g.focus.x)
            w.key("y"); w.number(g.focus.y)
            w.key("fingers"); w.number(Double(g.fingers))
            w.key("scale"); w.number(g.scale)
        case .rotate(let g):
            w.key("phase"); w.string(g.phase.rawValue)
            w.key("x"); w.number(g.focus.x)
            w.key("y"); w.number(g.focus.y)
            w.key("fingers"); w.number(Double(g.fingers))
            w.key("angle"); w.number(g.angle)
        case .fling(let g):
            w.key("x"); w.number(g.position.x)
            w.key("y"); w.number(g.position.y)
            w.key("fingers"); w.number(Double(g.fingers))
            w.key("velocity"); w.point(g.velocity)
            w.key("speed"); w.number(g.speed)
        case .won(let recognizer, let contact):
            w.key("recognizer"); w.string(recognizer.rawValue)
            w.key("contact"); w.number(Double(contact))
        case .failed(let recognizer, let reason):
            w.key("recognizer"); w.string(recognizer.rawValue)
            w.key("reason"); w.string(reason.kind.rawValue)
            if !reason.unit.isEmpty {
                w.key("measured"); w.number(reason.measured)
                w.key("limit"); w.number(reason.limit)
                w.key("unit"); w.string(reason.unit)
            }
            if let rival = reason.rival { w.key("rival"); w.string(rival.rawValue) }
            w.key("message"); w.string(reason.description)
        }
        w.close()
    }
}

extension ListEvent {
    func writeJSON(_ w: inout JSONBytes) {
        w.open()
        w.key("t"); w.number(time)
        w.key("type"); w.string(kind.type)
        switch kind {
        case .rowSwipe(let row, let swiped):
            w.key("row"); w.number(Double(row))
            w.key("swiped"); w.bool(swiped)
        case .select(let row), .deselect(let row):
            w.key("row"); w.number(Double(row))
        case .scroll(let offset, let momentum):
            w.key("offset"); w.number(offset)
            w.key("momentum"); w.bool(momentum)
        case .check(let row, let checked):
            w.key("row"); w.number(Double(row))
            w.key("checked"); w.bool(checked)
        case .snap(let offset, let kind):
            w.key("offset"); w.number(offset)
            w.key("to"); w.string(kind.rawValue)
        case .loadMore(let page):
            w.key("page"); w.number(Double(page))
        case .refresh:
            break
        case .page(let page, let rows):
            w.key("page"); w.number(Double(page))
            w.key("rows")
            if let rows { w.number(Double(rows)) } else { w.literal("null") }
            w.key("failed"); w.bool(rows == nil)
        }
        w.close()
    }
}

extension ListController.Output {
    /// Appends this output's line of `touchtrace replay --json` (the same text as `jsonLine`)
    /// and a newline to `bytes`: the fast path for printing many outputs.
    public func appendJSONLine(to bytes: inout [UInt8]) {
        var w = JSONBytes(bytes)
        bytes = []   // `w` holds the only reference, so appending does not copy
        switch self {
        case .gesture(let g): g.writeJSON(&w)
        case .list(let l): l.writeJSON(&w)
        }
        w.bytes.append(UInt8(ascii: "\n"))
        bytes = w.bytes
    }
}
