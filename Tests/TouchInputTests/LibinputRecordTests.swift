import Testing
import TouchGestures
@testable import TouchEvdev
import TouchList
import TouchTrace
@testable import TouchTools
@testable import TouchInput

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

    @Test func malformedEventLinesAreLocated() {
        let bad = Self.sample.replacingOccurrences(of: "- [  0,  80000,   3,  57,   -1]", with: "- [  0,  80000,   3]")
        do {
            _ = try EvemuRecording.parseLibinputRecord(bad, name: "r.yml")
            Issue.record("accepted a malformed event")
        } catch {
            #expect(error.diagnostics.first?.description == "r.yml:47: error: expected `- [sec, usec, type, code, value]`, found `- [  0,  80000,   3]`")
        }
        #expect(throws: DiagnosticError.self) { try EvemuRecording.parseLibinputRecord("version: 1\n", name: "x.yml") }
        #expect(!EvemuRecording.isLibinputRecord("# EVEMU 1.3\nN: x\n"))
    }
}
