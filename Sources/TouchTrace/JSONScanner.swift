internal import CPlatform
import CJSONStructure
import TouchGestures

/// A syntax or shape error found while scanning, at a byte offset of the scanned text.
struct ScanError: Error {
    /// Byte offset into the scanned text.
    var offset: Int
    var message: String
    /// True when the text ended before the value did (a cut-off line).
    var atEndOfInput: Bool
}

/// A strict JSON scanner over UTF-8 bytes (RFC 8259), with a fast path for trace events.
///
/// It allocates nothing while scanning an event with the usual keys; generic values (the
/// header) are built as ``JSONValue``. Nesting is limited to ``maxDepth`` so that no input can
/// exhaust the stack.
struct JSONScanner {
    let base: UnsafePointer<UInt8>
    let end: Int
    var i: Int
    /// Where the first key seen twice in the last event parsed is, and which (an index into
    /// ``eventKeys``): the readers report it as an error (a trace gives each key once).
    var duplicateKey: (offset: Int, which: Int)?

    static let maxDepth = 200

    init(_ base: UnsafePointer<UInt8>, count: Int, offset: Int = 0) {
        self.base = base
        self.end = count
        self.i = offset
    }

    @inline(__always) var atEnd: Bool { i >= end }
    @inline(__always) func peek() -> UInt8 { i < end ? base[i] : 0 }

    @inline(__always) mutating func skipWhitespace() {
        // Every whitespace byte is ≤ 0x20, so one comparison settles the usual case.
        while i < end {
            let c = base[i]
            if c > 0x20 { return }
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { i += 1 } else { return }
        }
    }

    /// Eight bytes from `k` as a little-endian word; the caller makes sure they exist.
    @inline(__always) func word(at k: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self))
    }

    /// "end of input" or the character at the cursor, for "expected …, found …" messages.
    func found() -> String {
        guard i < end else { return "end of input" }
        let c = base[i]
        if c >= 0x21 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
        if c == 0x20 { return "a space" }
        if c == 0x0A { return "a line break" }
        return "byte 0x" + String(c, radix: 16, uppercase: true)
    }

    func error(_ expected: String) -> ScanError {
        ScanError(offset: i, message: "expected \(expected), found \(found())", atEndOfInput: i >= end)
    }

    @inline(__always)
    mutating func expect(_ byte: UInt8, _ what: StaticString) throws(ScanError) {
        skipWhitespace()
        guard i < end, base[i] == byte else { throw error("\(what)") }
        i += 1
    }

    // MARK: Generic values

    mutating func parseValue(depth: Int = 0) throws(ScanError) -> JSONValue {
        skipWhitespace()
        guard i < end else { throw error("a value") }
        switch base[i] {
        case UInt8(ascii: "{"):
            guard depth < JSONScanner.maxDepth else {
                throw ScanError(offset: i, message: "nesting deeper than \(JSONScanner.maxDepth) levels", atEndOfInput: false)
            }
            i += 1
            var members: [JSONObject.Member] = []
            skipWhitespace()
            if peek() == UInt8(ascii: "}") { i += 1; return .object(JSONObject(members)) }
            while true {
                skipWhitespace()
                guard peek() == UInt8(ascii: "\"") else { throw error("a member name in double quotes") }
                let key = try parseString()
                try expect(UInt8(ascii: ":"), "':' after a member name")
                let value = try parseValue(depth: depth + 1)
                members.append(JSONObject.Member(key, value))
                skipWhitespace()
                guard i < end else { throw error("',' or '}'") }
                if base[i] == UInt8(ascii: ",") { i += 1; continue }
                if base[i] == UInt8(ascii: "}") { i += 1; return .object(JSONObject(members)) }
                throw error("',' or '}' after an object member")
            }
        case UInt8(ascii: "["):
            guard depth < JSONScanner.maxDepth else {
                throw ScanError(offset: i, message: "nesting deeper than \(JSONScanner.maxDepth) levels", atEndOfInput: false)
            }
            i += 1
            var items: [JSONValue] = []
            skipWhitespace()
            if peek() == UInt8(ascii: "]") { i += 1; return .array(items) }
            while true {
                items.append(try parseValue(depth: depth + 1))
                skipWhitespace()
                guard i < end else { throw error("',' or ']'") }
                if base[i] == UInt8(ascii: ",") { i += 1; continue }
                if base[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                throw error("',' or ']' after an array element")
            }
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "t"):
            try literal("true"); return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false"); return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null"); return .null
        default:
            return .number(try parseNumber())
        }
    }

    mutating func literal(_ word: StaticString) throws(ScanError) {
        let start = i
        let p = word.utf8Start
        for k in 0..<word.utf8CodeUnitCount {
            guard i < end, base[i] == p[k] else {
                let e = error("'\(word)'")
                i = start
                throw ScanError(offset: e.offset, message: e.message, atEndOfInput: e.atEndOfInput)
            }
            i += 1
        }
    }

    /// Skips one value, checking its syntax, without building it.
    mutating func skipValue(depth: Int = 0) throws(ScanError) {
        skipWhitespace()
        guard i < end else { throw error("a value") }
        switch base[i] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            _ = try parseValue(depth: depth)
        case UInt8(ascii: "\""):
            try skipString()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: _ = try parseNumber()
        }
    }

    /// Skips the array at the cursor by its square brackets and strings alone, without checking
    /// what is between them (in valid JSON square brackets balance by themselves; whoever reads
    /// the array later checks it); false (the cursor at the end) when they do not close before
    /// the end or nest deeper than ``maxDepth``. The scan goes `chunk` bytes at a time
    /// (256 KiB), telling `progress` after each how far it has gone (a byte offset), so that a
    /// caller can let go of what is behind. The scan itself is `json_skip_brackets`, in C for
    /// the 16-byte comparisons that find quotes and brackets 64 bytes at a time.
    mutating func skipBrackets(chunk: Int = 1 << 18, progress: (Int) -> Void) -> Bool {
        var state = json_bracket_state()
        var k = i
        while k < end {
            let stop = min(end, k + max(chunk, 1))
            let r = json_skip_brackets(base, k, stop, &state, JSONScanner.maxDepth)
            if r >= 0 { i = r; return true }
            if r == -2 { break }
            k = stop
            progress(k)
        }
        i = end
        return false
    }

    // MARK: Strings

    /// Skips a string, checking it; returns true when it held an escape.
    @discardableResult
    mutating func skipString() throws(ScanError) -> Bool {
        i += 1 // opening quote
        var escaped = false
        while i < end {
            let c = base[i]
            if c == UInt8(ascii: "\"") { i += 1; return escaped }
            if c == UInt8(ascii: "\\") {
                escaped = true
                i += 1
                guard i < end else { break }
                switch base[i] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                     UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    i += 1
                case UInt8(ascii: "u"):
                    i += 1
                    for _ in 0..<4 {
                        guard i < end else { throw error("four hex digits after \\u") }
                        guard hexValue(base[i]) != nil else { throw error("a hex digit in a \\u escape") }
                        i += 1
                    }
                default:
                    throw error("an escape character (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u)")
                }
                continue
            }
            if c < 0x20 { throw error("a character in a string (control characters must be escaped)") }
            if c >= 0x80 {
                let n = utf8SequenceLength(at: i)
                guard n > 0 else {
                    throw ScanError(offset: i, message: "invalid UTF-8 in a string", atEndOfInput: false)
                }
                i += n
                continue
            }
            i += 1
        }
        throw error("'\"' to close the string")
    }

    /// Length of the valid UTF-8 sequence starting at `k` (a byte ≥ 0x80), or 0 if invalid.
    func utf8SequenceLength(at k: Int) -> Int {
        let c = base[k]
        var n = 0
        var lo: UInt8 = 0x80, hi: UInt8 = 0xBF
        switch c {
        case 0xC2...0xDF: n = 2
        case 0xE0: n = 3; lo = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: n = 3
        case 0xED: n = 3; hi = 0x9F
        case 0xF0: n = 4; lo = 0x90
        case 0xF1...0xF3: n = 4
        case 0xF4: n = 4; hi = 0x8F
        default: return 0
        }
        guard k + n <= end else { return 0 }
        let b1 = base[k + 1]
        guard b1 >= lo && b1 <= hi else { return 0 }
        for j in 2..<n where base[k + j] & 0xC0 != 0x80 { return 0 }
        return n
    }

    mutating func parseString() throws(ScanError) -> String {
        let start = i + 1
        let escaped = try skipString()
        let raw = UnsafeBufferPointer(start: base + start, count: i - 1 - start)
        if !escaped { return String(decoding: raw, as: UTF8.self) }
        // Decode escapes.
        var scalars = String.UnicodeScalarView()
        var k = 0
        var bytes: [UInt8] = []
        func flush() {
            if !bytes.isEmpty {
                scalars.append(contentsOf: String(decoding: bytes, as: UTF8.self).unicodeScalars)
                bytes.removeAll(keepingCapacity: true)
            }
        }
        while k < raw.count {
            let c = raw[k]
            if c != UInt8(ascii: "\\") { bytes.append(c); k += 1; continue }
            flush()
            let e = raw[k + 1]
            k += 2
            switch e {
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var v: UInt32 = 0
                for j in 0..<4 { v = v << 4 | UInt32(hexValue(raw[k + j])!) }
                k += 4
                if v >= 0xD800 && v < 0xDC00, k + 5 < raw.count, raw[k] == UInt8(ascii: "\\"), raw[k + 1] == UInt8(ascii: "u") {
                    var lo: UInt32 = 0
                    for j in 0..<4 { lo = lo << 4 | UInt32(hexValue(raw[k + 2 + j])!) }
                    if lo >= 0xDC00 && lo < 0xE000 {
                        k += 6
                        v = 0x10000 + ((v - 0xD800) << 10) + (lo - 0xDC00)
                    }
                }
                guard let scalar = Unicode.Scalar(v) else {
                    // A surrogate with no partner is no character: silently made U+FFFD before.
                    let hex = String(v, radix: 16)
                    throw ScanError(offset: start + k - 6, message: "expected a character, found a lone UTF-16 surrogate \\u\(String(repeating: "0", count: 4 - hex.count) + hex) (write the pair, or the character itself)", atEndOfInput: false)
                }
                scalars.append(scalar)
            default: scalars.append(Unicode.Scalar(e))
            }
        }
        flush()
        return String(scalars)
    }

    // MARK: Numbers

    /// Parses a JSON number exactly (correctly rounded, as strtod does).
    @inline(__always)
    mutating func parseNumber() throws(ScanError) -> Double {
        let start = i
        var p = i
        var negative = false
        if p < end && base[p] == 0x2D { negative = true; p += 1 }
        let intStart = p
        var mantissa: UInt64 = 0
        p = digits(from: p, into: &mantissa)
        var digitCount = p - intStart
        if digitCount == 0 { i = p; throw error("a value") }
        if digitCount > 1 && base[intStart] == 0x30 {
            i = intStart + 1
            throw ScanError(offset: i, message: "expected no leading zeros in a number, found \(found())", atEndOfInput: false)
        }
        var exponent = 0
        if p < end && base[p] == 0x2E {
            p += 1
            let fracStart = p
            p = digits(from: p, into: &mantissa)
            let fracDigits = p - fracStart
            if fracDigits == 0 { i = p; throw error("a digit after the decimal point") }
            digitCount += fracDigits
            exponent = -fracDigits
        }
        if p < end && base[p] | 0x20 == 0x65 {   // e or E
            p += 1
            var expNegative = false
            if p < end && (base[p] == 0x2B || base[p] == 0x2D) {
                expNegative = base[p] == 0x2D
                p += 1
            }
            let expStart = p
            var e = 0
            while p < end {
                let d = base[p] &- 0x30
                if d > 9 { break }
                if e < 100_000 { e = e &* 10 &+ Int(d) }
                p += 1
            }
            if p == expStart { i = p; throw error("a digit in the exponent") }
            exponent += expNegative ? -e : e
        }
        i = p
        // Clinger's fast path: at most 19 digits fit a UInt64 exactly; when the mantissa and
        // the power of ten are both exact doubles, one multiplication or division rounds correctly.
        if digitCount <= 19, mantissa <= (1 << 53), exponent >= -22, exponent <= 22 {
            var v = Double(mantissa)
            if exponent < 0 { v /= powersOfTen[-exponent] } else { v *= powersOfTen[exponent] }
            return negative ? -v : v
        }
        let v = slowNumber(from: start, to: p)
        if v == 0 {
            var nonzero = false
            for k in start..<p {
                let c = base[k]
                if c == 0x65 || c == 0x45 { break }
                if c >= 0x31 && c <= 0x39 { nonzero = true; break }
            }
            if nonzero {
                // JSONDecoder refuses these too; reading them as 0 would hide a corrupted file.
                throw ScanError(offset: start, message: "expected a number a double can hold, found \(String(decoding: UnsafeBufferPointer(start: base + start, count: min(p - start, 40)), as: UTF8.self)), which is too small (it would read as 0)", atEndOfInput: false)
            }
        }
        return v
    }

    /// Accumulates the decimal digits from `p` into `mantissa` (wrapping past 19 digits, which
    /// the caller detects by counting); returns the index after the last digit.
    @inline(__always) func digits(from start: Int, into mantissa: inout UInt64) -> Int {
        var p = start
        // Eight bytes at a time where eight can be read: how many of them are digits, and
        // their value, in a few word operations instead of a loop over the bytes. A trace's
        // numbers are a few digits each (400.64, 0.008333): most take one word for each part.
        while p + 8 <= end {
            // Each byte less '0'. A byte below '0' borrows from the next, but only a byte after
            // the first one that is not a digit, which is not used.
            let offsets = word(at: p) &- 0x3030_3030_3030_3030
            // A byte is not a digit when its offset is 10 or more: then either its top bit is
            // set, or adding 0x76 sets it (again, a carry only goes past a non-digit).
            let notDigit = (offsets | (offsets &+ 0x7676_7676_7676_7676)) & 0x8080_8080_8080_8080
            let n = notDigit == 0 ? 8 : notDigit.trailingZeroBitCount >> 3
            if n == 0 { return p }
            // The first n digits, moved to the top of the word: the bytes shifted in are zeros,
            // leading zeros of an eight-digit number, folded two, four, then eight at a time.
            var v = offsets << UInt64(64 - 8 * n)
            v = ((v & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) >> 8
            v = ((v & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
            v = ((v & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
            mantissa = mantissa &* wholePowersOfTen[n] &+ v
            p += n
            if n < 8 { return p }
        }
        while p < end {
            let d = base[p] &- 0x30
            if d > 9 { break }
            mantissa = mantissa &* 10 &+ UInt64(d)
            p += 1
        }
        return p
    }

    /// The C library's correctly rounded conversion, for numbers the fast path cannot take.
    func slowNumber(from start: Int, to stop: Int) -> Double {
        let n = stop - start
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: n + 1) { buf in
            for k in 0..<n { buf[k] = CChar(bitPattern: base[start + k]) }
            buf[n] = 0
            return strtod(buf.baseAddress!, nil)
        }
    }
}

@inline(__always) func hexValue(_ c: UInt8) -> UInt8? {
    switch c {
    case 0x30...0x39: c - 0x30
    case 0x41...0x46: c - 0x41 + 10
    case 0x61...0x66: c - 0x61 + 10
    default: nil
    }
}

/// 10⁰ … 10⁸ as whole numbers, for `digits(from:into:)`.
let wholePowersOfTen: [UInt64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000]

/// Exact powers of ten, 1e0 … 1e22 (a literal, so it is laid out statically: no lazy set-up).
let powersOfTen: [Double] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
                             1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]
