/// A Y′CbCr-family matrix: how non-linear R′G′B′ (or, for some, linear RGB) becomes a luma and two colour-difference
/// signals (ITU-T H.273 MatrixCoefficients; ITU-R BT.601, BT.709, BT.2020, BT.2100).
///
/// Signal conventions: Y′ (and I) nominally in [0, 1]; Cb, Cr (and Ct, Cp, Cg, Co) nominally in [−0.5, 0.5].
public enum YCbCrMatrix: Hashable, Sendable, CaseIterable {
    /// No matrix: Y′ = G′, Cb = B′, Cr = R′ (H.273 MatrixCoefficients 0, "GBR"), each in [0, 1] and each quantised
    /// with the luma formula (``Quantization/quantize(luma:)``), as ITU-T H.273 specifies for MatrixCoefficients 0.
    case identity
    /// ITU-R BT.601 (Kr 0.299, Kb 0.114); H.273 MatrixCoefficients 5 and 6.
    case bt601
    /// ITU-R BT.709 (Kr 0.2126, Kb 0.0722); H.273 MatrixCoefficients 1.
    case bt709
    /// US FCC Title 47 §73.682 (Kr 0.30, Kb 0.11); H.273 MatrixCoefficients 4.
    case fcc
    /// SMPTE ST 240M (Kr 0.212, Kb 0.087); H.273 MatrixCoefficients 7.
    case smpte240m
    /// YCgCo (H.273 MatrixCoefficients 8): Y = ½G + ¼(R + B), Cg = ½G − ¼(R + B), Co = ½(R − B).
    case ycgco
    /// ITU-R BT.2020 non-constant luminance (Kr 0.2627, Kb 0.0593); H.273 MatrixCoefficients 9.
    case bt2020NonConstantLuminance
    /// ITU-R BT.2020 constant luminance (H.273 MatrixCoefficients 10): takes linear RGB (see
    /// ``ycbcr(fromRGB:)``).
    case bt2020ConstantLuminance
    /// ITU-R BT.2100 ICtCp for PQ (H.273 MatrixCoefficients 14 with PQ): takes linear BT.2020 RGB, 1.0 = 10 000 cd/m².
    case ictcpPQ
    /// ITU-R BT.2100 ICtCp for HLG (H.273 MatrixCoefficients 14 with HLG): takes linear BT.2020 scene light in [0, 1].
    case ictcpHLG
}

extension YCbCrMatrix {
    /// Kr and Kb (Kg = 1 − Kr − Kb) for the matrices defined by them; `nil` for ``identity``, ``ycgco``, ``ictcpPQ``
    /// and ``ictcpHLG``. ``bt2020ConstantLuminance`` returns BT.2020's weights, which it applies to *linear* RGB; it
    /// has no linear Y′CbCr matrix (``rgbToYCbCr`` is `nil`).
    public var coefficients: (kr: Double, kb: Double)? {
        switch self {
        case .bt601: (0.299, 0.114)
        case .bt709: (0.2126, 0.0722)
        case .fcc: (0.30, 0.11)
        case .smpte240m: (0.212, 0.087)
        case .bt2020NonConstantLuminance, .bt2020ConstantLuminance: (0.2627, 0.0593)
        case .identity, .ycgco, .ictcpPQ, .ictcpHLG: nil
        }
    }

    /// Whether ``ycbcr(fromRGB:)`` takes linear RGB (and ``rgb(fromYCbCr:)`` returns it) rather than non-linear
    /// R′G′B′: true for ``bt2020ConstantLuminance``, ``ictcpPQ`` and ``ictcpHLG``, whose standards fold the transfer
    /// function into the matrix path.
    public var takesLinearRGB: Bool {
        switch self {
        case .bt2020ConstantLuminance, .ictcpPQ, .ictcpHLG: true
        default: false
        }
    }

    /// The R′G′B′ → Y′CbCr matrix for the matrices that are linear maps (Kr/Kb ones, ``ycgco``, ``identity``);
    /// `nil` for ``bt2020ConstantLuminance``, ``ictcpPQ`` and ``ictcpHLG``.
    public var rgbToYCbCr: Matrix3x3? {
        if let (kr, kb) = coefficients, self != .bt2020ConstantLuminance {
            let kg = 1 - kr - kb
            let luma = SIMD3(kr, kg, kb)
            // Cb = (B′ − Y′) / (2(1 − Kb)), Cr = (R′ − Y′) / (2(1 − Kr))  (BT.709-6 Table 3 items 3.2–3.3).
            return Matrix3x3(
                luma,
                (SIMD3(0, 0, 1) - luma) / (2 * (1 - kb)),
                (SIMD3(1, 0, 0) - luma) / (2 * (1 - kr)))
        }
        switch self {
        case .identity:
            return Matrix3x3(SIMD3(0, 1, 0), SIMD3(0, 0, 1), SIMD3(1, 0, 0))
        case .ycgco:
            return Matrix3x3(SIMD3(0.25, 0.5, 0.25), SIMD3(-0.25, 0.5, -0.25), SIMD3(0.5, 0, -0.5))
        default:
            return nil
        }
    }

    /// The Y′CbCr → R′G′B′ matrix, the inverse of ``rgbToYCbCr`` (written out exactly for ``identity`` and
    /// ``ycgco``); `nil` where ``rgbToYCbCr`` is.
    public var ycbcrToRGB: Matrix3x3? {
        if let (kr, kb) = coefficients, self != .bt2020ConstantLuminance {
            let kg = 1 - kr - kb
            // R′ = Y′ + 2(1 − Kr)Cr; B′ = Y′ + 2(1 − Kb)Cb; G′ = (Y′ − Kr·R′ − Kb·B′)/Kg.
            return Matrix3x3(
                SIMD3(1, 0, 2 * (1 - kr)),
                SIMD3(1, -2 * kb * (1 - kb) / kg, -2 * kr * (1 - kr) / kg),
                SIMD3(1, 2 * (1 - kb), 0))
        }
        switch self {
        case .identity:
            return Matrix3x3(SIMD3(0, 0, 1), SIMD3(1, 0, 0), SIMD3(0, 1, 0))
        case .ycgco:
            // R = Y − Cg + Co, G = Y + Cg, B = Y − Cg − Co (H.273 equations 47–49).
            return Matrix3x3(SIMD3(1, -1, 1), SIMD3(1, 1, 0), SIMD3(1, -1, -1))
        default:
            return nil
        }
    }
}

extension YCbCrMatrix {
    /// The matrix a writer uses when none is asked for: BT.2020 non-constant luminance for BT.2020 primaries, BT.709
    /// for every other set (as x265, libavif and FFmpeg's encoders are usually configured for HDR and SDR). The one
    /// decision behind the AVIF, HEIF and movie writers.
    public static func writingDefault(for primaries: RGBPrimaries) -> YCbCrMatrix {
        primaries.hasSameCoordinates(as: .bt2020) ? .bt2020NonConstantLuminance : .bt709
    }
}
