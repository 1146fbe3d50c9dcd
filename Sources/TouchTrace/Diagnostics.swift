/// Where in a file something was found: every reader (traces, settings, `scene`, evemu and
/// libinput recordings, synth descriptions) locates its problems with it.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file, as the caller named it.
    public var file: String?
    /// 1-based line.
    public var line: Int?
    /// 1-based column (bytes).
    public var column: Int?
    /// 0-based index of the event among all events of the trace.
    public var eventIndex: Int?

    /// A place: a file, a line and a column (1-based), or an event's index.
    public init(file: String? = nil, line: Int? = nil, column: Int? = nil, eventIndex: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.eventIndex = eventIndex
    }

    /// The value in a few words, for logs and `print`.
    public var description: String {
        var s = file.map { $0 == "-" ? "<stdin>" : $0 } ?? "<input>"
        if let line { s += ":\(line)" }
        if let column { s += ":\(column)" }
        return s
    }
}

/// One problem found in an input, with where it is and what was expected: the one located
/// diagnostic every reader of the package reports.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// How bad a diagnostic is.
    public enum Severity: String, Hashable, Sendable {
        /// The input breaks its format; it is not used.
        case error
        /// The input is usable, but something deserves attention (e.g. a cut-off last line).
        case warning
    }

    /// An error (the input is refused) or a warning.
    public var severity: Severity
    /// Where it applies.
    public var location: SourceLocation
    /// What is wrong, in words.
    public var message: String

    /// A diagnostic of `severity` at `location`.
    public init(_ severity: Severity, _ location: SourceLocation, _ message: String) {
        self.severity = severity
        self.location = location
        // One line, whatever the input put in it: a key or a value read from a file may hold an
        // escape sequence (it reached the terminal) or a line break (it forged a line).
        self.message = visibleText(message)
    }

    /// `file:line:column: error: event 7: message`
    public var description: String {
        var s = "\(location): \(severity.rawValue): "
        if let e = location.eventIndex { s += "event \(e): " }
        return s + message
    }
}

/// An input that could not be read or used, with every problem found.
public struct DiagnosticError: Error, Sendable, CustomStringConvertible {
    /// Every problem found, in order.
    public var diagnostics: [Diagnostic]

    /// An error made of these diagnostics.
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    /// One error at `location`.
    public init(_ message: String, at location: SourceLocation) {
        diagnostics = [Diagnostic(.error, location, message)]
    }

    /// The value in a few words, for logs and `print`.
    public var description: String { diagnostics.map { $0.description }.joined(separator: "\n") }
}

/// `text` with every control character written as an escape (`\n`, `\u{1B}`): a line printed
/// for people stays one line, and a terminal takes no byte of it for a command. Every tool
/// prints names, commands and values it read from a file or a command line through this.
package func visibleText(_ text: String) -> String {
    // Most text has nothing to escape: it is returned as it is, with no copy (the daemon prints
    // a command's line each time it starts one).
    func isControl(_ v: UInt32) -> Bool { v < 0x20 || v == 0x7F || (0x80..<0xA0).contains(v) }
    guard text.unicodeScalars.contains(where: { isControl($0.value) }) else { return text }
    var out = ""
    for u in text.unicodeScalars {
        switch u.value {
        case 0x0A: out += "\\n"
        case 0x0D: out += "\\r"
        case 0x09: out += "\\t"
        case let v where isControl(v): out += "\\u{\(String(u.value, radix: 16, uppercase: true))}"
        default: out.unicodeScalars.append(u)
        }
    }
    return out
}

extension JSONValue {
    /// The value as an error message shows what was found: its JSON, control characters
    /// escaped; a number beyond a double's range (`1e999`, read as infinite) is named so, where
    /// its JSON would be `null`.
    package var foundDescription: String {
        if case .number(let n) = self, !n.isFinite { return "a number beyond a double's range (±1.8e308)" }
        return visibleText(serialized())
    }
}
