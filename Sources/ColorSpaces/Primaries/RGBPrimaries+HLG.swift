import TransferFunctions

extension RGBPrimaries {
    /// The luminance weights of the HLG OOTF for RGB in these primaries: BT.2100's (0.2627, 0.6780, 0.0593) for BT.2020
    /// primaries, the primaries' own ``luminanceCoefficients`` otherwise (e.g. Display P3 HLG).
    public var hlgLuminanceCoefficients: SIMD3<Double> {
        hasSameCoordinates(as: .bt2020) ? HLG.lumaCoefficients : luminanceCoefficients
    }
}

extension HLG.Display {
    /// A display for HLG RGB in `primaries`, with their ``RGBPrimaries/hlgLuminanceCoefficients``.
    ///
    /// - Parameters:
    ///   - peakLuminance: L_W in cd/m².
    ///   - blackLuminance: L_B in cd/m².
    ///   - systemGamma: γ, or `nil` for `HLG.systemGamma(peakLuminance:)`.
    ///   - primaries: The primaries of the RGB signal.
    public init(peakLuminance: Double, blackLuminance: Double = 0, systemGamma: Double? = nil, primaries: RGBPrimaries)
    {
        self.init(
            peakLuminance: peakLuminance, blackLuminance: blackLuminance, systemGamma: systemGamma,
            lumaCoefficients: primaries.hlgLuminanceCoefficients)
    }
}
