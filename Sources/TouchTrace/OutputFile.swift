package import CPlatform
internal import TouchPlatform

/// Writing a file the user named, by what that name is:
/// - nothing yet, or a regular file: the bytes go to a temporary file beside it, which replaces
///   it only once complete and synced (a failure never leaves half a file, nor harms the old
///   one); a file replaced keeps its permissions;
/// - a symbolic link: the same, applied to the file it points to (the link stays a link);
/// - a device, a FIFO or a socket: written through, as `cat > PATH` would; never replaced;
/// - `-`: standard output, written through (never a file named `-`), named `<stdout>`.
/// Every failure names the path and the system's reason (`No space left on device`).
public enum OutputFile {
    /// Writes `bytes` to `path` as described above.
    public static func write(_ bytes: [UInt8], to path: String) throws(DiagnosticError) {
        let w = try Writer(path: path)
        try w.write(bytes)
        try w.commit()
    }

    /// Writes `text` (UTF-8) to `path`; see ``write(_:to:)-(_,_)``.
    public static func write(_ text: String, to path: String) throws(DiagnosticError) {
        try write(Array(text.utf8), to: path)
    }

    /// The output name that means standard output: `-`, as for every input.
    public static let standardOutput = "-"

    /// How an output is named in what is printed: `<stdout>` for `-`, as inputs name `<stdin>`.
    public static func displayName(_ path: String) -> String { path == standardOutput ? "<stdout>" : path }

    /// True when `a` and `b` name the same file (after links), both existing.
    public static func same(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }



    /// Writes a file a piece at a time, by the rules of ``OutputFile``: a regular file is
    /// replaced by ``commit()`` only (a writer dropped before it leaves the old file as it was),
    /// a device or FIFO is written through as the pieces come. Not `Sendable`: it owns a file
    /// descriptor; write from one task.
    public final class Writer {
        /// The file being written, until it is committed (closed, and its close checked).
        private var file: FileDescriptor?
        private var fd: Int32 { file?.rawValue ?? -1 }
        private let temp: String?
        private let target: String
        private let path: String
        private var committed = false

        /// A writer for `path`, which it names in its errors.
        public convenience init(path: String) throws(DiagnosticError) {
            if path == OutputFile.standardOutput {
                try self.init(standardOutput: ())
                return
            }
            var target = path
            var st = stat()
            if lstat(path, &st) == 0, platform_is_link(st.st_mode) != 0 {
                if let resolved = realpath(path, nil) {
                    target = String(cString: resolved)
                    free(resolved)
                } else {
                    var buffer = [CChar](repeating: 0, count: 4097)
                    let n = readlink(path, &buffer, 4096)
                    guard n > 0 else { throw OutputFile.error(path, "cannot follow the link") }
                    let link = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    target = link.hasPrefix("/") ? link : OutputFile.directory(of: path) + "/" + link
                }
            }
            var mode: mode_t = 0o644
            if stat(target, &st) == 0 {
                if platform_is_folder(st.st_mode) != 0 { throw DiagnosticError("is a folder, not a file", at: SourceLocation(file: path)) }
                if platform_is_regular(st.st_mode) == 0 {
                    try self.init(through: target, named: path)
                    return
                }
                mode = st.st_mode & 0o7777
            }
            try self.init(replacing: target, mode: mode, named: path)
        }

        init(through target: String, named path: String) throws(DiagnosticError) {
            let opened = FileDescriptor(owning: platform_open(target, O_WRONLY | O_CLOEXEC, 0))
            guard opened.isOpen else { throw OutputFile.error(path, "cannot open for writing") }
            file = consume opened
            temp = nil
            self.target = target
            self.path = path
        }

        init(standardOutput: Void) throws(DiagnosticError) {
            let opened = FileDescriptor(owning: dup(1))
            let name = OutputFile.displayName(OutputFile.standardOutput)
            guard opened.isOpen else { throw OutputFile.error(name, "cannot write") }
            file = consume opened
            temp = nil
            target = name
            path = name
        }

        init(replacing target: String, mode: mode_t, named path: String) throws(DiagnosticError) {
            // A short name of its own, so that a long output name cannot make it too long.
            var template = Array((OutputFile.directory(of: target) + "/.touchtrace-XXXXXX").utf8CString)
            let made = FileDescriptor(owning: template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) })
            guard made.isOpen else { throw OutputFile.error(path, "cannot create a file beside it") }
            fchmod(made.rawValue, mode)
            file = consume made
            temp = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            self.target = target
            self.path = path
        }

        /// Writes the next piece.
        public func write(_ bytes: [UInt8]) throws(DiagnosticError) {
            guard writeAll(fd, bytes) else { throw failure("cannot write") }
        }

        /// Writes the next piece of text (UTF-8).
        public func write(_ text: String) throws(DiagnosticError) { try write(Array(text.utf8)) }

        /// Ends the file: a replacement is synced and takes the target's place.
        public func commit() throws(DiagnosticError) {
            guard let temp else {
                committed = true
                if let f = file.take() { _ = f.close() }
                return
            }
            guard fsync(fd) == 0 else { throw failure("cannot write") }
            guard let f = file.take(), f.close() == 0 else { throw failure("cannot write") }
            guard rename(temp, target) == 0 else { throw failure("cannot write") }
            committed = true
        }

        private func failure(_ what: String) -> DiagnosticError {
            let reason = String(cString: strerror(platform_errno()))
            return DiagnosticError("\(what): \(reason)", at: SourceLocation(file: path))
        }

        deinit {
            // The file closes itself as `file` goes, after this.
            if !committed, let temp { unlink(temp) }
        }
    }

    /// Why ``makeFolders(_:mode:)`` could not make a folder: the first path in the way, and
    /// what is wrong with it in words ("is a file, not a folder", "cannot be made: …").
    package struct FolderFailure: Error, Sendable {
        package var path: String
        package var reason: String
    }

    /// Makes `folder` and the folders above it that are missing, each with `mode`, as
    /// `mkdir -p` does; a folder that is there is left as it is.
    package static func makeFolders(_ folder: String, mode: mode_t) throws(FolderFailure) {
        var made = folder.hasPrefix("/") ? "/" : ""
        for part in folder.split(separator: "/") where part != "." {
            made += (made.isEmpty || made == "/" ? "" : "/") + part
            var st = stat()
            if stat(made, &st) == 0 {
                guard platform_is_folder(st.st_mode) != 0 else { throw FolderFailure(path: made, reason: "is a file, not a folder") }
                continue
            }
            guard mkdir(made, mode) == 0 || platform_errno() == EEXIST else {
                throw FolderFailure(path: made, reason: "cannot be made: \(String(cString: strerror(platform_errno())))")
            }
        }
    }

    /// The folder a file is made in: ``PathText/folder(of:)``, the working folder spelt `.`.
    static func directory(of path: String) -> String {
        let folder = PathText.folder(of: path)
        return folder.isEmpty ? "." : folder
    }

    static func error(_ path: String, _ what: String) -> DiagnosticError {
        DiagnosticError("\(what): \(String(cString: strerror(platform_errno())))", at: SourceLocation(file: path))
    }
}
