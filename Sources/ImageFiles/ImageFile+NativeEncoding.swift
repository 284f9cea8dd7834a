import ColorSpaces
import PixelBuffers
import PixelConversion

extension ImageFile {
    /// The bit depth a writer uses: ``ImageWriteOptions/bitDepth``, else PNG 16 and AVIF/HEIF 10 for HDR colour
    /// spaces or deep sources, 8 otherwise (raw: the raw format's depth).
    package static func bitDepth(for options: ImageWriteOptions, source: PixelEncoding) -> Int {
        if let depth = options.bitDepth { return depth }
        let deep = source.colorSpace.isHDR || source.format.bitDepth > 8
        return ImageCodec.of(options.fileType)?.defaultBitDepth(options, deep) ?? 8
    }

    /// The encoding a writer stores pixels of `colorSpace` in: converting to it first (e.g. to time the conversion
    /// apart from the encoder) leaves the writer no pixel conversion to do. Gain-map JPEGs take any encoding and
    /// return RGBA float extended linear here.
    ///
    /// PNG: RGBA 8/16-bit; JPEG: RGBA 8-bit; AVIF: planar Y′CbCr 4:4:4 (4:2:0 with ``ImageWriteOptions/chroma420``)
    /// full range, BT.2020 NCL for BT.2020 primaries and BT.709 otherwise, or RGBA for lossless; HEIF: RGBA at the
    /// depth (libheif converts to Y′CbCr); raw: the raw format with its CICP's matrix and range.
    ///
    /// - Throws: ``ImageFileError/invalidRequest(_:)`` for a depth the format does not store.
    package static func nativeEncoding(for options: ImageWriteOptions, colorSpace: ColorSpace, source: PixelEncoding)
        throws(ImageFileError) -> PixelEncoding
    {
        guard let codec = ImageCodec.of(options.fileType) else { throw .notAnImageFormat(options.fileType) }
        let depth = bitDepth(for: options, source: source)
        guard codec.writableBitDepths.contains(depth) else {
            throw .invalidRequest(
                "\(options.fileType) stores \(codec.writableBitDepths.map(String.init).joined(separator: ", ")) "
                    + "bits per sample, not \(depth)")
        }
        if options.gainMap != nil {
            return PixelEncoding(format: .rgbaFloat, colorSpace: ColorResolution.extendedLinear(colorSpace))
        }
        return try codec.nativeEncoding(depth, options, colorSpace)
    }
}
