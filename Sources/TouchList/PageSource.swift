/// A request a ``ListModel`` makes for a page of rows.
public struct PageRequest: Hashable, Sendable {
    /// The page asked for, 1-based.
    public var page: Int
    /// True when the request is a pull-to-refresh (always page 1).
    public var isRefresh: Bool
    /// When it was made, in seconds on the input's clock.
    public var time: Double
    /// Counts the model's requests, so that each is passed on once.
    public var serial: Int

    /// A request for `page` (a refresh, or more), made at `time` (seconds), numbered `serial`.
    public init(page: Int, isRefresh: Bool, time: Double, serial: Int) {
        self.page = page
        self.isRefresh = isRefresh
        self.time = time
        self.serial = serial
    }
}

/// A page's answer: its rows, or a failure, and when it arrived.
public struct PageAnswer: Hashable, Sendable {
    /// The page answered, 1-based.
    public var page: Int
    /// How many rows it holds (0: the data has ended); `nil` when loading it failed.
    public var rows: Int?
    /// When the answer arrived, in seconds on the input's clock.
    public var time: Double

    /// The answer for `page`: how many rows it holds (`nil`: it failed), given at `time` (seconds).
    public init(page: Int, rows: Int?, time: Double) {
        self.page = page
        self.rows = rows
        self.time = time
    }
}

/// Where a paged list's rows come from. The model never waits for it: a request is handed
/// over, and the answer is taken later, when the input's clock has reached its time.
///
/// ``ListController`` passes each of its list's requests to its ``ListController/pageSource``,
/// and before each frame (and on ``ListController/advance(to:emit:)``) gives the list every
/// answer due by then, each at its own time. An application whose pages come from elsewhere
/// may instead watch for `loadMore`/`refresh` reports and call ``ListModel/receive(_:surface:emit:)``.
public protocol PageSource: Sendable {
    /// The list asks for a page; the answer comes later from ``nextAnswer(dueBy:)``.
    mutating func request(_ request: PageRequest)
    /// The earliest answer due by `time` (seconds), taken from the source, or `nil`.
    mutating func nextAnswer(dueBy time: Double) -> PageAnswer?
    /// When the earliest answer not yet taken arrives (seconds), or `nil` when none is pending.
    var nextAnswerTime: Double? { get }
}

/// A page source for tests, traces and the demo: a feed of `total` rows served in pages,
/// each answered `latency` seconds after it was asked for, with chosen pages failing.
/// Deterministic: the answers depend only on the requests and their times.
public struct ScriptedFeed: PageSource, Hashable {
    /// Rows per page. Default 25, the original "Load more" article's page size.
    public var pageSize: Int
    /// How many rows the feed holds; `nil` for an endless feed.
    public var total: Int?
    /// Seconds between a request and its answer.
    public var latency: Double
    /// Pages whose first request fails (a later request for the same page succeeds).
    public var failingPages: Set<Int>
    private var failed: Set<Int> = []
    private var queue: [PageAnswer] = []

    /// A source of `pageSize`-row pages up to `total` rows (`nil`: no end), answering after `latency` seconds, failing once for each of `failingPages`.
    public init(pageSize: Int = 25, total: Int? = nil, latency: Double = 0.3, failingPages: Set<Int> = []) {
        self.pageSize = max(1, pageSize)
        self.total = total.map { max(0, $0) }
        self.latency = latency.isFinite ? max(0, latency) : 0
        self.failingPages = failingPages
    }

    /// The number of rows page `page` holds.
    public func rows(onPage page: Int) -> Int {
        guard page >= 1 else { return 0 }
        guard let total else { return pageSize }
        let before = (page - 1).multipliedReportingOverflow(by: pageSize)
        if before.overflow || before.partialValue >= total { return 0 }
        return min(pageSize, total - before.partialValue)
    }

    /// Takes a request; its answer comes `latency` seconds after it.
    public mutating func request(_ request: PageRequest) {
        var rows: Int? = self.rows(onPage: request.page)
        if failingPages.contains(request.page), !failed.contains(request.page) {
            failed.insert(request.page)
            rows = nil
        }
        let answer = PageAnswer(page: request.page, rows: rows, time: request.time + latency)
        // Kept in time order (equal times in request order).
        let at = queue.firstIndex { $0.time > answer.time } ?? queue.count
        queue.insert(answer, at: at)
    }

    /// The next answer due by `time` (seconds), taken from the queue, if any.
    public mutating func nextAnswer(dueBy time: Double) -> PageAnswer? {
        guard let first = queue.first, first.time <= time else { return nil }
        return queue.removeFirst()
    }

    /// When (seconds) the next answer is due, if any is waiting.
    public var nextAnswerTime: Double? { queue.first?.time }
}
