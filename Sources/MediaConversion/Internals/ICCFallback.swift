import HDRColor
import ICC
import ImageFiles
import PixelBuffers
import PixelConversion

/// SDR conversions through LittleCMS from an embedded ICC profile that no catalog colour space matches.
enum ICCFallback {
    /// The pixels converted from `profile` to the target's colour space (8/16-bit RGBA to RGBA), or nil when the
    /// layouts are not ones LittleCMS takes or the target is HDR.
    static func convert(_ image: DecodedImage, profile: ICCProfile, to target: PixelEncoding) throws(ImageFileError)
        -> PixelBuffer?
    {
        guard let sourceLayout = ICCPixelLayout(image.pixels.format), let targetLayout = ICCPixelLayout(target.format),
            !target.colorSpace.isHDR
        else { return nil }
        do {
            let destination = try ICCProfile(colorSpace: target.colorSpace)
            let transform = try ICCTransform(
                from: profile, to: destination, sourceLayout: sourceLayout, destinationLayout: targetLayout)
            var buffer = try PixelBuffer(format: target.format, width: image.width, height: image.height)
            try image.pixels.withView { input in try buffer.withMutableView { try transform.transform(input, into: $0) }
            }
            return buffer
        } catch {
            throw .conversion("LittleCMS: \(error)")
        }
    }
}
