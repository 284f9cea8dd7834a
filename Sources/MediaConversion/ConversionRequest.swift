public import ColorSpaces
import ColorTags
public import ICC
public import ImageFiles
public import MediaSyntax
public import PixelBuffers
public import PixelConversion
public import SignalCoding
public import ToneMapping

/// What a conversion should produce. Every field has the default `hdrcolor convert` uses when its option is not given.
public struct ConversionRequest: Sendable {
    /// How tone mapping is chosen.
    public enum ToneMapping: Hashable, Sendable {
        /// HDR content onto an SDR target is mapped to `headroom` (1 by default); everything else passes unchanged
        /// unless `headroom` is set.
        case automatic
        /// No tone mapping.
        case none
        /// This operator onto `headroom` (default: 1 for SDR targets, the content's own headroom otherwise).
        case method(ToneMappingMethod)
    }

    /// The colour space to write; nil keeps the source's, except for the defaults ``MediaConverter`` documents.
    public var colorSpace: ColorSpace?
    /// An ICC profile the target was chosen from (reported; the pixels are converted to ``colorSpace``).
    public var profile: ICCProfile?
    /// The output format; nil takes it from the output file's extension.
    public var fileType: MediaFileFormat?
    /// Bits per sample; nil for the format's default (movies: 10 for PQ and HLG, 8 for SDR).
    public var bitDepth: Int?
    /// Lossy quality 1 … 100 (JPEG, AVIF, HEIF).
    public var quality: Int
    /// Lossless AVIF, HEIF or movie (x265, x264; SVT-AV1 has no lossless mode).
    public var lossless: Bool
    /// 4:2:0 chroma for AVIF, HEIF, JPEG and movies (nil: the format's default; 4:2:0 for movies).
    public var chroma420: Bool?
    /// How tone mapping is chosen.
    public var toneMapping: ToneMapping
    /// The display headroom tone mapping maps onto (peak ÷ reference white, ≥ 1).
    public var headroom: Double?
    /// The luminance in cd/m² of linear 1.0 where PQ/HLG meet linear light (203, ITU-R BT.2408).
    public var referenceWhite: Double
    /// What happens to colours outside the target.
    public var gamut: PixelConverter.GamutPolicy
    /// Where conversions run instead of the CPU kernels (e.g. GPUConversion's `VulkanConversionBackend`); nil: the CPU.
    public var backend: (any PixelConversionBackend)?
    /// Which light BT.709, BT.601 and BT.2020 SDR video signals stand for: display light through BT.1886 (the
    /// default, as zimg and libplacebo write SDR from HDR masters) or scene light through the camera OETF.
    public var sdrVideoReferral: SDRVideoReferral
    /// Write a gain-map JPEG with these settings.
    public var gainMap: GainMapWriteOptions?
    /// The display headroom a gain-map input is rendered for (ISO 21496-1 weighting); nil chooses by target.
    public var displayHeadroom: Double?
    /// The layout of a raw frame input.
    public var rawInput: RawFrameDescription?
    /// The layout of a raw frame output.
    public var rawOutput: PixelFormat?
    /// The matrix and range of a raw frame output, as code points.
    public var rawOutputCICP: CICP?
    /// Mastering display metadata to write instead of the source's.
    public var masteringDisplay: MasteringDisplayColorVolume?
    /// Content light level to write instead of the source's or the measured one.
    public var contentLightLevel: ContentLightLevel?
    /// Codec, quality, frames and stream copying for movie outputs.
    public var movie: Movie
    /// Replace an output file that exists; when false (the default) the conversion is refused with
    /// ``MediaConversionError/outputExists(path:)`` before anything is read.
    public var overwritesOutput: Bool

    /// A request with the defaults of `hdrcolor convert`.
    public init(
        colorSpace: ColorSpace? = nil, profile: ICCProfile? = nil, fileType: MediaFileFormat? = nil,
        bitDepth: Int? = nil, quality: Int = 90, lossless: Bool = false, chroma420: Bool? = nil,
        toneMapping: ToneMapping = .automatic, headroom: Double? = nil, referenceWhite: Double = ReferenceWhite.bt2408,
        gamut: PixelConverter.GamutPolicy = .extended, sdrVideoReferral: SDRVideoReferral = .display,
        gainMap: GainMapWriteOptions? = nil,
        displayHeadroom: Double? = nil, rawInput: RawFrameDescription? = nil, rawOutput: PixelFormat? = nil,
        rawOutputCICP: CICP? = nil, masteringDisplay: MasteringDisplayColorVolume? = nil,
        contentLightLevel: ContentLightLevel? = nil, movie: Movie = Movie(), overwritesOutput: Bool = false
    ) {
        self.colorSpace = colorSpace
        self.profile = profile
        self.fileType = fileType
        self.bitDepth = bitDepth
        self.quality = quality
        self.lossless = lossless
        self.chroma420 = chroma420
        self.toneMapping = toneMapping
        self.headroom = headroom
        self.referenceWhite = referenceWhite
        self.gamut = gamut
        self.sdrVideoReferral = sdrVideoReferral
        self.gainMap = gainMap
        self.displayHeadroom = displayHeadroom
        self.rawInput = rawInput
        self.rawOutput = rawOutput
        self.rawOutputCICP = rawOutputCICP
        self.masteringDisplay = masteringDisplay
        self.contentLightLevel = contentLightLevel
        self.movie = movie
        self.overwritesOutput = overwritesOutput
        backend = nil
    }
}

extension ConversionRequest {
    /// The converter options this request sets for every conversion it makes (reference white, gamut policy, SDR
    /// video referral); tone mapping and threads are the caller's.
    public var converterOptions: PixelConverter.Options {
        var options = PixelConverter.Options()
        options.referenceWhite = referenceWhite
        options.gamut = gamut
        options.sdrVideoReferral = sdrVideoReferral
        options.backend = backend
        return options
    }
}
