import TouchEvdev
import TouchGestures
import TouchTrace

/// Builds traces from kernel event recordings, through `TouchEvdev`'s `TouchDecoder`.
public enum TraceImport {
    /// A trace from an evemu recording. `physicalSize` (millimeters) sets the resolution for
    /// devices that do not report one. Times start at 0; the recording's origin is kept in
    /// `meta.timeOrigin`. Contacts still down at the end are left open (the format treats them
    /// as cancelled).
    public static func trace(from recording: EvemuRecording, source: String,
                             physicalSize: Point? = nil) throws(DiagnosticError) -> Trace {
        let desc = try check(recording, source: source)
        guard var decoder = TouchDecoder(device: desc) else {
            throw DiagnosticError("the device reports no touch positions", at: SourceLocation(file: source))
        }
        let origin = recording.events.first?.time ?? 0
        return finish(recording, desc: desc, decoder: &decoder, origin: origin, source: source, physicalSize: physicalSize)
    }

    /// What every reader of a recording asks of it before decoding it (`touchtrace import`,
    /// `touch-gestured --replay`: one rule): a device description, touch positions, axes with a
    /// range, and positions mostly within it. Returns the description. `descriptionOption`: the
    /// reader's option that gives a description apart (`touchtrace import`'s `--desc`), or nil
    /// where there is none (the daemon's `--replay`): the messages name only what the reader has.
    public static func check(_ recording: EvemuRecording, source: String, descriptionOption: String? = "--desc") throws(DiagnosticError) -> DeviceDescription {
        guard let desc = recording.description else {
            let remedy = descriptionOption.map { "give one with \($0)" }
                ?? "put the device's description (evemu-describe's output, which evemu-record writes first) before its events"
            throw DiagnosticError("the recording has no device description (N:, B:, A: lines); \(remedy)", at: SourceLocation(file: source))
        }
        guard TouchDecoder(device: desc) != nil else {
            // A name is quoted short: a recording can name its device with megabytes.
            let name = desc.name.count > 80 ? String(desc.name.prefix(80)) + "…" : desc.name
            throw DiagnosticError("\(name.isEmpty ? "the device" : name) reports no touch positions (expected ABS_MT_POSITION_X/Y or ABS_X/Y axes)", at: SourceLocation(file: source))
        }
        if let axes = desc.positionAxes {
            for (name, a) in [("X", axes.x), ("Y", axes.y)] where a.maximum <= a.minimum {
                throw DiagnosticError("the \(name) position axis has no range (minimum \(a.minimum), maximum \(a.maximum)); positions on it cannot be placed", at: SourceLocation(file: source))
            }
        }
        if let axes = desc.positionAxes {
            try checkPositions(recording.events, against: axes, source: source, descriptionOption: descriptionOption)
        }
        return desc
    }

    private static func finish(_ recording: EvemuRecording, desc: DeviceDescription, decoder: inout TouchDecoder,
                               origin: Double, source: String, physicalSize: Point?) -> Trace {
        var events: [TouchEvent] = []
        for e in recording.events {
            var shifted = e
            shifted.time = TouchEvent.roundedTime(e.time - origin)
            decoder.feed(shifted) { frame in events.append(contentsOf: frame.events) }
        }
        let s = decoder.surface
        var resolution: Point? = s.resolutionIsDefault ? nil : s.unitsPerMillimeter
        if let size = physicalSize, size.x > 0, size.y > 0 {
            resolution = Point(x: s.width / size.x, y: s.height / size.y)
        }
        var header = TraceHeader(device: .init(name: desc.name.isEmpty ? nil : desc.name, width: s.width, height: s.height,
                                               resolution: resolution, units: "px"))
        var meta = JSONObject()
        meta["importedFrom"] = .string(source)
        meta["recording"] = .string(recording.format)
        meta["protocol"] = .string(decoder.touchProtocol.rawValue)
        meta["slots"] = .number(Double(desc.slotCount))
        meta["timeOrigin"] = .number(origin)
        if decoder.droppedReports > 0 { meta["droppedReports"] = .number(Double(decoder.droppedReports)) }
        if decoder.eventsOnMissingSlots > 0 { meta["eventsOnMissingSlots"] = .number(Double(decoder.eventsOnMissingSlots)) }
        if physicalSize != nil { meta["resolutionFrom"] = .string("physical size given at import") }
        header.meta = .object(meta)
        return Trace(header: header, events: events)
    }

    /// Refuses a recording whose positions mostly lie far outside the description's axes: the
    /// sign of a `--desc` for another device, which imported silently before.
    /// "Far" is more than a tenth of the axis's range beyond either end, and "mostly" over 1 %
    /// of the position values: panels report a little past their range at the edges.
    static func checkPositions(_ events: [InputEvent], against axes: (x: AxisInfo, y: AxisInfo),
                               source: String, descriptionOption: String?) throws(DiagnosticError) {
        var total = 0, outside = 0
        var example: (axis: String, value: Int32)?
        for e in events where e.type == .abs {
            let axis: AxisInfo, name: String
            switch e.code {
            case .mtPositionX, .absX: (axis, name) = (axes.x, "X")
            case .mtPositionY, .absY: (axis, name) = (axes.y, "Y")
            default: continue
            }
            total += 1
            let margin = (Int64(axis.maximum) - Int64(axis.minimum)) / 10
            if Int64(e.value) < Int64(axis.minimum) - margin || Int64(e.value) > Int64(axis.maximum) + margin {
                outside += 1
                if example == nil { example = (name, e.value) }
            }
        }
        guard outside * 100 > total, let example else { return }
        throw DiagnosticError("\(outside) of \(total) position values lie far outside the description's axes "
            + "(X \(axes.x.minimum)…\(axes.x.maximum), Y \(axes.y.minimum)…\(axes.y.maximum); the first: \(example.axis) \(example.value)): "
            + "the description is not this recording's device" + (descriptionOption.map { " (with \($0), give the right one)" } ?? ""),
            at: SourceLocation(file: source))
    }

}
