public import ToneMapping

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Apple's HDR gain map (iPhone photos since iOS 14.1, JPEG and HEIC): an auxiliary image of type
/// `urn:com:apple:photo:2020:aux:hdrgainmap` (a JPEG MPF secondary image, or a HEIF auxiliary item) whose XMP has
/// `HDRGainMap:HDRGainMapVersion`, and a headroom, from that XMP's `HDRGainMap:HDRGainMapHeadroom` (newer files) or
/// from the primary image's Exif maker note (older files: `MakerApple` tags 0x0021 and 0x0030, exiftool's HDRHeadroom
/// and HDRGain).
///
/// `HDRGainMapHeadroom` is read as a **linear ratio** (peak ÷ SDR white), as libavif reads it
/// (`apps/shared/avifjpeg.c`, `hdrHeadroomLinear`), not as stops, as libultrahdr does (`lib/src/jpegrutils.cpp`,
/// `exp2(val)`). The evidence: Apple says current iPhones produce images with up to 8× headroom (WWDC 2023, "Support
/// HDR images in your app"), and the maker-note formula that the XMP field replaced yields at most 3 stops (8×);
/// libavif's and libultrahdr's `apple_gainmap_new.jpg` carries 4.532783, which is 4.53× (2.18 stops) read as a ratio
/// but 23.1× read as stops.
public struct AppleGainMapTags: Hashable, Sendable {
    /// The two maker-note values that give the headroom of older files.
    public struct MakerNoteValues: Hashable, Sendable {
        /// Tag 0x0021 (exiftool HDRHeadroom).
        public var headroom: Double
        /// Tag 0x0030 (exiftool HDRGain).
        public var gain: Double

        /// Creates the pair.
        public init(headroom: Double, gain: Double) {
            self.headroom = headroom
            self.gain = gain
        }

        /// The headroom they encode, a ratio ≥ 1: stops s from Apple's published piecewise-linear formula ("Applying
        /// Apple HDR effect to your photos"), headroom 2^max(s, 0).
        public var headroomRatio: Double {
            let stops: Double
            if headroom < 1 {
                stops = gain <= 0.01 ? -20 * gain + 1.8 : -0.101 * gain + 1.601
            } else {
                stops = gain <= 0.01 ? -70 * gain + 3 : -0.303 * gain + 2.303
            }
            return exp2(Swift.max(stops, 0))
        }
    }

    /// Where the headroom came from.
    public enum HeadroomSource: String, Hashable, Sendable, CustomStringConvertible {
        /// The gain-map image's XMP `HDRGainMap:HDRGainMapHeadroom`.
        case xmp = "XMP HDRGainMapHeadroom"
        /// The primary image's Exif maker note.
        case makerNote = "Exif maker note"

        public var description: String { rawValue }
    }

    /// The aux type URN of Apple's gain-map images.
    public static let auxiliaryType = "urn:com:apple:photo:2020:aux:hdrgainmap"

    /// `HDRGainMap:HDRGainMapVersion` of the gain-map image's XMP (65536 in iOS 14–17 files, 131072 in newer ones).
    public var version: Int?
    /// `HDRGainMap:HDRGainMapHeadroom` of the gain-map image's XMP, a linear ratio.
    public var xmpHeadroom: Double?
    /// The maker-note values of the primary image's Exif.
    public var makerNote: MakerNoteValues?

    /// Creates a record.
    public init(version: Int? = nil, xmpHeadroom: Double? = nil, makerNote: MakerNoteValues? = nil) {
        self.version = version
        self.xmpHeadroom = xmpHeadroom
        self.makerNote = makerNote
    }

    /// The headroom to use, a ratio ≥ 1 (the XMP value when it is a finite positive number, else the maker note's),
    /// and where it came from; nil when the file has neither.
    public var headroom: (ratio: Double, source: HeadroomSource)? {
        if let xmpHeadroom, xmpHeadroom.isFinite, xmpHeadroom > 0 { return (Swift.max(xmpHeadroom, 1), .xmp) }
        if let makerNote { return (makerNote.headroomRatio, .makerNote) }
        return nil
    }

    /// The gain map in ISO 21496-1 terms, as libavif states it (`avifJPEGParseGainMapXMPPropertiesAppleFormat`):
    /// gainMapMin 0, gainMapMax = alternate headroom = log2 H, gamma 1, zero offsets, an SDR base. Apple's samples are
    /// not ISO samples: ImageFiles re-expresses them (see its `AppleGainMap`) so that this metadata applies exactly.
    public var metadata: GainMapMetadata? {
        guard let headroom else { return nil }
        let log2H = log2(headroom.ratio)
        return GainMapMetadata(
            gainMapMin: 0, gainMapMax: log2H, gamma: 1, baseOffset: 0, alternateOffset: 0, baseHeadroom: 0,
            alternateHeadroom: log2H)
    }
}
