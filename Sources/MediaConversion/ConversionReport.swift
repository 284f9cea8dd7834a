public import ColorSpaces
public import ColorTags
public import ImageFiles
public import PixelConversion
public import MediaSyntax

/// What one conversion did: the source as read, the target decided, the plan that ran, the file written and what the
/// check of that file found, with times per stage.
public struct ConversionReport: Sendable {
    /// The file read.
    public var input: String
    /// The file written.
    public var output: String
    /// The source image as decoded (its pixels are released; tags, encoding, gain map and warnings are kept).
    public var source: SourceDescription
    /// The colour space written.
    public var targetColorSpace: ColorSpace
    /// The encoding written (format, colour space, matrix, range).
    public var target: PixelEncoding
    /// What converted the pixels: "PixelConverter (AVX-512)", "PixelConverter (AVX2/F16C)", "PixelConverter (x86-64
    /// baseline)", "PixelConverter (NEON)", "PixelConverter on Vulkan (…)" or "LittleCMS".
    public var engine: String
    /// The conversion's steps, one line each.
    public var plan: [String]
    /// The file written.
    public var written: WrittenDescription
    /// The findings of the check run on the written file (ISO HDR for HDR targets, gain-map-both for gain-map
    /// JPEGs; warnings and errors only), or nil when no check applies.
    public var validation: [Finding]?
    /// Whether a gain-map JPEG was written.
    public var wroteGainMap: Bool
    /// Time spent reading and decoding, converting, encoding, and writing.
    public var times: Times

    /// The source of a conversion.
    public struct SourceDescription: Sendable {
        /// The file format.
        public var fileType: MediaFileFormat
        /// The width in pixels.
        public var width: Int
        /// The height in pixels.
        public var height: Int
        /// Bits per sample as coded.
        public var codedBitDepth: Int
        /// What decided the source's colour space.
        public var colorDecision: ColorDecision
        /// The decoded pixels' encoding (after any gain-map rendition).
        public var encoding: PixelEncoding
        /// Mastering display metadata of the source.
        public var masteringDisplay: MasteringDisplayColorVolume?
        /// Content light level of the source.
        public var contentLightLevel: ContentLightLevel?
        /// The gain map found and how it was rendered.
        public var gainMap: GainMapRendition?
        /// The source's tags.
        public var tagging: ColorTagging?
        /// What the reader tolerated.
        public var warnings: [String]
    }

    /// The file written.
    public struct WrittenDescription: Sendable {
        /// The format.
        public var fileType: MediaFileFormat
        /// The size in bytes.
        public var byteCount: Int
        /// The tags read back from the written bytes (nil for raw frames).
        public var tagging: ColorTagging?
    }

    /// Time per stage.
    public struct Times: Sendable {
        /// Reading and decoding (with the gain-map rendition).
        public var decode: Duration
        /// Pixel conversion.
        public var convert: Duration
        /// Encoding.
        public var encode: Duration
        /// Writing the file.
        public var write: Duration

        /// The sum of the stages.
        public var total: Duration { decode + convert + encode + write }
    }

    /// Whether the written file passed its check (nil when none applies).
    public var validates: Bool? { validation.map(\.isEmpty) }
}
