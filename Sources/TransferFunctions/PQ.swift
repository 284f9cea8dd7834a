#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// SMPTE ST 2084 (perceptual quantiser) constants and absolute-luminance forms. See ``TransferFunction/pq``.
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

    /// The PQ EOTF in cd/m² (ST 2084 equation 4.1).
    @inlinable
    public static func eotf(_ signal: Double) -> Double { TransferFunction.pq.toLinear(signal) * peakLuminance }

    /// The PQ inverse EOTF of a luminance in cd/m² (ST 2084 equation 5.2).
    @inlinable
    public static func inverseEOTF(_ luminance: Double) -> Double {
        TransferFunction.pq.fromLinear(luminance / peakLuminance)
    }

    /// EOTF for E′ ≥ 0 to Y = F_D / 10 000. Signals at or above (c2/c3)^m2 ≈ 1.98 (the formula's pole) give +∞.
    @usableFromInline
    static func eotfNormalized(_ e: Double) -> Double {
        let p = pow(e, 1 / m2)
        let d = c2 - c3 * p
        if d <= 0 { return .infinity }
        return pow(Swift.max(p - c1, 0) / d, 1 / m1)
    }

    /// Inverse EOTF for Y ≥ 0 (Y = F_D / 10 000). inverse(0) = c1^m2 ≈ 7.31e-7, as the standard defines.
    @usableFromInline
    static func inverseEOTFNormalized(_ y: Double) -> Double {
        let ym = pow(y, m1)
        return pow((c1 + c2 * ym) / (1 + c3 * ym), m2)
    }
}
