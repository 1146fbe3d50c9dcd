internal import CPlatform
import TouchGestures
import TouchTrace
import TouchList

/// Makes traces from a short description instead of hand-written JSON (`touchtrace synth`).
///
/// One statement a line (or separated by `;`), `#` starts a comment. Settings:
/// - `device 800x480 [res 5 | res 5,4 | mm] [name "Panel"]` — size in trace units, resolution in
///   units/mm (default: 800x480 res 5);
/// - `list rows 8 height 60 [top 0] [policy toggle|directional|oneOpen] [trailing 80,80]
///   [leading 80] [reorder]` (actions as widths in trace units, the one at the row's edge first;
///   `reorder`: a long press lifts a row and a drag moves it);
/// - `diagonals` — the replay reports eight swipe directions (`swipe.diagonals` in the scene's
///   settings);
/// - `rate 120` — samples per second (default 120); `jitter 0.3mm` — Gaussian noise on every
///   sample; `seed 7` — for the jitter; `gap 0.5s` — time between gestures (default 0.5 s).
///
/// Gestures, one after another (positions in trace units, `at` defaulting to the center):
/// - `swipe right 40mm [in 0.25s] [at 400,210] [fingers 2]` (distances in `mm` or `px`;
///   directions `left`, `right`, `up`, `down`, `upLeft`, `upRight`, `downLeft`, `downRight`);
/// - `tap [at X,Y] [fingers N] [hold 0.08s]`; `double-tap [at X,Y] [fingers N]`;
/// - `long-press [at X,Y] [for 0.8s]`; `drag from X,Y to X,Y [in 1s] [hold S]`; `pause 0.5s`;
/// - `fling right [30mm] [in 0.08s] [at X,Y]` (a fast stroke);
/// - `pinch [at X,Y] [from 20mm] [to 60mm] [in 0.5s]` (two fingers moving apart or together);
/// - `rotate [at X,Y] [by 90deg] [radius 15mm] [in 0.6s]` (two fingers turning around a point,
///   clockwise on the screen for a positive angle).
///
/// What the app does to the list's rows, at the time the statement is reached (after the
/// gesture before it, and any `pause`; after a tap, once the tap has been reported: at the end
/// of its double-tap window, `tap.maxGap` after the lift): `delete 3 [5 …]` (rows before the
/// edit), `insert 2 [4 …]` (places after it), `move 3 to 5`, joined by `and` into one batch
/// (`delete 2 and insert 0 and move 5 to 1`); a `list` statement must come first.
/// `drag from X,Y to X,Y [in 1s] [hold 0.6s]`: with `hold`, the finger rests at its start
/// first (press and hold, then drag: a row lifted for reordering).
///
/// Times are written `0.25s`, `250ms` or `0.25` (seconds).
///
/// Expectations: `expect swipe direction=right fingers=1` (one output event a statement),
/// `expect-none rowSwipe select`.
package enum TraceSynth {
    /// The most events one description may make: a bound, so that 44 bytes
    /// (`rate 2000; long-press for 3600s fingers 10`) cannot ask for gigabytes.
    package static let maxEvents = 10_000_000

    /// The trace `description` describes; `name` (the file, or `-e`) locates its mistakes,
    /// each a ``Diagnostic`` at the line and column of the word, naming the statement, what
    /// was expected and what was found.
    package static func trace(from description: String, name: String = "<description>") throws(DiagnosticError) -> Trace {
        try make(from: description, name: name).trace
    }

    /// One stroke a description made: its contact id (each stroke of a trace has its own), when
    /// it went down, and the statement that made it, as a labels file for `touchtrace eval`
    /// names a stroke.
    package struct Stroke: Hashable, Sendable {
        package var id: Int
        package var downTime: Double
        package var statement: String
    }

    /// The trace `description` describes and its strokes in the order they were made (see
    /// ``trace(from:name:)``).
    package static func make(from description: String, name: String = "<description>") throws(DiagnosticError) -> (trace: Trace, strokes: [Stroke]) {
        var p = Synth()
        var lineNumber = 0
        for rawLine in description.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            let code = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            for statement in code.split(separator: ";") {
                // Each word with its 1-based byte column in the line.
                var words: [String] = [], columns: [Int] = []
                var i = statement.startIndex
                while i < statement.endIndex {
                    if statement[i] == " " || statement[i] == "\t" { i = statement.index(after: i); continue }
                    var j = i
                    while j < statement.endIndex, statement[j] != " ", statement[j] != "\t" { j = statement.index(after: j) }
                    words.append(String(statement[i..<j]))
                    columns.append(rawLine.utf8.distance(from: rawLine.startIndex, to: i) + 1)
                    i = j
                }
                if words.isEmpty { continue }
                var w = Words(words: words, columns: columns, lineEnd: rawLine.utf8.count + 1, file: name, line: lineNumber)
                p.statementWords = w
                try p.statement(&w)
            }
        }
        // The statements check their numbers; this is the guarantee: what synth makes, the
        // strict reader accepts (it wrote `tap at nan,nan` and `res 1e308` before).
        let trace = p.finish()
        let check = TraceReader.diagnose(bytes: Array(TraceWriter.document(trace).utf8), name: name)
        guard check.errors.isEmpty else {
            throw DiagnosticError(check.errors.map { Diagnostic(.error, SourceLocation(file: name), "the description makes an invalid trace: \($0.message)") })
        }
        return (trace, p.strokes)
    }


    struct Synth {
        static let directions = "a direction (left, right, up, down, upLeft, upRight, downLeft, downRight)"
        var device = TraceHeader.Device(name: "touchtrace synth", width: 800, height: 480, resolution: Point(x: 5, y: 5), units: "px")
        var list: JSONObject?
        /// The app's edits of the list's rows (`scene.list.edits`), in time order.
        var edits: [JSONValue] = []
        /// `diagonals`: the replay reports eight swipe directions (`swipe.diagonals`).
        var diagonals = false
        var rate = 120.0
        var jitterMM = 0.0
        var seed: UInt64 = 1
        var gap = 0.5
        var time = 0.0
        /// Made at the first gesture, from the device and seed in force then.
        var builder: TraceBuilder?
        /// Events the description asks for so far (checked against ``maxEvents`` per statement,
        /// before they are made).
        var eventCount = 0
        /// The statement being read, for errors about it as a whole.
        var statementWords: Words?
        var expect: [JSONObject] = []
        var expectNone: [String]?
        var started = false
        /// The first contact id of the gesture being made: each gesture's fingers take ids after
        /// the ones before, so that every stroke of a trace has its own id.
        var firstID = 0
        var nextID = 0
        var strokes: [Stroke] = []
        /// When the last gesture, if a tap or a double tap, lifted: an edit after it waits for
        /// the tap to be reported.
        var tapLift: Double?

        var res: Point { device.resolution ?? Point(x: Surface.defaultUnitsPerMillimeter, y: Surface.defaultUnitsPerMillimeter) }
        var center: Point { Point(x: device.width / 2, y: device.height / 2) }

        mutating func statement(_ w: inout Words) throws(DiagnosticError) {
            let verb = try w.next("a statement")
            switch verb {
            case "device":
                guard builder == nil else { w.k -= 1; throw w.fail("the device before the first gesture") }
                let size = try w.next("a size like 800x480")
                let parts = size.split(separator: "x")
                guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]), width > 0, height > 0,
                      width < 1e9, height < 1e9 else {
                    w.k -= 1
                    throw w.fail("a size like 800x480")
                }
                device.width = width
                device.height = height
                while !w.atEnd {
                    if w.take("mm") {
                        device.units = "mm"
                        device.resolution = nil
                    } else if w.take("res") {
                        let r = try w.next("a resolution in units/mm, like 5 or 5,4")
                        let rs = r.split(separator: ",").compactMap { Double($0) }
                        guard (rs.count == 1 || rs.count == 2), rs.allSatisfy({ $0 > 0 && $0 < 1e6 }) else {
                            w.k -= 1
                            throw w.fail("a resolution in units/mm, like 5 or 5,4 (below 1,000,000)")
                        }
                        device.resolution = Point(x: rs[0], y: rs.count == 2 ? rs[1] : rs[0])
                    } else if w.take("name") {
                        var name = try w.next("a name")
                        while !name.hasSuffix("\"") || name.count == 1, !w.atEnd { name += " " + (try w.next("the rest of the name")) }
                        device.name = String(name.filter { $0 != "\"" })
                    } else {
                        throw w.fail("res, mm or name")
                    }
                }
            case "list":
                var o = JSONObject()
                while !w.atEnd {
                    let key = try w.next("rows, height, top, policy, trailing, leading or reorder")
                    switch key {
                    case "rows":
                        let n = try w.number("a row count")
                        guard n >= 0, n <= 10_000_000, n == n.rounded() else { w.k -= 1; throw w.fail("a row count from 0 to 10,000,000") }
                        o["rows"] = .number(n)
                    case "height":
                        let h = try w.number("a row height in trace units")
                        guard h > 0 else { w.k -= 1; throw w.fail("a positive row height in trace units") }
                        o["rowHeight"] = .number(h)
                    case "top": o["top"] = .number(try w.number("a top offset in trace units"))
                    case "policy":
                        let p = try w.next("toggle, directional or oneOpen")
                        guard SwipePolicy(rawValue: p) != nil else { w.k -= 1; throw w.fail("toggle, directional or oneOpen") }
                        o["swipePolicy"] = .string(p)
                    case "trailing", "leading":
                        let spec = try w.next("action widths in trace units, like 80 or 80,80")
                        let parts = spec.split(separator: ",", omittingEmptySubsequences: false)
                        let widths = parts.compactMap { Double($0) }.filter { $0 > 0 && $0 < 1e9 }
                        guard !parts.isEmpty, widths.count == parts.count else {
                            w.k -= 1
                            throw w.fail("action widths in trace units, like 80 or 80,80 (each above 0)")
                        }
                        o[key == "trailing" ? "trailingActions" : "leadingActions"] = .array(widths.map { .number($0) })
                    case "reorder": o["reorder"] = .bool(true)
                    default: w.k -= 1; throw w.fail("rows, height, top, policy, trailing, leading or reorder")
                    }
                }
                list = o
            case "delete", "insert", "move":
                guard list != nil else { w.k -= 1; throw w.fail("a list statement before the list's edits") }
                // The app answers a tap once it is told of it: after the tap's double-tap window,
                // when the tap has been reported whatever it touched (at the lift over a row's
                // action, at the window's end on its content).
                if let lift = tapLift { time = max(time, lift + GestureSettings().tap.maxGap) }
                tapLift = nil
                var edit = JSONObject([.init("t", .number(time))])
                var moves: [JSONValue] = []
                var part = verb
                // `delete 2 and insert 0 and move 5 to 1`: one batch, as UIKit's
                // performBatchUpdates (deleted rows numbered before it, the rest after).
                while true {
                    switch part {
                    case "move":
                        let from = try w.row()
                        guard w.take("to") else { throw w.fail("to") }
                        let to = try w.row()
                        moves.append(.object(JSONObject([.init("from", .number(from)), .init("to", .number(to))])))
                    case "delete", "insert":
                        guard edit[part] == nil else { w.k -= 1; throw w.fail("each of delete and insert once in a batch (name all its rows at once)") }
                        var rows: [JSONValue] = [.number(try w.row())]
                        while !w.atEnd, w.peek() != "and" { rows.append(.number(try w.row())) }
                        edit[part] = .array(rows)
                    default:
                        w.k -= 1
                        throw w.fail("delete, insert or move after `and`")
                    }
                    guard w.take("and") else { break }
                    part = try w.next("delete, insert or move after `and`")
                }
                try w.end()
                if moves.count == 1 { edit["move"] = moves[0] } else if !moves.isEmpty { edit["move"] = .array(moves) }
                edits.append(.object(edit))
            case "diagonals":
                diagonals = true
            case "rate":
                rate = try w.number("samples per second, like 120")
                guard rate >= 10 && rate <= 2000 else { w.k -= 1; throw w.fail("a rate from 10 to 2000 Hz") }
            case "jitter":
                guard let s = w.peek(), s.hasSuffix("mm"), let v = Double(s.dropLast(2)), v >= 0 else { throw w.fail("a jitter in mm, like 0.3mm") }
                w.k += 1
                jitterMM = v
            case "seed":
                let seed = try w.number("a seed number")
                guard seed >= 0, seed < 1e18, seed == seed.rounded() else { w.k -= 1; throw w.fail("a seed: a whole number ≥ 0") }
                guard builder == nil else { w.k -= 1; throw w.fail("a seed before the first gesture") }
                self.seed = UInt64(seed)
            case "gap":
                gap = try w.seconds()
            case "pause":
                time += try w.seconds()
            case "swipe":
                let dir = try w.next(Self.directions)
                guard let d = SwipeDirection(rawValue: dir) else { w.k -= 1; throw w.fail(Self.directions) }
                let (dist, unitIsMM) = try distance(&w)
                var dur = 0.25, at = center, fingers = 1
                while !w.atEnd {
                    if w.take("in") { dur = try w.seconds() }
                    else if w.take("at") { at = try w.point() }
                    else if w.take("fingers") { fingers = try w.count("a finger count") }
                    else { throw w.fail("in, at or fingers") }
                }
                let unit = d.unitVector
                let delta = unitIsMM ? Point(x: unit.x * dist * res.x, y: unit.y * dist * res.y) : unit * dist
                // Fingers 10 mm apart across the stroke.
                let spread = Point(x: -unit.y * 10 * res.x, y: unit.x * 10 * res.y)
                try reserve(fingers, duration: dur)
                beginGesture()
                for f in 0..<fingers {
                    let offset = spread * (Double(f) - Double(fingers - 1) / 2)
                    try stroke(id: f, from: at + offset, to: at + offset + delta, duration: dur)
                }
                time += dur
            case "tap", "double-tap", "long-press":
                var at = center, fingers = 1, hold = verb == "long-press" ? 0.8 : 0.08
                while !w.atEnd {
                    if w.take("at") { at = try w.point() }
                    else if w.take("fingers") { fingers = try w.count("a finger count") }
                    else if w.take(verb == "long-press" ? "for" : "hold") { hold = try w.seconds() }
                    else { throw w.fail(verb == "long-press" ? "at, fingers or for" : "at, fingers or hold") }
                }
                try reserve(fingers * (verb == "double-tap" ? 2 : 1), duration: hold)
                beginGesture()
                for press in 0..<(verb == "double-tap" ? 2 : 1) {
                    if press == 1 { time += hold + 0.12 }
                    for f in 0..<fingers {
                        let p = at + Point(x: (Double(f) - Double(fingers - 1) / 2) * 15 * res.x, y: 0)
                        try stroke(id: press * fingers + f, from: p, to: p, duration: hold)
                    }
                }
                time += hold
                if verb != "long-press" { tapLift = time }
            case "fling":
                // A fast stroke: by default 30 mm in 0.08 s.
                let dir = try w.next(Self.directions)
                guard let d = SwipeDirection(rawValue: dir) else { w.k -= 1; throw w.fail(Self.directions) }
                var dist = 30.0, mm = true, dur = 0.08, at = center
                if let s = w.peek(), s.hasSuffix("mm") || s.hasSuffix("px") { (dist, mm) = try distance(&w) }
                while !w.atEnd {
                    if w.take("in") { dur = try w.seconds() }
                    else if w.take("at") { at = try w.point() }
                    else { throw w.fail("in or at") }
                }
                let unit = d.unitVector
                let delta = mm ? Point(x: unit.x * dist * res.x, y: unit.y * dist * res.y) : unit * dist
                try reserve(1, duration: dur)
                beginGesture()
                try stroke(id: 0, from: at, to: at + delta, duration: dur)
                time += dur
            case "pinch":
                // Two fingers on a horizontal line through `at`, their distance going from one
                // span to another (apart: zoom in; together: zoom out).
                var at = center, from = 20.0, to = 60.0, dur = 0.5
                while !w.atEnd {
                    if w.take("at") { at = try w.point() }
                    else if w.take("from") { from = try millimeters(&w) }
                    else if w.take("to") { to = try millimeters(&w) }
                    else if w.take("in") { dur = try w.seconds() }
                    else { throw w.fail("at, from, to or in") }
                }
                try reserve(2, duration: dur)
                beginGesture()
                for (id, side) in [(0, -1.0), (1, 1.0)] {
                    let a = at + Point(x: side * from / 2 * res.x, y: 0), b = at + Point(x: side * to / 2 * res.x, y: 0)
                    try stroke(id: id, from: a, to: b, duration: dur)
                }
                time += dur
            case "rotate":
                // Two fingers on opposite ends of a circle around `at`, turning together by the
                // angle: clockwise on the screen when positive, as RotateRecognizer measures.
                var at = center, degrees = 90.0, radius = 15.0, dur = 0.6
                while !w.atEnd {
                    if w.take("at") { at = try w.point() }
                    else if w.take("by") { degrees = try angle(&w) }
                    else if w.take("radius") { radius = try millimeters(&w) }
                    else if w.take("in") { dur = try w.seconds() }
                    else { throw w.fail("at, by, radius or in") }
                }
                try reserve(2, duration: dur)
                beginGesture()
                // Waypoints every 5° at most: the stroke follows the arc, not its chord.
                let steps = max(2, Int((abs(degrees) / 5).rounded(.up)))
                for (id, start) in [(0, Double.pi), (1, 0.0)] {
                    let points = (0...steps).map { k -> Point in
                        let a = start + degrees * .pi / 180 * Double(k) / Double(steps)
                        return at + Point(x: cos(a) * radius * res.x, y: sin(a) * radius * res.y)
                    }
                    try stroke(id: id, through: points, duration: dur)
                }
                time += dur
            case "drag":
                guard w.take("from") else { throw w.fail("from") }
                let a = try w.point()
                guard w.take("to") else { throw w.fail("to") }
                let b = try w.point()
                // `hold S`: the finger rests at its start for S seconds first (press and hold,
                // then drag: a list row lifted for reordering).
                var dur = 1.0, hold = 0.0
                while !w.atEnd {
                    if w.take("in") { dur = try w.seconds() }
                    else if w.take("hold") { hold = try w.seconds() }
                    else { throw w.fail("in or hold") }
                }
                try reserve(1, duration: dur + hold)
                beginGesture()
                try stroke(id: 0, through: [a, b], duration: dur, restFirst: hold)
                time += hold + dur
            case "expect":
                var o = JSONObject()
                let type = try w.next("an output type, like swipe")
                guard let known = OutputTypes.fields[type] else {
                    w.k -= 1
                    throw w.fail("an output type (\(OutputTypes.names.joined(separator: ", ")))")
                }
                o["type"] = .string(type)
                var seen: Set<String> = []
                while !w.atEnd {
                    let kv = try w.next("field=value")
                    let parts = kv.split(separator: "=", maxSplits: 1)
                    guard parts.count == 2 else { w.k -= 1; throw w.fail("field=value, like direction=right") }
                    let field = String(parts[0]), v = String(parts[1])
                    guard field == "t" || known.contains(field), seen.insert(field).inserted else {
                        w.k -= 1
                        throw w.fail("a field of \(type), once (t, \(known.sorted().joined(separator: ", ")))")
                    }
                    let value: JSONValue = v == "true" ? .bool(true) : v == "false" ? .bool(false)
                        : Double(v).map { .number($0) } ?? .string(v)
                    if case .number(let n) = value, !n.isFinite { w.k -= 1; throw w.fail("a finite number for \(field)") }
                    o.members.append(.init(field, value))   // appended: a key-by-key set would be quadratic
                }
                expect.append(o)
            case "expect-none":
                var types: [String] = expectNone ?? []
                while !w.atEnd {
                    let name = try w.next("an output type")
                    guard OutputTypes.fields[name] != nil else { w.k -= 1; throw w.fail("an output type (\(OutputTypes.names.joined(separator: ", ")))") }
                    types.append(name)
                }
                if types.isEmpty { throw w.fail("one or more output types") }
                expectNone = types
            default:
                w.k -= 1
                throw w.fail("a statement (device, list, rate, jitter, seed, gap, pause, swipe, fling, tap, double-tap, long-press, pinch, rotate, drag, delete, insert, move, expect, expect-none)")
            }
        }

        mutating func distance(_ w: inout Words) throws(DiagnosticError) -> (Double, Bool) {
            guard let s = w.peek() else { throw w.fail("a distance like 40mm or 200px") }
            for (suffix, mm) in [("mm", true), ("px", false)] where s.hasSuffix(suffix) {
                if let v = Double(s.dropLast(2)), v > 0 { w.k += 1; return (v, mm) }
            }
            throw w.fail("a distance like 40mm or 200px")
        }

        mutating func millimeters(_ w: inout Words) throws(DiagnosticError) -> Double {
            guard let s = w.peek(), s.hasSuffix("mm"), let v = Double(s.dropLast(2)), v >= 0, v.isFinite else { throw w.fail("a distance in mm, like 40mm") }
            w.k += 1
            return v
        }

        /// "90deg" or "-45deg": degrees, clockwise on the screen when positive (at most ±3600°)
        mutating func angle(_ w: inout Words) throws(DiagnosticError) -> Double {
            guard let s = w.peek(), s.hasSuffix("deg"), let v = Double(s.dropLast(3)), abs(v) <= 3600 else {
                throw w.fail("an angle in degrees, like 90deg or -45deg")
            }
            w.k += 1
            return v
        }

        mutating func beginGesture() {
            tapLift = nil
            if started { time += gap }
            started = true
            firstID = nextID
        }

        /// A contact from `a` to `b` over `duration`, through the one trace generator
        /// (``TraceBuilder``): a minimum-jerk speed profile, sampled at `rate`, jittered.
        /// Counts the events of `strokes` strokes of `duration` before any is made, refusing a
        /// statement that would pass ``TraceSynth/maxEvents``.
        mutating func reserve(_ strokes: Int, duration: Double) throws(DiagnosticError) {
            eventCount += strokes * (1 + max(1, Int((duration * rate).rounded())))
            if eventCount > TraceSynth.maxEvents, let w = statementWords {
                throw w.fail("at most \(TraceSynth.maxEvents) events in all (this statement would make it \(eventCount))")
            }
        }

        mutating func stroke(id: Int, from a: Point, to b: Point, duration: Double) throws(DiagnosticError) {
            try stroke(id: id, through: [a, b], duration: duration)
        }

        /// `restFirst` seconds resting at the first point (down, then still) before it moves.
        mutating func stroke(id: Int, through points: [Point], duration: Double, restFirst: Double = 0) throws(DiagnosticError) {
            // A stroke must stay on the surface: the builder keeps points within it, so a swipe
            // started near the edge became a tap there, silently.
            for p in points where !(p.x >= 0 && p.x <= device.width && p.y >= 0 && p.y <= device.height) {
                guard let w = statementWords else { break }
                throw DiagnosticError("in `\(w.words.joined(separator: " "))`: a finger would be at "
                    + "(\(formatJSONNumber((p.x * 10).rounded() / 10)), \(formatJSONNumber((p.y * 10).rounded() / 10))), off the "
                    + "\(formatJSONNumber(device.width)) × \(formatJSONNumber(device.height)) surface; place the gesture further in, or make it shorter",
                    at: SourceLocation(file: w.file, line: w.line, column: w.columns.first ?? 1))
            }
            if builder == nil { builder = TraceBuilder(device: device, seed: seed) }
            let contact = firstID + id
            nextID = max(nextID, contact + 1)
            if restFirst > 0 {
                builder!.path(time, [points[0], points[0]], duration: restFirst, rate: rate, jitter: jitterMM, lift: false, id: contact)
                builder!.path(time + restFirst, points, duration: duration, rate: rate, jitter: jitterMM, id: contact, down: false)
            } else {
                builder!.path(time, points, duration: duration, rate: rate, jitter: jitterMM, id: contact)
            }
            strokes.append(Stroke(id: contact, downTime: time, statement: statementWords.map { $0.words.joined(separator: " ") } ?? ""))
        }

        func finish() -> Trace {
            var header = builder?.header ?? TraceHeader(device: device)
            var scene = JSONObject()
            if var list {
                if !edits.isEmpty { list["edits"] = .array(edits) }
                scene["list"] = .object(list)
            }
            if diagonals { scene["settings"] = .object(JSONObject([.init("swipe.diagonals", .bool(true))])) }
            if !scene.members.isEmpty { header.scene = .object(scene) }
            header.meta = .object(JSONObject([.init("generator", .string("touchtrace synth"))]))
            header.expect = expect.isEmpty ? nil : expect
            header.expectNone = expectNone
            // Frames in time order (fingers of one gesture share their times).
            return Trace(header: header, events: builder?.trace().events ?? [])
        }
    }
}
