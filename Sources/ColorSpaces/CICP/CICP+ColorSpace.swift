import TransferFunctions
import SignalCoding

extension ColorSpace {
    /// The RGB colour space of a CICP value's ColourPrimaries and TransferCharacteristics: the catalog space
    /// (``all``) with that out-of-range behaviour when one matches, otherwise a new space named after the H.273 codes
    /// (e.g. "SMPTE ST 428-1 / SMPTE ST 428-1 (CICP 10/17)", identifier "cicp-10-17").
    ///
    /// H.273 has no flag for extended range, so the caller chooses. By default (`outOfRange: nil`) linear light
    /// (TransferCharacteristics 8) is ``OutOfRangeBehavior/extended``, because linear HDR values above 1.0 are the
    /// point of such buffers (AVFoundation's linear Display P3 is `kCGColorSpaceExtendedLinearDisplayP3`), and every
    /// other curve is ``OutOfRangeBehavior/clamped`` to its nominal signal range.
    ///
    /// MatrixCoefficients and the range flag describe the Y′CbCr coding, not the RGB space, and are not consulted
    /// (see ``YCbCrMatrix/init(cicp:)`` and ``CICP/range``).
    /// - Throws: ``CICP/Error/reservedCode(_:_:)`` or ``CICP/Error/unspecified(_:)`` for the primaries or transfer.
    public init(cicp: CICP, outOfRange: OutOfRangeBehavior? = nil) throws(CICP.Error) {
        let (p, t) = (cicp.primaries, cicp.transfer)
        for (field, status, code) in [
            (CICP.Field.colorPrimaries, p.status, p.rawValue), (.transferCharacteristics, t.status, t.rawValue),
        ] {
            switch status {
            case .reserved: throw .reservedCode(field, code)
            case .unspecified: throw .unspecified(field)
            case .defined: break
            }
        }
        guard let primaries = RGBPrimaries(cicp: p) else { throw .unsupportedCode(.colorPrimaries, p.rawValue) }
        guard let transfer = TransferFunction(cicp: Int(t.rawValue)) else {
            throw .unsupportedCode(.transferCharacteristics, t.rawValue)
        }
        let behaviour = outOfRange ?? (transfer == .linear ? .extended : .clamped)
        if let known = Self.all.first(where: {
            $0.primaries == primaries && $0.transferFunction == transfer && $0.outOfRange == behaviour
        }) {
            self = known
            return
        }
        self.init(
            name: "\(p.displayName) / \(t.displayName) (CICP \(p.rawValue)/\(t.rawValue))"
                + (behaviour == .extended ? ", extended" : ""),
            primaries: primaries, transferFunction: transfer, outOfRange: behaviour,
            cgColorSpaceName: behaviour == .clamped ? cicp.cgColorSpaceName : nil,
            identifier: "cicp-\(p.rawValue)-\(t.rawValue)" + (behaviour == .extended ? "-extended" : ""))
    }
}

extension CICP {
    /// The CICP value of a colour space, coded with `matrix` (`nil`: RGB content, MatrixCoefficients 0) and `range`.
    ///
    /// Primaries map through ``RGBPrimaries/cicp`` and the transfer function through `TransferFunction.cicp` (the
    /// BT.709 curve gives 1, also for BT.2020 primaries). H.273 has no "extended range" flag: extended and clamped
    /// variants of a space give the same codes. E.g. `.bt2100PQ` gives 9/16/0/1, and with
    /// `matrix: .bt2020NonConstantLuminance, range: .narrow` 9/16/9/0.
    /// - Throws: ``Error/noCodePoint(_:_:)`` when the primaries (Adobe RGB, ProPhoto, ACES …) or the transfer function
    ///   (gamma 2.4, 2.6, BT.1886 …) have no code; ``Error/inconsistentMatrix(_:_:)`` for an ICtCp matrix whose form
    ///   does not match the transfer function.
    public init(colorSpace: ColorSpace, matrix: YCbCrMatrix? = nil, range: SignalRange = .full) throws(Error) {
        guard let primaries = colorSpace.primaries.cicp else {
            throw .noCodePoint(.colorPrimaries, "the primaries \"\(colorSpace.primaries.name)\" of \(colorSpace.name)")
        }
        guard let code = colorSpace.transferFunction.cicp, let byte = UInt8(exactly: code) else {
            throw .noCodePoint(
                .transferCharacteristics, "the transfer function \(colorSpace.transferFunction) of \(colorSpace.name)")
        }
        let transfer = TransferCharacteristics(rawValue: byte)
        let matrixCode = matrix?.cicp ?? .identity
        if let required = matrix?.requiredCICPTransfer, required != transfer {
            throw .inconsistentMatrix(matrixCode, transfer)
        }
        self.init(primaries: primaries, transfer: transfer, matrix: matrixCode, range: range)
    }
}
