/// The fields of a VP9 uncompressed frame header (VP9 bitstream specification §6.2) up to and including
/// color_config() and frame_size(): profile, bit depth, colour space, range, subsampling and size. A WebM or IVF file
/// with no colour in its container still states these in every key frame.
package struct VP9FrameHeader: Hashable, Sendable {
    package var profile: Int
    package var bitDepth: Int
    /// color_space: 0 CS_UNKNOWN, 1 CS_BT_601, 2 CS_BT_709, 3 CS_SMPTE_170, 4 CS_SMPTE_240, 5 CS_BT_2020,
    /// 6 CS_RESERVED, 7 CS_RGB.
    package var colorSpace: Int
    package var fullRange: Bool
    package var subsamplingX: Bool
    package var subsamplingY: Bool
    package var width: Int?
    package var height: Int?

    /// The H.273 matrix coefficients of each color_space, as FFmpeg maps them (unknown 2, BT.601 5, BT.709 1,
    /// SMPTE 170M 6, SMPTE 240M 7, BT.2020 9, reserved 3, RGB 0).
    package static let matrixOfColorSpace: [UInt8] = [2, 5, 1, 6, 7, 9, 3, 0]

    /// The H.273 matrix coefficients of ``colorSpace``.
    package var matrixCoefficients: UInt8 { Self.matrixOfColorSpace[colorSpace] }

    /// chroma_format_idc-style: 1 for 4:2:0, 2 for 4:2:2, 3 for 4:4:4 (and 4:4:0, which has no code of its own).
    package var chromaFormat: Int { subsamplingX ? (subsamplingY ? 1 : 2) : 3 }

    /// Parses the header of the frame that starts `frame`; nil for a frame that shows an existing frame or an inter
    /// frame of profile 0 (they state no colour).
    ///
    /// - Throws: ``SyntaxError`` when the frame marker or sync code is wrong or the header ends early.
    package static func parse(_ frame: ArraySlice<UInt8>) throws(SyntaxError) -> VP9FrameHeader? {
        var r = Reader(bits: BitReader(frame))
        let marker = try r.bits(2, "frame_marker")
        guard marker == 2 else { throw SyntaxError("frame_marker is \(marker), not 2") }
        let low = try r.bits(1, "profile_low_bit")
        let profile = Int(try r.bits(1, "profile_high_bit") << 1 | low)
        if profile == 3 { try r.skip(1, "reserved_zero") }
        if try r.flag("show_existing_frame") { return nil }
        let keyFrame = try r.bits(1, "frame_type") == 0
        let showFrame = try r.flag("show_frame")
        let errorResilient = try r.flag("error_resilient_mode")
        if !keyFrame {
            let intraOnly = showFrame ? false : try r.flag("intra_only")
            guard intraOnly else { return nil }
            if !errorResilient { try r.skip(2, "reset_frame_context") }
            try syncCode(&r)
            guard profile > 0 else {
                return VP9FrameHeader(
                    profile: 0, bitDepth: 8, colorSpace: 1, fullRange: false, subsamplingX: true, subsamplingY: true)
            }
        } else {
            try syncCode(&r)
        }
        var header = try colorConfig(&r, profile: profile)
        if keyFrame {
            header.width = Int(try r.bits(16, "frame_width_minus_1")) + 1
            header.height = Int(try r.bits(16, "frame_height_minus_1")) + 1
        }
        return header
    }

    package static func syncCode(_ r: inout Reader) throws(SyntaxError) {
        let code = try r.bits(24, "frame_sync_code")
        guard code == 0x49_8342 else {
            throw SyntaxError("frame_sync_code is 0x\(String(code, radix: 16, uppercase: true)), not 0x498342")
        }
    }

    /// color_config() (§6.2.2).
    package static func colorConfig(_ r: inout Reader, profile: Int) throws(SyntaxError) -> VP9FrameHeader {
        let bitDepth = profile >= 2 ? (try r.flag("ten_or_twelve_bit") ? 12 : 10) : 8
        let colorSpace = Int(try r.bits(3, "color_space"))
        var header = VP9FrameHeader(
            profile: profile, bitDepth: bitDepth, colorSpace: colorSpace, fullRange: true, subsamplingX: false,
            subsamplingY: false)
        if colorSpace != 7 {
            header.fullRange = try r.flag("color_range")
            if profile == 1 || profile == 3 {
                header.subsamplingX = try r.flag("subsampling_x")
                header.subsamplingY = try r.flag("subsampling_y")
                try r.skip(1, "reserved_zero")
            } else {
                (header.subsamplingX, header.subsamplingY) = (true, true)
            }
        } else if profile == 1 || profile == 3 {
            try r.skip(1, "reserved_zero")
        }
        return header
    }
}

extension VP9FrameHeader {
    /// A bit reader whose reads past the end throw, naming the field (VP9 has no emulation prevention, so
    /// ``RBSPReader`` does not apply).
    package struct Reader {
        var bits: BitReader

        mutating func bits(_ count: Int, _ what: String) throws(SyntaxError) -> UInt32 {
            guard let value = bits.bits(count) else { throw SyntaxError("the frame header ends inside \(what)") }
            return value
        }

        mutating func flag(_ what: String) throws(SyntaxError) -> Bool { try bits(1, what) == 1 }

        mutating func skip(_ count: Int, _ what: String) throws(SyntaxError) { _ = try bits(count, what) }
    }
}

/// The VP9 codec feature metadata of a Matroska `CodecPrivate` (WebM codec mapping): ID-length-value triples; profile
/// (1), level (2), bit depth (3) and chroma subsampling (4) have one-byte values.
package enum VP9CodecFeatures {
    /// The features with one-byte values, as (ID, value), in order.
    ///
    /// - Throws: ``SyntaxError`` when the bytes end inside a feature (its byte offset in the message).
    package static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> [(id: UInt8, value: UInt8)] {
        var features: [(id: UInt8, value: UInt8)] = []
        var position = 0
        while position < bytes.count {
            guard let id = bytes.u8(position), let length = bytes.u8(position + 1),
                let value = Bytes.range(position + 2, Int(length), within: bytes.count)
            else { throw SyntaxError("ends inside a VP9 codec feature at byte \(position)") }
            position = value.upperBound
            if length == 1 { features.append((id, bytes[value.lowerBound])) }
        }
        return features
    }
}
