import ColorSpaces
import PixelBuffers
import PixelConversion
import SignalCoding

/// Raw frames: the planes of a `PixelFormat` one after another, rows tightly packed, as a decoder or a CoreVideo
/// buffer without row padding holds them.
enum RawFrame {
    static func decode(_ bytes: [UInt8], description: RawFrameDescription, limits: ImageLimits) throws(ImageFileError)
        -> DecodedImage
    {
        try limits.check(width: description.width, height: description.height)
        guard let expected = description.byteCount else {
            throw .limitExceeded(path: nil, what: "the raw frame size", limit: Int.max)
        }
        guard bytes.count == expected else {
            throw .corrupt(
                path: nil, format: .raw,
                reason: "a \(description.width)×\(description.height) \(description.format) frame has \(expected) "
                    + "bytes, the file \(bytes.count)"
                    + (bytes.count > expected && bytes.count % expected == 0 ? " (several frames: split it first)" : "")
            )
        }
        let encoding: PixelEncoding
        do { encoding = try PixelEncoding(cicp: description.cicp, format: description.format) } catch {
            throw .invalidRequest("--input-cicp \(description.cicp): \(error)")
        }
        var pixels = try Conversion.buffer(description.format, width: description.width, height: description.height)
        pixels.withMutableView { view in
            var offset = 0
            bytes.withUnsafeBytes { source in
                for p in 0..<view.format.planeCount {
                    let plane = view.plane(p)
                    for y in 0..<plane.height {
                        plane.row(y).copyMemory(
                            from: UnsafeRawBufferPointer(rebasing: source[offset..<(offset + plane.rowByteCount)]))
                        offset += plane.rowByteCount
                    }
                }
            }
        }
        let decision = ColorDecision(
            basis: .cicp, colorSpace: encoding.colorSpace, detail: "raw frame described as CICP \(description.cicp)")
        return DecodedImage(
            pixels: pixels, encoding: encoding, fileType: .raw, colorDecision: decision,
            codedBitDepth: description.format.bitDepth)
    }

    /// The encoding of a raw output: the format, the colour space, and for Y′CbCr the CICP's matrix and range.
    static func target(_ description: RawFrameDescription, colorSpace: ColorSpace) throws(ImageFileError)
        -> PixelEncoding
    {
        guard description.format.colorModel == .yCbCr else {
            return PixelEncoding(format: description.format, colorSpace: colorSpace)
        }
        do {
            var target = try PixelEncoding(cicp: description.cicp, format: description.format)
            target.colorSpace = colorSpace
            return target
        } catch { throw .invalidRequest("raw output CICP \(description.cicp): \(error)") }
    }

    static func encode(_ pixels: PixelBuffer, encoding: PixelEncoding, options: ImageWriteOptions)
        throws(ImageFileError) -> [UInt8]
    {
        guard let description = options.raw else {
            throw .invalidRequest("raw output needs a pixel format (--output-format, e.g. x420)")
        }
        let target = try Self.target(description, colorSpace: encoding.colorSpace)
        let converted = try Conversion.convert(pixels, from: encoding, to: target, options: options.conversion)
        var bytes: [UInt8] = []
        converted.withView { view in
            for p in 0..<view.format.planeCount {
                let plane = view.plane(p)
                for y in 0..<plane.height { bytes += plane.row(y) }
            }
        }
        return bytes
    }
}
