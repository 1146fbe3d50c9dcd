import TouchTrace

// How the configuration reader tells TOML's numbers, integers in other bases, and dates and
// times (which it refuses) from the other words of a value.

extension ConfigReader {
    enum NumberKind { case integer, float }

    /// Whether `w` is a decimal integer or float as TOML 1.0 writes them, and which: `[+-]`
    /// then an integer part (`0`, or a digit 1–9 and more digits), each underscore between two
    /// digits; then optionally `.` and digits, then optionally `e`/`E`, a sign and digits.
    static func number(_ w: [UInt8]) -> NumberKind? {
        var k = 0
        func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
        /// Digits with single underscores between them; false when there are none or one is misplaced.
        func digits(leadingZeroAllowed: Bool) -> Bool {
            let start = k
            while k < w.count {
                if isDigit(w[k]) { k += 1; continue }
                if w[k] == UInt8(ascii: "_"), k > start, isDigit(w[k - 1]), k + 1 < w.count, isDigit(w[k + 1]) { k += 1; continue }
                break
            }
            guard k > start else { return false }
            if !leadingZeroAllowed, w[start] == 0x30, k - start > 1 { return false }
            return true
        }
        if k < w.count, w[k] == UInt8(ascii: "+") || w[k] == UInt8(ascii: "-") { k += 1 }
        guard digits(leadingZeroAllowed: false) else { return nil }
        var kind = NumberKind.integer
        if k < w.count, w[k] == UInt8(ascii: ".") {
            k += 1
            guard digits(leadingZeroAllowed: true) else { return nil }
            kind = .float
        }
        if k < w.count, w[k] == UInt8(ascii: "e") || w[k] == UInt8(ascii: "E") {
            k += 1
            if k < w.count, w[k] == UInt8(ascii: "+") || w[k] == UInt8(ascii: "-") { k += 1 }
            guard digits(leadingZeroAllowed: true) else { return nil }
            kind = .float
        }
        return k == w.count ? kind : nil
    }

    /// `0x…`, `0o…` or `0b…` as TOML 1.0 writes them (no sign, an underscore only between two
    /// digits), or nil when `w` is not one.
    static func prefixedInteger(_ w: [UInt8], word: String, at: SourceLocation,
                                fail: (String, SourceLocation?) -> DiagnosticError) throws(DiagnosticError) -> Int? {
        guard w.count >= 2, w[0] == 0x30 else { return nil }
        let radix: Int
        switch w[1] {
        case UInt8(ascii: "x"): radix = 16
        case UInt8(ascii: "o"): radix = 8
        case UInt8(ascii: "b"): radix = 2
        default: return nil
        }
        func isDigit(_ c: UInt8) -> Bool {
            switch radix {
            case 16: isHexDigit(c)
            case 8: c >= 0x30 && c <= 0x37
            default: c == 0x30 || c == 0x31
            }
        }
        var digits: [UInt8] = []
        for k in 2..<w.count {
            if isDigit(w[k]) { digits.append(w[k]); continue }
            guard w[k] == UInt8(ascii: "_"), k > 2, isDigit(w[k - 1]), k + 1 < w.count, isDigit(w[k + 1]) else {
                throw fail("`\(word)` is not a base-\(radix) integer (digits, an underscore only between two)", at)
            }
        }
        guard !digits.isEmpty else { throw fail("`\(word)` has no digits", at) }
        guard let n = Int(String(decoding: digits, as: UTF8.self), radix: radix) else {
            throw fail("`\(word)` is out of the range of a 64-bit integer, TOML's integers", at)
        }
        return n
    }

    /// Whether a word starts as a TOML date (`1979-05-27…`) or time (`07:32…`) does.
    static func looksLikeDateOrTime(_ w: [UInt8]) -> Bool {
        func digits(_ range: Range<Int>) -> Bool { range.upperBound <= w.count && w[range].allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
        return (digits(0..<4) && w.count > 4 && w[4] == UInt8(ascii: "-")) || (digits(0..<2) && w.count > 2 && w[2] == UInt8(ascii: ":"))
    }

    static func isHexDigit(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66)
    }
}
