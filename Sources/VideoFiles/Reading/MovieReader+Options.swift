public import SignalCoding

extension MovieReader {
    /// How a reader decodes.
    public struct Options: Sendable {
        /// The colour assumed for code points a stream leaves unspecified (2) or gives reserved values: BT.709
        /// Y′CbCr, narrow range (1/1/1/0), as H.264/HEVC players assume for HD video. Only the unspecified fields
        /// are replaced; ``VideoStreamInfo/assumedFields`` lists them.
        public var assumedColor: CICP
        /// What happens when the decoder outputs a pixel format ``PixelFormat`` has no layout for.
        public var unmappedPixelFormats: UnmappedPixelFormatPolicy
        /// Decoder threads: 0 lets FFmpeg choose (one per core), 1 decodes on the calling thread.
        public var threadCount: Int
        /// The colour the file is decided to have, used instead of what the decoder signals: all four fields replace
        /// the stream's and every frame's (``assumedColor`` still fills a field left unspecified). `MediaConverter`
        /// passes the colour `ColorTagging` decides for the track (container over bitstream, as `validate` and
        /// `inspect` report it) or the user's `--assume-cicp`; nil keeps the decoder's.
        public var colorOverride: CICP?

        /// The defaults: BT.709 assumed, unmapped formats fail, FFmpeg chooses the threads, the decoder's colour.
        public init(
            assumedColor: CICP = .bt709Video, unmappedPixelFormats: UnmappedPixelFormatPolicy = .fail,
            threadCount: Int = 0, colorOverride: CICP? = nil
        ) {
            self.assumedColor = assumedColor
            self.unmappedPixelFormats = unmappedPixelFormats
            self.threadCount = threadCount
            self.colorOverride = colorOverride
        }
    }

    /// What a reader does with decoder pixel formats that ``PixelFormat`` cannot describe (greyscale, planar RGB,
    /// alpha Y′CbCr …; the list is in the documentation of ``MovieReader``).
    public enum UnmappedPixelFormatPolicy: Hashable, Sendable {
        /// Throw ``VideoFilesError/unmappedPixelFormat(_:)`` when the reader opens the stream (the default: nothing
        /// is converted silently).
        case fail
        /// Convert every frame with swscale into one reused buffer of the nearest mapped format (planar Y′CbCr of
        /// the same or next subsampling and depth; RGBA for RGB). One copy per frame; the view is no longer the
        /// decoder's memory; codes of widened depths are swscale's, not promised exact.
        case convertWithSwscale
    }
}
