extension CICP {
    /// Errors from validating, decoding, naming and converting CICP values. Each message names the field and value.
    public enum Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        /// A code is reserved in its H.273 table (e.g. ColourPrimaries 3).
        case reservedCode(Field, UInt8)
        /// A field is 2, unspecified, where a value is needed (conversion, or validation with
        /// ``ValidationOptions/requireFullySpecified``).
        case unspecified(Field)
        /// MatrixCoefficients is not 0 (identity) for RGB content, as PNG `cICP` requires
        /// (``ValidationOptions/requireIdentityMatrix``).
        case matrixNotIdentity(UInt8)
        /// A VideoFullRangeFlag byte other than 0 or 1.
        case invalidVideoFullRangeFlag(UInt8)
        /// Serialised CICP data of the wrong length (the value is 4 bytes; the ICC `cicp` tag 12).
        case invalidByteCount(expected: Int, actual: Int)
        /// An ICC `cicp` tag whose type signature or reserved bytes are wrong.
        case invalidICCTag(String)
        /// A string that is not of the form `"9/16/0/1"`.
        case malformedString(String)
        /// No code point of the field has this name (or, for `field == nil`, no CGColorSpace name matches).
        case unknownName(String, field: Field?)
        /// The name fits several code points of the field (e.g. CoreVideo's `UseGamma`, TransferCharacteristics 4 or 5).
        case ambiguousName(String, field: Field, candidates: [UInt8])
        /// A colour space's primaries or transfer function, or a Y′CbCr matrix, has no H.273 code point.
        case noCodePoint(Field, String)
        /// A defined code has no model in this library, e.g. MatrixCoefficients 11 (SMPTE ST 2085).
        case unsupportedCode(Field, UInt8)
        /// The matrix and the transfer function do not fit together (ICtCp needs PQ or HLG).
        case inconsistentMatrix(MatrixCoefficients, TransferCharacteristics)

        public var description: String {
            switch self {
            case .reservedCode(let field, let code):
                "\(field) \(code) is reserved (\(field.reference))"
            case .unspecified(let field):
                "\(field) is 2 (unspecified), but a defined value is needed"
            case .matrixNotIdentity(let code):
                "MatrixCoefficients is \(code) but must be 0 (identity) for RGB content, as PNG cICP requires"
            case .invalidVideoFullRangeFlag(let byte):
                "VideoFullRangeFlag is \(byte) but must be 0 (narrow range) or 1 (full range)"
            case .invalidByteCount(let expected, let actual):
                "CICP data must be \(expected) bytes (ColourPrimaries, TransferCharacteristics, MatrixCoefficients, "
                    + "VideoFullRangeFlag), got \(actual)"
            case .invalidICCTag(let reason):
                "invalid ICC cicp tag: \(reason)"
            case .malformedString(let string):
                "\"\(string)\" is not a CICP string like \"9/16/0/1\" (four integers 0…255 separated by '/', "
                    + "the last 0 or 1)"
            case .unknownName(let name, let field?):
                "no \(field) code point is named \"\(name)\""
            case .unknownName(let name, nil):
                "no CGColorSpace name with H.273 code points is \"\(name)\""
            case .ambiguousName(let name, let field, let candidates):
                "\"\(name)\" names several \(field) code points (\(candidates.map(String.init).joined(separator: ", "))); "
                    + "give the code instead"
            case .noCodePoint(let field, let what):
                "\(what) has no \(field) code point in ITU-T H.273"
            case .unsupportedCode(let field, let code):
                "\(field) \(code) is defined by H.273 but has no model in this library"
            case .inconsistentMatrix(let matrix, let transfer):
                "MatrixCoefficients \(matrix) does not fit TransferCharacteristics \(transfer): "
                    + "ICtCp (14) is defined for 16 (PQ) and 18 (HLG) only"
            }
        }
    }
}
