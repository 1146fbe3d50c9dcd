import TouchGestures

/// Reads the document encoding one event at a time, in memory that does not grow with the
/// trace: the file is mapped, and the pages behind the reader are let go as it goes.
///
/// A document puts its header around its events (`"events"` may come before `"device"`, and
/// `"expect"` after), so it is read twice: first its members, skipping the events array by
/// its brackets alone, then the events. A document whose syntax or header is wrong is read
/// as the whole-file reader reads it, so that every problem is reported as before; problems
/// in the events themselves are reported as they are met, as for the lines encoding.
///
/// A compact one-line document of 1 M events, read whole, took 1.9 s and 540 MB against
/// 0.4 s and 197 MB for the same events one a line; BENCHMARKS.md has the figures since.
final class DocumentStream {
    let header: TraceHeader
    private let file: MappedFile
    @exclusivity(unchecked) private var parser: DocumentParser
    @exclusivity(unchecked) private var validator: EventValidator
    @exclusivity(unchecked) private var index = 0
    @exclusivity(unchecked) private var finished = false
    @exclusivity(unchecked) private var nextRelease: Int

    /// How far the reader goes between letting go of the pages behind it, in bytes (256 KiB).
    private static let releaseStep = 1 << 18

    convenience init(path: String, sceneCheck: SceneCheck) throws(DiagnosticError) {
        let file: MappedFile
        do { file = try MappedFile(path: path, populate: false) } catch { throw DiagnosticError([error]) }
        try self.init(file: file, name: path, sceneCheck: sceneCheck)
    }

    /// Streams the document in `file`; `name` is used in locations, `sceneCheck` checks the
    /// header's scene.
    init(file: MappedFile, name path: String, sceneCheck: SceneCheck) throws(DiagnosticError) {
        self.file = file
        parser = DocumentParser(name: path, base: file.base, count: file.count, sceneCheck: sceneCheck)
        parser.file = file
        let bom = file.count >= 3 && file.base[0] == 0xEF && file.base[1] == 0xBB && file.base[2] == 0xBF
        guard !bom, let outline = parser.outline(collect: false), let eventsAt = outline.eventsAt,
              let header = parser.header(of: outline), !parser.diagnostics.hasError else {
            throw DiagnosticError(TraceReader.diagnose(file.base, count: file.count, name: path, sceneCheck: sceneCheck).diagnostics)
        }
        self.header = header
        validator = EventValidator(width: header.device.width, height: header.device.height)
        // The events come next: lines are counted again from the top for their locations.
        parser.restartLocations()
        parser.scanner.i = eventsAt + 1
        parser.scanner.skipWhitespace()
        if parser.scanner.peek() == UInt8(ascii: "]") { finished = true }
        nextRelease = eventsAt + DocumentStream.releaseStep
        file.release(before: eventsAt)
    }

    /// Every problem found so far.
    var diagnostics: DiagnosticList { parser.diagnostics }

    /// The next valid event, or `nil` at the end of the events.
    func next() -> TouchEvent? {
        while !finished {
            if parser.scanner.i >= nextRelease {
                file.release(before: parser.scanner.i)
                nextRelease = parser.scanner.i + DocumentStream.releaseStep
            }
            do throws(ScanError) {
                let e = try nextInArray()
                let ok = e.map { check($0, index: index - 1) } ?? false
                if arrayEnded { finish() }
                if ok { return e }
            } catch {
                parser.report(error, event: index)
                finish()
            }
        }
        return nil
    }

    /// Reads one element of the events array: an event, or `nil` for one with a problem
    /// (reported). After the last one, `arrayEnded` is set.
    private func nextInArray() throws(ScanError) -> TouchEvent? {
        parser.scanner.skipWhitespace()
        let at = parser.scanner.i
        var problem: ShapeProblem?
        let parsed = try parser.scanner.parseEvent(problem: &problem)
        let current = index
        index += 1
        if let d = parser.scanner.duplicateKey {
            parser.diagnostics.add(Diagnostic(.error, parser.location(d.offset, event: current), TraceReader.givenTwice(eventKeys[d.which])))
        }
        if parsed == nil, let p = problem {
            for q in p.all { parser.diagnostics.add(Diagnostic(.error, parser.location(q.offset, event: current), q.message)) }
        }
        parser.scanner.skipWhitespace()
        guard !parser.scanner.atEnd else { throw parser.scanner.error("',' or ']'") }
        if parser.scanner.peek() == UInt8(ascii: ",") {
            parser.scanner.i += 1
        } else if parser.scanner.peek() == UInt8(ascii: "]") {
            parser.scanner.i += 1
            arrayEnded = true
        } else {
            throw parser.scanner.error("',' or ']' after an event")
        }
        if parsed != nil { lastOffset = at }
        return parsed
    }

    /// Where the last event read began, a byte offset.
    @exclusivity(unchecked) private var lastOffset = 0
    @exclusivity(unchecked) private var arrayEnded = false

    /// The rules an event must keep given the events before it; false when it breaks one.
    private func check(_ e: TouchEvent, index: Int) -> Bool {
        let offset = lastOffset
        // The closure holds the reader unretained: capturing `self` retained and released it at
        // every event, 5% of validating a compact document (perf).
        let me = Unmanaged.passUnretained(self)
        return validator.check(e, index: index) { severity, message in
            me._withUnsafeGuaranteedRef { $0.report(severity, message, offset: offset, event: index) }
        }
    }

    private func report(_ severity: Diagnostic.Severity, _ message: String, offset: Int, event: Int) {
        parser.diagnostics.add(Diagnostic(severity, parser.location(offset, event: event), message))
    }

    private func finish() {
        guard !finished else { return }
        finished = true
        let name = parser.name
        validator.finish { at, message in
            parser.diagnostics.add(Diagnostic(.warning, SourceLocation(file: name, eventIndex: at >= 0 ? at : nil), message))
        }
        file.release(before: file.count)
    }
}
