/// A content light level written into a movie's first access unit before it is known, and filled in once the last
/// frame is measured: the bytes of the reserved units and of their filled-in form, which has the same length, so that
/// a finished file is patched in place (every offset and size the container holds stays true).
///
/// - **HEVC, H.264**: one SEI NAL unit (HEVC prefix SEI, type 39; H.264 SEI, type 6) holding a
///   `content_light_level_info` message (payload type 144, H.265 D.2.35, H.264 D.1.31) and a
///   `user_data_unregistered` message (type 5) whose UUID is ``marker``, then padding bytes. The placeholder values
///   are 0xFFFF; the real values may need an emulation-prevention byte, which the padding gives up, so the unit's
///   length never changes.
/// - **AV1**: a metadata OBU of type `METADATA_TYPE_HDR_CLL` (1, AV1 §5.8.3) with the values, then a metadata OBU of
///   an unregistered user-private type (6) holding ``marker``. AV1 has no emulation prevention: the values are
///   overwritten in place. (Padding OBUs would not do: FFmpeg's MP4 and Matroska muxers drop them.)
///
/// The marker finds the reserved unit in the written file, whatever the container did around it.
package enum ReservedContentLightLevel {
    /// The bitstreams that carry one.
    package enum Carriage: Sendable {
        case hevc, h264, av1
    }

    /// HDRColor's UUID for the reserved unit (`user_data_unregistered` and AV1 user-private metadata): no zero byte,
    /// so no emulation prevention within it.
    package static let marker: [UInt8] = [
        0x53, 0xFF, 0x9C, 0xDF, 0x77, 0xE6, 0x45, 0xA6, 0xA9, 0x68, 0x91, 0x21, 0x97, 0x15, 0x3C, 0x53,
    ]

    /// The padding bytes after the marker in the SEI form: room for the emulation-prevention bytes the values may
    /// need (at most one: see ``filled(_:maxCLL:maxFALL:)``).
    static let padding = 2

    /// The unit to put into the first access unit (Annex B start code not included; AV1 OBUs with size fields).
    package static func placeholder(_ carriage: Carriage) -> [UInt8] {
        switch carriage {
        case .hevc: [39 << 1, 1] + seiPayload(maxCLL: 0xFFFF, maxFALL: 0xFFFF, padding: padding)
        case .h264: [6] + seiPayload(maxCLL: 0xFFFF, maxFALL: 0xFFFF, padding: padding)
        case .av1: av1Units(maxCLL: 0xFFFF, maxFALL: 0xFFFF)
        }
    }

    /// The bytes that replace the placeholder's, starting `offset` bytes from the marker's first byte (negative:
    /// before it); their count equals the placeholder's bytes from there to its end.
    package static func filled(_ carriage: Carriage, maxCLL: UInt16, maxFALL: UInt16) -> (offset: Int, bytes: [UInt8]) {
        switch carriage {
        case .hevc, .h264:
            let length = seiPayload(maxCLL: 0xFFFF, maxFALL: 0xFFFF, padding: padding).count
            // An emulation-prevention byte in the values shifts the marker right; the padding shrinks to match.
            var bytes = seiPayload(maxCLL: maxCLL, maxFALL: maxFALL, padding: padding)
            for pad in stride(from: padding, through: 0, by: -1) {
                bytes = seiPayload(maxCLL: maxCLL, maxFALL: maxFALL, padding: pad)
                if bytes.count <= length { break }
            }
            precondition(bytes.count == length, "the SEI's padding absorbs its emulation-prevention bytes")
            return (-seiMarkerOffset, bytes)
        case .av1:
            return (-av1MarkerOffset, av1Units(maxCLL: maxCLL, maxFALL: maxFALL))
        }
    }

    /// Where ``marker`` first starts in `bytes`, nil when it is not there.
    package static func markerIndex(in bytes: [UInt8]) -> Int? {
        guard let first = marker.first, bytes.count >= marker.count else { return nil }
        for i in 0...(bytes.count - marker.count) where bytes[i] == first {
            if bytes[i..<(i + marker.count)].elementsEqual(marker) { return i }
        }
        return nil
    }

    /// A reserved unit in `bytes` (an access unit, as the container holds it), placeholder or filled: its values and
    /// the bytes that ``filled(_:maxCLL:maxFALL:)`` replaces (the SEI payload after the NAL header; the AV1 OBUs);
    /// nil when `bytes` holds no marker or the bytes around it are not a reserved unit. A filled unit can so be filled
    /// again, e.g. with a whole movie's values when segments converted apart are joined.
    package static func located(in bytes: [UInt8], _ carriage: Carriage) -> (
        maxCLL: UInt16, maxFALL: UInt16, range: Range<Int>
    )? {
        guard let m = markerIndex(in: bytes) else { return nil }
        let length: Int
        let start: Int
        switch carriage {
        case .hevc, .h264:
            length = seiPayload(maxCLL: 0xFFFF, maxFALL: 0xFFFF, padding: padding).count
            // The values may have gained an emulation-prevention byte, which moves the marker one byte on.
            let starts = [m - seiMarkerOffset, m - seiMarkerOffset - 1].filter {
                $0 >= 0 && $0 + length <= bytes.count && bytes[$0] == UInt8(SEIMessages.contentLightLevel)
                    && bytes[$0 + 1] == 4
            }
            guard let s = starts.first else { return nil }
            start = s
            let rbsp = EmulationPrevention.unescape(bytes[(s + 2)..<(s + 8)])
            guard rbsp.count >= 4 else { return nil }
            return (
                UInt16(rbsp[0]) << 8 | UInt16(rbsp[1]), UInt16(rbsp[2]) << 8 | UInt16(rbsp[3]), start..<(start + length)
            )
        case .av1:
            length = av1Units(maxCLL: 0, maxFALL: 0).count
            start = m - av1MarkerOffset
            guard start >= 0, start + length <= bytes.count, bytes[start + 2] == AV1OBUs.hdrCLL else { return nil }
            let v = bytes[(start + 3)..<(start + 7)].map(UInt16.init)
            return (v[0] << 8 | v[1], v[2] << 8 | v[3], start..<(start + length))
        }
    }

    /// The escaped SEI payload (after the NAL header): CLL message, marker message with `padding` 0xFF bytes, trailing
    /// bits.
    private static func seiPayload(maxCLL: UInt16, maxFALL: UInt16, padding: Int) -> [UInt8] {
        var rbsp: [UInt8] = []
        SEIMessages.appendValue(SEIMessages.contentLightLevel, to: &rbsp)
        SEIMessages.appendValue(4, to: &rbsp)
        rbsp += bigEndian(maxCLL) + bigEndian(maxFALL)
        SEIMessages.appendValue(SEIMessages.unregisteredUserData, to: &rbsp)
        SEIMessages.appendValue(marker.count + padding, to: &rbsp)
        rbsp += marker + [UInt8](repeating: 0xFF, count: padding)
        rbsp.append(0x80)  // rbsp_trailing_bits
        return EmulationPrevention.escape(rbsp)
    }

    /// Where the marker starts in the placeholder's SEI payload: type, size, four value bytes, type, size.
    private static let seiMarkerOffset = 8

    /// The AV1 form: the HDR_CLL metadata OBU, then the marker's.
    private static func av1Units(maxCLL: UInt16, maxFALL: UInt16) -> [UInt8] {
        var out: [UInt8] = []
        for payload in [[AV1OBUs.hdrCLL] + bigEndian(maxCLL) + bigEndian(maxFALL), [AV1OBUs.userPrivate] + marker] {
            out.append(AV1OBUs.metadata << 3 | 0x02)  // OBU_METADATA, no extension, obu_has_size_field
            LEB128.append(payload.count + 1, to: &out)
            out += payload + [0x80]  // trailing_bits
        }
        return out
    }

    /// Where the marker starts in the AV1 form: the 8-byte CLL OBU, then the marker OBU's header, size and type.
    private static let av1MarkerOffset = 11

    private static func bigEndian(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
}
