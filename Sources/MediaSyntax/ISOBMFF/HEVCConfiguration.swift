/// `hvcC`, the HEVCDecoderConfigurationRecord (ISO/IEC 14496-15 §8.3.3.1): the profile fields, the NAL-unit length
/// size of the samples or item data, and the parameter-set NAL units (VPS, SPS, PPS, SEI) that precede them. One
/// parser for movie sample entries, Matroska `CodecPrivate` and HEIF item properties.
package struct HEVCConfiguration: Hashable, Sendable {
    /// `general_profile_idc`.
    package var profileIDC: Int
    /// `general_level_idc`.
    package var levelIDC: Int
    /// `chroma_format_idc` (0 monochrome, 1 4:2:0, 2 4:2:2, 3 4:4:4) as the record states it.
    package var chromaFormat: Int
    /// Luma and chroma bit depths as the record states them.
    package var bitDepthLuma: Int, bitDepthChroma: Int
    /// `lengthSizeMinusOne + 1`: bytes of the big-endian length before each NAL unit (1, 2 or 4; 3 is not allowed
    /// and is left to the caller to refuse).
    package var lengthSize: Int
    /// The NAL units of the record's arrays, in order (each starts with its two-byte NAL unit header).
    package var nalUnits: [[UInt8]]
    /// Where each of ``nalUnits`` sits, as offsets from the start of the payload.
    package var nalUnitRanges: [Range<Int>]
    /// Whether an array declares a NAL unit that runs past the record's end (the units before it are kept).
    package var arraysTruncated: Bool

    /// The most NAL units read from one record (iPhone files carry 3–4).
    package static let maximumNALUnitCount = 256

    /// Parses a payload (after the box header).
    ///
    /// - Throws: ``SyntaxError`` when the payload is shorter than the 23-byte header, or lists more than
    ///   ``maximumNALUnitCount`` NAL units.
    package init(payload: some Collection<UInt8>) throws(SyntaxError) {
        let data = Array(payload)
        guard data.count >= 23 else {
            throw SyntaxError("'hvcC' has \(data.count) bytes, fewer than its 23-byte header")
        }
        profileIDC = Int(data[1] & 0x1F)
        levelIDC = Int(data[12])
        chromaFormat = Int(data[16] & 3)
        bitDepthLuma = Int(data[17] & 7) + 8
        bitDepthChroma = Int(data[18] & 7) + 8
        lengthSize = Int(data[21] & 3) + 1
        nalUnits = []
        nalUnitRanges = []
        arraysTruncated = false
        var position = 23
        arrays: for _ in 0..<Int(data[22]) {
            guard let count = data.u16(position + 1) else {
                arraysTruncated = true
                break
            }
            position += 3
            for _ in 0..<Int(count) {
                guard let length = data.u16(position),
                    let unit = Bytes.range(position + 2, Int(length), within: data.count)
                else {
                    arraysTruncated = true
                    break arrays
                }
                position = unit.upperBound
                guard length > 0 else { continue }
                guard nalUnits.count < Self.maximumNALUnitCount else {
                    throw SyntaxError("'hvcC' holds more than \(Self.maximumNALUnitCount) NAL units")
                }
                nalUnits.append(Array(data[unit]))
                nalUnitRanges.append(unit)
            }
        }
    }

    /// The `nal_unit_type` of a NAL unit (H.265 §7.3.1.2), or nil for an empty one.
    package static func nalUnitType(_ nal: some Collection<UInt8>) -> Int? {
        nal.first.map { Int($0 >> 1) & 0x3F }
    }

    /// The `nuh_layer_id` of a NAL unit, or nil for one shorter than its header.
    package static func layerID(_ nal: [UInt8]) -> Int? {
        nal.count >= 2 ? (Int(nal[0] & 1) << 5) | Int(nal[1] >> 3) : nil
    }
}
