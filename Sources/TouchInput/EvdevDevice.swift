import TouchGestures
import TouchEvdev
internal import TouchPlatform

/// Why a touch device could not be used, in words a user can act on.
public enum InputError: Error, Hashable, Sendable, CustomStringConvertible {
    case permissionDenied(path: String)
    case noSuchDevice(path: String)
    case notATouchDevice(path: String, name: String)
    case noTouchDevices(inputDevices: Int)
    case noInputFolder
    case removed(path: String)
    case system(call: String, path: String, errno: Errno)

    /// A udev rule that gives the `input` group access to touchscreens (for a kiosk with no
    /// login session).
    public static let udevRule = #"SUBSYSTEM=="input", KERNEL=="event*", ENV{ID_INPUT_TOUCHSCREEN}=="1", MODE="0660", GROUP="input""#
    /// The udev rule the install ships (`70-touchgestures.rules`): the user logged in at the
    /// seat gets every touchscreen (systemd-logind's uaccess).
    public static let uaccessRule = #"SUBSYSTEM=="input", KERNEL=="event*", ENV{ID_INPUT_TOUCHSCREEN}=="1", TAG+="uaccess""#

    /// The value in a few words, for logs and `print`.
    public var description: String {
        switch self {
        case .permissionDenied(let p):
            return """
                cannot open \(p): permission denied. To read touchscreens as yourself, \
                install TouchGestures' udev rule (tools/install or the Debian package do; it gives \
                the user at the seat every touchscreen), or write it to \
                /etc/udev/rules.d/70-touchgestures.rules yourself:
                  \(Self.uaccessRule)
                then run: sudo udevadm control --reload && sudo udevadm trigger, and touch again. \
                Without a login session (a kiosk), use the `input` group instead: \
                sudo usermod -aG input "$USER" and log in again.
                """
        case .noSuchDevice(let p): return "\(p): no such device (\(Self.listThem))"
        case .notATouchDevice(let p, let n): return "\(p) (\(n)) is not a touch device: it reports no touch positions"
        case .noTouchDevices(let n):
            return n == 0 ? "no input devices in /dev/input" : "no touch device among the \(n) input devices in /dev/input (\(Self.listThem))"
        case .noInputFolder: return "/dev/input does not exist: this system has no input devices (a container or VM without them?)"
        case .removed(let p): return "\(p): the device was removed"
        case .system(let call, let p, let e): return "\(p): \(call) failed: \(e)"
        }
    }

    /// Where a user sees the devices: the daemon lists them itself (a phone has no touchtrace).
    static let listThem = "list them with `touch-gestured --list-devices` or `touchtrace devices`"

    static func opening(_ path: String, _ e: Errno) -> InputError {
        switch e {
        case .permissionDenied, .notPermitted: .permissionDenied(path: path)
        case .noSuchFile, .noDevice: .noSuchDevice(path: path)
        default: .system(call: "open", path: path, errno: e)
        }
    }
}

extension DeviceInfo {
    /// The devices in lines, as `touch-gestured --list-devices` and `touchtrace devices` print
    /// them: each one's path, name, kind, multitouch protocol and slots, axes and resolution (or
    /// why it could not be opened); and, when some could not be opened for want of permission,
    /// what to do, for standard error.
    package static func listing(_ all: [DeviceInfo]) -> (lines: [String], permissionHint: String?) {
        var lines: [String] = []
        if all.isEmpty { lines.append("no input devices in /dev/input") }
        for d in all {
            guard let desc = d.description else {
                let why = d.error.map { "\($0)".split(separator: "\n").first.map(String.init) ?? "" } ?? "?"
                lines.append("\(d.path)  (cannot open: \(why))")
                continue
            }
            var line = "\(d.path)  \"\(desc.name)\"  \(d.kind.rawValue)"
            if let p = desc.touchProtocol {
                line += ", \(p.rawValue)"
                if p == .multitouchB { line += ", \(desc.slotCount) slots" }
            }
            if let (x, y) = desc.positionAxes {
                line += ", x \(x.minimum)…\(x.maximum) y \(y.minimum)…\(y.maximum)"
                line += x.resolution > 0 ? ", \(x.resolution)×\(y.resolution) units/mm" : ", no resolution"
            }
            lines.append(line)
        }
        let denied = all.contains { if case .permissionDenied? = $0.error { true } else { false } }
        let hint = denied ? "some devices could not be opened: install TouchGestures' udev rule (tools/install does), which gives the user at the seat the touchscreens:\n  \(InputError.uaccessRule)\nor, without a login session, add yourself to the `input` group" : nil
        return (lines, hint)
    }
}

/// What kind of input device it is.
public enum DeviceKind: String, Sendable {
    /// A touchscreen: touches land where they are (`INPUT_PROP_DIRECT`).
    case touchscreen
    /// A touchpad: touches move a pointer.
    case touchpad
    case other
}

/// One entry of ``EvdevDevice/list(folder:)``.
public struct DeviceInfo: Sendable {
    /// The device node (`/dev/input/eventN`).
    public var path: String
    /// What the device says it is, when it could be read.
    public var description: DeviceDescription?
    /// Why it could not be opened, if it could not.
    public var error: InputError?

    /// What kind of device it is, from its description.
    public var kind: DeviceKind {
        guard let d = description, d.touchProtocol != nil else { return .other }
        if d.isDirect { return .touchscreen }
        if d.properties.contains(InputProperty.pointer.rawValue) || d.touchProtocol == .multitouchB { return .touchpad }
        return .other
    }
}

/// A touch device opened through libevdev. It owns its file descriptor and libevdev handle
/// and frees both when released, on every path. Not `Sendable`: read it from one thread.
public final class EvdevDevice {
    /// The device node it reads (`/dev/input/eventN`).
    public let path: String
    /// What the device said it is when it was opened.
    public let description: DeviceDescription
    /// The decoder frames come from; its `surface` is the device's surface.
    public private(set) var decoder: TouchDecoder
    /// The device node, open: closed as the device goes, after libevdev's handle is freed.
    private let file: FileDescriptor
    private var fd: Int32 { file.rawValue }
    private let dev: OpaquePointer
    private var grabbed = false
    /// Where ``readAvailable(emit:)`` reads the kernel's events.
    private let events = EventBuffer(capacity: 64)

    /// Opens `path`. With `grab`, no other program receives its events while it is open;
    /// `rotation` and `calibration` map its coordinates (see `TouchDecoder` in `TouchEvdev`).
    public init(path: String, grab: Bool = false, rotation: Rotation = .none, calibration: [Double]? = nil) throws(InputError) {
        // Owned from the open on: closed on every way out below that throws.
        let file: FileDescriptor
        switch Libevdev.open(path) {
        case .success(let f): file = FileDescriptor(owning: f)
        case .failure(let e): throw InputError.opening(path, e)
        }
        let dev: OpaquePointer
        switch Libevdev.new(fd: file.rawValue) {
        case .success(let d): dev = d
        case .failure(let e): throw InputError.system(call: "libevdev_new_from_fd", path: path, errno: e)
        }
        let desc = EvdevDevice.describe(dev)
        guard let decoder = TouchDecoder(device: desc, rotation: rotation, calibration: calibration) else {
            Libevdev.free(dev)
            throw InputError.notATouchDevice(path: path, name: desc.name)
        }
        if grab, case .failure(let e) = Libevdev.grab(dev, true) {
            Libevdev.free(dev)
            throw InputError.system(call: "grab (EVIOCGRAB; another program may hold it)", path: path, errno: e)
        }
        Libevdev.useMonotonicClock(dev)
        self.path = path
        self.file = file
        self.dev = dev
        self.description = desc
        self.decoder = decoder
        self.grabbed = grab
        readSlotPositions()
    }

    /// Asks the kernel for every slot's position (protocol B) and gives them to the decoder:
    /// the kernel sends a slot's coordinate only when it changes. Returns them, or nil (not
    /// protocol B, or the kernel refused).
    @discardableResult private func readSlotPositions() -> (x: [Int32], y: [Int32])? {
        guard decoder.touchProtocol == .multitouchB else { return nil }
        let count = Libevdev.slotCount(dev)
        guard count > 0, let xs = Libevdev.slotValues(fd, .mtPositionX, count: count),
              let ys = Libevdev.slotValues(fd, .mtPositionY, count: count) else { return nil }
        decoder.setLastPositions(x: xs, y: ys)
        return (xs, ys)
    }

    /// What kind of device it is (a touchscreen, a touchpad, …).
    public var kind: DeviceKind { DeviceInfo(path: path, description: description).kind }

    /// The device's file descriptor, for a program that waits on several devices at once
    /// (`poll(2)`) and then reads the ready ones with ``poll(timeout:emit:)`` and a timeout of 0.
    /// It stays owned by the device: do not close it.
    public var fileDescriptor: Int32 { fd }

    deinit {
        if grabbed { _ = Libevdev.grab(dev, false) }
        Libevdev.free(dev)
        // `file` closes itself after this, as the stored properties go.
    }

    /// The first touchscreen in /dev/input (by event number), or the named device.
    public static func open(_ path: String? = nil, grab: Bool = false, rotation: Rotation = .none,
                            calibration: [Double]? = nil) throws(InputError) -> EvdevDevice {
        if let path { return try EvdevDevice(path: path, grab: grab, rotation: rotation, calibration: calibration) }
        let all = try list()
        if let first = all.first(where: { $0.kind == .touchscreen }) {
            return try EvdevDevice(path: first.path, grab: grab, rotation: rotation, calibration: calibration)
        }
        // A device that cannot be opened may be the touchscreen: sysfs, which anyone may read,
        // says whether it is. When it cannot say, assume it is, rather than play something else.
        for info in all {
            guard case .permissionDenied? = info.error else { continue }
            if sysfsTouchscreen(info.path) ?? true { throw InputError.permissionDenied(path: info.path) }
        }
        throw InputError.noTouchDevices(inputDevices: all.count)
    }

    /// Whether sysfs describes the event device at `path` as a touchscreen: direct input
    /// (`INPUT_PROP_DIRECT`) reporting positions (`ABS_X` or `ABS_MT_POSITION_X`); `nil` when
    /// sysfs does not say.
    static func sysfsTouchscreen(_ path: String, sysfs: String = "/sys/class/input") -> Bool? {
        guard let name = path.split(separator: "/").last else { return nil }
        let base = "\(sysfs)/\(name)/device/"
        guard let properties = Libevdev.readSmallFile(base + "properties"),
              let abs = Libevdev.readSmallFile(base + "capabilities/abs") else { return nil }
        // Bitmaps as hexadecimal words, most significant first.
        func bit(_ text: String, _ n: Int) -> Bool? {
            let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).reversed().map { UInt64($0, radix: 16) }
            guard words.allSatisfy({ $0 != nil }) else { return nil }
            let word = n / 64
            return word < words.count ? (words[word]! >> UInt64(n % 64)) & 1 == 1 : false
        }
        guard let direct = bit(properties, Int(InputProperty.direct.rawValue)),
              let x = bit(abs, 0x00), let mtX = bit(abs, 0x35) else { return nil }
        return direct && (x || mtX)
    }

    /// Every /dev/input/event* device, by event number, described when it can be opened.
    public static func list(folder: String = "/dev/input") throws(InputError) -> [DeviceInfo] {
        let names: [String]
        switch Libevdev.list(folder) {
        case .success(let n): names = n
        case .failure: throw InputError.noInputFolder
        }
        let events = names.filter { $0.hasPrefix("event") }
            .sorted { Int($0.dropFirst(5)) ?? 0 < Int($1.dropFirst(5)) ?? 0 }
        return events.map { name in
            let path = folder + "/" + name
            switch Libevdev.open(path) {
            case .failure(let e): return DeviceInfo(path: path, description: nil, error: InputError.opening(path, e))
            case .success(let raw):
                let file = FileDescriptor(owning: raw)
                switch Libevdev.new(fd: file.rawValue) {
                case .failure(let e):
                    return DeviceInfo(path: path, description: nil, error: .system(call: "libevdev_new_from_fd", path: path, errno: e))
                case .success(let dev):
                    defer { Libevdev.free(dev) }
                    return DeviceInfo(path: path, description: describe(dev), error: nil)
                }
            }
        }
    }

    static func describe(_ dev: OpaquePointer) -> DeviceDescription {
        var d = DeviceDescription(name: Libevdev.name(dev))
        d.ids = Libevdev.ids(dev)
        for p in 0..<32 where Libevdev.hasProperty(dev, p) { d.properties.insert(p) }
        for code in UInt16(0)..<0x40 {
            if let a = Libevdev.axis(dev, code) { d.axes[code] = a }
        }
        for code in [EventCode.btnTouch.rawValue, 0x145 /* BTN_TOOL_FINGER */] where Libevdev.hasCode(dev, .key, code) {
            d.codes[EventType.key.rawValue, default: []].insert(code)
        }
        return d
    }

    /// Waits up to `timeout` seconds for input and decodes all of it, handing out the frames it
    /// completes. After a drop (`SYN_DROPPED`) it asks the kernel for its state, cancels every open
    /// contact, and begins again the ones the device still reports down. Returns false when
    /// nothing arrived in time. Throws ``InputError/removed(path:)`` when the device goes away.
    @discardableResult
    public func poll(timeout: Double, emit: (TouchFrame) -> Void) throws(InputError) -> Bool {
        let seconds = timeout.isFinite ? max(0, min(timeout, 3600)) : 0
        switch Libevdev.wait(fd, milliseconds: Int32(seconds * 1000)) {
        case .failure(let e): throw InputError.system(call: "poll", path: path, errno: e)
        case .success(false): return false
        case .success(true): break
        }
        try readAvailable(emit: emit)
        return true
    }

    /// Decodes everything the device has ready, without waiting: for a program that learned
    /// from its own `poll(2)` on ``fileDescriptor`` that input is there (one system call fewer
    /// than ``poll(timeout:emit:)`` with a timeout of 0). Drops are handled as there.
    ///
    /// The events are read from the kernel directly, up to 64 (1.5 KiB) at a read, and a read
    /// that returns fewer is the last: nothing more was waiting. Through `libevdev_next_event`
    /// each event went through libevdev's queue and checks, and each wake-up ended with a read
    /// that found nothing; that was a third of touch-gestured's own time in the VM test (perf),
    /// more than its recognition. libevdev still describes and grabs the device.
    public func readAvailable(emit: (TouchFrame) -> Void) throws(InputError) {
        // TouchEvdev's constants, once a call: read in the loop, each was a call to its
        // accessor per event (another module's `static let`).
        let syn = EventType.syn, dropped = EventCode.synDropped
        while true {
            let count = try read()
            for k in 0..<count {
                let e = events[k]
                if e.type == syn && e.code == dropped {
                    try recover(from: e, emit: emit)
                    return
                }
                decoder.feed(e, emit: emit)
            }
            if count < events.capacity { return }
        }
    }

    /// Reads into `events`; how many came.
    private func read() throws(InputError) -> Int {
        switch events.read(fd) {
        case .success(let n): return n
        case .failure(let e):
            if e == .noDevice { throw InputError.removed(path: path) }
            throw InputError.system(call: "read", path: path, errno: e)
        }
    }

    /// After `SYN_DROPPED` (the kernel's buffer overflowed), as libevdev does: what the kernel
    /// still holds is read and discarded, and the device's state is asked for instead. Every
    /// open contact is cancelled, and those the device reports down begin again.
    private func recover(from drop: InputEvent, emit: (TouchFrame) -> Void) throws(InputError) {
        decoder.feed(drop, emit: emit)              // the decoder drops until the report
        var last = drop.time
        while true {
            let count = try read()
            if count > 0 { last = max(last, events[count - 1].time) }
            if count < events.capacity { break }
        }
        decoder.feed(InputEvent(time: last, type: .syn, code: .synReport, value: 0), emit: emit)
        guard let (xs, ys) = readSlotPositions(),
              let ids = Libevdev.slotValues(fd, .mtTrackingID, count: xs.count) else { return }
        let down = ids.indices.filter { ids[$0] >= 0 }.map { (slot: $0, x: xs[$0], y: ys[$0]) }
        decoder.resume(slots: down, at: last, emit: emit)
        // Later events name no slot until the finger changes: they are the kernel's current one.
        if let slot = Libevdev.axisValue(fd, .mtSlot) {
            decoder.feed(InputEvent(time: last, type: .abs, code: .mtSlot, value: slot), emit: emit)
        }
    }

    /// Now on the clock device events are stamped with (CLOCK_MONOTONIC, which the device is
    /// set to), in seconds: for `GestureEngine.advance(to:emit:)` while a device is quiet.
    public static func monotonicNow() -> Double { Libevdev.monotonicNow() }

    /// Ends open contacts as cancelled (when the reader stops).
    public func finish(at time: Double, emit: (TouchFrame) -> Void) { decoder.cancelAll(at: time, emit: emit) }
}
