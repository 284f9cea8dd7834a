/// A von Kries-type chromatic adaptation transform (CAT): XYZ under one white point to the corresponding XYZ under
/// another, by scaling in a cone-like response space.
///
/// `M = C⁻¹ · diag(C·W_dst / C·W_src) · C`, with W the white points' XYZ (Y = 1) and C the transform's cone matrix.
public enum ChromaticAdaptation: Hashable, Sendable, CaseIterable {
    /// Bradford (Lam 1985; ICC.1 Annex E, ISO 22028): the usual choice and the default.
    case bradford
    /// CAT02 of CIECAM02 (CIE 159:2004).
    case cat02
    /// von Kries with the Hunt–Pointer–Estévez cone fundamentals (normalised to D65), as colour-science and
    /// Lindbloom use.
    case vonKries
    /// Scaling of XYZ itself ("wrong von Kries"): C = identity.
    case xyzScaling
    /// No adaptation: XYZ passes unchanged, so the source white is not mapped to the destination white.
    case identity

    /// The cone-response matrix C of the transform (identity for ``xyzScaling`` and ``identity``).
    public var coneResponseMatrix: Matrix3x3 {
        switch self {
        case .bradford:
            Matrix3x3(
                SIMD3(0.8951, 0.2664, -0.1614),
                SIMD3(-0.7502, 1.7135, 0.0367),
                SIMD3(0.0389, -0.0685, 1.0296))
        case .cat02:
            Matrix3x3(
                SIMD3(0.7328, 0.4296, -0.1624),
                SIMD3(-0.7036, 1.6975, 0.0061),
                SIMD3(0.0030, 0.0136, 0.9834))
        case .vonKries:
            Matrix3x3(
                SIMD3(0.40024, 0.70760, -0.08081),
                SIMD3(-0.22630, 1.16532, 0.04570),
                SIMD3(0, 0, 0.91822))
        case .xyzScaling, .identity:
            .identity
        }
    }

    /// The XYZ → XYZ matrix adapting colours seen under `source` to `destination` (white points' Y = 1).
    ///
    /// Identical white points (equal chromaticity) give exactly ``Matrix3x3/identity``, as does ``identity``.
    /// A white point with y = 0 or non-finite coordinates has no XYZ; the result then contains NaN or infinity.
    public func matrix(from source: WhitePoint, to destination: WhitePoint) -> Matrix3x3 {
        if self == .identity || source.chromaticity == destination.chromaticity { return .identity }
        let cone = coneResponseMatrix
        let inverseCone = cone.inverse!  // the constant cone matrices are well-conditioned and invertible
        let gain = (cone * destination.xyz) / (cone * source.xyz)
        return inverseCone * Matrix3x3(diagonal: gain) * cone
    }
}
