import Foundation
import TouchList
import TouchTrace

// In TouchTools rather than in touchtrace, which uses it, so that its test imports no executable.

/// `replay --json`'s formatting and writing, shared out among the threads that have time for
/// it. The replay hands over batches of outputs as it makes them; each is formatted into a
/// `JSONLineBuffer` of its own by whichever thread takes it, and the buffers are written in
/// the batches' order by whichever thread finds the next one ready.
///
/// Who formats: a thread of its own, from three processors on; on two, the parsing thread
/// while it waits for room (it has 0.7 s to spare of 2 s for 10⁷ events) and the replay's
/// thread whenever more than one batch waits; on one, the replay's thread at once.
package final class FormattingPool: @unchecked Sendable {   // state guarded by `condition`
    /// Outputs per batch (about 250 KB of JSON).
    package static let batchSize = 2048
    /// Also guards the parsing thread's handoff (see `BatchHandoff.helper`).
    package let condition = NSCondition()
    /// Batches no thread has taken yet, in order, with their numbers.
    private var pending: [(number: Int, outputs: [ListController.Output])] = []
    /// Formatted batches not yet written, by number.
    private var formatted: [Int: JSONLineBuffer] = [:]
    private var handedOver = 0, written = 0
    private var writing = false
    private var spareBuffers: [JSONLineBuffer] = []
    private var spareBatches: [[ListController.Output]] = []
    private var closed = false
    /// The replay's thread formats a batch itself when more than this many wait.
    private let formatsAbove: Int
    private var batch: [ListController.Output] = []
    /// Where the bytes go: standard output (tests collect them).
    private let write: (UnsafeBufferPointer<UInt8>) -> Void

    /// `threads`: 1, 2, or 3 and more (see the type's description).
    package init(threads: Int, write: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.write = write
        formatsAbove = threads <= 1 ? 0 : threads == 2 ? 1 : 16
        batch.reserveCapacity(Self.batchSize)
        if threads >= 3 {
            Thread { [self] in helpUntilClosed() }.start()
        }
    }

    /// Adds one output (from the replay's thread only).
    package func append(_ output: ListController.Output) {
        batch.append(output)
        if batch.count == Self.batchSize { handOver() }
    }

    private func handOver() {
        condition.lock()
        pending.append((handedOver, batch))
        handedOver += 1
        batch = spareBatches.popLast() ?? []   // before formatting: the array handed over is not shared
        condition.broadcast()
        if pending.count > formatsAbove { _ = formatOneLocked() }
        condition.unlock()
        if batch.capacity < Self.batchSize { batch.reserveCapacity(Self.batchSize) }
    }

    /// Formats and writes what is left, and waits until every batch has been written (from
    /// the replay's thread, once).
    package func finish() {
        if !batch.isEmpty { handOver() }
        condition.lock()
        closed = true
        condition.broadcast()
        while true {
            while formatOneLocked() {}
            if written == handedOver { break }
            condition.wait()
        }
        condition.unlock()
    }

    /// A formatting thread's life: it formats what waits, and sleeps while nothing does, until
    /// ``finish()`` has begun and nothing waits. (A thread of the pool's own runs it; tests run
    /// more.)
    package func helpUntilClosed() {
        condition.lock()
        while true {
            while formatOneLocked() {}
            if closed { break }
            condition.wait()
        }
        condition.unlock()
    }

    /// With `condition` locked: formats the oldest batch no thread has taken, if there is one,
    /// letting go of the lock while it does (see `run`); false when none waits.
    package func formatOneLocked() -> Bool {
        guard !pending.isEmpty else { return false }
        let job = pending.removeFirst()
        condition.unlock()
        run(job)
        condition.lock()
        return true
    }

    /// Formats a batch taken from `pending`, then writes every batch that is ready in order,
    /// unless another thread is writing (it will find this one). Called with `condition`
    /// unlocked.
    private func run(_ job: (number: Int, outputs: [ListController.Output])) {
        condition.lock()
        let lines = spareBuffers.popLast() ?? JSONLineBuffer(capacity: 1 << 18)
        condition.unlock()
        for o in job.outputs { lines.append(o) }
        var outputs = job.outputs
        outputs.removeAll(keepingCapacity: true)
        condition.lock()
        defer { condition.unlock() }
        if spareBatches.count < 4 { spareBatches.append(outputs) }
        formatted[job.number] = lines
        guard !writing else { return }
        writing = true
        while let next = formatted.removeValue(forKey: written) {
            condition.unlock()
            next.withUnsafeBytes { write($0) }
            next.removeAll()
            condition.lock()
            spareBuffers.append(next)
            written += 1
        }
        writing = false
        condition.broadcast()
    }
}
