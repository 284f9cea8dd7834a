import ColorSpaces
import PixelBuffers
import PixelConversion

extension ImageFile {
    /// The bit depth a writer uses: ``ImageWriteOptions/bitDepth``, else PNG 16 and AVIF/HEIF 10 for HDR colour
    /// spaces or deep sources, 8 otherwise (raw: the raw format's depth).
    package static func bitDepth(for options: ImageWriteOptions, source: PixelEncoding) -> Int {
        if let depth = options.bitDepth { return depth }
        let deep = source.colorSpace.isHDR || source.format.bitDepth > 8
        switch options.fileType {
        case .png: return deep ? 16 : 8
        case .avif, .heif: return deep ? 10 : 8
        case .raw: return options.raw?.format.bitDepth ?? 8
        default: return 8  // JPEG, and the formats ImageFile does not write
        }
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
        guard options.fileType.isImage else { throw .notAnImageFormat(options.fileType) }
        let depth = bitDepth(for: options, source: source)
        guard options.fileType.writableBitDepths.contains(depth) else {
            throw .invalidRequest(
                "\(options.fileType) stores \(options.fileType.writableBitDepths.map(String.init).joined(separator: ", ")) "
                    + "bits per sample, not \(depth)")
        }
        func rgba(_ depth: Int) throws(ImageFileError) -> PixelFormat {
            if depth == 8 { return .rgba8 }
            if depth == 16 { return .rgba16 }
            do { return try .rgba(.rgba, bitDepth: depth, alignment: .low) } catch { throw .invalidRequest("\(error)") }
        }
        if options.gainMap != nil {
            return PixelEncoding(format: .rgbaFloat, colorSpace: ColorResolution.extendedLinear(colorSpace))
        }
        switch options.fileType {
        case .png, .jpeg, .heif:
            return PixelEncoding(format: try rgba(depth), colorSpace: colorSpace)
        case .avif:
            if options.lossless { return PixelEncoding(format: try rgba(depth), colorSpace: colorSpace) }
            let subsampling: PixelFormat.ChromaSubsampling = options.chroma420 == true ? .s420 : .s444
            let format: PixelFormat
            do { format = try .planarYCbCr(subsampling, bitDepth: depth, range: .full, alignment: .low) } catch {
                throw .invalidRequest("\(error)")
            }
            return PixelEncoding(
                format: format, colorSpace: colorSpace, matrix: .writingDefault(for: colorSpace.primaries),
                chromaLocation: subsampling == .s420 ? .topLeft : nil)
        case .raw:
            guard let description = options.raw else {
                throw .invalidRequest("raw output needs a pixel format (--output-format, e.g. x420)")
            }
            return try RawFrame.target(description, colorSpace: colorSpace)
        default:
            throw .notAnImageFormat(options.fileType)
        }
    }
}
