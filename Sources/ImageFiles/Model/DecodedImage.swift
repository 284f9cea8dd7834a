public import ColorTags
public import ICC
public import PixelBuffers
public import PixelConversion
public import MediaSyntax

/// An image read from a file: its pixels as the codec delivered them, what they mean (``encoding``, ready for
/// `PixelConverter`), and the file's HDR metadata.
///
/// Decoders keep the codec's native layout (RGBA 8/16-bit for PNG and JPEG, planar Y′CbCr at the coded depth for
/// AVIF, RGBA at the coded depth for HEIF); a gain-map JPEG read as HDR gives RGBA float in extended linear light
/// (1.0 = SDR white) in the base image's primaries.
public struct DecodedImage: Sendable {
    /// The pixels.
    public var pixels: PixelBuffer
    /// What the pixels mean: layout, colour space, matrix, range.
    public var encoding: PixelEncoding
    /// The file's format.
    public var fileType: MediaFileFormat
    /// What decided ``encoding``'s colour space, for reports.
    public var colorDecision: ColorDecision
    /// Bits per sample as coded in the file (8 for JPEG, 1 … 16 for PNG, 8/10/12 for AVIF and HEIF).
    public var codedBitDepth: Int
    /// Mastering display colour volume from the file (PNG `mDCV`, ISOBMFF `mdcv`).
    public var masteringDisplay: MasteringDisplayColorVolume?
    /// Content light level from the file (PNG `cLLI`, ISOBMFF `clli`).
    public var contentLightLevel: ContentLightLevel?
    /// The gain map that was found and, when rendered, applied.
    public var gainMap: GainMapRendition?
    /// The primary image's XMP packet (JPEG), so that writers can keep the user's metadata
    /// (``ImageWriteOptions/xmp``); gain-map descriptions in it are replaced when a gain-map JPEG is written.
    public var xmp: String?
    /// The embedded ICC profile of the primary image, if any.
    public var iccProfile: ICCProfile?
    /// The tags as ColorTags read them (nil for raw frames).
    public var tagging: ColorTagging?
    /// Things the reader tolerated (e.g. ISO and XMP gain-map values that disagree); empty for clean files.
    public var warnings: [String]
    /// The gain map still to be rendered over the base pixels (nil once rendered, or without one).
    var pendingGainMap: FileGainMap?

    /// The width in pixels.
    public var width: Int { pixels.width }
    /// The height in pixels.
    public var height: Int { pixels.height }

    /// Creates a value.
    public init(
        pixels: PixelBuffer, encoding: PixelEncoding, fileType: MediaFileFormat, colorDecision: ColorDecision,
        codedBitDepth: Int, masteringDisplay: MasteringDisplayColorVolume? = nil,
        contentLightLevel: ContentLightLevel? = nil, gainMap: GainMapRendition? = nil, xmp: String? = nil,
        iccProfile: ICCProfile? = nil, tagging: ColorTagging? = nil, warnings: [String] = []
    ) {
        self.pixels = pixels
        self.encoding = encoding
        self.fileType = fileType
        self.colorDecision = colorDecision
        self.codedBitDepth = codedBitDepth
        self.masteringDisplay = masteringDisplay
        self.contentLightLevel = contentLightLevel
        self.gainMap = gainMap
        self.xmp = xmp
        self.iccProfile = iccProfile
        self.tagging = tagging
        self.warnings = warnings
    }

    /// Whether the image holds HDR values: a PQ or HLG encoding, or a gain-map rendition whose headroom is above 1.
    public var isHDR: Bool {
        if encoding.colorSpace.isHDR { return true }
        if let headroom = gainMap?.renditionHeadroom, headroom > 1 { return true }
        return false
    }

    /// Whether ``pixels`` are a gain-map image's base with its gain map still to apply: ``rendition(for:)`` renders
    /// it for any headroom (read with `ImageReadOptions(gainMap: .base)` to keep this choice for later).
    public var hasUnrenderedGainMap: Bool { pendingGainMap != nil }

    /// The rendition of a gain-map image for `rendering` (ISO 21496-1: a display headroom weighs the gain, none at or
    /// below the base rendition's headroom, all at or above the alternate's): the base as decoded when the weight is
    /// 0, else RGBA float in extended linear light (1.0 = SDR white). An image without an unrendered gain map is
    /// returned as it is. With a `backend` (a GPU runner), the gain map is applied there.
    ///
    /// - Throws: ``ImageFileError/invalidRequest(_:)`` for a display headroom below 1 or not finite;
    ///   ``ImageFileError/conversion(_:)`` when the backend cannot render it; allocation errors.
    public func rendition(for rendering: GainMapRendering, backend: (any PixelConversionBackend)? = nil)
        throws(ImageFileError) -> DecodedImage
    {
        guard let pending = pendingGainMap else { return self }
        var image = self
        image.pendingGainMap = nil
        try image.render(pending, for: rendering, backend: backend)
        return image
    }
}
