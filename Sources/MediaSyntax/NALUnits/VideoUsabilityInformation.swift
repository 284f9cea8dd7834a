/// The fields of an HEVC or H.264 VUI (H.265 Annex E.2.1, H.264 Annex E.1.1) that say what the pixels mean, read up
/// to the timing information; what follows (HRD parameters, bitstream restrictions) is not needed and not read.
package struct VideoUsabilityInformation: Sendable {
    /// sar_width : sar_height (aspect_ratio_idc 255), or the ratio a table code stands for.
    package var sampleAspectRatio: PixelAspectRatio?
    /// video_signal_type_present_flag: whether the range flag (and maybe the colour description) is coded.
    package var videoSignalTypePresent = false
    /// video_full_range_flag (0 when not coded).
    package var fullRange = false
    /// colour_primaries, transfer_characteristics, matrix_coeffs when colour_description_present_flag is 1.
    package var colorDescription: (primaries: UInt8, transfer: UInt8, matrix: UInt8)?
    /// chroma_sample_loc_type_top_field and _bottom_field when chroma_loc_info_present_flag is 1.
    package var chromaSampleLocation: (top: UInt8, bottom: UInt8)?
    /// Frames per second from num_units_in_tick and time_scale (H.264 ticks are fields: two per frame).
    package var frameRate: Double?

    /// The sample aspect ratios of aspect_ratio_idc 1…16 (H.273 Table 6 / H.264 Table E-1).
    package static let aspectRatioTable: [(UInt32, UInt32)] = [
        (1, 1), (12, 11), (10, 11), (16, 11), (40, 33), (24, 11), (20, 11), (32, 11), (80, 33), (18, 11), (15, 11),
        (64, 33), (160, 99), (4, 3), (3, 2), (2, 1),
    ]

    /// Reads vui_parameters() of an HEVC SPS (`hevc`) or an H.264 SPS up to the timing information.
    package static func parse(_ r: inout RBSPReader, hevc: Bool) throws(SyntaxError) -> VideoUsabilityInformation {
        var vui = VideoUsabilityInformation()
        if try r.flag("VUI aspect_ratio_info_present_flag") {
            let idc = try r.bits(8, "VUI aspect_ratio_idc")
            if idc == 255 {
                let width = try r.bits(16, "VUI sar_width")
                let height = try r.bits(16, "VUI sar_height")
                vui.sampleAspectRatio = PixelAspectRatio(horizontal: width, vertical: height)
            } else if idc >= 1, Int(idc) <= aspectRatioTable.count {
                let (h, v) = aspectRatioTable[Int(idc) - 1]
                vui.sampleAspectRatio = PixelAspectRatio(horizontal: h, vertical: v)
            }
        }
        if try r.flag("VUI overscan_info_present_flag") { try r.skip(1, "VUI overscan_appropriate_flag") }
        if try r.flag("VUI video_signal_type_present_flag") {
            vui.videoSignalTypePresent = true
            try r.skip(3, "VUI video_format")
            vui.fullRange = try r.flag("VUI video_full_range_flag")
            if try r.flag("VUI colour_description_present_flag") {
                let primaries = UInt8(try r.bits(8, "VUI colour_primaries"))
                let transfer = UInt8(try r.bits(8, "VUI transfer_characteristics"))
                let matrix = UInt8(try r.bits(8, "VUI matrix_coeffs"))
                vui.colorDescription = (primaries, transfer, matrix)
            }
        }
        if try r.flag("VUI chroma_loc_info_present_flag") {
            let top = try r.ue("VUI chroma_sample_loc_type_top_field", maximum: 5)
            let bottom = try r.ue("VUI chroma_sample_loc_type_bottom_field", maximum: 5)
            vui.chromaSampleLocation = (UInt8(top), UInt8(bottom))
        }
        if hevc {
            // neutral_chroma_indication_flag, field_seq_flag, frame_field_info_present_flag
            try r.skip(3, "VUI neutral_chroma_indication_flag, field_seq_flag and frame_field_info_present_flag")
            if try r.flag("VUI default_display_window_flag") {
                for edge in ["left", "right", "top", "bottom"] { _ = try r.ue("VUI def_disp_win_\(edge)_offset") }
            }
        }
        if try r.flag("VUI timing_info_present_flag") {
            let units = try r.bits(32, "VUI num_units_in_tick")
            let scale = try r.bits(32, "VUI time_scale")
            if units > 0, scale > 0 { vui.frameRate = Double(scale) / Double(units) / (hevc ? 1 : 2) }
        }
        return vui
    }
}
