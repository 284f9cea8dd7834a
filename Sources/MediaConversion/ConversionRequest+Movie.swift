public import VideoFiles

extension ConversionRequest {
    /// What a movie conversion writes beyond the colour: the codec, its quality and speed, which frames, and whether
    /// the other streams come along. The colour fields of ``ConversionRequest`` (colour space, bit depth, tone
    /// mapping, headroom, reference white, gamut, mastering display, content light level) apply to movies as to images;
    /// ``ConversionRequest/lossless`` asks for a lossless encode.
    public struct Movie: Hashable, Sendable {
        /// The video codec; nil chooses HEVC (x265), or AV1 for a `.webm` output.
        public var codec: VideoEncodeSettings.Codec?
        /// The encoder's constant rate factor (x265 and x264: 0 … 51, SVT-AV1: 1 … 63); nil for the encoder's default.
        public var crf: Int?
        /// The encoder's speed preset (x265 and x264: `ultrafast` … `veryslow`; SVT-AV1: `0` … `13`); nil for its
        /// default.
        public var preset: String?
        /// The frames to convert, in presentation order counted from the first; nil for all. A range starts at the
        /// nearest key frame before it and drops the frames in between; its times are shifted to start at 0, and the
        /// other streams are not copied (they would no longer line up).
        public var frames: Range<Int>?
        /// Copy the source's other streams (audio, subtitles) packet by packet, unchanged (default: true).
        public var copiesOtherStreams: Bool
        /// Encoder threads; nil lets the encoder choose.
        public var encoderThreadCount: Int?
        /// Threads converting each frame; nil for every active core (`PixelConverter`'s default). The decoder and the
        /// encoder keep working on their own threads meanwhile.
        public var conversionThreadCount: Int?

        /// The defaults of `hdrcolor convert` for movies.
        public init(
            codec: VideoEncodeSettings.Codec? = nil, crf: Int? = nil, preset: String? = nil, frames: Range<Int>? = nil,
            copiesOtherStreams: Bool = true, encoderThreadCount: Int? = nil, conversionThreadCount: Int? = nil
        ) {
            self.codec = codec
            self.crf = crf
            self.preset = preset
            self.frames = frames
            self.copiesOtherStreams = copiesOtherStreams
            self.encoderThreadCount = encoderThreadCount
            self.conversionThreadCount = conversionThreadCount
        }
    }
}
