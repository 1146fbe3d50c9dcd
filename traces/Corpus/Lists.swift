import TouchGestures
import TouchTestSupport
import TouchTools
import TouchTrace

/// The list model: snapping, sections, sticky headers, selection, estimated heights, load more,
/// infinite scroll, refresh and bounces. Every expected value is computed from the rules the
/// seed articles give (UIKit's 0.998/ms deceleration, the 0.5 s settle, the half-visible bottom
/// cell, 75 points for section starts, 25-row pages, one screen of look-ahead, 60 points to
/// refresh) through ListOracle, not by running the library.
func lists() {
    let settle = ListOracle.settleDuration
    let sectionSnap = ListOracle.sectionSnapDistance(resolution: res)   // 58.4 units
    let refreshDistance = ListOracle.refreshDistance(resolution: res)   // 46.7 units
    let loadMoreRow = 60.0                                              // a row like the others

    // A fling that ends snapped to a whole cell: momentum stops at 2 mm/s, then the cut bottom
    // cell is pulled in or pushed out over 0.5 s.
    let scene: JSONObject = ["list": .object(eightRows.with(["rows": 400, "snapsToCells": true]))]
    var t = CorpusTrace("list-fling-ends-snapped-to-cell", seed: 400, scene: scene,
                        note: "a throw; momentum stops, then the cell cut by the bottom edge is shown whole or pushed out")
    var lift = throwUp(&t.b)
    let stopMS = ListOracle.momentumStop(velocity: throwVelocity)
    let rest = 250 + ListOracle.momentumDistance(velocity: throwVelocity, milliseconds: stopMS)
    let target = ListOracle.cellSnap(offset: rest, tops: (0..<400).map { 60 * Double($0) }, heights: Array(repeating: 60, count: 400),
                                     maxOffset: 400 * 60 - 480)!
    let stop = lift + stopMS / 1000
    t.expect = [scroll(125, false), scroll(250, false), scroll(rest, true, stop), scroll(target, true, stop + settle),
                snap(target, "cell", stop + settle)]
    t.write()

    // A slow drag of 20 units: the ninth row shows 20 of its 60 units, under half: it is pushed
    // back out, and the list returns to 0.
    t = CorpusTrace("list-slow-drag-snaps-back", seed: 401, scene: scene,
                    note: "a slow 20-unit drag up, held and lifted: the cut cell shows under half, so the list snaps back")
    var drag = slowDrag(&t.b, 0.0, x: 400, y: 400, steps: [-5, -5, -5, -5])
    t.expect = [scroll(5, false, drag.times[0]), scroll(10, false), scroll(15, false), scroll(20, false, drag.times[3]),
                scroll(0, true, drag.lift + settle), snap(0, "cell", drag.lift + settle)]
    t.expectNone = ["fling"]
    t.write()

    // Variable heights: 60, 90, 40 units in turn. After a 30-unit drag the bottom edge (510)
    // cuts row 7 (440..530), which shows 70 of 90: it is pulled in, to 50.
    let hs: [Double] = [60, 90, 40]
    let heights = (0..<60).map { hs[$0 % 3] }
    let tops = (0..<60).map { heights[0..<$0].reduce(0, +) }
    let pulled = ListOracle.cellSnap(offset: 30, tops: tops, heights: heights, maxOffset: heights.reduce(0, +) - 480)
    precondition(pulled == 50)
    t = CorpusTrace("list-variable-heights-snap-pulls-cell-in", seed: 402,
                    scene: ["list": .object(eightRows.with(["rows": 60, "rowHeights": [60, 90, 40], "snapsToCells": true]))],
                    note: "rows of 60, 90 and 40 units; a 30-unit drag leaves the cut bottom cell 70 of 90 shown: pulled in")
    drag = slowDrag(&t.b, 0.0, x: 400, y: 400, steps: [-10, -10, -10])
    t.expect = [snap(50, "cell", drag.lift + settle)]
    t.write()

    // Section starts. Four sections of ten 60-unit rows under 30-unit headers (630 a section);
    // the list starts at 560 and a slow drag stops it at 600: section 1 starts 30 units below
    // the top, within 75 points (58.4 units), so it is brought to the top.
    let sections = eightRows.with(["sections": [10, 10, 10, 10], "rows": 40, "headerHeight": 30, "snapsToSections": true, "offset": 560])
    t = CorpusTrace("list-section-start-snapped-to-top", seed: 403, scene: ["list": .object(sections)],
                    note: "headers of 30, sections of 630 units; stopped at 600, section 1 (at 630) snaps to the top")
    drag = slowDrag(&t.b, 0.0, x: 400, y: 400, steps: [-10, -10, -10, -10])
    precondition(abs(630 - 600) <= sectionSnap)
    t.expect = [snap(630, "section", drag.lift + settle)]
    t.write()

    // Never at the bottom end: sections of 10 and 8 rows in a 450-unit viewport end at 630,
    // where section 1 (at 600) is 30 units away; a drag to the end leaves it alone.
    let nearEnd = eightRows.with(["height": 450, "sections": [10, 8], "rows": 18, "snapsToSections": true, "offset": 560])
    t = CorpusTrace("list-section-start-left-alone-at-bottom-end", seed: 404, scene: ["list": .object(nearEnd)],
                    note: "dragged to the bottom end (630); section 1 starts 30 units away but the list is not snapped")
    slowDrag(&t.b, 0.0, x: 400, y: 400, steps: [-20, -20, -20, -20, -20])
    t.expect = [scroll(580, false), scroll(600, false), scroll(620, false), scroll(630, false)]
    t.expectNone = ["snap"]
    t.write()

    t = CorpusTrace("list-section-start-snapped-short-of-the-end", seed: 405, scene: ["list": .object(nearEnd)],
                    note: "the same list stopped at 620, short of the end: section 1 (at 600) is 20 units away and snaps to the top")
    drag = slowDrag(&t.b, 0.0, x: 400, y: 400, steps: [-20, -20, -20])
    t.expect = [snap(600, "section", drag.lift + settle)]
    t.write()

    // Of two candidates the nearer wins: every row is a section (sections of one row); stopped
    // at 80, the starts at 60 (20 away) and 120 (40 away) both qualify; 60 is nearer.
    let ones = eightRows.with(["sections": .array(Array(repeating: 1, count: 40)), "rows": 40, "snapsToSections": true, "offset": 40])
    t = CorpusTrace("list-section-snap-nearer-of-two", seed: 406, scene: ["list": .object(ones)],
                    note: "starts at 60 and 120 both within 58.4 units of 80: the nearer, 60, wins")
    drag = slowDrag(&t.b, 0.0, x: 400, y: 400, steps: [-10, -10, -10, -10])
    t.expect = [snap(60, "section", drag.lift + settle)]
    t.write()

    // Sticky headers: at 700 the content is inside section 1 (header 630..660); its header is
    // pinned at the top, so a tap at y 15 hits the header (nothing), and one at y 45 row 11.
    let sticky = eightRows.with(["sections": [10, 10, 10], "rows": 30, "headerHeight": 30, "offset": 700])
    t = CorpusTrace("list-sticky-header-covers-rows", seed: 407, scene: ["list": .object(sticky)],
                    note: "at 700 section 1's header sticks to the top: a tap on it selects nothing; below it, row 11")
    t.b.tap(0.0, at: Point(x: 400, y: 15))
    t.b.tap(0.6, at: Point(x: 400, y: 45))
    t.expect = [select(11)]
    t.write()

    // Selection modes.
    func taps(_ b: inout TraceBuilder, _ rows: [Int], gap: Double = 0.6) {
        for (k, r) in rows.enumerated() { b.tap(Double(k) * gap, at: Point(x: 400, y: rowY(r))) }
    }

    t = CorpusTrace("list-select-single-deselects-previous", seed: 408, scene: ["list": .object(eightRows.with(["selection": "single"]))],
                    note: "single selection: tapping row 4 after row 2 deselects 2")
    taps(&t.b, [2, 4])
    t.expect = [select(2), ["type": "deselect", "row": 2], select(4)]
    t.write()

    t = CorpusTrace("list-select-multiple-toggles", seed: 409, scene: ["list": .object(eightRows.with(["selection": "multiple"]))],
                    note: "multiple selection: rows 2 and 4 selected, a second tap on 2 deselects it")
    taps(&t.b, [2, 4, 2])
    t.expect = [select(2), select(4), ["type": "deselect", "row": 2]]
    t.write()

    t = CorpusTrace("list-checkmark-toggles", seed: 410, scene: ["list": .object(eightRows.with(["selection": "checkmark"]))],
                    note: "checkmark mode: each tap selects, toggles the check, and deselects at once")
    taps(&t.b, [3, 3])
    t.expect = [select(3), ["type": "check", "row": 3, "checked": true], ["type": "deselect", "row": 3],
                select(3), ["type": "check", "row": 3, "checked": false], ["type": "deselect", "row": 3]]
    t.write()

    // Estimated heights: rows estimated at 40 units are 80 tall; they are measured as they come
    // into view, so a tap at y 250 is on row 3 (250 / 80), not row 6 (250 / 40).
    t = CorpusTrace("list-estimated-heights-measured-in-view", seed: 411,
                    scene: ["list": .object(eightRows.with(["rows": 50, "estimatedRowHeight": 40, "rowHeights": [80]]))],
                    note: "estimated 40, real 80: rows in view get their real height before the tap is hit-tested")
    t.b.tap(0.0, at: Point(x: 400, y: 250))
    t.expect = [select(3)]
    t.write()

    // Load more. 25 rows and a "Load more" row (a row like the others), scrolled to the end: the
    // load-more row spans y 420 to 480. A single tap is reported when its 0.3 s double-tap window
    // closes. After it, the loading row (60/44 of a row) takes its place, under the second tap.
    let maxOffset = 25 * 60 + loadMoreRow - 480
    let paged = eightRows.with(["rows": 25, "paging": "loadMoreRow", "offset": 5000])
    t = CorpusTrace("list-load-more-tapped-twice-one-request", seed: 412,
                    scene: ["list": .object(paged), "data": ["total": 100, "latency": 1.0]],
                    note: "the load-more row tapped twice before page 2 arrives: one request; the second tap hits the loading row")
    t.b.tap(0.1, at: Point(x: 400, y: 465))
    t.b.tap(0.9, at: Point(x: 400, y: 465))
    let first = TraceBuilder.round(0.18 + 0.3, places: 6)
    precondition(480 - loadMoreRow < 465)
    t.expect = [["type": "loadMore", "page": 2, "t": .n(first)],
                ["type": "page", "page": 2, "rows": 25, "failed": false, "t": .n(first + 1.0), "tolerance": ["t": 1e-9]]]
    t.expectNone = ["select"]
    t.write()

    // A short page removes the row: page 2 holds 5 rows (30 in all); the row at y 465 is then
    // row 25 (content y 1080 + 465 = 1545).
    t = CorpusTrace("list-load-more-short-page-removes-row", seed: 413,
                    scene: ["list": .object(paged), "data": ["total": 30, "latency": 0.5]],
                    note: "page 2 is short (5 rows): the load-more row goes, and the place it was shows row 25")
    t.b.tap(0.1, at: Point(x: 400, y: 465))
    t.b.tap(1.5, at: Point(x: 400, y: 465))
    precondition(Int(((maxOffset + 465) / 60).rounded(.down)) == 25)
    t.expect = [["type": "loadMore", "page": 2], ["type": "page", "page": 2, "rows": 5], select(25)]
    t.expectNone = ["refresh"]
    t.write()

    // Infinite scroll, pages of 5 rows, asking when the viewport's bottom comes within 12 mm
    // (60 units) of the end. 10 rows (600 units, pages 1 and 2): the drag's offset reaches 100
    // at 0.15 s (580 >= 540): page 3 is asked for; it arrives 0.22 s later; at 0.45 s the offset
    // 400 reaches 900 - 540 = 360: page 4, which is empty (15 rows in all): infinite scroll ends,
    // and a second drag to the end asks for nothing.
    let infinite = eightRows.with(["rows": 10, "paging": "infinite", "pageSize": 5, "infiniteScrollDistance": 12])
    t = CorpusTrace("list-infinite-scroll-stops-on-empty-page", seed: 414,
                    scene: ["list": .object(infinite), "data": ["total": 15, "latency": 0.22]],
                    note: "pages of 5: page 3 arrives, page 4 is empty and ends infinite scroll; more dragging asks for nothing")
    slowDrag(&t.b, 0.0, x: 400, y: 470, steps: Array(repeating: -50, count: 8))
    slowDrag(&t.b, 1.5, x: 400, y: 400, steps: Array(repeating: -50, count: 4))
    t.expect = [["type": "loadMore", "page": 3, "t": 0.15],
                ["type": "page", "page": 3, "rows": 5, "t": 0.37, "tolerance": ["t": 1e-9]],
                ["type": "loadMore", "page": 4, "t": 0.45],
                ["type": "page", "page": 4, "rows": 0, "t": 0.67, "tolerance": ["t": 1e-9]]]
    t.write()

    // Refresh after an error: page 3 fails (its first request), which stops infinite scroll;
    // pulled down 150 units past the top (shown: 70.4, past the 46.7 needed) and released, the
    // list refreshes: page 1 comes back (5 rows replace the 10), and infinite scroll works again.
    t = CorpusTrace("list-refresh-after-error", seed: 415,
                    scene: ["list": .object(infinite.with(["refreshes": true])), "data": ["total": 15, "latency": 0.22, "failingPages": [3]]],
                    note: "page 3 fails; a pull to refresh reloads page 1, and infinite scroll asks for page 2, which arrives")
    slowDrag(&t.b, 0.0, x: 400, y: 470, steps: [-50, -50])
    precondition(-ListOracle.banded(-150, maxOffset: 0) >= refreshDistance)
    let second = slowDrag(&t.b, 1.0, x: 400, y: 100, steps: [50, 50, 50, 50, 50])
    t.expect = [["type": "loadMore", "page": 3, "t": 0.15],
                ["type": "page", "page": 3, "rows": nil, "failed": true],
                ["type": "refresh", "t": .n(second.lift)],
                ["type": "page", "page": 1, "rows": 5, "t": .n(second.lift + 0.22), "tolerance": ["t": 1e-9]],
                ["type": "loadMore", "page": 2, "t": .n(second.lift + 0.22), "tolerance": ["t": 1e-9]],
                ["type": "page", "page": 2, "rows": 5, "failed": false]]
    t.write()

    // Pull to refresh: 3 rows; pulled past the distance; page 1 brings 25 rows, so a tap at
    // y 400 then selects row 6, which did not exist before.
    t = CorpusTrace("list-pull-to-refresh-replaces-rows", seed: 416,
                    scene: ["list": .object(eightRows.with(["rows": 3, "refreshes": true])), "data": ["total": 40, "latency": 0.3]],
                    note: "a pull past 60 points and release: refresh; page 1 (25 rows) replaces the 3 rows")
    lift = slowDrag(&t.b, 0.0, x: 400, y: 100, steps: [50, 50, 50]).lift
    precondition(-ListOracle.banded(-150, maxOffset: 0) >= refreshDistance)
    t.b.tap(lift + 1.0, at: Point(x: 400, y: 400))
    t.expect = [["type": "refresh", "t": .n(lift)], ["type": "page", "page": 1, "rows": 25], select(6)]
    t.write()

    // Not far enough: pulled 40 units (21 shown, under 46.7): it springs back, no refresh.
    t = CorpusTrace("list-pull-short-springs-back", seed: 417, scene: ["list": .object(eightRows.with(["rows": 40, "refreshes": true]))],
                    note: "a pull of 40 units shows 21 past the top, under the 46.7 needed: it springs back to 0")
    drag = slowDrag(&t.b, 0.0, x: 400, y: 100, steps: [20, 20])
    let shown = ListOracle.banded(-40, maxOffset: 0)
    precondition(-shown < refreshDistance)
    t.expect = [scroll(ListOracle.banded(-20, maxOffset: 0), false, drag.times[0]), scroll(shown, false, drag.times[1]),
                scroll(0, true, drag.lift + settle), snap(0, "edge", drag.lift + settle)]
    t.expectNone = ["refresh"]
    t.write()

    // A bouncing list pulled past its bottom end springs back to it.
    t = CorpusTrace("list-bounce-at-bottom-springs-back", seed: 418,
                    scene: ["list": .object(eightRows.with(["rows": 20, "bounces": true, "offset": 720]))],
                    note: "at the end (720), dragged 100 units further: shown with the rubber band, then back to 720")
    drag = slowDrag(&t.b, 0.0, x: 400, y: 400, steps: [-50, -50])
    t.expect = [scroll(ListOracle.banded(770, maxOffset: 720), false, drag.times[0]),
                scroll(ListOracle.banded(820, maxOffset: 720), false, drag.times[1]),
                scroll(720, true, drag.lift + settle), snap(720, "edge", drag.lift + settle)]
    t.write()
}
