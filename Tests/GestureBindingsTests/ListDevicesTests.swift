import Foundation
import Testing
import TouchTestSupport

/// `touch-gestured --list-devices`: the devices as `touchtrace devices` lists them, from the one
/// listing in TouchInput (the VM test, tools/vmtest/aarch64, lists a virtual touchscreen).
@Suite("touch-gestured --list-devices")
struct ListDevicesTests {
    @Test("it lists /dev/input's devices, or says why it cannot with the input status; it takes no value")
    func listsOrSaysWhy() throws {
        let r = try Daemon.run(["--list-devices"])
        if FileManager.default.fileExists(atPath: "/dev/input") {
            #expect(r.status == 0, "\(r.err)")
            let lines = r.out.split(separator: "\n")
            #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("/dev/input/") || $0 == "no input devices in /dev/input" }, "\(r.out)")
        } else {
            #expect(r.status == 1 && r.out.isEmpty, "\(r.status) \(r.out)")
            #expect(r.err == "touch-gestured: /dev/input does not exist: this system has no input devices (a container or VM without them?)\n", "\(r.err)")
        }
        let valued = try Daemon.run(["--list-devices=x"])
        #expect(valued.status == 2 && valued.err == "touch-gestured: --list-devices takes no value\n", "\(valued.err)")
    }

    @Test("a device that is not there is an input error that points to the list")
    func missingDevicePointsToTheList() throws {
        let r = try Daemon.run(["-d", "/dev/input/event999", "-g", "1,DU,*,*,x"])
        #expect(r.status == 1, "\(r.status)")
        #expect(r.err.contains("list them with `touch-gestured --list-devices` or `touchtrace devices`"), "\(r.err)")
    }
}
