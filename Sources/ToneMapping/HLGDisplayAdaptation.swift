import ColorSpaces
import TransferFunctions

/// Renders an HLG signal for a display of a given headroom by adapting the OOTF to the display's peak (ITU-R
/// BT.2100-2 Table 5 and its note on system gamma; ITU-R BT.2390 §6 for the extended range).
///
/// HLG is display-relative, so it needs no separate tone mapping: the display peak L_W = Hd·reference white sets the
/// system gamma γ (`HLG.systemGamma(peakLuminance:formula:)`: 1.2 at 1000 cd/m², 1.2 + 0.42·log10(L_W/1000) on
/// 400–2000 cd/m², 1.2·1.111^log2(L_W/1000) outside by default) and the OOTF F_D = L_W·Y_S^(γ−1)·E of
/// ``display`` (`HLG.Display`, the package's one HLG display-light implementation, with the luminance weights of the
/// signal's primaries). The result is display light divided by the reference white, so the signal's peak lands
/// exactly on the display headroom. Signal 75 % (BT.2408 reference white) gives 203 cd/m² on a 1000 cd/m² display
/// and proportionally less on dimmer ones.
public struct HLGDisplayAdaptation: Hashable, Sendable {
    /// The display model: peak, black level, system gamma and OOTF luminance weights.
    public let display: HLG.Display
    /// The luminance of linear output 1.0 in cd/m².
    public let referenceWhite: Double

    /// Creates the adaptation for a display with headroom `displayHeadroom` (peak = headroom × reference white).
    ///
    /// Non-positive or non-finite values fall back to headroom 1000/203 (a 1000 cd/m² display), black 0 and a
    /// 203 cd/m² reference white.
    ///
    /// - Parameters:
    ///   - displayHeadroom: The display peak ÷ reference white.
    ///   - referenceWhite: The luminance of linear 1.0 in cd/m² (203).
    ///   - blackLuminance: The display black level in cd/m² (0).
    ///   - gammaFormula: How the system gamma follows the peak.
    ///   - primaries: The primaries of the HLG signal (BT.2020, as BT.2100 defines HLG); they set the OOTF's
    ///     luminance weights (`RGBPrimaries.hlgLuminanceCoefficients`).
    public init(
        displayHeadroom: Double,
        referenceWhite: Double = ReferenceWhite.bt2408,
        blackLuminance: Double = 0,
        gammaFormula: HLG.SystemGammaFormula = .logarithmicWithExtendedRange,
        primaries: RGBPrimaries = .bt2020
    ) {
        let white = referenceWhite.isFinite && referenceWhite > 0 ? referenceWhite : ReferenceWhite.bt2408
        let headroom = displayHeadroom.isFinite && displayHeadroom > 0 ? displayHeadroom : 1000 / white
        let peak = headroom * white
        self.referenceWhite = white
        display = HLG.Display(
            peakLuminance: peak, blackLuminance: blackLuminance.isFinite && blackLuminance >= 0 ? blackLuminance : 0,
            systemGamma: HLG.systemGamma(peakLuminance: peak, formula: gammaFormula), primaries: primaries)
    }

    /// The display's nominal peak L_W in cd/m².
    public var peakLuminance: Double { display.peakLuminance }
    /// The display's black level L_B in cd/m².
    public var blackLuminance: Double { display.blackLuminance }
    /// The system gamma γ used.
    public var systemGamma: Double { display.systemGamma }
    /// The display headroom: peak ÷ reference white.
    public var displayHeadroom: Double { display.peakLuminance / referenceWhite }

    /// Linear display light (1.0 = reference white) of an HLG R′G′B′ signal (BT.2100 HLG EOTF).
    @inlinable
    public func linear(fromSignal signal: SIMD3<Double>) -> SIMD3<Double> {
        display.eotf(signal) / referenceWhite
    }

    /// The HLG R′G′B′ signal of linear display light (1.0 = reference white): the inverse EOTF.
    @inlinable
    public func signal(fromLinear linear: SIMD3<Double>) -> SIMD3<Double> {
        display.inverseEOTF(linear * referenceWhite)
    }
}
