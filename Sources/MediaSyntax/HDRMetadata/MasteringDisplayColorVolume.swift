public import ColorSpaces

/// SMPTE ST 2086 mastering display colour volume: PNG `mDCV` (R, G, B order), ISOBMFF `mdcv` (G, B, R order as in
/// HEVC SEI; stored here as R, G, B).
public struct MasteringDisplayColorVolume: Hashable, Sendable {
    /// Red, green and blue primaries of the mastering display (CIE 1931 xy).
    public var red: Chromaticity
    /// Green primary.
    public var green: Chromaticity
    /// Blue primary.
    public var blue: Chromaticity
    /// White point.
    public var white: Chromaticity
    /// Maximum display mastering luminance in cd/m².
    public var maximumLuminance: Double
    /// Minimum display mastering luminance in cd/m².
    public var minimumLuminance: Double

    /// Creates a value; chromaticities in xy, luminances in cd/m².
    public init(
        red: Chromaticity, green: Chromaticity, blue: Chromaticity, white: Chromaticity,
        maximumLuminance: Double, minimumLuminance: Double
    ) {
        self.red = red
        self.green = green
        self.blue = blue
        self.white = white
        self.maximumLuminance = maximumLuminance
        self.minimumLuminance = minimumLuminance
    }

    /// Creates a value for a display with `primaries` and their white point; luminances in cd/m².
    public init(primaries: RGBPrimaries, maximumLuminance: Double, minimumLuminance: Double) {
        self.init(
            red: primaries.red, green: primaries.green, blue: primaries.blue, white: primaries.white.chromaticity,
            maximumLuminance: maximumLuminance, minimumLuminance: minimumLuminance)
    }

    /// Parses the 24-byte SMPTE ST 2086 payload of HEVC/H.264 SEI `mastering_display_colour_volume` and of the ISOBMFF
    /// `mdcv` box: display primaries in G, B, R order, then the white point, as u16 in units of 0.00002; u32 maximum
    /// and minimum luminance in units of 0.0001 cd/m². Nil when fewer than 24 bytes.
    package init?(st2086 payload: some Collection<UInt8>) {
        guard let (xy, luminance) = Self.fields(payload) else { return nil }
        self.init(
            red: xy[2], green: xy[0], blue: xy[1], white: xy[3], maximumLuminance: luminance.maximum,
            minimumLuminance: luminance.minimum)
    }

    /// Parses the 24-byte PNG `mDCV` body: as ST 2086 but in R, G, B order (the layout ``pngChunkData`` writes).
    package init?(pngChunk payload: some Collection<UInt8>) {
        guard let (xy, luminance) = Self.fields(payload) else { return nil }
        self.init(
            red: xy[0], green: xy[1], blue: xy[2], white: xy[3], maximumLuminance: luminance.maximum,
            minimumLuminance: luminance.minimum)
    }

    /// Four chromaticities (u16 pairs, 0.00002) and two luminances (u32, 0.0001 cd/m²) in stored order.
    private static func fields(
        _ payload: some Collection<UInt8>
    ) -> (xy: [Chromaticity], luminance: (maximum: Double, minimum: Double))? {
        let b = Array(payload.prefix(24))
        guard b.count == 24 else { return nil }
        let xy = (0..<4).map { i in
            Chromaticity(x: Double(b.u16(inBounds: i * 4)) * 0.00002, y: Double(b.u16(inBounds: i * 4 + 2)) * 0.00002)
        }
        return (xy, (Double(b.u32(inBounds: 16)) * 0.0001, Double(b.u32(inBounds: 20)) * 0.0001))
    }

    /// The 24-byte PNG `mDCV` body: 8 × u16 chromaticities (R, G, B, white; units of 0.00002), then u32 maximum and
    /// u32 minimum luminance (units of 0.0001 cd/m²). Values are rounded and clamped to the fields.
    public var pngChunkData: [UInt8] {
        var data: [UInt8] = []
        for c in [red, green, blue, white] {
            data.appendU16(Self.clampedU16(c.x / 0.00002))
            data.appendU16(Self.clampedU16(c.y / 0.00002))
        }
        data.appendU32(Self.clampedU32(maximumLuminance / 0.0001))
        data.appendU32(Self.clampedU32(minimumLuminance / 0.0001))
        return data
    }

    package static func clampedU16(_ value: Double) -> UInt16 {
        value.isNaN ? 0 : UInt16(Swift.max(0, Swift.min(65535, value.rounded())))
    }

    package static func clampedU32(_ value: Double) -> UInt32 {
        value.isNaN ? 0 : UInt32(Swift.max(0, Swift.min(Double(UInt32.max), value.rounded())))
    }
}
