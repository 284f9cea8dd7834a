public import MediaSyntax

/// The HDR10+ (SMPTE ST 2094-40) values of a video track: the first frame's metadata and, for a raw HEVC stream, a
/// summary over the frames scanned.
public struct HDR10PlusTags: Hashable, Sendable {
    /// The first HDR10+ record that parses (in decoding order).
    public var first: Located<HDR10PlusMetadata>
    /// The frames of the scanned prefix of a raw HEVC stream; nil for containers (one sample is read there).
    public var summary: HDR10PlusSummary?

    public init(first: Located<HDR10PlusMetadata>, summary: HDR10PlusSummary? = nil) {
        self.first = first
        self.summary = summary
    }
}

/// HDR10+ over the frames of a stream, in display order, as hdr10plus_tool's JSON export sees them: a frame without
/// its own record keeps the previous frame's, and a scene starts wherever the metadata differs from the previous
/// frame's (luminance parameters, windows, targeted display peak, and the Bézier curve in a profile B stream).
public struct HDR10PlusSummary: Hashable, Sendable {
    /// Frames with their own HDR10+ record.
    public var framesWithMetadata = 0
    /// Frames without one (before the first record, or gaps).
    public var framesWithoutMetadata = 0
    /// Records that could not be parsed (counted as frames without metadata).
    public var unreadableRecords = 0
    /// Scenes, from the first frame with metadata on.
    public var sceneCount = 0
    /// `A`, `B` or `N/A` for the whole stream, as hdr10plus_tool's JSONInfo: a letter only when every record has it.
    public var profile = "N/A"
    /// The range of each record's largest MaxSCL component, cd/m².
    public var maxSCLRange: ClosedRange<Double>?
    /// The range of targeted_system_display_maximum_luminance, cd/m².
    public var targetedPeakRange: ClosedRange<Double>?

    public init() {}
}
