internal import CPlatform
import TouchGestures

/// A file mapped read-only into memory, unmapped when released. Reading a large trace this way
/// spares the zero-filled copy that `read` into a fresh buffer costs.
///
/// A reader that goes through the file once maps it without `populate` and calls
/// ``release(before:)`` as it goes, so that the pages it has read do not stay resident.
final class MappedFile {
    let base: UnsafePointer<UInt8>
    let count: Int
    private let mapped: UnsafeMutableRawPointer?

    /// Maps `path` (or reads it, when it is not a regular file). `populate`: read every page in
    /// at once, for a reader that keeps the whole file.
    init(path: String, populate: Bool = true) throws(Diagnostic) {
        let fd = InputFile.open(path)
        guard fd >= 0 else { throw InputFile.failure(path, "cannot open") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw InputFile.failure(path, "cannot read its status") }
        if platform_is_folder(st.st_mode) != 0 {
            throw Diagnostic(.error, SourceLocation(file: path), "is a folder, not a trace file")
        }
        let size = Int(st.st_size)
        if platform_is_regular(st.st_mode) != 0, size > 0,
           let p = platform_map(size, PROT_READ, MAP_PRIVATE | (populate ? MAP_POPULATE : 0), fd, 0) {
            // The page cache may hold the file in 2 MiB pieces, which a fault would map whole:
            // a reader that lets go of what is behind it wants small pages.
            if !populate { _ = madvise(p, size, MADV_NOHUGEPAGE) }
            mapped = p
            base = UnsafePointer(p.assumingMemoryBound(to: UInt8.self))
            count = size
        } else {
            // Pipes, empty files, or a failed map: read it.
            let bytes = try TraceReader.readFile(path)
            mapped = nil
            count = bytes.count
            base = Self.copy(bytes)
        }
    }

    /// Holds bytes already read (standard input), as a file that was read rather than mapped.
    init(bytes: [UInt8]) {
        mapped = nil
        count = bytes.count
        base = Self.copy(bytes)
    }

    /// A copy of `bytes` that this file owns (freed in `deinit`); the array itself is not kept,
    /// so a file that was read is held once, not twice.
    private static func copy(_ bytes: [UInt8]) -> UnsafePointer<UInt8> {
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        copy.initialize(from: bytes, count: bytes.count)
        return UnsafePointer(copy)
    }

    /// Drops the pages before byte `offset` from memory (they are read again from the file if
    /// touched again). Does nothing for a file that was read rather than mapped.
    func release(before offset: Int) {
        guard let mapped else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let length = min(offset, count) / page * page
        if length > 0 { _ = madvise(mapped, length, MADV_DONTNEED) }
    }

    deinit {
        if let mapped { munmap(mapped, count) } else { UnsafeMutablePointer(mutating: base).deallocate() }
    }
}
