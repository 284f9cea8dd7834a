import ColorSpaces
import ColorTags
import ImageFiles
import PixelConversion
import ToneMapping
import MediaSyntax

/// The choices a conversion makes from its request, the output format and the source image.
struct TargetDecision {
    let request: ConversionRequest
    let outputType: MediaFileFormat

    /// The colour space written when the request names none: sRGB for an 8-bit JPEG of HDR content, BT.2100 PQ (ISO
    /// HDR) for deep formats of a gain-map image (unless the display headroom asks for SDR) or an extended-linear HDR
    /// rendition, sRGB for an unmatched ICC profile, else the source's (a gain-map image's base, written as SDR).
    func defaultColorSpace(for image: DecodedImage) -> ColorSpace {
        let source = image.encoding.colorSpace
        if outputType == .jpeg, request.gainMap == nil, image.isHDR { return .sRGB }
        if request.gainMap != nil { return source }
        let gainMapHDR = image.hasUnrenderedGainMap && outputType != .jpeg && (request.displayHeadroom ?? 2) > 1
        if gainMapHDR || (source.isLinear && source.outOfRange == .extended && outputType != .raw) {
            return .bt2100PQ
        }
        if image.colorDecision.unmatchedProfile != nil { return .sRGB }
        return source
    }

    /// Which rendition of a gain-map image a target gets (ISO 21496-1): the request's display headroom; else headroom
    /// 1 for an SDR target (a base meant for SDR is then written as stored, with no tone mapping); else the alternate
    /// rendition at its full headroom (HDR targets, and the HDR input of a gain-map JPEG being written).
    func gainMapRendering(for target: ColorSpace) -> GainMapRendering {
        if let h = request.displayHeadroom { return .displayHeadroom(h) }
        if request.gainMap == nil, !target.isHDR, !(target.isLinear && target.outOfRange == .extended) {
            return .displayHeadroom(1)
        }
        return .alternate
    }

    /// The content's luminance: a gain-map rendition's headroom, else its mastering display and MaxCLL.
    func contentLuminance(_ image: DecodedImage) -> ContentLuminance {
        if let gainMap = image.gainMap {
            return ContentLuminance(maxContentLightLevel: gainMap.renditionHeadroom * request.referenceWhite)
        }
        return Self.contentLuminance(image.masteringDisplay, image.contentLightLevel)
    }

    /// The content's luminance from its mastering display and MaxCLL (a MaxCLL of 0 means unknown, CTA-861.3).
    static func contentLuminance(_ mastering: MasteringDisplayColorVolume?, _ lightLevel: ContentLightLevel?)
        -> ContentLuminance
    {
        ContentLuminance(
            masteringPeak: mastering?.maximumLuminance, masteringBlack: mastering?.minimumLuminance,
            maxContentLightLevel: lightLevel.flatMap { $0.maxContentLightLevel > 0 ? $0.maxContentLightLevel : nil })
    }

    /// The tone mapping of the conversion (``ConversionRequest/converterToneMapping(content:sourceIsHDR:target:)``
    /// with the image's luminance).
    func toneMapping(_ image: DecodedImage, _ target: ColorSpace) -> PixelConverter.ToneMapping {
        request.converterToneMapping(content: contentLuminance(image), sourceIsHDR: image.isHDR, target: target)
    }
}
