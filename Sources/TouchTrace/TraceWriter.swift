internal import CPlatform
import TouchGestures

/// Writes traces in either encoding. Numbers are written in their shortest exact form, so a
/// trace read back is equal to the one written.
public enum TraceWriter {
    /// The header as a JSON object, keys in the format's order; `lines` adds `"encoding": "lines"`.
    public static func headerObject(_ h: TraceHeader, lines: Bool) -> JSONObject {
        var o = JSONObject()
        o["format"] = .string("touch-trace")
        o["version"] = .number(Double(h.version))
        if lines { o["encoding"] = .string("lines") }
        var d = JSONObject()
        if let n = h.device.name { d["name"] = .string(n) }
        d["width"] = .number(h.device.width)
        d["height"] = .number(h.device.height)
        if let r = h.device.resolution { d["resolution"] = .object(JSONObject([.init("x", .number(r.x)), .init("y", .number(r.y))])) }
        if let u = h.device.units { d["units"] = .string(u) }
        o["device"] = .object(d)
        if let s = h.scene { o["scene"] = s }
        if let m = h.meta { o["meta"] = m }
        if let e = h.expect { o["expect"] = .array(e.map { .object($0) }) }
        if let e = h.expectNone { o["expectNone"] = .array(e.map { .string($0) }) }
        o.members += h.extra
        return o
    }

    /// One event as a compact JSON object (no line break).
    public static func eventJSON(_ e: TouchEvent) -> String {
        var s = "{\"t\": \(formatJSONNumber(e.time)), \"id\": \(e.id), \"phase\": \"\(e.phase.name)\", \"x\": \(formatJSONNumber(e.position.x)), \"y\": \(formatJSONNumber(e.position.y))"
        if let p = e.pressure { s += ", \"pressure\": \(formatJSONNumber(p))" }
        if let p = e.major { s += ", \"major\": \(formatJSONNumber(p))" }
        if let p = e.minor { s += ", \"minor\": \(formatJSONNumber(p))" }
        return s + "}"
    }

    /// The document encoding: header keys one a line, then the events one a line.
    public static func document(_ trace: Trace) -> String {
        var out = "{\n"
        for m in headerObject(trace.header, lines: false).members {
            out += "  "
            writeJSONString(m.key, to: &out)
            out += ": " + m.value.serialized() + ",\n"
        }
        out += "  \"events\": ["
        for (i, e) in trace.events.enumerated() {
            out += i == 0 ? "\n    " : ",\n    "
            out += eventJSON(e)
        }
        out += trace.events.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }

    /// The text before the first event of `header`'s trace in `encoding`; then each event's
    /// ``eventText(_:first:encoding:)``, then ``ending(empty:encoding:)``: together exactly
    /// ``document(_:)`` or ``lines(_:)``, written a piece at a time.
    public static func opening(_ header: TraceHeader, encoding: TraceEncoding) -> String {
        if encoding == .lines { return JSONValue.object(headerObject(header, lines: true)).serialized() + "\n" }
        var out = "{\n"
        for m in headerObject(header, lines: false).members {
            out += "  "
            writeJSONString(m.key, to: &out)
            out += ": " + m.value.serialized() + ",\n"
        }
        return out + "  \"events\": ["
    }

    /// One event's text in `encoding` (`first`: the trace's first event).
    public static func eventText(_ e: TouchEvent, first: Bool, encoding: TraceEncoding) -> String {
        encoding == .lines ? eventJSON(e) + "\n" : (first ? "\n    " : ",\n    ") + eventJSON(e)
    }

    /// The text after the last event (`empty`: there was none).
    public static func ending(empty: Bool, encoding: TraceEncoding) -> String {
        encoding == .lines ? "" : (empty ? "]\n}\n" : "\n  ]\n}\n")
    }

    /// The lines encoding: the header with `"encoding": "lines"`, then one event a line.
    public static func lines(_ trace: Trace) -> String {
        var out = JSONValue.object(headerObject(trace.header, lines: true)).serialized() + "\n"
        for e in trace.events { out += eventJSON(e) + "\n" }
        return out
    }

    /// Writes `trace` to `path` in `encoding`, as ``OutputFile`` writes: a regular file is
    /// replaced only once the new one is complete (never half a file), a device or FIFO is
    /// written through.
    public static func write(_ trace: Trace, to path: String, encoding: TraceEncoding) throws(DiagnosticError) {
        let text = encoding == .lines ? lines(trace) : document(trace)
        try OutputFile.write(Array(text.utf8), to: path)
    }
}

/// Writes a trace in the lines encoding as it is recorded: the header first, then each frame
/// with one `write` call, so that after a crash or `kill -9` every complete frame is in the file.
///
/// Not `Sendable`, on purpose: it owns a file descriptor; write from one task.
public final class LinesTraceWriter {
    private var fd: Int32
    /// The file it writes.
    public let path: String

    /// Creates (or truncates) `path` and writes `header` to it; `-` is standard output.
    public init(path: String, header: TraceHeader) throws(DiagnosticError) {
        self.path = OutputFile.displayName(path)
        fd = path == OutputFile.standardOutput ? dup(1) : platform_open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw DiagnosticError([InputFile.failure(self.path, "cannot create")]) }
        let line = JSONValue.object(TraceWriter.headerObject(header, lines: true)).serialized() + "\n"
        guard writeAll(fd, Array(line.utf8)) else { throw DiagnosticError([InputFile.failure(self.path, "cannot write")]) }
    }

    /// Appends a frame's events, one line each, in a single write.
    public func write(_ frame: TouchFrame) throws(DiagnosticError) {
        var text = ""
        for e in frame.events { text += TraceWriter.eventJSON(e) + "\n" }
        guard fd >= 0, writeAll(fd, Array(text.utf8)) else { throw DiagnosticError([InputFile.failure(path, "cannot write")]) }
    }

    /// Flushes to the device and closes the file.
    public func close() {
        if fd >= 0 {
            fsync(fd)
            CPlatform.close(fd)
            fd = -1
        }
    }

    deinit { close() }
}
