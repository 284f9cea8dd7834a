extension CICP {
    /// Extra rules for ``validate(_:)`` beyond "no reserved codes".
    public struct ValidationOptions: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// MatrixCoefficients must be 0 (identity): the content is RGB, as the PNG 3rd edition `cICP` chunk requires.
        public static let requireIdentityMatrix = ValidationOptions(rawValue: 1 << 0)
        /// No field may be 2 (unspecified).
        public static let requireFullySpecified = ValidationOptions(rawValue: 1 << 1)

        /// The rules of a PNG `cICP` chunk: identity matrix (the range flag is always 0 or 1 in a ``CICP``).
        public static let png: ValidationOptions = [.requireIdentityMatrix]
    }

    /// Every problem ``validate(_:)`` would report, in field order: reserved codes, then (with the options)
    /// unspecified fields and a non-identity matrix. Empty when the value is valid.
    public func validationErrors(_ options: ValidationOptions = []) -> [Error] {
        var errors: [Error] = []
        if primaries.isReserved { errors.append(.reservedCode(.colorPrimaries, colorPrimaries)) }
        if transfer.isReserved { errors.append(.reservedCode(.transferCharacteristics, transferCharacteristics)) }
        if matrix.isReserved { errors.append(.reservedCode(.matrixCoefficients, matrixCoefficients)) }
        if options.contains(.requireFullySpecified) {
            errors.append(contentsOf: unspecifiedFields.map(Error.unspecified))
        }
        if options.contains(.requireIdentityMatrix), matrixCoefficients != MatrixCoefficients.identity.rawValue {
            errors.append(.matrixNotIdentity(matrixCoefficients))
        }
        return errors
    }

    /// Checks the value against ITU-T H.273 Tables 2–4: reserved codes are errors. Unspecified codes (2) are
    /// allowed unless `options` contains ``ValidationOptions/requireFullySpecified``; see ``isFullySpecified``.
    /// - Throws: the first of ``validationErrors(_:)``.
    public func validate(_ options: ValidationOptions = []) throws(Error) {
        if let first = validationErrors(options).first { throw first }
    }

    /// Whether ``validate(_:)`` passes with `options`.
    public func isValid(_ options: ValidationOptions = []) -> Bool { validationErrors(options).isEmpty }

    /// The fields whose code is 2, unspecified.
    public var unspecifiedFields: [Field] {
        var fields: [Field] = []
        if primaries.isUnspecified { fields.append(.colorPrimaries) }
        if transfer.isUnspecified { fields.append(.transferCharacteristics) }
        if matrix.isUnspecified { fields.append(.matrixCoefficients) }
        return fields
    }

    /// Whether every field has a defined code: none is unspecified (2) or reserved.
    public var isFullySpecified: Bool { primaries.isDefined && transfer.isDefined && matrix.isDefined }
}
