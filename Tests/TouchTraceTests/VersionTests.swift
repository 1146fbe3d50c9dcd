import Foundation
import Testing
import TouchTestSupport
import TouchTrace

/// The version is written twice, for the two kinds of reader: `touchGesturesVersion` for the
/// programs, the plain file `VERSION` for the scripts (the libraries' sonames, the packages, the
/// tarballs). They are one version.
@Suite("The version")
struct VersionTests {
    @Test("VERSION holds the programs' version, and nothing else")
    func oneVersion() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("VERSION"), encoding: .utf8)
        #expect(text == touchGesturesVersion + "\n", "VERSION says \(text.debugDescription), the programs \(touchGesturesVersion)")
        #expect(touchGesturesVersion.split(separator: ".").count == 3 && touchGesturesVersion.allSatisfy { $0.isNumber || $0 == "." })
    }

    @Test("the symbol map's newest node, the CHANGELOG's newest heading and the docs' file names are that version (the map said 0.2.0 where the rest said 0.1.0, a version released without the C library)")
    func everyPlaceAgrees() throws {
        func read(_ path: String) throws -> String { try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8) }
        let v = touchGesturesVersion
        // The map's nodes, in order: the newest is the last.
        let map = try read("dist/touchgestures.map")
        let nodes = map.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("TOUCHGESTURES_"), let brace = line.firstIndex(of: " ") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 14)..<brace])
        }
        #expect(nodes.last == v, "the symbol map's nodes: \(nodes)")
        let changelog = try read("CHANGELOG.md")
        let heading = changelog.split(separator: "\n").first { $0.hasPrefix("## ") }
        #expect(heading?.hasPrefix("## \(v)") == true, "CHANGELOG's newest heading: \(heading ?? "none")")
        #expect(try read("docs/c-api.md").contains("libtouchgestures.so.\(v)"))
        for doc in ["README.md", "docs/sxmo.md"] {
            #expect(try read(doc).contains("touch-gestured_\(v)_amd64.deb"), "\(doc)")
        }
    }
}
