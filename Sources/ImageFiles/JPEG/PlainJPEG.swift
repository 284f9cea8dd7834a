import ICC
import PixelBuffers
import PixelConversion

/// 8-bit SDR JPEG writing: RGBA 8-bit through `PixelConverter`, an ICC profile in APP2, the user's XMP in APP1.
enum PlainJPEG {
    static func encode(_ pixels: PixelBuffer, encoding: PixelEncoding, options: ImageWriteOptions)
        throws(ImageFileError) -> [UInt8]
    {
        if let depth = options.bitDepth, depth != 8 {
            throw .invalidRequest("JPEG stores 8 bits per sample, not \(depth); write PNG, AVIF or HEIF for more")
        }
        let target = PixelEncoding(format: .rgba8, colorSpace: encoding.colorSpace)
        let rgba = try Conversion.convert(pixels, from: encoding, to: target, options: options.conversion)
        let stream = try rgba.withView { (view) throws(ImageFileError) in
            try JPEGEncoder.encode(
                rgba: view, quality: options.quality, chroma420: options.chroma420 ?? (options.quality < 90))
        }
        var segments: [UInt8] = []
        if let xmp = options.xmp { segments += try JPEGSegments.xmpSegment(xmp) }
        if options.embedICCProfile, let profile = try? ICCProfile(colorSpace: encoding.colorSpace) {
            segments += try JPEGSegments.iccSegments(profile.bytes)
        }
        return segments.isEmpty ? stream : try JPEGSegments.splice(segments, into: stream)
    }
}
