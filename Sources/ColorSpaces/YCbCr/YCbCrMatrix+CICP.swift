import SignalCoding
extension YCbCrMatrix {
    /// The matrix of an ITU-T H.273 MatrixCoefficients code (Table 4), with the transfer characteristics choosing
    /// between the PQ and HLG forms of ICtCp (14).
    ///
    /// `nil` for 2 (unspecified), reserved codes, codes this library does not model (11 SMPTE ST 2085, 12 and 13
    /// chromaticity-derived, 15 IPT-C2, 16 and 17 YCgCo-R) and ICtCp with a transfer other than 16 (PQ) or 18 (HLG).
    /// MatrixCoefficients 5 and 6 both give ``bt601``. ``CICP/yCbCrMatrix()`` says why a code has no matrix.
    public init?(
        matrixCoefficients: CICP.MatrixCoefficients,
        transferCharacteristics: CICP.TransferCharacteristics = .unspecified
    ) {
        switch matrixCoefficients {
        case .identity: self = .identity
        case .bt709: self = .bt709
        case .fcc: self = .fcc
        case .bt470BG, .smpte170M: self = .bt601
        case .smpte240M: self = .smpte240m
        case .ycgco: self = .ycgco
        case .bt2020NonConstantLuminance: self = .bt2020NonConstantLuminance
        case .bt2020ConstantLuminance: self = .bt2020ConstantLuminance
        case .ictcp where transferCharacteristics == .pq: self = .ictcpPQ
        case .ictcp where transferCharacteristics == .hlg: self = .ictcpHLG
        default: return nil
        }
    }

    /// The matrix a CICP value's MatrixCoefficients (and, for ICtCp, TransferCharacteristics) denote; see
    /// ``init(matrixCoefficients:transferCharacteristics:)``.
    public init?(cicp: CICP) {
        self.init(matrixCoefficients: cicp.matrix, transferCharacteristics: cicp.transfer)
    }

    /// The H.273 MatrixCoefficients code: ``bt601`` gives 6 (SMPTE 170M; 5 is functionally the same), both ICtCp
    /// forms give 14 (the TransferCharacteristics, 16 or 18, tells them apart).
    public var cicp: CICP.MatrixCoefficients {
        switch self {
        case .identity: .identity
        case .bt601: .smpte170M
        case .bt709: .bt709
        case .fcc: .fcc
        case .smpte240m: .smpte240M
        case .ycgco: .ycgco
        case .bt2020NonConstantLuminance: .bt2020NonConstantLuminance
        case .bt2020ConstantLuminance: .bt2020ConstantLuminance
        case .ictcpPQ, .ictcpHLG: .ictcp
        }
    }

    /// The TransferCharacteristics the matrix requires: 16 (PQ) for ``ictcpPQ``, 18 (HLG) for ``ictcpHLG``, `nil`
    /// for the others, which work with any transfer.
    public var requiredCICPTransfer: CICP.TransferCharacteristics? {
        switch self {
        case .ictcpPQ: .pq
        case .ictcpHLG: .hlg
        default: nil
        }
    }
}

extension CICP {
    /// The Y′CbCr matrix of this value, with a reason when there is none.
    /// - Throws: ``Error/reservedCode(_:_:)``, ``Error/unspecified(_:)`` (MatrixCoefficients 2),
    ///   ``Error/inconsistentMatrix(_:_:)`` (ICtCp without PQ or HLG), ``Error/unsupportedCode(_:_:)`` (11, 12, 13,
    ///   15, 16, 17).
    public func yCbCrMatrix() throws(Error) -> YCbCrMatrix {
        if let m = YCbCrMatrix(cicp: self) { return m }
        switch matrix.status {
        case .reserved: throw .reservedCode(.matrixCoefficients, matrixCoefficients)
        case .unspecified: throw .unspecified(.matrixCoefficients)
        case .defined where matrix == .ictcp: throw .inconsistentMatrix(matrix, transfer)
        case .defined: throw .unsupportedCode(.matrixCoefficients, matrixCoefficients)
        }
    }
}
