/// `av1C`, the AV1CodecConfigurationRecord (AV1 Codec ISO Media File Format Binding §2.3.3): the layout the stream or
/// item claims and optional configuration OBUs (a sequence header, metadata) that precede the data. One parser for
/// movie sample entries, Matroska `CodecPrivate` and AVIF item properties.
package struct AV1Configuration: Hashable, Sendable {
    /// `version` (1 in every published edition).
    package var version: Int
    /// `seq_profile`.
    package var profile: Int
    /// `seq_level_idx_0`.
    package var level: Int
    /// `high_bitdepth`, `twelve_bit`, `mono_chrome`, `chroma_subsampling_x/y` as the record states them.
    package var highBitDepth: Bool, twelveBit: Bool, monochrome: Bool, subsamplingX: Bool, subsamplingY: Bool
    /// `chroma_sample_position`: 0 unknown, 1 vertical (co-sited with the left luma sample), 2 co-located (top-left).
    package var chromaSamplePosition: Int
    /// The configOBUs (may be empty).
    package var configOBUs: [UInt8]

    /// Parses a payload (after the box header).
    ///
    /// - Throws: ``SyntaxError`` when it is shorter than its 4-byte header or its marker bit is 0.
    package init(payload: some Collection<UInt8>) throws(SyntaxError) {
        var reader = ByteReader(Array(payload)[...], what: "'av1C' property")
        let markerAndVersion = try reader.u8()
        guard markerAndVersion & 0x80 != 0 else {
            throw SyntaxError(
                "'av1C' starts with 0x\(String(markerAndVersion, radix: 16)); its marker bit (0x80) must be 1")
        }
        version = Int(markerAndVersion & 0x7F)
        let profileAndLevel = try reader.u8()
        profile = Int(profileAndLevel >> 5)
        level = Int(profileAndLevel & 0x1F)
        let flags = try reader.u8()
        highBitDepth = flags & 0x40 != 0
        twelveBit = flags & 0x20 != 0
        monochrome = flags & 0x10 != 0
        subsamplingX = flags & 0x08 != 0
        subsamplingY = flags & 0x04 != 0
        chromaSamplePosition = Int(flags & 0x03)
        _ = try reader.u8()  // initial_presentation_delay
        configOBUs = Array(reader.rest())
    }

    /// The bit depth the record states: 8, 10 or 12.
    package var bitDepth: Int { highBitDepth ? (twelveBit ? 12 : 10) : 8 }

    /// `chroma_format_idc` in H.273 terms: 0 monochrome, 1 4:2:0, 2 4:2:2, 3 4:4:4.
    package var chromaFormat: Int { monochrome ? 0 : subsamplingX && subsamplingY ? 1 : subsamplingX ? 2 : 3 }

    /// The colour config of the sequence header among the configOBUs, if one is there.
    package var sequenceHeader: AV1SequenceHeader? {
        AV1SequenceHeader.firstSequenceHeader(inOBUs: configOBUs, from: 0)
    }
}
