// The engine of `touchtrace view`'s page, as a WebAssembly (WASI) program: tools/wasm compiles
// this file with the modules it imports, in Embedded Swift, for wasm32. Package.swift leaves it
// out: the host has `touchtrace` itself.
//
//   touchtrace-view.wasm [--explain] TRACE
//   touchtrace-view.wasm --view [--settings FILE] TRACE    (ViewMode.swift: what the page draws)
//
// replays TRACE (a file the WebAssembly host lends it: a folder of the machine under `wasmkit
// run --dir` or Node's WASI, the page's own files in the browser) as `touchtrace replay --json
// [--explain]` does, with the same reader, engine and list, and writes the same bytes
// to standard output. tools/test holds the two to each other on every golden trace. A trace that
// cannot be read gets the reader's located diagnostics on standard error and exit status 2, as
// `touchtrace` gives.
internal import CPlatform
import TouchGestures
import TouchList
import TouchTrace
import TouchReplay

/// Writes all of `bytes` to `fd`, as far as the host takes them.
func writeAll(_ fd: Int32, _ bytes: UnsafeBufferPointer<UInt8>) {
    var done = 0
    while done < bytes.count {
        let n = write(fd, bytes.baseAddress! + done, bytes.count - done)
        if n <= 0 { return }
        done += n
    }
}

func writeLine(_ fd: Int32, _ text: String) {
    var text = text + "\n"
    text.withUTF8 { writeAll(fd, $0) }
}

let usage = "usage: touchtrace-view.wasm [--explain] TRACE | --view [--settings FILE] TRACE"

/// The replay: the exit status (0, 2 for input that is not a trace, 64 for a wrong call).
func replayMain() -> Int32 {
    var explain = false, view = false
    var path: String?, settingsPath: String?
    var k = 1
    while let a = platform_argument(Int32(k)) {
        let argument = String(cString: a)
        k += 1
        if argument == "--explain" { explain = true; continue }
        if argument == "--view" { view = true; continue }
        if argument == "--settings", let s = platform_argument(Int32(k)) {
            settingsPath = String(cString: s)
            k += 1
            continue
        }
        guard path == nil else {
            writeLine(2, usage)
            return 64
        }
        path = argument
    }
    guard let path else {
        writeLine(2, usage)
        return 64
    }
    var st = stat()
    guard stat(path, &st) == 0 else {
        // As touchtrace says it (it looks before it reads).
        writeLine(2, "touchtrace: \(path): no such file or folder")
        return 2
    }
    if view { return viewMain(path: path, settingsPath: settingsPath) }
    guard settingsPath == nil else {
        writeLine(2, usage)
        return 64
    }
    let stream: TraceEventStream
    do { stream = try TraceEventStream(path: path) } catch {
        writeLine(2, error.description)
        return 2
    }
    let lines = JSONLineBuffer(capacity: 1 << 18)
    // Without --explain the arena delivers no failed or won event (Arena.deliver): nothing to
    // leave out here.
    _ = TraceReplay.run(stream: stream, explain: explain) { output in
        lines.append(output)
        writeIfFull(lines)
    }
    return finish(lines, stream, path)
}

/// Writes what `lines` holds once it is 256 KiB, so that memory stays flat with the output.
func writeIfFull(_ lines: JSONLineBuffer) {
    guard lines.count >= 1 << 18 else { return }
    lines.withUnsafeBytes { writeAll(1, $0) }
    lines.removeAll()
}

/// The end of a replay, both modes': the rest of the lines written, then the trace's errors as
/// touchtrace says them; the exit status (0, or 2 for a trace that is not valid).
func finish(_ lines: JSONLineBuffer, _ stream: TraceEventStream, _ path: String) -> Int32 {
    lines.withUnsafeBytes { writeAll(1, $0) }
    guard stream.hasErrors else { return 0 }
    for d in stream.diagnostics where d.severity == .error { writeLine(2, d.description) }
    writeLine(2, "touchtrace: \(path) is not a valid trace")
    return 2
}

/// WASI's entry: wasi-libc's start-up code calls C's `main(argc, argv)` by this name on wasm32.
@_cdecl("__main_argc_argv")
func wasmMain(_ count: Int32, _ values: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    platform_keep_arguments(count, values)
    return replayMain()
}
