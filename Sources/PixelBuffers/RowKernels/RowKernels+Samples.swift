import HalfFloat

extension RowKernels {
    // MARK: Half and float samples

    /// Gathers channel samples of an interleaved half row (`stride` halves per pixel) into floats.
    package static func decodeHalf(
        _ src: UnsafePointer<UInt16>, stride: Int, count: Int, into dst: UnsafeMutablePointer<Float>
    ) {
        withUnsafeTemporaryAllocation(of: UInt16.self, capacity: chunk) { temp in
            var x = 0
            while x < count {
                let n = min(chunk, count - x)
                for i in 0..<n { temp[i] = UInt16(littleEndian: src[(x + i) &* stride]) }
                HalfFloat.convert(
                    UnsafeBufferPointer(rebasing: temp[0..<n]), to: UnsafeMutableBufferPointer(start: dst + x, count: n)
                )
                x += n
            }
        }
    }

    /// Converts floats to halves (round to nearest even; overflow to ±∞, NaN kept) and scatters them.
    package static func encodeHalf(
        _ src: UnsafePointer<Float>, count: Int, into dst: UnsafeMutablePointer<UInt16>, stride: Int
    ) {
        withUnsafeTemporaryAllocation(of: UInt16.self, capacity: chunk) { temp in
            var x = 0
            while x < count {
                let n = min(chunk, count - x)
                HalfFloat.convert(
                    UnsafeBufferPointer(start: src + x, count: n), to: UnsafeMutableBufferPointer(rebasing: temp[0..<n])
                )
                for i in 0..<n { dst[(x + i) &* stride] = temp[i].littleEndian }
                x += n
            }
        }
    }

    /// Strided float copy (`dst[i·dstStride] = src[i·srcStride]`).
    @inline(__always)
    package static func copy(
        _ src: UnsafePointer<Float>, stride srcStride: Int, count: Int, into dst: UnsafeMutablePointer<Float>,
        stride dstStride: Int
    ) {
        for i in 0..<count { dst[i &* dstStride] = src[i &* srcStride] }
    }
}
