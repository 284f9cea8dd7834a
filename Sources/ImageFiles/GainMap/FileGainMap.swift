import ColorSpaces
import PixelBuffers
import PixelConversion
import ToneMapping

/// A gain map found in a file, ready to render: its samples as an RGB buffer, its metadata in ISO 21496-1 terms, and
/// where the metadata came from. JPEG (ISO 21496-1, XMP hdrgm, Apple), HEIF and AVIF (`tmap`, Apple's auxiliary
/// image) all arrive here, so one renderer serves them all.
struct FileGainMap: Sendable {
    /// The gain-map samples, normalised to [0, 1] by the format's range (R = G = B for a single-channel map), in an
    /// RGB format with an encoding whose colour space is ignored (gain samples are not colour).
    var samples: PixelBuffer
    /// The samples' format and range.
    var samplesEncoding: PixelEncoding
    /// The metadata applied.
    var metadata: GainMapMetadata
    /// Where the metadata came from.
    var source: GainMapRendition.MetadataSource
    /// Whether both ISO 21496-1 and XMP hdrgm metadata were present.
    var hasBothMetadata: Bool
    /// Gain-map channels as coded (1 or 3).
    var channelCount: Int
    /// The primaries the gains apply in: the base's (nil, ISO `use_base_colour_space`) or the alternate's.
    var workingPrimaries: RGBPrimaries?

    /// What the decoded image reports about it, before rendering.
    var rendition: GainMapRendition {
        GainMapRendition(
            metadata: metadata, source: source, hasBothMetadata: hasBothMetadata, gainMapWidth: samples.width,
            gainMapHeight: samples.height, channelCount: channelCount, displayHeadroom: nil, weight: nil)
    }

    /// The encoding gain samples are read in: linear light, so the stored codes' normalised values are the samples.
    static func sampleEncoding(_ format: PixelFormat) -> PixelEncoding {
        PixelEncoding(format: format, colorSpace: .linearSRGB)
    }
}
