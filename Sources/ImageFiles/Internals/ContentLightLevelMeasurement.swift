import ColorSpaces
import ColorTags
import PixelBuffers
import PixelConversion
import MediaSyntax

/// MaxCLL and MaxFALL of PQ or HLG pixels (CTA-861.3: the largest component per pixel, in cd/m²), measured through
/// `PixelConverter` to linear light. Nil for SDR encodings.
enum ContentLightLevelMeasurement {
    static func measure(_ pixels: PixelBuffer, encoding: PixelEncoding, referenceWhite: Double = 203)
        -> ContentLightLevel?
    {
        guard encoding.colorSpace.isHDR else { return nil }
        var options = PixelConverter.Options()
        options.referenceWhite = referenceWhite
        let linear = PixelEncoding(format: .rgbaFloat, colorSpace: ColorResolution.extendedLinear(encoding.colorSpace))
        guard let converted = try? Conversion.convert(pixels, from: encoding, to: linear, options: options) else {
            return nil
        }
        var meter = LightLevelMeter(referenceWhite: referenceWhite)
        converted.withView { meter.add($0) }
        return meter.lightLevel
    }
}
