import MediaSyntax

/// The header of a Dolby Vision RPU (rpu_data_header(), as dovi_tool's `dolby_vision` crate reads it): enough to say
/// which profile the RPU belongs to. The mapping, NLQ and display-management data that follow are not parsed.
public struct DolbyVisionRPUHeader: Hashable, Sendable {
    /// rpu_type (2 for every RPU in use).
    public var rpuType: UInt8
    /// rpu_format (11 bits; 18 in profile 5 and 8 RPUs).
    public var rpuFormat: UInt16
    /// vdr_rpu_profile: 0 for profile 5, 1 for profiles 4, 7 and 8.
    public var vdrRPUProfile: UInt8
    /// vdr_rpu_level.
    public var vdrRPULevel: UInt8
    /// bl_video_full_range_flag (profile 5 base layers are full range); nil without vdr_seq_info.
    public var baseLayerFullRange: Bool?
    /// bl_bit_depth_minus8 + 8, el_bit_depth_minus8 + 8 and vdr_bit_depth_minus8 + 8; nil when not coded.
    public var baseLayerBitDepth: Int?
    public var enhancementLayerBitDepth: Int?
    public var vdrBitDepth: Int?
    /// The profile these fields point to, as dovi_tool guesses it: 5 (vdr_rpu_profile 0, full-range base layer),
    /// 7 (an enhancement layer with residual, 12-bit VDR), 4 (the same at another VDR depth), 8 (no residual); nil
    /// when the header does not say.
    public var profileHint: Int?

    /// The byte every RPU payload starts with (rpu_nal_prefix), after the HEVC NAL unit header `7C 01`.
    static let prefix: UInt8 = 0x19

    /// Parses the RPU header from the payload after the NAL unit header (escaped: emulation prevention is removed).
    ///
    /// - Throws: ``VideoSyntaxError`` when the prefix is not 0x19, rpu_type is not 2, or the header ends early.
    package static func parse(_ escaped: ArraySlice<UInt8>) throws(VideoSyntaxError) -> DolbyVisionRPUHeader {
        var r = RBSPReader(escaped.prefix(64))
        let prefix = try r.bits(8, "rpu_nal_prefix")
        guard prefix == UInt32(Self.prefix) else {
            throw VideoSyntaxError("rpu_nal_prefix is \(prefix), not \(Self.prefix)")
        }
        let type = UInt8(try r.bits(6, "rpu_type"))
        guard type == 2 else { throw VideoSyntaxError("rpu_type is \(type), not 2") }
        var header = DolbyVisionRPUHeader(
            rpuType: type, rpuFormat: UInt16(try r.bits(11, "rpu_format")),
            vdrRPUProfile: UInt8(try r.bits(4, "vdr_rpu_profile")), vdrRPULevel: UInt8(try r.bits(4, "vdr_rpu_level")))
        guard try r.flag("vdr_seq_info_present_flag") else { return header }
        try r.skip(1, "chroma_resampling_explicit_filter_flag")
        let coefficientType = try r.bits(2, "coefficient_data_type")
        if coefficientType == 0 { _ = try r.ue("coefficient_log2_denom", maximum: 32) }
        try r.skip(2, "vdr_rpu_normalized_idc")
        header.baseLayerFullRange = try r.flag("bl_video_full_range_flag")
        var residual = false
        if header.rpuFormat & 0x700 == 0 {
            header.baseLayerBitDepth = try r.ue("bl_bit_depth_minus8", maximum: 8) + 8
            header.enhancementLayerBitDepth = try r.ue("el_bit_depth_minus8", maximum: 8) + 8
            header.vdrBitDepth = try r.ue("vdr_bit_depth_minus8", maximum: 8) + 8
            try r.skip(4, "spatial_resampling_filter_flag and reserved_zero_3bits")
            let elResampling = try r.flag("el_spatial_resampling_filter_flag")
            let disableResidual = try r.flag("disable_residual_flag")
            residual = elResampling && !disableResidual
        }
        switch header.vdrRPUProfile {
        case 0: header.profileHint = header.baseLayerFullRange == true ? 5 : nil
        case 1: header.profileHint = residual ? (header.vdrBitDepth == 12 ? 7 : 4) : 8
        default: break
        }
        return header
    }

    /// `"rpu_type 2, rpu_format 18, vdr_rpu_profile 1 (profile 8), BL 10-bit, EL 10-bit, VDR 12-bit"`.
    public var summary: String {
        var parts = [
            "rpu_type \(rpuType)", "rpu_format \(rpuFormat)",
            "vdr_rpu_profile \(vdrRPUProfile)" + (profileHint.map { " (profile \($0))" } ?? ""),
        ]
        if let baseLayerFullRange { parts.append("BL \(baseLayerFullRange ? "full" : "narrow") range") }
        if let baseLayerBitDepth { parts.append("BL \(baseLayerBitDepth)-bit") }
        if let enhancementLayerBitDepth { parts.append("EL \(enhancementLayerBitDepth)-bit") }
        if let vdrBitDepth { parts.append("VDR \(vdrBitDepth)-bit") }
        return parts.joined(separator: ", ")
    }
}
