extension RowKernels {
    // MARK: Integer codes ⇄ Float

    /// `dst[i] = (code(src[i·stride]) − offset) / scale`, where `code` extracts `mask` after a right shift by
    /// `shift`. The subtraction is exact (integers below 2^24), so each value is the correctly rounded quotient:
    /// nominal white is exactly 1, chroma extremes exactly ±0.5.
    @inline(__always)
    package static func decode<T: FixedWidthInteger & UnsignedInteger>(
        _ src: UnsafePointer<T>, stride: Int, count: Int, shift: UInt32, mask: UInt32, bigEndian: Bool,
        offset: Float, scale: Float, into dst: UnsafeMutablePointer<Float>
    ) {
        // Constant strides (1 plane samples, 2 interleaved chroma, 4 RGBA) let each copy of the loop vectorise.
        switch stride {
        case 1:
            decodeLoop(
                src, stride: 1, count: count, shift: shift,
                mask: mask, bigEndian: bigEndian, offset: offset, scale: scale, into: dst)
        case 2:
            decodeLoop(
                src, stride: 2, count: count, shift: shift,
                mask: mask, bigEndian: bigEndian, offset: offset, scale: scale, into: dst)
        default:
            decodeLoop(
                src, stride: stride, count: count, shift: shift,
                mask: mask, bigEndian: bigEndian, offset: offset, scale: scale, into: dst)
        }
    }

    @inline(__always)
    static func decodeLoop<T: FixedWidthInteger & UnsignedInteger>(
        _ src: UnsafePointer<T>, stride: Int, count: Int, shift: UInt32, mask: UInt32, bigEndian: Bool,
        offset: Float, scale: Float, into dst: UnsafeMutablePointer<Float>
    ) {
        for i in 0..<count {
            let raw = bigEndian ? T(bigEndian: src[i &* stride]) : T(littleEndian: src[i &* stride])
            let code = (UInt32(truncatingIfNeeded: raw) &>> shift) & mask
            dst[i] = (Float(Int32(bitPattern: code)) - offset) / scale
        }
    }

    /// The integer code of a normalised value: `x = v · scale + bias`, NaN → `bias` (the code of 0), clamped to
    /// `0 … maxCode`, rounded half up (= half away from zero, as `Quantization` rounds, since x ≥ 0).
    @inline(__always)
    @inlinable
    package static func code(_ v: Float, scale: Float, bias: Float, maxCode: Float) -> UInt32 {
        let value = v == v ? v : 0  // NaN → 0 (an AND with the ordered mask), whose code is `bias`
        var x = value * scale + bias
        x = x > 0 ? x : 0
        x = x < maxCode ? x : maxCode
        let t = x + 0.5
        let s = t + 8_388_608  // 2^23: rounds t to an integer (ties to even) in the low mantissa bits
        let rounded = s - 8_388_608
        let k = s.bitPattern &- 0x4B00_0000
        return rounded > t ? k &- 1 : k  // floor(t)
    }

    /// `dst[i·stride] = code(src[i]) << shift` for integer containers.
    @inline(__always)
    package static func encode<T: FixedWidthInteger & UnsignedInteger>(
        _ src: UnsafePointer<Float>, count: Int, scale: Float, bias: Float, maxCode: Float, shift: UInt32,
        bigEndian: Bool, into dst: UnsafeMutablePointer<T>, stride: Int
    ) {
        switch stride {
        case 1:
            encodeLoop(
                src, count: count, scale: scale, bias: bias, maxCode: maxCode,
                shift: shift, bigEndian: bigEndian, into: dst, stride: 1)
        case 2:
            encodeLoop(
                src, count: count, scale: scale, bias: bias, maxCode: maxCode,
                shift: shift, bigEndian: bigEndian, into: dst, stride: 2)
        default:
            encodeLoop(
                src, count: count, scale: scale, bias: bias, maxCode: maxCode,
                shift: shift, bigEndian: bigEndian, into: dst, stride: stride)
        }
    }

    @inline(__always)
    static func encodeLoop<T: FixedWidthInteger & UnsignedInteger>(
        _ src: UnsafePointer<Float>, count: Int, scale: Float, bias: Float, maxCode: Float, shift: UInt32,
        bigEndian: Bool, into dst: UnsafeMutablePointer<T>, stride: Int
    ) {
        for i in 0..<count {
            let c = T(truncatingIfNeeded: code(src[i], scale: scale, bias: bias, maxCode: maxCode) &<< shift)
            dst[i &* stride] = bigEndian ? c.bigEndian : c.littleEndian
        }
    }

    // MARK: Integer codes ⇄ codes

    /// `dst[i] = code(src[i·stride])` as UInt16 codes.
    @inline(__always)
    static func readCodes<T: FixedWidthInteger & UnsignedInteger>(
        _ src: UnsafePointer<T>, stride: Int, count: Int, shift: UInt32, mask: UInt32, bigEndian: Bool,
        into dst: UnsafeMutablePointer<UInt16>
    ) {
        for i in 0..<count {
            let raw = bigEndian ? T(bigEndian: src[i &* stride]) : T(littleEndian: src[i &* stride])
            dst[i] = UInt16(truncatingIfNeeded: (UInt32(truncatingIfNeeded: raw) &>> shift) & mask)
        }
    }

    /// Writes codes into samples: `dst[i·stride] = src[i] << shift`. For packed words (`merge`), the field is
    /// replaced and the other bits kept.
    @inline(__always)
    static func writeCodes<T: FixedWidthInteger & UnsignedInteger>(
        _ src: UnsafePointer<UInt16>, count: Int, shift: UInt32, mask: UInt32, bigEndian: Bool, merge: Bool,
        into dst: UnsafeMutablePointer<T>, stride: Int
    ) {
        for i in 0..<count {
            var word = UInt32(src[i]) &<< shift
            if merge {
                let old = UInt32(
                    truncatingIfNeeded: bigEndian ? T(bigEndian: dst[i &* stride]) : T(littleEndian: dst[i &* stride]))
                word |= old & ~(mask &<< shift)
            }
            let c = T(truncatingIfNeeded: word)
            dst[i &* stride] = bigEndian ? c.bigEndian : c.littleEndian
        }
    }

    /// Re-quantises codes from `fromBits` to `toBits` in place (see ``PixelBufferView/convertLayout(into:)``).
    /// Narrow range: a shift, rounding half up when narrowing. Full range: `round((c − z)·(2^m − 1)/(2^n − 1)) + z′`
    /// with `z`, `z′` the zero codes (0, or 2^(n−1) for chroma), rounding half up, clamped to the container.
    static func requantize(
        _ codes: UnsafeMutablePointer<UInt16>, count: Int, fromBits n: Int, toBits m: Int, fullRange: Bool,
        chroma: Bool
    ) {
        guard n != m else { return }
        let maxOut = (1 << m) - 1
        if !fullRange {
            if m > n {
                for i in 0..<count { codes[i] = UInt16(truncatingIfNeeded: Int(codes[i]) << (m - n)) }
            } else {
                let k = n - m
                let half = 1 << (k - 1)
                for i in 0..<count { codes[i] = UInt16(min((Int(codes[i]) + half) >> k, maxOut)) }
            }
            return
        }
        let ms = (1 << n) - 1
        let md = maxOut
        let zs = chroma ? 1 << (n - 1) : 0
        let zd = chroma ? 1 << (m - 1) : 0
        for i in 0..<count {
            // floor(((c − zs)·2·md + (2·zd + 1)·ms) / (2·ms)), a floor division of a possibly negative numerator.
            let num = (Int(codes[i]) - zs) * 2 * md + (2 * zd + 1) * ms
            let den = 2 * ms
            let q = num >= 0 ? num / den : -((-num + den - 1) / den)
            codes[i] = UInt16(max(0, min(q, maxOut)))
        }
    }
}
