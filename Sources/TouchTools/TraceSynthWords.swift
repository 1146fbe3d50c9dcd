// The words of a `touchtrace synth` statement, read one at a time, each mistake located at its
// word. TraceSynth.swift reads the statements.

import TouchGestures
import TouchTrace

extension TraceSynth {
    /// The words of one statement, read left to right, with errors that locate the word.
    struct Words {
        let words: [String]
        let columns: [Int]
        /// The column just past the line's end, where a missing word is reported.
        let lineEnd: Int
        let file: String
        let line: Int
        var k = 0

        var atEnd: Bool { k >= words.count }
        func peek() -> String? { k < words.count ? words[k] : nil }

        func fail(_ expected: String) -> DiagnosticError {
            let found = k < words.count ? "'\(words[k])'" : "the end of the statement"
            let location = SourceLocation(file: file, line: line, column: k < words.count ? columns[k] : lineEnd)
            return DiagnosticError("in `\(words.joined(separator: " "))`: expected \(expected), found \(found)", at: location)
        }
        mutating func next(_ expected: String) throws(DiagnosticError) -> String {
            guard k < words.count else { throw fail(expected) }
            defer { k += 1 }
            return words[k]
        }
        mutating func take(_ word: String) -> Bool {
            if peek() == word { k += 1; return true }
            return false
        }
        /// A row index: a whole number from 0 to 10,000,000.
        mutating func row() throws(DiagnosticError) -> Double {
            guard let s = peek(), let v = Double(s), v >= 0, v <= 10_000_000, v == v.rounded() else {
                throw fail("a row: a whole number from 0 to 10,000,000")
            }
            k += 1
            return v
        }
        mutating func number(_ expected: String) throws(DiagnosticError) -> Double {
            guard let s = peek(), let v = Double(s), v.isFinite else { throw fail(expected) }
            k += 1
            return v
        }
        /// "0.25s", "250ms", or a bare number of seconds ("0.25")
        mutating func seconds() throws(DiagnosticError) -> Double {
            guard let s = peek() else { throw fail("a time in seconds, like 0.25s (at most 3600s)") }
            let value: Double? = s.hasSuffix("ms") ? Double(s.dropLast(2)).map { $0 / 1000 }
                : s.hasSuffix("s") ? Double(s.dropLast()) : Double(s)
            guard let v = value, v >= 0, v <= 3600 else {
                throw fail("a time in seconds, like 0.25s, 250ms or 0.25 (at most 3600s)")
            }
            k += 1
            return v
        }
        /// "400,210"
        mutating func point() throws(DiagnosticError) -> Point {
            guard let s = peek() else { throw fail("a position x,y") }
            let parts = s.split(separator: ",")
            guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite else {
                throw fail("a position x,y, like 400,210")
            }
            k += 1
            return Point(x: x, y: y)
        }
        mutating func count(_ what: String) throws(DiagnosticError) -> Int {
            guard let s = peek(), let v = Int(s), v >= 1, v <= 10 else { throw fail("\(what) from 1 to 10") }
            k += 1
            return v
        }
        func end() throws(DiagnosticError) {
            if !atEnd { throw fail("the end of the statement") }
        }
    }
}
