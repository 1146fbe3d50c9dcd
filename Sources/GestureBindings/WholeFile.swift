import TouchTrace

// The daemon's files read whole (its configuration, its args file, a rotation file, a trace or a
// recording to replay): through the package's one reader, with a located message when it fails.

/// The whole of a regular file as UTF-8 text, or a message that says why not: bytes that are no
/// UTF-8 are refused at their line and column, never turned into U+FFFD (unless `requireUTF8` is
/// false: a recording's device name may hold any bytes, as `touchtrace import` takes them).
/// Read by the package's one reader, `InputFile`.
package func readWholeFile(_ path: String, limit: Int = 1 << 20, requireUTF8: Bool = true) -> Result<String, ReadFailure> {
    let bytes: [UInt8]
    do { bytes = try InputFile.read(path, kind: .regular, limit: limit) } catch {
        return .failure(ReadFailure("\(path): \(error.message)"))
    }
    if requireUTF8, let bad = firstInvalidUTF8(bytes) {
        let (line, column) = lineAndColumn(of: bad, in: bytes)
        return .failure(ReadFailure("\(path):\(line):\(column): error: byte 0x\(String(bytes[bad], radix: 16)) is not UTF-8 text"))
    }
    return .success(String(decoding: bytes, as: UTF8.self))
}

package struct ReadFailure: Error, CustomStringConvertible {
    package var description: String
    package init(_ d: String) { description = d }
}
