/// `hvcC`, the HEVCDecoderConfigurationRecord (ISO/IEC 14496-15 §8.3.3.1): the NAL-unit length size of the item
/// data and the parameter-set NAL units (VPS, SPS, PPS, SEI) that precede it.
struct HEVCConfiguration: Hashable, Sendable {
    /// `chroma_format_idc` (0 monochrome, 1 4:2:0, 2 4:2:2, 3 4:4:4) as the record states it.
    var chromaFormat: Int
    /// Luma and chroma bit depths as the record states them.
    var bitDepthLuma: Int, bitDepthChroma: Int
    /// Bytes of the big-endian length before each NAL unit of the item data: 1, 2 or 4.
    var lengthSize: Int
    /// The NAL units of the record's arrays, in order (each starts with its two-byte NAL unit header).
    var nalUnits: [[UInt8]]

    /// The most NAL units read from one record (iPhone files carry 3–4).
    static let maximumNALUnitCount = 256

    init(payload: ArraySlice<UInt8>) throws(ItemParseError) {
        var reader = ByteReader(payload, what: "'hvcC' property")
        _ = try reader.u8()  // configurationVersion (1; not checked, as libheif)
        try reader.skip(1 + 4 + 6 + 1 + 2 + 1)  // profile, compatibility, constraints, level, segmentation, parallelism
        chromaFormat = Int(try reader.u8() & 3)
        bitDepthLuma = Int(try reader.u8() & 7) + 8
        bitDepthChroma = Int(try reader.u8() & 7) + 8
        try reader.skip(2)  // avgFrameRate
        let lengthSizeMinusOne = Int(try reader.u8() & 3)
        guard lengthSizeMinusOne != 2 else {
            throw ItemParseError("'hvcC' lengthSizeMinusOne is 2; ISO/IEC 14496-15 allows 0, 1 and 3")
        }
        lengthSize = lengthSizeMinusOne + 1
        let arrays = Int(try reader.u8())
        nalUnits = []
        for _ in 0..<arrays {
            _ = try reader.u8()  // array_completeness, reserved, NAL_unit_type
            let count = Int(try reader.u16())
            for _ in 0..<count {
                guard nalUnits.count < Self.maximumNALUnitCount else {
                    throw ItemParseError("'hvcC' holds more than \(Self.maximumNALUnitCount) NAL units")
                }
                let length = Int(try reader.u16())
                guard length >= 2 else { throw ItemParseError("'hvcC' holds a NAL unit of \(length) bytes") }
                nalUnits.append(Array(try reader.take(length)))
            }
        }
    }

    /// The `nal_unit_type` of a NAL unit (H.265 §7.3.1.2), or nil for an empty one.
    static func nalUnitType(_ nal: some Collection<UInt8>) -> Int? {
        nal.first.map { Int($0 >> 1) & 0x3F }
    }

    /// The `nuh_layer_id` of a NAL unit, or nil for one shorter than its header.
    static func layerID(_ nal: [UInt8]) -> Int? {
        nal.count >= 2 ? (Int(nal[0] & 1) << 5) | Int(nal[1] >> 3) : nil
    }
}
