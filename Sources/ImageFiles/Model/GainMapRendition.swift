public import ToneMapping
import Foundation

/// A gain map found in a file and how it was applied.
public struct GainMapRendition: Hashable, Sendable {
    /// Where the metadata came from.
    public enum MetadataSource: String, Hashable, Sendable, CustomStringConvertible {
        /// ISO 21496-1 binary metadata (exact fractions).
        case iso = "ISO 21496-1"
        /// Adobe/UltraHDR XMP `hdrgm` fields.
        case xmp = "XMP hdrgm"
        /// Apple's pre-ISO HDR gain map (auxiliary image `urn:com:apple:photo:2020:aux:hdrgainmap`, headroom from
        /// the Exif maker note), expressed as ISO metadata.
        case apple = "Apple HDRGainMap"

        public var description: String { rawValue }
    }

    /// The metadata applied (ISO 21496-1 when present, else XMP).
    public var metadata: GainMapMetadata
    /// Which metadata was used.
    public var source: MetadataSource
    /// Whether both ISO and XMP metadata were present.
    public var hasBothMetadata: Bool
    /// The gain-map image size in pixels.
    public var gainMapWidth: Int
    /// The gain-map image height in pixels.
    public var gainMapHeight: Int
    /// Gain-map channels (1 or 3).
    public var channelCount: Int
    /// The display headroom rendered for (a ratio, 1 = SDR), or nil when only the base was decoded.
    public var displayHeadroom: Double?
    /// The weight applied (−1 … 1; negative when the base is the HDR rendition), nil when only the base was decoded.
    public var weight: Double?

    /// The headroom of the pixels (a ratio): the display headroom rendered for, clamped to the range between the base
    /// and the alternate renditions' headrooms, the range the gain map defines; the base rendition's headroom when
    /// nothing was rendered. Content beyond a display's headroom needs tone mapping only when this exceeds it.
    public var renditionHeadroom: Double {
        let (base, alternate) = (exp2(metadata.baseHeadroom), metadata.alternateHeadroomRatio)
        guard let displayHeadroom else { return base }
        return Swift.min(Swift.max(displayHeadroom, Swift.min(base, alternate)), Swift.max(base, alternate))
    }

    /// Creates a value.
    public init(
        metadata: GainMapMetadata, source: MetadataSource, hasBothMetadata: Bool, gainMapWidth: Int,
        gainMapHeight: Int, channelCount: Int, displayHeadroom: Double?, weight: Double?
    ) {
        self.metadata = metadata
        self.source = source
        self.hasBothMetadata = hasBothMetadata
        self.gainMapWidth = gainMapWidth
        self.gainMapHeight = gainMapHeight
        self.channelCount = channelCount
        self.displayHeadroom = displayHeadroom
        self.weight = weight
    }
}
