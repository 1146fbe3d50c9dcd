/// What every object handed to C as a handle is: a tag saying which kind of object it is, read
/// before the object is used.
///
/// C's handles are opaque pointers, so the compiler cannot tell a `struct tg_engine *` given to
/// `tg_list_touch()` from a list; read as a list, an engine was memory of another layout, and
/// the call crashed the host (a hostile run passed each handle to each other kind's functions).
/// The tag is the first stored field of a common base class, so it lies at the same offset in
/// every handle's object and is read without knowing the object's kind. Its values are four
/// ASCII letters, so that a pointer to anything else (an event, a string, freed memory reused)
/// matches one only by chance; `deinit` clears it, so a handle destroyed twice is, while its
/// memory is not yet reused, a handle of no kind.
class CObject {
    /// The kind's ``HandleKind`` raw value, or 0 once destroyed. A plain integer, not the enum:
    /// the bytes read through a wrong pointer need not be one of its cases.
    final var tag: UInt32

    init(kind: HandleKind) { tag = kind.rawValue }

    deinit { tag = 0 }
}

/// The kinds of object C holds, each named as touchgestures.h names its struct.
enum HandleKind: UInt32 {
    case engine = 0x7467_656E   // "tgen"
    case list = 0x7467_6C73     // "tgls"
    case replay = 0x7467_7270   // "tgrp"
    case bindings = 0x7467_626E // "tgbn"
    case touches = 0x7467_7463  // "tgtc"

    /// The C type's name, for messages.
    var name: StaticString {
        switch self {
        case .engine: "struct tg_engine"
        case .list: "struct tg_list"
        case .replay: "struct tg_replay"
        case .bindings: "struct tg_bindings"
        case .touches: "struct tg_touches"
        }
    }
}

/// An object handed to C whose kind is known where it is used.
protocol TaggedHandle: CObject {
    static var kind: HandleKind { get }
}

/// The tag of the object `pointer` names, read at the tag's offset whatever the object is.
@inline(__always) func tag(of pointer: OpaquePointer) -> UInt32 {
    Unmanaged<CObject>.fromOpaque(UnsafeRawPointer(pointer))._withUnsafeGuaranteedRef { $0.tag }
}

/// What a handle of the wrong kind is, in a refusal: the kind it is, or that it is none.
@inline(never) func refuseWrongKind(_ function: StaticString, _ what: StaticString, expected: HandleKind, found: UInt32) -> Int32 {
    let given = HandleKind(rawValue: found).map { "a \($0.name) *" } ?? "no object this library made, or one already destroyed"
    return refuse(.invalidArgument, "\(function): \(what) is not a \(expected.name) * (it is \(given))")
}
