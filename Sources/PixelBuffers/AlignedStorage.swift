#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A zero-filled heap allocation aligned to 64 bytes (a cache line, and enough for any SIMD load), freed on deinit.
/// Shared copy-on-write by ``PixelBuffer`` values.
///
/// The memory comes from `calloc`, so a failed allocation is a `nil` the owners turn into
/// ``PixelBufferError/allocationFailed(byteCount:)`` (Swift's `allocate` would trap), and large buffers get zero pages
/// from the system without being written.
///
/// `@unchecked Sendable`: the pointers and the count are immutable. The bytes are written only through an owner that
/// holds the only reference (``PixelBuffer/withMutableView(_:)`` copies first when
/// `isKnownUniquelyReferenced` is false), so storage shared between threads is only ever read.
@usableFromInline
final class AlignedStorage: @unchecked Sendable {
    /// The alignment of the allocation and of every plane in it.
    static let alignment = 64

    @usableFromInline let base: UnsafeMutableRawPointer
    let byteCount: Int
    /// The block `calloc` returned (`base` is the first aligned byte in it).
    private let block: UnsafeMutableRawPointer

    /// Allocates `byteCount` (≥ 0) zeroed bytes, or returns `nil` when the system cannot provide them.
    init?(byteCount: Int) {
        guard byteCount >= 0, let total = Checked.add(Swift.max(byteCount, 1), Self.alignment - 1),
            let block = calloc(total, 1)
        else { return nil }
        let misalignment = Int(bitPattern: UInt(bitPattern: block) % UInt(Self.alignment))
        self.block = block
        base = block + (misalignment == 0 ? 0 : Self.alignment - misalignment)
        self.byteCount = byteCount
        Self.adviseHugePages(block, total)
    }

    /// Frames of several megabytes ask Linux for transparent huge pages (where the system leaves it to the program,
    /// `madvise` mode): a 4K RGBA half frame is then first touched in 32 page faults rather than 16 200, and its rows
    /// stay in the TLB while a conversion walks them. Advice only: nothing changes where the system declines.
    private static func adviseHugePages(_ block: UnsafeMutableRawPointer, _ count: Int) {
        #if os(Linux)
        let huge = 2 << 20
        guard count >= 2 * huge else { return }
        let start = (Int(bitPattern: block) + huge - 1) & ~(huge - 1)
        let end = (Int(bitPattern: block) + count) & ~(huge - 1)
        if end > start { _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, Int32(MADV_HUGEPAGE)) }
        #endif
    }

    /// A copy of the bytes (the copy in copy-on-write). Traps only when the system cannot provide memory for a buffer
    /// of a size it has already allocated once, as copying any Swift collection does.
    @usableFromInline
    func copy() -> AlignedStorage {
        guard let c = AlignedStorage(byteCount: byteCount) else {
            fatalError("out of memory: could not allocate \(byteCount) bytes to copy a pixel buffer")
        }
        c.base.copyMemory(from: base, byteCount: byteCount)
        return c
    }

    deinit { free(block) }
}
