import ArgumentParser
import Foundation
import TouchTrace

struct View: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "Write one HTML page that replays a trace with the engine itself (WebAssembly): scrub through it, see the arena decide, change a setting and see what changes.",
        discussion: """
            The page needs nothing else (no network; it opens from file://). It is made of the \
            engine tools/wasm builds and the page beside it: installed under \
            share/touchgestures/view, or in the source tree's .build/wasm/built once tools/wasm \
            has run; --engine names another such folder. Without -o the page is NAME.html in the \
            current folder (NAME: the trace's file name without its extension), and an existing \
            file there is left alone: name it with -o to replace it. Add #t=SECONDS to the page's \
            address to open it at that time.
            """)

    @Argument(help: "The trace.")
    var file: String

    @Option(name: .shortAndLong, help: "Where to write the page (.html); replaced if it exists.")
    var output: String?

    @Option(help: ArgumentHelp("The folder holding the page's engine (touchtrace-view.wasm, page.html, wasi-host.js).", valueName: "folder"))
    var engine: String?

    func run() throws {
        let name = PathText.lastComponent(of: file)
        let out = output ?? ((name as NSString).deletingPathExtension + ".html")
        guard out.hasSuffix(".html") || out == OutputFile.standardOutput else {
            throw CommandFailure.badInput("touchtrace view: the page must end in .html, found \(out)")
        }
        if output == nil, FileManager.default.fileExists(atPath: out) {
            throw CommandFailure.badInput("touchtrace view: \(out) exists; name it with -o to replace it")
        }
        try refuseOverwriting([file], with: out, command: "view")
        // Read once, and checked here first: a trace that cannot be read is said so with its lines
        // and columns, and no page is written (standard input, `-`, can be read only once).
        let bytes = try readInput(file, json: true)
        let read = TraceReader.diagnose(bytes: bytes, name: displayName(file))
        guard read.trace != nil else { throw CommandFailure.badInput(DiagnosticError(read.diagnostics).description) }
        for w in read.warnings { printError(w.description) }
        let folder = try engineFolder()
        func part(_ n: String) throws -> Data {
            guard let d = FileManager.default.contents(atPath: folder + "/" + n) else {
                throw CommandFailure.badInput("touchtrace view: \(folder)/\(n) cannot be read")
            }
            return d
        }
        let wasm = try part("touchtrace-view.wasm"), host = try part("wasi-host.js"), template = try part("page.html")
        let html = String(decoding: template, as: UTF8.self)
        let pieces: [(String, String)] = [
            ("/*ENGINE*/", Self.gzipped(wasm).base64EncodedString(options: .lineLength76Characters)),
            ("/*HOST*/", String(decoding: host, as: UTF8.self)),
            ("/*NAME*/", Self.scriptString(name)),
            ("/*TRACE*/", Self.scriptString(String(decoding: bytes, as: UTF8.self))),
        ]
        var page = html
        for (mark, text) in pieces {
            guard let r = page.range(of: mark) else {
                throw CommandFailure.badInput("touchtrace view: \(folder)/page.html has no \(mark)")
            }
            page.replaceSubrange(r, with: text)
        }
        try writeText(page, to: out)
        reportWritten("\(out): the page (\(page.utf8.count) bytes); open it in a browser", output: out)
    }

    /// `text` as a JavaScript string inside a `<script>` element: JSON's string, with `<` written
    /// `\u003c` so that no `</script>` in a trace's note ends the element.
    static func scriptString(_ text: String) -> String {
        JSONValue.string(text).serialized().replacingOccurrences(of: "<", with: "\\u003c")
    }

    /// The engine compressed with gzip (the page inflates it with the browser's
    /// DecompressionStream): 1,003,319 bytes become 379,908. Without gzip on the machine, as it is.
    static func gzipped(_ data: Data) -> Data {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["gzip", "-9", "-n", "-c"]
        let input = Pipe(), out = Pipe()
        p.standardInput = input
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return data }
        // Written from another thread: gzip's output pipe would fill while its input is written.
        let writer = Thread {
            input.fileHandleForWriting.write(data)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let zipped = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return p.terminationStatus == 0 && !zipped.isEmpty ? zipped : data
    }

    /// The folder of the page's parts: --engine, else the installed one beside this program
    /// (PREFIX/bin/touchtrace: PREFIX/share/touchgestures/view), else the source tree's build
    /// (.build/wasm/built in the tree whose .build holds this program).
    func engineFolder() throws -> String {
        let parts = ["touchtrace-view.wasm", "page.html", "wasi-host.js"]
        func holds(_ f: String) -> Bool { parts.allSatisfy { FileManager.default.fileExists(atPath: f + "/" + $0) } }
        if let engine {
            guard holds(engine) else {
                throw CommandFailure.badInput("touchtrace view: \(engine) does not hold \(parts.joined(separator: ", "))")
            }
            return engine
        }
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let program = URL(fileURLWithPath: me).resolvingSymlinksInPath()
        var candidates = [program.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share/touchgestures/view").path]
        var up = program.deletingLastPathComponent()
        while up.path != "/" {
            if up.lastPathComponent == ".build" { candidates.append(up.appendingPathComponent("wasm/built").path); break }
            up = up.deletingLastPathComponent()
        }
        if let found = candidates.first(where: holds) { return found }
        throw CommandFailure.badInput("touchtrace view: the page's engine is not built (looked in \(candidates.joined(separator: " and "))); run tools/wasm in the source tree, or give --engine FOLDER")
    }
}
