import TouchEvdev
import CLibevdev
internal import TouchPlatform

/// An errno value from a failed call.
public struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    /// The `errno` value.
    public var rawValue: Int32
    /// The error with this `errno` value.
    public init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// `EACCES`.
    public static let permissionDenied = Errno(EACCES)
    /// `EPERM`.
    public static let notPermitted = Errno(EPERM)
    /// `ENOENT`.
    public static let noSuchFile = Errno(ENOENT)
    /// `ENODEV`.
    public static let noDevice = Errno(ENODEV)
    /// `EAGAIN`.
    public static let tryAgain = Errno(EAGAIN)
    /// `EINTR`.
    public static let interrupted = Errno(EINTR)
    /// `EBUSY`.
    public static let busy = Errno(EBUSY)

    /// The value in a few words, for logs and `print`.
    public var description: String { String(cString: strerror(rawValue)) }
}

/// Every libevdev and system call TouchInput makes, in one file, each with a Swift result:
/// libevdev's negative errno returns become ``Errno``. Nothing else in the module touches C.
enum Libevdev {
    /// A small text file (sysfs), whole; `nil` when it cannot be read.
    static func readSmallFile(_ path: String) -> String? {
        let fd = platform_open(path, O_RDONLY | O_CLOEXEC, 0)
        guard fd >= 0 else { return nil }
        defer { CPlatform.close(fd) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = CPlatform.read(fd, &buffer, buffer.count)
        return n >= 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : nil
    }

    static func open(_ path: String) -> Result<Int32, Errno> {
        let fd = platform_open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0)
        return fd >= 0 ? .success(fd) : .failure(Errno(platform_errno()))
    }

    /// CLOCK_MONOTONIC in seconds: the clock events are stamped with (see ``useMonotonicClock(_:)``).
    static func monotonicNow() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    static func new(fd: Int32) -> Result<OpaquePointer, Errno> {
        var dev: OpaquePointer?
        let rc = libevdev_new_from_fd(fd, &dev)
        guard rc == 0, let dev else { return .failure(Errno(-rc)) }
        return .success(dev)
    }

    static func free(_ dev: OpaquePointer) { libevdev_free(dev) }

    static func grab(_ dev: OpaquePointer, _ on: Bool) -> Result<Void, Errno> {
        let rc = libevdev_grab(dev, on ? LIBEVDEV_GRAB : LIBEVDEV_UNGRAB)
        return rc == 0 ? .success(()) : .failure(Errno(-rc))
    }

    /// Kernel timestamps from the monotonic clock, so that they never jump back.
    static func useMonotonicClock(_ dev: OpaquePointer) { _ = libevdev_set_clock_id(dev, CLOCK_MONOTONIC) }

    static func name(_ dev: OpaquePointer) -> String { libevdev_get_name(dev).map { String(cString: $0) } ?? "" }

    static func ids(_ dev: OpaquePointer) -> (bus: UInt16, vendor: UInt16, product: UInt16, version: UInt16) {
        (UInt16(truncatingIfNeeded: libevdev_get_id_bustype(dev)), UInt16(truncatingIfNeeded: libevdev_get_id_vendor(dev)),
         UInt16(truncatingIfNeeded: libevdev_get_id_product(dev)), UInt16(truncatingIfNeeded: libevdev_get_id_version(dev)))
    }

    static func hasProperty(_ dev: OpaquePointer, _ p: Int) -> Bool { libevdev_has_property(dev, UInt32(p)) == 1 }

    static func hasCode(_ dev: OpaquePointer, _ type: EventType, _ code: UInt16) -> Bool {
        libevdev_has_event_code(dev, UInt32(type.rawValue), UInt32(code)) == 1
    }

    static func axis(_ dev: OpaquePointer, _ code: UInt16) -> AxisInfo? {
        guard hasCode(dev, .abs, code), let a = libevdev_get_abs_info(dev, UInt32(code))?.pointee else { return nil }
        return AxisInfo(minimum: a.minimum, maximum: a.maximum, fuzz: a.fuzz, flat: a.flat, resolution: a.resolution, value: a.value)
    }

    static func slotCount(_ dev: OpaquePointer) -> Int { Int(libevdev_get_num_slots(dev)) }

    /// The kernel's current value of the multitouch axis `code` in each of the first `count`
    /// slots (`EVIOCGMTSLOTS`); `nil` when the call fails.
    static func slotValues(_ fd: Int32, _ code: EventCode, count: Int) -> [Int32]? {
        var request = [Int32](repeating: 0, count: count + 1)
        request[0] = Int32(code.rawValue)
        let rc = request.withUnsafeMutableBufferPointer { touch_get_mt_slots(fd, $0.baseAddress, UInt32(count)) }
        return rc < 0 ? nil : Array(request.dropFirst())
    }

    /// The kernel's current value of the absolute axis `code` (`EVIOCGABS`); `nil` when the call
    /// fails.
    static func axisValue(_ fd: Int32, _ code: EventCode) -> Int32? {
        var info = input_absinfo()
        return touch_get_abs(fd, UInt32(code.rawValue), &info) < 0 ? nil : info.value
    }

    /// Waits until `fd` is readable or `milliseconds` pass; true when readable. A hang-up or
    /// error on the descriptor (the device went away) counts as readable, so the read reports it.
    static func wait(_ fd: Int32, milliseconds: Int32) -> Result<Bool, Errno> {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let rc = CPlatform.poll(&p, 1, milliseconds)
        // Interrupted by a signal: "not readable yet", so that the caller sees what the signal
        // asked before it waits again (not retryingOnInterrupt).
        if rc < 0 { return platform_errno() == EINTR ? .success(false) : .failure(Errno(platform_errno())) }
        return .success(rc > 0)
    }

    /// Names in a folder (for /dev/input), or the errno that stopped the listing.
    static func list(_ folder: String) -> Result<[String], Errno> {
        guard let d = opendir(folder) else { return .failure(Errno(platform_errno())) }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            names.append(name)
        }
        return .success(names)
    }
}

/// Kernel events read straight from a device's descriptor: a buffer of `input_event`s,
/// allocated once for the device and freed with it (a class, so that it is freed also when the
/// device's initializer throws after making it).
final class EventBuffer {
    private let events: UnsafeMutableBufferPointer<input_event>

    /// How many events a read takes at most.
    var capacity: Int { events.count }

    init(capacity: Int) { events = .allocate(capacity: capacity) }

    deinit { events.deallocate() }

    /// Reads the events the kernel holds for `fd`, as many as fit, without waiting: how many
    /// were read (0 when none was there).
    func read(_ fd: Int32) -> Result<Int, Errno> {
        let n = retryingOnInterrupt { CPlatform.read(fd, events.baseAddress, events.count * MemoryLayout<input_event>.stride) }
        if n >= 0 { return .success(n / MemoryLayout<input_event>.stride) }
        return platform_errno() == EAGAIN ? .success(0) : .failure(Errno(platform_errno()))
    }

    /// The `k`th event of the last read, as TouchEvdev's value (its time in seconds).
    subscript(k: Int) -> InputEvent {
        let e = events[k]
        return InputEvent(time: Double(e.time.tv_sec) + Double(e.time.tv_usec) / 1e6,
                          type: EventType(rawValue: e.type), code: EventCode(rawValue: e.code), value: e.value)
    }
}
