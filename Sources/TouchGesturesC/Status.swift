internal import CPlatform
import TouchTrace

/// What a C function that can fail returns (`enum tg_status` in touchgestures.h; the numbers
/// are the ABI and never change).
package enum Status: Int32, CaseIterable {
    case ok = 0
    case invalidArgument = -1
    case timeWentBack = -2
    case unknownContact = -3
    case badInput = -4
    case tooManyContacts = -6
}

/// A refusal: its status and the message `tg_last_error()` gives for it.
struct Refusal: Error {
    var status: Status
    var message: String
    init(_ status: Status, _ message: String) {
        self.status = status
        self.message = message
    }
}

/// Keeps `message` as the thread's last error and returns `status`'s number: a refusal made
/// where throwing would cost the call that does not fail (out of line, so that its message is
/// built only when it is needed).
@inline(never) func refuse(_ status: Status, _ message: String) -> Int32 {
    remember(status, message)
    return status.rawValue
}

/// Runs `body`, turning a refusal into its status (and its message into the thread's last).
@inline(__always) func attempt(_ body: () throws(Refusal) -> Void) -> Int32 {
    do {
        try body()
        return Status.ok.rawValue
    } catch {
        remember(error.status, error.message)
        return error.status.rawValue
    }
}

/// The handle of the object `body` makes, or NULL with its refusal remembered: what every
/// `_new` and `_open` returns.
@inline(__always) func made(_ body: () throws(Refusal) -> CObject) -> OpaquePointer? {
    do {
        return handle(try body())
    } catch {
        remember(error.status, error.message)
        return nil
    }
}

/// Runs `body` on the object behind a C handle, borrowed for the call rather than retained
/// (the caller holds it until its `_destroy`; a retain and a release were a tenth of the C API's
/// own time on the calls made per touch and per event, perf). A NULL handle, or one of another
/// kind (``CObject``), is refused, the message naming `function` and the argument, `what`.
@inline(__always) func with<T: TaggedHandle>(_ pointer: OpaquePointer?, _ function: StaticString, _ what: StaticString,
                                             _ body: (T) -> Int32) -> Int32 {
    guard let pointer else { return refuseNull(function, what) }
    let found = tag(of: pointer)
    guard found == T.kind.rawValue else { return refuseWrongKind(function, what, expected: T.kind, found: found) }
    return Unmanaged<T>.fromOpaque(UnsafeRawPointer(pointer))._withUnsafeGuaranteedRef(body)
}

/// The refusal of a NULL object, its message built out of line: inline, the message's
/// building made every call that checks for NULL save and restore registers it otherwise
/// does not use.
@inline(never) func refuseNull(_ function: StaticString, _ what: StaticString) -> Int32 {
    refuse(.invalidArgument, "\(function): \(what) is NULL")
}

/// `body`'s answer about the object behind a C handle, borrowed for the call; `fallback` for
/// NULL and for a handle of another kind (the queries, which cannot fail: their header says
/// what NULL gives).
@inline(__always) func on<T: TaggedHandle, R>(_ pointer: OpaquePointer?, else fallback: R, _ body: (T) -> R) -> R {
    guard let pointer, tag(of: pointer) == T.kind.rawValue else { return fallback }
    return Unmanaged<T>.fromOpaque(UnsafeRawPointer(pointer))._withUnsafeGuaranteedRef(body)
}

/// A new object handed to C: retained until its `_destroy`.
func handle(_ object: CObject) -> OpaquePointer {
    OpaquePointer(Unmanaged.passRetained(object).toOpaque())
}

/// Releases an object handed out by ``handle(_:)``, if it is of the kind `T` (a `_destroy` of
/// another kind's, or one called twice, leaves it: a leak rather than a crash).
func release<T: TaggedHandle>(_ pointer: OpaquePointer?, as: T.Type) {
    guard let pointer, tag(of: pointer) == T.kind.rawValue else { return }
    Unmanaged<CObject>.fromOpaque(UnsafeRawPointer(pointer)).release()
}

/// A C string argument as a Swift string's bytes, or a refusal naming it.
func bytes(_ text: UnsafePointer<CChar>?, _ function: StaticString, _ what: StaticString) throws(Refusal) -> [UInt8] {
    guard let text else { throw Refusal(.invalidArgument, "\(function): \(what) is NULL") }
    return Array(UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text)))
}

/// A located reader's errors as one message (the first few, and how many more).
func message(_ diagnostics: [Diagnostic]) -> String {
    let errors = diagnostics.filter { $0.severity == .error }
    let shown = errors.prefix(5).map { $0.description }.joined(separator: "\n")
    return errors.count > 5 ? shown + "\n(and \(errors.count - 5) more errors)" : shown
}

/// The package's version (`touchGesturesVersion`, the tools' too) as a C string, made once and
/// kept for the life of the process. (`nonisolated(unsafe)`: a pointer is not `Sendable`, but
/// the bytes behind it are written once, before any read, and never again.)
nonisolated(unsafe) private let versionCString = UnsafePointer(strdup(touchGesturesVersion)!)

/// `tg_version()`.
@_cdecl("tg_version")
public func tg_version() -> UnsafePointer<CChar> { versionCString }

/// A static string's bytes as a C string (static memory; the literal ends in a NUL).
@inline(__always) func cString(_ s: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(s.utf8Start).assumingMemoryBound(to: CChar.self)
}
