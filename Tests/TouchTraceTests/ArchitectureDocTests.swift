import Foundation
import Testing
import TouchTestSupport

/// docs/architecture.md names files and folders for the next engineer to open: each one it
/// names must exist, so that the page cannot point at what was moved or renamed.
@Suite("docs/architecture.md")
struct ArchitectureDocTests {
    @Test("every file and folder it names exists")
    func everyPathExists() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let regex = try NSRegularExpression(pattern: #"(?<![\w/.])((?:Sources|Tests|tools|dist|docs|traces|Fuzz)(?:/[A-Za-z0-9_.<>+-]+)*/?)"#)
        let paths = regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
        // A template (`Sources/touchtrace/<Command>.swift`) names its folder.
        let named = Set(paths.map { $0.contains("<") ? String($0[..<$0.lastIndex(of: "/")!]) : $0 })
        #expect(named.count > 40, "\(named.count) paths found: \(named.sorted())")
        var missing: [String] = []
        for path in named {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(path).path, isDirectory: &isFolder)
            if !exists || (path.hasSuffix("/") && !isFolder.boolValue) { missing.append(path) }
        }
        #expect(missing.isEmpty, "docs/architecture.md names what is not there: \(missing.sorted())")
    }
}
