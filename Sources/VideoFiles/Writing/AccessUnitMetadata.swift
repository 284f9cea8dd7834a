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
        let bytes = Array(access)
        let insertAt = hdr10Plus == nil ? bytes.count : firstSlice(bytes, codec: .hevc)
        out.append(contentsOf: bytes[..<insertAt])
        if let hdr10Plus {
            out += AnnexB.startCode
            out += [39 << 1, 1]  // prefix SEI, layer 0, temporal id 0
            var message: [UInt8] = []
            SEIMessages.appendValue(SEIMessages.registeredUserData, to: &message)
            SEIMessages.appendValue(hdr10Plus.count, to: &message)
            message += hdr10Plus
            message.append(0x80)  // rbsp_trailing_bits
            out += EmulationPrevention.escape(message)
        }
        out.append(contentsOf: bytes[insertAt...])
        if let rpu {
            out += AnnexB.startCode
            out += [62 << 1, 1]  // UNSPEC62, layer 0, temporal id 0
            out += rpu
        }
    }

    /// `access` (one AV1 temporal unit, OBUs with size fields as SVT-AV1 writes them) with an ITU-T T.35 metadata OBU
    /// holding `hdr10Plus` before the first OBU that is not a temporal delimiter, sequence header or metadata OBU.
    static func av1(_ access: UnsafeBufferPointer<UInt8>, hdr10Plus: [UInt8], into out: inout [UInt8]) {
        out.removeAll(keepingCapacity: true)
        let bytes = Array(access)
        let offset = firstFrameOBU(bytes)
        out.append(contentsOf: bytes[..<offset])
        var payload: [UInt8] = [4]  // metadata_type METADATA_TYPE_ITUT_T35 (leb128)
        payload += hdr10Plus
        payload.append(0x80)  // trailing_bits
        out.append(AV1OBUs.metadata << 3 | 0x02)  // OBU_METADATA, no extension, obu_has_size_field
        LEB128.append(payload.count, to: &out)
        out += payload
        out.append(contentsOf: bytes[offset...])
    }

    /// `access` with `unit` (a NAL unit without its start code, or AV1 OBUs with size fields) where a prefix SEI or a
    /// metadata OBU goes: before the first slice (HEVC, H.264), before the first OBU that is not a temporal delimiter,
    /// sequence header or metadata OBU (AV1).
    static func inserting(
        _ unit: [UInt8], into access: UnsafeBufferPointer<UInt8>, codec: VideoEncodeSettings.Codec,
        into out: inout [UInt8]
    ) {
        out.removeAll(keepingCapacity: true)
        let bytes = Array(access)
        let offset = codec == .av1 ? firstFrameOBU(bytes) : firstSlice(bytes, codec: codec)
        out.append(contentsOf: bytes[..<offset])
        if codec != .av1 { out += AnnexB.startCode }
        out += unit
        out.append(contentsOf: bytes[offset...])
    }

    /// Where the first VCL NAL unit's start code begins in Annex B `bytes` (HEVC types 0…31, H.264 types 1…5), its
    /// leading zero byte included; the end when there is none.
    private static func firstSlice(_ bytes: [UInt8], codec: VideoEncodeSettings.Codec) -> Int {
        for range in AnnexB.units(bytes, complete: true, limit: 1 << 12) {
            let header = bytes[range.lowerBound]
            let isSlice = codec == .hevc ? header >> 1 < 32 : (1...5).contains(header & 0x1F)
            guard isSlice else { continue }
            var start = range.lowerBound - 3
            if start > 0, bytes[start - 1] == 0 { start -= 1 }
            return start
        }
        return bytes.count
    }

    /// Where the first OBU that is not a temporal delimiter, sequence header, metadata or padding OBU begins.
    private static func firstFrameOBU(_ bytes: [UInt8]) -> Int {
        var offset = 0
        // OBU types: 1 sequence header, 2 temporal delimiter, 5 metadata, 15 padding.
        for obu in AV1OBUs.split(bytes) {
            guard [1, 2, 5, 15].contains(obu.type), obu.hasSizeField else { break }
            offset = obu.payload.upperBound
        }
        return offset
    }
}
