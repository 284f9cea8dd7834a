/// Conversions between IEEE 754 binary16 ("half") and `Float` / `Double`, on `UInt16` bit patterns.
///
/// Every conversion is bit-exact with IEEE 754-2019 (§3.6 binary16: sign, 5-bit exponent with bias 15, 10-bit
/// fraction; §4.3.1 roundTiesToEven; §5.4.2 formatOf conversions):
/// - Rounding is to nearest, ties to even, with gradual underflow (subnormals down to 2⁻²⁴ = `0x0001`);
///   exactly 2⁻²⁵ rounds to ±0.
/// - Magnitudes in (65504, 65520) round to 65504 (`0x7BFF`); magnitudes ≥ 65520 become ±infinity.
/// - −0 stays −0; infinities keep their sign.
/// - NaN stays NaN and comes out *quiet* with its sign kept: narrowing keeps the top 9 payload bits below the quiet
///   bit (as x86 F16C `vcvtps2ph`, ARM `fcvt` and compiler-rt do); widening sets the quiet bit and keeps the whole
///   payload (as F16C `vcvtph2ps` and ARM `fcvt` do; compiler-rt alone keeps a signalling NaN signalling).
///   Hence half → `Float` → half returns every non-NaN pattern unchanged and every NaN pattern with `0x0200` set.
///
/// The scalar functions are `@inlinable`. The buffer functions (`convert(_:to:)`, the interleaved and strided
/// forms) run branch-free SIMD kernels written in plain Swift (integer and float lane arithmetic, no F16C), so a
/// default baseline x86-64 release build converts about 1.5 billion values per second per core, where the
/// platform's `Float16(x)` calls a library routine per element (see Docs/Performance.md).
///
/// Buffer functions never trap on mismatched sizes: they convert as many elements as both buffers hold and leave the
/// rest of the destination untouched.
public enum HalfFloat {
    /// The bit pattern of +infinity, `0x7C00`.
    public static let positiveInfinityBits: UInt16 = 0x7C00
    /// The bit pattern of the canonical quiet NaN, `0x7E00`.
    public static let quietNaNBits: UInt16 = 0x7E00
    /// The bit pattern of the largest finite half, 65504 (`0x7BFF`).
    public static let greatestFiniteMagnitudeBits: UInt16 = 0x7BFF
    /// The largest finite half value, 65504.
    public static let greatestFiniteMagnitude: Float = 65504
    /// The smallest positive normal half value, 2⁻¹⁴ (`0x0400`).
    public static let leastNormalMagnitude: Float = 0x1p-14
    /// The smallest positive subnormal half value, 2⁻²⁴ (`0x0001`).
    public static let leastNonzeroMagnitude: Float = 0x1p-24

    // MARK: Float

    /// The binary16 bit pattern nearest to `value` (ties to even; overflow to ±infinity; NaN stays a quiet NaN).
    @inlinable
    public static func bits(from value: Float) -> UInt16 {
        let x = value.bitPattern
        let sign = x & 0x8000_0000
        let magnitude = x ^ sign
        let result: UInt32
        if magnitude >= BitArithmetic.floatOverflow {
            // ≥ 65536, infinity or NaN (65520 ..< 65536 carries into the infinity pattern in the normal path).
            result = magnitude > BitArithmetic.floatInfinity ? BitArithmetic.nanBits(magnitude) : 0x7C00
        } else if magnitude < BitArithmetic.floatLeastNormal {
            result = BitArithmetic.subnormalBits(magnitude)
        } else {
            result = BitArithmetic.normalBits(magnitude)
        }
        return UInt16(truncatingIfNeeded: result | sign &>> 16)
    }

    /// The `Float` equal to the binary16 value `bits` (exact; a NaN comes out quiet with sign and payload kept).
    @inlinable
    public static func float(fromBits bits: UInt16) -> Float {
        let h = UInt32(bits)
        let sign = (h & 0x8000) &<< 16
        let magnitude = h & 0x7FFF
        let result: UInt32
        if magnitude < 0x0400 {
            result = BitArithmetic.widenedSubnormal(magnitude)
        } else if magnitude >= 0x7C00 {
            result = magnitude &<< 13 &+ 0x7000_0000 | (magnitude > 0x7C00 ? 0x0040_0000 : 0)
        } else {
            result = magnitude &<< 13 &+ 0x3800_0000
        }
        return Float(bitPattern: result | sign)
    }

    // MARK: Double

    /// The binary16 bit pattern nearest to `value`, rounded once from the `Double` (no double rounding through
    /// `Float`: 1 + 2⁻¹¹ + 2⁻³⁰ gives `0x3C01`, where going through `Float` would give `0x3C00`).
    @inlinable
    public static func bits(from value: Double) -> UInt16 {
        let x = value.bitPattern
        let sign = x & 0x8000_0000_0000_0000
        let magnitude = x ^ sign
        let result: UInt64
        if magnitude >= 0x40F0_0000_0000_0000 {  // ≥ 65536, infinity or NaN
            result = magnitude > 0x7FF0_0000_0000_0000 ? 0x7E00 | (magnitude &>> 42) & 0x1FF : 0x7C00
        } else if magnitude < 0x3F10_0000_0000_0000 {  // < 2⁻¹⁴: subnormal half or zero
            // Adding 2²⁸ (whose ulp is 2⁻²⁴) rounds once, ties to even, to a multiple of the half subnormal step.
            let magic: Double = 0x1p28
            result = (Double(bitPattern: magnitude) + magic).bitPattern &- magic.bitPattern
        } else {
            // Rebias the exponent (1023 → 15) and round the 52-bit fraction to 10 bits, ties to even.
            let odd = (magnitude &>> 42) & 1
            result = (magnitude &+ 0xC100_0000_0000_0000 &+ 0x1FF_FFFF_FFFF &+ odd) &>> 42
        }
        return UInt16(truncatingIfNeeded: result | sign &>> 48)
    }

    /// The `Double` equal to the binary16 value `bits` (exact; a NaN comes out quiet with sign and payload kept).
    @inlinable
    public static func double(fromBits bits: UInt16) -> Double {
        Double(float(fromBits: bits))
    }
}
