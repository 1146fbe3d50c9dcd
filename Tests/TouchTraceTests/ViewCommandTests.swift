import Foundation
import Testing
import TouchTestSupport

/// `touchtrace view`: what it puts in the page and what it refuses. The page's parts here are
/// stand-ins made by the test (any bytes as the engine): the command embeds them, it does not
/// run them. The real page, with the real engine, is opened in a browser by tools/view-test.
@Suite("touchtrace view")
struct ViewCommandTests {
    let dir = TempDir()
    let engineBytes = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) })

    /// A folder of parts: the page's template with its four marks, a host, an engine.
    func parts() throws -> String {
        let folder = dir.path("parts")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("<script id=engine>/*ENGINE*/</script><script>/*HOST*/</script><script>const page = {name: /*NAME*/, trace: /*TRACE*/};</script>".utf8)
            .write(to: URL(fileURLWithPath: folder + "/page.html"))
        try Data("function runTraceEngine() {}".utf8).write(to: URL(fileURLWithPath: folder + "/wasi-host.js"))
        try engineBytes.write(to: URL(fileURLWithPath: folder + "/touchtrace-view.wasm"))
        return folder
    }

    func run(_ args: [String], input: Data? = nil) throws -> ProgramRun {
        let bin = try #require(builtProgram("touchtrace"), "touchtrace was not built beside the tests")
        return try runProgram(bin, args, in: dir.url, input: input)
    }

    /// `-` reads the trace from standard input, once: the page holds it (it was read a second
    /// time to check it, and standard input was empty by then).
    @Test func readsStandardInputOnce() throws {
        let folder = try parts()
        let trace = try Data(contentsOf: URL(fileURLWithPath: corpusPath("tap-double.json")))
        let r = try run(["view", "-", "-o", "s.html", "--engine", folder], input: trace)
        #expect(r.status == 0, "\(r.err)")
        let page = try String(contentsOfFile: dir.path("s.html"), encoding: .utf8)
        #expect(page.contains(#"\"events\": ["#), "the page lacks the trace's events")
        #expect(page.contains("name: \"-\""))
    }

    /// The trace's text between the marks as a script string (a `</script>` in a note cannot
    /// end the element), its name, the host, and the engine gzipped in base64.
    @Test func pageHoldsTheTraceTheHostAndTheEngine() throws {
        let folder = try parts()
        var trace = try String(contentsOfFile: corpusPath("tap-double.json"), encoding: .utf8)
        trace = trace.replacingOccurrences(of: "\"meta\": {", with: "\"meta\": {\"x\": \"</script><b>\", ")
        try Data(trace.utf8).write(to: URL(fileURLWithPath: dir.path("t.json")))
        let r = try run(["view", "t.json", "--engine", folder])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == "t.html: the page (\(try Data(contentsOf: URL(fileURLWithPath: dir.path("t.html"))).count) bytes); open it in a browser\n")
        let page = try String(contentsOfFile: dir.path("t.html"), encoding: .utf8)
        #expect(!page.contains("</script><b>"))
        #expect(page.contains("\\u003c/script>\\u003cb>"))
        #expect(page.contains("name: \"t.json\""))
        #expect(page.contains("function runTraceEngine() {}"))
        // The trace's text comes back whole from the script string.
        let start = try #require(page.range(of: "trace: "))
        let end = try #require(page.range(of: "};</script>", range: start.upperBound..<page.endIndex))
        let literal = String(page[start.upperBound..<end.lowerBound])
        let back = try JSONSerialization.jsonObject(with: Data(literal.utf8), options: .fragmentsAllowed) as? String
        #expect(back == trace)
        // The engine: base64 of gzip, which gunzip gives back byte for byte.
        let engineStart = try #require(page.range(of: "<script id=engine>"))
        let b64 = String(page[engineStart.upperBound...].prefix { $0 != "<" })
        let gz = try #require(Data(base64Encoded: b64, options: .ignoreUnknownCharacters))
        #expect(gz.prefix(2) == Data([0x1f, 0x8b]))
        try gz.write(to: URL(fileURLWithPath: dir.path("e.gz")))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["gzip", "-dc", dir.path("e.gz")]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let unzipped = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(unzipped == engineBytes)
    }

    /// Without -o an existing page is left alone; with -o it is replaced. The trace itself is
    /// never the output.
    @Test func replacesOnlyWhatItIsAskedTo() throws {
        let folder = try parts()
        try FileManager.default.copyItem(atPath: corpusPath("tap-double.json"), toPath: dir.path("t.json"))
        try Data("mine".utf8).write(to: URL(fileURLWithPath: dir.path("t.html")))
        let refused = try run(["view", "t.json", "--engine", folder])
        #expect(refused.status == 2)
        #expect(refused.err.contains("t.html exists; name it with -o to replace it"), "\(refused.err)")
        #expect(try String(contentsOfFile: dir.path("t.html"), encoding: .utf8) == "mine")
        let replaced = try run(["view", "t.json", "--engine", folder, "-o", "t.html"])
        #expect(replaced.status == 0, "\(replaced.err)")
        #expect(try String(contentsOfFile: dir.path("t.html"), encoding: .utf8).hasPrefix("<script id=engine>H4sI"))
        let onItself = try run(["view", "t.json", "--engine", folder, "-o", "t.json"])
        #expect(onItself.status == 2)
        let notHTML = try run(["view", "t.json", "--engine", folder, "-o", "t.svg"])
        #expect(notHTML.status == 2)
        #expect(notHTML.err.contains("the page must end in .html, found t.svg"), "\(notHTML.err)")
    }

    /// A trace that cannot be read is said so at its line and column, and no page is written;
    /// a folder without the parts is named with what it lacks.
    @Test func badInputWritesNothing() throws {
        let folder = try parts()
        try Data("{\"format\": \"touch-trace\", \"version\": 1,\n  \"device\": {\"width\": 800, \"height\": 480},\n  \"events\": [oops]}\n".utf8)
            .write(to: URL(fileURLWithPath: dir.path("bad.json")))
        let bad = try run(["view", "bad.json", "--engine", folder])
        #expect(bad.status == 2)
        #expect(bad.err.contains("bad.json:3:"), "\(bad.err)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("bad.html")))
        try FileManager.default.removeItem(atPath: folder + "/wasi-host.js")
        try FileManager.default.copyItem(atPath: corpusPath("tap-double.json"), toPath: dir.path("t.json"))
        let lacking = try run(["view", "t.json", "--engine", folder])
        #expect(lacking.status == 2)
        #expect(lacking.err.contains("does not hold touchtrace-view.wasm, page.html, wasi-host.js"), "\(lacking.err)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("t.html")))
    }
}
