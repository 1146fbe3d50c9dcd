import Testing
import TouchEvdev
@testable @_spi(Fuzzing) import TouchRecordings
import TouchTestSupport
import TouchTrace

/// The evemu reader takes well-formed `E:` lines from their bytes (`EventLine`) and every other
/// line through its general, Character-based reading. Both must give the same recording, or the
/// same errors, whatever the text.
@Suite("evemu: event lines read from their bytes, as the general reading reads them")
struct EvemuEventLineTests {
    /// What a reading gave: the recording, or the errors' text.
    struct Outcome: Equatable, CustomStringConvertible {
        var events: [InputEvent] = []
        var device: DeviceDescription?
        var errors = ""
        var description: String { errors.isEmpty ? "\(events.count) events: \(events.prefix(4))…" : errors }
    }

    /// Both readings of `text`.
    func both(_ text: String) -> (fast: Outcome, general: Outcome) {
        func run(_ fast: Bool) -> Outcome {
            do {
                let r = try EvemuRecording.parse(text, name: "t.events", fastEvents: fast)
                return Outcome(events: r.events, device: r.description)
            } catch {
                return Outcome(errors: error.description)
            }
        }
        return (run(true), run(false))
    }

    /// `line` read from its bytes (nil: left to the general reading).
    func eventLine(_ line: String) -> InputEvent? {
        Array(line.utf8).withUnsafeBufferPointer { EventLine.read($0) }
    }

    @Test("plain event lines are read from their bytes, with the general reading's values")
    func plainLines() throws {
        for (line, time, type, code, value) in [
            ("E: 0.000000 0003 0035 1234", 0.0, UInt16(3), UInt16(0x35), Int32(1234)),
            ("E: 12.345678 0003 002f -1", 12.345678, 3, 0x2F, -1),
            ("\tE:\t1.5 3 36 007   # a comment", 1.5, 3, 0x36, 7),
            ("E: 7 0 0 0", 7.0, 0, 0, 0),
            ("E: 1.000001 FFFF ffff -2147483648", 1.000001, 0xFFFF, 0xFFFF, Int32.min),
        ] {
            let e = try #require(eventLine(line), "\(line)")
            #expect(e == InputEvent(time: time, type: EventType(rawValue: type), code: EventCode(rawValue: code), value: value), "\(line)")
            let (fast, general) = both(line)
            #expect(fast == general, "\(line)")
        }
    }

    @Test("lines the bytes do not plainly settle are left to the general reading")
    func leftToTheGeneralReading() {
        for line in ["E: +1.0 3 35 5", "E: 1.0 3 35 +5", "E:1.0 3 35 5", "E: 1. 3 35 5", "E: 1.0123456789 3 35 5",
                     "E: 1.0 10000 35 5", "E: 1.0 3 35 2147483648", "E: 1.0 3 35 5 6", "E: 1.0 3 35 5#\u{301}x",
                     "E: 1.0 3 35 5\u{301}", "E: 1.0 3 35", "E: 1.0 3g 35 5", "E: 1.0#3 35 5", "E: 1.0 3 35 5 \r"] {
            #expect(eventLine(line) == nil, "\(line)")
            let (fast, general) = both(line)
            #expect(fast == general, "\(line)")
        }
    }

    @Test("line ends: LF, CR LF, a CR before either, a CR at the end of the text")
    func lineEnds() {
        for end in ["\n", "\r\n", "\r\r\n", "\r\n\r\n", "\r\r\r\n", "\n\r"] {
            for last in ["", "\r", "\r\r", "\n"] {
                let text = "E: 1.0 3 35 5" + end + "E: 2.0 3 35 6" + end + "E: 3.0 0 0 0" + last
                let (fast, general) = both(text)
                #expect(fast == general, "\(text.debugDescription)")
            }
        }
    }

    @Test("lines are found on the bytes where splitting the Characters at LF and CR LF finds them")
    func linesAsCharacters() {
        var rng = SplitMix(state: 7)
        let pieces = ["a", " ", "\r", "\n", "\r\n", "é", "\u{301}", "E: 1 0 0 0"]
        for _ in 0..<5_000 {
            var text = (0..<Int(rng.next() % 12)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
            let reference = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
                .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
            var found: [String] = []
            text.withUTF8 { bytes in
                EvemuRecording.forEachLine(bytes) { line, n in
                    #expect(n == found.count + 1)
                    found.append(String(decoding: line, as: UTF8.self))
                }
            }
            #expect(found == reference, "\(text.debugDescription)")
        }
    }

    @Test("random recordings and their mutations: the same events, or the same errors, either way")
    func randomTexts() {
        var rng = SplitMix(state: 31)
        let pieces = ["E:", " ", "\t", "#", "+", "-", ".", "0", "7", "9", "a", "F", "g", "\r", "\n", "\r\n", "\u{301}", "é",
                      "N: x", "A: 35 0 100 0 0 10", "B: 03 00 00 00 00 00 00 60 00", "# Value 5", "E: 0.5 3 35 9"]
        func number(_ digits: Int) -> String { String((0..<digits).map { _ in Character(String(rng.next() % 10)) }) }
        var differences = 0
        for _ in 0..<3_000 {
            var lines: [String] = []
            var t = 0
            for _ in 0..<(1 + Int(rng.next() % 8)) {
                t += Int(rng.next() % 3)
                var line = "E: \(t).\(number(1 + Int(rng.next() % 10))) \(String(rng.next() % 0x1_0010, radix: 16)) "
                    + "\(String(rng.next() % 0x40, radix: 16, uppercase: rng.next() % 2 == 0)) "
                    + "\(rng.next() % 2 == 0 ? "-" : "")\(number(1 + Int(rng.next() % 11)))"
                // Mutate some lines: a piece inserted, or a byte dropped.
                if rng.next() % 3 == 0 {
                    var chars = Array(line)
                    let at = Int(rng.next() % UInt64(chars.count + 1))
                    if rng.next() % 2 == 0 {
                        chars.insert(contentsOf: pieces[Int(rng.next() % UInt64(pieces.count))], at: at)
                    } else if at < chars.count {
                        chars.remove(at: at)
                    }
                    line = String(chars)
                }
                lines.append(line)
            }
            let text = lines.joined(separator: rng.next() % 4 == 0 ? "\r\n" : "\n") + (rng.next() % 2 == 0 ? "\n" : "")
            let (fast, general) = both(text)
            if fast != general {
                differences += 1
                Issue.record("\(text.debugDescription):\n  bytes:   \(fast)\n  general: \(general)")
                if differences > 5 { return }
            }
        }
    }
}
