import TransferFunctions

/// Renders an HLG signal for a display of a given headroom by adapting the OOTF to the display's peak (ITU-R
/// BT.2100-2 Table 5 and its note on system gamma; ITU-R BT.2390 §6 for the extended range).
///
/// HLG is display-relative, so it needs no separate tone mapping: the display peak L_W = Hd·reference white sets the
/// system gamma γ (`HLG.systemGamma(peakLuminance:formula:)`: 1.2 at 1000 cd/m², 1.2 + 0.42·log10(L_W/1000) on
/// 400–2000 cd/m², 1.2·1.111^log2(L_W/1000) outside by default) and the OOTF F_D = L_W·Y_S^(γ−1)·E. The result is
/// display light divided by the reference white, so the signal's peak lands exactly on the display headroom. Signal
/// 75 % (BT.2408 reference white) gives 203 cd/m² on a 1000 cd/m² display and proportionally less on dimmer ones.
public struct HLGDisplayAdaptation: Hashable, Sendable {
    /// The display's nominal peak L_W in cd/m².
    public let peakLuminance: Double
    /// The display's black level L_B in cd/m².
    public let blackLuminance: Double
    /// The luminance of linear output 1.0 in cd/m².
    public let referenceWhite: Double
    /// The system gamma γ used.
    public let systemGamma: Double

    /// Creates the adaptation for a display with headroom `displayHeadroom` (peak = headroom × reference white).
    ///
    /// Non-positive or non-finite values fall back to headroom 1000/203 (a 1000 cd/m² display), black 0 and a
    /// 203 cd/m² reference white.
    public init(
        displayHeadroom: Double,
        referenceWhite: Double = ReferenceWhite.bt2408,
        blackLuminance: Double = 0,
        gammaFormula: HLG.SystemGammaFormula = .logarithmicWithExtendedRange
    ) {
        let white = referenceWhite.isFinite && referenceWhite > 0 ? referenceWhite : ReferenceWhite.bt2408
        let headroom = displayHeadroom.isFinite && displayHeadroom > 0 ? displayHeadroom : 1000 / white
        self.referenceWhite = white
        peakLuminance = headroom * white
        self.blackLuminance = blackLuminance.isFinite && blackLuminance >= 0 ? blackLuminance : 0
        systemGamma = HLG.systemGamma(peakLuminance: peakLuminance, formula: gammaFormula)
    }

    /// The display headroom: peak ÷ reference white.
    public var displayHeadroom: Double { peakLuminance / referenceWhite }

    /// Linear display light (1.0 = reference white) of an HLG R′G′B′ signal (BT.2100 HLG EOTF).
    @inlinable
    public func linear(fromSignal signal: SIMD3<Double>) -> SIMD3<Double> {
        HLG.eotf(signal, peakLuminance: peakLuminance, blackLuminance: blackLuminance, gamma: systemGamma) / referenceWhite
    }

    /// The HLG R′G′B′ signal of linear display light (1.0 = reference white): the inverse EOTF.
    @inlinable
    public func signal(fromLinear linear: SIMD3<Double>) -> SIMD3<Double> {
        HLG.inverseEOTF(linear * referenceWhite, peakLuminance: peakLuminance, blackLuminance: blackLuminance, gamma: systemGamma)
    }

    /// Decodes planar HLG signal `Float` rows to linear display light (1.0 = reference white) in place; the first
    /// `min` of the three counts are converted.
    public func linearize(red: UnsafeMutableBufferPointer<Float>, green: UnsafeMutableBufferPointer<Float>, blue: UnsafeMutableBufferPointer<Float>) {
        for i in 0..<Swift.min(red.count, green.count, blue.count) {
            let out = linear(fromSignal: SIMD3(Double(red[i]), Double(green[i]), Double(blue[i])))
            red[i] = Float(out.x); green[i] = Float(out.y); blue[i] = Float(out.z)
        }
    }
}
