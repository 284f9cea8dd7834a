import MediaSyntax

/// The HDR metadata of x265's `master-display` and `max-cll` parameters: the string x265 parses into its mastering
/// display (SEI 137) and content light level (SEI 144) messages.
///
/// `master-display=G(x,y)B(x,y)R(x,y)WP(x,y)L(max,min)`: the primaries in the order HEVC's SEI stores them (green,
/// blue, red), chromaticities in units of 0.00002, luminances in units of 0.0001 cd/m², all integers.
/// `max-cll=MaxCLL,MaxFALL` in whole cd/m².
enum X265Parameters {
    /// A chromaticity coordinate in units of 0.00002, rounded and clamped to the 16-bit field (0 … 50 000).
    static func chromaticityCode(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(min(50_000, max(0, (value * 50_000).rounded())))
    }

    /// A luminance in units of 0.0001 cd/m², rounded and clamped to the 32-bit field.
    static func luminanceCode(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(min(Double(UInt32.max), max(0, (value * 10_000).rounded())))
    }

    /// A light level in whole cd/m², rounded and clamped to the 16-bit field.
    static func lightLevelCode(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(min(65_535, max(0, value.rounded())))
    }

    /// `G(x,y)B(x,y)R(x,y)WP(x,y)L(max,min)`.
    static func masterDisplay(_ m: MasteringDisplayColorVolume) -> String {
        func pair(_ c: (x: Double, y: Double)) -> String { "(\(chromaticityCode(c.x)),\(chromaticityCode(c.y)))" }
        return "G" + pair((m.green.x, m.green.y)) + "B" + pair((m.blue.x, m.blue.y)) + "R" + pair((m.red.x, m.red.y))
            + "WP" + pair((m.white.x, m.white.y))
            + "L(\(luminanceCode(m.maximumLuminance)),\(luminanceCode(m.minimumLuminance)))"
    }

    /// `MaxCLL,MaxFALL`.
    static func maxCLL(_ c: ContentLightLevel) -> String {
        "\(lightLevelCode(c.maxContentLightLevel)),\(lightLevelCode(c.maxFrameAverageLightLevel))"
    }
}
