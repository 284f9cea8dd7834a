import SignalCoding
import MediaSyntax

/// Everything one image of a file (the primary image, a JPEG gain-map image, a HEIF item) says about its colour.
///
/// Each property is a list so that duplicates stay visible; the first entry is the one a decoder uses.
public struct ImageTags: Sendable {
    /// What the image is in the file.
    public enum Role: Hashable, Sendable, CustomStringConvertible {
        /// The image a viewer shows.
        case primary
        /// A gain-map image (JPEG MPF secondary image, HEIF/AVIF gain-map item).
        case gainMap
        /// An ISOBMFF `tmap` derived item (the gain-map rendition and its metadata).
        case toneMapDerivation
        /// An auxiliary item with its `auxC` type, e.g. an alpha plane, a depth map, a segmentation matte or Apple's
        /// style-delta map.
        case auxiliary(String)
        /// A thumbnail (`thmb` reference) of the item with this ID.
        case thumbnail(of: UInt32)
        /// Another image (JPEG MPF entry, HEIF item) with what it is.
        case other(String)
        /// A video track of a movie (MP4, QuickTime, Matroska) with its track ID (`tkhd` track_ID, Matroska
        /// `TrackNumber`); ``ImageTags/video`` holds what is video-only.
        case videoTrack(id: UInt32)

        public var description: String {
            switch self {
            case .primary: "primary image"
            case .gainMap: "gain-map image"
            case .toneMapDerivation: "tone-map derived item"
            case .auxiliary(let type): "auxiliary image (\(TextSanitizer.sanitize(type)))"
            case .thumbnail(let item): "thumbnail of item \(item)"
            case .other(let what): TextSanitizer.sanitize(what)
            case .videoTrack(let id): "video track \(id)"
            }
        }

        /// Whether the image's pixels are colour meant for display, so that its colour tags are judged as such:
        /// the primary image, a tone-map derived item (the alternate rendition), thumbnails and unknown images. A
        /// gain map holds log-gain samples and an auxiliary image alpha, depth or matte values (ISO 21496-1 §5; ISO/IEC
        /// 23008-12 §6.5.8): their `colr` and ICC describe no display colour, so colour rules do not apply to them.
        public var isDisplayColor: Bool {
            switch self {
            case .primary, .toneMapDerivation, .thumbnail, .other, .videoTrack: true
            case .gainMap, .auxiliary: false
            }
        }
    }

    /// What the image is.
    public var role: Role
    /// The HEIF/AVIF item ID.
    public var itemID: UInt32?
    /// The HEIF item type (`av01`, `hvc1`, `grid`, `tmap` …).
    public var itemType: String?
    /// Offset of the image's first byte (JPEG secondary images).
    public var offset: Int?
    /// Width in pixels (PNG IHDR, JPEG SOF, ISOBMFF `ispe`).
    public var width: Int?
    /// Height in pixels.
    public var height: Int?
    /// Bits per component as coded (PNG IHDR bit depth, JPEG SOF precision, `pixi`, `av1C`).
    public var bitDepth: Int?
    /// The number of colour channels (PNG colour type, JPEG components, `pixi`).
    public var channelCount: Int?
    /// The PNG colour type (0, 2, 3, 4, 6).
    public var pngColorType: UInt8?
    /// Code points stated by the image (cICP, `colr` nclx, AV1 sequence header, the ICC `cicp` tag is under
    /// ``iccProfiles``).
    public var cicp: [Located<CICPTag>] = []
    /// Embedded ICC profiles.
    public var iccProfiles: [Located<EmbeddedICCProfile>] = []
    /// PNG `sRGB` chunks (rendering intent 0–3).
    public var sRGBIntent: [Located<UInt8>] = []
    /// PNG `gAMA` chunks: the stored image gamma (1/2.2 ≈ 0.45455 for a 2.2 display gamma).
    public var gamma: [Located<Double>] = []
    /// PNG `cHRM` chunks.
    public var chromaticities: [Located<PNGChromaticities>] = []
    /// Mastering display colour volume (PNG `mDCV`/`mDCv`, ISOBMFF `mdcv`).
    public var masteringDisplay: [Located<MasteringDisplayColorVolume>] = []
    /// Content light level (PNG `cLLI`/`cLLi`, ISOBMFF `clli`).
    public var contentLightLevel: [Located<ContentLightLevel>] = []
    /// HDR reference white luminance in cd/m² (PNG 3rd/4th edition chunk, w3c/png PR #573).
    public var referenceWhite: [Located<Double>] = []
    /// The ISOBMFF `colr` box types seen, in order (`nclx`, `prof`, `rICC`, `nclc`).
    public var colorBoxTypes: [Located<String>] = []
    /// The effective colour after the format's precedence (see ``EffectiveColor``).
    public var effective: EffectiveColor
    /// What a video track says beyond colour tags (codec, Dolby Vision, SEI and OBU metadata); nil for images.
    public var video: VideoStreamTags?

    /// Creates an image with no tags.
    public init(role: Role) {
        self.role = role
        effective = EffectiveColor(basis: .none, cicp: nil, colorSpaceName: nil, location: nil)
    }

    /// The first CICP tag from `source`.
    public func cicp(from source: CICPTag.Source) -> Located<CICPTag>? { cicp.first { $0.value.source == source } }
}
