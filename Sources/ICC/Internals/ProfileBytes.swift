import ColorSpaces
import SignalCoding

/// Edits of serialised profiles that LittleCMS 2.14 cannot make itself.
///
/// LittleCMS 2.14 writes the `cicp` tag as 16 bytes (an extra zero word before the codes) and reads only that form,
/// whereas ICC.1:2022 §10.3 cicpType is 12 bytes ('cicp', 4 reserved bytes, 4 codes; fixed in LittleCMS 2.15). The
/// bridge therefore reads and writes the tag itself.
enum ProfileBytes {
    /// Appends a tag (its data padded to 4 bytes) to a profile that passed `ICCHeader.validate`: a new tag-table entry
    /// (existing offsets move by 12), the data at the end, and the new size in the header.
    static func appendingTag(_ signature: ICCSignature, data: [UInt8], to bytes: [UInt8]) -> [UInt8] {
        let size = Int(bytes.uint32(at: 0))
        let count = Int(bytes.uint32(at: 128))
        let tableEnd = 132 + 12 * count
        var result = Array(bytes[0..<tableEnd])
        for index in 0..<count {
            let offsetField = 132 + 12 * index + 4
            result.setUInt32(result.uint32(at: offsetField) + 12, at: offsetField)
        }
        result.setUInt32(UInt32(count + 1), at: 128)
        var entry = [UInt8](repeating: 0, count: 12)
        entry.setUInt32(signature.rawValue, at: 0)
        entry.setUInt32(UInt32(data.count), at: 8)
        result += entry
        result += bytes[tableEnd..<size]
        result += [UInt8](repeating: 0, count: (4 - result.count % 4) % 4)
        result.setUInt32(UInt32(result.count), at: 132 + 12 * count + 4)
        result += data
        result += [UInt8](repeating: 0, count: (4 - result.count % 4) % 4)
        result.setUInt32(UInt32(result.count), at: 0)
        return result
    }

    /// Sets the header's profile ID to the MD5 of the profile (ICC.1:2022 §7.2.18).
    static func settingProfileID(_ bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        let id = ICCHeader.computeProfileID(bytes, size: Int(bytes.uint32(at: 0)))
        result.replaceSubrange(84..<100, with: id)
        return result
    }

    /// Why a tag's declared counts cannot fit in the tag, or nil. Checked before LittleCMS decodes the tag: LittleCMS
    /// 2.14 allocates and zeroes what an `mluc` tag's record count asks for before comparing it with the tag's size, so
    /// a 700-byte profile could make it allocate 800 MB (found by the ICC fuzz target). Also the text length of a v2
    /// `desc` (textDescriptionType) and the entry count of a `curv`. `entry` lies inside `bytes` (validated).
    static func countProblem(in bytes: [UInt8], entry: ICCTagEntry) -> String? {
        let (start, size) = (entry.offset, entry.size)
        let name = "'\(entry.signature)' (\(entry.typeSignature))"
        func tooMany(_ count: UInt32, _ what: String, _ unit: Int, header: Int) -> String? {
            guard size >= header else { return "\(name) is \(size) bytes, shorter than its \(header)-byte header" }
            guard Int(count) <= (size - header) / unit else {
                return "\(name) declares \(count) \(what), more than its \(size) bytes hold; the tag is damaged"
            }
            return nil
        }
        switch entry.typeSignature.rawValue {
        case 0x6D6C_7563:  // 'mluc': records of 12 bytes after a 16-byte header (ICC.1:2022 §10.15)
            guard size >= 16 else { return tooMany(0, "records", 12, header: 16) }
            return tooMany(bytes.uint32(at: start + 8), "records of 12 bytes", 12, header: 16)
        case 0x6465_7363:  // 'desc' (v2 textDescriptionType): the ASCII length after a 12-byte header
            guard size >= 12 else { return tooMany(0, "bytes of text", 1, header: 12) }
            return tooMany(bytes.uint32(at: start + 8), "bytes of text", 1, header: 12)
        case 0x6375_7276:  // 'curv': 2-byte entries after a 12-byte header (§10.6)
            guard size >= 12 else { return tooMany(0, "curve entries", 2, header: 12) }
            return tooMany(bytes.uint32(at: start + 8), "curve entries of 2 bytes", 2, header: 12)
        default:
            return nil
        }
    }

    /// The `cicp` tag's codes and raw range-flag byte, or a problem description. Accepts the ICC.1:2022 12-byte form
    /// and LittleCMS 2.14's 16-byte form (zero bytes 4–11).
    static func cicp(in bytes: [UInt8], entry: ICCTagEntry) -> (cicp: CICP?, rangeFlag: UInt8?, problem: ICCTagProblem?)
    {
        let start = entry.offset
        func problem(_ message: String) -> (CICP?, UInt8?, ICCTagProblem?) {
            (nil, nil, ICCTagProblem(tag: .cicpTag, messages: [message]))
        }
        guard entry.typeSignature == .cicpTag else {
            return problem("cicp tag has type '\(entry.typeSignature)' instead of 'cicp'")
        }
        let codes: Int
        if entry.size == 12 {
            codes = start + 8
        } else if entry.size == 16, bytes[(start + 4)..<(start + 12)].allSatisfy({ $0 == 0 }) {
            codes = start + 12
        } else {
            return problem("cicp tag is \(entry.size) bytes; ICC.1:2022 cicpType is 12")
        }
        let cicp = CICP(
            colorPrimaries: bytes[codes], transferCharacteristics: bytes[codes + 1],
            matrixCoefficients: bytes[codes + 2], videoFullRange: bytes[codes + 3] != 0)
        return (cicp, bytes[codes + 3], nil)
    }
}
