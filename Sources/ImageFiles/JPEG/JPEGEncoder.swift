internal import CJPEG
import PixelBuffers

/// Encodes 8-bit RGBA (alpha ignored) or grey pixels as JFIF JPEG through libjpeg-turbo. Markers (ICC, XMP, MPF,
/// ISO 21496-1) are spliced in afterwards by ``JPEGSegments``.
enum JPEGEncoder {
    static func encode(rgba view: PixelBufferView, quality: Int, chroma420: Bool) throws(ImageFileError) -> [UInt8] {
        precondition(view.format == .rgba8)
        let plane = view.plane(0)
        return try encode(
            plane.baseAddress.assumingMemoryBound(to: UInt8.self), stride: plane.bytesPerRow, width: view.width,
            height: view.height, grey: false, quality: quality, chroma420: chroma420)
    }

    static func encode(grey samples: [UInt8], width: Int, height: Int, quality: Int) throws(ImageFileError) -> [UInt8] {
        try samples.withUnsafeBufferPointer { (buffer) throws(ImageFileError) -> [UInt8] in
            try encode(
                buffer.baseAddress!, stride: width, width: width, height: height, grey: true, quality: quality,
                chroma420: false)
        }
    }

    private static func encode(
        _ pixels: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int, grey: Bool, quality: Int, chroma420: Bool
    ) throws(ImageFileError) -> [UInt8] {
        guard (1...100).contains(quality) else { throw .invalidRequest("JPEG quality must be 1 … 100, not \(quality)") }
        guard width <= 65_500, height <= 65_500 else {
            throw .invalidRequest("JPEG images are at most 65 500 pixels wide and high, not \(width)×\(height)")
        }
        var encoder = hdrc_jpeg_encoder()
        defer { hdrc_jpeg_encoder_free(&encoder) }
        let ok = hdrc_jpeg_encode(
            &encoder, pixels, stride, UInt32(width), UInt32(height), grey ? 1 : 0, Int32(quality), chroma420 ? 1 : 0)
        guard ok == 1, let data = encoder.data else {
            throw .encodingFailed(format: .jpeg, reason: PNGDecoder.message(&encoder.error.message))
        }
        return Array(UnsafeBufferPointer(start: data, count: Int(encoder.size)))
    }
}
