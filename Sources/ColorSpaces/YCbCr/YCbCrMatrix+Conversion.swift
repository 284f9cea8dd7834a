import TransferFunctions

extension YCbCrMatrix {
    /// Converts to Y′CbCr (or the matrix's own triplet: Y′CgCo, G′B′R′, Y′cC′bcC′rc, ICtCp).
    ///
    /// - For the Kr/Kb matrices, ``ycgco`` and ``identity``: `rgb` is non-linear R′G′B′, nominally in [0, 1], and
    ///   the result is ``rgbToYCbCr`` · R′G′B′ (Y′ in [0, 1], Cb and Cr in [−0.5, 0.5]).
    /// - For ``bt2020ConstantLuminance``: `rgb` is *linear* RGB in [0, 1] and the result is (Y′c, C′bc, C′rc) of
    ///   ITU-R BT.2020-2 Table 4, with the BT.2020 OETF; see
    ///   ``constantLuminanceYCbCr(fromLinearRGB:transferFunction:)``.
    /// - For ``ictcpPQ`` and ``ictcpHLG``: `rgb` is *linear* BT.2020 RGB (PQ: 1.0 = 10 000 cd/m², as
    ///   `TransferFunction.pq.toLinear` returns; HLG: scene light in [0, 1]) and the result is ICtCp of ITU-R BT.2100
    ///   Table 6 and 7; see ``ictcp(fromLinearRGB:)``.
    ///
    /// NaN components propagate; no input traps.
    public func ycbcr(fromRGB rgb: SIMD3<Double>) -> SIMD3<Double> {
        switch self {
        case .bt2020ConstantLuminance:
            return Self.constantLuminanceYCbCr(fromLinearRGB: rgb)
        case .ictcpPQ, .ictcpHLG:
            return ictcp(fromLinearRGB: rgb)
        case .identity, .bt601, .bt709, .fcc, .smpte240m, .ycgco, .bt2020NonConstantLuminance:
            return rgbToYCbCr! * rgb  // linear for exactly these cases
        }
    }

    /// The inverse of ``ycbcr(fromRGB:)``: R′G′B′ for the linear matrices, linear RGB for
    /// ``bt2020ConstantLuminance``, ``ictcpPQ`` and ``ictcpHLG`` (see ``takesLinearRGB``).
    public func rgb(fromYCbCr ycc: SIMD3<Double>) -> SIMD3<Double> {
        switch self {
        case .bt2020ConstantLuminance:
            return Self.linearRGB(fromConstantLuminanceYCbCr: ycc)
        case .ictcpPQ, .ictcpHLG:
            return linearRGB(fromICtCp: ycc)
        case .identity, .bt601, .bt709, .fcc, .smpte240m, .ycgco, .bt2020NonConstantLuminance:
            return ycbcrToRGB! * ycc
        }
    }
}
