/// Caps on the memory that ``PixelBuffer`` allocates, so that a size read from a file or a
/// request cannot make the process allocate without bound. Exceeding one throws
/// ``PixelBufferError/pixelCountLimitExceeded(width:height:limit:)`` or
/// ``PixelBufferError/byteCountLimitExceeded(byteCount:limit:)``; an allocation the system refuses throws
/// ``PixelBufferError/allocationFailed(byteCount:)``.
///
/// Views of caller-owned memory (``PixelBufferView``, ``MutablePixelBufferView``) allocate nothing and are not
/// capped; their geometry is still checked for overflow.
public struct PixelBufferLimits: Hashable, Sendable {
    /// The most pixels (width × height; for a working buffer width × row capacity) one buffer may have. Default 2³⁰
    /// (e.g. 32 768 × 32 768).
    public var maximumPixelCount: Int
    /// The most bytes one buffer may allocate, padding included. Default 2³² (4 GiB: 32 768 × 32 768 8-bit RGBA).
    public var maximumByteCount: Int

    /// Creates limits; both default to the values named above.
    public init(maximumPixelCount: Int = 1 << 30, maximumByteCount: Int = 1 << 32) {
        self.maximumPixelCount = maximumPixelCount
        self.maximumByteCount = maximumByteCount
    }

    /// The defaults: 2³⁰ pixels, 4 GiB.
    public static let `default` = PixelBufferLimits()

    /// No caps beyond what fits in an `Int` (allocation failure is still a typed error).
    public static let unlimited = PixelBufferLimits(maximumPixelCount: .max, maximumByteCount: .max)

    /// Checks a buffer of `width × height` pixels that allocates `byteCount` bytes.
    func check(width: Int, height: Int, byteCount: Int) throws(PixelBufferError) {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= maximumPixelCount else {
            throw .pixelCountLimitExceeded(width: width, height: height, limit: maximumPixelCount)
        }
        guard byteCount <= maximumByteCount else {
            throw .byteCountLimitExceeded(byteCount: byteCount, limit: maximumByteCount)
        }
    }
}

/// Overflow-reporting arithmetic for sizes: `nil` instead of a trap.
enum Checked {
    @inline(__always)
    static func multiply(_ a: Int, _ b: Int) -> Int? {
        let (r, o) = a.multipliedReportingOverflow(by: b)
        return o ? nil : r
    }

    @inline(__always)
    static func add(_ a: Int, _ b: Int) -> Int? {
        let (r, o) = a.addingReportingOverflow(b)
        return o ? nil : r
    }

    /// `n` (≥ 0) rounded up to a multiple of `AlignedStorage.alignment`.
    @inline(__always)
    static func padded(_ n: Int) -> Int? {
        add(n, AlignedStorage.alignment - 1).map { $0 / AlignedStorage.alignment * AlignedStorage.alignment }
    }
}
