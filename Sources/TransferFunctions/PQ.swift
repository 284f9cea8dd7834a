#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// SMPTE ST 2084 (perceptual quantiser) constants and absolute-luminance forms (ITU-T H.273 TransferCharacteristics
/// 16, ITU-R BT.2100 Table 4). See ``TransferFunction/pq`` for the normalised form, where linear 1.0 is 10 000 cd/m².
public enum PQ {
    /// m1 = 2610 / 16384.
    public static let m1 = 2610.0 / 16384.0
    /// m2 = 2523 / 4096 × 128.
    public static let m2 = 2523.0 / 4096.0 * 128.0
    /// c1 = 3424 / 4096 (= c3 − c2 + 1).
    public static let c1 = 3424.0 / 4096.0
    /// c2 = 2413 / 4096 × 32.
    public static let c2 = 2413.0 / 4096.0 * 32.0
    /// c3 = 2392 / 4096 × 32.
    public static let c3 = 2392.0 / 4096.0 * 32.0
    /// The luminance of PQ signal 1.0: 10 000 cd/m².
    public static let peakLuminance = 10_000.0

    /// The signal value at which the EOTF's denominator c2 − c3·E′^(1/m2) reaches zero, (c2/c3)^m2 ≈ 1.9921.
    /// Under ``OutOfRangeBehavior/extended``, signals at or above it decode to +∞, and `fromLinear(+∞)` is this value.
    public static let poleSignal = pow(c2 / c3, m2)

    /// The PQ EOTF (SMPTE ST 2084 §4, equation 4.1; ITU-R BT.2100 Table 4): signal E′ ∈ [0, 1] to luminance in cd/m².
    ///
    /// Out-of-range signals follow ``OutOfRangeBehavior/extended``: negative signals are sign-mirrored, signals above 1
    /// continue the formula up to ``poleSignal`` (+∞ at and above it). NaN gives NaN.
    @inlinable
    public static func eotf(_ signal: Double) -> Double { TransferFunction.pq.toLinear(signal) * peakLuminance }

    /// The PQ inverse EOTF (SMPTE ST 2084 §5, equation 5.2; ITU-R BT.2100 Table 4): luminance in cd/m² to signal E′.
    ///
    /// `inverseEOTF(0)` is c1^m2 ≈ 7.3096e-7, as the standard's formula gives; negative luminance is sign-mirrored and
    /// `inverseEOTF(+∞)` is ``poleSignal``. NaN gives NaN.
    @inlinable
    public static func inverseEOTF(_ luminance: Double) -> Double {
        TransferFunction.pq.fromLinear(luminance / peakLuminance)
    }

    /// EOTF for E′ ≥ 0 to Y = F_D / 10 000: `Y = (max(E′^(1/m2) − c1, 0) / (c2 − c3·E′^(1/m2)))^(1/m1)`.
    /// Signals at or above ``poleSignal`` give +∞.
    @usableFromInline
    static func eotfNormalized(_ e: Double) -> Double {
        let p = pow(e, 1 / m2)
        let d = c2 - c3 * p
        if d <= 0 { return .infinity }
        return pow(Swift.max(p - c1, 0) / d, 1 / m1)
    }

    /// Inverse EOTF for Y ≥ 0 (Y = F_D / 10 000): `E′ = ((c1 + c2·Y^m1) / (1 + c3·Y^m1))^m2`.
    @usableFromInline
    static func inverseEOTFNormalized(_ y: Double) -> Double {
        if y == .infinity { return poleSignal }
        let ym = pow(y, m1)
        return pow((c1 + c2 * ym) / (1 + c3 * ym), m2)
    }
}
