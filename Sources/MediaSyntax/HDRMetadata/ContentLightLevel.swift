/// CTA-861.3 content light level: PNG `cLLI` (u32, 0.0001 cd/m²), ISOBMFF `clli` (u16, cd/m²).
public struct ContentLightLevel: Hashable, Sendable {
    /// MaxCLL, the largest light level of any pixel, in cd/m²; 0 means unknown.
    public var maxContentLightLevel: Double
    /// MaxFALL, the largest frame-average light level, in cd/m²; 0 means unknown.
    public var maxFrameAverageLightLevel: Double

    /// Creates a value in cd/m².
    public init(maxContentLightLevel: Double, maxFrameAverageLightLevel: Double) {
        self.maxContentLightLevel = maxContentLightLevel
        self.maxFrameAverageLightLevel = maxFrameAverageLightLevel
    }

    /// Parses the CTA-861.3 payload of HEVC/H.264 SEI `content_light_level_info` and of the ISOBMFF `clli` box: u16
    /// MaxCLL and u16 MaxFALL in whole cd/m². Nil when fewer than 4 bytes.
    package init?(cta861 payload: some Collection<UInt8>) {
        let b = Array(payload.prefix(4))
        guard b.count == 4 else { return nil }
        self.init(
            maxContentLightLevel: Double(b.u16(inBounds: 0)), maxFrameAverageLightLevel: Double(b.u16(inBounds: 2)))
    }

    /// Parses the 8-byte PNG `cLLI` body: u32 MaxCLL and u32 MaxFALL in units of 0.0001 cd/m².
    package init?(pngChunk payload: some Collection<UInt8>) {
        let b = Array(payload.prefix(8))
        guard b.count == 8 else { return nil }
        self.init(
            maxContentLightLevel: Double(b.u32(inBounds: 0)) * 0.0001,
            maxFrameAverageLightLevel: Double(b.u32(inBounds: 4)) * 0.0001)
    }

    /// The 8-byte PNG `cLLI` body: u32 MaxCLL, u32 MaxFALL in units of 0.0001 cd/m².
    public var pngChunkData: [UInt8] {
        var data: [UInt8] = []
        data.appendU32(MasteringDisplayColorVolume.clampedU32(maxContentLightLevel / 0.0001))
        data.appendU32(MasteringDisplayColorVolume.clampedU32(maxFrameAverageLightLevel / 0.0001))
        return data
    }
}
