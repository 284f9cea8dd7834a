/// A four-byte ICC signature (ICC.1:2022 §4.2 `uInt32Number` read as four ASCII characters), e.g. `'rXYZ'`, `'mntr'`.
public struct ICCSignature: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The big-endian value of the four bytes.
    public var rawValue: UInt32

    /// A signature from its big-endian value.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A signature from up to four ASCII characters, padded with spaces (so `"XYZ"` is `'XYZ '`).
    /// Characters outside ASCII are replaced by `?`.
    public init(_ text: String) {
        var bytes = Array(text.utf8.prefix(4).map { $0 < 0x80 ? $0 : UInt8(ascii: "?") })
        while bytes.count < 4 { bytes.append(0x20) }
        rawValue = bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// A signature from a literal such as `"rXYZ"`.
    public init(stringLiteral value: String) { self.init(value) }

    /// The four characters; bytes outside printable ASCII are shown as `\xNN`. Trailing spaces are kept.
    public var description: String {
        var text = ""
        for shift in stride(from: 24, through: 0, by: -8) {
            let byte = UInt8(truncatingIfNeeded: rawValue >> UInt32(shift))
            if (0x20..<0x7F).contains(byte) {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return text
    }

    /// Orders by the big-endian value.
    public static func < (lhs: ICCSignature, rhs: ICCSignature) -> Bool { lhs.rawValue < rhs.rawValue }
}

// MARK: - Well-known signatures (ICC.1:2022 §7.2, §9, §10)

extension ICCSignature {
    /// The profile file signature 'acsp' (§7.2.9).
    public static let profileFile: ICCSignature = "acsp"

    // Device classes (§7.2.5, Table 18).
    /// Input device profile 'scnr'.
    public static let inputClass: ICCSignature = "scnr"
    /// Display device profile 'mntr'.
    public static let displayClass: ICCSignature = "mntr"
    /// Output device profile 'prtr'.
    public static let outputClass: ICCSignature = "prtr"
    /// Colour space profile 'spac'.
    public static let colorSpaceClass: ICCSignature = "spac"

    // Colour spaces (§7.2.6, Table 19).
    /// 'RGB '.
    public static let rgbData: ICCSignature = "RGB "
    /// 'GRAY'.
    public static let grayData: ICCSignature = "GRAY"
    /// 'XYZ ' (also a PCS).
    public static let xyzData: ICCSignature = "XYZ "
    /// 'Lab ' (also a PCS).
    public static let labData: ICCSignature = "Lab "

    // Tags (§9.2).
    /// 'desc' profileDescriptionTag.
    public static let descriptionTag: ICCSignature = "desc"
    /// 'cprt' copyrightTag.
    public static let copyrightTag: ICCSignature = "cprt"
    /// 'wtpt' mediaWhitePointTag.
    public static let mediaWhitePointTag: ICCSignature = "wtpt"
    /// 'chad' chromaticAdaptationTag.
    public static let chromaticAdaptationTag: ICCSignature = "chad"
    /// 'rXYZ' redMatrixColumnTag.
    public static let redColorantTag: ICCSignature = "rXYZ"
    /// 'gXYZ' greenMatrixColumnTag.
    public static let greenColorantTag: ICCSignature = "gXYZ"
    /// 'bXYZ' blueMatrixColumnTag.
    public static let blueColorantTag: ICCSignature = "bXYZ"
    /// 'rTRC' redTRCTag.
    public static let redToneCurveTag: ICCSignature = "rTRC"
    /// 'gTRC' greenTRCTag.
    public static let greenToneCurveTag: ICCSignature = "gTRC"
    /// 'bTRC' blueTRCTag.
    public static let blueToneCurveTag: ICCSignature = "bTRC"
    /// 'kTRC' grayTRCTag.
    public static let grayToneCurveTag: ICCSignature = "kTRC"
    /// 'lumi' luminanceTag.
    public static let luminanceTag: ICCSignature = "lumi"
    /// 'cicp' cicpTag (ICC.1:2022 §9.2.17, v4.4).
    public static let cicpTag: ICCSignature = "cicp"
}
