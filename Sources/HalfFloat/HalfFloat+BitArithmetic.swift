extension HalfFloat {
    /// The bit arithmetic behind the conversions. Two independent formulations, each checked against the platform
    /// over all 2³² `Float` patterns (`make check-exhaustive`):
    ///
    /// Scalar Float → half (after F. Giesen, "float_to_half_fast3_rtne", public domain), on the magnitude bits `m`:
    /// - normal halves (2⁻¹⁴ ≤ |x| < 65536): `(m − (112 << 23) + 0xFFF + odd) >> 13`, where `odd` is bit 13 of `m`;
    ///   this rebiases the exponent and rounds the 23-bit fraction to 10 bits, ties to even, and a carry out of the
    ///   fraction bumps the exponent (so 65520 ..< 65536 become `0x7C00`, infinity);
    /// - subnormal halves and zero (|x| < 2⁻¹⁴): `bits(|x| + 0.5) − bits(0.5)`; the float addition rounds |x| once,
    ///   ties to even, to a multiple of ulp(0.5) = 2⁻²⁴, the half subnormal step (2⁻¹⁴ − 2⁻²⁵ rounds up to `0x0400`);
    /// - NaN: `0x7E00 | (m >> 13) & 0x1FF` (quiet bit set, top 9 payload bits kept); ≥ 65536 and infinity: `0x7C00`.
    ///
    /// Scalar half → Float: normal `(m << 13) + (112 << 23)`; subnormal `bits(float(m | bits(0.5)) − 0.5)` (exact);
    /// infinity / NaN `(m << 13) + (224 << 23)`, NaN with the quiet bit `0x0040_0000` set.
    ///
    /// The SIMD versions (after M. Dukhan's FP16 library, MIT) trade selects for float arithmetic, which SSE2 does in
    /// one instruction per four lanes; see ``halfBitsHigh(_:)`` and ``floatBits(high:)``.
    @usableFromInline
    enum BitArithmetic {
        /// Float magnitude bits of 65536 = 2¹⁶: from here on the result is infinity (or NaN).
        @inlinable static var floatOverflow: UInt32 { 0x4780_0000 }
        /// Float bits of +infinity.
        @inlinable static var floatInfinity: UInt32 { 0x7F80_0000 }
        /// Float bits of 2⁻¹⁴, the least normal half.
        @inlinable static var floatLeastNormal: UInt32 { 0x3880_0000 }
        /// Float bits of 0.5, whose ulp is 2⁻²⁴.
        @inlinable static var halfMagic: UInt32 { 0x3F00_0000 }
        /// (15 − 127) << 23 (wrapping) + 0xFFF: exponent rebias plus the round-half-down bias.
        @inlinable static var rebiasAndRound: UInt32 { 0xC800_0FFF }

        // MARK: Scalar pieces

        @inlinable @inline(__always)
        static func normalBits(_ magnitude: UInt32) -> UInt32 {
            (magnitude &+ rebiasAndRound &+ (magnitude &>> 13) & 1) &>> 13
        }

        @inlinable @inline(__always)
        static func subnormalBits(_ magnitude: UInt32) -> UInt32 {
            (Float(bitPattern: magnitude) + 0.5).bitPattern &- halfMagic
        }

        @inlinable @inline(__always)
        static func nanBits(_ magnitude: UInt32) -> UInt32 {
            0x7E00 | (magnitude &>> 13) & 0x1FF
        }

        @inlinable @inline(__always)
        static func widenedSubnormal(_ magnitude: UInt32) -> UInt32 {
            (Float(bitPattern: magnitude | halfMagic) - 0.5).bitPattern
        }

        // MARK: SIMD (8 lanes)

        /// Eight 32-bit lanes, the kernels' vector width (two SSE registers at baseline x86-64).
        typealias Vector = SIMD8<UInt32>
        typealias SignedVector = SIMD8<Int32>
        typealias FloatVector = SIMD8<Float>

        /// `mask ? a : b` lane-wise, for a mask of all-ones / all-zeros lanes (three bitwise operations).
        @inline(__always)
        static func select(_ mask: SignedVector, _ a: Vector, _ b: Vector) -> Vector {
            let m = unsafeBitCast(mask, to: Vector.self)
            return a & m | b & ~m
        }

        /// All-ones lanes where `a < b`, all-zeros elsewhere, for `a`, `b` in 0 ..< 2³¹ (so `a − b` cannot
        /// overflow): the sign of the difference, spread by an arithmetic shift. (The standard library's comparisons
        /// return a `SIMDMask`, which the optimiser turns into scalar code once it is reinterpreted as integers.)
        @inline(__always)
        static func lessThan(_ a: SignedVector, _ b: SignedVector) -> SignedVector {
            (a &- b) &>> 31
        }

        /// The exponent field of `magnitude` (a `Float` bit pattern without sign), raised to at least that of 2⁻¹⁴.
        ///
        /// As floats the fields are powers of two (or +infinity), never NaN, so `a > b ? a : b` is exactly SSE
        /// `maxps`, one instruction where a 32-bit integer maximum takes four at baseline x86-64.
        @inline(__always)
        static func clampedExponent(_ magnitude: Vector) -> Vector {
            let a = float(magnitude & 0x7F80_0000)
            let b = FloatVector(repeating: 0x1p-14)
            var result = FloatVector()
            for i in result.indices { result[i] = a[i] > b[i] ? a[i] : b[i] }
            return bits(result)
        }

        @inline(__always)
        static func signed(_ v: Vector) -> SignedVector { unsafeBitCast(v, to: SignedVector.self) }

        @inline(__always)
        static func float(_ v: Vector) -> FloatVector { unsafeBitCast(v, to: FloatVector.self) }

        @inline(__always)
        static func bits(_ v: FloatVector) -> Vector { unsafeBitCast(v, to: Vector.self) }

        /// Half bit patterns of eight `Float` bit patterns, in the *high* 16 bits of each lane (low 16 bits zero),
        /// where the sign already is and whence an arithmetic shift and a signed-saturating pack narrow them exactly.
        ///
        /// After M. Dukhan's FP16 library (MIT): `|x|·2¹¹²·2⁻¹¹⁰` overflows to infinity exactly from 65536 on;
        /// adding 2^(max(e, −14) + 15), e the exponent of x, rounds |x|·4 once (ties to even) to 10 fraction bits,
        /// or to the subnormal step, and leaves the half's exponent (bits 23…27 of the sum, taken modulo 32) and
        /// fraction (bits 0…11, with the carry into the exponent) in the sum. A NaN propagates through the float
        /// operations quiet with its payload, so `(sum >> 13) & 0x7FFF` is already its half pattern; the fraction
        /// term is masked off for NaNs.
        @inline(__always)
        static func halfBitsHigh(_ x: Vector) -> Vector {
            let magnitude = x & 0x7FFF_FFFF
            let scaled = float(magnitude) * 0x1p112 * 0x1p-110
            let sum = bits(float(clampedExponent(magnitude) &+ 0x0780_0000) + scaled)
            let isNaN = lessThan(SignedVector(repeating: 0x7F80_0000), signed(magnitude))
            let fraction = sum & 0x0FFF & ~unsafeBitCast(isNaN, to: Vector.self)
            let half = (sum &>> 13) & 0x7FFF &+ fraction
            return half &<< 16 | x & 0x8000_0000
        }

        /// Eight half bit patterns of eight `Float` bit patterns: the high 16 bits of ``halfBitsHigh(_:)``'s lanes.
        @inline(__always)
        static func halves(_ x: Vector) -> SIMD8<UInt16> {
            unsafeBitCast(halfBitsHigh(x), to: SIMD16<UInt16>.self).oddHalf
        }

        /// `Float` bit patterns of eight half bit patterns held in the high 16 bits of each lane (low bits zero).
        ///
        /// After M. Dukhan's FP16 library (MIT): normal, infinite and NaN halves are `(w << 1 >> 4 + (224 << 23))`
        /// scaled by 2⁻¹¹² (the multiplication quiets a NaN and keeps its payload); subnormals are
        /// `float(m | bits(0.5)) − 0.5`, exact.
        @inline(__always)
        static func floatBits(high w: Vector) -> Vector {
            let twice = w &+ w
            let normal = bits(float((twice &>> 4) &+ 0x7000_0000) * 0x1p-112)
            let magnitude = twice &>> 17
            let subnormal = bits(float(magnitude | halfMagic) - 0.5)
            let isSubnormal = lessThan(signed(magnitude), SignedVector(repeating: 0x0400))
            return select(isSubnormal, subnormal, normal) | w & 0x8000_0000
        }

        /// `Float` bit patterns of eight half bit patterns: interleaving with zeros (SSE2 `punpcklwd`/`punpckhwd`)
        /// puts each half in the high 16 bits of a lane, where ``floatBits(high:)`` wants it.
        @inline(__always)
        static func floats(_ halves: SIMD8<UInt16>) -> Vector {
            var spread = SIMD16<UInt16>()
            spread.oddHalf = halves
            return floatBits(high: unsafeBitCast(spread, to: Vector.self))
        }

        // MARK: Shuffles

        /// The even and the odd lanes of `a` followed by `b` (SSE `shufps`).
        @inline(__always)
        static func unzip(_ a: Vector, _ b: Vector) -> (even: Vector, odd: Vector) {
            let both = SIMD16(lowHalf: a, highHalf: b)
            return (both.evenHalf, both.oddHalf)
        }

        /// Four-channel pixels c₀ c₁ c₂ c₃ from four vectors of eight halves each, as sixteen 32-bit lanes
        /// (SSE `punpcklwd`/`punpckhwd`, then `punpckldq`/`punpckhdq`).
        @inline(__always)
        static func interleave(
            _ c0: SIMD8<UInt16>, _ c1: SIMD8<UInt16>, _ c2: SIMD8<UInt16>, _ c3: SIMD8<UInt16>
        ) -> SIMD16<UInt32> {
            var low = SIMD16<UInt16>()
            var high = SIMD16<UInt16>()
            low.evenHalf = c0
            low.oddHalf = c1
            high.evenHalf = c2
            high.oddHalf = c3
            var lanes = SIMD16<UInt32>()
            lanes.evenHalf = unsafeBitCast(low, to: Vector.self)
            lanes.oddHalf = unsafeBitCast(high, to: Vector.self)
            return lanes
        }
    }
}
