/// One frame's HDR10+ dynamic metadata: SMPTE ST 2094-40 application 4 as ITU-T T.35 carries it (ST 2094-40
/// Annex B; HEVC SEI payload 4, AV1 metadata OBU type 4), every field of its syntax.
///
/// Luminances follow the standard's fixed-point scales: ``targetedSystemDisplayMaximumLuminance`` in whole cd/m²;
/// ``Window/maxSCL``, ``Window/averageMaxRGB`` and percentile values in units of 0.1 cd/m² (0–100 000 for
/// 0–10 000 cd/m², linear light); fractions in the denominators the properties name.
public struct HDR10PlusMetadata: Hashable, Sendable {
    /// itu_t_t35_country_code: 0xB5 (United States).
    public var countryCode: UInt8
    /// itu_t_t35_terminal_provider_code: 0x003C.
    public var terminalProviderCode: UInt16
    /// itu_t_t35_terminal_provider_oriented_code: 0x0001.
    public var terminalProviderOrientedCode: UInt16
    /// application_identifier: 4.
    public var applicationIdentifier: UInt8
    /// application_version: 0 or 1 (1 in every HDR10+ stream seen; version 1 requires one window).
    public var applicationVersion: UInt8
    /// The geometry of windows 2 and 3 (window 1 is the whole picture): num_windows − 1 entries.
    public var processingWindows: [ProcessingWindow]
    /// targeted_system_display_maximum_luminance, cd/m² (0–10 000; 0 in profile A).
    public var targetedSystemDisplayMaximumLuminance: UInt32
    /// targeted_system_display_actual_peak_luminance, present when its flag is 1.
    public var targetedSystemDisplayActualPeakLuminance: PeakLuminanceMatrix?
    /// Per window (num_windows of them, 1–3): the scene statistics and the tone mapping curve.
    public var windows: [Window]
    /// mastering_display_actual_peak_luminance, present when its flag is 1.
    public var masteringDisplayActualPeakLuminance: PeakLuminanceMatrix?
    /// color_saturation_weight (0–63, in units of 1/8), present when color_saturation_mapping_flag is 1.
    public var colorSaturationWeight: UInt8?

    /// The statistics and curve of one processing window.
    public struct Window: Hashable, Sendable {
        /// maxscl[0…2]: the largest R, G and B in the window, 0.1 cd/m² (0–100 000).
        public var maxSCL: [UInt32]
        /// average_maxrgb: the mean of max(R, G, B), 0.1 cd/m².
        public var averageMaxRGB: UInt32
        /// distribution_maxrgb_percentages and _percentiles: num_distribution_maxrgb_percentiles (0–15) entries.
        public var distribution: [Percentile]
        /// fraction_bright_pixels, in units of 1/1000.
        public var fractionBrightPixels: UInt16
        /// The Bézier tone mapping curve, present when tone_mapping_flag is 1.
        public var toneMapping: BezierCurve?

        public init(
            maxSCL: [UInt32], averageMaxRGB: UInt32, distribution: [Percentile], fractionBrightPixels: UInt16,
            toneMapping: BezierCurve?
        ) {
            self.maxSCL = maxSCL
            self.averageMaxRGB = averageMaxRGB
            self.distribution = distribution
            self.fractionBrightPixels = fractionBrightPixels
            self.toneMapping = toneMapping
        }

        /// The largest of ``maxSCL``, 0.1 cd/m².
        public var maxSCLMaximum: UInt32 { maxSCL.max() ?? 0 }
    }

    /// One point of the maxRGB distribution.
    public struct Percentile: Hashable, Sendable {
        /// distribution_maxrgb_percentages: the percentage of pixels (0–100; 7 bits).
        public var percentage: UInt8
        /// distribution_maxrgb_percentiles: the maxRGB below which that percentage lies, 0.1 cd/m² (17 bits).
        public var value: UInt32

        public init(percentage: UInt8, value: UInt32) {
            self.percentage = percentage
            self.value = value
        }
    }

    /// The tone mapping curve: a knee point, then an N-th order Bézier curve through its anchors.
    public struct BezierCurve: Hashable, Sendable {
        /// knee_point_x, in units of 1/4095 of the scene's maximum.
        public var kneePointX: UInt16
        /// knee_point_y, in units of 1/4095 of the target display's maximum.
        public var kneePointY: UInt16
        /// bezier_curve_anchors: num_bezier_curve_anchors (0–15) values in units of 1/1023.
        public var anchors: [UInt16]

        public init(kneePointX: UInt16, kneePointY: UInt16, anchors: [UInt16]) {
            self.kneePointX = kneePointX
            self.kneePointY = kneePointY
            self.anchors = anchors
        }
    }

    /// A targeted system or mastering display's actual peak luminance: rows × columns (each 0–31) of 4-bit values
    /// in units of 1/15.
    public struct PeakLuminanceMatrix: Hashable, Sendable {
        public var rows: [[UInt8]]
        /// num_cols, kept apart from `rows` since a matrix of zero rows still states it.
        public var columns: Int

        public init(rows: [[UInt8]], columns: Int) {
            self.rows = rows
            self.columns = columns
        }
    }

    /// The geometry of a processing window beyond the first (ST 2094-40 §5.3.2): a rectangle and an ellipse.
    public struct ProcessingWindow: Hashable, Sendable {
        public var upperLeftCornerX: UInt16
        public var upperLeftCornerY: UInt16
        public var lowerRightCornerX: UInt16
        public var lowerRightCornerY: UInt16
        public var centerOfEllipseX: UInt16
        public var centerOfEllipseY: UInt16
        /// rotation_angle, degrees (0–180).
        public var rotationAngle: UInt8
        public var semimajorAxisInternalEllipse: UInt16
        public var semimajorAxisExternalEllipse: UInt16
        public var semiminorAxisExternalEllipse: UInt16
        public var overlapProcessOption: Bool

        public init(
            upperLeftCornerX: UInt16, upperLeftCornerY: UInt16, lowerRightCornerX: UInt16, lowerRightCornerY: UInt16,
            centerOfEllipseX: UInt16, centerOfEllipseY: UInt16, rotationAngle: UInt8,
            semimajorAxisInternalEllipse: UInt16,
            semimajorAxisExternalEllipse: UInt16, semiminorAxisExternalEllipse: UInt16, overlapProcessOption: Bool
        ) {
            self.upperLeftCornerX = upperLeftCornerX
            self.upperLeftCornerY = upperLeftCornerY
            self.lowerRightCornerX = lowerRightCornerX
            self.lowerRightCornerY = lowerRightCornerY
            self.centerOfEllipseX = centerOfEllipseX
            self.centerOfEllipseY = centerOfEllipseY
            self.rotationAngle = rotationAngle
            self.semimajorAxisInternalEllipse = semimajorAxisInternalEllipse
            self.semimajorAxisExternalEllipse = semimajorAxisExternalEllipse
            self.semiminorAxisExternalEllipse = semiminorAxisExternalEllipse
            self.overlapProcessOption = overlapProcessOption
        }
    }

    /// The HDR10+ profile as hdr10plus_tool names it, from the last window (the one its reader keeps): `B` with a
    /// curve of at least one anchor and a non-zero targeted display, `A` without curve and with a zero targeted
    /// display, `N/A` otherwise.
    public var profile: String {
        let curve = windows.last?.toneMapping
        switch (curve, targetedSystemDisplayMaximumLuminance) {
        case (let curve?, 1...): return curve.anchors.isEmpty ? "N/A" : "B"
        case (nil, 0): return "A"
        default: return "N/A"
        }
    }

    /// The largest MaxSCL component of all windows, 0.1 cd/m².
    public var maxSCLMaximum: UInt32 { windows.map(\.maxSCLMaximum).max() ?? 0 }

    public init(
        countryCode: UInt8 = 0xB5, terminalProviderCode: UInt16 = 0x003C, terminalProviderOrientedCode: UInt16 = 1,
        applicationIdentifier: UInt8 = 4, applicationVersion: UInt8 = 1, processingWindows: [ProcessingWindow] = [],
        targetedSystemDisplayMaximumLuminance: UInt32,
        targetedSystemDisplayActualPeakLuminance: PeakLuminanceMatrix? = nil, windows: [Window],
        masteringDisplayActualPeakLuminance: PeakLuminanceMatrix? = nil, colorSaturationWeight: UInt8? = nil
    ) {
        self.countryCode = countryCode
        self.terminalProviderCode = terminalProviderCode
        self.terminalProviderOrientedCode = terminalProviderOrientedCode
        self.applicationIdentifier = applicationIdentifier
        self.applicationVersion = applicationVersion
        self.processingWindows = processingWindows
        self.targetedSystemDisplayMaximumLuminance = targetedSystemDisplayMaximumLuminance
        self.targetedSystemDisplayActualPeakLuminance = targetedSystemDisplayActualPeakLuminance
        self.windows = windows
        self.masteringDisplayActualPeakLuminance = masteringDisplayActualPeakLuminance
        self.colorSaturationWeight = colorSaturationWeight
    }
}

/// Why an ITU-T T.35 payload is not readable HDR10+ metadata.
public enum HDR10PlusError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The header is not HDR10+'s (country 0xB5, provider 0x003C, oriented code 0x0001, application 4).
    case notHDR10Plus(String)
    /// The payload ends inside the named field.
    case truncated(String)
    /// A field holds a value the syntax forbids.
    case invalid(String)

    public var description: String {
        switch self {
        case .notHDR10Plus(let why): "not HDR10+ metadata: \(why)"
        case .truncated(let why): "truncated HDR10+ metadata: \(why)"
        case .invalid(let why): "invalid HDR10+ metadata: \(why)"
        }
    }
}
