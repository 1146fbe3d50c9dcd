internal import CPlatform
import GestureBindings
import TouchTrace

/// `enum tg_action_type`'s numbers (touchgestures.h; the ABI: they never change).
enum ActionType: Int32, CaseIterable {
    case run = 1
    case claim = 2
    case letGo = 3
    case stream = 4
    case saveTrace = 5
    case explain = 6
}

/// `enum tg_stream_event`'s numbers (touchgestures.h; the ABI: they never change).
func streamEventNumber(_ e: GestureDispatcher.StreamLine.Event) -> Int32 {
    switch e {
    case .begin: 1
    case .update: 2
    case .commit: 3
    case .cancel: 4
    }
}

/// One thing for a `struct tg_bindings`'s host to do, what a `struct tg_action *` points at.
/// Its words are made into C strings only when asked for, then kept with it until it is
/// dropped (at the next call on its object that feeds the bindings).
final class CAction {
    let type: ActionType
    let time: Double
    let firing: GestureDispatcher.Firing?
    let explanation: String?
    private var strings: [UnsafeMutablePointer<CChar>] = []
    private var argv: UnsafeMutablePointer<UnsafePointer<CChar>?>?
    /// The C strings made for slots 0–3 (``cString(_:_:)``), in four fields rather than an
    /// array: an array was one of an action's three heap allocations (`touch-bench capi`).
    private var made: (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) = (nil, nil, nil, nil)

    init(firing f: GestureDispatcher.Firing) {
        firing = f
        explanation = nil
        time = f.time
        if f.isClaim {
            type = .claim
        } else if f.stream != nil {
            type = .stream
        } else if case .saveTrace = f.binding.command {
            type = .saveTrace
        } else {
            type = .run
        }
    }

    init(explanation line: String, at time: Double) {
        (type, self.time, firing, explanation) = (.explain, time, nil, line)
    }

    init(letGoAt time: Double) {
        (type, self.time, firing, explanation) = (.letGo, time, nil, nil)
    }

    deinit {
        for s in strings { s.deallocate() }
        argv?.deallocate()
    }

    /// `text` as a C string kept with the action, made once for the key `slot`.
    func cString(_ slot: Int, _ text: () -> String) -> UnsafePointer<CChar> {
        let kept: UnsafePointer<CChar>?
        switch slot {
        case 0: kept = made.0
        case 1: kept = made.1
        case 2: kept = made.2
        default: kept = made.3
        }
        if let kept { return kept }
        let p = UnsafePointer(copyCString(text()))
        strings.append(UnsafeMutablePointer(mutating: p))
        switch slot {
        case 0: made.0 = p
        case 1: made.1 = p
        case 2: made.2 = p
        default: made.3 = p
        }
        return p
    }

    /// The binding's program and arguments, NULL-terminated, as `execvp` takes them; nil when
    /// the action runs no program.
    func arguments() -> UnsafePointer<UnsafePointer<CChar>?>? {
        if let argv { return UnsafePointer(argv) }
        guard let f = firing else { return nil }
        let words = f.binding.command.arguments
        guard !words.isEmpty else { return nil }
        let table = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: words.count + 1)
        for (k, w) in words.enumerated() {
            let p = copyCString(w)
            strings.append(p)
            table[k] = UnsafePointer(p)
        }
        table[words.count] = nil
        argv = table
        return UnsafePointer(table)
    }
}

/// The actions waiting to be pulled, first in first out. Those pulled stay valid until the next
/// call that feeds the bindings (``startCall()``), as touchgestures.h promises.
final class ActionQueue {
    @exclusivity(unchecked) private var items: [CAction] = []
    @exclusivity(unchecked) private var head = 0

    /// A call that feeds the bindings begins: the actions already pulled are dropped.
    func startCall() {
        guard head > 0 else { return }
        items.removeFirst(head)
        head = 0
    }

    func put(_ action: CAction) { items.append(action) }

    /// The oldest action not yet pulled, as the C pointer to it, or nil.
    func next() -> OpaquePointer? {
        guard head < items.count else { return nil }
        head += 1
        return OpaquePointer(Unmanaged.passUnretained(items[head - 1]).toOpaque())
    }
}

/// The action behind a C pointer, borrowed for the call.
@inline(__always) private func on<R>(_ action: OpaquePointer?, else fallback: R, _ body: (CAction) -> R) -> R {
    guard let action else { return fallback }
    return Unmanaged<CAction>.fromOpaque(UnsafeRawPointer(action))._withUnsafeGuaranteedRef(body)
}

private let empty: StaticString = ""

/// `tg_action_get_type()` of touchgestures.h, where it is documented.
@_cdecl("tg_action_get_type")
public func tg_action_get_type(_ action: OpaquePointer?) -> Int32 { on(action, else: 0) { $0.type.rawValue } }

/// `tg_action_get_time()` of touchgestures.h, where it is documented.
@_cdecl("tg_action_get_time")
public func tg_action_get_time(_ action: OpaquePointer?) -> Double { on(action, else: .nan) { $0.time } }

/// `tg_action_get_argv()` of touchgestures.h, where it is documented.
@_cdecl("tg_action_get_argv")
public func tg_action_get_argv(_ action: OpaquePointer?) -> UnsafePointer<UnsafePointer<CChar>?>? {
    on(action, else: nil) { $0.arguments() }
}

/// `tg_action_get_command()` of touchgestures.h, where it is documented.
@_cdecl("tg_action_get_command")
public func tg_action_get_command(_ action: OpaquePointer?) -> UnsafePointer<CChar> {
    on(action, else: cString(empty)) { a in a.firing.map { f in a.cString(0) { f.binding.command.line } } ?? cString(empty) }
}

/// `tg_action_get_origin()` of touchgestures.h, where it is documented.
@_cdecl("tg_action_get_origin")
public func tg_action_get_origin(_ action: OpaquePointer?) -> UnsafePointer<CChar> {
    on(action, else: cString(empty)) { a in a.firing.map { f in a.cString(1) { f.binding.origin } } ?? cString(empty) }
}

/// `tg_action_get_reason()` of touchgestures.h, where it is documented.
@_cdecl("tg_action_get_reason")
public func tg_action_get_reason(_ action: OpaquePointer?) -> UnsafePointer<CChar> {
    on(action, else: cString(empty)) { a in a.firing.map { f in a.cString(2) { f.reason } } ?? cString(empty) }
}

/// `tg_action_get_stream_event()` of touchgestures.h, where it is documented.
@_cdecl("tg_action_get_stream_event")
public func tg_action_get_stream_event(_ action: OpaquePointer?) -> Int32 {
    on(action, else: 0) { a in a.type == .stream ? a.firing?.stream.map { streamEventNumber($0.event) } ?? 0 : 0 }
}

/// `tg_action_get_line()` of touchgestures.h, where it is documented.
@_cdecl("tg_action_get_line")
public func tg_action_get_line(_ action: OpaquePointer?) -> UnsafePointer<CChar> {
    on(action, else: cString(empty)) { a in
        if let e = a.explanation { return a.cString(3) { e } }
        if a.type == .stream, let line = a.firing?.stream { return a.cString(3) { line.text } }
        return cString(empty)
    }
}
