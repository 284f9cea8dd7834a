// The byte and text forms of CICP values.

extension CICP {
    /// The four bytes of a PNG `cICP` chunk body and of an ICC `cicp` tag's payload (ICC.1:2022 cicpType bytes
    /// 8–11), in that order: ColourPrimaries, TransferCharacteristics, MatrixCoefficients, VideoFullRangeFlag (0/1).
    public var bytes: [UInt8] {
        [colorPrimaries, transferCharacteristics, matrixCoefficients, videoFullRange ? 1 : 0]
    }

    /// Reads the four bytes of a PNG `cICP` chunk body (or an ICC `cicp` payload). Codes are not validated (reserved
    /// codes stay representable; call ``validate(_:)``), but the range flag must be 0 or 1.
    /// - Throws: ``Error/invalidByteCount(expected:actual:)`` unless there are exactly 4 bytes,
    ///   ``Error/invalidVideoFullRangeFlag(_:)`` for a flag byte above 1.
    public init(bytes: some Collection<UInt8>) throws(Error) {
        guard bytes.count == 4 else { throw .invalidByteCount(expected: 4, actual: bytes.count) }
        let b = Array(bytes)
        guard b[3] <= 1 else { throw .invalidVideoFullRangeFlag(b[3]) }
        self.init(
            colorPrimaries: b[0], transferCharacteristics: b[1], matrixCoefficients: b[2], videoFullRange: b[3] == 1)
    }

    /// The ICC `cicp` tag signature and type signature, 'cicp' (0x63696370).
    public static let iccTagSignature: [UInt8] = Array("cicp".utf8)

    /// The 12-byte ICC `cicp` tag element (ICC.1:2022 §10.3, cicpType): 'cicp', four reserved zero bytes, then
    /// ``bytes``.
    public var iccTagData: [UInt8] { Self.iccTagSignature + [0, 0, 0, 0] + bytes }

    /// Reads a 12-byte ICC `cicp` tag element.
    /// - Throws: ``Error/invalidByteCount(expected:actual:)`` unless there are exactly 12 bytes,
    ///   ``Error/invalidICCTag(_:)`` for a wrong type signature or non-zero reserved bytes, and the errors of
    ///   ``init(bytes:)``.
    public init(iccTagData data: some Collection<UInt8>) throws(Error) {
        guard data.count == 12 else { throw .invalidByteCount(expected: 12, actual: data.count) }
        let b = Array(data)
        guard Array(b[0..<4]) == Self.iccTagSignature else {
            throw .invalidICCTag("type signature is \(b[0..<4].map { String($0, radix: 16) }) instead of 'cicp'")
        }
        guard b[4..<8].allSatisfy({ $0 == 0 }) else { throw .invalidICCTag("reserved bytes 4…7 are not zero") }
        try self.init(bytes: b[8..<12])
    }

    /// Parses the `"primaries/transfer/matrix/range"` form, e.g. `"9/16/9/0"` (surrounding white space allowed).
    /// - Throws: ``Error/malformedString(_:)`` unless there are four decimal integers 0 … 255 (one to three digits
    ///   each) separated by `/`, with a last field of 0 or 1.
    public init(parsing string: String) throws(Error) {
        let parts = Self.trimmingWhitespace(string).split(separator: "/", omittingEmptySubsequences: false)
        let codes = parts.compactMap { part -> UInt8? in
            let digits = Self.trimmingWhitespace(part)
            guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                return nil
            }
            return UInt8(digits)
        }
        guard parts.count == 4, codes.count == 4, codes[3] <= 1 else { throw .malformedString(string) }
        self.init(
            colorPrimaries: codes[0], transferCharacteristics: codes[1], matrixCoefficients: codes[2],
            videoFullRange: codes[3] == 1)
    }
}

extension CICP: LosslessStringConvertible {
    /// Parses the `"9/16/0/1"` form; `nil` where ``init(parsing:)`` throws.
    public init?(_ description: String) {
        guard let value = try? CICP(parsing: description) else { return nil }
        self = value
    }
}
