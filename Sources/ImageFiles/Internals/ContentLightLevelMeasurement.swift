import ColorSpaces
import ColorTags
import PixelBuffers
import PixelConversion

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
        var maximum: Float = 0
        var sum: Double = 0
        converted.withView { view in
            let plane = view.plane(0)
            for y in 0..<view.height {
                let row = plane.row(y, as: Float.self)
                var rowSum: Float = 0
                for x in 0..<view.width {
                    let m = max(row[4 * x], row[4 * x + 1], row[4 * x + 2])
                    if m.isFinite {
                        maximum = max(maximum, m)
                        rowSum += max(m, 0)
                    }
                }
                sum += Double(rowSum)
            }
        }
        let count = Double(pixels.width * pixels.height)
        return ContentLightLevel(
            maxContentLightLevel: (Double(maximum) * referenceWhite).rounded(),
            maxFrameAverageLightLevel: (sum / count * referenceWhite).rounded())
    }
}
