import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TouchTestSupport
import TouchTrace
@testable import TouchTools

@Suite("touchtrace render")
struct RenderTests {
    static let samples = ["demo-session.json", "drift-over-limit-diagonal.json", "swipe-three-finger-up.json",
                          "cancelled-during-swipe.json", "recorded-atmel-four-finger-drag-down.json"]

    @Test("the SVG is well-formed XML and labels the gestures", arguments: samples)
    func svgIsWellFormed(_ name: String) throws {
        let (trace, _) = try TraceReader.read(path: corpusPath(name))
        let svg = TraceRender.svg(for: trace, title: "a <title> & more", explain: true)
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "\(name): \(parser.parserError.map { "\($0)" } ?? "")")
        #expect(svg.contains("a &lt;title&gt; &amp; more"))
        if name == "drift-over-limit-diagonal.json" { #expect(svg.contains("swipe failed: cross drift 8.8 mm &gt; 8.0 mm")) }
        if name == "demo-session.json" { #expect(svg.contains(">row 3 swiped <")) }
    }

    @Test("a declared sequence is drawn step by step: where and when each step was done")
    func sequenceSteps() throws {
        let (trace, _) = try TraceReader.read(path: corpusPath("sequence-sxmo-hold-bottom-then-up.json"))
        let marks = TraceRender.sequenceSteps(trace)
        #expect(marks.map(\.label) == ["drawer 1: touch", "drawer 2: hold", "drawer 3: move"])
        // The rules: the touch is done as the finger lands; the hold 0.4 s later; the move at the
        // first sample 15 mm above where the hold ended (5 units a millimetre).
        let down = try #require(trace.events.first)
        let moved = try #require(trace.events.first { $0.time > 0.4 && down.position.y - $0.position.y >= 15 * 5 })
        #expect(marks.map(\.time) == [down.time, down.time + 0.4, moved.time], "\(marks)")
        let svg = TraceRender.svg(for: trace, title: "steps")
        #expect(svg.contains(">drawer 2: hold <tspan fill=\"#888\">0.4 s</tspan>"), "\(svg)")
        // A stroke that is no sequence draws no step.
        let (swipe, _) = try TraceReader.read(path: corpusPath("sequence-sxmo-no-hold-is-a-swipe.json"))
        #expect(TraceRender.sequenceSteps(swipe).isEmpty)
    }

    @Test("labels never cover one another nor run off the picture, and any trace is drawn about 900 pixels across",
          arguments: samples + ["recorded-elan-drag-up-down.json", "tap-double.json"])
    func labelsDoNotOverlap(_ name: String) throws {
        let (trace, _) = try TraceReader.read(path: corpusPath(name))
        let svg = TraceRender.svg(for: trace, title: name, explain: true)
        let width = try expectLabelsFit(svg, name)
        // The ELAN recording is 3,009 units wide: drawn at 900 pixels plus margins, not 3,056.
        #expect(width > 850 && width < 1000, "\(name): \(width) pixels wide")
    }

    @Test("labels fit a narrow surface (the picture widens) and a finger off its left edge (none starts left of the picture)")
    func labelsFitNarrowAndOffSurface() throws {
        let narrow = try TraceSynth.trace(from: "device 120x480 res 5; swipe up 30mm at 60,300; tap at 10,100")
        _ = try expectLabelsFit(TraceRender.svg(for: narrow, title: "narrow", explain: true), "narrow")
        var events: [String] = []
        for (k, x) in [-200.0, -120, -60, 0, 40].enumerated() {
            events.append(#"{"t": \#(Double(k) * 0.01), "id": 0, "phase": "\#(k == 0 ? "down" : k == 4 ? "up" : "move")", "x": \#(x), "y": 240}"#)
        }
        let r = diagnose(#"{"format": "touch-trace", "version": 1, "device": {"width": 800, "height": 480}, "events": ["#
            + events.joined(separator: ", ") + "]}")
        let off = try #require(r.trace, "\(r.errors)")
        _ = try expectLabelsFit(TraceRender.svg(for: off, title: "off", explain: true), "off the left")
    }

    @Test("the title is drawn as it is, whatever it spells (a placeholder for the width once stood in the text)")
    func titleIsKept() throws {
        let (trace, _) = try TraceReader.read(path: corpusPath("tap-double.json"))
        let svg = TraceRender.svg(for: trace, title: "@WIDTH@ and 100%", explain: true)
        #expect(svg.contains(">@WIDTH@ and 100%</text>"), "\(svg.prefix(400))")
        #expect(XMLParser(data: Data(svg.utf8)).parse())
    }

    /// Checks that no label runs off the picture or covers another, and returns its width.
    func expectLabelsFit(_ svg: String, _ name: String) throws -> Double {
        let width = try #require(svg.firstMatch(of: /<svg[^>]* width="([0-9.]+)"/).flatMap { Double($0.1) })
        // Each label's box: 12-pixel text from 11 above its baseline to 3 below, about 6.7
        // pixels a character (the label, a space, and its time).
        var boxes: [(x0: Double, x1: Double, y0: Double, y1: Double, text: String)] = []
        for m in svg.matches(of: /<text x="([-0-9.]+)" y="([-0-9.]+)" fill="[^"]*">([^<]*) <tspan fill="#888">([^<]*)<\/tspan><\/text>/) {
            let x = Double(m.1)!, y = Double(m.2)!
            let chars = String(m.3).replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&amp;", with: "&").count + 1 + m.4.count
            boxes.append((x, x + Double(chars) * 6.7, y - 11, y + 3, String(m.3)))
        }
        #expect(!boxes.isEmpty)
        for b in boxes { #expect(b.x0 >= 0 && b.x1 <= width, "\(name): '\(b.text)' runs off the picture (\(b.x0)…\(b.x1) of \(width))") }
        for i in boxes.indices {
            for j in boxes.indices where j > i {
                let a = boxes[i], b = boxes[j]
                let overlap = a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 - 0.01 && b.y0 < a.y1 - 0.01
                #expect(!overlap, "\(name): '\(a.text)' and '\(b.text)' overlap")
            }
        }
        return width
    }

    @Test("a row action is labelled at the tap that ran it, and labels of spots on the panel stay on it (they ran onto the time scale)")
    func rowActionAtItsTapAndLabelsOnThePanel() throws {
        // Row 7's Delete uncovered, then tapped near the panel's foot: the action's label at the
        // tap (x 760), not at row 7's middle three quarters across (x 600).
        let t = try TraceSynth.trace(from: "device 800x480 res 5; list rows 8 height 60 trailing 80,80; swipe left 30mm at 500,450; "
                                     + "tap at 760,450")
        let svg = TraceRender.svg(for: t, title: "action")
        _ = try expectLabelsFit(svg, "action")
        let scale = 900.0 / 800, margin = 24.0
        let label = try #require(svg.firstMatch(of: /<text x="([-0-9.]+)" y="[-0-9.]+" fill="[^"]*">(row 7 runs its trailing action 0) <tspan fill="#888">([^<]*)</),
                                 "\(svg.split(separator: "\n").filter { $0.contains("<text") }.joined(separator: " | "))")
        // Right of the tap's spot, or (near the right edge) ending left of it, as every label.
        let x0 = Double(label.1)!, x1 = x0 + Double(label.2.count + 1 + label.3.count) * 6.7
        let tapX = margin + 760 * scale
        #expect(abs(x0 - (tapX + 9)) < 0.5 || abs(x1 - (tapX - 9)) < 0.5, "from \(x0) to \(x1): not beside the tap at \(tapX)")
        let panelBottom = margin + 480 * scale
        for m in svg.matches(of: /<text x="[-0-9.]+" y="([-0-9.]+)" fill="[^"]*">[^<]* <tspan/) {
            #expect(Double(m.1)! <= panelBottom, "a label at y \(m.1), below the panel's foot at \(panelBottom)")
        }
    }

    @Test("2,000 taps in one place draw 8 of each marker, count the rest at the foot, and stay small")
    func crowdedSpotIsCounted() throws {
        var events: [String] = []
        for k in 0..<2000 {
            events.append(#"{"t": \#(k), "id": \#(k), "phase": "down", "x": 40, "y": 30}"#)
            events.append(#"{"t": \#(k).05, "id": \#(k), "phase": "up", "x": 40, "y": 30}"#)
        }
        let r = diagnose(#"{"format": "touch-trace", "version": 1, "device": {"width": 80, "height": 60}, "events": ["#
            + events.joined(separator: ", ") + "]}")
        let trace = try #require(r.trace, "\(r.errors)")
        let svg = TraceRender.svg(for: trace, title: "crowd")
        #expect(XMLParser(data: Data(svg.utf8)).parse())
        // One spot: 8 sample dots (down and up share them), 8 down discs, 8 lift rings.
        #expect(svg.components(separatedBy: "<circle").count - 1 == 24)
        // Left out: 4000 − 8 dots, 2000 − 8 discs and 2000 − 8 rings; the zero-length
        // down-to-up segments are not drawn at all.
        #expect(svg.contains("not drawn where crowded: 7976 markers"), "\(svg.suffix(300))")
        #expect(!svg.contains("<line"))
        #expect(svg.utf8.count < 20_000, "\(svg.utf8.count) bytes")
    }

    @Test("a slow drag keeps a dot and a segment only where it has moved a pixel")
    func subPixelMovesAreMerged() throws {
        // The picture has 900/90 = 10 px a unit. First 0.2 unit a move: each moves 2 px and is
        // drawn. Then 0.01 unit (0.1 px) a move: a segment each time the drag has gone a pixel
        // from the last point drawn, so 9 or 10 of the 100 (floating-point sums decide the
        // tenth); the lift, at most a pixel on, adds one segment or none.
        var events = [#"{"t": 0, "id": 1, "phase": "down", "x": 10, "y": 10}"#]
        for k in 1...100 { events.append(#"{"t": \#(Double(k) * 0.01), "id": 1, "phase": "move", "x": \#(10 + Double(k) * 0.2), "y": 10}"#) }
        for k in 1...100 { events.append(#"{"t": \#(1 + Double(k) * 0.01), "id": 1, "phase": "move", "x": 30, "y": \#(10 + Double(k) * 0.01)}"#) }
        events.append(#"{"t": 2.1, "id": 1, "phase": "up", "x": 30, "y": 11}"#)
        let r = diagnose(#"{"format": "touch-trace", "version": 1, "device": {"width": 90, "height": 60}, "events": ["#
            + events.joined(separator: ", ") + "]}")
        let trace = try #require(r.trace, "\(r.errors)")
        let svg = TraceRender.svg(for: trace, title: "slow")
        let lines = svg.components(separatedBy: "<line").count - 1
        #expect(lines >= 109 && lines <= 111, "\(lines) segments")
        #expect(svg.contains("moves under a pixel"))
    }

    @Test("valid traces with huge coordinates and huge or hairline rows draw without trapping, in a bounded picture")
    func extremeValidTraces() throws {
        let events = #"{"t": 0, "id": 0, "phase": "down", "x": 1e300, "y": -1e300}, {"t": 0.1, "id": 0, "phase": "up", "x": 1e300, "y": 5}"#
        for list in [#""rows": 10, "rowHeight": 1e300"#, #""rows": 1000000, "rowHeight": 1e-9"#, #""rows": 10, "rowHeight": 60"#] {
            let text = #"{"format": "touch-trace", "version": 1, "device": {"width": 1e300, "height": 480}, "scene": {"list": {"#
                + list + #"}}, "events": ["# + events + "]}"
            let r = diagnose(text)
            let trace = try #require(r.trace, "\(r.errors)")
            let svg = TraceRender.svg(for: trace, title: "extreme", explain: true)
            #expect(XMLParser(data: Data(svg.utf8)).parse(), "\(list)")
            // Every coordinate and size is a finite number (width="null" was written before).
            for bad in ["=\"null\"", "=\"inf\"", "=\"-inf\"", "=\"nan\""] { #expect(!svg.contains(bad), "\(list): \(bad)") }
            #expect(svg.utf8.count < 1_000_000, "\(list): \(svg.utf8.count) bytes")
        }
    }

    @Test("property: any valid trace, magnitudes from 1e-300 to 1e300, draws a finite, bounded, well-formed picture")
    func randomExtremeTraces() throws {
        var rng = SplitMix(state: 12)
        func magnitude() -> Double {
            let e = Double(rng.int(601)) - 300
            return (rng.double() + 0.1) * pow(10, e)
        }
        for _ in 0..<150 {
            let w = magnitude(), h = magnitude()
            var events = ""
            var t = 0.0
            for k in 0..<(1 + rng.int(6)) {
                let phase = k == 0 ? "down" : "move"
                events += (k == 0 ? "" : ", ") + #"{"t": \#(t), "id": 0, "phase": "\#(phase)", "x": \#(magnitude() * (rng.int(2) == 0 ? 1 : -1)), "y": \#(magnitude())}"#
                t += magnitude() < 1 ? 0.01 : 0.2
            }
            let text = #"{"format": "touch-trace", "version": 1, "device": {"width": \#(w), "height": \#(h)}, "scene": {"list": {"rows": \#(rng.int(100_000)), "rowHeight": \#(magnitude())}}, "events": [\#(events)]}"#
            let r = diagnose(text)
            guard let trace = r.trace else { continue }
            let svg = TraceRender.svg(for: trace, title: "random", explain: true)
            #expect(XMLParser(data: Data(svg.utf8)).parse())
            for bad in ["=\"null\"", "=\"inf\"", "=\"-inf\"", "=\"nan\""] { #expect(!svg.contains(bad)) }
            #expect(svg.utf8.count < 1_000_000)
        }
    }

    @Test("a PNG through rsvg-convert shows a picture, not an empty page",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert"), "needs librsvg2-bin"))
    func pngIsNotEmpty() throws {
        let dir = TempDir()
        let out = dir.path("demo.png")
        let r = try CLITests().run(["render", "traces/demo-session.json", "-o", out])
        #expect(r.status == 0, "\(r.err)")
        // Decode the PNG (zlib, filters) independently and count the pixels that are not white.
        let script = """
            import struct, sys, zlib
            d = open(sys.argv[1], 'rb').read()
            assert d[:8] == b'\\x89PNG\\r\\n\\x1a\\n'
            i, idat, w, h, ct = 8, b'', 0, 0, 0
            while i < len(d):
                n, kind = struct.unpack('>I4s', d[i:i+8]); body = d[i+8:i+8+n]; i += 12 + n
                if kind == b'IHDR': w, h, depth, ct = struct.unpack('>IIBB', body[:10])
                if kind == b'IDAT': idat += body
            bpp = {6: 4, 2: 3}[ct]; raw = zlib.decompress(idat); stride = w * bpp; prev = bytearray(stride); ink = 0
            for y in range(h):
                f = raw[y*(stride+1)]; line = bytearray(raw[y*(stride+1)+1:(y+1)*(stride+1)])
                for x in range(stride):
                    a = line[x-bpp] if x >= bpp else 0; b = prev[x]; c = prev[x-bpp] if x >= bpp else 0
                    p = a + b - c; pa, pb, pc = abs(p-a), abs(p-b), abs(p-c)
                    pr = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                    line[x] = (line[x] + [0, a, b, (a+b)//2, pr][f]) & 255
                ink += sum(1 for x in range(0, stride, bpp) if min(line[x:x+3]) < 200)
                prev = line
            print(w, h, ink)
            """
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", script, out]
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        let f = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        #expect(f.count == 3)
        #expect(f.first.map { $0 > 500 } == true, "width")
        #expect(f.count == 3 && f[2] > 2000, "drawn pixels: \(text)")
    }
}
