import PixelBuffers
import PixelConversion
import SignalCoding

/// A HEIF/AVIF image item as ``ItemDecoder`` reconstructs it: planar Y′CbCr at the coded bit depth, with what the
/// bitstream says about it. The container's `colr` is not applied here (the caller decides which one wins).
struct DecodedItem: Sendable {
    /// Planar Y′CbCr (`PixelFormat.planarYCbCr`, low-aligned 16-bit words above 8 bits) in 4:2:0, 4:2:2 or 4:4:4. A
    /// monochrome item is 4:2:0 with neutral chroma 2^(bitDepth − 1).
    var pixels: PixelBuffer
    /// Bits per sample as coded (8, 10 or 12).
    var bitDepth: Int
    /// The code range the bitstream signals (HEVC VUI `video_full_range_flag`, AV1 `color_range`; narrow when absent).
    var range: SignalRange
    /// The bitstream's colour description (HEVC VUI, AV1 sequence header), `nil` when it carries none.
    var bitstreamCICP: CICP?
    /// Where subsampled chroma sits, after the transforms; `nil` for 4:4:4 and when the bitstream does not say.
    var chromaLocation: ChromaLocation?
    /// Whether the item was coded without chroma.
    var isMonochrome: Bool
    /// The library that decoded the coded items: "libde265" or "dav1d".
    var decoderName: String

    /// The width in pixels.
    var width: Int { pixels.width }
    /// The height in pixels.
    var height: Int { pixels.height }
    /// The chroma subsampling of ``pixels``.
    var subsampling: PixelFormat.ChromaSubsampling { pixels.format.chromaSubsampling ?? .s444 }
}
