extension HDR10PlusMetadata {
    /// Parses an ITU-T T.35 payload, country code first, emulation prevention already removed (an SEI message's or
    /// an AV1 metadata OBU's payload). Bytes after the last field (trailing bits, padding) are ignored.
    ///
    /// - Throws: ``HDR10PlusError/notHDR10Plus(_:)`` for another T.35 record, ``HDR10PlusError/truncated(_:)`` when
    ///   the payload ends inside a field, ``HDR10PlusError/invalid(_:)`` for num_windows 0.
    public static func parse(t35 payload: some Collection<UInt8>) throws(HDR10PlusError) -> HDR10PlusMetadata {
        var r = RBSPReader(unescaped: Array(payload))
        func fields<T>(_ read: (inout RBSPReader) throws(SyntaxError) -> T) throws(HDR10PlusError) -> T {
            do { return try read(&r) } catch { throw .truncated(error.message) }
        }
        let (country, provider, oriented, application) = try fields { r throws(SyntaxError) in
            (
                UInt8(try r.bits(8, "itu_t_t35_country_code")),
                UInt16(try r.bits(16, "itu_t_t35_terminal_provider_code")),
                UInt16(try r.bits(16, "itu_t_t35_terminal_provider_oriented_code")),
                UInt8(try r.bits(8, "application_identifier"))
            )
        }
        guard country == 0xB5, provider == 0x003C, oriented == 1, application == 4 else {
            throw .notHDR10Plus(
                "country \(hex(country, 2)), provider \(hex(provider, 4)), oriented code \(hex(oriented, 4)), "
                    + "application \(application) (HDR10+ is 0xB5, 0x003C, 0x0001, 4)")
        }
        let (version, windowCount) = try fields { r throws(SyntaxError) in
            (UInt8(try r.bits(8, "application_version")), Int(try r.bits(2, "num_windows")))
        }
        guard windowCount > 0 else { throw .invalid("num_windows is 0 (1 to 3 allowed)") }
        var metadata = try fields { r throws(SyntaxError) in try body(&r, windowCount: windowCount) }
        metadata.applicationVersion = version
        return metadata
    }

    /// `0x` and `digits` upper-case hexadecimal digits.
    private static func hex(_ value: some BinaryInteger, _ digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: Swift.max(0, digits - text.count)) + text
    }

    /// Everything after num_windows.
    private static func body(_ r: inout RBSPReader, windowCount: Int) throws(SyntaxError) -> HDR10PlusMetadata {
        var processing: [ProcessingWindow] = []
        for _ in 1..<windowCount { processing.append(try ProcessingWindow(&r)) }
        let target = try r.bits(27, "targeted_system_display_maximum_luminance")
        let targetPeak =
            try r.flag("targeted_system_display_actual_peak_luminance_flag")
            ? try PeakLuminanceMatrix(&r, "targeted_system_display_actual_peak_luminance") : nil
        var windows: [Window] = []
        for _ in 0..<windowCount {
            var maxSCL: [UInt32] = []
            for _ in 0..<3 { maxSCL.append(try r.bits(17, "maxscl")) }
            let average = try r.bits(17, "average_maxrgb")
            let count = Int(try r.bits(4, "num_distribution_maxrgb_percentiles"))
            var distribution: [Percentile] = []
            for _ in 0..<count {
                distribution.append(
                    Percentile(
                        percentage: UInt8(try r.bits(7, "distribution_maxrgb_percentages")),
                        value: try r.bits(17, "distribution_maxrgb_percentiles")))
            }
            let bright = UInt16(try r.bits(10, "fraction_bright_pixels"))
            windows.append(
                Window(
                    maxSCL: maxSCL, averageMaxRGB: average, distribution: distribution, fractionBrightPixels: bright,
                    toneMapping: nil))
        }
        let masteringPeak =
            try r.flag("mastering_display_actual_peak_luminance_flag")
            ? try PeakLuminanceMatrix(&r, "mastering_display_actual_peak_luminance") : nil
        for index in windows.indices where try r.flag("tone_mapping_flag") {
            let x = UInt16(try r.bits(12, "knee_point_x"))
            let y = UInt16(try r.bits(12, "knee_point_y"))
            let count = Int(try r.bits(4, "num_bezier_curve_anchors"))
            var anchors: [UInt16] = []
            for _ in 0..<count { anchors.append(UInt16(try r.bits(10, "bezier_curve_anchors"))) }
            windows[index].toneMapping = BezierCurve(kneePointX: x, kneePointY: y, anchors: anchors)
        }
        let weight = try r.flag("color_saturation_mapping_flag") ? UInt8(try r.bits(6, "color_saturation_weight")) : nil
        return HDR10PlusMetadata(
            processingWindows: processing,
            targetedSystemDisplayMaximumLuminance: target, targetedSystemDisplayActualPeakLuminance: targetPeak,
            windows: windows, masteringDisplayActualPeakLuminance: masteringPeak, colorSaturationWeight: weight)
    }
}

extension HDR10PlusMetadata.ProcessingWindow {
    init(_ r: inout RBSPReader) throws(SyntaxError) {
        func u16(_ name: String) throws(SyntaxError) -> UInt16 { UInt16(try r.bits(16, name)) }
        upperLeftCornerX = try u16("window_upper_left_corner_x")
        upperLeftCornerY = try u16("window_upper_left_corner_y")
        lowerRightCornerX = try u16("window_lower_right_corner_x")
        lowerRightCornerY = try u16("window_lower_right_corner_y")
        centerOfEllipseX = try u16("center_of_ellipse_x")
        centerOfEllipseY = try u16("center_of_ellipse_y")
        rotationAngle = UInt8(try r.bits(8, "rotation_angle"))
        semimajorAxisInternalEllipse = try u16("semimajor_axis_internal_ellipse")
        semimajorAxisExternalEllipse = try u16("semimajor_axis_external_ellipse")
        semiminorAxisExternalEllipse = try u16("semiminor_axis_external_ellipse")
        overlapProcessOption = try r.flag("overlap_process_option")
    }
}

extension HDR10PlusMetadata.PeakLuminanceMatrix {
    init(_ r: inout RBSPReader, _ name: String) throws(SyntaxError) {
        let rowCount = Int(try r.bits(5, "num_rows_\(name)"))
        columns = Int(try r.bits(5, "num_cols_\(name)"))
        rows = []
        for _ in 0..<rowCount {
            var row: [UInt8] = []
            for _ in 0..<columns { row.append(UInt8(try r.bits(4, name))) }
            rows.append(row)
        }
    }
}
