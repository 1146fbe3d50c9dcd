import TouchGestures

/// Writes output objects as JSON text straight into bytes, in exactly the bytes
/// `JSONValue.object(jsonObject).serialized()` gives, without building the `JSONValue` first.
///
/// `replay --json` spent longer building and serializing those values (7 allocations an
/// output) than reading and recognizing together. Both forms take their fields from
/// the one `writeFields(to:)`; `OutputBytesTests` checks they agree on every output of the corpus.
///
/// The bytes go into a ``JSONLineBuffer``'s memory through a pointer: each value makes room
/// for itself once, then stores its bytes with no further check. Appending to an `[UInt8]` a
/// byte at a time checked the array's uniqueness and capacity at every byte, a sixth of the
/// formatting thread's time (perf, 10⁷ events).
package struct JSONBytes {
    // The buffer's memory, borrowed from a `JSONLineBuffer` for one line and handed back
    // (`JSONLineBuffer.write(_:)`). No reference to the buffer itself: reading one, even an
    // unowned one, retained and released it at every value (a third of the thread's time).
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var used: Int
    private(set) var capacity: Int
    private var first = true

    fileprivate init(base: UnsafeMutablePointer<UInt8>, used: Int, capacity: Int) {
        self.base = base
        self.used = used
        self.capacity = capacity
    }

    /// Room for `n` more bytes, at the end of what is held; ``advance(_:)`` then counts those
    /// written.
    @inline(__always)
    mutating func reserve(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        if capacity - used < n { grow(to: used + n) }
        return base + used
    }

    @inline(__always)
    mutating func advance(_ n: Int) { used += n }

    @inline(__always)
    mutating func put(_ b: UInt8) {
        reserve(1)[0] = b
        used += 1
    }

    private mutating func grow(to needed: Int) {
        var c = capacity * 2
        while c < needed { c *= 2 }
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: c)
        bigger.update(from: base, count: used)
        base.deallocate()
        base = bigger
        capacity = c
    }

    mutating func open() {
        put(UInt8(ascii: "{"))
        first = true
    }

    mutating func close() {
        put(UInt8(ascii: "}"))
        first = false
    }

    mutating func key(_ k: StaticString) {
        let n = k.utf8CodeUnitCount
        let p = reserve(n + 6)
        var at = 0
        if !first {
            p[0] = UInt8(ascii: ",")
            p[1] = UInt8(ascii: " ")
            at = 2
        }
        first = false
        p[at] = UInt8(ascii: "\"")
        (p + at + 1).update(from: k.utf8Start, count: n)
        p[at + n + 1] = UInt8(ascii: "\"")
        p[at + n + 2] = UInt8(ascii: ":")
        p[at + n + 3] = UInt8(ascii: " ")
        advance(at + n + 4)
    }

    /// As `formatJSONNumber`: integers below 10¹⁵ without a fraction, others in Swift's shortest
    /// round-trip form, non-finite values as `null`.
    mutating func number(_ n: Double) {
        guard n.isFinite else { return literal("null") }
        // Whole below 10¹⁵: a truncation and a comparison (`rounded()` is a call into the C
        // library here, 2% of the formatting).
        if abs(n) < 1e15, Double(Int64(n)) == n {
            if n == 0 { return literal(n.sign == .minus ? "-0" : "0") }
            integer(Int64(n))
            return
        }
        if let micro = Self.millionths(n) {
            decimal(micro, negative: n < 0)
            return
        }
        var text = n.description
        text.withUTF8 { literalBytes($0) }
    }

    /// `|n|` × 10⁶ when that is a whole number the decimal of which reads back as `n` exactly,
    /// for 10⁻³ ≤ |n| < 10⁹; nil otherwise.
    ///
    /// Such an `n` has at most six digits after the point, and Swift's shortest round-trip form
    /// (what `description` prints) is those digits, trailing zeros dropped: within the range,
    /// half a unit in the last place of `n` is below 1.2 × 10⁻⁷, so no other decimal with six
    /// digits or fewer after the point reads back as `n`, and one with more would be longer. The
    /// check is exact: the whole number and 10⁶ are both exact doubles, and the quotient is
    /// correctly rounded. Recorded coordinates (two decimals) and times (six) take this path;
    /// what recognition computes (a translation, a velocity) most often does not, and costs one
    /// multiplication and one division more than before. `OutputBytesTests` compares it with
    /// `description` over millions of values of every shape.
    static func millionths(_ n: Double) -> Int64? {
        let a = abs(n)
        guard a >= 1e-3, a < 1e9 else { return nil }
        // Rounded half up by truncation; should that be one off, the check below fails and
        // `description` writes the number.
        let micro = Int64(a * 1e6 + 0.5)
        guard Double(micro) / 1e6 == a else { return nil }
        return micro
    }

    /// Writes `micro` / 10⁶ (not a whole number) with the point and no trailing zero.
    private mutating func decimal(_ micro: Int64, negative: Bool) {
        let whole = UInt64(micro / 1_000_000), fraction = Int(micro % 1_000_000)
        let wholeDigits = Self.digitCount(whole)
        let sign = negative ? 1 : 0
        let p = reserve(sign + wholeDigits + 7)
        if negative { p[0] = UInt8(ascii: "-") }
        Self.writeDigits(whole, count: wholeDigits, to: p + sign)
        let point = sign + wholeDigits
        p[point] = UInt8(ascii: ".")
        // Six digits, two at a time, then the trailing zeros taken back (there is at least one
        // digit that is not zero: the number is not whole).
        let pairs = Self.pairs.utf8Start
        var f = fraction
        var at = point + 5
        for _ in 0..<3 {
            let two = (f % 100) * 2
            p[at] = pairs[two]; p[at + 1] = pairs[two + 1]
            f /= 100
            at -= 2
        }
        var end = point + 7
        while p[end - 1] == UInt8(ascii: "0") { end -= 1 }
        advance(end)
    }

    /// "00" "01" … "99": two digits at a time.
    private static var pairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    private static func digitCount(_ v: UInt64) -> Int {
        var n = 1, v = v
        while v >= 10 { v /= 10; n += 1 }
        return n
    }

    /// Writes the `count` decimal digits of `v` at `p`.
    private static func writeDigits(_ v: UInt64, count: Int, to p: UnsafeMutablePointer<UInt8>) {
        var v = v, end = count
        repeat {
            end -= 1
            p[end] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
            v /= 10
        } while v > 0
    }

    mutating func integer(_ i: Int64) {
        let m = i.magnitude
        let digits = Self.digitCount(m)
        let sign = i < 0 ? 1 : 0
        let p = reserve(digits + sign)
        if i < 0 { p[0] = UInt8(ascii: "-") }
        Self.writeDigits(m, count: digits, to: p + sign)
        advance(digits + sign)
    }

    mutating func literal(_ s: StaticString) {
        literalBytes(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    private mutating func literalBytes(_ b: UnsafeBufferPointer<UInt8>) {
        guard let from = b.baseAddress, !b.isEmpty else { return }
        reserve(b.count).update(from: from, count: b.count)
        advance(b.count)
    }

    mutating func bool(_ b: Bool) { literal(b ? "true" : "false") }

    /// As `writeJSONString`: `"`, `\` and control characters escaped, everything else as is.
    mutating func string(_ s: String) {
        // Room for the worst case (every byte a control character, six bytes each) and the
        // quotes: a gesture's type, phase or direction is a few letters. (Not through
        // `withUTF8`: its closure retained the buffer at every string.)
        let utf8 = s.utf8
        let p = reserve(utf8.count * 6 + 2)
        var at = 0
        p[at] = UInt8(ascii: "\""); at += 1
        for u in utf8 {
            switch u {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                p[at] = UInt8(ascii: "\\"); p[at + 1] = u; at += 2
            case UInt8(ascii: "\n"): p[at] = UInt8(ascii: "\\"); p[at + 1] = UInt8(ascii: "n"); at += 2
            case UInt8(ascii: "\r"): p[at] = UInt8(ascii: "\\"); p[at + 1] = UInt8(ascii: "r"); at += 2
            case UInt8(ascii: "\t"): p[at] = UInt8(ascii: "\\"); p[at + 1] = UInt8(ascii: "t"); at += 2
            case 0..<0x20:
                let hex: StaticString = "0123456789abcdef"
                (p + at).update(from: ("\\u00" as StaticString).utf8Start, count: 4)
                p[at + 4] = hex.utf8Start[Int(u >> 4)]
                p[at + 5] = hex.utf8Start[Int(u & 15)]
                at += 6
            default:
                p[at] = u; at += 1
            }
        }
        p[at] = UInt8(ascii: "\""); at += 1
        advance(at)
    }

    mutating func point(_ p: Point) {
        open()
        key("x"); number(p.x)
        key("y"); number(p.y)
        close()
    }
}

extension JSONBytes: OutputFieldSink {
    package mutating func number(_ key: StaticString, _ value: Double) { self.key(key); number(value) }
    package mutating func string(_ key: StaticString, _ value: String) { self.key(key); string(value) }
    package mutating func bool(_ key: StaticString, _ value: Bool) { self.key(key); bool(value) }
    package mutating func point(_ key: StaticString, _ value: Point) { self.key(key); point(value) }
    package mutating func null(_ key: StaticString) { self.key(key); literal("null") }
}

/// Bytes of `touchtrace replay --json` output lines, made without building JSON values: the
/// fast path for printing many outputs.
///
/// Append outputs, write ``withUnsafeBytes(_:)`` out when ``count`` is large enough, then
/// ``removeAll()`` and go on; the memory is kept for the next lines. The text is the same as
/// each output's `jsonLine`, a newline after each.
///
/// Not `Sendable`: one thread writes into it at a time.
public final class JSONLineBuffer {
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var used = 0
    @exclusivity(unchecked) private var capacity: Int

    /// An empty buffer with room for `capacity` bytes before it grows.
    public init(capacity: Int = 1 << 16) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Bytes held, in bytes.
    public var count: Int { used }

    /// Appends `event`'s line and a newline.
    public func append(_ event: GestureEvent) {
        appendLine { w in event.writeFields(to: &w) }
    }

    /// Appends one output line, its fields written by `fields`, and a newline.
    @inline(__always)
    package func appendLine(_ fields: (inout JSONBytes) -> Void) {
        write { w in
            w.open()
            fields(&w)
            w.close()
            w.put(UInt8(ascii: "\n"))
        }
    }

    /// Appends `text`, a line made elsewhere, as it is, and a newline (`touchtrace view`'s page
    /// puts its own lines between the outputs).
    package func appendLine(text: String) {
        var text = text
        text.withUTF8 { bytes in
            write { w in
                let p = w.reserve(bytes.count + 1)
                if let b = bytes.baseAddress { p.update(from: b, count: bytes.count) }
                p[bytes.count] = UInt8(ascii: "\n")
                w.advance(bytes.count + 1)
            }
        }
    }

    /// Lends the memory to a writer for `body`, then takes it back, grown as it may be.
    @inline(__always)
    func write(_ body: (inout JSONBytes) -> Void) {
        var w = JSONBytes(base: base, used: used, capacity: capacity)
        body(&w)
        base = w.base
        used = w.used
        capacity = w.capacity
    }

    /// Calls `body` with the bytes held.
    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        try body(UnsafeBufferPointer(start: base, count: used))
    }

    /// Forgets the bytes held, keeping the memory.
    public func removeAll() { used = 0 }
}
