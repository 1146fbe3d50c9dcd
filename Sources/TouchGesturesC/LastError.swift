internal import CPlatform

// The C library's last error: what `tg_last_error()` and `tg_last_status()` give after a call
// that failed. Kept by the platform layer in thread-local memory (platform.c): C callers on
// several threads each read their own, as with `errno`, and nothing is left to run when a thread
// ends. Written only through `remember` (Status.swift's `refuse` and the calls that throw a
// `Refusal`).

/// Keeps `message` as the calling thread's last error, with its status.
func remember(_ status: Status, _ message: String) {
    platform_set_last_error(status.rawValue, message)
}

/// `tg_last_error()`.
@_cdecl("tg_last_error")
public func tg_last_error() -> UnsafePointer<CChar> {
    platform_last_error()
}

/// `tg_last_status()`.
@_cdecl("tg_last_status")
public func tg_last_status() -> Int32 {
    platform_last_status()
}
