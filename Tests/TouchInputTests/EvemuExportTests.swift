import Foundation
import Testing
import TouchGestures
import TouchTrace
@testable import TouchInput

/// Export then import must give back the same gestures: the encoder and the decoder agree.
@Suite("evemu export")
struct EvemuExportTests {
    static let traces = packageRoot.appendingPathComponent("traces")
    static let files = ((try? FileManager.default.contentsOfDirectory(atPath: traces.path)) ?? [])
        .filter { $0.hasSuffix(".json") || $0.hasSuffix(".jsonl") }.sorted()

    /// Taps and swipes, without times and positions (rounding to axis units moves them a little).
    static func gestures(_ t: Trace, settings: GestureSettings? = nil) -> [String] {
        TraceReplay.run(header: t.header, settings: settings, events: t.events).output.compactMap {
            switch $0.kind {
            case .tap(let g): "tap \(g.taps)×\(g.fingers)"
            case .swipe(let g): "swipe \(g.direction) \(g.fingers)"
            default: nil
            }
        }
    }

    @Test("every corpus trace survives export → evemu → import (evdev has no cancel: those become lifts)", arguments: files)
    func roundTrip(_ name: String) throws {
        var (trace, _) = try TraceReader.read(path: Self.traces.appendingPathComponent(name).path)
        // What evdev can express: a cancel is a lift.
        trace.events = trace.events.map { var e = $0; if e.phase == .cancel { e.phase = .up }; return e }
        let text = try EvemuExport.text(for: trace)
        let back = try TraceImport.trace(from: try EvemuRecording.parse(text, name: name), source: name)
        // An evemu recording holds no scene: replay it with the trace's own settings.
        #expect(Self.gestures(back, settings: trace.header.settings) == Self.gestures(trace), "\(name)")
        #expect(back.header.device.width >= trace.header.device.width)
    }

    @Test("more contacts than slots is an error that says so")
    func tooManyContacts() {
        var events: [TouchEvent] = []
        for id in 0..<11 { events.append(TouchEvent(time: 0, id: id, phase: .down, position: Point(x: 1, y: 1))) }
        let trace = Trace(header: TraceHeader(device: .init(width: 10, height: 10)), events: events)
        #expect(throws: EvemuExport.Failure.self) { try EvemuExport.text(for: trace) }
    }
}

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
