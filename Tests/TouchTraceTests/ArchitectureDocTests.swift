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

    /// Each target's direct dependencies in Package.swift, by name.
    static func targetDependencies() throws -> [String: [String]] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let regex = try NSRegularExpression(pattern: #"\.(?:target|executableTarget|testTarget)\(\s*name:\s*"([^"]+)"[^\[]*?dependencies:\s*\[([^\]]*)\]"#)
        var out: [String: [String]] = [:]
        for m in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let name = Range(m.range(at: 1), in: text), let deps = Range(m.range(at: 2), in: text) else { continue }
            let list = String(text[deps]).split(separator: ",").compactMap { part -> String? in
                let p = String(part).trimmingCharacters(in: .whitespacesAndNewlines)
                guard p.hasPrefix("\"") else { return nil }
                return p.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            out[String(text[name])] = list
        }
        return out
    }

    /// The library modules: Package.swift's `.target`s but the C modules (`CPlatform`, …: each
    /// library's C dependencies are in its row) and the tests' support.
    static func libraries() throws -> Set<String> {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let regex = try NSRegularExpression(pattern: #"\.target\(\s*name:\s*"([^"]+)""#)
        let names = regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
        return Set(names.filter { !($0.hasPrefix("C") && $0.dropFirst().first?.isUppercase == true) && $0 != "TouchTestSupport" })
    }

    @Test("its table of the modules' dependencies is Package.swift's, for every library module")
    func dependencyTableIsPackageSwift() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        var table: [String: Set<String>] = [:]
        var inTable = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("| Module | Depends on |") { inTable = true; continue }
            guard inTable else { continue }
            guard line.hasPrefix("|") else { break }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 2, !cells[0].hasPrefix("---") else { continue }
            table[cells[0]] = Set(cells[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        let deps = try Self.targetDependencies()
        let libraries = try Self.libraries()
        #expect(libraries.count >= 10, "\(libraries.sorted())")
        #expect(Set(table.keys) == libraries, "the table lists \(table.keys.sorted()), Package.swift \(libraries.sorted())")
        for module in libraries {
            #expect(table[module] == Set(deps[module] ?? []), "\(module): the table says \(table[module]?.sorted() ?? []), Package.swift \(deps[module] ?? [])")
        }
    }

    @Test("no arrow against the data path: what comes after the frames reaches no evdev decoder and no device")
    func noArrowAgainstTheDataPath() throws {
        let deps = try Self.targetDependencies()
        for module in ["TouchList", "TouchTrace", "TouchReplay", "GestureBindings", "TouchGesturesC", "TouchTools"] {
            var reached: Set<String> = []
            var queue = [module]
            while let t = queue.popLast() {
                for d in deps[t] ?? [] where reached.insert(d).inserted { queue.append(d) }
            }
            #expect(reached.isDisjoint(with: ["TouchEvdev", "TouchInput", "CLibevdev", "TouchRecordings"]), "\(module) reaches \(reached.sorted())")
        }
    }

    @Test("the live path (TouchInput, TouchEvdev) links no trace format, no JSON reader and no recordings' readers")
    func livePathLinksNoTraceReader() throws {
        let deps = try Self.targetDependencies()
        #expect(deps["TouchEvdev"] == ["TouchGestures"], "\(deps["TouchEvdev"] ?? [])")
        var reached: Set<String> = []
        var queue = ["TouchInput"]
        while let t = queue.popLast() {
            for d in deps[t] ?? [] where reached.insert(d).inserted { queue.append(d) }
        }
        #expect(reached.contains("TouchEvdev") && reached.contains("TouchGestures"), "\(reached.sorted())")
        #expect(reached.isDisjoint(with: ["TouchTrace", "CJSONStructure", "TouchRecordings", "TouchList"]), "\(reached.sorted())")
    }
}
