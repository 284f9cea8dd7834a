import Foundation
import PixelBuffers

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

extension RowChunks {
    /// Folds every pixel of `view` (RGBA float) into one `T` per chunk of rows, each starting from `initial`, in
    /// parallel; `body` gets the pixel's red, green and blue. Returns the chunks' results for the caller to merge.
    static func fold<T: Sendable>(
        _ view: PixelBufferView, from initial: T, _ body: @Sendable (inout T, Float, Float, Float) -> Void
    ) -> [T] {
        let plane = view.plane(0)
        return map(view.height) { rows in
            var partial = initial
            for y in rows {
                let row = plane.row(y, as: Float.self)
                for x in 0..<view.width { body(&partial, row[4 * x], row[4 * x + 1], row[4 * x + 2]) }
            }
            return partial
        }
    }
}
