internal import CPixelKernels

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The working memory of one band worker: a chunk of four Float planes (R, G, B, A or Y′, Cb, Cr) for up to
/// ``chunkCapacity`` pixels of one row, and short rows for chroma resampling: about 26 KB, from a ``ScratchPool``.
struct Scratch {
    /// Pixels a chunk covers (its own columns).
    static let chunkWidth = 512
    /// Floats per chunk plane: the chunk, one column of overlap on each side for chroma downsampling, rounded up to
    /// whole blocks of the widest kernel build (16), which programs load and store whole.
    static let chunkCapacity = 528
    /// Floats per chroma row: half a chunk plus overlap and edges, and a whole vector of 16 past them (load_ycbcr
    /// reads whole vectors), rounded to a multiple of 16.
    static let chromaCapacity = 288
    /// Rows of horizontally downsampled chroma kept for vertical filtering (writer).
    static let ringRows = 4
    /// Chroma rows: the reader's two cached decoded rows (Cb, Cr each) and its blend (Cb, Cr); the writer's output
    /// (Cb, Cr); the ring (Cb, Cr per slot).
    static let chromaRows = 4 + 2 + 2 + 2 * ringRows

    static var floatCount: Int { 4 * chunkCapacity + chromaRows * chromaCapacity }

    let chunk: Chunk
    private let chroma: UnsafeMutablePointer<Float>
    /// The reader's cache keys: per slot the chroma row and the chunk's first column it holds (−1: empty).
    let cacheKeys: UnsafeMutablePointer<Int>

    /// The bytes of one scratch block: the floats, then the cache keys.
    static var byteCount: Int { floatCount * MemoryLayout<Float>.stride + 4 * MemoryLayout<Int>.stride }

    /// Lays out scratch memory in `block` (``byteCount`` bytes, 64-byte aligned) and resets it for a new band.
    init(block: UnsafeMutableRawPointer) {
        let base = block.bindMemory(to: Float.self, capacity: Self.floatCount)
        base.update(repeating: 0, count: Self.floatCount)
        // Alpha is opaque unless a reader with an alpha channel overwrites it; the others never touch it.
        (base + 3 * Self.chunkCapacity).update(repeating: 1, count: Self.chunkCapacity)
        let keys = (block + Self.floatCount * MemoryLayout<Float>.stride).bindMemory(to: Int.self, capacity: 4)
        keys.update(repeating: -1, count: 4)
        let c = Self.chunkCapacity
        chunk = Chunk(p0: base, p1: base + c, p2: base + 2 * c, p3: base + 3 * c)
        chroma = base + 4 * c
        cacheKeys = keys
    }

    /// Channel `channel` (0 Cb, 1 Cr) of the reader's cache slot `slot` (0, 1).
    func cachedChroma(_ slot: Int, channel: Int) -> UnsafeMutablePointer<Float> {
        chroma + (2 * slot + channel) * Self.chromaCapacity
    }

    /// Channel `channel` of the reader's vertical blend.
    func blendedChroma(channel: Int) -> UnsafeMutablePointer<Float> { chroma + (4 + channel) * Self.chromaCapacity }

    /// Channel `channel` of the writer's averaged output row.
    func averagedChroma(channel: Int) -> UnsafeMutablePointer<Float> { chroma + (6 + channel) * Self.chromaCapacity }

    /// The Cb (channel 0) or Cr (channel 1) row of the writer's ring slot `slot`.
    func ringRow(_ slot: Int, channel: Int) -> UnsafeMutablePointer<Float> {
        chroma + (8 + 2 * slot + channel) * Self.chromaCapacity
    }
}

/// The four planes of a chunk.
struct Chunk {
    let p0, p1, p2, p3: UnsafeMutablePointer<Float>

    /// Plane `c` (0 … 3).
    @inline(__always)
    func plane(_ c: Int) -> UnsafeMutablePointer<Float> { c == 0 ? p0 : (c == 1 ? p1 : (c == 2 ? p2 : p3)) }

    /// The four planes as a program's input and output.
    var io: HDRKIO { HDRKIO(source: nil, destination: nil, planes: (p0, p1, p2, p3), chroma: (nil, nil), column: 0) }
}

/// Scratch blocks for a program's band workers: taken for a band and given back after it, so that a converter
/// allocates its working memory on the first frames only (one block per thread converting at once) and never again.
///
/// `@unchecked Sendable`: the blocks are raw memory handed to one thread at a time under the mutex, and the lists are
/// only touched under it; the blocks are freed only in `deinit`, when no conversion can be running. The mutex is a
/// pthread mutex, as in ``WorkerPool``: the band workers start together and contend for it, and ThreadSanitizer sees
/// the ordering a contended pthread mutex gives (not that of `Synchronization.Mutex`, whose contended path runs in
/// the uninstrumented standard library).
final class ScratchPool: @unchecked Sendable {
    /// A block of ``Scratch/byteCount`` bytes.
    private struct Block {
        let pointer: UnsafeMutableRawPointer
    }

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    // Guarded by `mutex`:
    private var free: [Block] = []
    private var all: [Block] = []

    init() { pthread_mutex_init(mutex, nil) }

    /// Runs `body` with a block from the pool (allocated when all are in use).
    func withScratch<R>(_ body: (Scratch) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        let block: Block
        if let available = free.popLast() {
            block = available
        } else {
            block = Block(pointer: .allocate(byteCount: Scratch.byteCount, alignment: 64))
            all.append(block)
            free.reserveCapacity(all.count)  // giving blocks back never allocates
        }
        pthread_mutex_unlock(mutex)
        defer {
            pthread_mutex_lock(mutex)
            free.append(block)
            pthread_mutex_unlock(mutex)
        }
        return try body(Scratch(block: block.pointer))
    }

    deinit {
        all.forEach { $0.pointer.deallocate() }
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }
}
