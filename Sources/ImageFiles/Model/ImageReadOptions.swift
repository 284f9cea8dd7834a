public import PixelBuffers
public import SignalCoding

/// How a gain-map image is decoded.
public enum GainMapRendering: Hashable, Sendable {
    /// The base (SDR) image only, as stored.
    case base
    /// The alternate (HDR) rendition at the gain map's full headroom (weight 1).
    case alternate
    /// The rendition for a display with this headroom (peak ÷ SDR white, ≥ 1), weighted per ISO 21496-1.
    case displayHeadroom(Double)
}

/// The layout of a raw frame file: planes one after another, rows tightly packed (no padding), no header.
///
/// E.g. 'x420' 3840×2160 is a 16 588 800-byte luma plane (16-bit little-endian words, 10 significant bits high)
/// followed by an 8 294 400-byte interleaved Cb Cr plane, as a P010 decoder or a CoreVideo buffer without row
/// padding holds it.
public struct RawFrameDescription: Hashable, Sendable {
    /// The pixel format.
    public var format: PixelFormat
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int
    /// The code points of the content (default BT.2100 PQ with the BT.2020 matrix, range of the format).
    public var cicp: CICP

    /// Creates a description; `cicp` defaults to 9/16/9 with the format's range.
    public init(format: PixelFormat, width: Int, height: Int, cicp: CICP? = nil) {
        self.format = format
        self.width = width
        self.height = height
        self.cicp =
            cicp
            ?? CICP(
                colorPrimaries: 9, transferCharacteristics: 16,
                matrixCoefficients: format.colorModel == .yCbCr ? 9 : 0,
                videoFullRange: format.range != .narrow)
    }

    /// The number of bytes of one frame, with overflow-reporting arithmetic (nil on overflow).
    public var byteCount: Int? {
        var total = 0
        for plane in format.planes {
            let (size, o1) = plane.rowByteCount(forImageWidth: width).multipliedReportingOverflow(
                by: plane.height(forImageHeight: height))
            let (sum, o2) = total.addingReportingOverflow(size)
            guard !o1, !o2 else { return nil }
            total = sum
        }
        return total
    }
}

/// Options for reading image files.
public struct ImageReadOptions: Sendable {
    /// Caps on file and image size.
    public var limits: ImageLimits
    /// How gain-map JPEGs are rendered (default: the full HDR rendition).
    public var gainMap: GainMapRendering
    /// The layout of a raw frame input; required for raw files, ignored otherwise.
    public var raw: RawFrameDescription?

    /// Creates options.
    public init(limits: ImageLimits = .default, gainMap: GainMapRendering = .alternate, raw: RawFrameDescription? = nil)
    {
        self.limits = limits
        self.gainMap = gainMap
        self.raw = raw
    }
}
