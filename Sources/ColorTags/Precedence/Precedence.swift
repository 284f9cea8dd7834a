import ColorSpaces
import Foundation
import ICC
import SignalCoding

/// The formats' colour-tag precedence, producing ``EffectiveColor``.
package enum Precedence {
    /// What an ICC profile means: its `cicp` tag when present (primaries and transfer from the codes), else the
    /// catalog colour space it matches, else its colorants with an unknown transfer.
    package static func meaning(of embedded: EmbeddedICCProfile, location: TagLocation) -> EffectiveColor? {
        guard let profile = embedded.profile else { return nil }
        let name = embedded.profileDescription
        if let tag = profile.cicp {
            return EffectiveColor(basis: .iccProfile, cicp: tag, colorSpaceName: name, location: location)
        }
        if let match = profile.matchingColorSpace() {
            let cicp = try? CICP(colorSpace: match.colorSpace)
            return EffectiveColor(
                basis: .iccProfile, cicp: cicp, colorSpaceName: match.colorSpace.name, location: location,
                primaries: match.colorSpace.primaries,
                transfer: match.colorSpace.transferFunction.cicp.flatMap(UInt8.init(exactly:)).map(
                    CICP.TransferCharacteristics.init(rawValue:)))
        }
        return EffectiveColor(
            basis: .iccProfile, cicp: nil, colorSpaceName: name ?? "ICC profile", location: location,
            primaries: profile.primaries)
    }

    /// PNG 3rd edition: cICP > iCCP > sRGB > cHRM/gAMA; untagged means sRGB.
    static func effectiveColor(png image: ImageTags) -> EffectiveColor {
        if let tag = image.cicp(from: .pngChunk) {
            return EffectiveColor(
                basis: .cicp, cicp: tag.value.cicp, colorSpaceName: catalogName(tag.value.cicp),
                location: tag.location)
        }
        if let icc = image.iccProfiles.first, let meaning = meaning(of: icc.value, location: icc.location) {
            return meaning
        }
        if let srgb = image.sRGBIntent.first {
            return EffectiveColor(basis: .sRGBChunk, cicp: .sRGB, colorSpaceName: "sRGB", location: srgb.location)
        }
        if image.gamma.first != nil || image.chromaticities.first != nil {
            let gamma = image.gamma.first
            let chromaticities = image.chromaticities.first
            var name = "gAMA/cHRM"
            var transfer: CICP.TransferCharacteristics?
            if let g = gamma?.value {
                let decode = 1 / g
                name = "gamma \(decode.g4)" + (chromaticities == nil ? " (primaries unknown)" : "")
                if Swift.abs(decode - 2.2) < 0.01 { transfer = .gamma22 }
                if Swift.abs(decode - 2.8) < 0.01 { transfer = .gamma28 }
                if Swift.abs(decode - 1) < 0.001 { transfer = .linear }
            }
            return EffectiveColor(
                basis: .gammaAndChromaticities, cicp: nil, colorSpaceName: name,
                location: (gamma?.location ?? chromaticities?.location), primaries: chromaticities?.value.primaries,
                transfer: transfer)
        }
        return EffectiveColor(basis: .assumedSRGB, cicp: .sRGB, colorSpaceName: "sRGB (assumed)", location: nil)
    }

    /// JPEG: the ICC profile; untagged means sRGB.
    static func effectiveColor(jpeg image: ImageTags) -> EffectiveColor {
        if let icc = image.iccProfiles.first, let meaning = meaning(of: icc.value, location: icc.location) {
            return meaning
        }
        return EffectiveColor(basis: .assumedSRGB, cicp: .sRGB, colorSpaceName: "sRGB (assumed)", location: nil)
    }

    /// A raw ICC profile.
    static func effectiveColor(icc image: ImageTags) -> EffectiveColor {
        guard let icc = image.iccProfiles.first, let meaning = meaning(of: icc.value, location: icc.location) else {
            return EffectiveColor(basis: .none, cicp: nil, colorSpaceName: nil, location: nil)
        }
        return meaning
    }

    /// MIAF defaults for an item without `colr`: BT.709 primaries, sRGB transfer, BT.601 matrix (5 or 6), full range.
    static let miafDefault = CICP(
        colorPrimaries: 1, transferCharacteristics: 13, matrixCoefficients: 6, videoFullRange: true)

    /// HEIF/AVIF: `colr` nclx over the bitstream; an ICC profile's primaries and transfer with the nclx matrix and
    /// range; MIAF defaults without `colr` (av1-avif #84).
    static func effectiveColor(isobmff image: ImageTags) -> EffectiveColor {
        let nclx = image.cicp(from: .nclx)
        if let icc = image.iccProfiles.first, var meaning = meaning(of: icc.value, location: icc.location) {
            if var cicp = meaning.cicp {
                cicp.matrixCoefficients = nclx?.value.cicp.matrixCoefficients ?? miafDefault.matrixCoefficients
                cicp.videoFullRange = nclx?.value.cicp.videoFullRange ?? true
                meaning.cicp = cicp
            }
            meaning.range = nclx?.value.cicp.range ?? .full
            return meaning
        }
        if let nclx {
            return EffectiveColor(
                basis: .cicp, cicp: nclx.value.cicp, colorSpaceName: catalogName(nclx.value.cicp),
                location: nclx.location)
        }
        return EffectiveColor(
            basis: .miafDefault, cicp: miafDefault, colorSpaceName: "sRGB (MIAF default)", location: nil)
    }

    /// The catalog name of the codes' RGB space, e.g. "BT.2100 PQ".
    static func catalogName(_ cicp: CICP) -> String? {
        (try? ColorSpace(cicp: cicp))?.name
    }
}
