internal import CFFmpeg
import PixelBuffers
import SignalCoding

/// FFmpeg pixel formats ⇄ ``PixelFormat``.
///
/// Mapped (zero copy when decoding):
/// - planar Y′CbCr `yuv420p`, `yuv422p`, `yuv444p` (and the full-range `yuvj…` forms), 8 bits;
///   `yuv4xxp10le`, `yuv4xxp12le` (low-bit aligned), `yuv4xxp16le`;
/// - biplanar `nv12` ('420v'/'420f'), `nv16`, `nv24`; `p010le` ('x420'/'xf20', high-bit aligned), `p210le`,
///   `p410le`, `p016le`, `p216le`, `p416le`;
/// - RGB `rgba`, `bgra`, `rgba64le` ('l64r').
///
/// Not mapped (no ``PixelFormat`` layout): greyscale (`gray`, `gray10le` …), planar RGB (`gbrp`, `gbrp10le`, what
/// AV1/HEVC 4:4:4 with the identity matrix decode to), 24-bit RGB, alpha Y′CbCr (`yuva…`), big-endian and
/// 9/14-bit formats, `nv21`/`nv42` (Cr first), 4:1:1 and 4:1:0. ``nearestMapped(to:)`` names the format swscale
/// converts those to when the reader is allowed to.
enum PixelFormatMapping {
    /// The ``PixelFormat`` of an FFmpeg format with the given range, or `nil` when unmapped.
    static func pixelFormat(_ f: AVPixelFormat, range: SignalRange) -> PixelFormat? {
        let full = f == AV_PIX_FMT_YUVJ420P || f == AV_PIX_FMT_YUVJ422P || f == AV_PIX_FMT_YUVJ444P
        let r: SignalRange = full ? .full : range
        func planar(_ s: PixelFormat.ChromaSubsampling, _ bits: Int) -> PixelFormat? {
            try? PixelFormat.planarYCbCr(s, bitDepth: bits, range: r, alignment: .low)
        }
        func biplanar(_ s: PixelFormat.ChromaSubsampling, _ bits: Int) -> PixelFormat? {
            try? PixelFormat.biplanarYCbCr(s, bitDepth: bits, range: r, alignment: .high)
        }
        switch f {
        case AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVJ420P: return planar(.s420, 8)
        case AV_PIX_FMT_YUV422P, AV_PIX_FMT_YUVJ422P: return planar(.s422, 8)
        case AV_PIX_FMT_YUV444P, AV_PIX_FMT_YUVJ444P: return planar(.s444, 8)
        case AV_PIX_FMT_YUV420P10LE: return planar(.s420, 10)
        case AV_PIX_FMT_YUV422P10LE: return planar(.s422, 10)
        case AV_PIX_FMT_YUV444P10LE: return planar(.s444, 10)
        case AV_PIX_FMT_YUV420P12LE: return planar(.s420, 12)
        case AV_PIX_FMT_YUV422P12LE: return planar(.s422, 12)
        case AV_PIX_FMT_YUV444P12LE: return planar(.s444, 12)
        case AV_PIX_FMT_YUV420P16LE: return planar(.s420, 16)
        case AV_PIX_FMT_YUV422P16LE: return planar(.s422, 16)
        case AV_PIX_FMT_YUV444P16LE: return planar(.s444, 16)
        case AV_PIX_FMT_NV12: return biplanar(.s420, 8)
        case AV_PIX_FMT_NV16: return biplanar(.s422, 8)
        case AV_PIX_FMT_NV24: return biplanar(.s444, 8)
        case AV_PIX_FMT_P010LE: return biplanar(.s420, 10)
        case AV_PIX_FMT_P210LE: return biplanar(.s422, 10)
        case AV_PIX_FMT_P410LE: return biplanar(.s444, 10)
        case AV_PIX_FMT_P016LE: return biplanar(.s420, 16)
        case AV_PIX_FMT_P216LE: return biplanar(.s422, 16)
        case AV_PIX_FMT_P416LE: return biplanar(.s444, 16)
        // RGB from a decoder or swscale is full range whatever color_range says.
        case AV_PIX_FMT_RGBA: return .rgba8
        case AV_PIX_FMT_BGRA: return .bgra8
        case AV_PIX_FMT_RGBA64LE: return .rgba16
        default: return nil
        }
    }

    /// The FFmpeg format with the same layout as `format` (range ignored: FFmpeg keeps it in `color_range`), or `nil`.
    static func avPixelFormat(_ format: PixelFormat) -> AVPixelFormat? {
        guard format.sampleType == .unsignedInteger else { return nil }
        switch format.layout {
        case .planar(let s):
            guard format.alignment == .low || format.bitDepth == 8 || format.bitDepth == 16 else { return nil }
            let table: [Int: (AVPixelFormat, AVPixelFormat, AVPixelFormat)] = [
                8: (AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUV422P, AV_PIX_FMT_YUV444P),
                10: (AV_PIX_FMT_YUV420P10LE, AV_PIX_FMT_YUV422P10LE, AV_PIX_FMT_YUV444P10LE),
                12: (AV_PIX_FMT_YUV420P12LE, AV_PIX_FMT_YUV422P12LE, AV_PIX_FMT_YUV444P12LE),
                16: (AV_PIX_FMT_YUV420P16LE, AV_PIX_FMT_YUV422P16LE, AV_PIX_FMT_YUV444P16LE),
            ]
            guard let row = table[format.bitDepth] else { return nil }
            return s == .s420 ? row.0 : s == .s422 ? row.1 : row.2
        case .biplanar(let s):
            guard format.alignment == .high || format.bitDepth == 8 || format.bitDepth == 16 else { return nil }
            let table: [Int: (AVPixelFormat, AVPixelFormat, AVPixelFormat)] = [
                8: (AV_PIX_FMT_NV12, AV_PIX_FMT_NV16, AV_PIX_FMT_NV24),
                10: (AV_PIX_FMT_P010LE, AV_PIX_FMT_P210LE, AV_PIX_FMT_P410LE),
                16: (AV_PIX_FMT_P016LE, AV_PIX_FMT_P216LE, AV_PIX_FMT_P416LE),
            ]
            guard let row = table[format.bitDepth] else { return nil }
            return s == .s420 ? row.0 : s == .s422 ? row.1 : row.2
        case .rgba(let order):
            switch (order, format.bitDepth) {
            case (.rgba, 8): return AV_PIX_FMT_RGBA
            case (.bgra, 8): return AV_PIX_FMT_BGRA
            case (.rgba, 16): return AV_PIX_FMT_RGBA64LE
            default: return nil
            }
        case .packed10: return nil
        }
    }

    /// The mapped FFmpeg format swscale converts an unmapped one to: Y′CbCr (and greyscale, with neutral chroma) to
    /// planar Y′CbCr of the same subsampling where one exists (4:2:0 otherwise) and the next mapped depth (8, 10, 12,
    /// 16); RGB to `rgba` (8 bits) or `rgba64le` (more).
    static func nearestMapped(to f: AVPixelFormat) -> AVPixelFormat {
        guard let descriptor = av_pix_fmt_desc_get(f) else { return AV_PIX_FMT_YUV420P }
        let d = descriptor.pointee
        let depth = Int(d.comp.0.depth)
        let isRGB = d.flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0
        if isRGB { return depth <= 8 ? AV_PIX_FMT_RGBA : AV_PIX_FMT_RGBA64LE }
        let bits = depth <= 8 ? 8 : depth <= 10 ? 10 : depth <= 12 ? 12 : 16
        let s: PixelFormat.ChromaSubsampling =
            d.nb_components < 3
            ? .s420
            : d.log2_chroma_w == 0 && d.log2_chroma_h == 0
                ? .s444
                : d.log2_chroma_w == 1 && d.log2_chroma_h == 0 ? .s422 : .s420
        let format = try? PixelFormat.planarYCbCr(s, bitDepth: bits, range: .narrow)
        return format.flatMap(avPixelFormat) ?? AV_PIX_FMT_YUV420P
    }

    /// FFmpeg's name of a pixel format, e.g. `"yuv420p10le"`.
    static func name(_ f: AVPixelFormat) -> String {
        let name = FFmpeg.string(av_get_pix_fmt_name(f))
        return name.isEmpty ? "pixel format \(f.rawValue)" : name
    }
}
