import ColorTags
public import Foundation
public import MediaSyntax
public import PixelBuffers
public import PixelConversion

/// Reading and writing image files: PNG (libpng), JPEG and gain-map JPEG (libjpeg-turbo), AVIF (libavif), HEIF
/// (libheif) and raw frames.
///
/// ```swift
/// let image = try ImageFile.read(contentsOf: URL(fileURLWithPath: "hdr.png"))
/// // image.pixels + image.encoding go straight into PixelConverter.
/// try ImageFile.write(image.pixels, encoding: image.encoding, to: URL(fileURLWithPath: "hdr.avif"),
///                     options: ImageWriteOptions(fileType: .avif, colorSpace: .bt2100PQ, bitDepth: 10))
/// ```
public enum ImageFile {
    /// Reads and decodes the file at `url`.
    ///
    /// - Throws: ``ImageFileError`` naming the file: unreadable, unrecognised, corrupt or truncated, unsupported
    ///   content, or beyond ``ImageReadOptions/limits``.
    public static func read(contentsOf url: URL, options: ImageReadOptions = ImageReadOptions())
        throws(ImageFileError) -> DecodedImage
    {
        let bytes = try FileIO.read(url, maximumSize: options.limits.maximumFileSize)
        let type: MediaFileFormat? =
            options.raw != nil && MediaFileFormat(imageSignatureOf: bytes) == nil ? .raw : nil
        do { return try decode(bytes, as: type, options: options) } catch { throw error.naming(url.path) }
    }

    /// Decodes a file's bytes; `type` nil recognises the format by signature.
    ///
    /// - Throws: ``ImageFileError`` as ``read(contentsOf:options:)``, without a path.
    public static func decode(
        _ bytes: [UInt8], as type: MediaFileFormat? = nil, options: ImageReadOptions = ImageReadOptions()
    )
        throws(ImageFileError) -> DecodedImage
    {
        guard bytes.count <= options.limits.maximumFileSize else {
            throw .limitExceeded(
                path: nil, what: "the file size \(bytes.count) bytes", limit: options.limits.maximumFileSize)
        }
        let fileType = type ?? MediaFileFormat(imageSignatureOf: bytes)
        guard let fileType else { throw .unrecognizedFormat(path: nil, leadingBytes: Array(bytes.prefix(8))) }
        guard let codec = ImageCodec.of(fileType) else { throw .notAnImageFormat(fileType) }
        return try codec.decode(bytes, options).rendition(for: options.gainMap)
    }

    /// Encodes pixels of any encoding into a file's bytes: the writer converts them (through `PixelConverter`) to
    /// ``ImageWriteOptions/colorSpace`` (or keeps the pixels' colour space) in the layout its codec takes, and tags
    /// the file with that colour space.
    ///
    /// - Throws: ``ImageFileError/invalidRequest(_:)`` for options the format cannot honour (e.g. a 10-bit JPEG, or
    ///   extended-range float pixels without a target colour space, whose values beyond [0, 1] would be clipped),
    ///   ``ImageFileError/encodingFailed(format:reason:)`` or ``ImageFileError/codecUnavailable(format:reason:debianPackage:)``.
    public static func encode(_ pixels: PixelBuffer, encoding: PixelEncoding, options: ImageWriteOptions)
        throws(ImageFileError) -> [UInt8]
    {
        guard let codec = ImageCodec.of(options.fileType) else { throw .notAnImageFormat(options.fileType) }
        if options.gainMap != nil, options.fileType != .jpeg {
            throw .invalidRequest(
                "gain maps are written as JPEG only (libavif 0.11 and libheif 1.15 have no gain-map API)")
        }
        var (pixels, encoding) = (pixels, encoding)
        if let target = options.colorSpace, target != encoding.colorSpace {
            let native = try nativeEncoding(for: options, colorSpace: target, source: encoding)
            pixels = try Conversion.convert(pixels, from: encoding, to: native, options: options.conversion)
            encoding = native
        } else if encoding.format.isFloatingPoint, encoding.colorSpace.outOfRange == .extended, options.gainMap == nil,
            options.raw?.format.isFloatingPoint != true
        {
            throw .invalidRequest(
                "the pixels are \(encoding.format) \(encoding.colorSpace.name), whose values beyond [0, 1] "
                    + "\(options.fileType) samples cannot hold; set ImageWriteOptions.colorSpace (e.g. "
                    + ".bt2100PQ for an ISO HDR file, or .sRGB with conversion.toneMapping for SDR), or write a "
                    + "gain-map JPEG")
        }
        let hdr = HDRTags(
            masteringDisplay: options.masteringDisplay,
            contentLightLevel: options.contentLightLevel
                ?? ContentLightLevelMeasurement.measure(pixels, encoding: encoding))
        return try codec.encode(pixels, encoding, options, hdr)
    }

    /// Encodes and writes atomically to `url`.
    ///
    /// - Throws: as ``encode(_:encoding:options:)``, and ``ImageFileError/unwritableFile(path:reason:)``.
    public static func write(
        _ pixels: PixelBuffer, encoding: PixelEncoding, to url: URL, options: ImageWriteOptions
    ) throws(ImageFileError) {
        try FileIO.write(try encode(pixels, encoding: encoding, options: options), to: url)
    }
}
