import CSDL2
import TouchGestures
import TouchList

/// Draws the list model with an SDL renderer (a window's, or a software one on a surface): the
/// cells `layoutCells()` lays out, mapped from surface units onto the picture so that the row
/// drawn under a finger is the row the model hit-tests there. Rows of their own heights,
/// section headers (a pinned one on top), the load-more and loading rows, a swiped row slid
/// left over its actions, selection and checkmarks, the refresh indicator, and a status bar
/// with the last gestures and where the input comes from.
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
    }

    /// The share of the width a swiped row's actions take.
    static let actionsShare = 0.36

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

    /// The whole picture, `width` × `height` pixels: the list over the surface, and the status
    /// bar at the foot. Lays out the list's cells, so it takes the list `inout`.
    func draw(_ list: inout ListModel, width: Double, height: Double, status: String, source: String) {
        let layout = list.layout
        let sy = height / max(layout.height, 1)   // rows span the window's width whatever the list's
        fill(0, 0, width, height, Color.background)
        let cells = list.layoutCells()
        let rowFont = Int(min(28, max(10, 0.38 * (layout.rowHeight * sy))))
        // Pinned headers last, over the rows they cover.
        for cell in cells.sorted(by: { !$0.pinned && $1.pinned }) {
            let y = (cell.y - layout.top) * sy, h = cell.height * sy
            switch cell.item {
            case .row(let r):
                var x = 0.0
                if r < list.rowCount, list.swiped[r] {
                    // Slid left over its actions.
                    let aw = width * Self.actionsShare
                    fill(width - aw, y, aw / 2, h, Color.archive)
                    fill(width - aw / 2, y, aw / 2, h, Color.delete)
                    text("Archive", x: width - aw * 0.75, y: y + h / 2, size: rowFont - 2, (255, 255, 255), centered: true)
                    text("Delete", x: width - aw * 0.25, y: y + h / 2, size: rowFont - 2, (255, 255, 255), centered: true)
                    x = -aw
                }
                let bg = list.selectedRows.contains(r) ? Color.selected : (r % 2 == 0 ? Color.evenRow : Color.oddRow)
                fill(x, y, width, h, bg)
                fill(x, y + h - 1, width, 1, Color.separator)
                text("Row \(r)", x: x + 18, y: y + h / 2, size: rowFont, Color.text)
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
        // The refresh indicator, in the band a pull opens above the first row.
        let band = 34.0
        switch list.refreshState {
        case .idle: break
        case .pulling(let p):
            fill(0, 0, width * p, 4, Color.refresh)
            text("↓ pull to refresh", x: width / 2, y: band / 2, size: 16, Color.text, centered: true)
        case .armed:
            fill(0, 0, width, 4, Color.refresh)
            text("↑ release to refresh", x: width / 2, y: band / 2, size: 16, Color.text, centered: true)
        case .refreshing:
            fill(0, 0, width, 4, Color.refresh)
            text("⟳ refreshing…", x: width / 2, y: band / 2, size: 16, Color.text, centered: true)
        }
        // The status bar: the last gestures, and where the input comes from.
        let bar = min(30, max(18, height * 0.06))
        fill(0, height - bar, width, bar, Color.status)
        text(status, x: 10, y: height - bar / 2, size: Int(bar * 0.5), (235, 235, 240))
        // The input's source on the right, over a box of its own so that a long status line
        // cannot run through it.
        var sw: Int32 = 0, sh: Int32 = 0
        if let f = font(Int(bar * 0.45)) { _ = TTF_SizeUTF8(f, source, &sw, &sh) }
        let sourceX = width - 10 - Double(sw)
        fill(sourceX - 12, height - bar, Double(sw) + 22, bar, Color.status)
        text(source, x: sourceX, y: height - bar / 2, size: Int(bar * 0.45), (170, 200, 255))
    }
}
