import Foundation
import Testing
import TouchTestSupport
@testable import TouchTrace
import TouchPlatform

/// Writing the user's files: a regular file is replaced whole, keeping its mode; devices, FIFOs
/// and link targets are written through, never replaced; a failure names its reason.
@Suite("Output files: nothing written over what the user did not ask to replace")
struct OutputFileTests {
    /// A device number (glibc's makedev, which Swift does not import: it is a macro).
    func device(_ major: UInt64, _ minor: UInt64) -> dev_t {
        dev_t((major & 0xfff) << 8 | (major & ~0xfff) << 32 | (minor & 0xff) | (minor & ~0xff) << 12)
    }

    func kind(_ path: String) -> mode_t {
        var st = stat()
        guard lstat(path, &st) == 0 else { return 0 }
        return st.st_mode & S_IFMT
    }

    @Test("a character device is written through, stays a device, and a full one says so")
    func deviceWrittenThrough() throws {
        let dir = TempDir()
        let full = dir.path("full")
        // The same device as /dev/full (1, 7): every write fails with ENOSPC. Needs root (CI is).
        guard mknod(full, S_IFCHR | 0o666, device(1, 7)) == 0 else { return }
        #expect(throws: DiagnosticError.self) { try OutputFile.write("hello", to: full) }
        do { try OutputFile.write("hello", to: full) } catch {
            #expect(error.description == "\(full): error: cannot write: No space left on device")
        }
        #expect(kind(full) == S_IFCHR, "the device node is still a device node")
        let null = dir.path("null")
        guard mknod(null, S_IFCHR | 0o666, device(1, 3)) == 0 else { return }
        try OutputFile.write("hello", to: null)
        #expect(kind(null) == S_IFCHR)
    }

    @Test("a FIFO is written through to its reader and stays a FIFO")
    func fifoWrittenThrough() throws {
        let dir = TempDir()
        let fifo = dir.path("fifo")
        #expect(mkfifo(fifo, 0o644) == 0)
        nonisolated(unsafe) var got = ""
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let fd = open(fifo, O_RDONLY)
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while fd >= 0 {
                let n = read(fd, &buffer, buffer.count)
                if n <= 0 { break }
                bytes += buffer[0..<n]
            }
            if fd >= 0 { close(fd) }
            got = String(decoding: bytes, as: UTF8.self)
            done.signal()
        }
        try OutputFile.write("through the pipe", to: fifo)
        done.wait()
        #expect(got == "through the pipe")
        #expect(kind(fifo) == S_IFIFO)
    }

    @Test("a symbolic link stays a link; the file it names gets the bytes")
    func linkTargetWritten() throws {
        let dir = TempDir()
        let target = dir.path("target.json"), link = dir.path("link.json")
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        #expect(symlink(target, link) == 0)
        try OutputFile.write("new", to: link)
        #expect(kind(link) == S_IFLNK)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
    }

    @Test("a regular file replaced keeps its permissions")
    func modeKept() throws {
        let dir = TempDir()
        let file = dir.path("private.json")
        try "old".write(toFile: file, atomically: false, encoding: .utf8)
        #expect(chmod(file, 0o600) == 0)
        try OutputFile.write("new", to: file)
        var st = stat()
        #expect(stat(file, &st) == 0 && st.st_mode & 0o777 == 0o600)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "new")
    }

    @Test("an output name of 250 characters is written (the temporary file's name is short)")
    func longName() throws {
        let dir = TempDir()
        let file = dir.path(String(repeating: "n", count: 245) + ".json")
        try OutputFile.write("x", to: file)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "x")
    }

    @Test("a folder is refused, and nothing is left beside it")
    func folderRefused() throws {
        let dir = TempDir()
        #expect(throws: DiagnosticError.self) { try OutputFile.write("x", to: dir.path("")) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path("")).isEmpty)
    }
}

@Suite("touchtrace: outputs never overwrite inputs, and render writes what its name says")
struct OutputPathTests {
    let cli = CLITests()

    @Test("import, export and render refuse an output that is their input, which stays as it was")
    func outputIsInput() throws {
        let dir = TempDir()
        // A trace named .svg, so that render accepts the name and only the sameness refuses it;
        // the second spelling of each path reaches the same file another way.
        let trace = dir.path("t.svg")
        try FileManager.default.copyItem(atPath: corpusPath("tap-double.json"), toPath: trace)
        let again = dir.url.path + "/./t.svg"
        let before = try String(contentsOfFile: trace, encoding: .utf8)
        for args in [["export", trace, "--evemu", again], ["render", trace, "-o", again], ["import", trace, again]] {
            let r = try cli.run(args)
            #expect(r.status == 2, "\(args): \(r.err)")
            #expect(r.err.contains("is the input"), "\(args): \(r.err)")
            #expect(try String(contentsOfFile: trace, encoding: .utf8) == before)
        }
    }

    @Test("convert streams, and an error late in the input leaves an existing output as it was")
    func convertLeavesOutputOnError() throws {
        let dir = TempDir()
        let input = dir.path("in.jsonl"), output = dir.path("out.json")
        let header = #"{"format": "touch-trace", "version": 1, "encoding": "lines", "device": {"width": 8, "height": 8}}"#
        let good = #"{"t": 0, "id": 0, "phase": "down", "x": 1, "y": 1}"#
        try (header + "\n" + good + "\n" + #"{"t": "late", "id": 0, "phase": "up", "x": 1, "y": 1}"# + "\n").write(toFile: input, atomically: false, encoding: .utf8)
        try "precious".write(toFile: output, atomically: false, encoding: .utf8)
        let r = try cli.run(["convert", input, output])
        #expect(r.status == 2 && r.err.contains("was not written"))
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "precious")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path("")).sorted() == ["in.jsonl", "out.json"], "no temporary file left")
    }

    @Test("render refuses an extension it cannot write")
    func renderNeedsSVGOrPNG() throws {
        let dir = TempDir()
        let r = try cli.run(["render", corpusPath("tap-double.json"), "-o", dir.path("x.jpg")])
        #expect(r.status == 2 && r.err.contains("must end in .svg or .png"))
        #expect(!FileManager.default.fileExists(atPath: dir.path("x.jpg")))
    }
}
