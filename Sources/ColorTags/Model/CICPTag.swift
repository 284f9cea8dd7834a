public import SignalCoding

/// H.273 code points as one source in a file states them.
public struct CICPTag: Hashable, Sendable {
    /// Which structure carried the code points.
    public enum Source: String, Hashable, Sendable, CustomStringConvertible {
        /// A PNG `cICP` chunk.
        case pngChunk = "PNG cICP chunk"
        /// An ISOBMFF `colr` box of type `nclx` (HEIF, AVIF).
        case nclx = "colr nclx box"
        /// The colour config of an AV1 sequence header (in `av1C`).
        case av1SequenceHeader = "AV1 sequence header"
        /// The `cicp` tag of an ICC profile.
        case iccTag = "ICC cicp tag"
        /// A QuickTime `colr` box of type `nclc` (no range flag: the tag's range is narrow, as QuickTime assumes).
        case nclc = "colr nclc box"
        /// The VUI of an HEVC sequence parameter set (`hvcC`, Matroska `CodecPrivate`, or in-band).
        case hevcVUI = "HEVC SPS VUI"
        /// The VUI of an H.264 sequence parameter set (`avcC`, Matroska `CodecPrivate`, or in-band).
        case avcVUI = "H.264 SPS VUI"
        /// The VP9 codec configuration box `vpcC` (colour fields of the VP codec ISO media binding).
        case vpcC = "vpcC box"
        /// The Matroska `Video/Colour` element; a missing child reads as 2 (unspecified), and the tag has a colour
        /// description only when `Primaries`, `TransferCharacteristics` and `MatrixCoefficients` are all present.
        case matroskaColor = "Matroska Colour element"
        /// The color_config of a VP9 uncompressed frame header: a matrix (color_space) and range, never primaries or
        /// transfer, so the tag has no colour description and only its range counts.
        case vp9FrameHeader = "VP9 frame header"

        public var description: String { rawValue }
    }

    /// The code points. A code above 255 in a 16-bit `nclx` field reads as 255 (reserved).
    public var cicp: CICP
    /// Where they came from.
    public var source: Source
    /// Whether the source states colour code points at all: `false` for an AV1 sequence header without
    /// `color_description_present_flag` (codes 2/2/2 are then implied and only the range is coded).
    public var hasColorDescription: Bool

    /// Creates a tag.
    public init(cicp: CICP, source: Source, hasColorDescription: Bool = true) {
        self.cicp = cicp
        self.source = source
        self.hasColorDescription = hasColorDescription
    }
}
