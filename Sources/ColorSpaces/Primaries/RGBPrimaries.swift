/// The colorimetry of an RGB space: the chromaticities of its red, green and blue primaries and its white point.
///
/// Equality compares names as well as coordinates (``smpte170M`` and ``smpte240M`` have equal coordinates but are
/// different values); use ``isApproximatelyEqual(to:tolerance:)`` to compare colorimetry.
public struct RGBPrimaries: Hashable, Sendable, CustomStringConvertible {
    /// The red primary.
    public var red: Chromaticity
    /// The green primary.
    public var green: Chromaticity
    /// The blue primary.
    public var blue: Chromaticity
    /// The white point (R = G = B).
    public var white: WhitePoint
    /// A short human-readable name, e.g. "BT.709".
    public var name: String

    /// Creates primaries from chromaticities, a white point and a name.
    @inlinable
    public init(red: Chromaticity, green: Chromaticity, blue: Chromaticity, white: WhitePoint, name: String) {
        self.red = red
        self.green = green
        self.blue = blue
        self.white = white
        self.name = name
    }

    /// Creates primaries from xy pairs (red, green, blue).
    @inlinable
    public init(
        red: (x: Double, y: Double), green: (x: Double, y: Double), blue: (x: Double, y: Double),
        white: WhitePoint, name: String
    ) {
        self.init(
            red: Chromaticity(x: red.x, y: red.y), green: Chromaticity(x: green.x, y: green.y),
            blue: Chromaticity(x: blue.x, y: blue.y), white: white, name: name)
    }

    public var description: String { "\(name) (R \(red), G \(green), B \(blue), W \(white))" }
}

// MARK: - Catalog

extension RGBPrimaries {
    /// ITU-R BT.709-6 (sRGB, IEC 61966-2-1); H.273 ColourPrimaries 1.
    public static let bt709 = RGBPrimaries(
        red: (0.640, 0.330), green: (0.300, 0.600), blue: (0.150, 0.060), white: .d65, name: "BT.709")
    /// ITU-R BT.470-6 System M (NTSC 1953), white C; H.273 ColourPrimaries 4.
    public static let bt470M = RGBPrimaries(
        red: (0.67, 0.33), green: (0.21, 0.71), blue: (0.14, 0.08), white: .c, name: "BT.470 System M")
    /// ITU-R BT.470-6 System B, G (BT.601 625-line, PAL/SECAM); H.273 ColourPrimaries 5.
    public static let bt470BG = RGBPrimaries(
        red: (0.64, 0.33), green: (0.29, 0.60), blue: (0.15, 0.06), white: .d65, name: "BT.470 System B, G")
    /// SMPTE ST 170M (BT.601 525-line, NTSC); H.273 ColourPrimaries 6.
    public static let smpte170M = RGBPrimaries(
        red: (0.630, 0.340), green: (0.310, 0.595), blue: (0.155, 0.070), white: .d65, name: "SMPTE 170M")
    /// SMPTE ST 240M, the same primaries as SMPTE 170M; H.273 ColourPrimaries 7.
    public static let smpte240M = RGBPrimaries(
        red: (0.630, 0.340), green: (0.310, 0.595), blue: (0.155, 0.070), white: .d65, name: "SMPTE 240M")
    /// Generic film (colour filters Wratten 25, 58, 47), white C; H.273 ColourPrimaries 8.
    public static let genericFilm = RGBPrimaries(
        red: (0.681, 0.319), green: (0.243, 0.692), blue: (0.145, 0.049), white: .c, name: "Generic film")
    /// ITU-R BT.2020-2 and BT.2100 (wide-gamut UHD and HDR); H.273 ColourPrimaries 9.
    public static let bt2020 = RGBPrimaries(
        red: (0.708, 0.292), green: (0.170, 0.797), blue: (0.131, 0.046), white: .d65, name: "BT.2020")
    /// SMPTE ST 428-1 CIE 1931 XYZ as RGB, white E (RGB → XYZ is the identity); H.273 ColourPrimaries 10.
    public static let xyz = RGBPrimaries(
        red: (1, 0), green: (0, 1), blue: (0, 0), white: .e, name: "SMPTE ST 428-1 (CIE XYZ)")
    /// DCI-P3 (SMPTE RP 431-2), DCI white; H.273 ColourPrimaries 11.
    public static let dciP3 = RGBPrimaries(
        red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060), white: .dci, name: "DCI-P3")
    /// P3-D65 (SMPTE EG 432-1), Apple's Display P3 primaries; H.273 ColourPrimaries 12.
    public static let displayP3 = RGBPrimaries(
        red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060), white: .d65, name: "Display P3")
    /// EBU Tech. 3213-E (JEDEC P22 phosphors); H.273 ColourPrimaries 22.
    public static let ebu3213 = RGBPrimaries(
        red: (0.630, 0.340), green: (0.295, 0.605), blue: (0.155, 0.077), white: .d65, name: "EBU Tech. 3213-E")
    /// Adobe RGB (1998).
    public static let adobeRGB = RGBPrimaries(
        red: (0.640, 0.330), green: (0.210, 0.710), blue: (0.150, 0.060), white: .d65, name: "Adobe RGB (1998)")
    /// ProPhoto RGB (ROMM RGB, ISO 22028-2), white D50.
    public static let proPhoto = RGBPrimaries(
        red: (0.7347, 0.2653), green: (0.1596, 0.8404), blue: (0.0366, 0.0001), white: .d50, name: "ProPhoto RGB")
    /// ACES AP0 (SMPTE ST 2065-1), ACES white; the ACES2065-1 interchange primaries.
    public static let acesAP0 = RGBPrimaries(
        red: (0.7347, 0.2653), green: (0.0, 1.0), blue: (0.0001, -0.0770), white: .aces, name: "ACES AP0")
    /// ACES AP1 (SMPTE ST 2065-1 / S-2014-004), ACES white; the ACEScg and ACEScct working primaries.
    public static let acesAP1 = RGBPrimaries(
        red: (0.713, 0.293), green: (0.165, 0.830), blue: (0.128, 0.044), white: .aces, name: "ACES AP1")

    /// Every named set of primaries above, H.273 ones first in code order.
    public static let all: [RGBPrimaries] = [
        .bt709, .bt470M, .bt470BG, .smpte170M, .smpte240M, .genericFilm, .bt2020, .xyz, .dciP3, .displayP3,
        .ebu3213, .adobeRGB, .proPhoto, .acesAP0, .acesAP1,
    ]
}

// MARK: - Comparison

extension RGBPrimaries {
    /// The default tolerance of ``isApproximatelyEqual(to:tolerance:)``: 0.001 in CIE x and y.
    ///
    /// It absorbs the rounding of chromaticities stored in files (ICC s15Fixed16 colorants after D50 adaptation,
    /// mDCV's 0.00002 units, HDR10's 0.31271 vs 0.3127) and stays ten times below the closest pair of distinct
    /// standard primaries (BT.709 vs BT.470 B, G green: 0.010 apart).
    public static let defaultChromaticityTolerance = 0.001

    /// Whether the red, green, blue and white chromaticities each differ from `other`'s by at most `tolerance` in
    /// x and in y (Chebyshev distance in CIE 1931 xy). Names are ignored.
    @inlinable
    public func isApproximatelyEqual(to other: RGBPrimaries, tolerance: Double = defaultChromaticityTolerance) -> Bool {
        red.isApproximatelyEqual(to: other.red, tolerance: tolerance)
            && green.isApproximatelyEqual(to: other.green, tolerance: tolerance)
            && blue.isApproximatelyEqual(to: other.blue, tolerance: tolerance)
            && white.isApproximatelyEqual(to: other.white, tolerance: tolerance)
    }
}
