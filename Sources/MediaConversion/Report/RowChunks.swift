import Foundation

/// Splits `0..<count` rows into one chunk per core and runs `body` on each chunk concurrently; returns each chunk's
/// result in row order, for the caller to merge (no shared mutable state).
enum RowChunks {
    static func map<T: Sendable>(
        _ count: Int, threadCount: Int? = nil, _ body: @Sendable (Range<Int>) -> T
    ) -> [T] {
        let threads = max(1, min(threadCount ?? ProcessInfo.processInfo.activeProcessorCount, count, 64))
        guard threads > 1 else { return [body(0..<count)] }
        let results = UnsafeMutableBufferPointer<T?>.allocate(capacity: threads)
        results.initialize(repeating: nil)
        defer {
            results.deinitialize()
            results.deallocate()
        }
        let step = (count + threads - 1) / threads
        // Each iteration writes only its own slot.
        nonisolated(unsafe) let slots = results
        DispatchQueue.concurrentPerform(iterations: threads) { chunk in
            let lower = min(count, chunk * step)
            slots[chunk] = body(lower..<min(count, lower + step))
        }
        return results.map { $0! }
    }
}
