internal import CPlatform
import TouchGestures

/// Parses the lines encoding one line at a time; memory stays flat unless `collectEvents`.
struct LinesParser {
    let name: String?
    let collectEvents: Bool
    /// What is checked in the header's `scene` besides its settings.
    let sceneCheck: SceneCheck
    var header: TraceHeader?
    var headerSeen = false
    var validator = EventValidator(width: .infinity, height: .infinity)
    var diagnostics = DiagnosticList()
    var events: [TouchEvent] = []
    var eventCount = 0
    /// The last event parsed by ``line(_:count:number:final:)``, when it was valid.
    var lastEvent: TouchEvent?

    /// A key the format does not have is an error (see `HeaderDecoder.decode`).
    var strictKeys = false

    init(name: String?, collectEvents: Bool, sceneCheck: SceneCheck) {
        self.name = name
        self.sceneCheck = sceneCheck
        self.collectEvents = collectEvents
    }

    func location(_ line: Int, _ column: Int? = nil, event: Int? = nil) -> SourceLocation {
        SourceLocation(file: name, line: line, column: column, eventIndex: event)
    }

    /// Handles one line (without its line break). `final`: the file ends without a line break
    /// after it, so a line cut off by a crash is recognized.
    mutating func line(_ base: UnsafePointer<UInt8>, count: Int, number: Int, final: Bool) {
        lastEvent = nil
        var s = JSONScanner(base, count: count)
        s.skipWhitespace()
        if s.atEnd { return }
        if !headerSeen {
            headerSeen = true
            do throws(ScanError) {
                let v = try s.parseValue()
                s.skipWhitespace()
                if !s.atEnd { throw s.error("the end of the header line") }
                guard let o = v.objectValue else {
                    diagnostics.add(Diagnostic(.error, location(number, 1), "expected the header object on the first line, found \(v.kindDescription)"))
                    return
                }
                let n = number
                let file = name
                var found: [Diagnostic] = []
                header = HeaderDecoder.decode(o, lines: true, strictKeys: strictKeys, sceneCheck: sceneCheck, locate: { _ in SourceLocation(file: file, line: n) },
                                              report: { found.append($0) })
                for d in found { diagnostics.add(d) }
                if let h = header { validator = EventValidator(width: h.device.width, height: h.device.height) }
            } catch {
                diagnostics.add(Diagnostic(.error, location(number, error.offset + 1), "header: " + error.message))
            }
            return
        }
        let index = eventCount
        eventCount += 1
        var problem: ShapeProblem?
        do throws(ScanError) {
            let e = try s.parseEvent(problem: &problem)
            if let d = s.duplicateKey {
                diagnostics.add(Diagnostic(.error, location(number, d.offset + 1, event: index), TraceReader.givenTwice(eventKeys[d.which])))
            }
            s.skipWhitespace()
            if !s.atEnd { throw s.error("the end of the line after the event") }
            if let p = problem {
                for q in p.all { diagnostics.add(Diagnostic(.error, location(number, q.offset + 1, event: index), q.message)) }
                return
            }
            guard let e else { return }
            var found: (Diagnostic.Severity, String)?
            var extra: [(Diagnostic.Severity, String)] = []
            let ok = validator.check(e, index: index) { sev, msg in
                if found == nil { found = (sev, msg) } else { extra.append((sev, msg)) }
            }
            if let (sev, msg) = found {
                diagnostics.add(Diagnostic(sev, location(number, event: index), msg))
                for (sev, msg) in extra { diagnostics.add(Diagnostic(sev, location(number, event: index), msg)) }
            }
            if ok {
                lastEvent = e
                if collectEvents { events.append(e) }
            }
        } catch {
            if final && error.atEndOfInput {
                eventCount -= 1
                diagnostics.add(Diagnostic(.warning, location(number),
                    "the last line is incomplete (the recording was cut off?): it is ignored, and the \(eventCount) events before it are kept"))
            } else {
                diagnostics.add(Diagnostic(.error, location(number, error.offset + 1, event: index), error.message))
            }
        }
    }

    mutating func finishChecks() {
        if !headerSeen {
            diagnostics.add(Diagnostic(.error, location(1), "the file is empty (expected a header line)"))
        }
        let eventsName = name
        var found: [Diagnostic] = []
        validator.finish { at, msg in
            found.append(Diagnostic(.warning, SourceLocation(file: eventsName, eventIndex: at >= 0 ? at : nil), msg))
        }
        for d in found { diagnostics.add(d) }
    }

    mutating func finish() -> TraceReadResult {
        finishChecks()
        let diags = diagnostics.final(file: name)
        let trace = diagnostics.hasError ? nil : header.map { Trace(header: $0, events: events) }
        return TraceReadResult(trace: trace, encoding: .lines, diagnostics: diags, errorCount: diagnostics.errorCount)
    }
}
