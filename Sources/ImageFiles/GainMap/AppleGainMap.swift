import ColorTags
import Foundation
import ToneMapping
import TransferFunctions

/// Apple's pre-ISO HDR gain map (iPhone 12 – iOS 17 JPEGs): an MPF secondary image whose XMP names
/// `urn:com:apple:photo:2020:aux:hdrgainmap`, a primary XMP `HDRGainMap:HDRGainMapVersion`, and the headroom in the
/// Exif maker note (tags 0x0021, 0x0030). Per Apple's "Applying Apple HDR effect to your photos":
/// stops from the two tags, headroom H = 2^max(stops, 0), gain samples decoded with the BT.709 transfer function,
/// and HDR = SDR × (1 + (H − 1)·g) in linear light.
///
/// The formula is carried into ISO 21496-1 terms so that `GainMap.apply` does the work: each sample becomes
/// g′ = log2(1 + (H − 1)·g) / log2 H with gainMapMin 0, gainMapMax log2 H, gamma 1 and zero offsets, which gives the
/// same result at full headroom and ISO weighting below it (Apple does not document how it adapts to smaller
/// headrooms).
enum AppleGainMap {
    static let auxiliaryType = "urn:com:apple:photo:2020:aux:hdrgainmap"

    /// Where Apple's gain-map image is and its headroom, or nil when the file has none (or no usable maker note).
    static func locate(in bytes: [UInt8], tagging: ColorTagging) -> (index: Int, headroom: Double)? {
        guard let primaryXMP = JPEGSegments.xmpPacket(in: bytes), primaryXMP.contains("HDRGainMapVersion") else {
            return nil
        }
        guard let tags = AppleMakerNote.headroomTags(in: bytes) else { return nil }
        for (index, image) in tagging.images.enumerated().dropFirst() {
            guard let offset = image.offset, offset < bytes.count,
                let xmp = JPEGSegments.xmpPacket(in: Array(bytes[offset...].prefix(1 << 20))),
                xmp.contains(auxiliaryType)
            else { continue }
            return (index, headroom(tag33: tags.tag33, tag48: tags.tag48))
        }
        return nil
    }

    /// Apple's headroom from maker-note tags 0x0021 and 0x0030.
    static func headroom(tag33: Double, tag48: Double) -> Double {
        let stops: Double
        if tag33 < 1 {
            stops = tag48 <= 0.01 ? -20 * tag48 + 1.8 : -0.101 * tag48 + 1.601
        } else {
            stops = tag48 <= 0.01 ? -70 * tag48 + 3 : -0.303 * tag48 + 2.303
        }
        return exp2(max(stops, 0))
    }

    /// The ISO-form metadata of a headroom.
    static func metadata(headroom: Double) -> GainMapMetadata {
        let log2H = log2(max(headroom, 1))
        return GainMapMetadata(
            gainMapMin: 0, gainMapMax: log2H, gamma: 1, baseOffset: 0, alternateOffset: 0, baseHeadroom: 0,
            alternateHeadroom: log2H)
    }

    /// A gain sample (code / 255) re-expressed for ``metadata(headroom:)``.
    static func isoSample(_ code: Float, headroom: Double) -> Float {
        let linear = TransferFunction.bt709.toLinear(Double(code))
        let log2H = log2(max(headroom, 1))
        guard log2H > 0 else { return 0 }
        return Float(log2(1 + (headroom - 1) * max(linear, 0)) / log2H)
    }
}
