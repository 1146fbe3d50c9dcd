/// Where in a trace file something was found.
public struct TraceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file, as the caller named it.
    public var file: String?
    /// 1-based line.
    public var line: Int?
    /// 1-based column (bytes).
    public var column: Int?
    /// 0-based index of the event among all events of the trace.
    public var eventIndex: Int?

    public init(file: String? = nil, line: Int? = nil, column: Int? = nil, eventIndex: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.eventIndex = eventIndex
    }

    public var description: String {
        var s = file ?? "<input>"
        if let line { s += ":\(line)" }
        if let column { s += ":\(column)" }
        return s
    }
}

/// One problem found in a trace, with where it is and what was expected.
public struct TraceDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable {
        /// The trace breaks the format; it is not replayed.
        case error
        /// The trace is usable, but something deserves attention (e.g. a cut-off last line).
        case warning
    }

    public var severity: Severity
    public var location: TraceLocation
    public var message: String

    public init(_ severity: Severity, _ location: TraceLocation, _ message: String) {
        self.severity = severity
        self.location = location
        self.message = message
    }

    /// `file:line:column: error: event 7: message`
    public var description: String {
        var s = "\(location): \(severity.rawValue): "
        if let e = location.eventIndex { s += "event \(e): " }
        return s + message
    }
}

/// A trace that could not be read, with every problem found.
public struct TraceError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [TraceDiagnostic]

    public init(_ diagnostics: [TraceDiagnostic]) { self.diagnostics = diagnostics }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
