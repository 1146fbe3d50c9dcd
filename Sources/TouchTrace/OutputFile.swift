#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing a file the user named, by what that name is:
/// - nothing yet, or a regular file: the bytes go to a temporary file beside it, which replaces
///   it only once complete and synced (a failure never leaves half a file, nor harms the old
///   one); a file replaced keeps its permissions;
/// - a symbolic link: the same, applied to the file it points to (the link stays a link);
/// - a device, a FIFO or a socket: written through, as `cat > PATH` would; never replaced.
/// Every failure names the path and the system's reason (`No space left on device`).
public enum OutputFile {
    /// Writes `bytes` to `path` as described above.
    public static func write(_ bytes: [UInt8], to path: String) throws(DiagnosticError) {
        var target = path
        var st = stat()
        if lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFLNK {
            // Through the link, to what it names (a link to nothing yet: that name is created).
            if let resolved = realpath(path, nil) {
                target = String(cString: resolved)
                free(resolved)
            } else {
                var buffer = [CChar](repeating: 0, count: 4097)
                let n = readlink(path, &buffer, 4096)
                guard n > 0 else { throw error(path, "cannot follow the link") }
                let link = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                target = link.hasPrefix("/") ? link : directory(of: path) + "/" + link
            }
        }
        var mode: mode_t = 0o644
        if stat(target, &st) == 0 {
            let kind = st.st_mode & S_IFMT
            if kind == S_IFDIR { throw DiagnosticError("is a folder, not a file", at: SourceLocation(file: path)) }
            if kind != S_IFREG { return try writeThrough(bytes, to: target, named: path) }
            mode = st.st_mode & 0o7777
        }
        try replace(target, with: bytes, mode: mode, named: path)
    }

    /// Writes `text` (UTF-8) to `path`; see ``write(_:to:)-(_,_)``.
    public static func write(_ text: String, to path: String) throws(DiagnosticError) {
        try write(Array(text.utf8), to: path)
    }

    /// True when `a` and `b` name the same file (after links), both existing.
    public static func same(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }

    private static func writeThrough(_ bytes: [UInt8], to target: String, named path: String) throws(DiagnosticError) {
        let fd = open(target, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw error(path, "cannot open for writing") }
        defer { close(fd) }
        guard writeAll(fd, bytes) else { throw error(path, "cannot write") }
    }

    private static func replace(_ target: String, with bytes: [UInt8], mode: mode_t, named path: String) throws(DiagnosticError) {
        // A short name of its own, so that a long output name cannot make it too long.
        var template = Array((directory(of: target) + "/.touchtrace-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw error(path, "cannot create a file beside it") }
        let temp = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var ok = writeAll(fd, bytes)
        var reason = ok ? "" : String(cString: strerror(errno))
        if ok, fchmod(fd, mode) != 0 || fsync(fd) != 0 { ok = false; reason = String(cString: strerror(errno)) }
        if close(fd) != 0, ok { ok = false; reason = String(cString: strerror(errno)) }
        if ok, rename(temp, target) != 0 { ok = false; reason = String(cString: strerror(errno)) }
        guard ok else {
            unlink(temp)
            throw DiagnosticError("cannot write: \(reason)", at: SourceLocation(file: path))
        }
    }

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func error(_ path: String, _ what: String) -> DiagnosticError {
        DiagnosticError("\(what): \(String(cString: strerror(errno)))", at: SourceLocation(file: path))
    }
}
