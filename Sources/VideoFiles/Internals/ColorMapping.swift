internal import CFFmpeg
import ColorSpaces
import MediaSyntax
import PixelBuffers
import PixelConversion
import SignalCoding

/// FFmpeg's colour fields ⇄ H.273 code points and this package's types. FFmpeg's `AVColorPrimaries`,
/// `AVColorTransferCharacteristic` and `AVColorSpace` use the H.273 numbers; `AVColorRange` is 0 unspecified,
/// 1 MPEG (narrow), 2 JPEG (full); `AVChromaLocation` is the H.273 `chroma_sample_loc_type` + 1 (0 unspecified).
enum ColorMapping {
    /// The code points of FFmpeg's fields. An unspecified range reads as narrow for Y′CbCr and full for RGB.
    static func cicp(
        primaries: AVColorPrimaries, transfer: AVColorTransferCharacteristic, matrix: AVColorSpace,
        range: AVColorRange, isRGB: Bool
    ) -> CICP {
        CICP(
            colorPrimaries: UInt8(truncatingIfNeeded: primaries.rawValue),
            transferCharacteristics: UInt8(truncatingIfNeeded: transfer.rawValue),
            matrixCoefficients: UInt8(truncatingIfNeeded: matrix.rawValue),
            videoFullRange: range == AVCOL_RANGE_JPEG || (range == AVCOL_RANGE_UNSPECIFIED && isRGB))
    }

    /// The siting of an `AVChromaLocation`, `nil` when unspecified or unknown.
    static func chromaLocation(_ location: AVChromaLocation) -> ChromaLocation? {
        ChromaLocation(chromaSampleLocationType: Int(location.rawValue) - 1)
    }

    /// The `AVChromaLocation` of a siting.
    static func avChromaLocation(_ location: ChromaLocation) -> AVChromaLocation {
        AVChromaLocation(rawValue: UInt32(location.chromaSampleLocationType + 1))
    }

    /// The encoding of frames of `format` with the signalled code points: unspecified (2), reserved or unsupported
    /// fields are replaced by `assumed`'s, and listed.
    static func encoding(
        format: PixelFormat, cicp: CICP, chromaLocation: ChromaLocation?, assumed: CICP
    ) -> (PixelEncoding, Set<CICP.Field>) {
        var effective = cicp
        var replaced: Set<CICP.Field> = []
        if (try? ColorSpace(
            cicp: CICP(
                colorPrimaries: cicp.colorPrimaries, transferCharacteristics: assumed.transferCharacteristics,
                matrixCoefficients: 0, videoFullRange: true))) == nil
        {
            effective.colorPrimaries = assumed.colorPrimaries
            replaced.insert(.colorPrimaries)
        }
        if (try? ColorSpace(
            cicp: CICP(
                colorPrimaries: effective.colorPrimaries, transferCharacteristics: cicp.transferCharacteristics,
                matrixCoefficients: 0, videoFullRange: true))) == nil
        {
            effective.transferCharacteristics = assumed.transferCharacteristics
            replaced.insert(.transferCharacteristics)
        }
        if format.colorModel == .yCbCr, (try? effective.yCbCrMatrix()) == nil {
            effective.matrixCoefficients = assumed.matrixCoefficients
            replaced.insert(.matrixCoefficients)
        }
        if let encoding = try? PixelEncoding(cicp: effective, format: format, chromaLocation: chromaLocation) {
            return (encoding, replaced)
        }
        // The assumed colour itself is unusable (or a matrix PixelEncoding rejects): fall back to BT.709.
        let fallback = CICP(
            colorPrimaries: 1, transferCharacteristics: 1, matrixCoefficients: 1, videoFullRange: cicp.videoFullRange)
        let encoding =
            (try? PixelEncoding(cicp: fallback, format: format, chromaLocation: chromaLocation))
            ?? PixelEncoding(
                format: format, colorSpace: .bt709, matrix: format.colorModel == .yCbCr ? .bt709 : nil,
                chromaLocation: chromaLocation)
        return (encoding, Set(CICP.Field.allCases).subtracting([.videoFullRangeFlag]))
    }

    // MARK: HDR metadata

    /// A mastering display from FFmpeg's struct (R, G, B order), when it has primaries or luminances.
    static func masteringDisplay(_ m: AVMasteringDisplayMetadata) -> MasteringDisplayColorVolume? {
        guard m.has_primaries != 0 || m.has_luminance != 0 else { return nil }
        func q(_ r: AVRational) -> Double { r.den == 0 ? 0 : Double(r.num) / Double(r.den) }
        let p = m.display_primaries
        return MasteringDisplayColorVolume(
            red: Chromaticity(x: q(p.0.0), y: q(p.0.1)), green: Chromaticity(x: q(p.1.0), y: q(p.1.1)),
            blue: Chromaticity(x: q(p.2.0), y: q(p.2.1)),
            white: Chromaticity(x: q(m.white_point.0), y: q(m.white_point.1)),
            maximumLuminance: q(m.max_luminance), minimumLuminance: q(m.min_luminance))
    }

    /// A content light level from FFmpeg's struct.
    static func contentLightLevel(_ c: AVContentLightMetadata) -> ContentLightLevel {
        ContentLightLevel(
            maxContentLightLevel: Double(c.MaxCLL), maxFrameAverageLightLevel: Double(c.MaxFALL))
    }

    /// Fills FFmpeg's struct in the units HEVC and `mdcv` store: chromaticities in 0.00002, luminances in 0.0001 cd/m²
    /// (as rationals over 50 000 and 10 000, so nothing is lost when the muxer writes the integer fields).
    static func fill(_ m: inout AVMasteringDisplayMetadata, from v: MasteringDisplayColorVolume) {
        func chroma(_ x: Double) -> AVRational {
            AVRational(num: Int32(X265Parameters.chromaticityCode(x)), den: 50_000)
        }
        func luminance(_ l: Double) -> AVRational {
            AVRational(num: Int32(clamping: X265Parameters.luminanceCode(l)), den: 10_000)
        }
        m.display_primaries = (
            (chroma(v.red.x), chroma(v.red.y)), (chroma(v.green.x), chroma(v.green.y)),
            (chroma(v.blue.x), chroma(v.blue.y))
        )
        m.white_point = (chroma(v.white.x), chroma(v.white.y))
        m.max_luminance = luminance(v.maximumLuminance)
        m.min_luminance = luminance(v.minimumLuminance)
        m.has_primaries = 1
        m.has_luminance = 1
    }

    /// A Dolby Vision record from FFmpeg's struct, through the 5 bytes of its ISO box body.
    static func dolbyVision(_ r: AVDOVIDecoderConfigurationRecord) -> DolbyVisionConfiguration? {
        let bits =
            UInt16(r.dv_profile & 0x7F) << 9 | UInt16(r.dv_level & 0x3F) << 3 | UInt16(r.rpu_present_flag & 1) << 2
            | UInt16(r.el_present_flag & 1) << 1 | UInt16(r.bl_present_flag & 1)
        let bytes = [
            r.dv_version_major, r.dv_version_minor, UInt8(bits >> 8), UInt8(bits & 0xFF),
            (r.dv_bl_signal_compatibility_id & 0xF) << 4,
        ]
        let profile = r.dv_profile
        return DolbyVisionConfiguration(
            bytes: bytes, boxType: (profile > 10 ? BoxType.dvwC : profile > 7 ? .dvvC : .dvcC).rawValue)
    }
}
