// libFuzzer entry point for the trace reader: any bytes, either encoding.
// Built by tools/fuzz (the Fuzz package, with SwiftPM's fuzzer and address sanitizers).
import TouchGestures
import TouchTrace

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    let r = TraceReader.diagnose(bytes: bytes, name: "fuzz")
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
