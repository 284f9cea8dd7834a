import ColorSpaces
import ColorTags
import MediaSyntax
import PixelBuffers
import PixelConversion

/// One image format in ImageFiles: its file names, the Debian library that codes it, the bit depths it writes and
/// the entry points of its decoder and encoder. ``all`` is the table every dispatch of ImageFiles iterates
/// (``ImageFile/decode(_:as:options:)``, ``ImageFile/encode(_:encoding:options:)``, the writers' native encodings,
/// ``MediaFileFormat/imageFileFormats`` and its extensions): a new image container is one row here (Architecture.md,
/// "Add an image container").
struct ImageCodec: Sendable {
    /// Decodes a whole file's bytes.
    typealias Decode = @Sendable (_ bytes: [UInt8], _ options: ImageReadOptions) throws(ImageFileError) -> DecodedImage
    /// Encodes pixels already in the format's native encoding (or, for gain-map JPEGs, any encoding).
    typealias Encode =
        @Sendable (
            _ pixels: PixelBuffer, _ encoding: PixelEncoding, _ options: ImageWriteOptions, _ hdr: HDRTags
        ) throws(ImageFileError) -> [UInt8]
    /// The encoding the encoder stores pixels of a colour space in, at a bit depth it writes.
    typealias NativeEncoding =
        @Sendable (_ depth: Int, _ options: ImageWriteOptions, _ colorSpace: ColorSpace)
        throws(ImageFileError) -> PixelEncoding

    var format: MediaFileFormat
    /// File-name extensions in lower case; the first is the one a written file gets.
    var extensions: [String]
    /// The Debian package of the codec library (`"(none)"` for raw frames).
    var debianPackage: String
    /// The bit depths per sample the encoder writes.
    var writableBitDepths: [Int]
    /// The depth written when none is asked for, given whether the source is deep (an HDR colour space, or more than
    /// 8 bits per sample).
    var defaultBitDepth: @Sendable (_ options: ImageWriteOptions, _ deep: Bool) -> Int
    var decode: Decode
    var encode: Encode
    var nativeEncoding: NativeEncoding

    /// The codec of an image format, or nil for movies, streams and profiles.
    static func of(_ format: MediaFileFormat) -> ImageCodec? { all.first { $0.format == format } }

    /// Every image format ImageFiles reads and writes.
    static let all: [ImageCodec] = [png, jpeg, avif, heif, raw]
}

extension ImageCodec {
    /// PNG through libpng, 8 and 16 bits per sample, RGBA.
    static let png = ImageCodec(
        format: .png, extensions: ["png"], debianPackage: "libpng-dev", writableBitDepths: [8, 16],
        defaultBitDepth: { _, deep in deep ? 16 : 8 },
        decode: { bytes, options throws(ImageFileError) in
            try PNGDecoder.decode(bytes, tagging: try tags(of: bytes, options), limits: options.limits)
        },
        encode: { pixels, encoding, options, hdr throws(ImageFileError) in
            try PNGEncoder.encode(pixels, encoding: encoding, options: options, hdr: hdr)
        },
        nativeEncoding: { depth, _, colorSpace throws(ImageFileError) in
            PixelEncoding(format: try rgba(depth), colorSpace: colorSpace)
        })

    /// JPEG through libjpeg-turbo: 8-bit SDR, and gain-map JPEG (UltraHDR, ISO 21496-1).
    static let jpeg = ImageCodec(
        format: .jpeg, extensions: ["jpg", "jpeg", "jpe"], debianPackage: "libjpeg62-turbo-dev",
        writableBitDepths: [8], defaultBitDepth: { _, _ in 8 },
        decode: { bytes, options throws(ImageFileError) in
            try GainMapJPEG.decode(bytes, tagging: try tags(of: bytes, options), limits: options.limits)
        },
        encode: { pixels, encoding, options, _ throws(ImageFileError) in
            if let gainMap = options.gainMap {
                return try GainMapJPEG.encode(pixels, encoding: encoding, options: options, gainMap: gainMap).bytes
            }
            return try PlainJPEG.encode(pixels, encoding: encoding, options: options)
        },
        nativeEncoding: { depth, _, colorSpace throws(ImageFileError) in
            PixelEncoding(format: try rgba(depth), colorSpace: colorSpace)
        })

    /// AVIF through libavif (dav1d for items it cannot open), 8, 10 and 12 bits: planar Y′CbCr 4:4:4 (4:2:0 with
    /// ``ImageWriteOptions/chroma420``) full range, BT.2020 NCL for BT.2020 primaries and BT.709 otherwise, or RGBA
    /// for lossless.
    static let avif = ImageCodec(
        format: .avif, extensions: ["avif"], debianPackage: "libavif-dev", writableBitDepths: [8, 10, 12],
        defaultBitDepth: { _, deep in deep ? 10 : 8 },
        decode: { bytes, options throws(ImageFileError) in try decodeItems(bytes, options, heif: false) },
        encode: { pixels, encoding, options, _ throws(ImageFileError) in
            try AVIFEncoder.encode(pixels, encoding: encoding, options: options)
        },
        nativeEncoding: { depth, options, colorSpace throws(ImageFileError) in
            if options.lossless { return PixelEncoding(format: try rgba(depth), colorSpace: colorSpace) }
            let subsampling: PixelFormat.ChromaSubsampling = options.chroma420 == true ? .s420 : .s444
            let format: PixelFormat
            do { format = try .planarYCbCr(subsampling, bitDepth: depth, range: .full, alignment: .low) } catch {
                throw .invalidRequest("\(error)")
            }
            return PixelEncoding(
                format: format, colorSpace: colorSpace, matrix: .writingDefault(for: colorSpace.primaries),
                chromaLocation: subsampling == .s420 ? .topLeft : nil)
        })

    /// HEIF (HEVC) through libheif (libde265 for items it cannot open), 8, 10 and 12 bits: RGBA at the depth
    /// (libheif converts to Y′CbCr).
    static let heif = ImageCodec(
        format: .heif, extensions: ["heic", "heif", "hif"], debianPackage: "libheif-dev",
        writableBitDepths: [8, 10, 12], defaultBitDepth: { _, deep in deep ? 10 : 8 },
        decode: { bytes, options throws(ImageFileError) in try decodeItems(bytes, options, heif: true) },
        encode: { pixels, encoding, options, hdr throws(ImageFileError) in
            try HEIFEncoder.encode(pixels, encoding: encoding, options: options, hdr: hdr)
        },
        nativeEncoding: { depth, _, colorSpace throws(ImageFileError) in
            PixelEncoding(format: try rgba(depth), colorSpace: colorSpace)
        })

    /// Raw frames (no container): the format and size come from ``ImageReadOptions/raw`` and
    /// ``ImageWriteOptions/raw``, with its CICP's matrix and range.
    static let raw = ImageCodec(
        format: .raw, extensions: ["yuv", "raw", "rgb", "bin"], debianPackage: "(none)",
        writableBitDepths: Array(8...16), defaultBitDepth: { options, _ in options.raw?.format.bitDepth ?? 8 },
        decode: { bytes, options throws(ImageFileError) in
            guard let description = options.raw else {
                throw .invalidRequest("a raw frame needs its format and size (--input-format, --size)")
            }
            return try RawFrame.decode(bytes, description: description, limits: options.limits)
        },
        encode: { pixels, encoding, options, _ throws(ImageFileError) in
            try RawFrame.encode(pixels, encoding: encoding, options: options)
        },
        nativeEncoding: { _, options, colorSpace throws(ImageFileError) in
            guard let description = options.raw else {
                throw .invalidRequest("raw output needs a pixel format (--output-format, e.g. x420)")
            }
            return try RawFrame.target(description, colorSpace: colorSpace)
        })
}

extension ImageCodec {
    /// The file's colour tags, read once for its decoder.
    private static func tags(of bytes: [UInt8], _ options: ImageReadOptions) throws(ImageFileError) -> ColorTagging {
        do {
            return try ColorTagging(bytes: bytes, limits: ReadLimits(maximumFileSize: options.limits.maximumFileSize))
        } catch { throw .tags(path: nil, error) }
    }

    /// A HEIF or AVIF file: the primary item through libheif or libavif, then its gain map from the item graph. AV1
    /// under a HEIF brand goes to the AV1 path: libheif 1.15's dav1d plug-in leaks on damaged input (found by the
    /// items fuzz target).
    private static func decodeItems(_ bytes: [UInt8], _ options: ImageReadOptions, heif: Bool)
        throws(ImageFileError) -> DecodedImage
    {
        let tagging = try tags(of: bytes, options)
        var image: DecodedImage
        if heif, !(tagging.itemGraph.map { $0.codedItemType(of: $0.primaryID) == ItemType.av01 } ?? false) {
            image = try HEIFDecoder.decode(bytes, tagging: tagging, limits: options.limits)
        } else {
            image = try AVIFDecoder.decode(bytes, tagging: tagging, limits: options.limits)
        }
        image.pendingGainMap = try ISOBMFFGainMap.gainMap(
            in: bytes, tagging: tagging, limits: options.limits, warnings: &image.warnings)
        return image
    }

    /// Interleaved RGBA at a depth.
    private static func rgba(_ depth: Int) throws(ImageFileError) -> PixelFormat {
        if depth == 8 { return .rgba8 }
        if depth == 16 { return .rgba16 }
        do { return try .rgba(.rgba, bitDepth: depth, alignment: .low) } catch { throw .invalidRequest("\(error)") }
    }
}
