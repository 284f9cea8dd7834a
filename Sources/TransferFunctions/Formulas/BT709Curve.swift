#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The BT.709-family OETF and its inverse, with the parameters of each member: `V = slope·L` for L < β, else
/// `α·L^0.45 − (α − 1)` (ITU-R BT.709-6 item 1.2, BT.2020-2 Table 4, SMPTE ST 240M; ITU-T H.273
/// TransferCharacteristics 1, 6, 7, 14, 15), and ITU-R BT.1361's extension below zero.
///
/// The parameters are the one source of these curves' constants in the package (the ICC bridge writes its parametric
/// curves from them).
@usableFromInline
package enum BT709Curve {
    /// The constants of one member of the family.
    @usableFromInline
    package struct Parameters: Sendable {
        /// α, the power segment's gain.
        package let alpha: Double
        /// β, the linear-light break point.
        package let beta: Double
        /// The linear segment's slope.
        package let slope: Double

        /// BT.709-6 item 1.2 and BT.2020-2 Table 4 (10-bit system).
        @usableFromInline package static let bt709 = Parameters(alpha: 1.099, beta: 0.018, slope: 4.5)
        /// BT.2020-2 Table 4, 12-bit system.
        @usableFromInline package static let bt2020TwelveBit = Parameters(alpha: 1.0993, beta: 0.0181, slope: 4.5)
        /// SMPTE ST 240M.
        @usableFromInline package static let smpte240M = Parameters(alpha: 1.1115, beta: 0.0228, slope: 4)
    }

    /// The OETF, defined for L ≥ 0.
    @usableFromInline
    static func encode(_ l: Double, _ p: Parameters) -> Double {
        l < p.beta ? p.slope * l : p.alpha * pow(l, 0.45) - (p.alpha - 1)
    }

    /// The inverse of ``encode(_:_:)`` for V ≥ 0, made monotone.
    ///
    /// With rounded constants the two segments do not meet: for BT.709 (α = 1.099, β = 0.018) the OETF jumps from
    /// 4.5β = 0.081 to α·β^0.45 − (α − 1) ≈ 0.08128 at β, so signals in between are never produced. They decode to
    /// β, which keeps the inverse continuous and non-decreasing (colour-science decodes them on the linear segment,
    /// which is not monotone).
    @usableFromInline
    static func decode(_ v: Double, _ p: Parameters) -> Double {
        v < p.slope * p.beta ? v / p.slope : Swift.max(decodePower(v, alpha: p.alpha), p.beta)
    }

    /// The inverse of the power segment alone, `((V + α − 1) / α)^(1/0.45)`.
    @usableFromInline
    package static func decodePower(_ v: Double, alpha: Double) -> Double {
        pow((v + alpha - 1) / alpha, 1 / 0.45)
    }

    /// ITU-R BT.1361 (ITU-T H.273 TransferCharacteristics 12), for every real L: BT.709 for L ≥ 0, and below zero
    /// `V = −(α·(−4L)^0.45 − (α − 1)) / 4` for L ≤ −β/4 with the 4.5·L segment in between.
    @usableFromInline
    static func bt1361Encode(_ l: Double) -> Double {
        l >= 0 ? encode(l, .bt709) : -encode(-4 * l, .bt709) / 4
    }

    /// The inverse of ``bt1361Encode(_:)`` for every real V.
    @usableFromInline
    static func bt1361Decode(_ v: Double) -> Double {
        v >= 0 ? decode(v, .bt709) : -decode(-4 * v, .bt709) / 4
    }
}
