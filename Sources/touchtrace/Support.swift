import Foundation
import TouchGestures
import TouchTrace

/// Reads a whole trace for a command: its warnings go to stderr; when it cannot be read or is
/// invalid, every problem is printed and the command exits 2.
func readTrace(_ path: String) throws -> Trace {
    do {
        let (trace, warnings) = try TraceReader.read(path: path)
        for w in warnings { printError(w.description) }
        return trace
    } catch {
        throw CommandFailure.badInput(error.description)
    }
}

/// Opens a trace to stream: the lines layout is read as it is used (flat memory), a document
/// whole. A header that cannot be read is bad input (exit 2).
func openTrace(_ path: String) throws -> TraceEventStream {
    do { return try TraceEventStream(path: path) } catch { throw CommandFailure.badInput(error.description) }
}

/// After a stream was read to its end: its errors make the command's input bad (exit 2), its
/// warnings are printed.
func finishTrace(_ stream: TraceEventStream, _ path: String) throws {
    if stream.hasErrors {
        printError(stream.diagnostics.filter { $0.severity == .error }.map(\.description).joined(separator: "\n"))
        throw CommandFailure.badInput("touchtrace: \(path) is not a valid trace; what is above covers only the events before its errors")
    }
    for w in stream.diagnostics where w.severity == .warning { printError(w.description) }
}

/// The encoding a path's extension asks for: `.jsonl` lines, anything else a document.
func encodingFor(path: String) -> TraceEncoding { path.hasSuffix(".jsonl") ? .lines : .document }

/// Writes a trace for a command (never half a file: see ``TraceWriter/write(_:to:encoding:)``);
/// on failure the problem is printed and the command exits 2.
func writeTrace(_ trace: Trace, to path: String, encoding: TraceEncoding? = nil) throws {
    do { try TraceWriter.write(trace, to: path, encoding: encoding ?? encodingFor(path: path)) } catch {
        throw CommandFailure.badInput(error.description)
    }
}

/// Writes a text file for a command as ``OutputFile`` does (a regular file replaced whole, a
/// device or FIFO written through); a failure is bad input (exit 2).
func writeText(_ text: String, to path: String) throws {
    try OutputFile.write(text, to: path)
}

/// The settings in the JSON file at `path` (`-`: standard input), in a trace's
/// `scene.settings` form, or `nil` without a path (each trace's own, else the defaults): what
/// `--settings` reads for replay, diff and eval. Bad settings are bad input (exit 2).
func readSettings(_ path: String?) throws -> GestureSettings? {
    guard let path else { return nil }
    let data = try readInput(path, json: true)
    do {
        return try GestureSettings.from(text: data, name: path)
    } catch {
        throw CommandFailure.badInput(error.description)
    }
}

/// The events of the strokes that go down from `from` to `to` seconds (inclusive) and, when
/// `contact` is given, are that contact's: each kept stroke whole, from its touch-down to its
/// lift, so that what is replayed is still a valid sequence of touches.
struct StrokeWindow<Base: Sequence<TouchEvent>>: Sequence, IteratorProtocol {
    var base: Base.Iterator
    let from: Double, to: Double, contact: Int?
    var kept: Set<Int> = []

    init(_ base: Base, from: Double?, to: Double?, contact: Int?) {
        self.base = base.makeIterator()
        self.from = from ?? -.infinity
        self.to = to ?? .infinity
        self.contact = contact
    }

    mutating func next() -> TouchEvent? {
        while let e = base.next() {
            if e.phase == .down, e.time >= from, e.time <= to, contact.map({ $0 == e.id }) ?? true { kept.insert(e.id) }
            guard kept.contains(e.id) else { continue }
            if e.phase == .up || e.phase == .cancel { kept.remove(e.id) }
            return e
        }
        return nil
    }
}

/// Says what a command wrote: on standard output, or on standard error when the output itself
/// went to standard output (`-`), where the line would be mixed into the trace.
func reportWritten(_ line: String, output: String) {
    if output == OutputFile.standardOutput { printError(line) } else { print(line) }
}

/// Refuses an output path that names one of the inputs: writing it would destroy what is read.
func refuseOverwriting(_ inputs: [String], with output: String, command: String) throws {
    for input in inputs where OutputFile.same(input, output) {
        throw CommandFailure.badInput("touchtrace \(command): the output \(output) is the input \(input); give another path")
    }
}

/// The bytes of a text file a command reads (a description, labels, settings, a recording), or
/// of standard input for `-`, through the one reader of text inputs (``InputFile/readText(_:json:)``:
/// refused at its first bytes when they are not text, or not JSON for `json`; 1 GiB at most). A
/// file that cannot be read is bad input (exit 2), with where and why.
func readInput(_ path: String, json: Bool = false) throws -> [UInt8] {
    do { return try InputFile.readText(path, json: json) } catch {
        if error.location.line != nil { throw CommandFailure.badInput(error.description) }
        throw CommandFailure.badInput("touchtrace: \(displayName(path)): \(error.message)")   // "cannot open: <reason>"
    }
}

/// How a command names an input it read: `<stdin>` for `-`, as the diagnostics do.
func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }

/// Refuses `-` named twice among a command's inputs: standard input can be read only once.
func refuseStandardInputTwice(_ inputs: [String], command: String) throws {
    if inputs.filter({ $0 == "-" }).count > 1 {
        throw CommandFailure.badInput("touchtrace \(command): - (standard input) is given more than once; it can be read only once")
    }
}

/// Trace files in `path`: itself if a file (or `-`, standard input), else every .json/.jsonl
/// below it, sorted. In a folder, a file that opens with `[` is not a trace (a trace opens with
/// its header object) but most likely the folder's labels file for `eval`: it is left out, with
/// a note on standard error, rather than counted as a bad trace.
func traceFiles(at path: String) -> (files: [String], isFolder: Bool)? {
    if path == "-" { return (["-"], false) }
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { return nil }
    guard isDir.boolValue else { return ([path], false) }
    let root = URL(fileURLWithPath: path)
    var files: [String] = []
    if let e = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) {
        for case let url as URL in e where ["json", "jsonl"].contains(url.pathExtension) {
            // Regular files only: a FIFO named x.json in a folder blocked the whole replay.
            var st = stat()
            guard stat(url.path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { continue }
            if opensWithArray(url.path) {
                printError("touchtrace: leaving out \(url.path): a JSON array, not a trace (a labels file, for touchtrace eval)")
                continue
            }
            files.append(url.path)
        }
    }
    return (files.sorted(), true)
}

/// Whether the file's first byte after whitespace (and a byte order mark) is `[`: its first
/// bytes through the package's one reader of a file's start.
private func opensWithArray(_ path: String) -> Bool {
    let head = (try? InputFile.readStart(path, kind: .regular, count: 256)) ?? []
    return head.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) } == UInt8(ascii: "[")
}

/// Writes `bytes` to standard output whole, after what `print` holds (the package's one
/// standard output, `StandardOutput`).
func writeStandardOutput(_ bytes: UnsafeBufferPointer<UInt8>) {
    StandardOutput.write(UnsafeRawBufferPointer(bytes))
}

/// After a command: flushes what `print` holds; a write that failed on the way (a full disk,
/// `>/dev/full`) is an error that says so, exit 1, instead of a success with the output lost.
func checkStandardOutput() throws {
    let e = StandardOutput.finish()
    guard e == 0 else { throw CommandFailure.mismatch("touchtrace: cannot write standard output: \(String(cString: strerror(e)))") }
}
