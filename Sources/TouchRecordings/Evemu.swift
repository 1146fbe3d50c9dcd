import TouchEvdev
import TouchTrace

/// An `evemu-record` file: an optional device description and the recorded events.
///
/// Lines: `N:` name; `I:` bus vendor product version (hex); `P:` property bytes (8 a line,
/// continued by further `P:` lines); `B: TT …` the code bitmask of event type TT (8 bytes a line,
/// continued); `A: code min max fuzz flat [resolution]` (code hex, the rest decimal);
/// `E: sec.usec type code value` (type and code hex, value decimal). `#` starts a comment;
/// newer files carry each axis's current value in comments (`# Value 390`), which is kept.
public struct EvemuRecording: Sendable {
    /// What the device says it is, when it could be read.
    public var description: DeviceDescription?
    /// The recorded events, in order.
    public var events: [InputEvent]
    /// Where it came from: `"evemu"` or `"libinput record"`.
    public var format = "evemu"

    /// Parses the text of an evemu file; `name` is used in error messages. Every malformed line
    /// is reported (up to 100), none is skipped silently.
    public static func parse(_ text: String, name: String) throws(DiagnosticError) -> EvemuRecording {
        try parse(text, name: name, fastEvents: true)
    }

    /// `fastEvents`: read well-formed `E:` lines from their bytes (``EventLine``); any other line,
    /// and an `E:` line that is not plainly well formed, goes through the general reading below,
    /// which works on `Character`s and spent 50,000 instructions a line (callgrind: 1.3 G for a
    /// 26,000-line recording). Without it, every line goes that way (for the test that holds the
    /// two to the same result, and for EvemuFuzz, which does the same).
    @_spi(Fuzzing) public static func parse(_ text: String, name: String, fastEvents: Bool) throws(DiagnosticError) -> EvemuRecording {
        var desc: DeviceDescription?
        var events: [InputEvent] = []
        var errors: [Diagnostic] = []
        var bitmaskOffset: [UInt16: Int] = [:]
        var propertyOffset = 0
        // Comment state for "# Value" lines: the type and code being described.
        var commentType: UInt16?
        var commentCode: UInt16?
        var commentValues: [UInt16: Int32] = [:]

        func fail(_ n: Int, _ msg: String) {
            if errors.count < 100 { errors.append(Diagnostic(.error, SourceLocation(file: name, line: n), msg)) }
        }
        func described() -> DeviceDescription { desc ?? DeviceDescription(name: "") }

        // One line (its separator removed, one trailing CR dropped), numbered from 1.
        func read(_ line: Substring, _ lineNumber: Int) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty { return }
            if trimmed.hasPrefix("#") {
                let words = trimmed.dropFirst().split(whereSeparator: { $0 == " " || $0 == "\t" })
                if words.count >= 4, words[0] == "Event", words[1] == "type", let t = UInt16(words[2]) {
                    commentType = t
                    commentCode = nil
                } else if words.count >= 3, words[0] == "Event", words[1] == "code", let c = UInt16(words[2]) {
                    commentCode = c
                } else if words.count == 2, words[0] == "Value", let v = Int32(words[1]), commentType == 3, let c = commentCode {
                    commentValues[c] = v
                }
                return
            }
            // Drop a trailing comment.
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let fields = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let tag = fields.first else { return }
            let args = fields.dropFirst()
            switch tag {
            case "N:":
                var d = described()
                d.name = content.drop { $0 != ":" }.dropFirst().trimmingSpaces()
                desc = d
            case "I:":
                let ids = args.compactMap { UInt16($0, radix: 16) }
                guard ids.count == 4, args.count == 4 else {
                    fail(lineNumber, "expected `I: bus vendor product version` (four hex numbers), found `\(content.trimmingSpaces())`")
                    return
                }
                var d = described()
                d.ids = (ids[0], ids[1], ids[2], ids[3])
                desc = d
            case "P:":
                let bytes = args.compactMap { UInt8($0, radix: 16) }
                guard bytes.count == args.count, !bytes.isEmpty else {
                    fail(lineNumber, "expected `P:` and hex bytes, found `\(content.trimmingSpaces())`")
                    return
                }
                var d = described()
                for (k, b) in bytes.enumerated() {
                    for bit in 0..<8 where b & (1 << bit) != 0 { d.properties.insert((propertyOffset + k) * 8 + bit) }
                }
                propertyOffset += bytes.count
                desc = d
            case "B:":
                let values = args.compactMap { UInt8($0, radix: 16) }
                guard values.count == args.count, values.count >= 2 else {
                    fail(lineNumber, "expected `B: type` and hex bytes, found `\(content.trimmingSpaces())`")
                    return
                }
                let type = UInt16(values[0])
                let offset = bitmaskOffset[type, default: 0]
                guard (offset + values.count - 1) * 8 <= 65536 else {
                    fail(lineNumber, "the code bitmask of type \(args.first ?? "") runs past the 65,536 codes evdev has (\(offset + values.count - 1) bytes)")
                    return
                }
                var d = described()
                for (k, b) in values.dropFirst().enumerated() {
                    for bit in 0..<8 where b & (1 << bit) != 0 {
                        d.codes[type, default: []].insert(UInt16((offset + k) * 8 + bit))
                    }
                }
                bitmaskOffset[type] = offset + values.count - 1
                desc = d
            case "A:":
                let code = args.first.flatMap { UInt16($0, radix: 16) }
                let numbers = args.dropFirst().compactMap { Int32($0) }
                guard let code, numbers.count == args.count - 1, numbers.count == 4 || numbers.count == 5 else {
                    fail(lineNumber, "expected `A: code min max fuzz flat [resolution]`, found `\(content.trimmingSpaces())`")
                    return
                }
                var d = described()
                d.axes[code] = AxisInfo(minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2], flat: numbers[3],
                                        resolution: numbers.count == 5 ? numbers[4] : 0)
                desc = d
            case "E:":
                guard args.count == 4 else {
                    fail(lineNumber, "expected `E: sec.usec type code value`, found `\(content.trimmingSpaces())`")
                    return
                }
                let a = Array(args)
                guard let time = parseTime(a[0]) else {
                    fail(lineNumber, "expected a time `sec.usec`, found `\(a[0])`")
                    return
                }
                guard let type = UInt16(a[1], radix: 16), let code = UInt16(a[2], radix: 16) else {
                    fail(lineNumber, "expected hex type and code, found `\(a[1]) \(a[2])`")
                    return
                }
                guard let value = Int32(a[3]) else {
                    fail(lineNumber, "expected a decimal value, found `\(a[3])`")
                    return
                }
                if let last = events.last, time < last.time {
                    fail(lineNumber, "time goes back: expected ≥ \(last.time), found \(time)")
                    return
                }
                events.append(InputEvent(time: time, type: EventType(rawValue: type), code: EventCode(rawValue: code), value: value))
            default:
                fail(lineNumber, "expected a line starting with N:, I:, P:, B:, A:, E: or #, found `\(tag)`")
            }
        }
        var text = text
        text.withUTF8 { bytes in
            forEachLine(bytes) { line, lineNumber in
                if fastEvents, let e = EventLine.read(line), (events.last.map { e.time >= $0.time } ?? true) {
                    events.append(e)
                } else {
                    read(Substring(String(decoding: line, as: UTF8.self)), lineNumber)
                }
            }
        }
        if var d = desc {
            for (code, v) in commentValues where d.axes[code] != nil { d.axes[code]!.value = v }
            desc = d
        }
        guard errors.isEmpty else { throw DiagnosticError(errors) }
        return EvemuRecording(description: desc, events: events)
    }

    /// Calls `body` with each line of `text` and its number (from 1), found on the bytes as
    /// splitting the `Character`s at LF and CR LF finds them, one CR at the line's end dropped:
    /// a line feed ends a line, and a carriage return just before it belongs to the separator.
    static func forEachLine(_ text: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
        var start = 0, lineNumber = 0
        while start <= text.count {
            let newline = text[start...].firstIndex(of: 0x0A) ?? text.count
            var end = newline
            if newline < text.count, end > start, text[end - 1] == 0x0D { end -= 1 }
            if end > start, text[end - 1] == 0x0D { end -= 1 }
            lineNumber += 1
            body(UnsafeBufferPointer(rebasing: text[start..<end]), lineNumber)
            start = newline + 1
        }
    }

    /// A recording of `events` from the device `description` describes.
    public init(description: DeviceDescription?, events: [InputEvent], format: String = "evemu") {
        self.description = description
        self.events = events
        self.format = format
    }

    /// `sec.usec` as seconds; the microseconds are read as digits, so no precision is lost.
    static func parseTime(_ s: Substring) -> Double? {
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let sec = Int64(parts[0]), sec >= 0 else { return nil }
        if parts.count == 1 { return Double(sec) }
        let frac = parts[1]
        guard !frac.isEmpty, frac.count <= 9, frac.allSatisfy({ $0.isNumber }), let f = Int64(frac) else { return nil }
        return seconds(sec, fraction: f, digits: frac.count)
    }

    /// `sec.fraction` in seconds, the fraction written with `digits` digits: the one computation
    /// both readings of a time use, so that they give the same Double.
    static func seconds(_ sec: Int64, fraction: Int64, digits: Int) -> Double {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return Double(sec) + Double(fraction) / scale
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs. Found on the UTF-8 bytes: the
    /// reversed-characters form took 0.28 s a megabyte, 14 s for a 50 MB `N:` line.
    func trimmingSpaces() -> String {
        let bytes = utf8
        guard let start = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { return "" }
        var end = bytes.endIndex
        var last = start
        var i = start
        while i != end {
            if bytes[i] != 0x20 && bytes[i] != 0x09 { last = i }
            bytes.formIndex(after: &i)
        }
        end = bytes.index(after: last)
        return String(self[start..<end])
    }
}

/// An `E: sec.usec type code value` line read from its bytes, when it is plainly well formed:
/// ASCII, the time as digits with 1 to 9 decimals, type and code as hex digits, the value as
/// decimal digits with an optional minus, separated by spaces or tabs, and nothing after but
/// spaces, tabs or a `#` comment. Anything else is left to the general reading (`nil`), which
/// accepts the same lines (and a few more spellings, such as `+5`) and words the errors.
enum EventLine {
    static func read(_ b: UnsafeBufferPointer<UInt8>) -> InputEvent? {
        var i = 0
        func blanks() -> Bool {
            let from = i
            while i < b.count, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
            return i > from
        }
        /// Digits (at most `limit`) as a value; nil when none, or more than `limit`.
        func decimal(limit: Int) -> (value: Int64, digits: Int)? {
            var v: Int64 = 0, n = 0
            while i < b.count, b[i] &- 0x30 < 10 {
                n += 1
                if n > limit { return nil }
                v = v * 10 + Int64(b[i] &- 0x30)
                i += 1
            }
            return n > 0 ? (v, n) : nil
        }
        func hex() -> UInt16? {
            var v: UInt32 = 0, n = 0
            while i < b.count {
                let c = b[i], d: UInt8
                switch c {
                case 0x30...0x39: d = c &- 0x30
                case 0x41...0x46: d = c &- 0x37
                case 0x61...0x66: d = c &- 0x57
                default: return n > 0 ? UInt16(v) : nil
                }
                v = v << 4 | UInt32(d)
                if v > 0xFFFF { return nil }
                n += 1
                i += 1
            }
            return n > 0 ? UInt16(v) : nil
        }
        _ = blanks()
        guard b.count - i >= 2, b[i] == 0x45, b[i + 1] == 0x3A else { return nil }     // "E:"
        i += 2
        guard blanks(), let sec = decimal(limit: 18) else { return nil }
        var time = Double(sec.value)
        if i < b.count, b[i] == 0x2E {                                                  // "."
            i += 1
            guard let f = decimal(limit: 9) else { return nil }
            time = EvemuRecording.seconds(sec.value, fraction: f.value, digits: f.digits)
        }
        guard blanks(), let type = hex(), blanks(), let code = hex(), blanks() else { return nil }
        let negative = i < b.count && b[i] == 0x2D
        if negative { i += 1 }
        guard let magnitude = decimal(limit: 10) else { return nil }
        let value = negative ? -magnitude.value : magnitude.value
        guard value >= Int64(Int32.min), value <= Int64(Int32.max) else { return nil }
        _ = blanks()
        // The end, or a "#" that is a Character of its own (not one a combining mark follows).
        guard i == b.count || (b[i] == 0x23 && (i + 1 == b.count || b[i + 1] < 0x80)) else { return nil }
        return InputEvent(time: time, type: EventType(rawValue: type), code: EventCode(rawValue: code), value: Int32(value))
    }
}
