import TouchTrace

/// An `evemu-record` file: an optional device description and the recorded events.
///
/// Lines: `N:` name; `I:` bus vendor product version (hex); `P:` property bytes (8 a line,
/// continued by further `P:` lines); `B: TT …` the code bitmask of event type TT (8 bytes a line,
/// continued); `A: code min max fuzz flat [resolution]` (code hex, the rest decimal);
/// `E: sec.usec type code value` (type and code hex, value decimal). `#` starts a comment;
/// newer files carry each axis's current value in comments (`# Value 390`), which is kept.
public struct EvemuRecording: Sendable {
    public var description: DeviceDescription?
    public var events: [InputEvent]
    /// Where it came from: `"evemu"` or `"libinput record"`.
    public var format = "evemu"

    /// Parses the text of an evemu file; `name` is used in error messages. Every malformed line
    /// is reported (up to 100), none is skipped silently.
    public static func parse(_ text: String, name: String) throws(DiagnosticError) -> EvemuRecording {
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

        var lineNumber = 0
        // CRLF is one Character in Swift: split on it too, or a Windows-edited file is one line.
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty { continue }
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
                continue
            }
            // Drop a trailing comment.
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let fields = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let tag = fields.first else { continue }
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
                    continue
                }
                var d = described()
                d.ids = (ids[0], ids[1], ids[2], ids[3])
                desc = d
            case "P:":
                let bytes = args.compactMap { UInt8($0, radix: 16) }
                guard bytes.count == args.count, !bytes.isEmpty else {
                    fail(lineNumber, "expected `P:` and hex bytes, found `\(content.trimmingSpaces())`")
                    continue
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
                    continue
                }
                let type = UInt16(values[0])
                let offset = bitmaskOffset[type, default: 0]
                guard (offset + values.count - 1) * 8 <= 65536 else {
                    fail(lineNumber, "the code bitmask of type \(args.first ?? "") runs past the 65,536 codes evdev has (\(offset + values.count - 1) bytes)")
                    continue
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
                    continue
                }
                var d = described()
                d.axes[code] = AxisInfo(minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2], flat: numbers[3],
                                        resolution: numbers.count == 5 ? numbers[4] : 0)
                desc = d
            case "E:":
                guard args.count == 4 else {
                    fail(lineNumber, "expected `E: sec.usec type code value`, found `\(content.trimmingSpaces())`")
                    continue
                }
                let a = Array(args)
                guard let time = parseTime(a[0]) else {
                    fail(lineNumber, "expected a time `sec.usec`, found `\(a[0])`")
                    continue
                }
                guard let type = UInt16(a[1], radix: 16), let code = UInt16(a[2], radix: 16) else {
                    fail(lineNumber, "expected hex type and code, found `\(a[1]) \(a[2])`")
                    continue
                }
                guard let value = Int32(a[3]) else {
                    fail(lineNumber, "expected a decimal value, found `\(a[3])`")
                    continue
                }
                if let last = events.last, time < last.time {
                    fail(lineNumber, "time goes back: expected ≥ \(last.time), found \(time)")
                    continue
                }
                events.append(InputEvent(time: time, type: EventType(rawValue: type), code: EventCode(rawValue: code), value: value))
            default:
                fail(lineNumber, "expected a line starting with N:, I:, P:, B:, A:, E: or #, found `\(tag)`")
            }
        }
        if var d = desc {
            for (code, v) in commentValues where d.axes[code] != nil { d.axes[code]!.value = v }
            desc = d
        }
        guard errors.isEmpty else { throw DiagnosticError(errors) }
        return EvemuRecording(description: desc, events: events)
    }

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
        guard !frac.isEmpty, frac.count <= 9, frac.allSatisfy(\.isNumber), let f = Int64(frac) else { return nil }
        var scale = 1.0
        for _ in 0..<frac.count { scale *= 10 }
        return Double(sec) + Double(f) / scale
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs. Found on the UTF-8 bytes: the
    /// reversed-characters form took 0.28 s a megabyte, 14 s for a 50 MB `N:` line (issue 12).
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
