internal import CPNG
import ColorTags
import PixelBuffers
import PixelConversion

/// Decodes PNG files through libpng into RGBA 8- or 16-bit buffers (palette, grey and 1/2/4-bit images expanded, tRNS
/// as alpha); the colour comes from ColorTags' precedence (cICP > iCCP > sRGB > cHRM/gAMA).
enum PNGDecoder {
    static func decode(_ bytes: [UInt8], tagging: ColorTagging, limits: ImageLimits) throws(ImageFileError)
        -> DecodedImage
    {
        let dimension = UInt32(clamping: limits.maximumDimension)
        var reader = hdrc_png_reader()
        defer { hdrc_png_reader_destroy(&reader) }
        let headerOK = bytes.withUnsafeBufferPointer { buffer in
            hdrc_png_read_header(&reader, buffer.baseAddress, buffer.count, dimension, dimension, 64 << 20)
        }
        guard headerOK == 1 else { throw .corrupt(path: nil, format: .png, reason: message(&reader.message)) }
        let width = Int(reader.width)
        let height = Int(reader.height)
        try limits.check(width: width, height: height)
        let format: PixelFormat = reader.output_bit_depth == 16 ? .rgba16 : .rgba8
        var pixels = try Conversion.buffer(format, width: width, height: height)
        let readOK = bytes.withUnsafeBufferPointer { _ in
            pixels.withMutableView { view in
                let plane = view.plane(0)
                return hdrc_png_read_image(
                    &reader, plane.baseAddress.assumingMemoryBound(to: UInt8.self), plane.bytesPerRow)
            }
        }
        guard readOK == 1 else { throw .corrupt(path: nil, format: .png, reason: message(&reader.message)) }
        let primary = tagging.primary
        let decision = ColorResolution.decide(primary)
        return DecodedImage(
            pixels: pixels, encoding: PixelEncoding(format: format, colorSpace: decision.colorSpace), fileType: .png,
            colorDecision: decision, codedBitDepth: Int(reader.bit_depth),
            masteringDisplay: primary.masteringDisplay.first?.value,
            contentLightLevel: primary.contentLightLevel.first?.value,
            iccProfile: primary.iccProfiles.first?.value.profile, tagging: tagging)
    }

    /// The C message buffer as a String.
    static func message<T>(_ tuple: inout T) -> String {
        withUnsafeBytes(of: &tuple) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return bytes.isEmpty ? "unknown error" : String(decoding: bytes, as: UTF8.self)
        }
    }
}
