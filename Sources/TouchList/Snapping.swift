import TouchGestures

extension ListModel {
    /// Starts settling at `time` (seconds): refreshes if armed, springs back if past an end, or
    /// snaps as ``ListOptions`` asks (a section start first, then the cut cell).
    mutating func settle(at time: Double, surface: Surface, emit: (ListEvent) -> Void) {
        // Whatever does not start an animation leaves the content at rest.
        defer {
            switch scrollState {
            case .released, .decelerating: transition(to: .idle, at: time)
            default: break
            }
        }
        if refreshState == .armed {
            refreshState = .refreshing
            emit(ListEvent(time: time, kind: .refresh))
            request(page: 1, refresh: true, at: time)
            animate(to: 0, kind: .edge, at: time)
            return
        }
        if case .pulling = refreshState { refreshState = .idle }
        if contentOffset < 0 || contentOffset > maxOffset {
            animate(to: min(max(contentOffset, 0), maxOffset), kind: .edge, at: time)
            return
        }
        if options.snapsToSections, let target = sectionSnapTarget(surface: surface) {
            animate(to: target, kind: .section, at: time)
        } else if options.snapsToCells, let target = cellSnapTarget() {
            animate(to: target, kind: .cell, at: time)
        }
    }

    private mutating func animate(to target: Double, kind: SnapKind, at time: Double) {
        guard target != contentOffset else { return }
        let duration = max(0, options.physics.settleDuration.isFinite ? options.physics.settleDuration : 0)
        transition(to: .settling(.init(from: contentOffset, to: target, start: time, duration: duration, kind: kind)), at: time)
    }

    /// The offset that shows the cut cell at the bottom edge whole (if at least half of it
    /// shows) or pushes it out, clamped to the ends; `nil` when no cell is cut.
    public func cellSnapTarget() -> Double? {
        let bottom = contentOffset + layout.height
        guard bottom < geometry.contentHeight else { return nil }
        let i = geometry.item(atOffset: bottom)
        let top = geometry.top(ofItem: i)
        let h = geometry.height(ofItem: i)
        let shown = bottom - top
        let tolerance = 1e-9 * max(1, abs(bottom))
        guard shown > tolerance, shown < h - tolerance else { return nil }
        let target = shown >= h / 2 ? contentOffset + (h - shown) : contentOffset - shown
        let clamped = min(max(target, 0), maxOffset)
        return clamped != contentOffset ? clamped : nil
    }

    /// The offset that brings the nearest visible section start to the top, when it lies
    /// within ``ListOptions/sectionSnapDistance`` (mm) of it and the list is not at its bottom
    /// end; otherwise `nil`.
    public func sectionSnapTarget(surface: Surface) -> Double? {
        // The section-snapping article's test for the bottom end: within one point of it.
        guard contentOffset < maxOffset - surface.unitsY(25.4 / 163), geometry.sectionCount > 0,
              geometry.itemCount > 0 else { return nil }
        let limit = surface.unitsY(options.sectionSnapDistance)
        var s = geometry.section(ofItem: geometry.item(atOffset: contentOffset))
        var best: Double?
        while s < geometry.sectionCount {
            let first = geometry.firstItem(ofSection: s)
            let top = geometry.top(ofItem: first)
            if top >= contentOffset + layout.height { break }
            // A start counts while its first item shows (the article looks at visible rows).
            if top + geometry.height(ofItem: first) > contentOffset,
               abs(top - contentOffset) <= limit, best.map({ abs(top - contentOffset) < abs($0 - contentOffset) }) ?? true {
                best = top
            }
            s += 1
        }
        guard let target = best.map({ min($0, maxOffset) }), target != contentOffset else { return nil }
        return target
    }
}
