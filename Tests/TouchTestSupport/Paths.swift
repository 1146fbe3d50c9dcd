import Foundation
import TouchTrace

// Where the suites find the package's files, and scratch folders: shared by every test target
// that reads the corpus or writes files.

/// The package root, found from this file's path.
public let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The path of the corpus trace `name` (`traces/NAME`).
public func corpusPath(_ name: String) -> String { packageRoot.appendingPathComponent("traces").appendingPathComponent(name).path }

/// Reads bytes given as text, as a trace file named `name`.
public func diagnose(_ text: String, name: String = "t.json") -> TraceReadResult {
    TraceReader.diagnose(bytes: Array(text.utf8), name: name)
}

/// A scratch folder removed when the test ends.
public final class TempDir {
    public let url: URL
    public init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("touchtrace-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    deinit { try? FileManager.default.removeItem(at: url) }
}
