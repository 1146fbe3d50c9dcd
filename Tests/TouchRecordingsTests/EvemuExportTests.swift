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

/// Export then import must give back the same gestures: the encoder and the decoder agree.
@Suite("evemu export")
struct EvemuExportTests {
    static let traces = packageRoot.appendingPathComponent("traces")
    static let files = ((try? FileManager.default.contentsOfDirectory(atPath: traces.path)) ?? [])
        .filter { $0.hasSuffix(".json") || $0.hasSuffix(".jsonl") }.sorted()

    /// Taps and swipes, without times and positions (rounding to axis units moves them a little).
    static func gestures(_ t: Trace, settings: GestureSettings? = nil) -> [String] {
        TraceReplay.run(header: t.header, settings: settings, events: t.events).output.compactMap {
            switch $0.gesture?.kind {
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
        #expect(throws: DiagnosticError.self) { try EvemuExport.text(for: trace) }
    }
}


@Suite("Evemu importer: fuzz regressions")
struct EvemuFuzzRegressionTests {
    static let folder = packageRoot.appendingPathComponent("Fuzz/regressions")
    static let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".events") }.sorted()

    @Test func thereAreRegressions() { #expect(!Self.files.isEmpty) }

    /// The EvemuFuzz invariant: what the importer accepts is a valid trace; the rest is refused
    /// with a message.
    @Test(arguments: files)
    func importsValidlyOrRefuses(_ name: String) throws {
        let text = String(decoding: try Data(contentsOf: Self.folder.appendingPathComponent(name)), as: UTF8.self)
        guard let rec = try? EvemuRecording.parse(text, name: name) else { return }
        do {
            let trace = try TraceImport.trace(from: rec, source: name)
            #expect(TraceReader.diagnose(bytes: Array(TraceWriter.document(trace).utf8), name: name).errors.isEmpty)
        } catch {
            #expect(!error.description.isEmpty)
        }
    }

    @Test("an axis with no range is refused with a message that names it")
    func axisWithoutRange() throws {
        let text = String(decoding: try Data(contentsOf: Self.folder.appendingPathComponent("evemu-axis-without-range.events")), as: UTF8.self)
        let rec = try EvemuRecording.parse(text, name: "r.events")
        #expect(throws: DiagnosticError.self) { try TraceImport.trace(from: rec, source: "r.events") }
        do { _ = try TraceImport.trace(from: rec, source: "r.events") } catch {
            #expect(error.description == "r.events: error: the Y position axis has no range (minimum 479, maximum 0); positions on it cannot be placed")
        }
    }
}

@Suite("Recordings edited on Windows")
struct CRLFTests {
    @Test("an evemu recording with CRLF line ends imports the same events (it imported 0: CRLF is one Character)")
    func crlf() throws {
        let data = packageRoot.appendingPathComponent("tools/vmtest/data")
        let events = try String(contentsOf: data.appendingPathComponent("atmel-fast-taps.events"), encoding: .utf8)
        let desc = try String(contentsOf: data.appendingPathComponent("atmel.desc"), encoding: .utf8)
        func imported(_ e: String, _ d: String) throws -> [TouchEvent] {
            var rec = try EvemuRecording.parse(e, name: "r.events")
            rec.description = try EvemuRecording.parse(d, name: "r.desc").description
            return try TraceImport.trace(from: rec, source: "r.events").events
        }
        let lf = try imported(events, desc)
        let crlf = try imported(events.replacingOccurrences(of: "\n", with: "\r\n"), desc.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(!lf.isEmpty)
        #expect(crlf == lf)
    }
}
