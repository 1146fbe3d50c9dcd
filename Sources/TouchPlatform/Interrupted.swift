@_exported import CPlatform

/// Makes the system call `call` and makes it again for as long as it fails with `EINTR` (a
/// signal arrived before it did anything): its result once it did something or failed for
/// another reason, with `errno` as that failure left it. For `read`, `write`, `open`, `waitpid`
/// and the like, whose `-1` with `EINTR` means "nothing happened, ask again" (swift-system's
/// `retryOnInterrupt` does the same).
///
/// Not for a wait whose caller must look at what the signal changed before it waits again (the
/// daemon's `poll`, which a SIGHUP interrupts to reload the configuration): there `EINTR` is an
/// answer, not a failure.
@inline(__always)
package func retryingOnInterrupt(_ call: () -> Int) -> Int {
    while true {
        let result = call()
        if result < 0, platform_errno() == EINTR { continue }
        return result
    }
}

/// ``retryingOnInterrupt(_:)-(()->Int)`` for a call that answers a C `int` (`open`, `waitpid`,
/// `poll`).
@inline(__always)
package func retryingOnInterrupt(_ call: () -> Int32) -> Int32 {
    Int32(truncatingIfNeeded: retryingOnInterrupt { Int(call()) })
}
