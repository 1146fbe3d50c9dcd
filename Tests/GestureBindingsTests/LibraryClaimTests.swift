import Foundation
import Testing
import TouchGestures
import TouchTrace
import TouchGesturesC

/// `tg_bindings`' claims: when a binding takes a touch sequence from the app under it, and when
/// a sequence ends the app's (DispatcherClaims.swift has the rules these are written from).
@Suite("tg_bindings: claims, lets go, and what runs")
struct LibraryClaimTests {
    /// A PinePhone's panel, 720 × 1440 pixels at 10.6 a millimetre.
    static let phone = TraceHeader.Device(name: "PinePhone panel", width: 720, height: 1440, resolution: Point(x: 10.6, y: 10.6), units: "px")
    static let surface = Surface(width: 720, height: 1440, unitsPerMillimeter: Point(x: 10.6, y: 10.6))

    static let run = Int32(1), claim = Int32(2), letGo = Int32(3), stream = Int32(4)

    /// An edge swipe up from the bottom bound (at least `distance` mm, if given) and a double tap.
    static func config(distance: Double? = nil, stream: Bool = false) -> String {
        """
        [[binding]]
        gesture = "swipe"
        direction = "up"
        edge = "bottom"
        \(distance.map { "distance = \($0)" } ?? "")
        \(stream ? "stream = true" : "")
        command = ["home"]

        [[binding]]
        gesture = "tap"
        fingers = 1
        command = ["tapped"]

        [[binding]]
        gesture = "longPress"
        fingers = 2
        command = ["held"]
        """
    }

    func replay(_ config: String, advanceTo end: Double? = nil, claimed: ((Double, Bool) -> Void)? = nil,
                _ build: (inout TraceBuilder) -> Void) throws -> DaemonBesideLibraryTests.LibraryRun {
        var b = TraceBuilder(device: Self.phone, seed: 1)
        build(&b)
        return try DaemonBesideLibraryTests.library(config: config, surface: Self.surface, events: b.trace().events,
                                                    advanceTo: end, claimedAfter: claimed)
    }

    /// 1 mm from the bottom edge, in the middle.
    static let bottom = Point(x: 360, y: 1440 - 10.6)

    @Test("an edge swipe is claimed while the finger is down, once it has gone swipe.minDistance, and runs at the lift")
    func edgeSwipeClaimedThenRun() throws {
        var lift = 0.0
        var claimedWhileDown: [Bool] = []
        let r = try replay(Self.config(), claimed: { claimedWhileDown.append($1) }) { b in
            lift = b.stroke(0, from: Self.bottom, millimeters: Point(x: 0, y: -40), duration: 0.3)
        }
        let types = r.actions.map(\.type)
        #expect(types == [Self.claim, Self.run], "\(r.actions)")
        let c = try #require(r.actions.first)
        #expect(c.time < lift, "claimed at \(c.time) s, lifted at \(lift) s")
        #expect(c.argv == ["home"])
        // Claimed at the swipe's recognition: 12 mm (the default distance) up, not later.
        let mm = try #require(Double(c.reason.split(separator: " ")[2]))
        #expect(mm >= 12 && mm < 16, "\(c.reason)")
        #expect(r.actions[1].time == lift)
        // Claimed from the claim's frame to the lift, and not after it.
        #expect(claimedWhileDown.contains(true))
        #expect(claimedWhileDown.last == false)
        #expect(claimedWhileDown.drop { !$0 }.dropLast().allSatisfy { $0 })
    }

    @Test("a binding's distance is where it claims: a swipe of 'at least 30 mm' is claimed at 30 mm, not at 12")
    func claimedAtTheBindingsDistance() throws {
        let r = try replay(Self.config(distance: 30)) { b in
            _ = b.stroke(0, from: Self.bottom, millimeters: Point(x: 0, y: -40), duration: 0.3)
        }
        #expect(r.actions.map(\.type) == [Self.claim, Self.run], "\(r.actions)")
        let mm = try #require(Double(r.actions[0].reason.split(separator: " ")[2]))
        #expect(mm >= 30 && mm < 34, "\(r.actions[0].reason)")
    }

    @Test("a swipe no binding takes is let go at its lift, with nothing run")
    func unboundScrollIsLetGo() throws {
        var lift = 0.0
        let r = try replay(Self.config()) { b in
            lift = b.stroke(0, from: Point(x: 360, y: 400), millimeters: Point(x: 0, y: 40), duration: 0.3)
        }
        #expect(r.actions.map(\.type) == [Self.letGo], "\(r.actions)")
        #expect(r.actions.first?.time == lift)
    }

    @Test("a tap is let go at its lift (the app had all of it), then its binding runs")
    func tapIsLetGoThenRuns() throws {
        let r = try replay(Self.config()) { b in _ = b.tap(0, at: Point(x: 360, y: 700)) }
        #expect(r.actions.map(\.type) == [Self.letGo, Self.run], "\(r.actions)")
        #expect(r.actions.last?.argv == ["tapped"])
    }

    @Test("a long press is claimed when its time has passed, the fingers still down, and runs then")
    func longPressClaimed() throws {
        let r = try replay(Self.config()) { b in
            // Two fingers held still for a second: the long press matures at 0.5 s.
            let id1 = b.newID(), id2 = b.newID()
            _ = b.hold(0, at: Point(x: 300, y: 700), duration: 1, id: id1)
            _ = b.hold(0, at: Point(x: 420, y: 700), duration: 1, id: id2)
        }
        #expect(r.actions.map(\.type) == [Self.claim, Self.run], "\(r.actions)")
        #expect(r.actions[0].time == r.actions[1].time)
        #expect(r.actions[0].time < 1 && r.actions[0].time >= 0.5)
        #expect(r.actions[1].argv == ["held"])
    }

    @Test("fingers brought back under the binding's distance after the claim run nothing: the touch stays taken")
    func broughtBackRunsNothing() throws {
        let r = try replay(Self.config(distance: 20)) { b in
            _ = b.path(0, [Self.bottom, Point(x: 360, y: 1440 - 10.6 * 30), Self.bottom], duration: 0.6)
        }
        #expect(r.actions.map(\.type) == [Self.claim], "\(r.actions)")
    }

    @Test("a pinch is claimed once its binding would run at a lift, and runs at the lift")
    func pinchClaimed() throws {
        let config = "[[binding]]\ngesture = \"pinch\"\ndirection = \"in\"\nfingers = 2\ncommand = [\"close\"]\n"
        var lift = 0.0
        let r = try replay(config) { b in
            // Two fingers 60 mm apart close to 20 mm.
            _ = b.path(0, [Point(x: 360 - 318, y: 700), Point(x: 360 - 106, y: 700)], duration: 0.4)
            lift = b.path(0, [Point(x: 360 + 318, y: 700), Point(x: 360 + 106, y: 700)], duration: 0.4)
        }
        #expect(r.actions.map(\.type) == [Self.claim, Self.run], "\(r.actions)")
        #expect(r.actions[0].time < lift)
        #expect(r.actions[0].reason.hasPrefix("pinch in"))
        #expect(r.actions[1].argv == ["close"])
    }

    @Test("a second finger down during a claimed sequence finds it claimed")
    func secondFingerDuringAClaim() throws {
        var claimedAt: [(Double, Bool)] = []
        let r = try replay(Self.config(), claimed: { claimedAt.append(($0, $1)) }) { b in
            _ = b.stroke(0, from: Self.bottom, millimeters: Point(x: 0, y: -40), duration: 0.4)
            _ = b.tap(0.3, at: Point(x: 100, y: 300), duration: 0.05)
        }
        #expect(r.actions.first?.type == Self.claim)
        let claimTime = try #require(r.actions.first?.time)
        #expect(claimTime < 0.3)
        // From the claim to the stroke's lift at 0.4 s, the second finger's frames included.
        #expect(claimedAt.filter { $0.0 >= claimTime && $0.0 < 0.4 }.allSatisfy { $0.1 })
        #expect(!r.actions.contains { $0.type == Self.letGo })
    }

    @Test("a streaming binding claims as it begins, then its lines follow")
    func streamClaims() throws {
        let r = try replay(Self.config(stream: true)) { b in
            _ = b.stroke(0, from: Self.bottom, millimeters: Point(x: 0, y: -40), duration: 0.3)
        }
        let types = r.actions.map(\.type)
        #expect(types.first == Self.claim)
        #expect(types.dropFirst().allSatisfy { $0 == Self.stream }, "\(types)")
        #expect(r.actions[1].argv == ["home"])
        #expect(r.actions[0].time == r.actions[1].time)
        #expect(r.lines.first == "home" && r.lines.last?.hasPrefix("  | commit ") == true, "\(r.lines)")
    }

    @Test("explaining, a touch that ran nothing says why, as the daemon's --explain does")
    func explains() throws {
        var b = TraceBuilder(device: Self.phone, seed: 1)
        _ = b.stroke(0, from: Point(x: 360, y: 400), millimeters: Point(x: 0, y: 40), duration: 0.3)
        let r = try DaemonBesideLibraryTests.library(config: Self.config(), surface: Self.surface, events: b.trace().events, explain: true)
        let lines = r.actions.filter { $0.type == 6 }
        #expect(lines.count == 1, "\(r.actions)")
    }

    @Test("a configuration the daemon refuses is refused, at its line and column")
    func badConfiguration() {
        #expect(tg_bindings_new("[[binding]]\ngesture = \"swipe\"\ndirection = \"upward\"\ncommand = [\"x\"]\n", "mine.toml", 720, 1440, 10.6, 10.6, 0) == nil)
        #expect(String(cString: tg_last_error()).hasPrefix("mine.toml:3:13: error:"), "\(String(cString: tg_last_error()))")
        #expect(tg_last_status() == -4)
        #expect(tg_bindings_new("[settings]\n", "none.toml", 720, 1440, 10.6, 10.6, 0) == nil)
        #expect(String(cString: tg_last_error()).contains("none.toml has no [[binding]]"))
        #expect(tg_bindings_new(nil, nil, 720, 1440, 10.6, 10.6, 0) == nil)
        #expect(tg_last_status() == -1)
        #expect(tg_bindings_new(Self.config(), nil, 720, 1440, 10.6, 10.6, 45) == nil)
        #expect(String(cString: tg_last_error()).contains("rotation must be 0, 90, 180 or 270"))
        #expect(tg_bindings_open("/nonexistent/gestures.toml", 720, 1440, 10.6, 10.6, 0) == nil)
        #expect(String(cString: tg_last_error()).contains("/nonexistent/gestures.toml"))
    }

    @Test("-1 takes the configuration's [input] rotate, which tg_bindings_get_rotation says")
    func rotationFromTheConfiguration() throws {
        let text = "[input]\nrotate = 90\n\n" + Self.config()
        let b = try #require(tg_bindings_new(text, nil, 720, 1440, 10.6, 10.6, -1))
        defer { tg_bindings_destroy(b) }
        #expect(tg_bindings_get_rotation(b) == 90)
        // The panel turned a quarter clockwise (a point's screen y is its panel x): the panel's
        // right edge is the screen's bottom, so a stroke from 1 mm inside it leftward is a swipe
        // up from the bottom.
        var t = 0.0
        #expect(tg_bindings_touch(b, t, 1, 0, 720 - 10.6, 720) == 0)
        #expect(tg_bindings_frame(b) == 0)
        for k in 1...30 {
            t = Double(k) / 100
            #expect(tg_bindings_touch(b, t, 1, 1, 720 - 10.6 - Double(k) * 15, 720) == 0)
            #expect(tg_bindings_frame(b) == 0)
        }
        #expect(tg_bindings_touch(b, t, 1, 2, 720 - 10.6 - 450, 720) == 0)
        #expect(tg_bindings_frame(b) == 0)
        var types: [Int32] = []
        while let a = tg_bindings_next_action(b) { types.append(tg_action_get_type(a)) }
        #expect(types == [Self.claim, Self.run])
    }

    @Test("the recent trace replays in the daemon with the bindings it holds, to the same commands")
    func recentTraceReplays() throws {
        let text = Self.config()
        let b = try #require(tg_bindings_new(text, "kiosk.toml", 720, 1440, 10.6, 10.6, 0))
        defer { tg_bindings_destroy(b) }
        var length = 0
        #expect(tg_bindings_recent_trace(b, &length) == nil)
        var builder = TraceBuilder(device: Self.phone, seed: 2)
        _ = builder.stroke(0, from: Self.bottom, millimeters: Point(x: 0, y: -40), duration: 0.3)
        _ = builder.tap(1, at: Point(x: 360, y: 700))
        var ran: [String] = []
        var assembler = FrameAssembler()
        func feed(_ f: TouchFrame) {
            for e in f.events { _ = tg_bindings_touch(b, e.time, Int32(e.id), Int32(e.phase.rawValue), e.position.x, e.position.y) }
            _ = tg_bindings_frame(b)
            while let a = tg_bindings_next_action(b) { if tg_action_get_type(a) == Self.run { ran.append(String(cString: tg_action_get_command(a))) } }
        }
        for e in builder.trace().events { assembler.add(e, emit: feed) }
        assembler.flush(emit: feed)
        _ = tg_bindings_finish(b)
        while let a = tg_bindings_next_action(b) { if tg_action_get_type(a) == Self.run { ran.append(String(cString: tg_action_get_command(a))) } }
        #expect(ran == ["home", "tapped"])
        let trace = try #require(tg_bindings_recent_trace(b, &length))
        let saved = String(cString: trace)
        #expect(saved.utf8.count == length)
        let file = try Scratch(saved, suffix: ".json")
        let r = try Daemon.run(["--replay", file.path, "--dry-run"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == "home\ntapped\n")
    }
}
