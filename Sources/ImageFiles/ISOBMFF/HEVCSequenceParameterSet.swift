/// The fields of an HEVC sequence parameter set (H.265 §7.3.2.2.1) that the item decoder needs before and beside
/// libde265: the picture size (to check ``ImageLimits`` before libde265 allocates), the chroma format and bit depths,
/// and the VUI video signal type and chroma sample location (§E.2.1).
///
/// libde265 1.0.11 exposes the colour description and range of a decoded picture
/// (`de265_get_image_colour_primaries` …) but neither whether the VUI carried them nor `chroma_sample_loc_type`, so
/// this parser reads the SPS up to that point: profile_tier_level with sub-layers, scaling lists, PCM, every short-term
/// reference picture set (with inter-RPS prediction) and the long-term pictures before the VUI. It parses metadata
/// only; pixels come from libde265.
struct HEVCSequenceParameterSet: Hashable, Sendable {
    /// `chroma_format_idc`: 0 monochrome, 1 4:2:0, 2 4:2:2, 3 4:4:4.
    var chromaFormat: Int
    /// `separate_colour_plane_flag` (4:4:4 coded as three monochrome planes).
    var separateColourPlanes: Bool
    /// `pic_width_in_luma_samples`, `pic_height_in_luma_samples`: the coded size, before the conformance window.
    var codedWidth: Int, codedHeight: Int
    /// The size after the conformance window (what libde265 outputs).
    var width: Int, height: Int
    /// `BitDepthY`, `BitDepthC`.
    var bitDepthLuma: Int, bitDepthChroma: Int
    /// `video_full_range_flag` (0 when the VUI or its video signal type is absent).
    var videoFullRange = false
    /// `colour_primaries`, `transfer_characteristics`, `matrix_coeffs` when `colour_description_present_flag` is 1.
    var colourDescription: ColourDescription?
    /// `chroma_sample_loc_type_top_field` when `chroma_loc_info_present_flag` is 1 (0 is inferred otherwise).
    var chromaSampleLocationType: Int?

    /// The VUI colour description (H.273 code points).
    struct ColourDescription: Hashable, Sendable {
        var primaries: UInt8, transfer: UInt8, matrix: UInt8
    }

    /// Parses an SPS NAL unit (with its two-byte header; `nal_unit_type` 33).
    init(nalUnit: [UInt8]) throws(ItemParseError) {
        guard nalUnit.count > 2, HEVCConfiguration.nalUnitType(nalUnit) == 33 else {
            throw ItemParseError("not an SPS NAL unit")
        }
        var r = RBSPBitReader(nalPayload: nalUnit.dropFirst(2))
        try r.skip(4)  // sps_video_parameter_set_id
        let maxSubLayersMinus1 = Int(try r.bits(3))
        guard maxSubLayersMinus1 <= 6 else { throw ItemParseError("SPS sps_max_sub_layers_minus1 is 7") }
        try r.skip(1)  // sps_temporal_id_nesting_flag
        try Self.skipProfileTierLevel(&r, maxSubLayersMinus1: maxSubLayersMinus1)
        _ = try r.ue("sps_seq_parameter_set_id", maximum: 15)
        chromaFormat = try r.ue("chroma_format_idc", maximum: 3)
        separateColourPlanes = chromaFormat == 3 ? try r.flag() : false
        codedWidth = try r.ue("pic_width_in_luma_samples", maximum: 1 << 24)
        codedHeight = try r.ue("pic_height_in_luma_samples", maximum: 1 << 24)
        guard codedWidth > 0, codedHeight > 0 else {
            throw ItemParseError("SPS picture size is \(codedWidth)×\(codedHeight)")
        }
        let subWidth = chromaFormat == 1 || chromaFormat == 2 ? 2 : 1
        let subHeight = chromaFormat == 1 ? 2 : 1
        (width, height) = (codedWidth, codedHeight)
        if try r.flag() {  // conformance_window_flag
            var offsets: [Int] = []
            for name in ["left", "right", "top", "bottom"] {
                offsets.append(try r.ue("conf_win_\(name)_offset", maximum: 1 << 24))
            }
            let horizontal = (offsets[0] + offsets[1]) * subWidth
            let vertical = (offsets[2] + offsets[3]) * subHeight
            guard horizontal < codedWidth, vertical < codedHeight else {
                throw ItemParseError("SPS conformance window removes the whole \(codedWidth)×\(codedHeight) picture")
            }
            (width, height) = (codedWidth - horizontal, codedHeight - vertical)
        }
        bitDepthLuma = try r.ue("bit_depth_luma_minus8", maximum: 8) + 8
        bitDepthChroma = try r.ue("bit_depth_chroma_minus8", maximum: 8) + 8
        let log2MaxPOCLSB = try r.ue("log2_max_pic_order_cnt_lsb_minus4", maximum: 12) + 4
        let orderingInfoForAll = try r.flag()
        for _ in (orderingInfoForAll ? 0 : maxSubLayersMinus1)...maxSubLayersMinus1 {
            _ = try r.ue()  // sps_max_dec_pic_buffering_minus1
            _ = try r.ue()  // sps_max_num_reorder_pics
            _ = try r.ue()  // sps_max_latency_increase_plus1
        }
        for _ in 0..<6 { _ = try r.ue() }  // coding and transform block sizes, transform hierarchy depths
        if try r.flag(), try r.flag() {  // scaling_list_enabled_flag, sps_scaling_list_data_present_flag
            try Self.skipScalingListData(&r)
        }
        try r.skip(2)  // amp_enabled_flag, sample_adaptive_offset_enabled_flag
        if try r.flag() {  // pcm_enabled_flag
            try r.skip(8)
            _ = try r.ue()
            _ = try r.ue()
            try r.skip(1)
        }
        let shortTermSets = try r.ue("num_short_term_ref_pic_sets", maximum: 64)
        var sets: [ShortTermReferencePictureSet] = []
        for index in 0..<shortTermSets {
            sets.append(try ShortTermReferencePictureSet(&r, index: index, previous: sets))
        }
        if try r.flag() {  // long_term_ref_pics_present_flag
            let count = try r.ue("num_long_term_ref_pics_sps", maximum: 32)
            for _ in 0..<count { try r.skip(log2MaxPOCLSB + 1) }
        }
        try r.skip(2)  // sps_temporal_mvp_enabled_flag, strong_intra_smoothing_enabled_flag
        guard try r.flag() else { return }  // vui_parameters_present_flag
        if try r.flag() {  // aspect_ratio_info_present_flag
            if try r.bits(8) == 255 { try r.skip(32) }  // EXTENDED_SAR: sar_width, sar_height
        }
        if try r.flag() { try r.skip(1) }  // overscan_info_present_flag, overscan_appropriate_flag
        if try r.flag() {  // video_signal_type_present_flag
            try r.skip(3)  // video_format
            videoFullRange = try r.flag()
            if try r.flag() {
                colourDescription = ColourDescription(
                    primaries: UInt8(try r.bits(8)), transfer: UInt8(try r.bits(8)), matrix: UInt8(try r.bits(8)))
            }
        }
        if try r.flag() {  // chroma_loc_info_present_flag
            chromaSampleLocationType = try r.ue("chroma_sample_loc_type_top_field", maximum: 5)
            _ = try r.ue("chroma_sample_loc_type_bottom_field", maximum: 5)
        }
    }

    /// profile_tier_level(1, sps_max_sub_layers_minus1) (§7.3.3).
    private static func skipProfileTierLevel(_ r: inout RBSPBitReader, maxSubLayersMinus1: Int)
        throws(ItemParseError)
    {
        try r.skip(88 + 8)  // general profile space … general_inbld_flag, general_level_idc
        var present: [(profile: Bool, level: Bool)] = []
        for _ in 0..<maxSubLayersMinus1 { present.append((try r.flag(), try r.flag())) }
        if maxSubLayersMinus1 > 0 { try r.skip(2 * (8 - maxSubLayersMinus1)) }  // reserved_zero_2bits
        for layer in present {
            if layer.profile { try r.skip(88) }
            if layer.level { try r.skip(8) }
        }
    }

    /// scaling_list_data() (§7.3.4).
    private static func skipScalingListData(_ r: inout RBSPBitReader) throws(ItemParseError) {
        for sizeID in 0..<4 {
            for _ in stride(from: 0, to: 6, by: sizeID == 3 ? 3 : 1) {
                if try !r.flag() {  // scaling_list_pred_mode_flag
                    _ = try r.ue()  // scaling_list_pred_matrix_id_delta
                } else {
                    let coefficients = min(64, 1 << (4 + (sizeID << 1)))
                    if sizeID > 1 { _ = try r.se() }  // scaling_list_dc_coef_minus8
                    for _ in 0..<coefficients { _ = try r.se() }  // scaling_list_delta_coef
                }
            }
        }
    }
}
