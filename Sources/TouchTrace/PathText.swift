/// A path's folder and last component, worked out on its text as POSIX `dirname` and
/// `basename` do, without touching the file system.
///
/// Foundation's `NSString.deletingLastPathComponent` and `lastPathComponent` trap on a path of
/// one character (`x`, or `-` for standard input) in the toolchain this is built with (Swift
/// 6.3.1 on Linux): `touchtrace eval x` died with SIGILL. These are the two uses the tools have,
/// so they are written out here rather than worked around at each call.
package enum PathText {
    /// The folder `path` is in, to join relative names onto: `""` for a bare name (the working
    /// folder) and for `-` (standard input), `/` for a name at the root, and otherwise
    /// everything before the last `/` (trailing slashes ignored).
    package static func folder(of path: String) -> String {
        if path == "-" { return "" }
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        var end = slash
        while end > 0, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        return end == 0 ? "/" : String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// The last component of `path` (trailing slashes ignored): the file's own name, as a title.
    /// `-` stays `-`; `/` stays `/`.
    package static func lastComponent(of path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")), bytes.count > 1 else {
            return String(decoding: bytes, as: UTF8.self)
        }
        return String(decoding: bytes[(slash + 1)...], as: UTF8.self)
    }

    /// `name` joined onto `folder`: `name` itself when it is absolute or the folder is empty.
    package static func join(_ folder: String, _ name: String) -> String {
        if name.hasPrefix("/") || folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
