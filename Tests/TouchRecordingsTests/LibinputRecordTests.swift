import Foundation
import Testing
import TouchTestSupport
import TouchGestures
@testable import TouchEvdev
@testable import TouchRecordings
import TouchList
import TouchReplay
import TouchTrace
@testable import TouchTools

@Suite("libinput record files")
struct LibinputRecordTests {
    /// A small recording in libinput record's layout, written for this test: two fingers touch
    /// a 10-slot panel together for 80 ms.
    static let sample = """
        # libinput record
        version: 1
        ndevices: 1
        libinput:
          version: "1.22.1"
        system:
          kernel: "6.1.0"
        devices:
        - node: /dev/input/event4
          evdev:
            # Name: Test Touchscreen
            name: "Test Touchscreen"
            id: [3, 1267, 10780, 273]
            codes:
              0: [0, 1, 2, 3] # EV_SYN
              1: [330] # EV_KEY
              3: [0, 1, 47, 53, 54, 57] # EV_ABS
            absinfo:
              0: [0, 3000, 0, 0, 12]
              1: [0, 2000, 0, 0, 12]
              47: [0, 9, 0, 0, 0]
              53: [0, 3000, 0, 0, 12]
              54: [0, 2000, 0, 0, 12]
              57: [0, 65535, 0, 0, 0]
            properties: [1]
          udev:
            properties:
            - ID_INPUT=1
            - ID_INPUT_TOUCHSCREEN=1
          events:
          # Current time is 10:00:00
          - evdev:
            - [  0,      0,   3,  47,    0] # EV_ABS / ABS_MT_SLOT 0
            - [  0,      0,   3,  57,   40] # EV_ABS / ABS_MT_TRACKING_ID 40
            - [  0,      0,   3,  53, 1000]
            - [  0,      0,   3,  54, 1000]
            - [  0,      0,   3,  47,    1]
            - [  0,      0,   3,  57,   41]
            - [  0,      0,   3,  53, 1500]
            - [  0,      0,   3,  54, 1000]
            - [  0,      0,   1, 330,    1] # EV_KEY / BTN_TOUCH 1
            - [  0,      0,   0,   0,    0] # ------------ SYN_REPORT (0) ---------- +0ms
          - libinput:
            - {time: 0.000000, type: TOUCH_DOWN, slot: 0}
          - evdev:
            - [  0,  80000,   3,  47,    0]
            - [  0,  80000,   3,  57,   -1]
            - [  0,  80000,   3,  47,    1]
            - [  0,  80000,   3,  57,   -1]
            - [  0,  80000,   1, 330,    0]
            - [  0,  80000,   0,   0,    0]

        """

    @Test func readsTheDeviceAndTheEvents() throws {
        #expect(EvemuRecording.isLibinputRecord(Self.sample))
        let rec = try EvemuRecording.parseLibinputRecord(Self.sample, name: "r.yml")
        let d = try #require(rec.description)
        #expect(d.name == "Test Touchscreen")
        #expect(d.ids.vendor == 1267)
        #expect(d.isDirect && d.touchProtocol == .multitouchB && d.slotCount == 10)
        #expect(d.axis(.mtPositionX)?.resolution == 12)
        #expect(rec.events.count == 16)
        #expect(rec.format == "libinput record")
    }

    @Test("imported, it replays as a two-finger tap")
    func replaysAsATwoFingerTap() throws {
        let trace = try TraceImport.trace(from: try EvemuRecording.parseLibinputRecord(Self.sample, name: "r.yml"), source: "r.yml")
        #expect(trace.header.device.resolution == Point(x: 12, y: 12))
        #expect(trace.header.meta?["recording"] == .string("libinput record"))
        let out = TraceReplay.run(header: trace.header, events: trace.events).output
        guard case .tap(let t)? = out.first?.gesture?.kind else {
            Issue.record("no tap: \(out)")
            return
        }
        #expect(t.fingers == 2 && t.taps == 1)
    }

    @Test("a contact on a slot the device does not have (300 of 10) is left out, and the import says so")
    func missingSlotIsSaid() throws {
        // The second finger on slot 300: the kernel would never send it; a recording may.
        let text = Self.sample.replacingOccurrences(of: "- [  0,      0,   3,  47,    1]", with: "- [  0,      0,   3,  47,  300]")
            .replacingOccurrences(of: "- [  0,  80000,   3,  47,    1]", with: "- [  0,  80000,   3,  47,  300]")
        let trace = try TraceImport.trace(from: try EvemuRecording.parseLibinputRecord(text, name: "r.yml"), source: "r.yml")
        #expect(trace.events.filter { $0.phase == .down }.count == 1)
        #expect(trace.header.meta?["eventsOnMissingSlots"] == .number(4))
        // touchtrace import says it on standard error.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("slots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try text.write(to: dir.appendingPathComponent("r.yml"), atomically: true, encoding: .utf8)
        let bin = try #require(builtProgram("touchtrace"))
        let r = try runProgram(bin, ["import", dir.appendingPathComponent("r.yml").path, dir.appendingPathComponent("t.json").path], in: dir)
        #expect(r.status == 0)
        #expect(r.err.contains("4 events named a slot beyond the device's 10 and were left out"), "\(r.err)")
    }

    @Test func malformedEventLinesAreLocated() {
        let bad = Self.sample.replacingOccurrences(of: "- [  0,  80000,   3,  57,   -1]", with: "- [  0,  80000,   3]")
        if let error = (#expect(throws: DiagnosticError.self, "accepted a malformed event") { _ = try EvemuRecording.parseLibinputRecord(bad, name: "r.yml") }) {
            #expect(error.diagnostics.first?.description == "r.yml:47: error: expected `- [sec, usec, type, code, value]`, found `- [  0,  80000,   3]`")
        }
        #expect(throws: DiagnosticError.self) { try EvemuRecording.parseLibinputRecord("version: 1\n", name: "x.yml") }
        #expect(!EvemuRecording.isLibinputRecord("# EVEMU 1.3\nN: x\n"))
    }
}

@Suite("Recordings with values evdev cannot carry: located errors, never a trap or a silent change")
struct RecordingLimitsTests {
    let sample = LibinputRecordTests.sample

    func refused(_ text: String, _ message: String) {
        if let error = (#expect(throws: DiagnosticError.self, "accepted: \(message)") { _ = try EvemuRecording.parseLibinputRecord(text, name: "r.yml") }) {
            #expect(error.diagnostics.contains { $0.description.contains(message) }, "\(error)")
        }
    }

    @Test("an event type or code above 65535 is an error (it trapped)")
    func typeAndCodeRange() {
        refused(sample.replacingOccurrences(of: "- [  0,  80000,   0,   0,    0]", with: "- [  0,  80000,   70000,   0,    0]"),
                "expected `- [sec, usec, type, code, value]`, found `- [  0,  80000,   70000,   0,    0]`")
        refused(sample.replacingOccurrences(of: "3: [0, 1, 47, 53, 54, 57] # EV_ABS", with: "3: [0, 1, 47, 53, 54, 70000]"),
                "expected codes from 0 to 65535")
    }

    @Test("an event holding a string or a fraction is an error, not dropped (a tap landed elsewhere)")
    func stringsAndFractions() {
        refused(sample.replacingOccurrences(of: "- [  0,      0,   3,  53, 1500]", with: "- [  0,      0,   3,  53, \"1500\"]"),
                "found `- [  0,      0,   3,  53, \"1500\"]`")
        refused(sample.replacingOccurrences(of: "- [  0,      0,   3,  53, 1500]", with: "- [  0,      0,   3,  53, 1500.5]"),
                "found `- [  0,      0,   3,  53, 1500.5]`")
    }

    @Test("axis values beyond 32 bits are an error, not cut to 32 bits (two fingers became one)")
    func thirtyTwoBits() {
        refused(sample.replacingOccurrences(of: "- [  0,      0,   3,  57,   41]", with: "- [  0,      0,   3,  57,   4294967337]"),
                "found `- [  0,      0,   3,  57,   4294967337]`")
        refused(sample.replacingOccurrences(of: "47: [0, 9, 0, 0, 0]", with: "47: [0, 4294967305, 0, 0, 0]"),
                "expected 32-bit axis values (evdev's)")
    }

    @Test("a slot range of 2³¹ decodes without allocating for every slot (85 GB before)")
    func hugeSlotRange() throws {
        let huge = sample.replacingOccurrences(of: "47: [0, 9, 0, 0, 0]", with: "47: [0, 2147483647, 0, 0, 0]")
        let trace = try TraceImport.trace(from: try EvemuRecording.parseLibinputRecord(huge, name: "r.yml"), source: "r.yml")
        #expect(trace.events.filter { $0.phase == .down }.count == 2, "both fingers, on slots 0 and 1")
        var d = DeviceDescription(name: "wide")
        d.axes[EventCode.mtSlot.rawValue] = AxisInfo(minimum: 0, maximum: Int32.max)
        d.axes[EventCode.mtPositionX.rawValue] = AxisInfo(minimum: 0, maximum: 100)
        d.axes[EventCode.mtPositionY.rawValue] = AxisInfo(minimum: 0, maximum: 100)
        #expect(TouchDecoder(device: d) != nil)
    }

    @Test("an evemu code bitmask longer than evdev's 65,536 codes is an error (it trapped)")
    func longBitmask() {
        let line = "B: 03 ff ff ff ff ff ff ff ff\n"
        let text = "N: long\n" + String(repeating: line, count: 1025)
        if let error = (#expect(throws: DiagnosticError.self, "accepted a bitmask of 8,200 bytes") { _ = try EvemuRecording.parse(text, name: "r.events") }) {
            #expect(error.diagnostics.first?.description == "r.events:1026: error: the code bitmask of type 03 runs past the 65,536 codes evdev has (8200 bytes)")
        }
    }
}
