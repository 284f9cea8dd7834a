import Testing

@testable import PixelBuffers

/// Sizes from callers or files never trap: overflowing geometry, absurd sizes and failed allocations are typed errors
/// (each of these trapped or aborted before: `bytes + 64` and `height + 1` in the size check, `(width + 1) >> 1` in the
/// plane width, `4 * p1 * 4` in `WorkingBuffer`, "failed to allocate" in the storage).
@Suite("Huge geometry")
struct HugeGeometryTests {
    /// An address the views never dereference (they only validate).
    static var address: UnsafeRawPointer { UnsafeRawPointer(bitPattern: 1 << 12).unsafelyUnwrapped }

    static func view(_ format: PixelFormat, width: Int, height: Int, bytesPerRow: Int) throws(PixelBufferError)
        -> PixelBufferView
    {
        try PixelBufferView(
            format: format, width: width, height: height,
            planes: (0..<format.planeCount).map { _ in .init(baseAddress: address, bytesPerRow: bytesPerRow) })
    }

    @Test("an 'l10r' view 2^61 − 1 wide or Int.max high is dimensionsTooLarge")
    func l10rExtremes() throws {
        let l10r = try #require(PixelFormat(fourCC: "l10r"))
        let wide = (1 << 61) - 1
        #expect(throws: PixelBufferError.dimensionsTooLarge(width: wide, height: 1)) {
            try Self.view(l10r, width: wide, height: 1, bytesPerRow: 4)
        }
        #expect(throws: PixelBufferError.dimensionsTooLarge(width: 1, height: .max)) {
            try Self.view(l10r, width: 1, height: .max, bytesPerRow: 64)
        }
        #expect(throws: PixelBufferError.dimensionsTooLarge(width: .max, height: .max)) {
            try Self.view(l10r, width: .max, height: .max, bytesPerRow: 64)
        }
    }

    @Test("every catalog format at the extremes of Int: views never trap, owned buffers are typed errors")
    func everyFormatAtTheExtremes() {
        let sizes = [1, 2, 3, (1 << 31) - 1, 1 << 31, (1 << 61) - 1, 1 << 61, .max / 4, .max / 4 + 1, .max - 1, .max]
        for format in PixelFormat.allWithFourCC {
            for width in sizes {
                for height in sizes where width > 1 << 30 || height > 1 << 30 {
                    // A view of caller-owned memory may be valid (the memory is the caller's promise); it must not trap.
                    _ = try? Self.view(format, width: width, height: height, bytesPerRow: 64)
                    #expect(throws: PixelBufferError.self, "\(format) \(width)×\(height)") {
                        try PixelBuffer(format: format, width: width, height: height)
                    }
                    #expect(throws: PixelBufferError.self, "\(format) \(width)×\(height)") {
                        try WorkingBuffer(for: format, width: width, rowCapacity: height)
                    }
                }
            }
        }
    }

    @Test("plane and chroma sizes round up without overflow at Int.max")
    func planeWidthsAtIntMax() throws {
        let x420 = try #require(PixelFormat(fourCC: "x420"))
        #expect(x420.plane(1).width(forImageWidth: .max) == 1 << 62)
        #expect(x420.plane(1).height(forImageHeight: .max) == 1 << 62)
        #expect(PixelFormat.ChromaSubsampling.s420.chromaWidth(forWidth: .max) == 1 << 62)
        #expect(PixelFormat.ChromaSubsampling.s420.chromaHeight(forHeight: .max) == 1 << 62)
        #expect(x420.plane(1).width(forImageWidth: 7) == 4 && x420.plane(1).height(forImageHeight: 1) == 1)
        #expect(throws: PixelBufferError.dimensionsTooLarge(width: .max, height: 2)) {
            try Self.view(x420, width: .max, height: 2, bytesPerRow: 64)
        }
    }

    @Test("WorkingBuffer sizes that pass the view check but overflow its float planes are typed errors")
    func workingBufferOverflow() throws {
        // 'BGRA' 2^58 wide: 2^60 bytes per row fits, but four float planes of two rows are 2^63 bytes.
        #expect(throws: PixelBufferError.dimensionsTooLarge(width: 1 << 58, height: 2)) {
            try WorkingBuffer(for: .bgra8, width: 1 << 58, rowCapacity: 2, limits: .unlimited)
        }
        // '420v' (1-byte luma) 2^60 wide: the luma, Cb and Cr float planes together overflow.
        let v420 = try #require(PixelFormat(fourCC: "420v"))
        #expect(throws: PixelBufferError.dimensionsTooLarge(width: 1 << 60, height: 2)) {
            try WorkingBuffer(for: v420, width: 1 << 60, rowCapacity: 2, limits: .unlimited)
        }
    }

    @Test("a 2^20 × 2^20 buffer is a pixel-limit error, not an abort")
    func pixelLimit() {
        let side = 1 << 20
        #expect(
            throws: PixelBufferError.pixelCountLimitExceeded(width: side, height: side, limit: 1 << 30)
        ) { try PixelBuffer(format: .bgra8, width: side, height: side) }
        #expect(
            throws: PixelBufferError.pixelCountLimitExceeded(width: side, height: side, limit: 1 << 30)
        ) { try WorkingBuffer(for: .bgra8, width: side, rowCapacity: side) }
        let error = PixelBufferError.pixelCountLimitExceeded(width: side, height: side, limit: 1 << 30)
        #expect(error.description.contains("1048576×1048576") && error.description.contains("PixelBufferLimits"))
    }

    @Test("limits are configurable: bytes and pixels, for buffers and working buffers")
    func configurableLimits() throws {
        let small = PixelBufferLimits(maximumPixelCount: 1000, maximumByteCount: .max)
        #expect(throws: PixelBufferError.pixelCountLimitExceeded(width: 40, height: 26, limit: 1000)) {
            try PixelBuffer(format: .bgra8, width: 40, height: 26, limits: small)
        }
        _ = try PixelBuffer(format: .bgra8, width: 40, height: 25, limits: small)
        // 64 × 64 'BGRA': 256-byte rows, 16 KiB.
        let bytes = PixelBufferLimits(maximumPixelCount: .max, maximumByteCount: 16_383)
        #expect(throws: PixelBufferError.byteCountLimitExceeded(byteCount: 16_384, limit: 16_383)) {
            try PixelBuffer(format: .bgra8, width: 64, height: 64, limits: bytes)
        }
        #expect(throws: PixelBufferError.byteCountLimitExceeded(byteCount: 64 * 4 * 4 * 64, limit: 16_383)) {
            try WorkingBuffer(for: .bgra8, width: 64, rowCapacity: 64, limits: bytes)
        }
        let buffer = try PixelBuffer(
            format: .bgra8, width: 64, height: 64, limits: PixelBufferLimits(maximumByteCount: 16_384))
        #expect(buffer.bytesPerRow(ofPlane: 0) == 256)
        #expect(PixelBufferLimits.default == PixelBufferLimits(maximumPixelCount: 1 << 30, maximumByteCount: 1 << 32))
    }

    @Test("an allocation the system refuses is allocationFailed")
    func allocationFailure() {
        // 2^28 × 2^29 half-float RGBA is 2^60 bytes: valid geometry, no limits, far beyond any address space.
        #expect(throws: PixelBufferError.allocationFailed(byteCount: 1 << 60)) {
            try PixelBuffer(format: .rgbaHalf, width: 1 << 28, height: 1 << 29, limits: .unlimited)
        }
        let message = PixelBufferError.allocationFailed(byteCount: 1 << 60).description
        #expect(message == "could not allocate 1152921504606846976 bytes; use a smaller buffer or free memory")
    }

    @Test("buffers within the limits are zero-filled, 64-byte aligned, and copy on write")
    func storageStillWorks() throws {
        var a = try PixelBuffer(format: .rgbaHalf, width: 7, height: 3)
        a.withView { view in
            #expect(UInt(bitPattern: view.plane(0).baseAddress) % 64 == 0)
            #expect(view.plane(0).row(2).allSatisfy { $0 == 0 })
        }
        let b = a
        a.withMutableView { $0.plane(0).row(1)[0] = 0xAB }
        #expect(a.withView { $0.plane(0).row(1)[0] } == 0xAB)
        #expect(b.withView { $0.plane(0).row(1)[0] } == 0)
    }
}
