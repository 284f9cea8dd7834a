internal import CAVIF
import ColorSpaces
import ColorTags
import Foundation
import PixelBuffers
import PixelConversion
import SignalCoding

/// Decodes AVIF still images through libavif (dav1d or libaom) into planar Y′CbCr at the coded depth (4:4:4, 4:2:2,
/// 4:2:0), ready for `PixelConverter` with the file's matrix, range and chroma siting. Identity-matrix (RGB) and
/// monochrome images are converted to RGBA at the coded depth by libavif (lossless for identity).
///
/// Files libavif 0.11 cannot open or decode (e.g. grids of tiles under 64×64: "Invalid image grid") are decoded by
/// HDRColor's item decoder instead (``ItemFallback``: planar Y′CbCr through dav1d, with a warning). Limit errors are
/// final.
enum AVIFDecoder {
    static func decode(_ bytes: [UInt8], tagging: ColorTagging, limits: ImageLimits) throws(ImageFileError)
        -> DecodedImage
    {
        let library = "libavif " + String(cString: avifVersion())
        if let graph = tagging.itemGraph, let cycle = graph.derivationCycle(from: graph.primaryID) {
            throw .corrupt(
                path: nil, format: .avif,
                reason:
                    "the derived items refer back to themselves (dimg \(cycle.map(String.init).joined(separator: " → ")))"
            )
        }
        if let graph = tagging.itemGraph, ItemFallback.hasTransforms(graph.primaryID, graph: graph) {
            // libavif 0.11 reports clap/irot/imir but leaves applying them to the application.
            return try ItemFallback.decodePrimary(
                bytes, tagging: tagging, limits: limits, library: library, failure: nil)
        }
        do { return try decodeWithLibavif(bytes, tagging: tagging, limits: limits) } catch {
            if case .limitExceeded = error { throw error }
            return try ItemFallback.decodePrimary(
                bytes, tagging: tagging, limits: limits, library: library, failure: error)
        }
    }

    /// The libavif path.
    static func decodeWithLibavif(_ bytes: [UInt8], tagging: ColorTagging, limits: ImageLimits)
        throws(ImageFileError) -> DecodedImage
    {
        guard let decoder = avifDecoderCreate() else {
            throw .codecUnavailable(
                format: .avif, reason: "libavif could not create a decoder", debianPackage: "libavif15")
        }
        defer { avifDecoderDestroy(decoder) }
        decoder.pointee.imageSizeLimit = UInt32(clamping: limits.maximumPixelCount)
        decoder.pointee.imageDimensionLimit = UInt32(clamping: limits.maximumDimension)
        decoder.pointee.imageCountLimit = 1
        decoder.pointee.strictFlags = avifStrictFlags(AVIF_STRICT_DISABLED.rawValue)  // read what phones write
        decoder.pointee.maxThreads = Int32(clamping: ProcessInfoCores.count)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(ImageFileError) -> DecodedImage in
            var result = avifDecoderSetIOMemory(decoder, buffer.baseAddress, buffer.count)
            if result == AVIF_RESULT_OK { result = avifDecoderParse(decoder) }
            if result == AVIF_RESULT_OK {
                try limits.check(
                    width: Int(decoder.pointee.image.pointee.width), height: Int(decoder.pointee.image.pointee.height))
                result = avifDecoderNextImage(decoder)
            }
            guard result == AVIF_RESULT_OK, let image = decoder.pointee.image?.pointee else {
                throw Self.error(result, diagnostics: &decoder.pointee.diag)
            }
            return try convert(image, tagging: tagging, limits: limits)
        }
    }

    static func convert(_ image: avifImage, tagging: ColorTagging, limits: ImageLimits) throws(ImageFileError)
        -> DecodedImage
    {
        var image = image
        let width = Int(image.width)
        let height = Int(image.height)
        let depth = Int(image.depth)
        try limits.check(width: width, height: height)
        let decision = ColorResolution.decide(tagging.primary)
        let range: SignalRange = image.yuvRange == AVIF_RANGE_FULL ? .full : .narrow
        let matrixCode = UInt8(clamping: image.matrixCoefficients)
        let cicp = CICP(
            colorPrimaries: 2, transferCharacteristics: 2, matrixCoefficients: matrixCode,
            videoFullRange: range == .full)
        let subsampling: PixelFormat.ChromaSubsampling? =
            switch image.yuvFormat {
            case AVIF_PIXEL_FORMAT_YUV444: .s444
            case AVIF_PIXEL_FORMAT_YUV422: .s422
            case AVIF_PIXEL_FORMAT_YUV420: .s420
            default: nil
            }
        let matrix: YCbCrMatrix? =
            matrixCode == 2 ? .bt601 : (matrixCode == 0 ? nil : try? cicp.yCbCrMatrix())
        let primary = tagging.primary
        var decoded = DecodedImage(
            pixels: try Conversion.buffer(.rgba8, width: 1, height: 1),
            encoding: PixelEncoding(format: .rgba8, colorSpace: decision.colorSpace), fileType: .avif,
            colorDecision: decision, codedBitDepth: depth, masteringDisplay: primary.masteringDisplay.first?.value,
            contentLightLevel: primary.contentLightLevel.first?.value,
            iccProfile: primary.iccProfiles.first?.value.profile, tagging: tagging)
        if let subsampling, let matrix, PixelConverterSupport.supports(matrix) {
            let format: PixelFormat
            do { format = try .planarYCbCr(subsampling, bitDepth: depth, range: range, alignment: .low) } catch {
                throw .unsupportedContent(path: nil, format: .avif, reason: "\(depth)-bit samples")
            }
            var pixels = try Conversion.buffer(format, width: width, height: height)
            pixels.withMutableView { view in
                for p in 0..<3 {
                    let plane = view.plane(p)
                    let source = withUnsafeBytes(of: &image.yuvPlanes) {
                        $0.load(fromByteOffset: p * 8, as: UnsafeMutablePointer<UInt8>?.self)
                    }
                    let stride = withUnsafeBytes(of: &image.yuvRowBytes) {
                        Int($0.load(fromByteOffset: p * 4, as: UInt32.self))
                    }
                    guard let source else { continue }
                    for y in 0..<plane.height {
                        plane.row(y).copyMemory(
                            from: UnsafeRawBufferPointer(start: source + y * stride, count: plane.rowByteCount))
                    }
                }
            }
            var location: ChromaLocation?
            if subsampling != .s444 {
                switch image.yuvChromaSamplePosition {
                case AVIF_CHROMA_SAMPLE_POSITION_VERTICAL: location = .left
                case AVIF_CHROMA_SAMPLE_POSITION_COLOCATED: location = .topLeft
                default: location = nil
                }
            }
            decoded.pixels = pixels
            decoded.encoding = PixelEncoding(
                format: format, colorSpace: decision.colorSpace, matrix: matrix, chromaLocation: location)
            return decoded
        }
        // Identity (RGB), monochrome or a matrix PixelConverter lacks: libavif converts to RGBA at the coded depth.
        let format: PixelFormat
        do { format = depth == 8 ? .rgba8 : try .rgba(.rgba, bitDepth: depth, alignment: .low) } catch {
            throw .unsupportedContent(path: nil, format: .avif, reason: "\(depth)-bit samples")
        }
        var pixels = try Conversion.buffer(format, width: width, height: height)
        let result = pixels.withMutableView { view in
            var rgb = avifRGBImage()
            avifRGBImageSetDefaults(&rgb, &image)
            rgb.format = AVIF_RGB_FORMAT_RGBA
            rgb.depth = UInt32(depth)
            rgb.pixels = view.plane(0).baseAddress.assumingMemoryBound(to: UInt8.self)
            rgb.rowBytes = UInt32(view.plane(0).bytesPerRow)
            return avifImageYUVToRGB(&image, &rgb)
        }
        guard result == AVIF_RESULT_OK else { throw .corrupt(path: nil, format: .avif, reason: message(result)) }
        decoded.pixels = pixels
        decoded.encoding = PixelEncoding(format: format, colorSpace: decision.colorSpace)
        return decoded
    }

    static func message(_ result: avifResult) -> String { String(cString: avifResultToString(result)) }

    static func error(_ result: avifResult, diagnostics: inout avifDiagnostics) -> ImageFileError {
        let detail = withUnsafeBytes(of: &diagnostics.error) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        let reason = message(result) + (detail.isEmpty ? "" : " (\(detail))")
        switch result {
        case AVIF_RESULT_NO_CODEC_AVAILABLE:
            return .codecUnavailable(format: .avif, reason: reason, debianPackage: "libavif15 (with libdav1d/libaom)")
        case AVIF_RESULT_NOT_IMPLEMENTED:
            return .unsupportedContent(path: nil, format: .avif, reason: reason)
        default:
            return .corrupt(path: nil, format: .avif, reason: reason)
        }
    }
}

/// Which matrices `PixelConverter` implements (every one but BT.2020 constant luminance and identity).
enum PixelConverterSupport {
    static func supports(_ matrix: YCbCrMatrix) -> Bool {
        matrix != .bt2020ConstantLuminance && matrix != .identity
    }
}

/// The number of active cores.
enum ProcessInfoCores {
    static let count: Int = max(1, ProcessInfo.processInfo.activeProcessorCount)
}
