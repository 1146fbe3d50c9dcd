internal import CPlatform
import Synchronization
import TouchGestures
import TouchEvdev

// The frames as an AsyncSequence: Swift concurrency, which Embedded Swift builds (tools/cross,
// the daemon for the phones, which reads its devices with poll(2)) do not have.
#if !hasFeature(Embedded)

extension EvdevDevice {
    /// The frames of a touch device as an `AsyncSequence`.
    ///
    /// The device (`path`, or the first touchscreen) is opened and read on a thread of its own,
    /// so a blocking read never holds a thread of Swift's concurrency pool; that thread owns the
    /// device and frees it when the stream ends. The stream ends with an ``InputError``: when
    /// the device cannot be opened, and ``InputError/removed(path:)`` when it is unplugged —
    /// never a hang. Ending the iteration (or cancelling its task) stops the reader within
    /// `pollInterval` seconds.
    ///
    /// ```swift
    /// for try await frame in EvdevDevice.frames(grab: true) {
    ///     engine.handle(frame) { print($0) }
    /// }
    /// ```
    public static func frames(path: String? = nil, grab: Bool = false, rotation: Rotation = .none,
                              calibration: [Double]? = nil, pollInterval: Double = 0.05)
        -> AsyncThrowingStream<TouchFrame, any Error> {
        stream(open: { () throws(InputError) in try EvdevDevice.open(path, grab: grab, rotation: rotation, calibration: calibration) },
               pollInterval: pollInterval, stopWhen: nil, onDrop: nil)
    }

    /// The frames of a device already opened, which the stream takes over (it is read and freed
    /// on the stream's thread from then on). `stopWhen` is asked between reads; when it says
    /// true the stream ends normally (a program's Ctrl-C flag, say).
    /// `onDrop` is called (on the stream's thread) each time the kernel dropped events and the
    /// reader recovered.
    public static func frames(from device: sending EvdevDevice, pollInterval: Double = 0.05,
                              stopWhen: (@Sendable () -> Bool)? = nil,
                              onDrop: (@Sendable () -> Void)? = nil) -> AsyncThrowingStream<TouchFrame, any Error> {
        let handOver = Transfer(device)
        return stream(open: { () throws(InputError) in handOver.take() }, pollInterval: pollInterval,
                      stopWhen: stopWhen, onDrop: onDrop)
    }

    private static func stream(open: @escaping @Sendable () throws(InputError) -> EvdevDevice, pollInterval: Double,
                               stopWhen: (@Sendable () -> Bool)?,
                               onDrop: (@Sendable () -> Void)? = nil) -> AsyncThrowingStream<TouchFrame, any Error> {
        let stop = StopFlag()
        return AsyncThrowingStream { continuation in
            continuation.onTermination = { _ in stop.flag.store(true, ordering: .relaxed) }
            startThread {
                let device: EvdevDevice
                do { device = try open() } catch {
                    continuation.finish(throwing: error)
                    return
                }
                while !stop.flag.load(ordering: .relaxed) && !(stopWhen?() ?? false) {
                        let drops = device.decoder.droppedReports
                    do {
                        try device.poll(timeout: pollInterval) { continuation.yield($0) }
                        for _ in drops..<device.decoder.droppedReports { onDrop?() }
                    } catch {
                        device.finish(at: EvdevDevice.monotonicNow()) { continuation.yield($0) }
                        continuation.finish(throwing: error)
                        return
                    }
                }
                continuation.finish()
            }
        }
    }
}

/// Runs `body` on a new detached thread of its own (POSIX threads: no Foundation, so that a
/// program reading devices does not load it).
private func startThread(_ body: @escaping @Sendable () -> Void) {
    final class Box: @unchecked Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(&thread, nil, { raw in
        let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
        box.body()
        return nil
    }, box)
    if started == 0 {
        pthread_detach(thread)
    } else {
        // No thread to run it on: run it here rather than lose the stream (it blocks the caller).
        Unmanaged<Box>.fromOpaque(box).takeRetainedValue().body()
    }
}

/// Hands a device over to the stream's thread. Unchecked because ownership moves: the caller
/// gave the device up (`sending`), and only the reading thread touches it afterwards.
final class Transfer: @unchecked Sendable {
    private var device: EvdevDevice?
    init(_ device: EvdevDevice) { self.device = device }
    func take() -> EvdevDevice {
        defer { device = nil }
        return device!
    }
}

/// Shared between the consumer (which sets it) and the reading thread (which checks it).
final class StopFlag: Sendable {
    let flag = Atomic<Bool>(false)
}
#endif
