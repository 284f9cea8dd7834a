internal import CAVIF
import ColorSpaces
import ICC
import PixelBuffers
import PixelConversion
import SignalCoding

/// Encodes AVIF still images through libavif (libaom): 8, 10 or 12 bits, Y′CbCr converted by `PixelConverter` (full
/// range, BT.2020 NCL matrix for BT.2020 primaries, BT.709 otherwise; 4:4:4 unless 4:2:0 is asked for), or
/// lossless (identity matrix, 4:4:4, quantizer 0). The colour goes in `colr` `nclx`; libavif 0.11 writes `prof`
/// instead when an ICC profile is set, so an ICC is embedded only for colour spaces without H.273 code points, and
/// it has no API for `clli`/`mdcv`.
enum AVIFEncoder {
    static func encode(_ pixels: PixelBuffer, encoding: PixelEncoding, options: ImageWriteOptions)
        throws(ImageFileError) -> [UInt8]
    {
        let depth = try options.checkedCodecDepth(for: encoding, container: "AVIF")
        let space = encoding.colorSpace
        let lossless = options.lossless
        let subsampling: PixelFormat.ChromaSubsampling = lossless || options.chroma420 != true ? .s444 : .s420
        let matrix: YCbCrMatrix? = lossless ? nil : .writingDefault(for: space.primaries)
        let codes = try? CICP(colorSpace: space, matrix: matrix, range: .full)
        let width = pixels.width
        let height = pixels.height
        guard
            let image = avifImageCreate(
                UInt32(width), UInt32(height), UInt32(depth),
                subsampling == .s420 ? AVIF_PIXEL_FORMAT_YUV420 : AVIF_PIXEL_FORMAT_YUV444)
        else { throw .encodingFailed(format: .avif, reason: "libavif could not create an image") }
        defer { avifImageDestroy(image) }
        image.pointee.colorPrimaries = UInt16(codes?.colorPrimaries ?? 2)
        image.pointee.transferCharacteristics = UInt16(codes?.transferCharacteristics ?? 2)
        image.pointee.matrixCoefficients = UInt16(lossless ? 0 : (matrix?.cicp.rawValue ?? 1))
        image.pointee.yuvRange = AVIF_RANGE_FULL
        if subsampling == .s420 { image.pointee.yuvChromaSamplePosition = AVIF_CHROMA_SAMPLE_POSITION_COLOCATED }
        avifImageAllocatePlanes(image, AVIF_PLANES_YUV.rawValue)
        let planes = try yuvPlanes(
            pixels, encoding: encoding, depth: depth, subsampling: subsampling, matrix: matrix,
            options: options)
        planes.withView { view in
            for p in 0..<3 {
                let plane = view.plane(p)
                let destination = withUnsafeBytes(of: &image.pointee.yuvPlanes) {
                    $0.load(fromByteOffset: p * 8, as: UnsafeMutablePointer<UInt8>?.self)
                }
                let stride = withUnsafeBytes(of: &image.pointee.yuvRowBytes) {
                    Int($0.load(fromByteOffset: p * 4, as: UInt32.self))
                }
                guard let destination else { continue }
                for y in 0..<plane.height {
                    UnsafeMutableRawBufferPointer(start: destination + y * stride, count: plane.rowByteCount)
                        .copyMemory(from: plane.row(y))
                }
            }
        }
        if codes == nil {
            if let profile = try? ICCProfile(colorSpace: space) {
                profile.bytes.withUnsafeBufferPointer { avifImageSetProfileICC(image, $0.baseAddress, $0.count) }
            }
        }
        guard let encoder = avifEncoderCreate() else {
            throw .codecUnavailable(
                format: .avif, reason: "libavif could not create an encoder", debianPackage: "libavif15")
        }
        defer { avifEncoderDestroy(encoder) }
        let quantizer = lossless ? 0 : Int32(((100 - Double(options.quality)) * 63 / 100).rounded())
        encoder.pointee.minQuantizer = quantizer
        encoder.pointee.maxQuantizer = quantizer
        encoder.pointee.minQuantizerAlpha = 0
        encoder.pointee.maxQuantizerAlpha = 0
        guard (0...10).contains(options.speed) else {
            throw .invalidRequest("the AVIF speed must be 0 … 10, not \(options.speed)")
        }
        encoder.pointee.speed = Int32(options.speed)
        encoder.pointee.maxThreads = Int32(clamping: options.threadCount ?? ProcessInfoCores.count)
        var output = avifRWData()
        let result = avifEncoderWrite(encoder, image, &output)
        defer { avifRWDataFree(&output) }
        guard result == AVIF_RESULT_OK, let data = output.data else {
            let error = AVIFDecoder.error(result, diagnostics: &encoder.pointee.diag)
            if case .codecUnavailable = error {
                throw .codecUnavailable(
                    format: .avif, reason: "libavif has no AV1 encoder", debianPackage: "libavif15 (with libaom3)")
            }
            throw .encodingFailed(format: .avif, reason: AVIFDecoder.message(result))
        }
        return Array(UnsafeBufferPointer(start: data, count: output.size))
    }

    /// The three planes libavif takes (samples in the low bits of 16-bit words above 8 bits): Y′CbCr through
    /// `PixelConverter`, or for lossless G, B, R planes of the RGB samples (the identity matrix).
    static func yuvPlanes(
        _ pixels: PixelBuffer, encoding: PixelEncoding, depth: Int, subsampling: PixelFormat.ChromaSubsampling,
        matrix: YCbCrMatrix?, options: ImageWriteOptions
    ) throws(ImageFileError) -> PixelBuffer {
        let planar: PixelFormat
        do { planar = try .planarYCbCr(subsampling, bitDepth: depth, range: .full, alignment: .low) } catch {
            throw .invalidRequest("\(error)")
        }
        if let matrix {
            let target = PixelEncoding(
                format: planar, colorSpace: encoding.colorSpace, matrix: matrix,
                chromaLocation: subsampling == .s420 ? .topLeft : nil)
            return try Conversion.convert(pixels, from: encoding, to: target, options: options.conversion)
        }
        let rgbFormat: PixelFormat
        do { rgbFormat = depth == 8 ? .rgba8 : try .rgba(.rgba, bitDepth: depth, alignment: .low) } catch {
            throw .invalidRequest("\(error)")
        }
        let rgb = try Conversion.convert(
            pixels, from: encoding, to: PixelEncoding(format: rgbFormat, colorSpace: encoding.colorSpace),
            options: options.conversion)
        var out = try Conversion.buffer(planar, width: pixels.width, height: pixels.height)
        rgb.withView { source in
            out.withMutableView { destination in
                let input = source.plane(0)
                for (p, channel) in [(0, 1), (1, 2), (2, 0)] {  // Y = G, U = B, V = R
                    let plane = destination.plane(p)
                    for y in 0..<source.height {
                        if depth == 8 {
                            let s = input.row(y, as: UInt8.self)
                            let d = plane.row(y, as: UInt8.self)
                            for x in 0..<source.width { d[x] = s[4 * x + channel] }
                        } else {
                            let s = input.row(y, as: UInt16.self)
                            let d = plane.row(y, as: UInt16.self)
                            for x in 0..<source.width { d[x] = s[4 * x + channel] }
                        }
                    }
                }
            }
        }
        return out
    }
}
