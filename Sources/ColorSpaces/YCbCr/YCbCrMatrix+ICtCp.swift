import TransferFunctions

extension YCbCrMatrix {
    /// Linear BT.2020 RGB → LMS of ICtCp (ITU-R BT.2100-2 Table 6): [[1688, 2146, 262], [683, 2951, 462],
    /// [99, 309, 3688]] / 4096. Each row sums to 1.
    public static let ictcpRGBToLMS = Matrix3x3(
        SIMD3(1688, 2146, 262) / 4096,
        SIMD3(683, 2951, 462) / 4096,
        SIMD3(99, 309, 3688) / 4096)

    /// L′M′S′ → ICtCp for PQ (ITU-R BT.2100-2 Table 6): [[2048, 2048, 0], [6610, −13613, 7003],
    /// [17933, −17390, −543]] / 4096.
    public static let ictcpPQLMSToICtCp = Matrix3x3(
        SIMD3(2048, 2048, 0) / 4096,
        SIMD3(6610, -13613, 7003) / 4096,
        SIMD3(17933, -17390, -543) / 4096)

    /// L′M′S′ → ICtCp for HLG (ITU-R BT.2100-2 Table 7): [[2048, 2048, 0], [3625, −7465, 3840],
    /// [9500, −9212, −288]] / 4096.
    public static let ictcpHLGLMSToICtCp = Matrix3x3(
        SIMD3(2048, 2048, 0) / 4096,
        SIMD3(3625, -7465, 3840) / 4096,
        SIMD3(9500, -9212, -288) / 4096)

    /// LMS → linear BT.2020 RGB, the inverse of ``ictcpRGBToLMS``.
    public static let ictcpLMSToRGB = ictcpRGBToLMS.inverse!  // constant and invertible

    /// The L′M′S′ → ICtCp matrix of ``ictcpPQ`` or ``ictcpHLG``; `nil` for the other matrices.
    public var lmsToICtCp: Matrix3x3? {
        switch self {
        case .ictcpPQ: Self.ictcpPQLMSToICtCp
        case .ictcpHLG: Self.ictcpHLGLMSToICtCp
        default: nil
        }
    }

    /// The ICtCp → L′M′S′ matrix, the inverse of ``lmsToICtCp``; `nil` for the non-ICtCp matrices.
    public var ictcpToLMS: Matrix3x3? {
        switch self {
        case .ictcpPQ: Self.ictcpPQICtCpToLMS
        case .ictcpHLG: Self.ictcpHLGICtCpToLMS
        default: nil
        }
    }

    private static let ictcpPQICtCpToLMS = ictcpPQLMSToICtCp.inverse!  // constant, invertible
    private static let ictcpHLGICtCpToLMS = ictcpHLGLMSToICtCp.inverse!  // constant, invertible

    /// The transfer function between LMS and L′M′S′: PQ for ``ictcpPQ``, the HLG OETF for ``ictcpHLG``;
    /// `nil` for the other matrices.
    public var ictcpTransferFunction: TransferFunction? {
        switch self {
        case .ictcpPQ: .pq
        case .ictcpHLG: .hlg
        default: nil
        }
    }

    /// ICtCp of linear BT.2020 RGB (ITU-R BT.2100-2 Tables 6 and 7): LMS = ``ictcpRGBToLMS``·RGB,
    /// L′M′S′ = PQ inverse EOTF (``ictcpPQ``, RGB 1.0 = 10 000 cd/m²) or HLG OETF (``ictcpHLG``, scene light in
    /// [0, 1]) per component, then ``lmsToICtCp``. Negative LMS follow the transfer function's sign-mirrored extension.
    /// For the non-ICtCp matrices this returns ``ycbcr(fromRGB:)``.
    public func ictcp(fromLinearRGB rgb: SIMD3<Double>) -> SIMD3<Double> {
        guard let transfer = ictcpTransferFunction, let toICtCp = lmsToICtCp else { return ycbcr(fromRGB: rgb) }
        let lms = Self.ictcpRGBToLMS * rgb
        let encoded = SIMD3(transfer.fromLinear(lms.x), transfer.fromLinear(lms.y), transfer.fromLinear(lms.z))
        return toICtCp * encoded
    }

    /// Linear BT.2020 RGB of ICtCp, the inverse of ``ictcp(fromLinearRGB:)``. For the non-ICtCp matrices this returns
    /// ``rgb(fromYCbCr:)``.
    public func linearRGB(fromICtCp ictcp: SIMD3<Double>) -> SIMD3<Double> {
        guard let transfer = ictcpTransferFunction, let toLMS = ictcpToLMS else { return rgb(fromYCbCr: ictcp) }
        let encoded = toLMS * ictcp
        let lms = SIMD3(transfer.toLinear(encoded.x), transfer.toLinear(encoded.y), transfer.toLinear(encoded.z))
        return Self.ictcpLMSToRGB * lms
    }
}
