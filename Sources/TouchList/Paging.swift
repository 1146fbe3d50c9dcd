import TouchGestures

/// What a pull-to-refresh is doing, for a renderer to draw its indicator.
public enum RefreshState: Hashable, Sendable {
    /// Nothing: the content is not pulled past its top.
    case idle
    /// Pulled past the top by `progress` of the refresh distance (0 ..< 1).
    case pulling(progress: Double)
    /// Pulled past the refresh distance: releasing now refreshes.
    case armed
    /// Released: page 1 has been asked for and has not arrived.
    case refreshing
}

/// Where a paged list is in loading its pages.
public enum PagingState: Hashable, Sendable {
    /// No request is in flight; `more` while the data may go on.
    case idle(more: Bool)
    /// Page `page` has been asked for and has not arrived (the in-flight flag).
    case loading(page: Int)
    /// A page came back empty (or short, with a load-more row): there is nothing more.
    case finished
    /// A page failed: no more pages are asked for until a refresh.
    case failed
}


extension ListModel {
    mutating func request(page: Int, refresh: Bool, at time: Double) {
        requestSerial += 1
        lastRequest = PageRequest(page: page, isRefresh: refresh, time: time, serial: requestSerial)
    }

    mutating func requestNextPage(at time: Double, surface: Surface, emit: (ListEvent) -> Void) {
        let page = loadedPages + 1
        heightAtLastRequest = geometry.contentHeight
        pagingState = .loading(page: page)
        setFooter(.loading)
        emit(ListEvent(time: time, kind: .loadMore(page: page)))
        request(page: page, refresh: false, at: time)
    }

    /// Puts `item` (the load-more or the loading row) at the end of the list, or none.
    mutating func setFooter(_ item: ListItem?) {
        geometry.footer = item
        func valid(_ h: Double?) -> Double? { h.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } }
        switch item {
        case .loadMore: geometry.footerHeight = valid(options.loadMoreRowHeight) ?? layout.rowHeight
        case .loading: geometry.footerHeight = valid(options.loadingRowHeight) ?? layout.rowHeight * 60 / 44
        default: geometry.footerHeight = 0
        }
        needsEndFrame = true
        loadCheckPending = true
    }

    /// Asks for the next page when infinite scroll is on, idle with more to come, and the
    /// viewport's bottom is within the infinite-scroll distance (mm) of the content's end.
    mutating func checkInfiniteScroll(at time: Double, surface: Surface, emit: (ListEvent) -> Void) {
        loadCheckPending = false
        guard options.paging == .infinite, case .idle(true) = pagingState, refreshState != .refreshing,
              // A page that added no height (rows of height 0) must not make the list ask forever.
              geometry.contentHeight > heightAtLastRequest else { return }
        let distance = options.infiniteScrollDistance.map { surface.unitsY($0) } ?? layout.height
        if contentOffset + layout.height >= geometry.contentHeight - distance {
            requestNextPage(at: time, surface: surface, emit: emit)
        }
    }

    /// Takes a page's answer at its time: a refresh's first page replaces every row (and
    /// clears swipe state and selection); another page appends its rows to the last section.
    /// An empty page ends paging, a failed one stops it until a refresh, and with a load-more
    /// row a short page removes that row. An answer for a page not asked for is ignored.
    /// Reports `page`, then the scroll it causes, and asks again if infinite scroll is still
    /// near the end.
    public mutating func receive(_ answer: PageAnswer, surface: Surface, emit: (ListEvent) -> Void) {
        let time = answer.time
        advance(to: time, surface: surface, emit: emit)
        let size = max(1, options.pageSize)
        if answer.page == 1, refreshState == .refreshing {
            refreshState = .idle
            emit(ListEvent(time: time, kind: .page(page: 1, rows: answer.rows)))
            guard let n = answer.rows else { loadCheckPending = true; needsEndFrame = true; return }
            geometry = ListGeometry(sections: [], headerHeight: options.headerHeight, rowHeight: { _ in 0 })
            identities = RowIdentities(count: 0)
            editAnimations = []
            rowSwipes.forgetRows(at: time)
            selectedRows = []
            selectedRow = nil
            checkedRows = []
            stopMotion(at: time)
            loadedPages = 0
            heightAtLastRequest = -1
            append(n, page: 1, size: size, surface: surface)
            move(to: 0, surface: surface)
        } else {
            guard case .loading(let page) = pagingState, page == answer.page else { return }
            emit(ListEvent(time: time, kind: .page(page: page, rows: answer.rows)))
            guard let n = answer.rows else {
                pagingState = .failed
                setFooter(nil)
                return
            }
            append(n, page: page, size: size, surface: surface)
        }
        report(at: time, momentum: true, surface: surface, emit: emit)
    }

    private mutating func append(_ n: Int, page: Int, size: Int, surface: Surface) {
        let count = max(0, n)
        if count > 0 {
            let heights = self.heights
            let rows = geometry.rowCount
            let first = identities.append(count)
            geometry.appendRows(count, rowHeight: { heights.start(first + $0 - rows) }, isEstimate: { _ in heights.estimate != nil })
            loadedPages = page
        }
        let more = options.paging == .loadMoreRow ? count >= size : count > 0
        pagingState = more ? .idle(more: true) : .finished
        setFooter(options.paging == .loadMoreRow && more ? .loadMore : nil)
        switch scrollState {
        case .dragging, .decelerating: break
        default: if contentOffset > maxOffset { move(to: maxOffset, surface: surface) }
        }
    }
}
