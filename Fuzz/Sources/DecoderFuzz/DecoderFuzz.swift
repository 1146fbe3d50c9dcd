// libFuzzer entry point for the decoder: the first byte picks a device (protocol B with 2 or 10
// slots, protocol A, single touch; narrow or full 32-bit axes); every following 6 bytes are one
// kernel event (type, code, value). The frames it emits must form a valid trace.
import TouchGestures
import TouchEvdev
import TouchTrace

func fuzzDevice(_ pick: UInt8) -> DeviceDescription {
    var d = DeviceDescription(name: "fuzz")
    let kind = pick % 4
    if kind <= 1 {
        d.axes[EventCode.mtSlot.rawValue] = AxisInfo(minimum: 0, maximum: kind == 0 ? 1 : 9)
        d.axes[EventCode.mtTrackingID.rawValue] = AxisInfo(minimum: 0, maximum: 65535)
    }
    if kind <= 2 {
        // Every other device spans the whole 32-bit range, where differences overflow Int32.
        let wide = pick & 0x10 != 0
        d.axes[EventCode.mtPositionX.rawValue] = wide ? AxisInfo(minimum: Int32.min, maximum: Int32.max) : AxisInfo(minimum: -50, maximum: 1000)
        d.axes[EventCode.mtPositionY.rawValue] = wide ? AxisInfo(minimum: Int32.min, maximum: Int32.max) : AxisInfo(minimum: 0, maximum: 500)
    } else {
        d.axes[EventCode.absX.rawValue] = AxisInfo(minimum: 0, maximum: 1000)
        d.axes[EventCode.absY.rawValue] = AxisInfo(minimum: 0, maximum: 500)
    }
    return d
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    let device = fuzzDevice(data[0])
    guard var decoder = TouchDecoder(device: device) else { return 0 }
    let types: [UInt16] = [0, 1, 3]
    let codes: [UInt16] = [0, 2, 3, 0x14a, 0x00, 0x01, 0x2f, 0x30, 0x35, 0x36, 0x39, 0x3a]
    var events: [TouchEvent] = []
    var k = 1
    var t = 0.0
    while k + 6 <= size {
        let type = types[Int(data[k]) % types.count]
        let code = codes[Int(data[k + 1]) % codes.count]
        let raw = Int32(bitPattern: UInt32(data[k + 2]) | UInt32(data[k + 3]) << 8 | UInt32(data[k + 4]) << 16 | UInt32(data[k + 5]) << 24)
        // Mostly small values, some negative, some anywhere in the 32-bit range.
        let value = data[k + 4] & 0x40 != 0 ? raw : (data[k + 5] & 0x80 != 0 ? raw % 1200 : raw % 40)
        if type == 0 && code == 0 { t += 0.008 }
        decoder.feed(InputEvent(time: t, type: EventType(rawValue: type), code: EventCode(rawValue: code), value: value)) {
            events.append(contentsOf: $0.events)
        }
        k += 6
    }
    decoder.cancelAll(at: t + 0.008) { events.append(contentsOf: $0.events) }
    let trace = Trace(header: TraceHeader(device: .init(width: decoder.surface.width, height: decoder.surface.height)), events: events)
    let r = TraceReader.diagnose(bytes: Array(TraceWriter.lines(trace).utf8), name: "fuzz-decoder")
    if !r.errors.isEmpty { fatalError("the decoder emitted an invalid trace:\n\(r.errors.prefix(5).map(\.description).joined(separator: "\n"))") }
    return 0
}
