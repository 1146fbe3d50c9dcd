import Foundation
import Testing
@testable import TouchEvdev
@testable import TouchInput

/// The device layer's error paths, which need no touchscreen. (Reading real devices is tested
/// in a VM by tools/vmtest/run.sh.)
@Suite("Devices: errors a user can act on")
struct EvdevDeviceTests {
    @Test func missingDevice() {
        #expect(throws: InputError.noSuchDevice(path: "/dev/input/event999")) {
            try EvdevDevice(path: "/dev/input/event999")
        }
        #expect(InputError.noSuchDevice(path: "/dev/input/event999").description
                == "/dev/input/event999: no such device (list them with `touch-gestured --list-devices` or `touchtrace devices`)")
    }

    @Test("a folder with no event devices, and a file that is not an evdev node")
    func listing() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("evdev-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try EvdevDevice.list(folder: dir.path).isEmpty)
        try Data("not a device".utf8).write(to: dir.appendingPathComponent("event10"))
        try Data().write(to: dir.appendingPathComponent("event2"))
        try Data().write(to: dir.appendingPathComponent("mouse0"))
        let all = try EvdevDevice.list(folder: dir.path)
        #expect(all.map(\.path) == [dir.path + "/event2", dir.path + "/event10"], "event nodes only, by number")
        for d in all {
            #expect(d.description == nil)
            guard case .system(let call, _, _)? = d.error else {
                Issue.record("expected a libevdev error, got \(String(describing: d.error))")
                continue
            }
            #expect(call == "libevdev_new_from_fd")
            #expect(d.kind == .other)
        }
        #expect(throws: InputError.noInputFolder) { try EvdevDevice.list(folder: dir.path + "/none") }
    }

    @Test("the permission message gives the udev rule the install ships, and the input group")
    func permissionMessage() {
        let m = InputError.permissionDenied(path: "/dev/input/event3").description
        #expect(m.hasPrefix("cannot open /dev/input/event3: permission denied."))
        #expect(m.contains("usermod -aG input"))
        #expect(m.contains(#"ENV{ID_INPUT_TOUCHSCREEN}=="1", TAG+="uaccess""#))
        #expect(m.contains("tools/install"))
        // The rule the message gives is the one the install ships.
        let shipped = try? String(contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("dist/70-touchgestures.rules").path, encoding: .utf8)
        #expect(shipped?.split(separator: "\n").contains { $0 == InputError.uaccessRule } == true)
        #expect(InputError.opening("/x", .permissionDenied) == .permissionDenied(path: "/x"))
        #expect(InputError.opening("/x", .noSuchFile) == .noSuchDevice(path: "/x"))
    }

    @Test("kinds: a direct multitouch device is a touchscreen, an indirect one a touchpad")
    func kinds() {
        var d = DeviceDescription(name: "t")
        d.axes[EventCode.mtSlot.rawValue] = AxisInfo(minimum: 0, maximum: 4)
        d.axes[EventCode.mtPositionX.rawValue] = AxisInfo(minimum: 0, maximum: 100)
        d.axes[EventCode.mtPositionY.rawValue] = AxisInfo(minimum: 0, maximum: 100)
        #expect(DeviceInfo(path: "p", description: d).kind == .touchpad)
        d.properties = [InputProperty.direct.rawValue]
        #expect(DeviceInfo(path: "p", description: d).kind == .touchscreen)
        #expect(DeviceInfo(path: "p", description: DeviceDescription(name: "kbd")).kind == .other)
    }
}

@Suite("Frame stream")
struct FrameStreamTests {
    @Test("a device that cannot be opened ends the stream with its error, not a hang")
    func unopenable() async {
        var caught: (any Error)?
        do {
            for try await _ in EvdevDevice.frames(path: "/dev/input/event999") {}
        } catch {
            caught = error
        }
        #expect(caught as? InputError == .noSuchDevice(path: "/dev/input/event999"))
    }
}

/// A device that may not be opened is judged from sysfs, which anyone may read: a touchscreen
/// there makes "permission denied" the answer, anything else does not.
@Suite("Touchscreens told apart in sysfs without opening them")
struct SysfsTouchscreenTests {
    /// A fake /sys/class/input holding one event device.
    func sysfs(properties: String?, abs: String?) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sysfs-\(UUID().uuidString)")
        let device = root.appendingPathComponent("event7/device/capabilities")
        try FileManager.default.createDirectory(at: device, withIntermediateDirectories: true)
        if let properties { try properties.write(to: root.appendingPathComponent("event7/device/properties"), atomically: true, encoding: .utf8) }
        if let abs { try abs.write(to: device.appendingPathComponent("abs"), atomically: true, encoding: .utf8) }
        return root.path
    }

    @Test func aDirectDeviceWithMultitouchPositionsIsATouchscreen() throws {
        // INPUT_PROP_DIRECT is bit 1 (2); ABS_MT_POSITION_X is bit 0x35 of the first word.
        let root = try sysfs(properties: "2\n", abs: "660800000000003\n")
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(EvdevDevice.sysfsTouchscreen("/dev/input/event7", sysfs: root) == true)
    }

    @Test func aTouchpadOrAKeyboardIsNot() throws {
        // INPUT_PROP_POINTER only (a touchpad), and a keyboard with no axes.
        let pad = try sysfs(properties: "1\n", abs: "660800000000003\n")
        let keyboard = try sysfs(properties: "0\n", abs: "0\n")
        defer { try? FileManager.default.removeItem(atPath: pad); try? FileManager.default.removeItem(atPath: keyboard) }
        #expect(EvdevDevice.sysfsTouchscreen("/dev/input/event7", sysfs: pad) == false)
        #expect(EvdevDevice.sysfsTouchscreen("/dev/input/event7", sysfs: keyboard) == false)
    }

    @Test func aBitmapOfSeveralWordsIsReadFromTheRight() throws {
        // Two words, most significant first: the low word holds bit 0 (ABS_X).
        let root = try sysfs(properties: "2\n", abs: "1 1\n")
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(EvdevDevice.sysfsTouchscreen("/dev/input/event7", sysfs: root) == true)
    }

    @Test func noSysfsEntryCannotSay() throws {
        let root = try sysfs(properties: nil, abs: nil)
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(EvdevDevice.sysfsTouchscreen("/dev/input/event7", sysfs: root) == nil)
        let garbled = try sysfs(properties: "zz\n", abs: "1\n")
        defer { try? FileManager.default.removeItem(atPath: garbled) }
        #expect(EvdevDevice.sysfsTouchscreen("/dev/input/event7", sysfs: garbled) == nil)
    }
}
