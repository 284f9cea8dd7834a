/// The fields of an HEVC sequence parameter set (H.265 §7.3.2.2) up to and including its VUI colour description:
/// profile, level, chroma format, size, bit depths and ``VideoUsabilityInformation``. The movie reader takes a
/// stream's tags from it; the HEIF item decoder checks limits and reads what libde265 does not expose
/// (`colour_description_present_flag`, `chroma_sample_loc_type`).
///
/// Everything between the start and the VUI is parsed, not skipped: profile_tier_level with sub-layers, the
/// conformance window, sub-layer ordering, scaling_list_data, PCM, the short-term reference picture sets (with
/// inter-RPS prediction, ``HEVCReferencePictureSets``) and the long-term references. Only base-layer SPSs
/// (nuh_layer_id 0) are read: an MV-HEVC or SHVC layer's SPS has another syntax, and the base layer's describes the
/// colour of the stream every decoder shows.
package struct HEVCSequenceParameters: Sendable {
    package var profileIDC: Int
    package var levelIDC: Int
    /// chroma_format_idc: 0 monochrome, 1 4:2:0, 2 4:2:2, 3 4:4:4.
    package var chromaFormat: Int
    /// separate_colour_plane_flag (4:4:4 coded as three monochrome planes).
    package var separateColorPlanes: Bool
    /// pic_width_in_luma_samples, pic_height_in_luma_samples: the coded size, before the conformance window.
    package var codedWidth: Int
    package var codedHeight: Int
    /// The size after the conformance window: what a decoder outputs (1920×1080 for a 1920×1088 coded picture).
    package var width: Int
    package var height: Int
    package var lumaBitDepth: Int
    package var chromaBitDepth: Int
    /// nil when vui_parameters_present_flag is 0.
    package var vui: VideoUsabilityInformation?
    /// sps_seq_parameter_set_id.
    package var sequenceID = 0
    /// log2_max_pic_order_cnt_lsb_minus4 + 4: the bits of slice_pic_order_cnt_lsb.
    package var log2MaxPOCLSB = 4

    /// Parses an SPS NAL unit, header included.
    ///
    /// - Throws: ``SyntaxError`` when it is not a base-layer SPS, ends early or holds a value the standard
    ///   forbids before the VUI's timing information.
    package static func parse(nal: ArraySlice<UInt8>) throws(SyntaxError) -> HEVCSequenceParameters {
        guard nal.count >= 3 else { throw SyntaxError("the SPS NAL unit has \(nal.count) bytes") }
        let type = (nal[nal.startIndex] >> 1) & 0x3F
        let layer = (nal[nal.startIndex] & 1) << 5 | nal[nal.startIndex + 1] >> 3
        guard type == 33 else { throw SyntaxError("NAL unit type \(type) is not an SPS (33)") }
        guard layer == 0 else { throw SyntaxError("the SPS belongs to layer \(layer), not the base layer") }
        var r = RBSPReader(nal.dropFirst(2))
        try r.skip(4, "sps_video_parameter_set_id")
        let maxSubLayersMinus1 = Int(try r.bits(3, "sps_max_sub_layers_minus1"))
        guard maxSubLayersMinus1 <= 6 else {
            throw SyntaxError("sps_max_sub_layers_minus1 is \(maxSubLayersMinus1), above the allowed 6")
        }
        try r.skip(1, "sps_temporal_id_nesting_flag")
        let (profile, level) = try profileTierLevel(&r, maxSubLayersMinus1: maxSubLayersMinus1)
        let sequenceID = try r.ue("sps_seq_parameter_set_id", maximum: 15)
        let chromaFormat = try r.ue("chroma_format_idc", maximum: 3)
        let separateColorPlanes = chromaFormat == 3 ? try r.flag("separate_colour_plane_flag") : false
        let codedWidth = try r.ue("pic_width_in_luma_samples", maximum: 1 << 16)
        let codedHeight = try r.ue("pic_height_in_luma_samples", maximum: 1 << 16)
        guard codedWidth > 0, codedHeight > 0 else {
            throw SyntaxError("the SPS picture size is \(codedWidth)×\(codedHeight)")
        }
        var (width, height) = (codedWidth, codedHeight)
        if try r.flag("conformance_window_flag") {
            var offsets: [Int] = []
            for edge in ["left", "right", "top", "bottom"] {
                offsets.append(try r.ue("conf_win_\(edge)_offset", maximum: 1 << 16))
            }
            // Offsets count chroma samples (SubWidthC, SubHeightC; §7.4.3.2.1).
            let horizontal = (offsets[0] + offsets[1]) * (chromaFormat == 1 || chromaFormat == 2 ? 2 : 1)
            let vertical = (offsets[2] + offsets[3]) * (chromaFormat == 1 ? 2 : 1)
            guard horizontal < codedWidth, vertical < codedHeight else {
                throw SyntaxError(
                    "the SPS conformance window removes the whole \(codedWidth)×\(codedHeight) picture")
            }
            (width, height) = (codedWidth - horizontal, codedHeight - vertical)
        }
        let lumaBitDepth = try r.ue("bit_depth_luma_minus8", maximum: 8) + 8
        let chromaBitDepth = try r.ue("bit_depth_chroma_minus8", maximum: 8) + 8
        let log2MaxPOCLSB = try r.ue("log2_max_pic_order_cnt_lsb_minus4", maximum: 12) + 4
        let orderingInfo = try r.flag("sps_sub_layer_ordering_info_present_flag")
        for _ in (orderingInfo ? 0 : maxSubLayersMinus1)...maxSubLayersMinus1 {
            _ = try r.ue("sps_max_dec_pic_buffering_minus1")
            _ = try r.ue("sps_max_num_reorder_pics")
            _ = try r.ue("sps_max_latency_increase_plus1")
        }
        for name in [
            "log2_min_luma_coding_block_size_minus3", "log2_diff_max_min_luma_coding_block_size",
            "log2_min_luma_transform_block_size_minus2", "log2_diff_max_min_luma_transform_block_size",
            "max_transform_hierarchy_depth_inter", "max_transform_hierarchy_depth_intra",
        ] {
            _ = try r.ue(name)
        }
        if try r.flag("scaling_list_enabled_flag"), try r.flag("sps_scaling_list_data_present_flag") {
            try scalingListData(&r)
        }
        try r.skip(2, "amp_enabled_flag and sample_adaptive_offset_enabled_flag")
        if try r.flag("pcm_enabled_flag") {
            try r.skip(8, "pcm_sample_bit_depth_luma_minus1 and pcm_sample_bit_depth_chroma_minus1")
            _ = try r.ue("log2_min_pcm_luma_coding_block_size_minus3")
            _ = try r.ue("log2_diff_max_min_pcm_luma_coding_block_size")
            try r.skip(1, "pcm_loop_filter_disabled_flag")
        }
        try HEVCReferencePictureSets.skip(&r)
        if try r.flag("long_term_ref_pics_present_flag") {
            let count = try r.ue("num_long_term_ref_pics_sps", maximum: 32)
            for _ in 0..<count {
                try r.skip(log2MaxPOCLSB, "lt_ref_pic_poc_lsb_sps")
                try r.skip(1, "used_by_curr_pic_lt_sps_flag")
            }
        }
        try r.skip(2, "sps_temporal_mvp_enabled_flag and strong_intra_smoothing_enabled_flag")
        let vui =
            try r.flag("vui_parameters_present_flag") ? try VideoUsabilityInformation.parse(&r, hevc: true) : nil
        var sps = HEVCSequenceParameters(
            profileIDC: profile, levelIDC: level, chromaFormat: chromaFormat,
            separateColorPlanes: separateColorPlanes, codedWidth: codedWidth, codedHeight: codedHeight,
            width: width, height: height,
            lumaBitDepth: lumaBitDepth, chromaBitDepth: chromaBitDepth, vui: vui)
        (sps.sequenceID, sps.log2MaxPOCLSB) = (sequenceID, log2MaxPOCLSB)
        return sps
    }

    /// profile_tier_level(1, maxNumSubLayersMinus1) (§7.3.3): the general profile and level.
    package static func profileTierLevel(_ r: inout RBSPReader, maxSubLayersMinus1: Int) throws(SyntaxError) -> (
        Int, Int
    ) {
        try r.skip(3, "general_profile_space and general_tier_flag")
        let profile = Int(try r.bits(5, "general_profile_idc"))
        try r.skip(32 + 4 + 43 + 1, "the general profile compatibility and constraint flags")
        let level = Int(try r.bits(8, "general_level_idc"))
        var subLayerProfile: [Bool] = []
        var subLayerLevel: [Bool] = []
        for _ in 0..<maxSubLayersMinus1 {
            subLayerProfile.append(try r.flag("sub_layer_profile_present_flag"))
            subLayerLevel.append(try r.flag("sub_layer_level_present_flag"))
        }
        if maxSubLayersMinus1 > 0 { try r.skip(2 * (8 - maxSubLayersMinus1), "reserved_zero_2bits") }
        for i in 0..<maxSubLayersMinus1 {
            if subLayerProfile[i] { try r.skip(88, "a sub-layer profile") }
            if subLayerLevel[i] { try r.skip(8, "sub_layer_level_idc") }
        }
        return (profile, level)
    }

    /// scaling_list_data() (§7.3.4).
    package static func scalingListData(_ r: inout RBSPReader) throws(SyntaxError) {
        for sizeID in 0..<4 {
            var matrixID = 0
            while matrixID < 6 {
                if try !r.flag("scaling_list_pred_mode_flag") {
                    _ = try r.ue(
                        "scaling_list_pred_matrix_id_delta", maximum: UInt32(sizeID == 3 ? matrixID / 3 : matrixID))
                } else {
                    let coefficients = Swift.min(64, 1 << (4 + (sizeID << 1)))
                    if sizeID > 1 { _ = try r.se("scaling_list_dc_coef_minus8") }
                    for _ in 0..<coefficients { _ = try r.se("scaling_list_delta_coef") }
                }
                matrixID += sizeID == 3 ? 3 : 1
            }
        }
    }
}
