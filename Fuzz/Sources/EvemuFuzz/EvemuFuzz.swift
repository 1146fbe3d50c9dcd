// libFuzzer entry point for the recording readers and the importer: any text, read as an
// evemu-record file and as a libinput record. Whatever is accepted must decode into a trace that
// the strict reader accepts too (the decoder never emits an invalid trace). The evemu reader
// must give the same result with its byte-level reading of event lines as without it.
import TouchGestures
import TouchEvdev
@_spi(Fuzzing) import TouchRecordings
import TouchTrace

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemu(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    let text = String(decoding: bytes, as: UTF8.self)
    // Both readings of the evemu text; the byte-level one (the reader's default) is imported below.
    func evemu(_ fast: Bool) -> Result<EvemuRecording, DiagnosticError> {
        Result { () throws(DiagnosticError) in try EvemuRecording.parse(text, name: "fuzz", fastEvents: fast) }
    }
    let fast = evemu(true), general = evemu(false)
    switch (fast, general) {
    case (.success(let a), .success(let b)) where a.events == b.events && a.description == b.description: break
    case (.failure(let a), .failure(let b)) where a.description == b.description: break
    default: fatalError("the evemu reader's two readings differ:\n\(fast)\n\(general)")
    }
    for rec in [try? fast.get(), try? EvemuRecording.parseLibinputRecord(text, name: "fuzz")] {
        guard let rec, let trace = try? TraceImport.trace(from: rec, source: "fuzz") else { continue }
        let r = TraceReader.diagnose(bytes: Array(TraceWriter.document(trace).utf8), name: "fuzz-import")
        if !r.errors.isEmpty { fatalError("the importer wrote an invalid trace:\n\(r.errors.map(\.description).joined(separator: "\n"))") }
    }
    return 0
}
