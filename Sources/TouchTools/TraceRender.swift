import TouchGestures
import TouchReplay
import TouchTrace
import TouchList

/// Draws a trace as SVG: the list's rows, each contact's path colored by time (blue → red over
/// the trace), a dot a sample, the touch-down (filled) and lift (ring; a cross for a cancel),
/// and each output event labelled where it happened. With `explain`, failures are labelled too.
package enum TraceRender {
    package static func svg(for trace: Trace, title: String, explain: Bool = false) -> String {
        let h = trace.header
        let w = h.device.width, ht = h.device.height
        // Every trace drawn about 900 pixels across, whatever its units (a raw-unit recording
        // 3,009 units wide drew 3,056 pixels with labels too small to read).
        let scale = 900 / max(w, ht, 1e-9)
        let margin = 24.0
        let t0 = trace.events.first?.time ?? 0
        let span = max((trace.events.last?.time ?? 0) - t0, 1e-9)
        // Numbers kept finite and within a picture's reach, whatever the trace holds (a valid
        // trace may place a finger at 1e300): the drawing is clipped, never broken.
        func fmt(_ v: Double) -> String { formatJSONNumber((min(max(v, -1e7), 1e7) * 100).rounded() / 100) }
        func pixel(_ p: Point) -> (Double, Double) {
            func one(_ v: Double) -> Double { v.isFinite ? min(max(v, -1e7), 1e7) : 0 }
            return (one(margin + p.x * scale), one(margin + p.y * scale))
        }
        func px(_ p: Point) -> (String, String) { let (x, y) = pixel(p); return (fmt(x), fmt(y)) }
        func color(_ t: Double) -> String {
            let f = min(max((t - t0) / span, 0), 1)
            return "rgb(\(Int(40 + 215 * f)),\(Int(90 - 40 * f)),\(Int(235 - 200 * f)))"
        }
        func esc(_ s: String) -> String {
            s.replacingAll("&", "&amp;").replacingAll("<", "&lt;").replacingAll(">", "&gt;").replacingAll("\"", "&quot;")
        }
        // The picture's width is known once the labels are placed: the header is written last.
        func header(width: Double) -> String {
            let size = "\(fmt(width)) \(fmt(ht * scale + 2 * margin + 40))"
            return """
                <?xml version="1.0" encoding="UTF-8"?>
                <svg xmlns="http://www.w3.org/2000/svg" width="\(fmt(width))" height="\(fmt(ht * scale + 2 * margin + 40))" \
                viewBox="0 0 \(size)" font-family="sans-serif">

                """
        }
        var out = """
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(fmt(margin))" y="16" font-size="13" fill="#222">\(esc(title))</text>
            <rect x="\(fmt(margin))" y="\(fmt(margin))" width="\(fmt(w * scale))" height="\(fmt(ht * scale))" fill="#fafafa" stroke="#888"/>

            """
        // The list as it lies at the start: the cells its model lays out (sections, sticky
        // headers, variable heights, the scroll offset, the load-more row), clipped to the viewport.
        var model = h.makeListModel()
        let list = model.layout
        out += "<g stroke=\"#ddd\" fill=\"none\" font-size=\"10\">\n"
        let cells = model.layoutCells()
        // A picture shows at most a thousand cells (a list of a million hairline rows would
        // otherwise make a gigabyte of SVG); the rest are counted.
        for (k, cell) in cells.enumerated() {
            if k == 1000 {
                let (tx, ty) = pixel(Point(x: list.left, y: list.top + list.height))
                out += "<text x=\"\(fmt(tx + 4))\" y=\"\(fmt(ty - 4))\" fill=\"#aaa\" stroke=\"none\">… \(max(cells.count, model.itemsInView) - 1000) more cells not drawn</text>\n"
                break
            }
            let top = max(cell.y, list.top), bottom = min(cell.y + cell.height, list.top + list.height)
            guard bottom > top else { continue }
            let (x0, y0) = px(Point(x: list.left, y: top))
            let name: String
            switch cell.item {
            case .row(let r): name = "row \(r)"
            case .header(let s): name = "section \(s)"
            case .loadMore: name = "load more"
            case .loading: name = "loading"
            }
            let fill: String
            if case .row = cell.item { fill = "none" } else { fill = "#f0f0f0" }
            out += "<rect x=\"\(x0)\" y=\"\(y0)\" width=\"\(fmt(list.width * scale))\" height=\"\(fmt((bottom - top) * scale))\" fill=\"\(fill)\"/>"
            let (tx, ty) = pixel(Point(x: list.left, y: top))
            out += "<text x=\"\(fmt(tx + 4))\" y=\"\(fmt(ty + 12))\" fill=\"#aaa\" stroke=\"none\">\(name)</text>\n"
        }
        out += "</g>\n"
        // Where a row's label goes: three quarters across, at its middle as the list starts,
        // within the list's viewport (a row scrolled in later is labelled at the viewport's
        // edge, not below the panel where it started).
        func rowLabel(_ r: Int) -> Point {
            let g = model.geometry
            guard r >= 0, r < g.rowCount else { return Point(x: list.left + list.width * 0.75, y: list.top) }
            let i = g.item(ofRow: r)
            let y = list.top + g.top(ofItem: i) - model.contentOffset + g.height(ofItem: i) / 2
            return Point(x: list.left + list.width * 0.75, y: min(max(y, list.top + 8 / scale), list.top + list.height - 4 / scale))
        }
        // Paths, colored by time. A move less than a pixel from the last point drawn for its
        // contact draws nothing (it could not be seen), and a spot (4 px square) shows at most
        // `crowdLimit` markers of a kind and labels: a million taps in one place made a 215 MB
        // picture of overlapping circles. What is left out is counted at the foot.
        var crowd = Crowd()
        var last: [Int: Point] = [:]
        out += "<g stroke-width=\"2.5\" stroke-linecap=\"round\">\n"
        for e in trace.events {
            let (x, y) = px(e.position)
            if e.phase == .move, let p = last[e.id] {
                let (a, b) = pixel(p), (c, d) = pixel(e.position)
                if (a - c) * (a - c) + (b - d) * (b - d) < 1 { crowd.subPixelMoves += 1; continue }
            }
            if let p = last[e.id], e.phase != .down, crowd.admitsLine(from: pixel(p), to: pixel(e.position)) {
                let (a, b) = px(p)
                out += "<line x1=\"\(a)\" y1=\"\(b)\" x2=\"\(x)\" y2=\"\(y)\" stroke=\"\(color(e.time))\"/>\n"
            }
            if crowd.admits(pixel(e.position), kind: "dot") {
                out += "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"1.6\" fill=\"\(color(e.time))\"/>\n"
            }
            switch e.phase {
            case .down:
                if crowd.admits(pixel(e.position), kind: "down marker") {
                    out += "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"6\" fill=\"\(color(e.time))\"><title>down \(e.id) at \(fmt(e.time)) s</title></circle>\n"
                }
                last[e.id] = e.position
            case .move:
                last[e.id] = e.position
            case .up:
                if crowd.admits(pixel(e.position), kind: "up marker") {
                    out += "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"7\" fill=\"none\" stroke=\"\(color(e.time))\"><title>up \(e.id) at \(fmt(e.time)) s</title></circle>\n"
                }
                last[e.id] = nil
            case .cancel:
                let (a, b) = pixel(e.position)
                if crowd.admits((a, b), kind: "cancel marker") {
                    out += "<path d=\"M\(fmt(a - 6)) \(fmt(b - 6)) L\(fmt(a + 6)) \(fmt(b + 6)) M\(fmt(a - 6)) \(fmt(b + 6)) L\(fmt(a + 6)) \(fmt(b - 6))\" stroke=\"#c00\"><title>cancel \(e.id)</title></path>\n"
                }
                last[e.id] = nil
            }
        }
        out += "</g>\n"
        // Gestures where they fired; failures with explain.
        let output = TraceReplay.run(header: h, explain: explain, events: trace.events).output
        var lastPosition = Point(x: w / 2, y: ht / 2)
        var positions: [(Double, Point)] = trace.events.map { ($0.time, $0.position) }
        positions.sort { $0.0 < $1.0 }
        /// Where a finger last was at `t`: the newest sample at or before it (binary search, so
        /// labelling n outputs over m samples costs O(n log m), not O(n m)).
        func position(at t: Double) -> Point {
            var lo = 0, hi = positions.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if positions[mid].0 <= t { lo = mid + 1 } else { hi = mid }
            }
            return lo > 0 ? positions[lo - 1].1 : lastPosition
        }
        out += "<g font-size=\"12\">\n"
        // Labels never overlap and never run off the picture: each is placed right of its
        // spot (left of it near the right edge), moved down a line while it would cover one
        // already placed, and only counted once `Crowd.limit` lines are taken there.
        let pictureWidth = w * scale + 2 * margin
        // Labels that fit neither right nor left of their spot (a narrow surface) keep to the
        // right and widen the picture, so that none is cut at either edge.
        var widest = pictureWidth
        var placed: [Int: [(x0: Double, x1: Double, top: Double)]] = [:]      // by 14-pixel band of the top
        func text(_ at: Point, _ label: String, _ fill: String, _ time: Double) -> String {
            let stamp = "\(fmt(time)) s"
            // About 6.7 pixels a character at 12 px sans-serif.
            let width = Double(label.count + 1 + stamp.count) * 6.7
            let (x, y) = pixel(at)
            // Right of the spot, or left of it near the right edge; never left of the picture (a
            // finger off the surface is drawn outside it).
            var x0 = max(2, x + 9)
            if x0 + width > pictureWidth - 2, x - 9 - width >= 2 { x0 = x - 9 - width }
            // Moved down a line at a time while that stays on the panel, then up: a spot on the
            // panel is labelled on the panel, never over the time scale below it.
            let panelTop = margin + 11, panelBottom = margin + ht * scale - 3
            let onPanel = y >= panelTop - 8 && y <= panelBottom + 8
            let steps = Array(0..<Crowd.limit) + (onPanel ? (1..<Crowd.limit).map { -$0 } : [])
            let lines = steps.map { y - 8 + Double($0) * 14 }
                .filter { !onPanel || ($0 >= panelTop && $0 <= panelBottom) }.prefix(Crowd.limit)
            for baseline in lines {
                // A line of 12-pixel text covers 14 pixels: from 11 above its baseline to 3 below.
                let top = baseline - 11
                let band = Int(max(-1e9, min(1e9, (top / 14).rounded(.down))))
                let clash = (band - 1...band + 1).contains { b in
                    placed[b]?.contains { $0.x0 < x0 + width && x0 < $0.x1 && abs($0.top - top) < 14 } ?? false
                }
                if clash { continue }
                placed[band, default: []].append((x0, x0 + width, top))
                widest = max(widest, min(x0 + width + 4, 1e7))
                return "<text x=\"\(fmt(x0))\" y=\"\(fmt(baseline))\" fill=\"\(fill)\">\(esc(label)) <tspan fill=\"#888\">\(stamp)</tspan></text>\n"
            }
            crowd.hiddenLabels += 1
            return ""
        }
        for e in output {
            var at: Point
            var label: String
            var fill = "#135"
            let kind: GestureEvent.Kind
            switch e {
            case .gesture(let g): kind = g.kind
            case .list(let l):
                switch l.kind {
                case .rowSwipe(let r, let side):
                    at = rowLabel(r); label = "row \(r) \(side != nil ? "swiped" : "restored")"; fill = "#074"
                case .select(let r):
                    at = rowLabel(r); label = "row \(r) selected"; fill = "#074"
                case .scroll, .rowOffset: continue   // the offset changes every frame of a scroll or a slide
                case .fullSwipe(let r, _), .rowMoved(_, let r), .rowInserted(let r):
                    at = rowLabel(r); label = e.summary; fill = "#074"
                case .rowAction:
                    // At the tap that ran it (the last touch before it), not where its row was
                    // when the list started.
                    at = position(at: e.time); label = e.summary; fill = "#074"
                case .deselect, .check, .snap, .loadMore, .refresh, .page, .edit, .rowDeleted:
                    at = position(at: e.time); label = e.summary; fill = "#074"
                }
                lastPosition = at
                out += text(at, label, fill, e.time)
                continue
            }
            switch kind {
            case .swipe(let s): at = s.end; label = "swipe \(s.direction.rawValue) ×\(s.fingers)"
            case .tap(let t): at = t.position; label = t.taps == 1 ? "tap ×\(t.fingers)" : "\(t.taps)-tap ×\(t.fingers)"
            case .failed(let r, let why): at = position(at: e.time); label = "\(r.rawValue) failed: \(why)"; fill = "#b00"
            case .won(let r, _): at = position(at: e.time); label = "\(r.rawValue) wins"; fill = "#555"
            case .fling(let f): at = f.position; label = "fling \(formatFixed(f.millimetersPerSecond, digits: 0)) mm/s"
            // Continuous gestures are labelled where they begin and end, not at every frame.
            case .longPress(let g):
                if g.phase == .changed { continue }
                at = g.position; label = "long press \(g.phase.rawValue)"
            case .pan(let g):
                if g.phase == .changed { continue }
                at = g.position; label = "pan \(g.phase.rawValue)"
            case .pinch(let g):
                if g.phase == .changed { continue }
                at = g.focus; label = "pinch \(g.phase.rawValue) ×\(formatFixed(g.scale, digits: 2))"
            case .rotate(let g):
                if g.phase == .changed { continue }
                at = g.focus; label = "rotate \(g.phase.rawValue) \(formatFixed(g.angle * 180 / Double.pi, digits: 0))°"
            case .drag:
                // The row it moves says where it went (rowOffset, rowSwipe), at the row.
                continue
            case .sequence(let q): at = q.position; label = "sequence \(q.name)"
            case .follow(let f):
                if f.phase == .changed { continue }
                at = position(at: e.time); label = "follow \(f.phase.rawValue) \(formatFixed(f.progress, digits: 2))"
            }
            lastPosition = at
            out += text(at, label, fill, e.time)
        }
        // Each declared sequence done, step by step: a diamond where the fingers were as each
        // step was done, labelled with the step.
        for mark in sequenceSteps(trace) {
            let p = position(at: mark.time)
            let (x, y) = pixel(p)
            out += "<path d=\"M\(fmt(x)) \(fmt(y - 5)) l5 5 l-5 5 l-5 -5 z\" fill=\"#c60\"><title>\(esc(mark.label))</title></path>\n"
            out += text(p, mark.label, "#c60", mark.time)
        }
        out += "</g>\n"
        // A time scale under the surface.
        let y = margin + ht * scale + 22
        for k in 0...10 {
            let t = t0 + span * Double(k) / 10
            out += "<rect x=\"\(fmt(margin + Double(k) * 30))\" y=\"\(fmt(y))\" width=\"30\" height=\"8\" fill=\"\(color(t))\"/>"
        }
        out += "<text x=\"\(fmt(margin + 340))\" y=\"\(fmt(y + 8))\" font-size=\"11\" fill=\"#444\">time: \(fmt(0)) → \(fmt(span)) s</text>\n"
        widest = max(widest, margin + 340 + 150)
        if let note = crowd.note {
            out += "<text x=\"\(fmt(margin))\" y=\"\(fmt(y + 26))\" font-size=\"11\" fill=\"#888\">\(note)</text>\n"
            widest = max(widest, margin + Double(note.count) * 6.2 + 4)
        }
        out += "</svg>\n"
        return header(width: widest.rounded(.up)) + out
    }

    /// The steps of each declared sequence (the trace's settings' `sequences`) done in the trace:
    /// when each was done and what it was (`drawer 2: hold`), from an engine run over the trace's
    /// frames, whose runs keep each step's time until the next touch begins. Empty when the
    /// settings declare none.
    static func sequenceSteps(_ trace: Trace) -> [(time: Double, label: String)] {
        guard let settings = trace.header.settings, !settings.sequences.isEmpty else { return [] }
        var engine = GestureEngine(settings: settings, surface: trace.header.surface)
        let declared = engine.sequences
        var marks: [(time: Double, label: String)] = []
        var done: [Int] = []
        func note(_ g: GestureEvent) { if case .sequence(let q) = g.kind { done.append(q.index) } }
        func collect() {
            for k in done where declared.indices.contains(k) {
                let steps = declared[k].steps
                for (n, end) in engine.sequenceStepEnds(k).enumerated() where n < steps.count {
                    marks.append((end, "\(declared[k].name) \(n + 1): \(steps[n].action.kind.rawValue)"))
                }
            }
            done.removeAll()
        }
        let events = trace.events
        var k = 0
        while k < events.count {
            // A frame: the events that share a time, as the replay groups them.
            let t = events[k].time
            var j = k + 1
            while j < events.count, events[j].time == t { j += 1 }
            engine.advance(to: t, emit: note)
            collect()
            engine.handle(TouchFrame(time: t, events: Array(events[k..<j])), emit: note)
            collect()
            k = j
        }
        engine.finish(emit: note)
        collect()
        return marks
    }
}

/// What a picture leaves out where it is crowded: markers of one kind beyond `limit` in one
/// 4-pixel square, labels beyond `limit` in one 20-unit square, moves under a pixel long.
struct Crowd {
    /// Markers of a kind (or labels) drawn at one spot before the rest are only counted.
    static let limit = 8
    private var counts: [String: Int] = [:]
    var hiddenMarkers = 0
    var hiddenLabels = 0
    var subPixelMoves = 0
    var hiddenLines = 0

    /// Whether a marker of `kind` at pixel `p` is drawn; counts it when it is not.
    mutating func admits(_ p: (Double, Double), kind: String) -> Bool {
        if underLimit("\(kind) \(Self.spot(p))") { return true }
        hiddenMarkers += 1
        return false
    }

    /// Whether a path segment is drawn: not when it is under a pixel long (the dots show
    /// it), nor when `limit` segments already join the same two spots.
    mutating func admitsLine(from p: (Double, Double), to q: (Double, Double)) -> Bool {
        if (p.0 - q.0) * (p.0 - q.0) + (p.1 - q.1) * (p.1 - q.1) < 1 { return false }
        if underLimit("line \(Self.spot(p)) \(Self.spot(q))") { return true }
        hiddenLines += 1
        return false
    }

    /// The 4-pixel square a pixel lies in, as text for a key.
    private static func spot(_ p: (Double, Double)) -> String {
        "\(Int((p.0 / 4).rounded(.down))) \(Int((p.1 / 4).rounded(.down)))"
    }

    /// Counts one more of `key`; true while no more than `limit` have been counted.
    private mutating func underLimit(_ key: String) -> Bool {
        let n = counts[key, default: 0]
        counts[key] = n + 1
        return n < Self.limit
    }

    /// The foot line saying what was left out, or nil when nothing was.
    var note: String? {
        var parts: [String] = []
        if hiddenMarkers > 0 { parts.append("\(hiddenMarkers) markers") }
        if hiddenLines > 0 { parts.append("\(hiddenLines) path segments") }
        if hiddenLabels > 0 { parts.append("\(hiddenLabels) labels") }
        if subPixelMoves > 0 { parts.append("\(subPixelMoves) moves under a pixel") }
        guard !parts.isEmpty else { return nil }
        return "not drawn where crowded: " + parts.joined(separator: ", ") + " (each spot shows at most \(Self.limit) of a kind)"
    }
}

extension String {
    func replacingAll(_ a: String, _ b: String) -> String {
        guard contains(a) else { return self }
        return split(separator: a, omittingEmptySubsequences: false).joined(separator: b)
    }
}
