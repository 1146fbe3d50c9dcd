import CSDL2
import Foundation
import TouchGestures
import TouchList

/// Draws the list model with an SDL renderer (a window's, or a software one on a surface): the
/// cells `layoutCells()` lays out, mapped from surface units onto the picture so that the row
/// drawn under a finger is the row the model hit-tests there. Rows of their own heights,
/// section headers (a pinned one on top), the load-more and loading rows, rows whose content
/// slides with the finger over the actions on the side it leaves (or, in a list whose rows do
/// not slide, a swiped row shown slid to the side its swipe uncovered), selection and checkmarks, the refresh indicator
/// riding down with the pull, a scroll indicator while the content moves, the fingers when
/// asked, and a status bar with the last gestures and where the input comes from.
final class ListPainter {
    /// A color: red, green, blue.
    typealias RGB = (UInt8, UInt8, UInt8)

    /// Colors, named for what they show; the frames test looks for some of them.
    enum Color {
        static let background: RGB = (236, 236, 240)
        static let evenRow: RGB = (255, 255, 255)
        static let oddRow: RGB = (246, 246, 250)
        static let selected: RGB = (190, 218, 255)
        static let header: RGB = (62, 64, 76)
        static let archive: RGB = (232, 150, 20)
        static let delete: RGB = (214, 48, 49)
        static let separator: RGB = (218, 218, 224)
        static let text: RGB = (28, 28, 32)
        static let link: RGB = (0, 110, 230)
        static let status: RGB = (34, 34, 40)
        static let refresh: RGB = (90, 150, 90)
        static let indicator: RGB = (120, 120, 130)
        static let touch: RGB = (230, 60, 160)
    }

    /// The share of the width a swiped row's actions take.
    static let actionsShare = 0.36

    /// How long a row of a list whose rows do not slide takes to open or close, in seconds:
    /// RecyclerView's `ItemAnimator` moves an item in 250 ms (its `getMoveDuration()` default),
    /// with Android's default accelerate-decelerate curve. Plausible: 0.15–0.4 s (UIKit's
    /// standard animations take 0.2–0.35 s).
    static let revealDuration = 0.25

    /// Where each swiped (or closing) row of a list whose rows do not slide is drawn, as a
    /// share of the actions' width (−1 open over the trailing actions, +1 over the leading
    /// one, 0 closed), animated from where it was drawn when the model changed: the model
    /// toggles such a row in one step, and the picture moves it over ``revealDuration``.
    private struct Reveal {
        var from: Double, to: Double, start: Double
        func at(_ time: Double) -> Double {
            let f = min(1, max(0, (time - start) / ListPainter.revealDuration))
            return from + (to - from) * (1 - cos(Double.pi * f)) / 2
        }
        func done(at time: Double) -> Bool { time - start >= ListPainter.revealDuration }
    }
    private var reveals: [Int: Reveal] = [:]
    /// False until the first picture: rows already swiped then are drawn open, not opening.
    private var revealsStarted = false

    /// Brings ``reveals`` up to `list` at `time`: a row swiped since the last picture starts
    /// opening toward its side, a row no longer swiped starts closing, finished closes are
    /// forgotten (so what is kept is the swiped rows and the ones closing).
    private func updateReveals(_ list: ListModel, at time: Double) {
        let swipes = list.rowSwipes
        for (row, side) in swipes.open {
            let target: Double = side == .leading ? 1 : -1
            if let r = reveals[row], r.to == target { continue }
            let now = reveals[row]?.at(time) ?? 0
            reveals[row] = revealsStarted ? Reveal(from: now, to: target, start: time) : Reveal(from: target, to: target, start: time)
        }
        for (row, r) in reveals where !swipes.isSwiped(row) {
            if r.to != 0 {
                reveals[row] = Reveal(from: r.at(time), to: 0, start: time)
            } else if r.done(at: time) {
                reveals[row] = nil
            }
        }
        revealsStarted = true
    }

    let renderer: OpaquePointer
    private var fonts: [Int: OpaquePointer] = [:]
    private let fontPath: String?

    /// Fonts: DejaVu Sans (Debian's fonts-dejavu-core); with none the picture has no text.
    static let fontCandidates = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                                 "/usr/share/fonts/TTF/DejaVuSans.ttf", "/usr/share/fonts/dejavu/DejaVuSans.ttf"]

    init(renderer: OpaquePointer) {
        self.renderer = renderer
        if TTF_WasInit() == 0 { _ = TTF_Init() }
        fontPath = Self.fontCandidates.first { SDL_RWFromFile($0, "rb").map { SDL_RWclose($0); return true } ?? false }
    }

    deinit { for f in fonts.values { TTF_CloseFont(f) } }

    private func font(_ size: Int) -> OpaquePointer? {
        if let f = fonts[size] { return f }
        guard let fontPath, let f = TTF_OpenFont(fontPath, Int32(size)) else { return nil }
        fonts[size] = f
        return f
    }

    func fill(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ c: RGB) {
        SDL_SetRenderDrawColor(renderer, c.0, c.1, c.2, 255)
        var r = SDL_Rect(x: Int32(x.rounded()), y: Int32(y.rounded()), w: Int32(max(0, w.rounded())), h: Int32(max(0, h.rounded())))
        SDL_RenderFillRect(renderer, &r)
    }

    /// Text with its left edge at `x` (or centered on it), vertically centered on `y`.
    func text(_ s: String, x: Double, y: Double, size: Int, _ c: RGB, centered: Bool = false) {
        guard !s.isEmpty, let f = font(max(6, size)),
              let surface = TTF_RenderUTF8_Blended(f, s, SDL_Color(r: c.0, g: c.1, b: c.2, a: 255)) else { return }
        defer { SDL_FreeSurface(surface) }
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return }
        defer { SDL_DestroyTexture(texture) }
        let w = surface.pointee.w, h = surface.pointee.h
        var dst = SDL_Rect(x: Int32((centered ? x - Double(w) / 2 : x).rounded()), y: Int32((y - Double(h) / 2).rounded()), w: w, h: h)
        SDL_RenderCopy(renderer, texture, nil, &dst)
    }

    /// What the picture shows besides the list: the status line, where the input comes from,
    /// the surface's height (so that a list that ends above the foot leaves room for the status
    /// bar there), and the fingers down, drawn as rings when asked (`--show-touches`).
    struct Overlay {
        var status: String
        var source: String
        var surfaceHeight: Double
        var touches: [Point] = []
        var showsTouches = false
        /// The picture's time, in the input's seconds: what a row opening is drawn at.
        var time = 0.0
    }

    /// Colors of the actions a row's content uncovers.
    static let leadingAction: (label: String, color: RGB) = ("Archive", (52, 168, 83))
    static let trailingActions: [(label: String, color: RGB)] = [("Flag", (232, 150, 20)), ("Delete", (214, 48, 49))]

    /// The whole picture, `width` × `height` pixels: the list over the surface (one scale for
    /// both axes' units, so that the row drawn under a finger is the row the model hit-tests
    /// there), and the status bar in the room below the list, or over its foot when the list
    /// fills the surface. Lays out the list's cells, so it takes the list `inout`.
    func draw(_ list: inout ListModel, width: Double, height: Double, overlay: Overlay) {
        let layout = list.layout
        let sy = height / max(overlay.surfaceHeight, 1)
        let sx = width / max(layout.width, 1)      // rows span the window's width whatever the list's
        let listTop = layout.top * sy, listBottom = min(height, (layout.top + layout.height) * sy)
        fill(0, 0, width, height, Color.background)
        let cells = list.layoutCells()
        let rowFont = Int(min(28, max(10, 0.38 * (layout.rowHeight * sy))))
        let slides = list.options.slidesRows
        if !slides { updateReveals(list, at: overlay.time) }
        // Rows an edit removed, collapsing where they were (from where they stood, open over
        // their actions when an action removed them); the rows below ride on them.
        let time = overlay.time
        let editing = list.isAnimatingEdits(at: time)
        for a in list.editAnimations where a.kind == .collapse && !a.isDone(at: time) {
            let shown = a.shownHeight(at: time)
            // Moved by the other places, not by itself; above the held row it ends where it starts.
            let others = list.editDisplacement(atContentOffset: a.top, time: time) - a.displacement(atContentOffset: a.top, time: time)
            let y = (a.top - list.contentOffset + others - (a.top <= a.held ? shown : 0)) * sy + listTop
            let h = shown * sy, x = a.slide * sx
            guard y + h > listTop, y < listBottom else { continue }
            drawActions(uncovered: x, y: y, h: h, width: width, list: list, sx: sx, font: rowFont - 2)
            fill(x, y, width, h, Color.oddRow)
            fill(x, y + h - 1, width, 1, Color.separator)
        }
        // Pinned headers last, over the rows they cover.
        for cell in cells.sorted(by: { !$0.pinned && $1.pinned }) {
            var y = (cell.y - layout.top) * sy + listTop, h = cell.height * sy
            if editing, !cell.pinned {
                // Where an edit's animation still draws it: below collapsing rows, above growing ones.
                let top = cell.y - layout.top + list.contentOffset
                y += list.editDisplacement(atContentOffset: top, time: time) * sy
                if case .row(let r) = cell.item,
                   let grow = list.editAnimations.first(where: { $0.kind == .grow && $0.row == r && !$0.isDone(at: time) }) {
                    h = grow.shownHeight(at: time) * sy
                }
            }
            if case .row(let r) = cell.item, list.reorder != .idle {
                // Drag to reorder: the rows between the lifted row's place and its target make room;
                // the lifted row itself is drawn last, under the finger; a dropped one settles.
                if case .lifted(let l) = list.reorder, l.row == r { continue }
                y += list.reorderDisplacement(ofRow: r, at: time) * sy
            }
            switch cell.item {
            case .row(let r):
                var x = 0.0
                if slides {
                    x = list.offset(ofRow: r) * sx
                    drawActions(uncovered: x, y: y, h: h, width: width, list: list, sx: sx, font: rowFont - 2)
                } else if let reveal = reveals[r] {
                    // Rows that do not slide: a swiped row shown slid over the actions of the
                    // side its swipe uncovered (right: the leading action on the left), moving
                    // there, or back, over revealDuration.
                    let aw = width * Self.actionsShare
                    x = reveal.at(overlay.time) * aw
                    drawActions(uncovered: x, y: y, h: h, width: width, list: list, sx: sx, font: rowFont - 2, trailingWidth: aw)
                }
                let bg = list.selectedRows.contains(r) ? Color.selected : (r % 2 == 0 ? Color.evenRow : Color.oddRow)
                fill(x, y, width, h, bg)
                fill(x, y + h - 1, width, 1, Color.separator)
                text("Row \(r)", x: x + 18, y: y + h / 2, size: rowFont, Color.text)
                text("message \(list.identity(ofRow: r)) of the feed, swipe it either way", x: x + 18 + textWidth("Row 00", size: rowFont) + 24,
                     y: y + h / 2, size: max(9, rowFont - 6), (130, 130, 140))
                if list.checkedRows.contains(r) {
                    text("✓", x: x + width - 40, y: y + h / 2, size: rowFont, Color.link, centered: true)
                }
            case .header(let s):
                fill(0, y, width, h, Color.header)
                text("Section \(s)", x: 18, y: y + h / 2, size: max(10, rowFont - 4), (255, 255, 255))
            case .loadMore:
                fill(0, y, width, h, Color.evenRow)
                text("Load more", x: width / 2, y: y + h / 2, size: rowFont, Color.link, centered: true)
            case .loading:
                fill(0, y, width, h, Color.evenRow)
                text("Loading…", x: width / 2, y: y + h / 2, size: rowFont, (120, 120, 128), centered: true)
            }
        }
        if case .lifted(let l) = list.reorder {
            let h = list.geometry.height(ofItem: list.geometry.item(ofRow: l.row)) * sy
            let y = (l.fingerY - l.grab) * sy + listTop
            fill(0, y + 4, width, h, (200, 200, 210))               // its shadow
            fill(0, y, width, h, Color.selected)
            fill(0, y, width, 2, Color.link)
            fill(0, y + h - 2, width, 2, Color.link)
            text("Row \(l.row)", x: 18, y: y + h / 2, size: rowFont, Color.text)
            text("message \(list.identity(ofRow: l.row)): drop it where it goes", x: 18 + textWidth("Row 00", size: rowFont) + 24,
                 y: y + h / 2, size: max(9, rowFont - 6), (90, 90, 110))
        }
        // The refresh indicator, in the band a pull opens above the first row: it rides down
        // with the pull, its ring filling as the pull nears the refresh distance.
        let pulled = max(0, -list.contentOffset * sy)
        let center = listTop + max(pulled, 34) / 2
        switch list.refreshState {
        case .idle: break
        case .pulling(let p):
            ring(x: width / 2 - 110, y: center, radius: 9, progress: p, Color.refresh)
            text("↓ pull to refresh", x: width / 2, y: center, size: 16, Color.text, centered: true)
        case .armed:
            ring(x: width / 2 - 110, y: center, radius: 9, progress: 1, Color.refresh)
            text("↑ release to refresh", x: width / 2, y: center, size: 16, Color.text, centered: true)
        case .refreshing:
            ring(x: width / 2 - 110, y: center, radius: 9, progress: 0.75, Color.refresh)
            text("⟳ refreshing…", x: width / 2, y: center, size: 16, Color.text, centered: true)
        }
        // The scroll indicator, while the content moves (under the finger or on its own).
        let content = list.geometry.contentHeight
        var scrolling = list.scrollState.isMoving
        if case .dragging = list.scrollState { scrolling = true }
        if scrolling, content > layout.height {
            let track = listBottom - listTop
            let length = max(24, track * layout.height / content)
            let at = min(max(list.contentOffset / max(content - layout.height, 1), 0), 1) * (track - length)
            fill(width - 7, listTop + at, 4, length, Color.indicator)
        }
        // Fingers, when asked: a ring where each touches.
        if overlay.showsTouches {
            for p in overlay.touches { ring(x: p.x * sx, y: p.y * sy, radius: 22, progress: 1, Color.touch) }
        }
        // The status bar: the last gestures, and where the input comes from.
        let minimumBar = min(30, max(18, height * 0.06))
        let top = height - listBottom >= 18 ? listBottom : height - minimumBar
        let bar = height - top
        fill(0, top, width, bar, Color.status)
        // The input's source on the right, over a box of its own; the status line elided to
        // the room left of it, never cut.
        let size = Int(min(bar, 30) * 0.5), sourceSize = Int(min(bar, 30) * 0.45)
        let sourceWidth = textWidth(overlay.source, size: sourceSize)
        let sourceX = width - 10 - sourceWidth
        text(elided(overlay.status, size: size, room: sourceX - 12 - 10 - 8), x: 10, y: top + bar / 2, size: size, (235, 235, 240))
        fill(sourceX - 12, top, sourceWidth + 22, bar, Color.status)
        text(overlay.source, x: sourceX, y: top + bar / 2, size: sourceSize, (170, 200, 255))
    }

    /// The actions a row's content uncovers when it has moved `uncovered` pixels (positive to
    /// the right: the leading action on the left; negative: the trailing ones on the right,
    /// the outermost growing past its width as the content is dragged on).
    private func drawActions(uncovered: Double, y: Double, h: Double, width: Double, list: ListModel, sx: Double,
                             font: Int, trailingWidth: Double? = nil) {
        if uncovered > 0 {
            fill(0, y, uncovered, h, Self.leadingAction.color)
            // The label stays beside the content's edge, once there is room for it.
            let label = Self.leadingAction.label, lw = textWidth(label, size: font)
            if uncovered >= lw + 16 { text(label, x: uncovered - 8 - lw, y: y + h / 2, size: font, (255, 255, 255)) }
        } else if uncovered < 0 {
            let total = trailingWidth ?? list.options.trailingActions.width * sx
            let shown = -uncovered
            let each = total / Double(Self.trailingActions.count)
            // From the content's edge outward: each action its share, the last one the rest.
            var left = width - shown
            for (k, action) in Self.trailingActions.enumerated() {
                let isLast = k == Self.trailingActions.count - 1
                let w = isLast ? width - left : min(each * shown / max(total, 1), width - left)
                fill(left, y, w, h, action.color)
                if w >= textWidth(action.label, size: font) + 12 {
                    text(action.label, x: left + min(w, each) / 2, y: y + h / 2, size: font, (255, 255, 255), centered: true)
                }
                left += w
            }
        }
    }

    /// A ring of `radius` pixels around (x, y), 3 pixels thick, drawn for `progress` (0 ... 1)
    /// of its turn from the top, clockwise (small squares: the software renderer's points
    /// proved unreliable).
    private func ring(x: Double, y: Double, radius: Double, progress: Double, _ c: RGB) {
        let steps = max(1, Int(96 * min(max(progress, 0), 1)))
        for k in 0...steps {
            let a = -Double.pi / 2 + 2 * Double.pi * Double(k) / 96
            fill(x + radius * cos(a) - 1.5, y + radius * sin(a) - 1.5, 3, 3, c)
        }
    }

    /// The width of `s` in pixels at `size` (0 with no font).
    func textWidth(_ s: String, size: Int) -> Double {
        var w: Int32 = 0, h: Int32 = 0
        guard let f = font(max(6, size)) else { return 0 }
        _ = TTF_SizeUTF8(f, s, &w, &h)
        return Double(w)
    }

    /// `s` as it fits in `room` pixels at `size`: whole, or cut at a character with "…" after it.
    func elided(_ s: String, size: Int, room: Double) -> String {
        if textWidth(s, size: size) <= room { return s }
        var chars = Array(s)
        while !chars.isEmpty {
            chars.removeLast()
            let candidate = String(chars).trimmingCharacters(in: .whitespaces) + "…"
            if textWidth(candidate, size: size) <= room { return candidate }
        }
        return ""
    }
}
