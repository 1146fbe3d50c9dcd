import TouchGestures

/// A well-formed JSON event object of the wrong shape: where, and what is wrong; the problems
/// after the first in the same event are in `more`, each reported in its own diagnostic.
struct ShapeProblem {
    var offset: Int
    var message: String
    var more: [(offset: Int, message: String)] = []

    /// Every problem, the first first.
    var all: [(offset: Int, message: String)] { [(offset, message)] + more }

    /// Adds a problem to `problem`: the first one, or one more.
    static func add(_ problem: inout ShapeProblem?, _ offset: Int, _ message: String) {
        if problem == nil { problem = ShapeProblem(offset: offset, message: message) } else { problem!.more.append((offset, message)) }
    }
}

/// The keys of an event, in the order of their bit in `parseEvent`'s `seen` mask.
let eventKeys = ["t", "id", "phase", "x", "y", "pressure", "major", "minor"]

extension JSONScanner {
    // Little-endian words (value, mask) of byte strings matched in place by one comparison.
    static let kPhaseKey: (UInt64, UInt64) = (0x226573616870, 0xFFFFFFFFFFFF)  // "phase\""
    static let kPressureKey: (UInt64, UInt64) = (0x6572757373657270, 0xFFFFFFFFFFFFFFFF)  // "pressure"
    static let kMajorKey: (UInt64, UInt64) = (0x22726F6A616D, 0xFFFFFFFFFFFF)  // "major\""
    static let kMinorKey: (UInt64, UInt64) = (0x22726F6E696D, 0xFFFFFFFFFFFF)  // "minor\""
    static let kMove: (UInt64, UInt64) = (0x2265766F6D, 0xFFFFFFFFFF)  // "move\""
    static let kDown: (UInt64, UInt64) = (0x226E776F64, 0xFFFFFFFFFF)  // "down\""
    static let kUp: (UInt64, UInt64) = (0x227075, 0xFFFFFF)  // "up\""
    static let kCancel: (UInt64, UInt64) = (0x226C65636E6163, 0xFFFFFFFFFFFFFF)  // "cancel\""

    @inline(__always) func matches(_ k: Int, _ w: (UInt64, UInt64)) -> Bool { word(at: k) & w.1 == w.0 }

    /// Compares the bytes `base[from..<from+count]` with an ASCII word.
    @inline(__always) func bytesEqual(_ from: Int, _ count: Int, _ word: StaticString) -> Bool {
        guard count == word.utf8CodeUnitCount else { return false }
        let p = word.utf8Start
        for k in 0..<count where base[from + k] != p[k] { return false }
        return true
    }

    /// Reads a key: its bytes when unescaped (fast path), else its decoded text.
    @inline(__always) mutating func scanKey() throws(ScanError) -> (start: Int, count: Int, decoded: String?) {
        skipWhitespace()
        guard i < end, base[i] == UInt8(ascii: "\"") else { throw error("a member name in double quotes") }
        let start = i + 1
        var k = start
        while k < end {
            let c = base[k]
            if c == UInt8(ascii: "\"") { i = k + 1; return (start, k - start, nil) }
            if c == UInt8(ascii: "\\") || c < 0x20 || c >= 0x80 { break }
            k += 1
        }
        let s = try parseString()
        return (start, 0, s)
    }

    /// Parses one event object. Syntax errors throw; a well-formed object of the wrong shape
    /// returns `nil` and sets `problem` (the first one found).
    mutating func parseEvent(problem: inout ShapeProblem?) throws(ScanError) -> TouchEvent? {
        skipWhitespace()
        let objectStart = i
        guard i < end, base[i] == UInt8(ascii: "{") else {
            if i < end, base[i] != UInt8(ascii: "]") {
                // A value that is not an object: skip it, report its shape.
                let at = i
                let v: JSONValue
                do throws(ScanError) { v = try parseValue() } catch {
                    // Not even a JSON value here: say what belongs in this place.
                    i = at
                    throw ScanError(offset: at, message: "expected an event object '{', found \(found())",
                                    atEndOfInput: error.atEndOfInput)
                }
                problem = ShapeProblem(offset: at, message: "expected an event object, found \(v.kindDescription)")
                return nil
            }
            throw error("an event object '{'")
        }
        i += 1
        var t: Double?, id: Double?, x: Double?, y: Double?
        var pressure: Double?, major: Double?, minor: Double?
        var phase: TouchPhase?
        var sawPhase = false
        var seen: UInt8 = 0
        duplicateKey = nil
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            i += 1
        } else {
            while true {
                skipWhitespace()
                let keyOffset = i
                // Which known key is it? (bit index; -1 for an unknown key.) The usual unescaped
                // keys are matched in place; anything else goes through the general key reader.
                var which = -1
                if i + 10 < end && base[i] == 0x22 {
                    let c1 = base[i + 1]
                    if base[i + 2] == 0x22 {
                        switch c1 {
                        case UInt8(ascii: "t"): which = 0
                        case UInt8(ascii: "x"): which = 3
                        case UInt8(ascii: "y"): which = 4
                        default: break
                        }
                        if which >= 0 { i += 3 }
                    } else if c1 == UInt8(ascii: "i"), base[i + 2] == UInt8(ascii: "d"), base[i + 3] == 0x22 {
                        which = 1; i += 4
                    } else if matches(i + 1, Self.kPhaseKey) {
                        which = 2; i += 7
                    } else if matches(i + 1, Self.kPressureKey) && base[i + 9] == 0x22 {
                        which = 5; i += 10
                    } else if matches(i + 1, Self.kMajorKey) {
                        which = 6; i += 7
                    } else if matches(i + 1, Self.kMinorKey) {
                        which = 7; i += 7
                    }
                }
                if which < 0 {
                    let key = try scanKey()
                    if let name = key.decoded {
                        which = eventKeys.firstIndex(of: name) ?? -1
                    } else {
                        let s = key.start, n = key.count
                        if n == 1 {
                            switch base[s] {
                            case UInt8(ascii: "t"): which = 0
                            case UInt8(ascii: "x"): which = 3
                            case UInt8(ascii: "y"): which = 4
                            default: break
                            }
                        } else if bytesEqual(s, n, "id") { which = 1 }
                        else if bytesEqual(s, n, "phase") { which = 2 }
                        else if bytesEqual(s, n, "pressure") { which = 5 }
                        else if bytesEqual(s, n, "major") { which = 6 }
                        else if bytesEqual(s, n, "minor") { which = 7 }
                    }
                }
                try expect(UInt8(ascii: ":"), "':' after a member name")
                if which >= 0 && seen & (1 << which) != 0 {
                    // A repeated key: its value is checked and skipped, and the reader reports the key (an error).
                    if duplicateKey == nil { duplicateKey = (keyOffset, which) }
                    try skipValue()
                } else {
                    if which >= 0 { seen |= 1 << which }
                    if which == 2 {
                        sawPhase = true
                        phase = try phaseMember(problem: &problem)
                    } else if which >= 0 {
                        // A number member: one inlined parse for all of them.
                        skipWhitespace()
                        let c = peek()
                        let v: Double?
                        if c == UInt8(ascii: "-") || (c &- 0x30) <= 9 {
                            v = try parseNumber()
                        } else {
                            v = try otherMember(which, problem: &problem)
                        }
                        switch which {
                        case 0: t = v
                        case 1: id = v
                        case 3: x = v
                        case 4: y = v
                        case 5: pressure = v
                        case 6: major = v
                        default: minor = v
                        }
                    } else {
                        try skipValue()
                    }
                }
                skipWhitespace()
                guard i < end else { throw error("',' or '}'") }
                if base[i] == UInt8(ascii: ",") { i += 1; continue }
                if base[i] == UInt8(ascii: "}") { i += 1; break }
                throw error("',' or '}' after an event member")
            }
        }
        guard problem != nil || t == nil || id == nil || !sawPhase || x == nil || y == nil else {
            return finishEvent(t: t!, id: id!, phase: phase, x: x!, y: y!, pressure: pressure, major: major,
                               minor: minor, objectStart: objectStart, problem: &problem)
        }
        var missing: [String] = []
        // Missing is not given at all: a member of the wrong type was reported as such.
        if seen & (1 << 0) == 0 { missing.append("t") }
        if seen & (1 << 1) == 0 { missing.append("id") }
        if !sawPhase { missing.append("phase") }
        if seen & (1 << 3) == 0 { missing.append("x") }
        if seen & (1 << 4) == 0 { missing.append("y") }
        if !missing.isEmpty {
            ShapeProblem.add(&problem, objectStart, "missing " + missing.map { "`\($0)`" }.joined(separator: ", ")
                             + " (an event needs t, id, phase, x and y)")
        }
        // The id's own problems beside the others (finishEvent reports them for an event that
        // has no other).
        if let id, id.isFinite {
            if id != id.rounded() {
                ShapeProblem.add(&problem, objectStart, "`id` must be an integer, found \(formatJSONNumber(id))")
            } else if abs(id) >= 9_007_199_254_740_992 {
                ShapeProblem.add(&problem, objectStart, "`id` must be an integer of magnitude below 2^53 (9007199254740992)")
            }
        }
        return nil
    }

    @inline(__always)
    func finishEvent(t: Double, id: Double, phase: TouchPhase?, x: Double, y: Double, pressure: Double?,
                     major: Double?, minor: Double?, objectStart: Int, problem: inout ShapeProblem?) -> TouchEvent? {
        guard id == id.rounded() else {
            problem = ShapeProblem(offset: objectStart, message: "`id` must be an integer, found \(formatJSONNumber(id))")
            return nil
        }
        guard abs(id) < 9_007_199_254_740_992 else {
            // From 2^53 on, a double cannot tell neighbours apart: 2^53 and 2^53 + 1 read as
            // the same id ("already down"), and convert rewrote …993 as …992.
            problem = ShapeProblem(offset: objectStart, message: "`id` must be an integer of magnitude below 2^53 (9007199254740992)")
            return nil
        }
        // A contact id is an `Int`, 32 bits on armhf: there an id past ±2³¹ trapped in the
        // conversion (SIGILL in the daemon and in the C library's host). Refused where it does
        // not fit; on 64-bit CPUs every id below 2⁵³ fits, and this never fails.
        guard let contact = Int(exactly: id) else {
            problem = ShapeProblem(offset: objectStart, message: "`id` \(formatJSONNumber(id)) is beyond ±2147483647 (2³¹ − 1), the "
                                   + "contact ids of this 32-bit build (a kernel's tracking ids and the C API's are 32-bit too)")
            return nil
        }
        guard let phase else { return nil }
        return TouchEvent(time: t, id: contact, phase: phase, position: Point(x: x, y: y),
                          pressure: pressure, major: major, minor: minor)
    }

    /// A number member whose value is not a number: `null` for the optional ones, else a problem.
    mutating func otherMember(_ which: Int, problem: inout ShapeProblem?) throws(ScanError) -> Double? {
        let at = i
        let v = try parseValue()
        if which >= 5, v == .null { return nil }
        ShapeProblem.add(&problem, at, "`\(eventKeys[which])` must be a number, found \(v.kindDescription)")
        return nil
    }

    mutating func phaseMember(problem: inout ShapeProblem?) throws(ScanError) -> TouchPhase? {
        skipWhitespace()
        let at = i
        // The four names, unescaped, matched in place.
        if i + 9 < end && base[i] == 0x22 {
            if matches(i + 1, Self.kMove) { i += 6; return .move }
            if matches(i + 1, Self.kDown) { i += 6; return .down }
            if matches(i + 1, Self.kUp) { i += 4; return .up }
            if matches(i + 1, Self.kCancel) { i += 8; return .cancel }
        }
        if peek() == UInt8(ascii: "\"") {
            let start = i + 1
            let escaped = try skipString()
            let n = i - 1 - start
            if !escaped {
                if bytesEqual(start, n, "move") { return .move }
                if bytesEqual(start, n, "down") { return .down }
                if bytesEqual(start, n, "up") { return .up }
                if bytesEqual(start, n, "cancel") { return .cancel }
            }
            i = at
            let name = try parseString()
            if let p = TouchPhase(name: name) { return p }
            ShapeProblem.add(&problem, at, "`phase` must be down, move, up or cancel, found \"\(name)\"")
            return nil
        }
        let v = try parseValue()
        ShapeProblem.add(&problem, at, "`phase` must be a string (down, move, up or cancel), found \(v.kindDescription)")
        return nil
    }
}
