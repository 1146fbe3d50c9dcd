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
}
