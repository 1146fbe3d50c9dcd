import Foundation
import TouchGestures
import Testing
import TouchReplay
@testable import TouchTrace
import TouchTestSupport

/// Findings of the hostile test run in the readers and the commands around them,
/// each pinned by the input that showed it.
@Suite("Readers: what the hostile run found")
struct ReaderHardeningTests {
    let cli = CLITests()
    static let header = #"{"format": "touch-trace", "version": 1, "encoding": "lines", "device": {"width": 800, "height": 480}}"#
    static let tap = #"{"t": 0, "id": 0, "phase": "down", "x": 10, "y": 10}"# + "\n" + #"{"t": 0.05, "id": 0, "phase": "up", "x": 10, "y": 10}"#

    @Test("a byte order mark is named as one (it was 'found byte 0xEF')")
    func byteOrderMark() {
        let r = TraceReader.diagnose(bytes: [0xEF, 0xBB, 0xBF] + Array((Self.header + "\n" + Self.tap + "\n").utf8), name: "b.jsonl")
        #expect(r.trace == nil)
        #expect(r.errors.first?.description == "b.jsonl:1:1: error: the file starts with a UTF-8 byte order mark (EF BB BF); a trace is UTF-8 without one: remove those three bytes")
    }

    @Test("a document on one line that says encoding lines is read as the document it is, and refused for the key (it was valid with 0 events)")
    func oneLineDocumentSayingLines() {
        let text = #"{"format": "touch-trace", "version": 1, "encoding": "lines", "device": {"width": 8, "height": 8}, "events": [{"t": 0, "id": 0, "phase": "down", "x": 1, "y": 1}]}"#
        let r = TraceReader.diagnose(bytes: Array(text.utf8), name: "one.json")
        #expect(r.trace == nil)
        #expect(r.errors.first?.message == "`encoding` must be absent in a document, found \"lines\"")
    }

    @Test("blank lines before the header still stream as lines (they sent the file down the whole-file path)")
    func blankFirstLineStreams() throws {
        let dir = TempDir()
        let path = dir.path("blank.jsonl")
        try ("\n  \n" + Self.header + "\n" + Self.tap + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        let stream = try TraceEventStream(path: path)
        #expect(stream.encoding == .lines)
        var n = 0
        while stream.next() != nil { n += 1 }
        #expect(n == 2)
    }

    @Test("a line over 64 MiB is refused by validate as by replay (validate said valid)")
    func longLineAlike() throws {
        let dir = TempDir()
        let path = dir.path("long.jsonl")
        let padding = String(repeating: " ", count: TraceEventStream.maxLineLength)
        try (Self.header + "\n" + #"{"t": 0, "id": 0, "phase": "down", "x": 10, "y": 10}"# + padding + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        let whole = TraceReader.diagnose(path: path)
        #expect(whole.trace == nil && whole.errors.first?.message == "line is longer than 64 MiB (expected one event a line)")
        let r = try cli.run(["validate", path])
        #expect(r.status == 2)
    }

    @Test("validate counts every error, not the thousand it shows")
    func errorCount() throws {
        let dir = TempDir()
        let path = dir.path("many.jsonl")
        let bad = String(repeating: #"{"t": "x", "id": 0, "phase": "down", "x": 1, "y": 1}"# + "\n", count: 1500)
        try (Self.header + "\n" + bad).write(toFile: path, atomically: false, encoding: .utf8)
        let r = try cli.run(["validate", path])
        #expect(r.status == 2)
        #expect(r.out.contains("invalid (1500 errors, the first 1000 shown)"), "\(r.out)")
    }

    @Test("/dev/zero is refused at its first byte by every reader (validate asked for 2.2 GB and aborted)",
          arguments: [["validate", "/dev/zero"], ["replay", "/dev/zero"], ["stats", "/dev/zero"], ["velocity", "/dev/zero"]])
    func endlessInput(_ args: [String]) throws {
        let r = try cli.run(args)
        #expect(r.status == 2)
        #expect(r.err.hasPrefix("/dev/zero:1:1: error: expected '{' to start the trace object, found byte 0x0"), "\(r.err)")
    }

    @Test("/dev/zero is refused at its first byte by every text input too (settings, labels, descriptions, recordings were read for gigabytes)",
          arguments: [["replay", "--settings", "/dev/zero", "traces/tap-double.json"], ["eval", "/dev/zero"], ["synth", "/dev/zero", "/tmp/never.json"],
                      ["import", "/dev/zero", "/tmp/never.json"], ["diff", "traces/tap-double.json", "--settings-a", "/dev/zero"]])
    func endlessTextInput(_ args: [String]) throws {
        let r = try cli.run(args)
        #expect(r.status == 2)
        #expect(r.err.hasPrefix("/dev/zero:1:1: error: byte 0x0 where text begins: not a text file"), "\(r.err)")
    }

    @Test("a settings or labels file that is not JSON is refused at its first byte, and text that is not UTF-8 at its byte")
    func textInputsAreTold() throws {
        let dir = TempDir()
        try Data("\n  # settings\n".utf8).write(to: URL(fileURLWithPath: dir.path("s.json")))
        let notJSON = try cli.run(["replay", "--settings", dir.path("s.json"), "traces/tap-double.json"])
        #expect(notJSON.status == 2 && notJSON.err.contains("s.json:2:3: error: expected JSON (an object or an array), found '#'"), "\(notJSON.err)")
        try Data([0x74, 0x61, 0x70, 0x20, 0xE9, 0x74, 0xE9, 0x0A]).write(to: URL(fileURLWithPath: dir.path("d.txt")))
        let latin1 = try cli.run(["synth", dir.path("d.txt"), dir.path("out.json")])
        #expect(latin1.status == 2 && latin1.err.contains("byte 0xE9 at offset 4 is not UTF-8"), "\(latin1.err)")
    }

    @Test("an edit the list refuses at its time (a paged list's row not loaded yet) is said, after the output (it was skipped without a word)")
    func skippedEditIsSaid() throws {
        let dir = TempDir()
        let text = #"{"format": "touch-trace", "version": 1, "device": {"width": 800, "height": 480}, "scene": {"list": {"rows": 25, "rowHeight": 60, "paging": "infinite"}, "#
            + #""data": {"total": 60}}, "events": [{"t": 0, "id": 0, "phase": "down", "x": 400, "y": 100}, {"t": 0.05, "id": 0, "phase": "up", "x": 400, "y": 100}]}"#
        let withEdit = text.replacingOccurrences(of: #""paging": "infinite"}"#, with: #""paging": "infinite", "edits": [{"t": 0.01, "delete": [40]}]}"#)
        try withEdit.write(toFile: dir.path("t.json"), atomically: false, encoding: .utf8)
        let r = try cli.run(["replay", dir.path("t.json")])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains("warning: `scene.list.edits[0]` at 0.01 s was skipped: "), "\(r.err)")
    }

    @Test("replay --check with nothing to check is bad input (2), not a mismatch (1)")
    func checkWithoutExpectations() throws {
        let dir = TempDir()
        let path = dir.path("plain.jsonl")
        try (Self.header + "\n" + Self.tap + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        let r = try cli.run(["replay", "--check", path])
        #expect(r.status == 2 && r.err.contains("has no expect or expectNone"))
    }

    @Test("stats on a folder with an invalid trace prints the rest and exits 2 (it exited 0)")
    func statsFolderWithInvalidTrace() throws {
        let dir = TempDir()
        try (Self.header + "\n" + Self.tap + "\n").write(toFile: dir.path("good.jsonl"), atomically: false, encoding: .utf8)
        try "{".write(toFile: dir.path("bad.json"), atomically: false, encoding: .utf8)
        let r = try cli.run(["stats", dir.path("")])
        #expect(r.status == 2)
        #expect(r.out.contains("total: 1 traces (1 invalid)"), "\(r.out)")
    }

    @Test("stats and replay on a folder leave its labels file out, saying so (it was a bad trace, exit 2)")
    func labelsFileInAFolderIsNotATrace() throws {
        let dir = TempDir()
        try (Self.header + "\n" + Self.tap + "\n").write(toFile: dir.path("good.jsonl"), atomically: false, encoding: .utf8)
        try "\n [{\"trace\": \"good.jsonl\", \"id\": 0, \"intent\": \"tap\"}]\n".write(toFile: dir.path("labels.json"), atomically: false, encoding: .utf8)
        for command in ["stats", "replay"] {
            let r = try cli.run([command, dir.path("")])
            #expect(r.status == 0, "\(command): \(r.out)\(r.err)")
            #expect(r.err.contains("leaving out") && r.err.contains("labels.json: a JSON array, not a trace"), "\(command): \(r.err)")
            #expect(!r.out.contains("invalid"), "\(command): \(r.out)")
        }
    }
}

@Suite("Readers: keys twice, ids past 2^53, lone surrogates")
struct ReaderAmbiguityTests {
    func diagnose(_ text: String) -> TraceReadResult { TraceReader.diagnose(bytes: Array(text.utf8), name: "t.json") }
    static let device = #""device": {"width": 800, "height": 480}"#

    @Test("a key twice inside device or scene, at any depth, is an error that names it (device kept the first, scene.list the last, an edit the first, all silently)")
    func keysTwiceInsideTheHeader() throws {
        let r = diagnose(#"{"format": "touch-trace", "version": 1, "device": {"width": 800, "width": 900, "height": 480}, "#
            + #""scene": {"list": {"rows": 8, "rows": 9, "edits": [{"t": 0.1, "delete": [1], "delete": [2]}]}}, "events": []}"#)
        #expect(r.trace == nil)
        #expect(r.errors.map(\.message) == ["`device.width` is given twice; a trace gives each key once",
                                            "`scene.list.rows` is given twice; a trace gives each key once",
                                            "`scene.list.edits[0].delete` is given twice; a trace gives each key once"], "\(r.errors)")
    }

    @Test("expect given twice is an error (with an empty first one, --check passed anything)")
    func expectTwice() {
        let r = diagnose(#"{"format": "touch-trace", "version": 1, "# + Self.device + #", "expect": [], "expect": [{"type": "tap"}], "events": []}"#)
        #expect(r.trace == nil)
        #expect(r.errors.first?.message == "`expect` is given twice; a trace gives each key once")
    }

    @Test("meta given twice is an error, as every key given twice (it kept the first, with a warning)")
    func metaTwice() {
        let r = diagnose(#"{"format": "touch-trace", "version": 1, "# + Self.device + #", "meta": 1, "meta": 2, "events": []}"#)
        #expect(r.trace == nil)
        #expect(r.errors.first?.message == "`meta` is given twice; a trace gives each key once")
    }

    @Test("a setting given twice, flat and nested, is an error (the last one won, against the format document)")
    func settingTwice() {
        let r = diagnose(#"{"format": "touch-trace", "version": 1, "# + Self.device + #", "scene": {"settings": {"tap.maxGap": 0.2, "tap": {"maxGap": 0.4}}}, "events": []}"#)
        #expect(r.errors.first?.message == "in `scene.settings`: `tap.maxGap` is given twice")
        let alias = diagnose(#"{"format": "touch-trace", "version": 1, "# + Self.device + #", "scene": {"settings": {"pinch.minArc": 2, "rotate.minArc": 3}}, "events": []}"#)
        #expect(alias.errors.first?.message == "in `scene.settings`: `rotate.minArc` is given twice")
    }

    @Test("ids at 2^53 and past are refused (2^53 and 2^53 + 1 collided as 'already down')")
    func hugeIDs() {
        let r = diagnose(#"{"format": "touch-trace", "version": 1, "# + Self.device + #", "events": [{"t": 0, "id": 9007199254740992, "phase": "down", "x": 1, "y": 1}, {"t": 0, "id": 9007199254740993, "phase": "down", "x": 2, "y": 2}]}"#)
        #expect(r.errors.first?.message == "`id` must be an integer of magnitude below 2^53 (9007199254740992)")
        #expect(diagnose(#"{"format": "touch-trace", "version": 1, "# + Self.device + #", "events": [{"t": 0, "id": 9007199254740991, "phase": "down", "x": 1, "y": 1}]}"#).errors.isEmpty)
    }

    @Test("a lone surrogate escape is an error (it became U+FFFD without a word)")
    func loneSurrogate() {
        let r = diagnose(#"{"format": "touch-trace", "version": 1, "device": {"name": "a\ud800b", "width": 8, "height": 8}, "events": []}"#)
        #expect(r.errors.first?.message == "expected a character, found a lone UTF-16 surrogate \\ud800 (write the pair, or the character itself)")
        let pair = diagnose(#"{"format": "touch-trace", "version": 1, "device": {"name": "a\ud83d\ude00b", "width": 8, "height": 8}, "events": []}"#)
        #expect(pair.trace?.header.device.name == "a😀b")
    }
}

@Suite("Folders: only regular files are traces")
struct FolderTests {
    @Test("a FIFO named like a trace in a folder is passed over (a folder replay blocked on it for good)")
    func fifoInFolder() throws {
        let dir = TempDir()
        try FileManager.default.copyItem(atPath: corpusPath("tap-double.json"), toPath: dir.path("good.json"))
        let fifo = dir.path("pipe.json")
        #expect(mkfifo(fifo, 0o644) == 0)
        // Should the FIFO be opened after all, a writer comes along after 5 s and goes, so that
        // the test fails instead of hanging.
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 5)
            let fd = open(fifo, O_WRONLY | O_NONBLOCK)
            if fd >= 0 { close(fd) }
        }
        let r = try CLITests().run(["replay", dir.path("")])
        #expect(r.status == 0, "\(r.out)\(r.err)")
        #expect(r.out.hasSuffix("1 passed, 0 failed\n"))
        #expect(!r.out.contains("pipe.json"))
    }
}

@Suite("Header shapes")
struct HeaderShapeTests {
    @Test("scene as a string is an error (it passed)")
    func sceneString() {
        let r = TraceReader.diagnose(bytes: Array(#"{"format": "touch-trace", "version": 1, "device": {"width": 8, "height": 8}, "scene": "list", "events": []}"#.utf8), name: "t.json")
        #expect(r.errors.first?.message == "`scene` must be an object, found a string")
    }

    @Test("import --size-mm refuses sizes that make the resolution infinite (1e-320 wrote null)")
    func tinySize() throws {
        let r = try CLITests().run(["import", "tools/vmtest/data/atmel-fast-taps.events", "/tmp/never.json",
                                    "--desc", "tools/vmtest/data/atmel.desc", "--size-mm", "1e-320", "1e-320"])
        #expect(r.status == 2 && r.err.contains("--size-mm takes two numbers from 1 to 10,000"))
    }
}

@Suite("Readers: what a whole-file read reserves up front")
struct ReserveTests {
    @Test("a small file reserves an event per 48 bytes; a 2.1 GB one no more than 400 MiB")
    func reserveIsBounded() {
        #expect(TraceReader.eventReserve(4_800) == 100)
        #expect(TraceReader.eventReserve(0) == 0)
        let big = TraceReader.eventReserve(2_100_000_000) * MemoryLayout<TouchEvent>.stride
        #expect(big <= 400 << 20, "\(big) bytes")
        // A document and a lines trace of the same small content still read the same.
        let doc = diagnose(#"{"format": "touch-trace", "version": 1, "device": {"width": 8, "height": 4}, "events": [{"t": 0, "id": 1, "phase": "down", "x": 1, "y": 1}, {"t": 0.1, "id": 1, "phase": "up", "x": 1, "y": 1}]}"#)
        #expect(doc.trace?.events.count == 2)
    }
}

/// A problem inside `scene` is said where it is: its key's value or its edit's entry, not the
/// `scene` member (every edit's mistake was at the `edits` array).
@Suite("Problems inside scene, at their place")
struct ScenePlacesTests {
    @Test("property: keys given two or three times in scene.list and device are read as their first, each repeat warned of once")
    func repeatedKeysReadAsTheFirst() throws {
        var rng = SplitMix(state: 9)
        let keys = ["rows", "rowHeight", "top", "offset"]
        for _ in 0..<200 {
            var members: [String] = [], first: [String: Int] = [:], repeats = 0
            for key in keys where rng.int(3) > 0 {
                for _ in 0..<(1 + rng.int(3)) {
                    let v = key == "rows" || key == "rowHeight" ? 1 + rng.int(50) : rng.int(40)
                    if first[key] == nil { first[key] = v } else { repeats += 1 }
                    members.append("\"\(key)\": \(v)")
                }
            }
            // Shuffled: a repeat may come before or after the other keys.
            for k in members.indices.reversed() { members.swapAt(k, rng.int(k + 1)) }
            var firstAfterShuffle: [String: Int] = [:]
            for m in members {
                let parts = m.split(separator: ":")
                let key = String(parts[0].dropFirst().dropLast()), v = Int(parts[1].trimmingCharacters(in: .whitespaces))!
                if firstAfterShuffle[key] == nil { firstAfterShuffle[key] = v }
            }
            let widths = 1 + rng.int(2)
            let device = (0..<widths).map { #""width": \#(800 + $0)"# }.joined(separator: ", ")
            let text = #"{"format": "touch-trace", "version": 1, "device": {\#(device), "height": 480}, "scene": {"list": {"# + members.joined(separator: ", ") + #"}}, "events": []}"#
            let r = TraceReader.diagnose(bytes: Array(text.utf8), name: "t.json")
            // Every repeat is an error, each named; a trace without one reads.
            #expect(r.errors.filter { $0.message.hasSuffix("is given twice; a trace gives each key once") }.count == repeats + widths - 1, "\(r.errors) for \(text)")
            guard repeats + widths - 1 == 0 else {
                #expect(r.trace == nil)
                continue
            }
            let header = try #require(r.trace?.header, "\(r.errors) for \(text)")
            #expect(header.device.width == 800)
            let list = try #require(header.sceneList)
            if let v = firstAfterShuffle["rows"] { #expect(list.rows == v) }
            if let v = firstAfterShuffle["rowHeight"], v > 0 { #expect(list.rowHeight == Double(v)) }
            if let v = firstAfterShuffle["top"] { #expect(list.top == Double(v)) }
        }
    }

    @Test("an edit's mistake at its entry, a list key's at its value")
    func placed() {
        let text = "{\"format\": \"touch-trace\", \"version\": 1, \"device\": {\"width\": 800, \"height\": 480},\n \"scene\": {\"list\": {\"rows\": 8,\n  \"rowHeight\": -5,\n  \"edits\": [{\"t\": 1, \"delete\": [1]},\n            {\"t\": 2, \"delete\": [2, 2]}]}},\n \"events\": []}"
        let r = TraceReader.diagnose(bytes: Array(text.utf8), name: "t.json")
        #expect(r.errors.map(\.description) == ["t.json:3:16: error: `scene.list.rowHeight` must be a positive number (trace units), found -5",
                                                "t.json:5:13: error: `scene.list.edits[1]` deletes or moves row 2 twice"])
    }

    @Test("property: the path walker finds the value each path names, in random JSON, whatever the spacing")
    func walkerFindsValues() throws {
        var rng = SplitMix(state: 26)
        func space() -> String { ["", " ", "\n", "\t "][rng.int(4)] }
        // A random value, with the paths of its parts and their values' text.
        func value(_ depth: Int, _ path: String, _ found: inout [(String, String)]) -> String {
            let text: String
            switch depth > 2 ? 2 : rng.int(3) {
            case 0:
                var members: [String] = []
                for k in 0..<(1 + rng.int(3)) {
                    let key = "k\(k)"
                    members.append("\"\(key)\"" + space() + ":" + space() + value(depth + 1, path + "." + key, &found))
                }
                text = "{" + space() + members.joined(separator: "," + space()) + space() + "}"
            case 1:
                var items: [String] = []
                for k in 0..<(1 + rng.int(3)) { items.append(value(depth + 1, path + "[\(k)]", &found)) }
                text = "[" + space() + items.joined(separator: "," + space()) + space() + "]"
            default:
                text = ["1", "\"s\"", "true", "null", "-2.5e3"][rng.int(5)]
            }
            found.append((path, text))
            return text
        }
        for _ in 0..<300 {
            var found: [(String, String)] = []
            let text = value(0, "root", &found)
            let bytes = Array(text.utf8)
            for (path, expected) in found {
                let steps = Array(DocumentParser.pathComponents(path).dropFirst())
                let at = bytes.withUnsafeBufferPointer { DocumentParser.walk($0.baseAddress!, count: $0.count, from: 0, steps) }
                let got = at.map { String(decoding: bytes[$0...].prefix(expected.utf8.count), as: UTF8.self) }
                #expect(got == expected, "\(path) in \(text.debugDescription)")
            }
        }
    }
}

@Suite("Readers: the size limit")
struct ReadLimitTests {
    @Test("a text over the limit is refused in memory of the limit (+1 byte to tell), not twice it: refusing 1 GiB took 2.2 GB")
    func refusedWithinTheLimit() throws {
        let dir = TempDir()
        let path = dir.path("big.json")
        // 3 MiB of JSON-ish text, refused at a 1 MiB limit.
        try Data(repeating: UInt8(ascii: " "), count: 3 << 20).write(to: URL(fileURLWithPath: path))
        let fd = open(path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        var bytes: [UInt8] = []
        let limit = 1 << 20
        #expect(throws: Diagnostic.self) { try InputFile.readRest(of: fd, path, into: &bytes, onlyJSON: false, limit: limit) }
        // What it had grown to when it refused: the limit and its one byte, a malloc's rounding
        // at most (the doubling went to 2 MiB).
        #expect(bytes.capacity <= limit + 1 + 4096, "\(bytes.capacity) bytes of room for a limit of \(limit)")
        // Under the limit, the whole of it.
        lseek(fd, 0, SEEK_SET)
        var all: [UInt8] = []
        try InputFile.readRest(of: fd, path, into: &all, onlyJSON: false, limit: 4 << 20)
        #expect(all.count == 3 << 20)
    }
}
