internal import CLittleCMS
import ColorSpaces

/// Decodes tags of an open profile with LittleCMS (`cmsReadTag`) into Swift values, recording tags that are present
/// but fail to decode.
struct LCMSTagReader {
    let profile: LCMSProfile
    /// The profile's bytes and tag table, for the count checks LittleCMS does too late.
    let bytes: [UInt8]
    let entries: [ICCTagEntry]
    private(set) var problems: [ICCTagProblem] = []

    init(profile: LCMSProfile, bytes: [UInt8], entries: [ICCTagEntry]) {
        self.profile = profile
        self.bytes = bytes
        self.entries = entries
    }

    var isMatrixShaper: Bool { cmsIsMatrixShaper(profile.handle) != 0 }

    /// The decoded tag data, nil when absent; a present tag that fails to decode is recorded in `problems`.
    private mutating func read(_ tag: ICCSignature) -> UnsafeMutableRawPointer? {
        let signature = cmsTagSignature(rawValue: tag.rawValue)
        guard cmsIsTag(profile.handle, signature) != 0 else { return nil }
        if let entry = entries.first(where: { $0.signature == tag }),
            let problem = ProfileBytes.countProblem(in: bytes, entry: entry)
        {
            problems.append(ICCTagProblem(tag: tag, messages: [problem]))
            return nil
        }
        _ = profile.context.log.drain()
        guard let data = cmsReadTag(profile.handle, signature) else {
            problems.append(ICCTagProblem(tag: tag, messages: profile.context.log.drain()))
            return nil
        }
        return data
    }

    mutating func xyz(_ tag: ICCSignature) -> SIMD3<Double>? {
        guard let xyz = read(tag)?.assumingMemoryBound(to: cmsCIEXYZ.self).pointee else { return nil }
        return SIMD3(xyz.X, xyz.Y, xyz.Z)
    }

    mutating func matrix(_ tag: ICCSignature) -> Matrix3x3? {
        guard let values = read(tag)?.assumingMemoryBound(to: Double.self) else { return nil }
        return Matrix3x3(rows: (0..<3).map { SIMD3(values[3 * $0], values[3 * $0 + 1], values[3 * $0 + 2]) })
    }

    mutating func toneCurve(_ tag: ICCSignature) -> ICCToneCurve? {
        guard let curve = read(tag).map(OpaquePointer.init) else { return nil }
        return Self.toneCurve(curve)
    }

    static func toneCurve(_ curve: OpaquePointer) -> ICCToneCurve {
        let type = Int(cmsGetToneCurveParametricType(curve))
        if (1...5).contains(type), let params = cmsGetToneCurveParams(curve) {
            let count = ICCParametricCurve.parameterCounts[type - 1]
            if let parametric = ICCParametricCurve(functionType: type - 1, parameters: (0..<count).map { params[$0] }) {
                return .parametric(parametric)
            }
        }
        let count = Int(cmsGetToneCurveEstimatedTableEntries(curve))
        guard let table = cmsGetToneCurveEstimatedTable(curve) else { return .sampled([]) }
        return .sampled(Array(UnsafeBufferPointer(start: table, count: count)))
    }

    mutating func text(_ tag: ICCSignature) -> ICCLocalizedText? {
        guard let mlu = read(tag).map(OpaquePointer.init) else { return nil }
        var translations: [ICCLocalizedString] = []
        for index in 0..<cmsMLUtranslationsCount(mlu) {
            var language: [CChar] = [0, 0, 0]
            var country: [CChar] = [0, 0, 0]
            guard cmsMLUtranslationsCodes(mlu, index, &language, &country) != 0 else { continue }
            let bytes = cmsMLUgetWide(mlu, language, country, nil, 0)
            guard bytes > 0 else { continue }
            var wide = [wchar_t](repeating: 0, count: Int(bytes) / MemoryLayout<wchar_t>.stride + 1)
            _ = cmsMLUgetWide(mlu, language, country, &wide, cmsUInt32Number(wide.count * MemoryLayout<wchar_t>.stride))
            let scalars = wide.prefix { $0 != 0 }.map { Unicode.Scalar(UInt32(bitPattern: Int32($0))) ?? "\u{FFFD}" }
            translations.append(
                ICCLocalizedString(
                    language: Self.code(language), country: Self.code(country),
                    text: String(String.UnicodeScalarView(scalars))))
        }
        return ICCLocalizedText(translations: translations)
    }

    private static func code(_ chars: [CChar]) -> String {
        String(decoding: chars.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
