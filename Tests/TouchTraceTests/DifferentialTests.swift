import Foundation
import Testing
import TouchTestSupport
import TouchGestures
import TouchEvdev
import TouchList
@testable import TouchTools
@testable import TouchTrace

/// Our byte-level reader against Foundation's JSONDecoder, on every fixture and on random
/// traces and random mutations of them: both accept with equal content, or both refuse.
@Suite("Reader agrees with JSONDecoder")
struct DifferentialTests {
    struct RefDevice: Decodable {
        var name: String?
        var width: Double
        var height: Double
        var units: String?
        struct Res: Decodable { var x: Double; var y: Double }
        var resolution: Res?
    }
    struct RefEvent: Decodable {
        var t: Double, id: Int, phase: String, x: Double, y: Double
        var pressure: Double?, major: Double?, minor: Double?
    }
    struct RefHeader: Decodable {
        var format: String
        var version: Int
        var device: RefDevice
    }
    struct RefDocument: Decodable {
        var format: String
        var version: Int
        var device: RefDevice
        var events: [RefEvent]
    }

    /// What JSONDecoder plus our semantic rules make of a document: events, or nil if refused.
    static func reference(document data: Data) -> (device: RefDevice, events: [TouchEvent])? {
        guard let doc = try? JSONDecoder().decode(RefDocument.self, from: data) else { return nil }
        return check(format: doc.format, version: doc.version, device: doc.device, events: doc.events)
    }

    static func reference(lines data: Data) -> (device: RefDevice, events: [TouchEvent])? {
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .filter { !$0.allSatisfy { [0x20, 0x09, 0x0D].contains($0) } }
        guard let first = lines.first, let h = try? JSONDecoder().decode(RefHeader.self, from: Data(first)) else { return nil }
        var events: [RefEvent] = []
        let endsWithNewline = data.last == UInt8(ascii: "\n")
        for (k, l) in lines.dropFirst().enumerated() {
            guard let e = try? JSONDecoder().decode(RefEvent.self, from: Data(l)) else {
                // The format's one allowance: a last line cut off mid-way (no line break after it)
                // is dropped. (JSONDecoder cannot say "ended early", so any bad last line counts.)
                if k == lines.count - 2 && !endsWithNewline { break }
                return nil
            }
            events.append(e)
        }
        return check(format: h.format, version: h.version, device: h.device, events: events)
    }

    static func check(format: String, version: Int, device: RefDevice, events: [RefEvent]) -> (device: RefDevice, events: [TouchEvent])? {
        guard format == "touch-trace", version == 1, device.width > 0, device.height > 0 else { return nil }
        if let u = device.units, u != "px" && u != "mm" { return nil }
        if let r = device.resolution, !(r.x > 0 && r.y > 0) { return nil }
        var validator = EventValidator(width: device.width, height: device.height)
        var out: [TouchEvent] = []
        for (i, r) in events.enumerated() {
            guard let phase = TouchPhase(name: r.phase) else { return nil }
            let e = TouchEvent(time: r.t, id: r.id, phase: phase, position: Point(x: r.x, y: r.y),
                               pressure: r.pressure, major: r.major, minor: r.minor)
            var bad = false
            _ = validator.check(e, index: i) { sev, _ in if sev == .error { bad = true } }
            if bad { return nil }
            out.append(e)
        }
        return (device, out)
    }

    /// Whether some object of the JSON text `bytes` (a document, or lines) names a key twice,
    /// the keys compared as decoded (`"\u0069d"` is `"id"`): a scan of brackets, commas and
    /// strings of its own, each key decoded by JSONSerialization.
    static func hasRepeatedKey(_ bytes: [UInt8], lines: Bool) -> Bool {
        var stack: [Set<String>?] = []   // an object's keys so far; nil for an array
        var expectingKey = false
        var i = 0
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "{"): stack.append([]); expectingKey = true
            case UInt8(ascii: "["): stack.append(nil); expectingKey = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"): if !stack.isEmpty { stack.removeLast() }; expectingKey = false
            case UInt8(ascii: ","): expectingKey = stack.last.map { $0 != nil } ?? false
            case UInt8(ascii: "\n") where lines: stack.removeAll(); expectingKey = false   // each line a value of its own
            case UInt8(ascii: "\""):
                var j = i + 1
                while j < bytes.count, bytes[j] != UInt8(ascii: "\"") { j += bytes[j] == UInt8(ascii: "\\") ? 2 : 1 }
                if expectingKey, j < bytes.count, var keys = stack.last ?? nil,
                   let decoded = (try? JSONSerialization.jsonObject(with: Data([UInt8(ascii: "[")] + bytes[i...j] + [UInt8(ascii: "]")])) as? [String])?.first {
                    if !keys.insert(decoded).inserted { return true }
                    stack[stack.count - 1] = keys
                }
                expectingKey = false
                i = j
            default: break
            }
            i += 1
        }
        return false
    }

    static func compare(_ bytes: [UInt8], lines: Bool, label: String) {
        let ours = TraceReader.diagnose(bytes: bytes, name: label)
        let ref = lines ? reference(lines: Data(bytes)) : reference(document: Data(bytes))
        if let ref {
            guard let t = ours.trace else {
                // JSONDecoder keeps a repeated key's first value; a trace refuses any key given
                // twice (docs/trace-format.md). Agreed when the text does repeat a key, found by
                // a scan of its own, and that is all we refuse it for.
                if hasRepeatedKey(bytes, lines: lines), ours.errors.allSatisfy({ $0.message.hasSuffix("is given twice; a trace gives each key once") }) { return }
                let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                let at = (ours.errors.first?.location.line ?? 1) - 1
                let shown = at >= 0 && at < lines.count ? String(lines[at]) : ""
                Issue.record("\(label): JSONDecoder accepts, we refuse: \(ours.errors.first?.description ?? "?")\n\(shown)")
                return
            }
            #expect(t.events == ref.events, "\(label)")
            #expect(t.header.device.width == ref.device.width && t.header.device.height == ref.device.height, "\(label)")
            #expect(t.header.device.name == ref.device.name && t.header.device.units == ref.device.units, "\(label)")
        } else if let t = ours.trace {
            var why = ""
            do { _ = try JSONDecoder().decode(RefDocument.self, from: Data(bytes)) } catch {
                if case DecodingError.dataCorrupted(let c) = error { why = "\(c.underlyingError.map { "\($0)" } ?? c.debugDescription)" } else { why = "\(error)" }
                try? Data(bytes).write(to: URL(fileURLWithPath: "/tmp/refused-\(label.hashValue).json"))
            }
            Issue.record("\(label): we accept (\(t.events.count) events), JSONDecoder refuses: \(why.prefix(600))")
        }
    }

    @Test(arguments: corpusFiles)
    func fixturesAgree(_ name: String) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: corpusPath(name))))
        Self.compare(bytes, lines: name.hasSuffix(".jsonl"), label: name)
    }

    /// The library's deterministic generator (SplitMix64), so failures reproduce.
    typealias Rng = SplitMix

    /// A random valid trace with awkward numbers (exponents, many digits, negative zero).
    static func randomTrace(_ rng: inout Rng) -> Trace {
        var events: [TouchEvent] = []
        var t = rng.double() * 1000
        var open: [Int] = []
        for _ in 0..<(1 + rng.int(40)) {
            if rng.int(9) == 0 { t += rng.double() * pow(10, Double(rng.int(8)) - 6) }
            func num() -> Double {
                switch rng.int(5) {
                case 0: return Double(rng.int(800))
                case 1: return (rng.double() * 800 * 1e6).rounded() / 1e6
                case 2: return rng.double() * 800
                case 3: return rng.double() * pow(10, Double(rng.int(30)) - 20)
                default: return Double(rng.int(8000)) / 10
                }
            }
            let phase: TouchPhase
            let id: Int
            if open.isEmpty || (open.count < 5 && rng.int(3) == 0) {
                phase = .down
                var fresh = rng.int(1000) - 100
                while open.contains(fresh) { fresh += 1 }
                id = fresh
                open.append(id)
            } else {
                let k = rng.int(open.count)
                id = open[k]
                phase = [.move, .move, .move, .up, .cancel][rng.int(5)]
                if phase.endsContact { open.remove(at: k) }
            }
            events.append(TouchEvent(time: t, id: id, phase: phase, position: Point(x: num(), y: num()),
                                     pressure: rng.int(4) == 0 ? num() : nil, major: rng.int(6) == 0 ? num() : nil))
        }
        var device = TraceHeader.Device(name: rng.int(2) == 0 ? "dev \"\(rng.int(99))\" é" : nil,
                                        width: 800 + Double(rng.int(3)), height: 480)
        if rng.int(2) == 0 { device.resolution = Point(x: 5, y: rng.double() * 10 + 0.1) }
        return Trace(header: TraceHeader(device: device), events: events)
    }

    static let alphabet = Array(#"{}[],:"0123456789.eE-+ tfnrulsaxyidphe\/"#.utf8) + [0x0A, 0x09]

    static func mutate(_ bytes: [UInt8], _ rng: inout Rng) -> [UInt8] {
        var b = bytes
        for _ in 0..<(1 + rng.int(3)) where !b.isEmpty {
            let at = rng.int(b.count)
            switch rng.int(4) {
            case 0: b[at] = alphabet[rng.int(alphabet.count)]
            case 1: b.remove(at: at)
            case 2: b.insert(alphabet[rng.int(alphabet.count)], at: at)
            default:
                let n = min(1 + rng.int(12), b.count - at)
                b.insert(contentsOf: b[at..<(at + n)], at: rng.int(b.count))
            }
        }
        return b
    }

    @Test("random valid traces and mutations of them, both encodings")
    func randomInputsAgree() {
        var rng = Rng(state: 20261122)
        for round in 0..<600 {
            let trace = Self.randomTrace(&rng)
            let doc = Array(TraceWriter.document(trace).utf8)
            let lines = Array(TraceWriter.lines(trace).utf8)
            // The unmutated trace must be read back exactly.
            #expect(TraceReader.diagnose(bytes: doc).trace == trace, "round \(round)")
            Self.compare(doc, lines: false, label: "round \(round) document")
            Self.compare(lines, lines: true, label: "round \(round) lines")
            for m in 0..<4 {
                Self.compare(Self.mutate(doc, &rng), lines: false, label: "round \(round) document mutation \(m)")
            }
        }
    }
}
