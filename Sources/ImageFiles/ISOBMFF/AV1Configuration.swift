/// `av1C`, the AV1CodecConfigurationRecord (AV1 Codec ISO Media File Format Binding §2.3.3): the layout the item
/// claims and optional configuration OBUs (a sequence header, metadata) that precede the item data.
struct AV1Configuration: Hashable, Sendable {
    /// `seq_profile`.
    var profile: Int
    /// `high_bitdepth`, `twelve_bit`, `mono_chrome`, `chroma_subsampling_x/y` as the record states them.
    var highBitDepth: Bool, twelveBit: Bool, monochrome: Bool, subsamplingX: Bool, subsamplingY: Bool
    /// The configOBUs (may be empty).
    var configOBUs: [UInt8]

    init(payload: ArraySlice<UInt8>) throws(ItemParseError) {
        var reader = ByteReader(payload, what: "'av1C' property")
        let markerAndVersion = try reader.u8()
        guard markerAndVersion == 0x81 else {
            throw ItemParseError(
                "'av1C' starts with 0x\(String(markerAndVersion, radix: 16)); marker 1 and version 1 (0x81) expected")
        }
        profile = Int(try reader.u8() >> 5)
        let flags = try reader.u8()
        highBitDepth = flags & 0x40 != 0
        twelveBit = flags & 0x20 != 0
        monochrome = flags & 0x10 != 0
        subsamplingX = flags & 0x08 != 0
        subsamplingY = flags & 0x04 != 0
        _ = try reader.u8()  // initial_presentation_delay
        configOBUs = Array(reader.rest())
    }
}
