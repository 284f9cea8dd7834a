public import ColorSpaces
import ColorTags
public import PixelConversion
public import MediaSyntax

/// Options for writing image files.
public struct ImageWriteOptions: Sendable {
    /// The file format.
    public var fileType: MediaFileFormat
    /// The colour space of the file: the writer converts the pixels to it first (with ``conversion``, e.g. its tone
    /// mapping) and tags the file with it. `nil` keeps the pixels' colour space; pixels of float formats in an extended
    /// colour space then need one (or a gain map), since integer samples cannot hold values beyond [0, 1].
    public var colorSpace: ColorSpace?
    /// Bits per sample: PNG 8 or 16, JPEG 8, AVIF and HEIF 8, 10 or 12; nil takes the input's depth rounded to a
    /// depth the format has (PNG 16 and AVIF/HEIF 10 for HDR, 8 for SDR).
    public var bitDepth: Int?
    /// Lossy quality 1 … 100 (JPEG, AVIF, HEIF; default 90).
    public var quality: Int
    /// Lossless coding (AVIF: identity matrix, 4:4:4, quantizer 0; HEIF: libheif's lossless mode; PNG always is).
    public var lossless: Bool
    /// Chroma subsampling of AVIF and HEIF ('s444' default for AVIF, 's420' for HEIF); JPEG uses 4:2:0 below quality 90.
    public var chroma420: Bool?
    /// Embed an ICC profile generated from the colour space (PNG iCCP, JPEG APP2, HEIF `prof`). AVIF gets an ICC
    /// only when the colour space has no CICP code points (libavif 0.11 writes either `nclx` or `prof`, not both).
    public var embedICCProfile: Bool
    /// Mastering display metadata to write (PNG `mDCV`, HEIF `mdcv`); nil writes none.
    public var masteringDisplay: MasteringDisplayColorVolume?
    /// Content light level to write (PNG `cLLI`, HEIF `clli`); nil computes it from the pixels for PQ and HLG output.
    public var contentLightLevel: ContentLightLevel?
    /// Write a gain-map JPEG (``MediaFileFormat/jpeg`` only) with these settings.
    public var gainMap: GainMapWriteOptions?
    /// An XMP packet to keep (JPEG APP1; merged with the hdrgm fields of a gain-map JPEG).
    public var xmp: String?
    /// The layout of raw output (``MediaFileFormat/raw`` only).
    public var raw: RawFrameDescription?
    /// Options of the pixel conversions the writer performs (to the codec's layout, to the gain-map base).
    public var conversion: PixelConverter.Options
    /// Encoder threads (nil: every active core).
    public var threadCount: Int?
    /// AVIF encoder speed, 0 (slowest, smallest) … 10 (fastest); default 6 (libavif's speed scale, libaom).
    public var speed: Int

    /// Creates options for `fileType`.
    public init(
        fileType: MediaFileFormat, colorSpace: ColorSpace? = nil, bitDepth: Int? = nil, quality: Int = 90,
        lossless: Bool = false,
        chroma420: Bool? = nil, embedICCProfile: Bool = true, masteringDisplay: MasteringDisplayColorVolume? = nil,
        contentLightLevel: ContentLightLevel? = nil, gainMap: GainMapWriteOptions? = nil, xmp: String? = nil,
        raw: RawFrameDescription? = nil, conversion: PixelConverter.Options = PixelConverter.Options(),
        threadCount: Int? = nil, speed: Int = 6
    ) {
        self.fileType = fileType
        self.colorSpace = colorSpace
        self.bitDepth = bitDepth
        self.quality = quality
        self.lossless = lossless
        self.chroma420 = chroma420
        self.embedICCProfile = embedICCProfile
        self.masteringDisplay = masteringDisplay
        self.contentLightLevel = contentLightLevel
        self.gainMap = gainMap
        self.xmp = xmp
        self.raw = raw
        self.conversion = conversion
        self.threadCount = threadCount
        self.speed = speed
    }
}

/// How a gain-map JPEG is made from an HDR image.
///
/// The SDR base is the HDR image tone-mapped to headroom 1 (``baseToneMapping``), quantised to 8 bits in
/// ``baseColorSpace``; the gain map is computed by `GainMapEncoder` from that quantised base (so the map corrects
/// the base's own rounding) and the HDR input, in linear light of the base's primaries, then quantised to 8 bits.
public struct GainMapWriteOptions: Sendable {
    /// The base image's colour space: sRGB or Display P3 (default sRGB).
    public var baseColorSpace: ColorSpace
    /// How the SDR base is made: nil maps the content onto headroom 1 with ToneMapping's headroom curve.
    public var baseToneMapping: PixelConverter.ToneMapping?
    /// Quality of the base JPEG (1 … 100, default 95).
    public var baseQuality: Int
    /// Quality of the gain-map JPEG (1 … 100, default 95).
    public var gainMapQuality: Int
    /// A three-channel gain map (default: one channel from luminance ratios).
    public var multichannel: Bool
    /// The gain map's downscale factor per dimension (1, 2, 4 or 8; default 1).
    public var scale: Int
    /// The gain-map gamma (> 0, default 1).
    public var gamma: Double
    /// Write ISO 21496-1 metadata (default true).
    public var writesISO: Bool
    /// Write XMP hdrgm metadata (default true; Apple ImageIO and older Android readers need it).
    public var writesXMP: Bool

    /// Creates options; the defaults follow field lessons: ISO and XMP together, no ICC on the gain-map image.
    public init(
        baseColorSpace: ColorSpace = .sRGB, baseToneMapping: PixelConverter.ToneMapping? = nil, baseQuality: Int = 95,
        gainMapQuality: Int = 95, multichannel: Bool = false, scale: Int = 1, gamma: Double = 1, writesISO: Bool = true,
        writesXMP: Bool = true
    ) {
        self.baseColorSpace = baseColorSpace
        self.baseToneMapping = baseToneMapping
        self.baseQuality = baseQuality
        self.gainMapQuality = gainMapQuality
        self.multichannel = multichannel
        self.scale = scale
        self.gamma = gamma
        self.writesISO = writesISO
        self.writesXMP = writesXMP
    }
}

extension ImageWriteOptions {
    /// The bit depth an AV1 or HEVC still image is written at (`bitDepth`, or 10 for HDR or deep sources and 8
    /// otherwise), after checking it and `quality` for `container` ("AVIF", "HEIF").
    func checkedCodecDepth(for encoding: PixelEncoding, container: String) throws(ImageFileError) -> Int {
        let depth = bitDepth ?? (encoding.colorSpace.isHDR || encoding.format.bitDepth > 8 ? 10 : 8)
        guard [8, 10, 12].contains(depth) else {
            throw .invalidRequest("\(container) stores 8, 10 or 12 bits per sample, not \(depth)")
        }
        guard (1...100).contains(quality) else { throw .invalidRequest("quality must be 1 … 100, not \(quality)") }
        return depth
    }
}
