import Foundation
import Testing
import TouchGestures
import TouchTools
import TouchTrace

/// Sxmo's lisgd command line, as its start hook writes it (sxmo-utils,
/// `configs/default_hooks/sxmo_hook_lisgdstart.sh`: `lisgd "$@" -d DEVICE [-o N] -s 1.0 -t 125
/// -T 60` and 46 `-g` bindings, corners first, then edges, then long and medium, then any),
/// given to touch-gestured as it is with each command replaced by one that names its binding.
/// The bindings below are the hook's, in its order: fingers, gesture, edge, distance, the `P`
/// mode where it has one, and the name Sxmo's input handler is called with.
@Suite("Sxmo's lisgd command line, run as it is")
struct SxmoHookTests {
    static let hook: [(spec: String, name: String)] = [
        ("1,DRUL,BR,*", "bottomrightcorner"), ("1,DLUR,BL,*", "bottomleftcorner"),
        ("1,ULDR,TL,*", "topleftcorner"), ("1,URDL,TR,*", "toprightcorner"),
        ("1,LR,B,L", "rightbottomedge"), ("1,RL,B,L", "leftbottomedge"),
        ("1,LR,L,*", "rightleftedge"), ("1,RL,R,*", "leftrightedge"),
        ("1,DU,L,*,P", "upleftedge"), ("1,UD,L,*,P", "downleftedge"),
        ("1,LR,T,*,P", "righttopedge"), ("1,RL,T,*,P", "lefttopedge"),
        ("1,DU,B,*", "upbottomedge"), ("1,UD,B,*", "downbottomedge"),
        ("1,UD,T,*", "downtopedge"), ("1,DU,T,*", "uptopedge"),
        ("2,UD,T,*", "twodowntopedge"), ("2,UD,B,*", "twodownbottomedge"),
        ("1,DU,R,*,P", "uprightedge"), ("1,UD,R,*,P", "downrightedge"),
        ("1,LR,R,S", "rightrightedge_short"), ("1,RL,L,S", "leftrightedge_short"),
        ("1,RL,*,L", "longoneleft"), ("1,LR,*,L", "longoneright"), ("1,DU,*,L", "longoneup"), ("1,UD,*,L", "longonedown"),
        ("1,RL,*,M", "mediumoneleft"), ("1,LR,*,M", "mediumoneright"), ("1,DU,*,M", "mediumoneup"), ("1,UD,*,M", "mediumonedown"),
        ("1,RL,*,*", "oneleft"), ("1,LR,*,*", "oneright"), ("1,DU,*,*", "oneup"), ("1,UD,*,*", "onedown"),
        ("1,DRUL,*,*", "upleft"), ("1,URDL,*,*", "downleft"), ("1,DLUR,*,*", "upright"), ("1,ULDR,*,*", "downright"),
        ("2,RL,*,*", "twoleft"), ("2,LR,*,*", "tworight"), ("2,DU,*,*", "twoup"), ("2,UD,*,*", "twodown"),
        ("3,RL,*,*", "threeleft"), ("3,LR,*,*", "threeright"), ("3,DU,*,*", "threeup"), ("3,UD,*,*", "threedown"),
    ]

    /// The flags around the bindings: `-s 1.0 -t 125 -T 60` as the hook gives them (the device
    /// is the replayed trace's).
    static func arguments(trace: String, edgeSize: String = "1.0", threshold: String = "125") -> [String] {
        var args = ["--replay", trace, "--dry-run", "-s", edgeSize, "-t", threshold, "-T", "60"]
        for (spec, name) in hook {
            // The hook writes `1,DU,L,*,P,command` with the mode and `1,LR,B,L,command` without.
            args += ["-g", spec + ",sxmo_input " + name]
        }
        return args
    }

    /// A PinePhone's panel (720 × 1440 pixels over 68 × 136 mm: 10.6 pixels a millimeter), the
    /// phone Sxmo runs on; lisgd's `-t 125` is 11.8 mm there, `-T 60` 5.7 mm.
    static let phone = TraceHeader.Device(name: "PinePhone panel", width: 720, height: 1440,
                                          resolution: Point(x: 10.6, y: 10.6), units: "px")

    /// The strokes of `build` written as a trace, replayed with the hook's command line; the
    /// commands it would run.
    func run(_ build: (inout TraceBuilder) -> Void, edgeSize: String = "1.0", threshold: String = "125") throws -> [String] {
        var b = TraceBuilder(device: Self.phone, seed: 1)
        build(&b)
        let file = NSTemporaryDirectory() + "sxmo-\(UUID().uuidString).json"
        try TraceWriter.document(b.trace()).write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let r = try Daemon.run(Self.arguments(trace: file, edgeSize: edgeSize, threshold: threshold))
        #expect(r.status == 0, "\(r.err)")
        return r.out.split(separator: "\n").map { String($0.dropFirst("sxmo_input ".count)) }
    }

    /// `fingers` fingers 15 mm apart across the stroke, each moving `mm` from `start` (units).
    func stroke(_ b: inout TraceBuilder, _ t0: Double, from start: Point, _ mm: Point, fingers: Int = 1, duration: Double = 0.25) {
        let across = abs(mm.x) > abs(mm.y) ? Point(x: 0, y: 15 * 10.6) : Point(x: 15 * 10.6, y: 0)
        for f in 0..<fingers {
            b.stroke(t0, from: start + across * Double(f), millimeters: mm, duration: duration)
        }
    }

    @Test("the hook's command line is accepted as it is: every flag, all 46 bindings")
    func acceptsTheCommandLine() throws {
        let r = try Daemon.run(Self.arguments(trace: "traces/tap-double.json") + ["--check-config"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.split(separator: "\n").count == Self.hook.count)
    }

    @Test("a corner swipe runs the corner's binding, first in the list")
    func corner() throws {
        // From the bottom-right corner (within 5 mm of both edges) up and to the left.
        #expect(try run { stroke(&$0, 0, from: Point(x: 712, y: 1432), Point(x: -25, y: -25)) } == ["bottomrightcorner"])
    }

    @Test("a long swipe along the bottom edge is that edge's: the edge is where the stroke started, whatever its direction")
    func alongTheBottomEdge() throws {
        // 50 mm right from 2 mm above the bottom (long: two thirds of the 68 mm width is 45 mm).
        #expect(try run { stroke(&$0, 0, from: Point(x: 100, y: 1419), Point(x: 50, y: 0)) } == ["rightbottomedge"])
        // The same along the bottom, 30 mm: not long, so the next binding for that edge that
        // admits it is… none of the bottom's (they are up and down): any right swipe, medium.
        #expect(try run { stroke(&$0, 0, from: Point(x: 100, y: 1419), Point(x: 30, y: 0)) } == ["mediumoneright"])
    }

    @Test("a side's binding takes the corners that touch it when no corner binding came first")
    func sideTakesItsCorners() throws {
        // From the bottom-left corner, straight up: no corner binding is for up, and `1,DU,L,*,P`
        // (up from the left edge, repeating every 60 units = 5.7 mm) is the first that admits
        // the corner: 30 mm up is five steps.
        #expect(try run { stroke(&$0, 0, from: Point(x: 20, y: 1425), Point(x: 0, y: -30), duration: 0.5) }
                == Array(repeating: "upleftedge", count: 5))
    }

    @Test("pressed (P) bindings repeat every -T units while the finger moves; release bindings run once")
    func pressedAndReleased() throws {
        // Up the right edge 40 mm: 40 / 5.66 = 7 steps.
        #expect(try run { stroke(&$0, 0, from: Point(x: 710, y: 900), Point(x: 0, y: -40), duration: 0.6) }
                == Array(repeating: "uprightedge", count: 7))
        // Right from the left edge, 20 mm: once, at the lift.
        #expect(try run { stroke(&$0, 0, from: Point(x: 20, y: 700), Point(x: 20, y: 0)) } == ["rightleftedge"])
    }

    @Test("distance classes: long, medium, then any, as the hook orders them; diagonals; two and three fingers")
    func distancesAndFingers() throws {
        #expect(try run { stroke(&$0, 0, from: Point(x: 100, y: 700), Point(x: 50, y: 0)) } == ["longoneright"])
        #expect(try run { stroke(&$0, 0, from: Point(x: 100, y: 700), Point(x: 25, y: 0)) } == ["mediumoneright"])
        #expect(try run { stroke(&$0, 0, from: Point(x: 100, y: 700), Point(x: 15, y: 0)) } == ["oneright"])
        #expect(try run { stroke(&$0, 0, from: Point(x: 300, y: 800), Point(x: 20, y: -20)) } == ["upright"])
        #expect(try run { stroke(&$0, 0, from: Point(x: 300, y: 300), Point(x: 0, y: 30), fingers: 2) } == ["twodown"])
        #expect(try run { stroke(&$0, 0, from: Point(x: 500, y: 600), Point(x: -30, y: 0), fingers: 3) } == ["threeleft"])
    }

    @Test("two fingers down from the top edge run the two-finger top binding, not the one-finger one")
    func twoFingersFromTheTop() throws {
        #expect(try run { stroke(&$0, 0, from: Point(x: 200, y: 20), Point(x: 0, y: 30), fingers: 2) } == ["twodowntopedge"])
    }

    @Test("-t is taken in the device's units: 125 pixels is 11.8 mm on this panel, 300 is 28.3 mm")
    func thresholdInDeviceUnits() throws {
        #expect(try run { stroke(&$0, 0, from: Point(x: 100, y: 700), Point(x: 25, y: 0)) } == ["mediumoneright"])
        #expect(try run({ stroke(&$0, 0, from: Point(x: 100, y: 700), Point(x: 25, y: 0)) }, threshold: "300") == [])
    }

    @Test("-s scales the edge zones: 8 mm from the left edge is an edge swipe with -s 2 (10 mm), not with -s 1 (5 mm)")
    func edgeScale() throws {
        let start = Point(x: 8 * 10.6, y: 700)
        #expect(try run({ stroke(&$0, 0, from: start, Point(x: 20, y: 0)) }, edgeSize: "1.0") == ["oneright"])
        #expect(try run({ stroke(&$0, 0, from: start, Point(x: 20, y: 0)) }, edgeSize: "2.0") == ["rightleftedge"])
    }
}

@Suite("The service with no configuration")
struct ServiceTests {
    @Test("with no configuration it says what to do and exits 2, a status its unit file does not restart on")
    func noConfigurationStops() throws {
        let home = NSTemporaryDirectory() + "touch-gestured-home-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        guard !FileManager.default.fileExists(atPath: "/etc/touch-gestured/config.toml") else { return }
        let r = try Daemon.run([], environment: ["HOME": home, "XDG_CONFIG_HOME": home + "/config"])
        #expect(r.status == 2)
        #expect(r.err.contains("no bindings") && r.err.contains("systemctl --user restart touch-gestured"), "\(r.err)")
        let unit = try String(contentsOf: packageRoot.appendingPathComponent("dist/touch-gestured.service.in"), encoding: .utf8)
        let lines = unit.split(separator: "\n").map(String.init)
        #expect(lines.contains("Restart=on-failure"))
        #expect(lines.contains("RestartPreventExitStatus=2"))
    }
}
