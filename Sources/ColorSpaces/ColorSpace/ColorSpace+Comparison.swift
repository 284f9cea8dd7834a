import TransferFunctions

extension ColorSpace {
    /// The default tolerance for comparing power-law exponents and BT.1886 luminances in
    /// ``isApproximatelyEqual(to:chromaticityTolerance:parameterTolerance:ignoringOutOfRange:)``: 1e-4 relative.
    ///
    /// It absorbs ICC s15Fixed16 rounding (≈ 1.5e-5) yet keeps Adobe RGB's 563/256 apart from 2.2 (3.6e-4).
    public static let defaultParameterTolerance = 1e-4

    /// Whether two spaces describe the same colorimetry and encoding: primaries within `chromaticityTolerance` (see
    /// ``RGBPrimaries/isApproximatelyEqual(to:tolerance:)``), the same transfer function (gamma exponents and BT.1886
    /// luminances within `parameterTolerance`, relative), and, unless `ignoringOutOfRange`, the same out-of-range
    /// behaviour. Names, identifiers and CG names are ignored.
    public func isApproximatelyEqual(
        to other: ColorSpace,
        chromaticityTolerance: Double = RGBPrimaries.defaultChromaticityTolerance,
        parameterTolerance: Double = defaultParameterTolerance,
        ignoringOutOfRange: Bool = false
    ) -> Bool {
        guard primaries.isApproximatelyEqual(to: other.primaries, tolerance: chromaticityTolerance),
            ignoringOutOfRange || outOfRange == other.outOfRange
        else { return false }
        return Self.transferFunction(
            transferFunction, isApproximatelyEqualTo: other.transferFunction, parameterTolerance)
    }

    static func transferFunction(
        _ a: TransferFunction, isApproximatelyEqualTo b: TransferFunction, _ tolerance: Double
    ) -> Bool {
        func close(_ u: Double, _ v: Double) -> Bool {
            u == v || Swift.abs(u - v) <= tolerance * Swift.max(Swift.abs(u), Swift.abs(v))
        }
        switch (a, b) {
        case (.gamma(let g), .gamma(let h)):
            return close(g, h)
        case (.bt1886(let w1, let b1), .bt1886(let w2, let b2)):
            return close(w1, w2) && close(b1, b2)
        default:
            return a == b
        }
    }
}
