internal import CJPEG
import PixelBuffers

/// Decodes baseline and progressive 8-bit JPEGs through libjpeg-turbo into RGBA 8-bit (colour) or 8-bit grey planes.
enum JPEGDecoder {
    /// One decoded JPEG image: RGBA 8-bit, or with `grey` one byte per pixel in a tightly packed array.
    struct Decoded {
        var width: Int
        var height: Int
        var components: Int
        /// RGBA pixels (colour decode).
        var rgba: PixelBuffer?
        /// Grey samples, row-major (grey decode).
        var grey: [UInt8]
    }

    /// Reads the header only: size and component count.
    static func header(_ bytes: ArraySlice<UInt8>) throws(ImageFileError) -> (width: Int, height: Int, components: Int)
    {
        var decoder = hdrc_jpeg_decoder()
        defer { hdrc_jpeg_decoder_destroy(&decoder) }
        let ok = bytes.withUnsafeBufferPointer { hdrc_jpeg_read_header(&decoder, $0.baseAddress, $0.count) }
        guard ok == 1 else {
            throw .corrupt(path: nil, format: .jpeg, reason: PNGDecoder.message(&decoder.error.message))
        }
        return (Int(decoder.width), Int(decoder.height), Int(decoder.components))
    }

    /// Decodes the JPEG starting at the first byte of `bytes` (trailing data after its EOI is ignored).
    static func decode(_ bytes: ArraySlice<UInt8>, grey: Bool, limits: ImageLimits, what: String = "the image")
        throws(ImageFileError) -> Decoded
    {
        var decoder = hdrc_jpeg_decoder()
        defer { hdrc_jpeg_decoder_destroy(&decoder) }
        return try bytes.withUnsafeBufferPointer { (buffer) throws(ImageFileError) -> Decoded in
            guard hdrc_jpeg_read_header(&decoder, buffer.baseAddress, buffer.count) == 1 else {
                throw .corrupt(path: nil, format: .jpeg, reason: PNGDecoder.message(&decoder.error.message))
            }
            let width = Int(decoder.width)
            let height = Int(decoder.height)
            try limits.check(width: width, height: height, what: what)
            guard decoder.precision == 8 else {
                throw .unsupportedContent(path: nil, format: .jpeg, reason: "\(decoder.precision)-bit samples")
            }
            guard [1, 3].contains(decoder.components) else {
                throw .unsupportedContent(
                    path: nil, format: .jpeg, reason: "\(decoder.components) components (CMYK/YCCK)")
            }
            var result = Decoded(width: width, height: height, components: Int(decoder.components), rgba: nil, grey: [])
            if grey {
                var samples = [UInt8](repeating: 0, count: width * height)
                let ok = samples.withUnsafeMutableBufferPointer { hdrc_jpeg_decode(&decoder, $0.baseAddress, width, 1) }
                guard ok == 1 else {
                    throw .corrupt(path: nil, format: .jpeg, reason: PNGDecoder.message(&decoder.error.message))
                }
                result.grey = samples
            } else {
                var pixels = try Conversion.buffer(.rgba8, width: width, height: height)
                let ok = pixels.withMutableView { view in
                    let plane = view.plane(0)
                    return hdrc_jpeg_decode(
                        &decoder, plane.baseAddress.assumingMemoryBound(to: UInt8.self), plane.bytesPerRow, 0)
                }
                guard ok == 1 else {
                    throw .corrupt(path: nil, format: .jpeg, reason: PNGDecoder.message(&decoder.error.message))
                }
                result.rgba = pixels
            }
            return result
        }
    }
}
