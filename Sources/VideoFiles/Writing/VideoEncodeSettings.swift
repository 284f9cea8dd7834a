public import MediaSyntax
public import PixelConversion
public import SignalCoding

/// How ``MovieWriter`` encodes video: the codec and its quality, the frames' size, rate and ``PixelEncoding``, and the
/// HDR metadata, written both in the bitstream and in the container.
///
/// The colour written is the encoding's: its ITU-T H.273 code points (``cicp``) go into the bitstream (HEVC/H.264
/// VUI, AV1 sequence header colour config, through the codec context's colour fields) and into the container (`colr`
/// `nclx` in MP4, `nclc` in QuickTime, Matroska `Colour`); the chroma siting into the VUI (`chromaloc`) and the
/// container. A mastering display and content light level go into the bitstream (x265 `master-display`/`max-cll`,
/// x264 `mastering-display`/`cll`, SVT-AV1 `mastering-display`/`content-light`: SEI 137/144 or AV1 metadata OBUs)
/// and into the container as stream side data (`mdcv`/`clli`, Matroska `MasteringMetadata`, `MaxCLL`/`MaxFALL`).
public struct VideoEncodeSettings: Sendable {
    /// The video codec and the FFmpeg encoder that writes it.
    public enum Codec: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// HEVC through libx265 (Main for 8-bit, Main10 for 10-bit, Main 4:2:2/4:4:4 10 and 12-bit profiles as the
        /// pixel format needs).
        case hevc
        /// AV1 through libsvtav1 (SVT-AV1; 4:2:0 8- or 10-bit only).
        case av1
        /// H.264 through libx264.
        case h264

        /// FFmpeg's encoder name: `libx265`, `libsvtav1`, `libx264`.
        public var encoderName: String {
            switch self {
            case .hevc: "libx265"
            case .av1: "libsvtav1"
            case .h264: "libx264"
            }
        }

        /// The encoder's option that takes `key=value:key=value` parameters: `x265-params`, `svtav1-params`,
        /// `x264-params`.
        public var parametersOption: String {
            switch self {
            case .hevc: "x265-params"
            case .av1: "svtav1-params"
            case .h264: "x264-params"
            }
        }

        /// Whether ``MovieWriter`` can write a frame's HDR10+ message into this codec's access units: HEVC (an SEI)
        /// and AV1 (a metadata OBU); H.264 has no HDR10+ carriage in use.
        public var carriesHDR10Plus: Bool { self != .h264 }

        /// Whether ``MovieWriter`` can write a frame's Dolby Vision RPU: HEVC only (NAL unit type 62, profiles 5, 7
        /// and 8). Dolby Vision on AV1 (profile 10) carries the RPU in an ITU-T T.35 metadata OBU that FFmpeg 5.1
        /// neither reads nor signals in a configuration record.
        public var carriesDolbyVisionRPU: Bool { self == .hevc }

        public var description: String { rawValue }
    }

    /// The codec.
    public var codec: Codec
    /// The frame width in pixels.
    public var width: Int
    /// The frame height in pixels.
    public var height: Int
    /// What the appended frames hold, and so what the movie says it holds: the pixel format (planar Y′CbCr is encoded
    /// as it is; biplanar such as 'x420' is copied into the planar layout of the same depth first), the colour space,
    /// matrix, range and chroma siting. Frames must be appended in exactly this encoding.
    public var encoding: PixelEncoding
    /// Frames per second, e.g. 30000/1001.
    public var frameRate: Rational
    /// The encoder's time base in seconds; `nil` takes 1 / ``frameRate``. Presentation times are rounded to it.
    public var timeBase: Rational?
    /// Constant rate factor (x265 and x264: 0 … 51, lower is better, default 28 / 23; SVT-AV1: 0 … 63, default 35);
    /// `nil` keeps the encoder's default.
    public var crf: Int?
    /// The encoder's preset: x265/x264 names (`ultrafast` … `placebo`), SVT-AV1 numbers (`0` … `13`); `nil` keeps
    /// the default.
    public var preset: String?
    /// Mathematically lossless coding (x265 `lossless=1`, x264 `qp=0`); SVT-AV1 has no lossless mode (the settings
    /// are refused).
    public var lossless: Bool
    /// The mastering display colour volume (SMPTE ST 2086) to write.
    public var masteringDisplay: MasteringDisplayColorVolume?
    /// The content light level (CTA-861.3) to write.
    public var contentLightLevel: ContentLightLevel?
    /// Whether the content light level is given to ``MovieWriter/finish(contentLightLevel:)`` instead, measured while
    /// the frames are written (``contentLightLevel`` is then nil). The writer reserves its place: a content light
    /// level SEI (HEVC, H.264) or metadata OBU (AV1) in the first access unit, and the container's record (`clli` in
    /// MP4 and QuickTime, whose `moov` comes last; Matroska's `MaxCLL`/`MaxFALL` in the header), then fills both in
    /// place when the movie is finished, so that no frame is encoded twice (see `ReservedContentLightLevel`).
    public var contentLightLevelGivenAtFinish: Bool
    /// Extra encoder parameters for experts, appended after the ones the settings produce (a later key wins):
    /// x265-params, svtav1-params or x264-params, e.g. `["aq-mode": "3"]`.
    public var encoderParameters: [(key: String, value: String)]
    /// The largest distance between key frames in frames (`gop_size`); `nil` keeps the encoder's default.
    public var keyFrameInterval: Int?
    /// Encoder threads: `nil` lets the encoder choose; 1 keeps x265 to one frame thread and one pool thread (the same
    /// bytes every run).
    public var threadCount: Int?
    /// How the pictures are turned for display, written as the stream's display matrix (`tkhd` in MP4 and
    /// QuickTime; FFmpeg 5.1's Matroska muxer has no place for it, see ``MovieWriter/omissions``); nil for none.
    public var displayMatrix: DisplayMatrix?
    /// The Dolby Vision configuration record written with the video stream (FFmpeg's `AV_PKT_DATA_DOVI_CONF`): `dvcC`
    /// or `dvvC` in MP4 and QuickTime (FFmpeg 5.1's muxer writes it only into MP4 files, at `-strict unofficial`,
    /// which the writer sets; into `.mov` and `.m4v` files the writer adds it after the muxer's trailer), a
    /// `BlockAdditionMapping` in Matroska; nil for none. Give it with an RPU on every frame
    /// (``MovieWriter/append(_:encoding:presentationTime:dynamicMetadata:)``): a record without RPUs promises
    /// metadata the stream does not carry.
    public var dolbyVision: DolbyVisionConfiguration?
    /// Metadata tags of the video stream (`language`, `handler_name`, `creation_time` …).
    public var streamMetadata: [MovieMetadataItem]

    /// Settings with the encoder's defaults for quality and speed.
    public init(
        codec: Codec, width: Int, height: Int, encoding: PixelEncoding, frameRate: Rational,
        masteringDisplay: MasteringDisplayColorVolume? = nil, contentLightLevel: ContentLightLevel? = nil
    ) {
        self.codec = codec
        self.width = width
        self.height = height
        self.encoding = encoding
        self.frameRate = frameRate
        self.timeBase = nil
        self.crf = nil
        self.preset = nil
        self.lossless = false
        self.masteringDisplay = masteringDisplay
        self.contentLightLevel = contentLightLevel
        self.contentLightLevelGivenAtFinish = false
        self.encoderParameters = []
        self.keyFrameInterval = nil
        self.threadCount = nil
        self.displayMatrix = nil
        self.dolbyVision = nil
        self.streamMetadata = []
    }

    /// The code points written: the encoding's colour space, matrix and effective range.
    ///
    /// - Throws: ``VideoFilesError/invalidSettings(_:)`` when the colour space or matrix has no H.273 code point.
    public func cicp() throws(VideoFilesError) -> CICP {
        guard let cicp = encoding.cicp else {
            throw .invalidSettings("\(encoding) has no ITU-T H.273 code points to write")
        }
        return cicp
    }

    /// The time base in effect: ``timeBase`` or 1 / ``frameRate``.
    public var effectiveTimeBase: Rational { timeBase ?? frameRate.reciprocal }
}
