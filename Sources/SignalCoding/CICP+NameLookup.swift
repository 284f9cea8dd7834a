// Name lookup and parsing over `CICP.nameTable`.

extension CICP.CodePoint {
    /// This code's names in `system`, the written-out name first; empty for reserved codes and where the system has
    /// no name for the code. ``CICP/NamingSystem/cgColorSpace`` names combinations, not code points: always empty.
    public func names(in system: CICP.NamingSystem) -> [String] {
        CICP.NameIndex.shared.names(Self.field, rawValue, system)
    }

    /// The name this code is written as in `system` (e.g. `"smpte2084"` for ``CICP/TransferCharacteristics/pq`` in
    /// ``CICP/NamingSystem/ffmpegName``), or `nil` when the system has none.
    public func name(in system: CICP.NamingSystem) -> String? { names(in: system).first }

    /// Finds the code point of this field that `name` denotes in any naming system: an H.273 name, a CoreVideo or
    /// AVFoundation value or constant name (`"ITU_R_2020"`, `"kCVImageBufferColorPrimaries_ITU_R_2020"`,
    /// `"AVVideoColorPrimaries_ITU_R_2020"`), an FFmpeg enumerator (`"AVCOL_PRI_BT2020"`, also without `AVCOL_PRI_`)
    /// or an FFmpeg short name (`"bt2020"`).
    ///
    /// Matching ignores case and surrounding white space. A decimal code (`"9"`) is not a name; use
    /// ``init(rawValue:)``.
    /// - Throws: ``CICP/Error/unknownName(_:field:)`` when nothing matches (including names with another field's
    ///   prefix), ``CICP/Error/ambiguousName(_:field:candidates:)`` when several codes match (CoreVideo `UseGamma`).
    public init(name: String) throws(CICP.Error) {
        let codes = CICP.NameIndex.shared.codes(named: name, in: Self.field)
        guard let first = codes.first else { throw .unknownName(name, field: Self.field) }
        guard codes.count == 1 else { throw .ambiguousName(name, field: Self.field, candidates: codes) }
        self.init(rawValue: first)
    }
}

extension CICP {
    /// The value spelled in one naming system.
    ///
    /// For ``NamingSystem/cgColorSpace`` this is ``cgColorSpaceName``. For the other systems it is the written names
    /// of ColourPrimaries, TransferCharacteristics and MatrixCoefficients joined by `" / "`, a field the system has
    /// no name for given as its decimal code (e.g. `"ITU_R_2020 / SMPTE_ST_2084_PQ / 0"` in CoreVideo, which has no
    /// identity-matrix constant); `nil` when the system names none of the three. The range flag is not included.
    public func name(in system: NamingSystem) -> String? {
        if system == .cgColorSpace { return cgColorSpaceName }
        let names = [primaries.name(in: system), transfer.name(in: system), matrix.name(in: system)]
        guard names.contains(where: { $0 != nil }) else { return nil }
        let codes = [colorPrimaries, transferCharacteristics, matrixCoefficients]
        return zip(names, codes).map { $0 ?? String($1) }.joined(separator: " / ")
    }

    /// The RGB colour space a `CGColorSpace` name denotes, as CICP: its primaries and transfer, MatrixCoefficients 0
    /// and full range. Accepts `kCGColorSpace…` names, the same without the prefix, and Swift spellings such as
    /// `CGColorSpace.itur_2100_PQ`, ignoring case. `Extended` names give the same codes as their clamped forms.
    /// - Throws: ``Error/unknownName(_:field:)`` (field `nil`) for names without code points (e.g.
    ///   `kCGColorSpaceAdobeRGB1998`, whose gamma 563/256 has no TransferCharacteristics code).
    public init(cgColorSpaceName name: String) throws(CICP.Error) {
        guard let (primaries, transfer) = NameIndex.shared.colorSpace(named: name) else {
            throw .unknownName(name, field: nil)
        }
        self.init(primaries: primaries, transfer: transfer)
    }

    /// The `CGColorSpace` name of this value's primaries and transfer characteristics (e.g.
    /// `"kCGColorSpaceITUR_2100_PQ"` for 9/16/x/x), or `nil` when Core Graphics has no such space. The matrix and
    /// range do not take part: they describe the Y′CbCr coding, not the RGB colour space. Functionally identical
    /// transfer codes (1, 6, 14, 15) are treated alike.
    public var cgColorSpaceName: String? {
        NameIndex.shared.cgColorSpaceName(primaries: colorPrimaries, transfer: transferCharacteristics)
    }
}

// MARK: - Index

extension CICP {
    /// The immutable lookup structures derived once from ``nameTable``.
    struct NameIndex: Sendable {
        static let shared = NameIndex(table: nameTable)

        private struct CodeKey: Hashable {
            var field: Field
            var code: UInt8
        }

        private struct Combination: Hashable {
            var primaries: UInt8
            var transfer: UInt8
        }

        /// Defined codes (excluding 2) by field, ascending.
        private var defined: [Field: [UInt8]] = [:]
        /// Normalised name → codes, by field.
        private var codesByName: [Field: [String: Set<UInt8>]] = [:]
        /// Names in table order, by field + code and system.
        private var namesByCode: [CodeKey: [NamingSystem: [String]]] = [:]
        /// Normalised CGColorSpace name (with and without prefix) → combination.
        private var combinationsByName: [String: Combination] = [:]
        /// Written-out CGColorSpace name by combination.
        private var cgNameByCombination: [Combination: String] = [:]

        init(table: [NameTableRow]) {
            for row in table {
                switch row.subject {
                case .colorSpace(let primaries, let transfer):
                    let combination = Combination(primaries: primaries.rawValue, transfer: transfer.rawValue)
                    if cgNameByCombination[combination] == nil, let first = row.cgColorSpace.first {
                        cgNameByCombination[combination] = first.spelling
                    }
                    for name in row.cgColorSpace where name.isParseable {
                        for key in Self.keys(of: name.spelling, prefixes: NamingSystem.cgColorSpacePrefixes) {
                            combinationsByName[key] = combination
                        }
                    }
                case .colorPrimaries, .transferCharacteristics, .matrixCoefficients:
                    guard let (field, code) = row.subject.codePoint else { continue }
                    if code != 2 { defined[field, default: []].append(code) }
                    for system in NamingSystem.allCases {
                        let names = row.names(in: system)
                        namesByCode[CodeKey(field: field, code: code), default: [:]][system, default: []]
                            .append(contentsOf: names.map(\.spelling))
                        for name in names where name.isParseable {
                            for key in Self.keys(of: name.spelling, prefixes: system.prefixes(for: field)) {
                                codesByName[field, default: [:]][key, default: []].insert(code)
                            }
                        }
                    }
                }
            }
            for field in defined.keys { defined[field]?.sort() }
        }

        /// The lookup keys of a stored name: itself, and without a known prefix.
        private static func keys(of spelling: String, prefixes: [String]) -> [String] {
            let normalised = normalise(spelling)
            var keys = [normalised]
            for prefix in prefixes {
                let p = normalise(prefix)
                if normalised.hasPrefix(p), normalised.count > p.count {
                    keys.append(String(normalised.dropFirst(p.count)))
                }
            }
            return keys
        }

        private static func normalise(_ s: String) -> String {
            CICP.trimmingWhitespace(s).lowercased()
        }

        func isDefined(_ field: Field, _ code: UInt8) -> Bool {
            defined[field]?.contains(code) ?? false
        }

        func definedCodes(_ field: Field) -> [UInt8] { defined[field] ?? [] }

        func names(_ field: Field, _ code: UInt8, _ system: NamingSystem) -> [String] {
            namesByCode[CodeKey(field: field, code: code)]?[system] ?? []
        }

        /// The codes of `field` that `name` matches, ascending.
        func codes(named name: String, in field: Field) -> [UInt8] {
            guard let index = codesByName[field] else { return [] }
            var found = Set<UInt8>()
            for key in Self.keys(of: name, prefixes: NamingSystem.allCases.flatMap { $0.prefixes(for: field) }) {
                found.formUnion(index[key] ?? [])
            }
            return found.sorted()
        }

        func colorSpace(named name: String) -> (ColorPrimaries, TransferCharacteristics)? {
            for key in Self.keys(of: name, prefixes: NamingSystem.cgColorSpacePrefixes) {
                if let c = combinationsByName[key] {
                    return (ColorPrimaries(rawValue: c.primaries), TransferCharacteristics(rawValue: c.transfer))
                }
            }
            return nil
        }

        func cgColorSpaceName(primaries: UInt8, transfer: UInt8) -> String? {
            let equivalent: [UInt8] = Self.equivalentTransfers.first { $0.contains(transfer) } ?? [transfer]
            for t in equivalent {
                if let name = cgNameByCombination[Combination(primaries: primaries, transfer: t)] { return name }
            }
            return nil
        }

        /// Transfer codes H.273 Table 3 calls functionally the same.
        static let equivalentTransfers: [[UInt8]] = [[1, 6, 14, 15]]
    }
}

extension CICP {
    /// `string` without leading and trailing spaces, tabs and newlines.
    static func trimmingWhitespace(_ string: some StringProtocol) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let start = string.firstIndex(where: { !isSpace($0) }),
            let end = string.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(string[start...end])
    }
}
