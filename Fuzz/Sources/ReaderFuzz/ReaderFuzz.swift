// libFuzzer entry point for the trace reader: any bytes, either encoding.
// Built by tools/fuzz (the Fuzz package, with SwiftPM's fuzzer and address sanitizers).
#if canImport(Glibc)
import Glibc
#endif
import TouchGestures
import TouchTrace
import TouchReplay

/// Where each input is written for the streaming reader, which reads files (in memory: /dev/shm).
let streamPath = (access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp") + "/touchtrace-fuzz-\(getpid()).trace"

/// The streaming reader over the same bytes: what it yields and whether it found an error.
func streamed(_ bytes: [UInt8]) -> (events: [TouchEvent], failed: Bool) {
    let fd = open(streamPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { fatalError("cannot write \(streamPath)") }
    var done = 0
    while done < bytes.count {
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, bytes.count - done) }
        guard n > 0 else { fatalError("cannot write \(streamPath)") }
        done += n
    }
    close(fd)
    guard let s = try? TraceEventStream(path: streamPath) else { return ([], true) }
    var events: [TouchEvent] = []
    while let e = s.next() { events.append(e) }
    return (events, s.hasErrors)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    let r = TraceReader.diagnose(bytes: bytes, name: "fuzz")
    // The streaming reader (a document read twice, members then events; lines a line at a
    // time) accepts what the whole-file reader accepts, with the same events, and nothing else.
    let s = streamed(bytes)
    if let t = r.trace {
        guard !s.failed, s.events == t.events else { fatalError("the stream read \(s.events.count) events, failed: \(s.failed); the whole file \(t.events.count)") }
    } else if !s.failed {
        fatalError("the stream accepted what the whole-file reader refused")
    }
    if let t = r.trace {
        // Whatever is accepted must be written back and read back to the same trace,
        // and must replay without trouble.
        for text in [TraceWriter.document(t), TraceWriter.lines(t)] {
            let again = TraceReader.diagnose(bytes: Array(text.utf8), name: "fuzz-again")
            guard again.trace == t else {
                fatalError("round trip changed the trace:\n\(text)")
            }
        }
        _ = TraceReplay.run(header: t.header, explain: true, events: t.events)
    } else if r.diagnostics.allSatisfy({ $0.severity != .error }) {
        fatalError("refused without an error")
    }
    return 0
}
