public import MediaSyntax
public import PixelConversion
public import SignalCoding

/// The video stream a ``MovieReader`` decodes: codec, size, timing, the ``PixelEncoding`` of its frames and its HDR
/// metadata, as the container and the decoder state them when the file is opened.
public struct VideoStreamInfo: Hashable, Sendable {
    /// The stream's index in the container.
    public var streamIndex: Int
    /// FFmpeg's codec name: `"hevc"`, `"av1"`, `"h264"` …
    public var codecName: String
    /// The name of the decoder FFmpeg uses (`"hevc"`, `"libdav1d"`, `"h264"`).
    public var decoderName: String
    /// The frame width in pixels.
    public var width: Int
    /// The frame height in pixels.
    public var height: Int
    /// Frames per second as stored (`avg_frame_rate`, else `r_frame_rate`), e.g. 30000/1001; `nil` when unknown.
    public var frameRate: Rational?
    /// The time base of the stream's timestamps in seconds, e.g. 1/90000.
    public var timeBase: Rational
    /// The timestamp of the first frame (`start_time`) in ``timeBase`` ticks, when known.
    public var startTime: Int64?
    /// The duration in seconds (exact: `duration` ticks of the time base), when the container states it.
    public var duration: Rational?
    /// The number of frames the container lists (`nb_frames`); `nil` when it does not (some Matroska files).
    public var frameCount: Int?
    /// FFmpeg's name of the decoder's output pixel format, e.g. `"yuv420p10le"`.
    public var decodedPixelFormatName: String
    /// Whether frames are converted with swscale from an unmapped decoder format into ``encoding``'s format
    /// (``MovieReader/UnmappedPixelFormatPolicy/convertWithSwscale``).
    public var isConvertedWithSwscale: Bool
    /// What the frames' samples mean: the pixel format from the decoder's, the colour space, matrix and range from the
    /// stream's code points (``cicp``, with ``MovieReader/Options/assumedColor`` for unspecified fields) and the chroma
    /// siting from `chroma_sample_location`. Frames carry their own (``VideoFrame/encoding``), which can differ when
    /// the bitstream changes mid-stream.
    public var encoding: PixelEncoding
    /// The ITU-T H.273 code points as the stream signals them (2 = unspecified), and the range flag.
    public var cicp: CICP
    /// Which fields of ``cicp`` were unspecified and replaced by ``MovieReader/Options/assumedColor`` in ``encoding``.
    public var assumedFields: Set<CICP.Field>
    /// The chroma siting the stream states (`chroma_sample_location`); `nil` when unspecified.
    public var chromaLocation: ChromaLocation?
    /// The mastering display colour volume from the stream's side data (container `mdcv`, Matroska
    /// `MasteringMetadata`) or, when the container has none, from the first frame's SEI / metadata OBU.
    public var masteringDisplay: MasteringDisplayColorVolume?
    /// The content light level, from the same sources.
    public var contentLightLevel: ContentLightLevel?
    /// Whether the first frame carries HDR10+ (SMPTE ST 2094-40) dynamic metadata.
    public var hasHDR10Plus: Bool
    /// The Dolby Vision decoder configuration record (`AV_PKT_DATA_DOVI_CONF`: `dvcC`/`dvvC`, Matroska block
    /// addition mapping), when present.
    public var dolbyVision: DolbyVisionConfiguration?
    /// How the pictures are turned for display (`tkhd` matrix), when the container states one other than the
    /// identity.
    public var displayMatrix: DisplayMatrix?
    /// The stream's metadata tags (`language`, `handler_name`, `creation_time` …), in the demuxer's order.
    public var metadata: [MovieMetadataItem]
}
