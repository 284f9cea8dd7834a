import SignalCoding
internal import CFFmpeg
public import PixelBuffers
import PixelConversion

/// Resamples frames of one planar Y′CbCr format to another size through FFmpeg's swscale: Lanczos (3 lobes) with
/// accurate rounding, in the signal's own domain (as `ffmpeg -vf scale` does), the format, range and colour left as
/// they are. Chroma siting is kept: swscale is told where the chroma samples sit on both sides (its `src_h_chr_pos`,
/// `src_v_chr_pos`, `dst_h_chr_pos`, `dst_v_chr_pos`, in 1/256 of a luma sample, as FFmpeg's
/// `av_chroma_location_enum_to_pos` gives them), so a 4:2:0 plane sited top-left stays sited top-left instead of
/// shifting by half a chroma sample.
///
/// One scaler serves one size pair; it holds its swscale context and allocates nothing per frame. Not for sharing
/// between threads.
public final class FrameScaler {
    /// The pixel format on both sides.
    public let format: PixelFormat
    /// The source frame size in pixels.
    public let sourceWidth: Int, sourceHeight: Int
    /// The scaled frame size in pixels.
    public let width: Int, height: Int
    /// Where the chroma samples sit, on both sides.
    public let chromaLocation: ChromaLocation
    private let context: OpaquePointer

    /// A scaler of `format` frames from one size to another.
    ///
    /// - Throws: ``VideoFilesError/invalidSettings(_:)`` for a format swscale has no counterpart of (only the planar
    ///   and biplanar Y′CbCr and packed RGB formats FFmpeg decodes to are), ``VideoFilesError/allocationFailed(_:)``
    ///   for sizes outside 1 … 65 536 or that swscale refuses.
    public init(
        format: PixelFormat, sourceWidth: Int, sourceHeight: Int, width: Int, height: Int,
        chromaLocation: ChromaLocation
    ) throws(VideoFilesError) {
        guard let avFormat = PixelFormatMapping.avPixelFormat(format) else {
            throw .invalidSettings("no swscale pixel format for \(format)")
        }
        let sizes = [sourceWidth, sourceHeight, width, height]
        guard sizes.allSatisfy({ $0 > 0 && $0 <= 1 << 16 }) else {
            throw .allocationFailed("a swscale context for \(sourceWidth)×\(sourceHeight) → \(width)×\(height)")
        }
        guard let context = sws_alloc_context() else { throw .allocationFailed("a swscale context") }
        let object = UnsafeMutableRawPointer(context)
        let (x, y) = Self.position(chromaLocation)
        let options: [(String, Int64)] = [
            ("srcw", Int64(sourceWidth)), ("srch", Int64(sourceHeight)), ("src_format", Int64(avFormat.rawValue)),
            ("dstw", Int64(width)), ("dsth", Int64(height)), ("dst_format", Int64(avFormat.rawValue)),
            ("sws_flags", Int64(SWS_LANCZOS | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT | SWS_FULL_CHR_H_INP)),
            ("src_h_chr_pos", x), ("src_v_chr_pos", y), ("dst_h_chr_pos", x), ("dst_v_chr_pos", y),
        ]
        for (name, value) in options where av_opt_set_int(object, name, value, 0) < 0 {
            sws_freeContext(context)
            throw .allocationFailed("a swscale context (option \(name))")
        }
        guard sws_init_context(context, nil, nil) >= 0 else {
            sws_freeContext(context)
            throw .allocationFailed("a swscale context for \(sourceWidth)×\(sourceHeight) → \(width)×\(height)")
        }
        self.context = context
        self.format = format
        (self.sourceWidth, self.sourceHeight, self.width, self.height) = (sourceWidth, sourceHeight, width, height)
        self.chromaLocation = chromaLocation
    }

    deinit { sws_freeContext(context) }

    /// The chroma sample position of `location` in 1/256 of a luma sample (x, y), as swscale takes it.
    static func position(_ location: ChromaLocation) -> (Int64, Int64) {
        switch location {
        case .left: (0, 128)
        case .center: (128, 128)
        case .topLeft: (0, 0)
        case .top: (128, 0)
        case .bottomLeft: (0, 256)
        case .bottom: (128, 256)
        }
    }

    /// Scales `source` into `destination`.
    ///
    /// - Throws: ``VideoFilesError/invalidSettings(_:)`` when a view's format is not the scaler's,
    ///   ``VideoFilesError/sizeMismatch(expectedWidth:expectedHeight:width:height:)`` when a size is not,
    ///   ``VideoFilesError/ffmpeg(call:code:message:)`` when swscale fails.
    public func scale(_ source: PixelBufferView, into destination: MutablePixelBufferView) throws(VideoFilesError) {
        guard source.format == format, destination.format == format else {
            throw .invalidSettings("the scaler takes \(format), not \(source.format) → \(destination.format)")
        }
        guard source.width == sourceWidth, source.height == sourceHeight else {
            throw .sizeMismatch(
                expectedWidth: sourceWidth, expectedHeight: sourceHeight, width: source.width, height: source.height)
        }
        guard destination.width == width, destination.height == height else {
            throw .sizeMismatch(
                expectedWidth: width, expectedHeight: height, width: destination.width, height: destination.height)
        }
        let planes = format.planeCount
        var sourcePointers = [UnsafePointer<UInt8>?](repeating: nil, count: 4)
        var sourceStrides = [Int32](repeating: 0, count: 4)
        var destinationPointers = [UnsafeMutablePointer<UInt8>?](repeating: nil, count: 4)
        var destinationStrides = [Int32](repeating: 0, count: 4)
        for index in 0..<planes {
            let s = source.plane(index)
            let d = destination.plane(index)
            sourcePointers[index] = s.baseAddress.assumingMemoryBound(to: UInt8.self)
            sourceStrides[index] = Int32(clamping: s.bytesPerRow)
            destinationPointers[index] = d.baseAddress.assumingMemoryBound(to: UInt8.self)
            destinationStrides[index] = Int32(clamping: d.bytesPerRow)
        }
        let rows = sws_scale(
            context, sourcePointers, sourceStrides, 0, Int32(sourceHeight), destinationPointers, destinationStrides)
        guard rows == Int32(height) else {
            throw .ffmpeg(call: "sws_scale", code: rows, message: "wrote \(rows) of \(height) rows")
        }
    }
}
