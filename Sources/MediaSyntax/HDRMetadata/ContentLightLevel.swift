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

    /// The 8-byte PNG `cLLI` body: u32 MaxCLL, u32 MaxFALL in units of 0.0001 cd/m².
    public var pngChunkData: [UInt8] {
        var data: [UInt8] = []
        data.appendU32(MasteringDisplayColorVolume.clampedU32(maxContentLightLevel / 0.0001))
        data.appendU32(MasteringDisplayColorVolume.clampedU32(maxFrameAverageLightLevel / 0.0001))
        return data
    }
}
