import TouchEvdev
import TouchTrace
extension EvemuRecording {
    /// True when `text` looks like a `libinput record` file (YAML) rather than evemu's format.
    public static func isLibinputRecord(_ text: String) -> Bool {
        text.hasPrefix("# libinput record")
            || (holds(text, "\ndevices:") && (holds(text, "\n  evdev:") || holds(text, "\n    evdev:")))
    }

    /// Whether `text` holds `part`, compared as UTF-8 bytes: the standard library's search for a
    /// string in a string lives in _StringProcessing, which Embedded Swift (tools/cross) has not.
    private static func holds(_ text: String, _ part: String) -> Bool {
        let t = Array(text.utf8), p = Array(part.utf8)
        guard p.count <= t.count else { return false }
        for k in 0...(t.count - p.count) where t[k..<(k + p.count)].elementsEqual(p) { return true }
        return false
    }

    /// Reads the first device of a `libinput record` file: its description (`name`, `id`,
    /// `codes`, `absinfo`, `properties`) and its kernel events (`[sec, usec, type, code, value]`
    /// lines under `- evdev:`). libinput's own event blocks and other devices are skipped.
    /// Malformed lines in those parts are reported with their line numbers.
    public static func parseLibinputRecord(_ text: String, name: String) throws(DiagnosticError) -> EvemuRecording {
        var desc: DeviceDescription?
        var events: [InputEvent] = []
        var errors: [Diagnostic] = []
        enum Block { case none, codes, absinfo, events }
        var block = Block.none
        var devices = 0
        var lineNumber = 0
        func fail(_ msg: String) { if errors.count < 100 { errors.append(Diagnostic(.error, SourceLocation(file: name, line: lineNumber), msg)) } }
        /// The integers of "[1, 2, 3]" (after the key), or nil.
        func list(_ s: Substring) -> [Int64]? {
            guard let open = s.firstIndex(of: "["), let close = s.lastIndex(of: "]"), open < close else { return nil }
            let inner = s[s.index(after: open)..<close]
            if inner.trimmingSpaces().isEmpty { return [] }
            var out: [Int64] = []
            for part in inner.split(separator: ",") {
                guard let v = Int64(part.trimmingSpaces()) else { return nil }
                out.append(v)
            }
            return out
        }
        // CRLF is one Character in Swift: split on it too, or a Windows-edited file is one line.
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let t = line.trimmingSpaces()
            if t.isEmpty { continue }
            if t.hasPrefix("- node:") {
                devices += 1
                block = .none
                if devices == 1 { desc = DeviceDescription(name: "") }
                continue
            }
            guard devices == 1, var d = desc else { continue }
            if t == "codes:" { block = .codes; continue }
            if t == "absinfo:" { block = .absinfo; continue }
            if t == "events:" { block = .events; continue }
            if t.hasPrefix("name:") {
                var name = Substring(t.dropFirst(5).trimmingSpaces())
                while name.first == "\"" { name = name.dropFirst() }
                while name.last == "\"" { name = name.dropLast() }
                d.name = String(name)
                desc = d
                block = .none
                continue
            }
            if t.hasPrefix("id:") {
                guard let ids = list(Substring(t)), ids.count == 4 else { fail("expected `id: [bus, vendor, product, version]`, found `\(t)`"); continue }
                d.ids = (UInt16(truncatingIfNeeded: ids[0]), UInt16(truncatingIfNeeded: ids[1]),
                         UInt16(truncatingIfNeeded: ids[2]), UInt16(truncatingIfNeeded: ids[3]))
                desc = d
                block = .none
                continue
            }
            if t.hasPrefix("properties:") && block != .events {
                if t.contains("[") {
                    guard let props = list(Substring(t)) else { fail("expected `properties: [numbers]`, found `\(t)`"); continue }
                    for p in props { d.properties.insert(Int(p)) }
                    desc = d
                }
                block = .none
                continue
            }
            switch block {
            case .codes, .absinfo:
                // "N: [ ... ]"
                guard let colon = t.firstIndex(of: ":"), let key = Int(t[..<colon]) else { block = .none; continue }
                guard let values = list(t[colon...]) else { fail("expected `\(key): [whole numbers]`, found `\(t)`"); continue }
                guard (0...65535).contains(key) else { fail("expected a type or code from 0 to 65535, found \(key)"); continue }
                if block == .codes {
                    guard values.allSatisfy({ (0...65535).contains($0) }) else {
                        fail("expected codes from 0 to 65535, found `\(t)`")
                        continue
                    }
                    d.codes[UInt16(key)] = Set(values.map { UInt16($0) })
                } else {
                    guard values.count >= 5 else { fail("expected `\(key): [min, max, fuzz, flat, resolution]`, found `\(t)`"); continue }
                    guard values.prefix(5).allSatisfy({ Int64(Int32.min)...Int64(Int32.max) ~= $0 }) else {
                        fail("expected 32-bit axis values (evdev's), found `\(t)`")
                        continue
                    }
                    d.axes[UInt16(key)] = AxisInfo(
                        minimum: Int32(values[0]), maximum: Int32(values[1]), fuzz: Int32(values[2]), flat: Int32(values[3]),
                        resolution: Int32(values[4]))
                }
                desc = d
            case .events:
                // "- [sec, usec, type, code, value]" under "- evdev:"; anything else (libinput's
                // own event descriptions) is not ours to read.
                guard t.hasPrefix("- [") else { continue }
                // A kernel event holds five whole numbers; anything else here (a string, a
                // fraction) would be dropped, and a tap would land elsewhere: it is an error.
                guard let v = list(Substring(t)), v.count == 5, v[0] >= 0, v[1] >= 0, v[1] < 1_000_000,
                      (0...65535).contains(v[2]), (0...65535).contains(v[3]),
                      Int64(Int32.min)...Int64(Int32.max) ~= v[4] else {
                    fail("expected `- [sec, usec, type, code, value]`, found `\(t)`")
                    continue
                }
                let time = Double(v[0]) + Double(v[1]) / 1e6
                if let last = events.last, time < last.time {
                    fail("time goes back: expected ≥ \(last.time), found \(time)")
                    continue
                }
                events.append(InputEvent(time: time, type: EventType(rawValue: UInt16(v[2])), code: EventCode(rawValue: UInt16(v[3])),
                                         value: Int32(v[4])))
            case .none:
                continue
            }
        }
        if devices == 0 { lineNumber = 1; fail("expected a `devices:` list with a `- node:` entry (is this a libinput record file?)") }
        guard errors.isEmpty else { throw DiagnosticError(errors) }
        return EvemuRecording(description: desc, events: events, format: "libinput record")
    }
}
