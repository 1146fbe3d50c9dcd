/// An open file descriptor that closes itself when its owner is done with it: non-copyable, so
/// exactly one owner closes it, once, on every path out (a thrown error included), and none can
/// use it after. `take()` hands the number on to an owner that closes it otherwise (a child
/// process's standard input, a C library's handle).
///
/// Public, though the module is no product (its importers import it `internal`): Embedded Swift
/// (tools/cross) lets another module run a non-copyable type's deinit only when the type is
/// public ("deinit of non-copyable type not visible in the current module").
public struct FileDescriptor: ~Copyable {
    /// The descriptor's number, for the system calls.
    public private(set) var rawValue: Int32

    /// Owns `rawValue`, an open descriptor (a negative one is not owned: nothing to close).
    public init(owning rawValue: Int32) { self.rawValue = rawValue }

    /// Whether the descriptor is open (the call that made it did not fail).
    public var isOpen: Bool { rawValue >= 0 }

    /// Hands the number on without closing it: the new owner closes it.
    public consuming func take() -> Int32 {
        let fd = rawValue
        // Not `discard self`, which Embedded Swift allows only in a frozen type: the deinit
        // that runs as this value ends finds nothing to close.
        rawValue = -1
        return fd
    }

    /// Closes it now and says how that went (`close(2)`'s answer, `errno` as it left it): for a
    /// writer, whose last error may come only then (a network file system's, a full disk's).
    public consuming func close() -> Int32 {
        let fd = rawValue
        rawValue = -1
        return fd >= 0 ? CPlatform.close(fd) : 0
    }

    deinit {
        // close(2) is not retried after EINTR: Linux has released the descriptor by then.
        if rawValue >= 0 { _ = CPlatform.close(rawValue) }
    }
}
