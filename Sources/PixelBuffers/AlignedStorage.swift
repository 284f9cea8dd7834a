/// A zero-filled heap allocation aligned to 64 bytes (a cache line, and enough for any SIMD load), freed on deinit.
/// Shared copy-on-write by ``PixelBuffer`` and ``WorkingBuffer``.
@usableFromInline
final class AlignedStorage: @unchecked Sendable {
    /// The alignment of the allocation and of every plane in it.
    static let alignment = 64

    @usableFromInline let base: UnsafeMutableRawPointer
    let byteCount: Int

    init(byteCount: Int) {
        self.byteCount = byteCount
        base = UnsafeMutableRawPointer.allocate(byteCount: max(byteCount, 1), alignment: Self.alignment)
        base.initializeMemory(as: UInt8.self, repeating: 0, count: max(byteCount, 1))
    }

    /// A copy of the bytes (the copy in copy-on-write).
    @usableFromInline
    func copy() -> AlignedStorage {
        let c = AlignedStorage(byteCount: byteCount)
        c.base.copyMemory(from: base, byteCount: byteCount)
        return c
    }

    deinit { base.deallocate() }

    /// `n` rounded up to a multiple of the alignment.
    static func padded(_ n: Int) -> Int { (n + alignment - 1) / alignment * alignment }
}
