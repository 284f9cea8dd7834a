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
/// - NaN in gives NaN out and no input traps; ±∞ give the curve's limits (±∞ for every curve, except that
///   `pq.fromLinear(+∞)` is ``PQ/poleSignal``). Invalid parameters (a non-positive or non-finite gamma, BT.1886
///   luminances outside 0 ≤ black < white < ∞) give NaN for every input.
/// - ``init(cicp:)`` and ``cicp`` map to ITU-T H.273 TransferCharacteristics.
///
/// ITU-T H.273 defines codes 1, 6, 11, 14 and 15 with the exact-continuity constants α = 1.0992968268…,
/// β = 0.0180539685…; this type uses the constants the source standards publish for practical use (BT.709-6 and
/// BT.2020-2: α = 1.099, β = 0.018; BT.2020-2 12-bit: α = 1.0993, β = 0.0181), as colour-science does. The two
/// differ by at most 2.5·10⁻⁴ in signal, near β.
public enum TransferFunction: Hashable, Sendable {
    /// The identity: the signal is linear light (H.273 TransferCharacteristics 8).
    case linear
    /// The sRGB curve of IEC 61966-2-1 (H.273 13); also Apple's Display P3 curve.
    ///
    /// The standard's thresholds are kept as written: encoding switches to the power segment above 0.0031308 (where
    /// it steps down by 2.9·10⁻⁸, an artefact of the 4-decimal constants) and decoding above 0.04045.
    case srgb
    /// A pure power law: `V = L^(1/γ)`, `L = V^γ`. H.273 4 is `gamma(2.2)`, H.273 5 is `gamma(2.8)`.
    case gamma(Double)
    /// The ITU-R BT.709-6 OETF, `V = 4.5·L` below β, else `α·L^0.45 − (α − 1)` with α = 1.099, β = 0.018 (H.273 1;
    /// also 6, BT.601, and 14, BT.2020 10-bit).
    ///
    /// With these rounded constants the OETF jumps from 0.081 to 0.08128 at β; `toLinear` maps the signals in that
    /// gap, which the OETF never produces, to β so that it stays continuous and monotone.
    case bt709
    /// The ITU-R BT.2020-2 OETF with the 12-bit constants α = 1.0993, β = 0.0181 (H.273 15).
    ///
    /// With these rounded constants the OETF steps *down* by 2.5·10⁻⁵ at β (from 0.08145 to 0.081425), a tenth of a
    /// 12-bit code; `toLinear` uses the linear segment below 4.5·β and is monotone.
    case bt2020TwelveBit
    /// The ITU-R BT.1886 reference EOTF for a display with the given white and black luminance in cd/m².
    ///
    /// `toLinear` returns luminance relative to `whiteLuminance` (so 1.0 is white and `toLinear(0)` is the black level
    /// ratio `blackLuminance / whiteLuminance`): `L = a·max(V + b, 0)^2.4 / Lw` (BT.1886 Annex 1). Under
    /// ``OutOfRangeBehavior/extended`` signals below −b, where the standard gives no light, continue as the power law
    /// mirrored about V = −b (negative light), and `fromLinear` of values below the black level gives signals below 0.
    /// Luminances must satisfy 0 ≤ black < white < ∞.
    case bt1886(whiteLuminance: Double, blackLuminance: Double)
    /// SMPTE ST 240M (H.273 7): α = 1.1115, β = 0.0228, linear slope 4. Like ``bt709`` its OETF jumps at β (by
    /// 7.8·10⁻⁵) and `toLinear` maps the gap to β.
    case smpte240m
    /// Logarithmic, 100:1 range (H.273 9): `V = 1 + log10(L) / 2` for L ≥ 0.01, else 0.
    ///
    /// `toLinear(0)` is 0 (nominal black) and `toLinear(V)` for V > 0 is `10^(2(V − 1))` ≥ 0.01, so the inverse jumps
    /// at 0 where the OETF is flat.
    case log100
    /// Logarithmic, 100·√10:1 range (H.273 10): `V = 1 + log10(L) / 2.5` for L ≥ √10 / 1000, else 0; the inverse
    /// treats 0 as ``log100`` does.
    case log100Sqrt10
    /// IEC 61966-2-4 xvYCC (H.273 11): the BT.709 OETF extended point-symmetrically to negative values, for any real
    /// L. (colour-science 0.4.7 maps code 11 to the sRGB curve instead; H.273 Table 3 gives the BT.709 form.)
    case iec61966_2_4
    /// ITU-R BT.1361 extended colour gamut system (H.273 12), defined on −0.25 ≤ L < 1.33: BT.709 for L ≥ 0 and
    /// `V = −(α·(−4L)^0.45 − (α − 1)) / 4` for L ≤ −β/4 (4.5·L in between). `extended` continues both branches beyond
    /// that domain.
    case bt1361
    /// SMPTE ST 428-1 (H.273 17), the DCDM curve: `V = (48·L / 52.37)^(1/2.6)`, where L = 1 is 48 cd/m²; signal 1 is
    /// L = 52.37/48.
    case st428
    /// SMPTE ST 2084 perceptual quantiser (H.273 16; ITU-R BT.2100 PQ). Linear 1.0 is 10 000 cd/m².
    ///
    /// `fromLinear(0)` is c1^m2 ≈ 7.31·10⁻⁷ (not 0), and the EOTF is 0 for signals up to that value. Signals above 1
    /// continue the formula up to its pole at ``PQ/poleSignal`` ≈ 1.9921, where `toLinear` gives +∞.
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

/// What a transfer function does with signals or linear values outside its nominal range.
///
/// The nominal range is [0, 1] for signals and [`toLinear(0)`, `toLinear(1)`] for linear light: [0, 1] for every curve
/// except BT.1886 with a black level ([L_B/L_W, 1]) and ST 428-1 ([0, 52.37/48]).
public enum OutOfRangeBehavior: Hashable, Sendable {
    /// Sign-mirrored below zero, `f(−x) = −f(x)`, and the curve's formula continued above 1, like Apple's
    /// `extendedSRGB` and extended colour spaces and PNG 3rd edition. Curves whose standard defines negative values
    /// themselves (xvYCC, BT.1361) follow their standard; BT.1886 with a black level mirrors its power law about its
    /// zero of light. Where f(0) ≠ 0 (PQ's `fromLinear`, the log curves' `toLinear` limit) mirroring leaves a jump
    /// at 0 between −f(0) and f(0); both sides stay monotone and exact inverses of each other.
    case extended
    /// Inputs are clamped to the nominal range before evaluation, so results stay in the nominal range, like
    /// libplacebo and libultrahdr.
    case clamped
}
