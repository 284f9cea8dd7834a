import ColorSpaces
import TransferFunctions

/// Applies a tone curve to the intensity I of ITU-R BT.2100 ICtCp (PQ), as ITU-R BT.2390 §5.4.1 suggests.
///
/// For a pixel in the working primaries (1.0 = ``referenceWhite`` cd/m²): convert to BT.2020, then to ICtCp with
/// absolute PQ (`YCbCrMatrix.ictcpPQ`); read I as the PQ code of a luminance ℓ = EOTF(I) / reference white; map
/// ℓ′ = f(ℓ) and I′ = EOTF⁻¹(ℓ′·reference white); scale Ct and Cp by min(I/I′, I′/I) (BT.2390 §5.4.1) and convert
/// back. Pixels with I ≤ 0 fall back to per-channel application.
public struct ICtCpIntensity: Hashable, Sendable {
    /// Working RGB → linear BT.2020 RGB.
    public let toBT2020: Matrix3x3
    /// Linear BT.2020 RGB → working RGB.
    public let fromBT2020: Matrix3x3
    /// The luminance of linear 1.0 in cd/m².
    public let referenceWhite: Double

    /// - Parameters:
    ///   - primaries: The primaries of the RGB being tone mapped.
    ///   - referenceWhite: The luminance of linear 1.0 in cd/m² (203 by default).
    public init(primaries: RGBPrimaries = .bt2020, referenceWhite: Double = ReferenceWhite.bt2408) {
        toBT2020 = primaries.conversionMatrix(to: .bt2020)
        fromBT2020 = RGBPrimaries.bt2020.conversionMatrix(to: primaries)
        self.referenceWhite = referenceWhite
    }

    /// Maps one pixel with the scalar curve `curve` applied to I.
    @inlinable
    public func map(_ rgb: SIMD3<Double>, curve: (Double) -> Double) -> SIMD3<Double> {
        let toAbsolute = referenceWhite / PQ.peakLuminance
        let ictcp = YCbCrMatrix.ictcpPQ.ycbcr(fromRGB: toBT2020 * rgb * toAbsolute)
        let i = ictcp.x
        guard i > 0, i.isFinite else { return SIMD3(curve(rgb.x), curve(rgb.y), curve(rgb.z)) }
        let mapped = curve(PQ.eotf(i) / referenceWhite)
        let iOut = PQ.inverseEOTF(Swift.max(mapped, 0) * referenceWhite)
        let chromaScale = iOut > 0 ? Swift.min(i / iOut, iOut / i) : 0
        let out = YCbCrMatrix.ictcpPQ.rgb(fromYCbCr: SIMD3(iOut, ictcp.y * chromaScale, ictcp.z * chromaScale))
        return fromBT2020 * out / toAbsolute
    }
}
