/// The fields of an H.264 sequence parameter set (H.264 §7.3.2.1.1) up to and including its VUI colour description:
/// profile, level, chroma format, bit depths, size and ``VideoUsabilityInformation``. Scaling matrices, picture order
/// count type 1 cycles, frame cropping and field coding are parsed on the way.
package struct AVCSequenceParameters: Sendable {
    package var profileIDC: Int
    package var levelIDC: Int
    package var chromaFormat: Int
    package var lumaBitDepth: Int
    package var chromaBitDepth: Int
    package var width: Int
    package var height: Int
    package var vui: VideoUsabilityInformation?

    /// Profiles whose SPS codes chroma_format_idc, bit depths and scaling matrices (H.264 §7.3.2.1.1).
    package static let highProfiles: Set<Int> = [100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]

    /// Parses an SPS NAL unit, header byte included.
    package static func parse(nal: ArraySlice<UInt8>) throws(SyntaxError) -> AVCSequenceParameters {
        guard let header = nal.first, header & 0x1F == 7 else {
            throw SyntaxError("NAL unit type \(nal.first.map { $0 & 0x1F } ?? 0) is not an SPS (7)")
        }
        var r = RBSPReader(nal.dropFirst())
        let profile = Int(try r.bits(8, "profile_idc"))
        try r.skip(8, "the constraint flags")
        let level = Int(try r.bits(8, "level_idc"))
        _ = try r.ue("seq_parameter_set_id", maximum: 31)
        var chromaFormat = 1
        var lumaBitDepth = 8
        var chromaBitDepth = 8
        if highProfiles.contains(profile) {
            chromaFormat = try r.ue("chroma_format_idc", maximum: 3)
            if chromaFormat == 3 { try r.skip(1, "separate_colour_plane_flag") }
            lumaBitDepth = try r.ue("bit_depth_luma_minus8", maximum: 6) + 8
            chromaBitDepth = try r.ue("bit_depth_chroma_minus8", maximum: 6) + 8
            try r.skip(1, "qpprime_y_zero_transform_bypass_flag")
            if try r.flag("seq_scaling_matrix_present_flag") {
                for index in 0..<(chromaFormat == 3 ? 12 : 8) {
                    if try r.flag("seq_scaling_list_present_flag") { try scalingList(&r, size: index < 6 ? 16 : 64) }
                }
            }
        }
        _ = try r.ue("log2_max_frame_num_minus4", maximum: 12)
        let pocType = try r.ue("pic_order_cnt_type", maximum: 2)
        if pocType == 0 {
            _ = try r.ue("log2_max_pic_order_cnt_lsb_minus4", maximum: 12)
        } else if pocType == 1 {
            try r.skip(1, "delta_pic_order_always_zero_flag")
            _ = try r.se("offset_for_non_ref_pic")
            _ = try r.se("offset_for_top_to_bottom_field")
            let cycle = try r.ue("num_ref_frames_in_pic_order_cnt_cycle", maximum: 255)
            for _ in 0..<cycle { _ = try r.se("offset_for_ref_frame") }
        }
        _ = try r.ue("max_num_ref_frames")
        try r.skip(1, "gaps_in_frame_num_value_allowed_flag")
        let widthInMacroblocks = try r.ue("pic_width_in_mbs_minus1", maximum: 4095) + 1
        let heightInMapUnits = try r.ue("pic_height_in_map_units_minus1", maximum: 4095) + 1
        let frameOnly = try r.flag("frame_mbs_only_flag")
        if !frameOnly { try r.skip(1, "mb_adaptive_frame_field_flag") }
        try r.skip(1, "direct_8x8_inference_flag")
        if try r.flag("frame_cropping_flag") {
            for edge in ["left", "right", "top", "bottom"] { _ = try r.ue("frame_crop_\(edge)_offset") }
        }
        let vui =
            try r.flag("vui_parameters_present_flag") ? try VideoUsabilityInformation.parse(&r, hevc: false) : nil
        return AVCSequenceParameters(
            profileIDC: profile, levelIDC: level, chromaFormat: chromaFormat, lumaBitDepth: lumaBitDepth,
            chromaBitDepth: chromaBitDepth, width: widthInMacroblocks * 16,
            height: heightInMapUnits * 16 * (frameOnly ? 1 : 2), vui: vui)
    }

    /// scaling_list() (§7.3.2.1.1.1): delta-coded until a zero next scale ends the list.
    package static func scalingList(_ r: inout RBSPReader, size: Int) throws(SyntaxError) {
        var last: Int64 = 8
        var next: Int64 = 8
        for _ in 0..<size {
            if next != 0 {
                let delta = try r.se("delta_scale")
                guard (-128...127).contains(delta) else {
                    throw SyntaxError("delta_scale is \(delta), outside −128…127")
                }
                next = (last + delta + 256) % 256
            }
            last = next == 0 ? last : next
        }
    }
}
