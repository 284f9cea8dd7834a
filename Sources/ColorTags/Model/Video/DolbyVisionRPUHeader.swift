import MediaSyntax

/// The header of a Dolby Vision RPU (rpu_data_header(), as dovi_tool's `dolby_vision` crate reads it): enough to say
/// which profile the RPU belongs to. ``DolbyVisionRPUSummary`` holds what the rest of the RPUs say.
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
    /// The profile these fields point to, as dovi_tool derives it: 5 (vdr_rpu_profile 0, full-range base layer),
    /// 7 (an enhancement layer with residual, 12-bit VDR), 4 (the same at another VDR depth), 8 (no residual); nil
    /// when the header does not say.
    public var profileHint: Int?

    /// The byte every RPU payload starts with (rpu_nal_prefix), after the HEVC NAL unit header `7C 01`.
    static let prefix = DolbyVisionRPU.prefix

    /// Parses the RPU header alone from the payload after the NAL unit header (escaped: emulation prevention is
    /// removed), for an RPU whose later parts cannot be read.
    ///
    /// - Throws: ``SyntaxError`` when the prefix is not 0x19, rpu_type is not 2, or the header ends early.
    package static func parse(_ escaped: ArraySlice<UInt8>) throws(SyntaxError) -> DolbyVisionRPUHeader {
        var r = RBSPReader(escaped.prefix(64))
        let prefix = try r.bits(8, "rpu_nal_prefix")
        guard prefix == UInt32(Self.prefix) else {
            throw SyntaxError("rpu_nal_prefix is \(prefix), not \(Self.prefix)")
        }
        return DolbyVisionRPUHeader(try DolbyVisionRPU.Header.parse(&r))
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

extension DolbyVisionRPUHeader {
    /// The public face of a parsed rpu_data_header.
    init(_ h: DolbyVisionRPU.Header) {
        self.init(
            rpuType: h.rpuType, rpuFormat: h.rpuFormat, vdrRPUProfile: h.vdrRPUProfile, vdrRPULevel: h.vdrRPULevel,
            baseLayerFullRange: h.sequenceInfoPresent ? h.baseLayerFullRange : nil,
            baseLayerBitDepth: h.baseLayerBitDepth, enhancementLayerBitDepth: h.enhancementLayerBitDepth,
            vdrBitDepth: h.vdrBitDepth, profileHint: h.profile)
    }
}
