import Foundation
import TouchGestures
import TouchTools
import TouchTrace

// `replay` as a pipeline: one thread parses the trace (`ReadAhead`), one recognizes (the
// command's own), and for --json the formatting is shared out (`FormattingPool`). For 10⁷
// events the three take 1.3, 1.1 and 0.9 s of a processor (BENCHMARKS.md). On two processors
// a third thread for formatting measured slower than none (2.1–2.3 s against 2.0–2.2 s: the
// scheduler shares the processors out evenly, and the parsing thread, the longest, got two
// thirds of one); formatting in the parsing thread's spare time, 1.7–1.8 s.

/// How many threads `replay` uses: the processors this process may run on, or
/// `TOUCHTRACE_THREADS` (1, 2 or 3; for tests, and to compare).
enum ReplayThreads {
    static var available: Int {
        if let n = ProcessInfo.processInfo.environment["TOUCHTRACE_THREADS"].flatMap({ Int($0) }), n >= 1 { return n }
        return ProcessInfo.processInfo.activeProcessorCount
    }
}

/// Batches of values handed from one thread to another, at most `depth` waiting, so that memory
/// stays flat however long the input.
///
/// Three things keep the threads from waking each other at every batch: a producer that found
/// the queue full sleeps until it has drained to half, not until one batch has gone; a
/// consumer that found it empty sleeps until half of `depth` waits (the parsing thread was
/// interrupted 4,000–7,000 times a replay of 10⁷ events, 900–1,000 times now); and the
/// arrays go back to the producer emptied, their memory kept (`recycle`), instead of being
/// freed on one thread and allocated on the other (a batch of 4,096 events, 360 KiB, was
/// mapped and unmapped by the C library: page faults at every batch).
final class BatchHandoff<Element: Sendable>: @unchecked Sendable {   // state guarded by `condition`
    private let condition: NSCondition
    private var waiting: [[Element]] = []
    private var spares: [[Element]] = []
    private var closed = false
    private var cancelled = false
    private var producerWaits = false, consumerWaits = false
    private let depth: Int
    private let batchSize: Int

    /// `helper`: formatting that the producer does while it waits for room; it shares the
    /// helper's lock, so that a job handed over while the producer goes to sleep wakes it.
    private let helper: FormattingPool?

    init(depth: Int, batchSize: Int, helper: FormattingPool? = nil) {
        self.depth = depth
        self.batchSize = batchSize
        self.helper = helper
        condition = helper?.condition ?? NSCondition()
    }

    /// From the producing thread: an empty array to fill, with room for a batch.
    func emptyBatch() -> [Element] {
        condition.lock()
        let spare = spares.popLast()
        condition.unlock()
        if let spare { return spare }
        var fresh: [Element] = []
        fresh.reserveCapacity(batchSize)
        return fresh
    }

    /// From the producing thread: adds `batch`, first waiting, when `depth` batches wait, until
    /// half of them have been taken. False when the consumer has stopped taking (the producer
    /// should stop).
    @discardableResult
    func put(_ batch: [Element]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if waiting.count >= depth {
            producerWaits = true
            while waiting.count > depth / 2 && !cancelled {
                if helper?.formatOneLocked() != true { condition.wait() }
            }
            producerWaits = false
        }
        if cancelled { return false }
        waiting.append(batch)
        if consumerWaits && waiting.count >= (depth + 1) / 2 { condition.broadcast() }
        return true
    }

    /// From the producing thread: nothing more will come. What it wrote before is seen by the
    /// consumer once ``take()`` has returned nil.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// From the consuming thread: the next batch, waiting, when there is none, for half of
    /// `depth` (or the end); nil once the producer has closed and every batch has been taken.
    func take() -> [Element]? {
        condition.lock()
        defer { condition.unlock() }
        if waiting.isEmpty && !closed {
            consumerWaits = true
            while waiting.count < (depth + 1) / 2 && !closed { condition.wait() }
            consumerWaits = false
        }
        if waiting.isEmpty { return nil }
        let batch = waiting.removeFirst()
        if producerWaits && waiting.count <= depth / 2 { condition.broadcast() }
        return batch
    }

    /// From the consuming thread: a batch it is done with, for the producer to fill again.
    func recycle(_ batch: inout [Element]) {
        batch.removeAll(keepingCapacity: true)
        condition.lock()
        if spares.count < 2 { spares.append(batch) }
        condition.unlock()
        batch = []
    }

    /// From the consuming thread: it takes no more; a producer waiting to put is released.
    func cancel() {
        condition.lock()
        cancelled = true
        waiting.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until the producer has closed.
    func waitUntilClosed() {
        condition.lock()
        while !closed { condition.wait() }
        condition.unlock()
    }
}

/// The events of a trace, parsed on a thread of their own while the caller recognizes the
/// events before.
///
/// The stream belongs to the parsing thread until this sequence has returned nil (or been
/// released, which stops the thread and waits for it): read its diagnostics after that.
final class ReadAhead: Sequence, IteratorProtocol {
    /// Events per batch (88 KiB), and batches that may wait: 1.4 MiB ahead at most.
    static let batchSize = 1024, depth = 16
    private let handoff: BatchHandoff<TouchEvent>
    private var current: [TouchEvent] = []
    private var index = 0
    private var ended = false

    /// `helper`: formatting the parsing thread does while it waits for the replay to catch up.
    init(_ stream: TraceEventStream, helper: FormattingPool? = nil) {
        handoff = BatchHandoff<TouchEvent>(depth: Self.depth, batchSize: Self.batchSize, helper: helper)
        // The thread is the stream's only user until it closes the handoff.
        nonisolated(unsafe) let stream = stream
        let handoff = handoff
        let thread = Thread {
            var batch = handoff.emptyBatch()
            while let e = stream.next() {
                batch.append(e)
                if batch.count == Self.batchSize {
                    guard handoff.put(batch) else { break }
                    batch = handoff.emptyBatch()
                }
            }
            if !batch.isEmpty { handoff.put(batch) }
            handoff.close()
        }
        thread.start()
    }

    deinit {
        if !ended {
            handoff.cancel()
            handoff.waitUntilClosed()
        }
    }

    func next() -> TouchEvent? {
        if index < current.count {
            defer { index += 1 }
            return current[index]
        }
        handoff.recycle(&current)
        guard let batch = handoff.take() else {
            ended = true
            return nil
        }
        current = batch
        index = 1
        return batch[0]
    }
}
