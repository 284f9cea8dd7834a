public import MediaSyntax

/// The HDR metadata that travels with one decoded frame (FFmpeg frame side data), or with a stream.
///
/// Static metadata (mastering display, content light level) is usually the same on every frame and on the stream;
/// dynamic metadata (HDR10+, Dolby Vision RPUs) changes per frame and is passed through, not interpreted.
public struct FrameHDRMetadata: Hashable, Sendable {
    /// SMPTE ST 2086 mastering display colour volume (`AV_FRAME_DATA_MASTERING_DISPLAY_METADATA`, from the HEVC SEI or
    /// the AV1 metadata OBU); chromaticities in CIE 1931 xy, luminances in cd/m².
    public var masteringDisplay: MasteringDisplayColorVolume?
    /// CTA-861.3 content light level (`AV_FRAME_DATA_CONTENT_LIGHT_LEVEL`); cd/m².
    public var contentLightLevel: ContentLightLevel?
    /// Whether FFmpeg parsed SMPTE ST 2094-40 (HDR10+) dynamic metadata for this frame
    /// (`AV_FRAME_DATA_DYNAMIC_HDR_PLUS`).
    public var hasHDR10Plus: Bool
    /// The HDR10+ message as it was stored in the bitstream: the `user_data_registered_itu_t_t35` payload from
    /// country code 0xB5 on (HEVC/H.264 SEI payload type 4, AV1 metadata OBU type 4), emulation-prevention bytes
    /// removed. `nil` when the frame has none or the packet that carried it could not be matched to the frame.
    public var hdr10PlusPayload: [UInt8]?
    /// Whether the frame carries a Dolby Vision RPU (HEVC NAL unit type 62): in its own packet, or as FFmpeg's
    /// `AV_FRAME_DATA_DOVI_RPU_BUFFER`.
    public var hasDolbyVisionRPU: Bool
    /// The Dolby Vision RPU as the bitstream stored it: the NAL unit's payload after its 2-byte header (from the
    /// `0x19` prefix to the `0x80` terminator), emulation-prevention bytes kept, as FFmpeg hands it out in
    /// `AV_FRAME_DATA_DOVI_RPU_BUFFER`. ``MovieReader`` takes it from the frame's own packet, since FFmpeg 5.1's decoder
    /// hands a frame its RPU only when the RPU is the access unit's last NAL unit (and loses some others). `nil` when
    /// the frame has none.
    public var dolbyVisionRPUPayload: [UInt8]?

    /// Creates a value; every field defaults to absent.
    public init(
        masteringDisplay: MasteringDisplayColorVolume? = nil, contentLightLevel: ContentLightLevel? = nil,
        hasHDR10Plus: Bool = false, hdr10PlusPayload: [UInt8]? = nil, hasDolbyVisionRPU: Bool = false,
        dolbyVisionRPUPayload: [UInt8]? = nil
    ) {
        self.masteringDisplay = masteringDisplay
        self.contentLightLevel = contentLightLevel
        self.hasHDR10Plus = hasHDR10Plus
        self.hdr10PlusPayload = hdr10PlusPayload
        self.hasDolbyVisionRPU = hasDolbyVisionRPU
        self.dolbyVisionRPUPayload = dolbyVisionRPUPayload
    }
}
