import Testing
import TouchGestures
@testable import TouchEvdev
import TouchRecordings
import TouchList
import TouchTrace
@testable import TouchTools

/// Kernel event sequences written out by hand, decoded into frames.
struct Events {
    var list: [InputEvent] = []
    var t = 0.0
    mutating func abs(_ code: EventCode, _ v: Int32) { list.append(InputEvent(time: t, type: .abs, code: code, value: v)) }
    mutating func key(_ code: EventCode, _ v: Int32) { list.append(InputEvent(time: t, type: .key, code: code, value: v)) }
    mutating func syn(_ code: EventCode = .synReport) { list.append(InputEvent(time: t, type: .syn, code: code, value: 0)) }
    mutating func report(after dt: Double = 0.01) { syn(); t += dt }
}

func device(_ proto: DeviceDescription.TouchProtocol, slots: Int32 = 4, resolution: Int32 = 0) -> DeviceDescription {
    var d = DeviceDescription(name: "test panel")
    d.properties = [InputProperty.direct.rawValue]
    switch proto {
    case .multitouchB:
        d.axes[EventCode.mtSlot.rawValue] = AxisInfo(minimum: 0, maximum: slots - 1)
        d.axes[EventCode.mtTrackingID.rawValue] = AxisInfo(minimum: 0, maximum: 65535)
        fallthrough
    case .multitouchA:
        d.axes[EventCode.mtPositionX.rawValue] = AxisInfo(minimum: 0, maximum: 1000, resolution: resolution)
        d.axes[EventCode.mtPositionY.rawValue] = AxisInfo(minimum: 0, maximum: 500, resolution: resolution)
    case .singleTouch:
        d.axes[EventCode.absX.rawValue] = AxisInfo(minimum: 100, maximum: 1100, resolution: resolution)
        d.axes[EventCode.absY.rawValue] = AxisInfo(minimum: 0, maximum: 500, resolution: resolution)
    }
    return d
}

/// Decodes and renders each frame as "t: phase id (x,y); …" for whole-log comparison.
func decode(_ d: DeviceDescription, _ e: Events, finish: Bool = false) -> [String] {
    var decoder = TouchDecoder(device: d)!
    var out: [String] = []
    func render(_ f: TouchFrame) {
        out.append("\(f.time): " + f.events.map { "\($0.phase.name) \($0.id) (\(Int($0.position.x)),\(Int($0.position.y)))" }.joined(separator: "; "))
    }
    for ev in e.list { decoder.feed(ev, emit: render) }
    if finish { decoder.cancelAll(at: e.t, emit: render) }
    return out
}

@Suite("Decoder: kernel events → frames")
struct TouchDecoderTests {
    @Test func protocolBTwoFingers() {
        var e = Events()
        e.abs(.mtSlot, 0); e.abs(.mtTrackingID, 10); e.abs(.mtPositionX, 100); e.abs(.mtPositionY, 200)
        e.key(.btnTouch, 1); e.abs(.absX, 100); e.abs(.absY, 200)          // pointer emulation: ignored
        e.report()
        e.abs(.mtSlot, 1); e.abs(.mtTrackingID, 11); e.abs(.mtPositionX, 300); e.abs(.mtPositionY, 250)
        e.abs(.mtSlot, 0); e.abs(.mtPositionY, 210)
        e.report()
        e.abs(.mtTrackingID, -1)                                            // slot 0 is still current
        e.report()
        e.abs(.mtSlot, 1); e.abs(.mtTrackingID, -1); e.key(.btnTouch, 0)
        e.report()
        #expect(decode(device(.multitouchB), e) == [
            "0.0: down 0 (100,200)",
            "0.01: move 0 (100,210); down 1 (300,250)",
            "0.02: up 0 (100,210)",
            "0.03: up 1 (300,250)",
        ])
    }

    @Test("a slot whose contact ends and a new one begins in one report: up, then down")
    func slotReusedInOneReport() {
        var e = Events()
        e.abs(.mtTrackingID, 5); e.abs(.mtPositionX, 10); e.abs(.mtPositionY, 10)
        e.report()
        e.abs(.mtTrackingID, 6); e.abs(.mtPositionX, 500)
        e.report()
        #expect(decode(device(.multitouchB), e) == ["0.0: down 0 (10,10)", "0.01: up 0 (500,10); down 0 (500,10)"])
    }

    @Test("a recording that starts mid-touch: positions for an unknown contact begin one")
    func startsInTheMiddle() {
        var e = Events()
        e.abs(.mtSlot, 2); e.abs(.mtPositionX, 40)                        // no tracking id seen
        e.report()
        e.abs(.mtPositionY, 60)
        e.report()
        e.abs(.mtTrackingID, -1)
        e.report()
        #expect(decode(device(.multitouchB), e) == ["0.0: down 2 (40,0)", "0.01: move 2 (40,60)", "0.02: up 2 (40,60)"])
    }

    @Test("a decoder started on a device touched before: the kernel's last positions of each slot stand for the coordinates it leaves out")
    func lastPositionsFromTheKernel() {
        // The kernel sends a slot's coordinate only when it changes: a touch in slot 1 at the
        // x where that slot's last one was reports its y alone.
        var e = Events()
        e.abs(.mtSlot, 1); e.abs(.mtTrackingID, 7); e.abs(.mtPositionY, 300)
        e.report()
        e.abs(.mtTrackingID, -1)
        e.report()
        var decoder = TouchDecoder(device: device(.multitouchB))!
        decoder.setLastPositions(x: [11, 400, 13, 14], y: [21, 250, 23, 24])
        var out: [String] = []
        for ev in e.list {
            decoder.feed(ev) { f in out += f.events.map { "\($0.phase.name) \($0.id) (\(Int($0.position.x)),\(Int($0.position.y)))" } }
        }
        #expect(out == ["down 1 (400,300)", "up 1 (400,300)"])
        // Without them, that x was the axis minimum: the touch began 400 units away from where it was.
        #expect(decode(device(.multitouchB), e) == ["0.0: down 1 (0,300)", "0.01: up 1 (0,300)"])
    }

    @Test("a slot with an open contact keeps its own position when the kernel's are set")
    func lastPositionsLeaveOpenContacts() {
        var decoder = TouchDecoder(device: device(.multitouchB))!
        var out: [String] = []
        let render: (TouchFrame) -> Void = { f in out += f.events.map { "\($0.phase.name) \($0.id) (\(Int($0.position.x)),\(Int($0.position.y)))" } }
        var e = Events()
        e.abs(.mtSlot, 0); e.abs(.mtTrackingID, 3); e.abs(.mtPositionX, 100); e.abs(.mtPositionY, 200)
        e.report()
        for ev in e.list { decoder.feed(ev, emit: render) }
        decoder.setLastPositions(x: [900, 0, 0, 0], y: [450, 0, 0, 0])
        var more = Events()
        more.t = e.t
        more.abs(.mtPositionY, 210)
        more.report()
        for ev in more.list { decoder.feed(ev, emit: render) }
        #expect(out == ["down 0 (100,200)", "move 0 (100,210)"])
    }

    @Test("more fingers than slots: events for slots the device does not have are ignored")
    func moreFingersThanSlots() {
        var e = Events()
        e.abs(.mtSlot, 1); e.abs(.mtTrackingID, 1); e.abs(.mtPositionX, 1)
        e.abs(.mtSlot, 7); e.abs(.mtTrackingID, 2); e.abs(.mtPositionX, 2)
        e.report()
        #expect(decode(device(.multitouchB, slots: 2), e) == ["0.0: down 1 (1,0)"])
    }

    @Test("slots across the whole range, written out of order: each report gives ends first, then the rest, each in slot order")
    func slotsAcrossTheRange() {
        var e = Events()
        // 256 slots: the decoder keeps what changed in four 64-slot words; these sit at the
        // edges of each.
        for (slot, x) in [(200, 7), (64, 3), (0, 1), (255, 8), (127, 5), (63, 2), (128, 6), (65, 4)] as [(Int32, Int32)] {
            e.abs(.mtSlot, slot); e.abs(.mtTrackingID, slot + 1000); e.abs(.mtPositionX, x)
        }
        e.report()
        e.abs(.mtSlot, 128); e.abs(.mtTrackingID, -1)
        e.abs(.mtSlot, 64); e.abs(.mtPositionX, 30)
        e.abs(.mtSlot, 255); e.abs(.mtTrackingID, -1)
        e.abs(.mtSlot, 1); e.abs(.mtTrackingID, 1); e.abs(.mtPositionX, 10)
        e.abs(.mtSlot, 0); e.abs(.mtTrackingID, -1)
        e.report()
        e.report()                                                          // nothing changed: no frame
        e.abs(.mtSlot, 200); e.abs(.mtPositionY, 9)
        e.report()
        #expect(decode(device(.multitouchB, slots: 256), e) == [
            "0.0: down 0 (1,0); down 63 (2,0); down 64 (3,0); down 65 (4,0); down 127 (5,0); down 128 (6,0); down 200 (7,0); down 255 (8,0)",
            "0.01: up 0 (1,0); up 128 (6,0); up 255 (8,0); down 1 (10,0); move 64 (30,0)",
            "0.03: move 200 (7,9)",
        ])
    }

    @Test("SYN_DROPPED: events up to the next report are dropped, open contacts are cancelled, fingers still down begin again")
    func droppedReports() {
        var e = Events()
        e.abs(.mtTrackingID, 1); e.abs(.mtPositionX, 10); e.abs(.mtPositionY, 10)
        e.abs(.mtSlot, 1); e.abs(.mtTrackingID, 2); e.abs(.mtPositionX, 90); e.abs(.mtPositionY, 90)
        e.report()
        e.syn(.synDropped)
        e.abs(.mtSlot, 0); e.abs(.mtTrackingID, -1)                        // lost in the drop
        e.report()
        e.abs(.mtSlot, 1); e.abs(.mtPositionX, 95)                        // the finger still down
        e.report()
        var decoder = TouchDecoder(device: device(.multitouchB))!
        var frames: [String] = []
        for ev in e.list {
            decoder.feed(ev) { f in frames.append(f.events.map { "\($0.phase.name) \($0.id)" }.joined(separator: "; ")) }
        }
        #expect(frames == ["down 0; down 1", "cancel 0; cancel 1", "down 1"])
        #expect(decoder.droppedReports == 1)
    }

    @Test("protocol A: anonymous contacts matched to the nearest of the previous frame")
    func protocolA() {
        var e = Events()
        for (x, y) in [(100, 100), (400, 100)] { e.abs(.mtPositionX, Int32(x)); e.abs(.mtPositionY, Int32(y)); e.syn(.synMTReport) }
        e.report()
        // Reported in the other order, each moved a little: matched by position, not order.
        for (x, y) in [(410, 105), (105, 102)] { e.abs(.mtPositionX, Int32(x)); e.abs(.mtPositionY, Int32(y)); e.syn(.synMTReport) }
        e.report()
        e.abs(.mtPositionX, 106); e.abs(.mtPositionY, 103); e.syn(.synMTReport)   // the second lifted
        e.report()
        e.syn(.synMTReport)                                                          // none left
        e.report()
        #expect(decode(device(.multitouchA), e) == [
            "0.0: down 0 (100,100); down 1 (400,100)",
            "0.01: move 0 (105,102); move 1 (410,105)",
            "0.02: up 1 (410,105); move 0 (106,103)",
            "0.03: up 0 (106,103)",
        ])
    }

    @Test("single touch: BTN_TOUCH and ABS_X/Y, positions relative to the axis minimum")
    func singleTouch() {
        var e = Events()
        e.abs(.absX, 300); e.abs(.absY, 40); e.key(.btnTouch, 1)
        e.report()
        e.abs(.absX, 320)
        e.report()
        e.key(.btnTouch, 0)
        e.report()
        #expect(decode(device(.singleTouch), e) == ["0.0: down 0 (200,40)", "0.01: move 0 (220,40)", "0.02: up 0 (220,40)"])
    }

    @Test("the end of a recording cancels contacts still down")
    func finishCancels() {
        var e = Events()
        e.abs(.mtTrackingID, 3); e.abs(.mtPositionX, 5)
        e.report()
        #expect(decode(device(.multitouchB), e, finish: true) == ["0.0: down 0 (5,0)", "0.01: cancel 0 (5,0)"])
    }

    @Test("the surface has as many units as the axes have values (0…1000 is 1001), with the device's resolution when it has one")
    func surface() throws {
        let plain = try #require(TouchDecoder(device: device(.multitouchB)))
        #expect(plain.surface.width == 1001 && plain.surface.height == 501 && plain.surface.resolutionIsDefault)
        let res = try #require(TouchDecoder(device: device(.multitouchB, resolution: 12)))
        #expect(res.surface.unitsPerMillimeter == Point(x: 12, y: 12))
        #expect(TouchDecoder(device: DeviceDescription(name: "keyboard")) == nil)
    }
}

@Suite("evemu files")
struct EvemuTests {
    static let header = """
        # EVEMU 1.3
        N: Some Panel
        I: 0018 04f3 0732 0001
        P: 02 00 00 00 00 00 00 00
        B: 00 0b 00 00 00 00 00 00 00
        B: 03 03 00 00 00 00 80 e0 0a
        A: 2f 0 9 0 0 0
        A: 35 0 799 0 0 5
        A: 36 0 479 0 0 5
        A: 39 0 65535 0 0 0

        """

    @Test func readsTheDescription() throws {
        let r = try EvemuRecording.parse(Self.header, name: "p.evemu")
        let d = try #require(r.description)
        #expect(d.name == "Some Panel")
        #expect(d.ids.vendor == 0x04f3 && d.ids.product == 0x0732)
        #expect(d.isDirect)
        #expect(d.touchProtocol == .multitouchB)
        #expect(d.slotCount == 10)
        #expect(d.axis(.mtPositionX)?.resolution == 5)
        #expect(d.codes[3]?.contains(EventCode.mtPositionX.rawValue) == true)   // bit 0x35 of the B: 03 line
    }

    @Test func readsEventsWithCommentsAndSignedValues() throws {
        let text = Self.header + "E: 0.000001 0003 0039 0003\t# EV_ABS / ABS_MT_TRACKING_ID   3\nE: 0.095573 0003 0039 -001\n"
        let r = try EvemuRecording.parse(text, name: "p.evemu")
        #expect(r.events.map(\.value) == [3, -1])
        #expect(r.events.map(\.time) == [0.000001, 0.095573])
        #expect(r.events.first?.code == .mtTrackingID)
    }

    @Test("every malformed line is reported with its number")
    func locatedErrors() {
        let text = Self.header + "E: 0.1 0003 0035\nA: zz 0 1 0 0\nQ: what\nE: 0.0 0003 0035 1\n"
        if let error = (#expect(throws: DiagnosticError.self, "accepted bad input") { _ = try EvemuRecording.parse(text, name: "bad.evemu") }) {
            #expect(error.diagnostics.map(\.description) == [
                "bad.evemu:11: error: expected `E: sec.usec type code value`, found `E: 0.1 0003 0035`",
                "bad.evemu:12: error: expected `A: code min max fuzz flat [resolution]`, found `A: zz 0 1 0 0`",
                "bad.evemu:13: error: expected a line starting with N:, I:, P:, B:, A:, E: or #, found `Q:`",
            ])
        }
    }

    @Test("importing keeps name, size and resolution, and starts the clock at 0")
    func importKeepsTheDevice() throws {
        let text = Self.header + """
            E: 1000.500000 0003 0039 0001
            E: 1000.500000 0003 0035 0100
            E: 1000.500000 0003 0036 0200
            E: 1000.500000 0000 0000 0000
            E: 1000.595573 0003 0039 -001
            E: 1000.595573 0000 0000 0000

            """
        let rec = try EvemuRecording.parse(text, name: "p.evemu")
        let trace = try TraceImport.trace(from: rec, source: "p.evemu")
        #expect(trace.header.device.name == "Some Panel")
        // Axes 0…799 × 0…479: an 800 × 480 surface.
        #expect(trace.header.device.width == 800 && trace.header.device.height == 480)
        #expect(trace.header.device.resolution == Point(x: 5, y: 5))
        #expect(trace.events.map(\.time) == [0, 0.095573])
        #expect(trace.header.meta?["timeOrigin"] == .number(1000.5))
        let sized = try TraceImport.trace(from: rec, source: "p.evemu", physicalSize: Point(x: 159.8, y: 95.8))
        #expect(sized.header.device.resolution == Point(x: 800 / 159.8, y: 480 / 95.8))
    }
}

@Suite("Decoder: rotation and calibration")
struct MappingTests {
    func first(_ d: TouchDecoder, x: Int32, y: Int32) -> Point? {
        var decoder = d
        var e = Events()
        e.abs(.mtTrackingID, 1); e.abs(.mtPositionX, x); e.abs(.mtPositionY, y)
        e.report()
        var p: Point?
        for ev in e.list { decoder.feed(ev) { p = $0.events.first?.position } }
        return p
    }

    @Test("rotations turn the surface clockwise; width, height and resolution follow")
    func rotations() throws {
        let d = device(.multitouchB, resolution: 10)   // axes 0…1000 × 0…500: 1001 × 501 units, 10 units/mm
        let expected: [(Rotation, Point, Double, Double)] = [
            (.none, Point(x: 100, y: 50), 1001, 501),
            (.quarter, Point(x: 450, y: 100), 501, 1001),
            (.half, Point(x: 900, y: 450), 1001, 501),
            (.threeQuarters, Point(x: 50, y: 900), 501, 1001),
        ]
        for (r, p, w, h) in expected {
            let dec = try #require(TouchDecoder(device: d, rotation: r))
            #expect(dec.surface.width == w && dec.surface.height == h, "\(r)")
            #expect(try #require(first(dec, x: 100, y: 50)) == p, "\(r)")
        }
    }

    @Test("a calibration matrix maps normalized coordinates (here: mirror x, squeeze y to its top half)")
    func calibration() throws {
        let dec = try #require(TouchDecoder(device: device(.multitouchB), calibration: [-1, 0, 1, 0, 0.5, 0]))
        #expect(try #require(first(dec, x: 100, y: 100)) == Point(x: 900, y: 50))
        #expect(TouchDecoder(device: device(.multitouchB), calibration: [1, 0, 0]) == nil, "six values or none")
    }
}
