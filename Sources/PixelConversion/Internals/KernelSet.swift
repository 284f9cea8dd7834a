internal import CPixelKernels

/// Which row kernels a program runs: portable Swift, or the C kernels of CPixelKernels where the CPU has them. Both
/// give the same bytes: the C kernels repeat the Swift operations in the same order without fused multiply-adds, and
/// the values a table does not cover take the same exact Swift path in both.
struct KernelSet: Sendable {
    /// The resolved path: ``PixelConverter/CodePath/portable`` or ``PixelConverter/CodePath/avx2``.
    let path: PixelConverter.CodePath

    /// Whether the C AVX2/F16C kernels run.
    var usesAVX2: Bool { path == .avx2 }

    /// Whether this CPU and OS run the AVX2/F16C kernels (decided once per process).
    static let supportsAVX2 = hdrk_has_avx2_f16c() != 0

    /// `count` rounded up to whole vectors of 8 (chunk planes have the room).
    @inline(__always)
    static func padded(_ count: Int) -> Int { (count + 7) & ~7 }
}
