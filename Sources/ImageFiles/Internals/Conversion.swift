import PixelBuffers
import PixelConversion

/// Pixel conversions through `PixelConverter`, with its errors mapped to ``ImageFileError``.
enum Conversion {
    /// A new buffer in `destination`, converted from `source`.
    static func convert(
        _ pixels: PixelBuffer, from source: PixelEncoding, to destination: PixelEncoding,
        options: PixelConverter.Options = PixelConverter.Options()
    ) throws(ImageFileError) -> PixelBuffer {
        if source == destination { return pixels }
        do throws(PixelConversionError) {
            return try PixelConverter(from: source, to: destination, options: options).convert(pixels)
        } catch {
            throw .conversion("\(error)")
        }
    }

    /// A zero-filled buffer, with PixelBuffers' errors mapped.
    static func buffer(_ format: PixelFormat, width: Int, height: Int) throws(ImageFileError) -> PixelBuffer {
        do { return try PixelBuffer(format: format, width: width, height: height) } catch {
            throw .conversion("cannot allocate a \(width)×\(height) \(format) buffer: \(error)")
        }
    }
}
