import ColorSpaces

/// AV1 open bitstream units in the low-overhead format (AV1 specification §5.3) as ISOBMFF samples, Matroska blocks
/// and `av1C` configOBUs hold them, and the metadata OBUs (§5.8, §6.7) that carry HDR metadata.
package enum AV1OBUs {
    /// OBU_SEQUENCE_HEADER.
    package static let sequenceHeader: UInt8 = 1
    /// OBU_TEMPORAL_DELIMITER: the start of each temporal unit (frame) of a stream.
    package static let temporalDelimiter: UInt8 = 2
    /// OBU_METADATA.
    package static let metadata: UInt8 = 5

    /// One OBU: its type and payload range in the bytes given.
    package struct OBU {
        package var type: UInt8
        package var payload: Range<Int>
    }

    /// The OBUs of `data` from `start`, at most `limit`; an OBU without obu_has_size_field runs to the end.
    package static func split(_ data: [UInt8], from start: Int = 0, limit: Int = 256) -> [OBU] {
        var obus: [OBU] = []
        var position = start
        while position < data.count, obus.count < limit {
            let header = data[position]
            guard header & 0x80 == 0 else { break }  // obu_forbidden_bit
            position += header & 0x04 != 0 ? 2 : 1
            var size = data.count - position
            if header & 0x02 != 0 {
                guard let parsed = AV1SequenceHeader.leb128(data, at: position) else { break }
                position += parsed.length
                size = parsed.value
            }
            guard let payload = Bytes.range(position, size, within: data.count) else { break }
            obus.append(OBU(type: (header >> 3) & 0x0F, payload: payload))
            position = payload.upperBound
        }
        return obus
    }

    /// What a metadata OBU holds.
    package enum Metadata {
        /// METADATA_TYPE_HDR_CLL (1): max_cll, max_fall in cd/m².
        case contentLightLevel(ContentLightLevel)
        /// METADATA_TYPE_HDR_MDCV (2): primaries R, G, B and white in 0.16 fixed point, luminance_max in 24.8,
        /// luminance_min in 18.14.
        case masteringDisplay(MasteringDisplayColorVolume)
        /// METADATA_TYPE_ITUT_T35 (4): whether it is an HDR10+ record.
        case registeredUserData(isHDR10Plus: Bool)
        /// Another type, or a payload too short for its type.
        case other(type: Int)
    }

    /// The ITU-T T.35 message (from itu_t_t35_country_code on, trailing bits included) of a metadata OBU payload of
    /// type METADATA_TYPE_ITUT_T35 (4); nil for another type.
    package static func itutT35(_ payload: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard let type = AV1SequenceHeader.leb128(Array(payload.prefix(8)), at: 0), type.value == 4,
            payload.count > type.length
        else { return nil }
        return payload.dropFirst(type.length)
    }

    /// Decodes a metadata OBU payload.
    package static func metadata(_ payload: ArraySlice<UInt8>) -> Metadata {
        let bytes = Array(payload)
        guard let type = AV1SequenceHeader.leb128(bytes, at: 0) else { return .other(type: -1) }
        let body = Array(bytes.dropFirst(type.length))
        switch type.value {
        case 1 where body.count >= 4:
            return .contentLightLevel(
                ContentLightLevel(
                    maxContentLightLevel: Double(body.u16(at: 0)), maxFrameAverageLightLevel: Double(body.u16(at: 2))))
        case 2 where body.count >= 24:
            func xy(_ i: Int) -> Chromaticity {
                Chromaticity(x: Double(body.u16(at: i * 4)) / 65536, y: Double(body.u16(at: i * 4 + 2)) / 65536)
            }
            return .masteringDisplay(
                MasteringDisplayColorVolume(
                    red: xy(0), green: xy(1), blue: xy(2), white: xy(3),
                    maximumLuminance: Double(body.u32(at: 16)) / 256, minimumLuminance: Double(body.u32(at: 20)) / 16384
                ))
        case 4 where !body.isEmpty:
            return .registeredUserData(isHDR10Plus: SEIMessages.isHDR10Plus(t35: body[...]))
        default:
            return .other(type: type.value)
        }
    }
}
