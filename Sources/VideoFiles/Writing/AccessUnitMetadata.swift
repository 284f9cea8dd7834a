import MediaSyntax

/// Puts a frame's dynamic HDR metadata into the access unit an encoder made of it, as the standards place it:
///
/// - **HEVC** (H.265 §7.3.5, Annex D): the HDR10+ message as a prefix SEI NAL unit (type 39) holding one
///   `user_data_registered_itu_t_t35` message (payload type 4), before the first slice; the Dolby Vision RPU as an
///   unspecified NAL unit of type 62 (header `7C 01`) at the end of the access unit, where Dolby's decoders and FFmpeg's
///   `hevcdec` look for it. Packets are Annex B (libx265's output); the MP4 and Matroska muxers turn them into
///   length-prefixed units.
/// - **AV1** (AV1 §5.8, §6.7.2): the HDR10+ message as a metadata OBU of type `METADATA_TYPE_ITUT_T35` (4), after the
///   temporal delimiter and sequence header and before the first frame OBU, as the HDR10+ AV1 metadata specification
///   (AOM, v1.0.1) places it.
///
/// FFmpeg 5.1's libx265 and libsvtav1 wrappers read neither `AV_FRAME_DATA_DYNAMIC_HDR_PLUS` nor
/// `AV_FRAME_DATA_DOVI_RPU_BUFFER`, and Debian's x265 3.5 is built without `--dhdr10-info`: the messages are written
/// here, byte for byte as the source stored them.
enum AccessUnitMetadata {
    /// The largest HDR10+ message or RPU written (real ones hold 30 to 600 bytes).
    static let maximumPayload = DolbyVisionRPU.maximumBytes

    /// `access` (one encoded packet) with `hdr10Plus` (the T.35 message from country code 0xB5, without emulation
    /// prevention) and `rpu` (the RPU from its 0x19 prefix, escaped as stored) added, into `out` (cleared first).
    static func hevc(
        _ access: UnsafeBufferPointer<UInt8>, hdr10Plus: [UInt8]?, rpu: [UInt8]?, into out: inout [UInt8]
    ) {
        out.removeAll(keepingCapacity: true)
        let startCode: [UInt8] = [0, 0, 0, 1]
        let bytes = Array(access)
        var insertAt = bytes.count
        if hdr10Plus != nil {
            // The first VCL unit (types 0…31), found by its start code; its leading zero byte stays before it.
            for range in AnnexB.units(bytes, complete: true, limit: 1 << 12) where bytes[range.lowerBound] >> 1 < 32 {
                insertAt = range.lowerBound - 3
                if insertAt > 0, bytes[insertAt - 1] == 0 { insertAt -= 1 }
                break
            }
        }
        out.append(contentsOf: bytes[..<insertAt])
        if let hdr10Plus {
            out += startCode
            out += [39 << 1, 1]  // prefix SEI, layer 0, temporal id 0
            var message: [UInt8] = []
            appendSEIValue(4, to: &message)  // user_data_registered_itu_t_t35
            appendSEIValue(hdr10Plus.count, to: &message)
            message += hdr10Plus
            message.append(0x80)  // rbsp_trailing_bits
            out += EmulationPrevention.escape(message)
        }
        out.append(contentsOf: bytes[insertAt...])
        if let rpu {
            out += startCode
            out += [62 << 1, 1]  // UNSPEC62, layer 0, temporal id 0
            out += rpu
        }
    }

    /// `access` (one AV1 temporal unit, OBUs with size fields as SVT-AV1 writes them) with an ITU-T T.35 metadata OBU
    /// holding `hdr10Plus` before the first OBU that is not a temporal delimiter, sequence header or metadata OBU.
    static func av1(_ access: UnsafeBufferPointer<UInt8>, hdr10Plus: [UInt8], into out: inout [UInt8]) {
        out.removeAll(keepingCapacity: true)
        var offset = 0
        // OBU types: 1 sequence header, 2 temporal delimiter, 5 metadata, 15 padding.
        while offset < access.count {
            let header = access[offset]
            let type = (header >> 3) & 0xF
            guard [1, 2, 5, 15].contains(type), header & 0x02 != 0 else { break }
            let start = offset + 1 + (header & 0x04 != 0 ? 1 : 0)
            guard let (size, used) = readLEB128(access, at: start), start + used + size <= access.count else { break }
            offset = start + used + size
        }
        out.append(contentsOf: access[..<offset])
        var payload: [UInt8] = [4]  // metadata_type METADATA_TYPE_ITUT_T35 (leb128)
        payload += hdr10Plus
        payload.append(0x80)  // trailing_bits
        out.append(5 << 3 | 0x02)  // OBU_METADATA, no extension, obu_has_size_field
        appendLEB128(payload.count, to: &out)
        out += payload
        out.append(contentsOf: access[offset...])
    }

    /// An SEI payload type or size: 0xFF bytes, then the rest (H.265 §7.3.5).
    private static func appendSEIValue(_ value: Int, to out: inout [UInt8]) {
        var rest = value
        while rest >= 255 {
            out.append(255)
            rest -= 255
        }
        out.append(UInt8(rest))
    }

    private static func appendLEB128(_ value: Int, to out: inout [UInt8]) {
        var rest = value
        repeat {
            let byte = UInt8(rest & 0x7F)
            rest >>= 7
            out.append(rest > 0 ? byte | 0x80 : byte)
        } while rest > 0
    }

    /// A leb128 value (AV1 §4.10.5, at most 8 bytes) and the bytes it took.
    private static func readLEB128(_ data: UnsafeBufferPointer<UInt8>, at start: Int) -> (Int, Int)? {
        var value = 0
        for index in 0..<8 where start + index < data.count {
            let byte = data[start + index]
            value |= Int(byte & 0x7F) << (7 * index)
            if byte & 0x80 == 0 { return (value, index + 1) }
        }
        return nil
    }
}
