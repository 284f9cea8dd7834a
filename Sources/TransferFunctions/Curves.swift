#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The formulas shared by several curves, in `Double`. Each takes the curve's own parameters, so that the same code
/// serves BT.709, BT.2020 and SMPTE ST 240M, and BT.1361 builds on BT.709.
///
/// The constants are the one source of the curves' parameters in the package (the ICC bridge writes its parametric
/// curves from them).
@usableFromInline
package enum Curves {
    /// BT.709-6 item 1.2 and BT.2020-2 Table 4 (10-bit) constants.
    @usableFromInline package static let bt709Alpha = 1.099
    @usableFromInline package static let bt709Beta = 0.018
    /// BT.2020-2 Table 4, 12-bit system.
    @usableFromInline package static let bt2020TwelveBitAlpha = 1.0993
    @usableFromInline package static let bt2020TwelveBitBeta = 0.0181
    /// SMPTE ST 240M.
    @usableFromInline package static let smpte240mAlpha = 1.1115
    @usableFromInline package static let smpte240mBeta = 0.0228
    /// IEC 61966-2-1 sRGB: exponent 2.4, offset 0.055 (α = 1.055), linear slope 12.92, decoding threshold 0.04045,
    /// encoding threshold 0.0031308.
    @usableFromInline package static let srgbExponent = 2.4
    @usableFromInline package static let srgbOffset = 0.055
    @usableFromInline package static let srgbSlope = 12.92
    @usableFromInline package static let srgbDecodeThreshold = 0.04045
    @usableFromInline package static let srgbEncodeThreshold = 0.0031308
    /// SMPTE ST 428-1: `V = (48·L / 52.37)^(1/2.6)`, where L = 1 is 48 cd/m².
    @usableFromInline package static let st428Exponent = 2.6
    @usableFromInline package static let st428Peak = 52.37 / 48

    /// The BT.709-family OETF: `V = slope·L` for L < β, else `α·L^0.45 − (α − 1)` (ITU-R BT.709-6 item 1.2,
    /// BT.2020-2 Table 4, SMPTE ST 240M; ITU-T H.273 TransferCharacteristics 1, 6, 7, 14, 15). Defined for L ≥ 0.
    @usableFromInline
    static func bt709Encode(_ l: Double, alpha: Double, beta: Double, slope: Double) -> Double {
        l < beta ? slope * l : alpha * pow(l, 0.45) - (alpha - 1)
    }

    /// The inverse of ``bt709Encode(_:alpha:beta:slope:)`` for V ≥ 0, made monotone.
    ///
    /// With rounded constants the two segments do not meet: for BT.709 (α = 1.099, β = 0.018) the OETF jumps from
    /// 4.5β = 0.081 to α·β^0.45 − (α − 1) ≈ 0.08128 at β, so signals in between are never produced. They decode to
    /// β, which keeps the inverse continuous and non-decreasing (colour-science decodes them on the linear segment,
    /// which is not monotone).
    @usableFromInline
    static func bt709Decode(_ v: Double, alpha: Double, beta: Double, slope: Double) -> Double {
        v < slope * beta ? v / slope : Swift.max(bt709DecodePower(v, alpha: alpha), beta)
    }

    /// The inverse of the power segment alone, `((V + α − 1) / α)^(1/0.45)`.
    @usableFromInline
    package static func bt709DecodePower(_ v: Double, alpha: Double) -> Double {
        pow((v + alpha - 1) / alpha, 1 / 0.45)
    }

    /// ITU-R BT.1361 (ITU-T H.273 TransferCharacteristics 12), for every real L: BT.709 for L ≥ 0, and below zero
    /// `V = −(α·(−4L)^0.45 − (α − 1)) / 4` for L ≤ −β/4 with the 4.5·L segment in between.
    @usableFromInline
    static func bt1361Encode(_ l: Double) -> Double {
        if l >= 0 { return bt709Encode(l, alpha: bt709Alpha, beta: bt709Beta, slope: 4.5) }
        return -bt709Encode(-4 * l, alpha: bt709Alpha, beta: bt709Beta, slope: 4.5) / 4
    }

    /// The inverse of ``bt1361Encode(_:)`` for every real V.
    @usableFromInline
    static func bt1361Decode(_ v: Double) -> Double {
        if v >= 0 { return bt709Decode(v, alpha: bt709Alpha, beta: bt709Beta, slope: 4.5) }
        return -bt709Decode(-4 * v, alpha: bt709Alpha, beta: bt709Beta, slope: 4.5) / 4
    }

    /// The BT.1886 coefficients `a = (Lw^(1/2.4) − Lb^(1/2.4))^2.4` and `b = Lb^(1/2.4) / (Lw^(1/2.4) − Lb^(1/2.4))`
    /// (ITU-R BT.1886 Annex 1), or NaN for luminances outside 0 ≤ Lb < Lw < ∞.
    @usableFromInline
    static func bt1886Coefficients(white: Double, black: Double) -> (a: Double, b: Double) {
        guard black >= 0, white > black, white.isFinite else { return (.nan, .nan) }
        let w = pow(white, 1 / 2.4), k = pow(black, 1 / 2.4)
        return (pow(w - k, 2.4), k / (w - k))
    }

    /// BT.1886 Annex 1 `L = a·max(V + b, 0)^2.4`, divided by Lw. Below V = −b, where the standard's formula gives 0,
    /// the power law is mirrored about that point (`L = −a·|V + b|^2.4 / Lw`), so the curve stays invertible.
    @usableFromInline
    static func bt1886Decode(_ v: Double, white: Double, black: Double) -> Double {
        let (a, b) = bt1886Coefficients(white: white, black: black)
        let u = v + b
        let l = a * pow(Swift.abs(u), 2.4) / white
        return u < 0 ? -l : l
    }

    /// The inverse of ``bt1886Decode(_:white:black:)``: `V = sign(L)·|L·Lw / a|^(1/2.4) − b`.
    @usableFromInline
    static func bt1886Encode(_ l: Double, white: Double, black: Double) -> Double {
        let (a, b) = bt1886Coefficients(white: white, black: black)
        let u = pow(Swift.abs(l) * white / a, 1 / 2.4)
        return (l < 0 ? -u : u) - b
    }

    /// IEC 61966-2-1 sRGB decoding for V ≥ 0 (§5.2, equations 5–7 inverted).
    @usableFromInline
    static func srgbDecode(_ v: Double) -> Double {
        v <= srgbDecodeThreshold ? v / srgbSlope : pow((v + srgbOffset) / (1 + srgbOffset), srgbExponent)
    }

    /// IEC 61966-2-1 sRGB encoding for L ≥ 0.
    @usableFromInline
    static func srgbEncode(_ l: Double) -> Double {
        l <= srgbEncodeThreshold ? l * srgbSlope : (1 + srgbOffset) * pow(l, 1 / srgbExponent) - srgbOffset
    }

    /// ITU-T H.273 TransferCharacteristics 9 and 10: `V = 1 + log10(L) / decades` for L ≥ 10^−decades (0.01, or
    /// √10 / 1000 for 2.5 decades), else 0. Defined for L ≥ 0.
    @usableFromInline
    static func logEncode(_ l: Double, decades: Double) -> Double {
        let threshold = decades == 2 ? 0.01 : 0.0031622776601683794
        return l < threshold ? 0 : 1 + log10(l) / decades
    }

    /// The inverse of ``logEncode(_:decades:)`` for V ≥ 0: 0 for V = 0 (nominal black), else `10^((V − 1)·decades)`,
    /// which is at least the threshold 10^−decades: the encoding maps all of [0, 10^−decades] to 0.
    @usableFromInline
    static func logDecode(_ v: Double, decades: Double) -> Double {
        v <= 0 ? 0 : pow(10, (v - 1) * decades)
    }
}
