extension RGBPrimaries {
    /// Whether the primaries define an RGB space: all coordinates finite, the three primaries not collinear (their xy
    /// triangle's doubled area at least 1e-9), and the white point's y non-zero. ``rgbToXYZ`` and ``xyzToRGB``
    /// contain NaN when this is false.
    public var isValid: Bool {
        let coordinates = [red.x, red.y, green.x, green.y, blue.x, blue.y, white.x, white.y]
        guard coordinates.allSatisfy(\.isFinite), white.y != 0 else { return false }
        return rgbToXYZ.inverse != nil
    }

    /// The matrix whose columns are the primaries' unnormalised (x, y, z).
    private var primaryDirections: Matrix3x3 {
        Matrix3x3(columns: red.xyzDirection, green.xyzDirection, blue.xyzDirection)
    }

    /// The linear RGB → CIE XYZ matrix, normalised so that RGB (1, 1, 1) maps to the white point with Y = 1
    /// (SMPTE RP 177-1993).
    ///
    /// The primaries enter as unnormalised (x, y, z) columns P, scaled by S = P⁻¹·W, so a primary with y = 0 (the
    /// ST 428-1 blue) is fine. All NaN when the primaries are not ``isValid``.
    public var rgbToXYZ: Matrix3x3 {
        let p = primaryDirections
        // |det P| is twice the area of the primaries' xy triangle (≈ 0.22 for BT.709); below 1e-9 they are collinear.
        guard white.y != 0, Swift.abs(p.determinant) >= 1e-9, let pInverse = p.inverse else { return .nan }
        let scale = pInverse * white.xyz
        let m = Matrix3x3(columns: p.columns[0] * scale.x, p.columns[1] * scale.y, p.columns[2] * scale.z)
        return m.isFinite ? m : .nan
    }

    /// The CIE XYZ → linear RGB matrix, the inverse of ``rgbToXYZ`` (all NaN when the primaries are not ``isValid``).
    public var xyzToRGB: Matrix3x3 { rgbToXYZ.inverse ?? .nan }

    /// The luminance Y of unit R, G and B: the middle row of ``rgbToXYZ`` (they sum to 1). For BT.709 it is
    /// (0.2126…, 0.7152…, 0.0722…), the unrounded form of the BT.709 luma weights.
    public var luminanceCoefficients: SIMD3<Double> { rgbToXYZ.row1 }

    /// The linear RGB → linear RGB matrix from these primaries to `destination`'s:
    /// `destination.xyzToRGB · A · rgbToXYZ`, where A adapts this white point to the destination's with
    /// `adaptation` (Bradford by default; ``ChromaticAdaptation/identity`` keeps absolute XYZ).
    ///
    /// Primaries with identical coordinates give exactly ``Matrix3x3/identity``.
    public func conversionMatrix(
        to destination: RGBPrimaries, adaptation: ChromaticAdaptation = .bradford
    ) -> Matrix3x3 {
        if hasSameCoordinates(as: destination) { return .identity }
        return destination.xyzToRGB * adaptation.matrix(from: white, to: destination.white) * rgbToXYZ
    }

    /// Whether all four chromaticities are exactly equal (names ignored).
    @inlinable
    public func hasSameCoordinates(as other: RGBPrimaries) -> Bool {
        red == other.red && green == other.green && blue == other.blue && white.chromaticity == other.white.chromaticity
    }
}

extension Matrix3x3 {
    /// A matrix of NaN: the defined result of matrices that do not exist (singular inverses, degenerate primaries).
    public static let nan = Matrix3x3(SIMD3(repeating: .nan), SIMD3(repeating: .nan), SIMD3(repeating: .nan))
}
