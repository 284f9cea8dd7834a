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
    /// metadata_type METADATA_TYPE_HDR_CLL (§6.7.1).
    package static let hdrCLL: UInt8 = 1
    /// The first metadata_type of the unregistered user-private range (6 … 31), which decoders skip.
    package static let userPrivate: UInt8 = 6

    /// An OBU header (§5.3.2) with its extension byte and size field (§5.3.1).
    package struct Header: Hashable, Sendable {
        /// obu_type.
        package var type: UInt8
        /// The bytes before the payload: the header byte, the extension byte when there is one, the size field.
        package var length: Int
        /// obu_size; nil without obu_has_size_field (the payload then runs to the end of the data holding the OBU).
        package var payloadSize: Int?

        /// Reads the header at the start of `bytes` (at most its first 10 bytes); nil when obu_forbidden_bit is set or
        /// the header or its size field runs past `bytes`.
        package init?(_ bytes: ArraySlice<UInt8>) {
            guard let first = bytes.first, first & 0x80 == 0 else { return nil }
            type = (first >> 3) & 0x0F
            length = first & 0x04 != 0 ? 2 : 1
            guard bytes.count >= length else { return nil }
            payloadSize = nil
            if first & 0x02 != 0 {
                guard let size = LEB128.read(bytes.dropFirst(length)) else { return nil }
                length += size.length
                payloadSize = size.value
            }
        }
    }

    /// One OBU: its type and payload range in the bytes given.
    package struct OBU {
        package var type: UInt8
        package var payload: Range<Int>
        /// Whether the OBU states its size (obu_has_size_field); one without runs to the end of the data.
        package var hasSizeField: Bool
    }

    /// The OBUs of `data` from `start`, at most `limit`; an OBU without obu_has_size_field runs to the end.
    package static func split(_ data: [UInt8], from start: Int = 0, limit: Int = 256) -> [OBU] {
        var obus: [OBU] = []
        var position = start
        while position < data.count, obus.count < limit {
            guard let header = Header(data[position...].prefix(10)),
                let payload = Bytes.range(
                    position + header.length, header.payloadSize ?? (data.count - position - header.length),
                    within: data.count)
            else { break }
            obus.append(OBU(type: header.type, payload: payload, hasSizeField: header.payloadSize != nil))
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
        guard let type = LEB128.read(payload), type.value == 4,
            payload.count > type.length
        else { return nil }
        return payload.dropFirst(type.length)
    }

    /// `payload` without the trailing_bits (§5.3.4) that end an OBU: zero bytes, then the byte of trailing_one_bit
    /// (0x80).
    package static func withoutTrailingBits(_ payload: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var bytes = payload
        while bytes.last == 0 { bytes.removeLast() }
        if bytes.last == 0x80 { bytes.removeLast() }
        return bytes
    }

    /// Decodes a metadata OBU payload.
    package static func metadata(_ payload: ArraySlice<UInt8>) -> Metadata {
        let bytes = Array(payload)
        guard let type = LEB128.read(bytes[...]) else { return .other(type: -1) }
        let body = Array(bytes.dropFirst(type.length))
        switch type.value {
        case 1 where body.count >= 4:
            return .contentLightLevel(
                ContentLightLevel(
                    maxContentLightLevel: Double(body.u16(inBounds: 0)),
                    maxFrameAverageLightLevel: Double(body.u16(inBounds: 2))))
        case 2 where body.count >= 24:
            func xy(_ i: Int) -> Chromaticity {
                Chromaticity(
                    x: Double(body.u16(inBounds: i * 4)) / 65536, y: Double(body.u16(inBounds: i * 4 + 2)) / 65536)
            }
            return .masteringDisplay(
                MasteringDisplayColorVolume(
                    red: xy(0), green: xy(1), blue: xy(2), white: xy(3),
                    maximumLuminance: Double(body.u32(inBounds: 16)) / 256,
                    minimumLuminance: Double(body.u32(inBounds: 20)) / 16384
                ))
        case 4 where !body.isEmpty:
            return .registeredUserData(isHDR10Plus: SEIMessages.isHDR10Plus(t35: body[...]))
        default:
            return .other(type: type.value)
        }
    }
}
