import TouchGestures
import TouchList

/// Writes output objects as JSON text straight into a byte buffer, in exactly the bytes
/// `JSONValue.object(jsonObject).serialized()` gives, without building the `JSONValue` first.
///
/// `replay --json` spent longer building and serializing those values (7 allocations an
/// output) than reading and recognizing together (issue 12). Both forms take their fields from
/// the one `writeFields(to:)`; `OutputBytesTests` checks they agree on every output of the corpus.
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

extension JSONBytes: OutputFieldSink {
    mutating func number(_ key: StaticString, _ value: Double) { self.key(key); number(value) }
    mutating func string(_ key: StaticString, _ value: String) { self.key(key); string(value) }
    mutating func bool(_ key: StaticString, _ value: Bool) { self.key(key); bool(value) }
    mutating func point(_ key: StaticString, _ value: Point) { self.key(key); point(value) }
    mutating func null(_ key: StaticString) { self.key(key); literal("null") }
}

extension ListController.Output {
    /// Appends this output's line of `touchtrace replay --json` (the same text as `jsonLine`)
    /// and a newline to `bytes`: the fast path for printing many outputs.
    public func appendJSONLine(to bytes: inout [UInt8]) {
        var w = JSONBytes(bytes)
        bytes = []   // `w` holds the only reference, so appending does not copy
        w.open()
        switch self {
        case .gesture(let g): g.writeFields(to: &w)
        case .list(let l): l.writeFields(to: &w)
        }
        w.close()
        w.bytes.append(UInt8(ascii: "\n"))
        bytes = w.bytes
    }
}
