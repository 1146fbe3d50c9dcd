#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TouchGestures
import TouchList

/// A file mapped read-only into memory, unmapped when released. Reading a large trace this way
/// spares the zero-filled copy that `read` into a fresh buffer costs.
final class MappedFile {
    let base: UnsafePointer<UInt8>
    let count: Int
    private let mapped: UnsafeMutableRawPointer?
    private let fallback: [UInt8]?

    init(path: String) throws(Diagnostic) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw TraceReader.fileError(path, "cannot open") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw TraceReader.fileError(path, "cannot read") }
        if (st.st_mode & S_IFMT) == S_IFDIR {
            throw Diagnostic(.error, SourceLocation(file: path), "is a folder, not a trace file")
        }
        let size = Int(st.st_size)
        if (st.st_mode & S_IFMT) == S_IFREG, size > 0,
           let p = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0), p != MAP_FAILED {
            mapped = p
            fallback = nil
            base = UnsafePointer(p.assumingMemoryBound(to: UInt8.self))
            count = size
        } else {
            // Pipes, empty files, or a failed map: read it.
            let bytes = try TraceReader.readFile(path)
            mapped = nil
            fallback = bytes
            count = bytes.count
            let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
            copy.initialize(from: bytes, count: bytes.count)
            base = UnsafePointer(copy)
        }
    }

    deinit {
        if let mapped { munmap(mapped, count) } else { UnsafeMutablePointer(mutating: base).deallocate() }
    }
}
