/// A transfer function: the mapping between a non-linear encoded signal (E′, V) and linear light (E, L).
///
/// `toLinear(_:)` decodes a signal to linear light and `fromLinear(_:)` encodes linear light to a signal.
/// Scene-referred curves (BT.709, HLG …) are described by their OETF (`fromLinear`) and its inverse (`toLinear`);
/// display-referred curves (PQ, BT.1886, ST 428-1) by their inverse EOTF (`fromLinear`) and EOTF (`toLinear`).
///
/// Conventions:
/// - Linear light is *relative*: 1.0 is the curve's nominal peak, except for ``pq``, where 1.0 is 10 000 cd/m²
///   (ST 2084 absolute luminance) and ``bt1886(whiteLuminance:blackLuminance:)``, where 1.0 is the white luminance.
/// - Values outside the nominal signal range follow an ``OutOfRangeBehavior`` (sign-mirrored `extended` by default).
/// - NaN in gives NaN out; no input traps.
public enum TransferFunction: Hashable, Sendable {
    /// The identity: the signal is linear light (H.273 TransferCharacteristics 8).
    case linear
    /// The sRGB curve of IEC 61966-2-1 (H.273 13); also Apple's Display P3 curve.
    case srgb
    /// A pure power law: `V = L^(1/γ)`, `L = V^γ`. H.273 4 is `gamma(2.2)`, H.273 5 is `gamma(2.8)`.
    case gamma(Double)
    /// The ITU-R BT.709 OETF, α = 1.099, β = 0.018 (H.273 1; identical to 6, BT.601, and 14, BT.2020 10-bit).
    case bt709
    /// The ITU-R BT.2020 OETF with the 12-bit constants α = 1.0993, β = 0.0181 (H.273 15).
    case bt2020TwelveBit
    /// The ITU-R BT.1886 reference EOTF for a display with the given white and black luminance in cd/m².
    ///
    /// `toLinear` returns luminance relative to `whiteLuminance` (so 1.0 is white and `toLinear(0)` is the black level
    /// ratio `blackLuminance / whiteLuminance`).
    case bt1886(whiteLuminance: Double, blackLuminance: Double)
    /// SMPTE ST 240M (H.273 7): α = 1.1115, β = 0.0228, linear slope 4.
    case smpte240m
    /// Logarithmic, 100:1 range (H.273 9): `V = 1 + log10(L) / 2` for L ≥ 0.01, else 0.
    case log100
    /// Logarithmic, 100·√10:1 range (H.273 10): `V = 1 + log10(L) / 2.5` for L ≥ √10 / 1000, else 0.
    case log100Sqrt10
    /// IEC 61966-2-4 xvYCC (H.273 11): the BT.709 OETF extended point-symmetrically to negative values.
    case iec61966_2_4
    /// ITU-R BT.1361 extended colour gamut system (H.273 12), defined on −0.25 ≤ L < 1.33.
    case bt1361
    /// SMPTE ST 428-1 (H.273 17), the DCDM curve: `V = (48·L / 52.37)^(1/2.6)`.
    case st428
    /// SMPTE ST 2084 perceptual quantiser (H.273 16; ITU-R BT.2100 PQ). Linear 1.0 is 10 000 cd/m².
    case pq
    /// ITU-R BT.2100 hybrid log-gamma (H.273 18; ARIB STD-B67). `fromLinear` is the OETF on normalised scene light
    /// E ∈ [0, 1]; `toLinear` is its inverse. See ``HLG`` for the OOTF and EOTF.
    case hlg
}

extension TransferFunction {
    /// Gamma 2.2 (H.273 TransferCharacteristics 4, BT.470 System M).
    public static let gamma22 = TransferFunction.gamma(2.2)
    /// Gamma 2.4.
    public static let gamma24 = TransferFunction.gamma(2.4)
    /// Gamma 2.6, as used by SMPTE RP 431-2 DCI-P3 and P3-D65 mastering displays.
    public static let gamma26 = TransferFunction.gamma(2.6)
    /// Gamma 2.8 (H.273 TransferCharacteristics 5, BT.470 System B, G).
    public static let gamma28 = TransferFunction.gamma(2.8)
    /// The Adobe RGB (1998) curve: gamma 563/256 = 2.19921875.
    public static let adobeRGB = TransferFunction.gamma(563.0 / 256.0)
    /// BT.1886 for an ideal display: white 100 cd/m², black 0 (a pure 2.4 power law).
    public static let bt1886 = TransferFunction.bt1886(whiteLuminance: 100, blackLuminance: 0)
}

/// What a transfer function does with signals or linear values outside its nominal range [0, 1].
public enum OutOfRangeBehavior: Hashable, Sendable {
    /// Sign-mirrored below zero, `f(−x) = −f(x)`, and the curve's formula continued above 1, like Apple's
    /// `extendedSRGB` and extended colour spaces and PNG 3rd edition. Curves whose standard defines negative values
    /// themselves (xvYCC, BT.1361) follow their standard.
    case extended
    /// Inputs are clamped to the nominal range [0, 1] before evaluation, like libplacebo and libultrahdr.
    case clamped
}
