import TouchGestures

/// A well-formed JSON event object of the wrong shape: where, and what is wrong.
struct ShapeProblem {
    var offset: Int
    var message: String
}

extension JSONScanner {
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

    /// A number member: a number, or `null` when `optional`; anything else is a shape problem.
    @inline(__always) mutating func numberMember(_ name: StaticString, optional: Bool,
                                                 problem: inout ShapeProblem?) throws(ScanError) -> Double? {
        skipWhitespace()
        let c = peek()
        if c == UInt8(ascii: "-") || (c >= 0x30 && c <= 0x39) { return try parseNumber() }
        let at = i
        let v = try parseValue()
        if optional, v == .null { return nil }
        if problem == nil {
            problem = ShapeProblem(offset: at, message: "`\(name)` must be a number, found \(v.kindDescription)")
        }
        return nil
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
                let v = try parseValue()
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
                let key = try scanKey()
                try expect(UInt8(ascii: ":"), "':' after a member name")
                // Which known key is it? (bit index; -1 for an unknown key)
                var which = -1
                if let name = key.decoded {
                    which = ["t", "id", "phase", "x", "y", "pressure", "major", "minor"].firstIndex(of: name) ?? -1
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
                if which >= 0 && seen & (1 << which) != 0 {
                    // A repeated key: the first value stands; this one is checked and skipped.
                    if duplicateKey == nil {
                        duplicateKey = (keyOffset, ["t", "id", "phase", "x", "y", "pressure", "major", "minor"][which])
                    }
                    try skipValue()
                } else {
                    if which >= 0 { seen |= 1 << which }
                    switch which {
                    case 0: t = try numberMember("t", optional: false, problem: &problem)
                    case 1: id = try numberMember("id", optional: false, problem: &problem)
                    case 2: sawPhase = true; phase = try phaseMember(problem: &problem)
                    case 3: x = try numberMember("x", optional: false, problem: &problem)
                    case 4: y = try numberMember("y", optional: false, problem: &problem)
                    case 5: pressure = try numberMember("pressure", optional: true, problem: &problem)
                    case 6: major = try numberMember("major", optional: true, problem: &problem)
                    case 7: minor = try numberMember("minor", optional: true, problem: &problem)
                    default: try skipValue()
                    }
                }
                skipWhitespace()
                guard i < end else { throw error("',' or '}'") }
                if base[i] == UInt8(ascii: ",") { i += 1; continue }
                if base[i] == UInt8(ascii: "}") { i += 1; break }
                throw error("',' or '}' after an event member")
            }
        }
        if problem != nil { return nil }
        var missing: [String] = []
        if t == nil { missing.append("t") }
        if id == nil { missing.append("id") }
        if !sawPhase { missing.append("phase") }
        if x == nil { missing.append("x") }
        if y == nil { missing.append("y") }
        if !missing.isEmpty {
            problem = ShapeProblem(offset: objectStart,
                                   message: "missing " + missing.map { "`\($0)`" }.joined(separator: ", ")
                                   + " (an event needs t, id, phase, x and y)")
            return nil
        }
        guard let idValue = id, idValue == idValue.rounded(), abs(idValue) <= 9_007_199_254_740_992 else {
            problem = ShapeProblem(offset: objectStart, message: "`id` must be an integer, found \(id!)")
            return nil
        }
        guard let phase else { return nil }
        return TouchEvent(time: t!, id: Int(idValue), phase: phase, position: Point(x: x!, y: y!),
                          pressure: pressure, major: major, minor: minor)
    }

    mutating func phaseMember(problem: inout ShapeProblem?) throws(ScanError) -> TouchPhase? {
        skipWhitespace()
        let at = i
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
            if problem == nil {
                problem = ShapeProblem(offset: at, message: "`phase` must be down, move, up or cancel, found \"\(name)\"")
            }
            return nil
        }
        let v = try parseValue()
        if problem == nil {
            problem = ShapeProblem(offset: at, message: "`phase` must be a string (down, move, up or cancel), found \(v.kindDescription)")
        }
        return nil
    }
}
