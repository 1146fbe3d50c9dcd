import Foundation
import Synchronization
import TouchGestures
import TouchEvdev

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
            let thread = Thread {
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
            thread.name = "TouchInput reader"
            thread.start()
        }
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
