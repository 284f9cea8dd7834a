/// Tells raw video streams, Dolby Vision RPU files and MPEG transport streams by their first bytes, never by their
/// extension: a start code followed by a plausible NAL unit header, the `DKIF` of IVF, an AV1 OBU header with valid
/// bits, transport-stream sync bytes at the packet pitch, or an RPU as an AV1 ITU-T T.35 message.
package enum StreamSignature {
    /// The format `bytes` (the start of a file) are, or nil.
    package static func format(of bytes: [UInt8]) -> MediaFileFormat? {
        // "DKIF", version 0 and a header length of 32 (little-endian).
        if bytes.matches(Array("DKIF".utf8) + [0, 0, 32, 0], at: 0) {
            return .ivf
        }
        if transportPacketSize(bytes) != nil { return .mpegTS }
        // dovi_tool's AV1 RPU files: one ITU-T T.35 message (Dolby's provider codes, the EMDF container's fixed
        // fields), with or without the country code 0xB5.
        if DolbyVisionRPU.isAV1RPUMessage(bytes.prefix(16)) { return .dolbyVisionRPU }
        if let format = annexBFormat(bytes) { return format }
        return isOBUStream(bytes) ? .av1Stream : nil
    }

    /// 188 or 192 (`.m2ts`: a 4-byte timestamp before each packet) when sync bytes 0x47 sit at that pitch in every
    /// packet `bytes` hold (at least two, at most five are checked).
    package static func transportPacketSize(_ bytes: [UInt8]) -> Int? {
        for (size, start) in [(188, 0), (192, 4)] {
            let packets = Swift.min(5, (bytes.count - start) / size)
            guard packets >= 2 else { continue }
            if (0..<packets).allSatisfy({ bytes[start + $0 * size] == 0x47 }) { return size }
        }
        return nil
    }

    /// The first NAL unit after leading zero bytes and a start code (`00 00 01`): where its header starts.
    static func firstNALHeader(_ bytes: [UInt8]) -> Int? {
        var position = 0
        while position < Swift.min(bytes.count, 64), bytes[position] == 0 { position += 1 }
        guard position >= 2, bytes.u8(position) == 1, position + 3 <= bytes.count else { return nil }
        return position + 1
    }

    /// An HEVC stream, H.264 stream or RPU file: the first NAL unit's header must be one of the types a stream starts
    /// with. The two header syntaxes do not overlap for those types: HEVC's are two bytes `0x40…0x4E` (VPS, SPS, PPS,
    /// AUD, prefix SEI) with nuh_temporal_id_plus1 ≠ 0, H.264's one byte (SPS and PPS with nal_ref_idc ≠ 0, AUD and
    /// SEI with nal_ref_idc 0).
    static func annexBFormat(_ bytes: [UInt8]) -> MediaFileFormat? {
        guard let header = firstNALHeader(bytes) else { return nil }
        let first = bytes[header]
        let second = bytes[header + 1]
        let hevcType = (first >> 1) & 0x3F
        let hevcHeaderValid = first & 0x80 == 0 && second & 0x07 != 0
        // dovi_tool writes RPU files as start code + RPU payload, the `7C 01` NAL header removed (its
        // write_rpu_file); a unit that keeps the header is read too. 0x19 is no stream-starting NAL header in HEVC
        // (type 12, reserved) or H.264 (type 25, unspecified).
        if first == DolbyVisionRPU.prefix
            || (hevcHeaderValid && hevcType == 62 && second == 0x01
                && bytes.u8(header + 2) == DolbyVisionRPU.prefix)
        {
            return .dolbyVisionRPU
        }
        if hevcHeaderValid, first & 0x01 == 0, second >> 3 == 0, [32, 33, 34, 35, 39].contains(hevcType) {
            return .hevcStream
        }
        switch first {
        case 0x27, 0x47, 0x67, 0x28, 0x48, 0x68, 0x06, 0x09: return .avcStream
        default: return nil
        }
    }

    /// An AV1 low-overhead stream: the first OBU is a temporal delimiter (empty) or a sequence header, with
    /// obu_forbidden_bit and obu_reserved_1bit clear and a size field.
    static func isOBUStream(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.first, first & 0x01 == 0, let header = AV1OBUs.Header(bytes[...]),
            let size = header.payloadSize
        else { return false }
        if first & 0x04 != 0, bytes[1] & 0x07 != 0 { return false }  // extension reserved bits
        switch header.type {
        case AV1OBUs.temporalDelimiter: return size == 0
        case AV1OBUs.sequenceHeader: return size >= 3 && size < 1 << 16
        default: return false
        }
    }
}
