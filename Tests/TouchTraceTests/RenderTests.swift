import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
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
