/// Caps on what a ``MovieReader`` accepts from a file before it allocates for it, so that a hostile or broken header
/// cannot make the process allocate without bound. Sizes are checked on the container's stream parameters right after
/// the header is parsed (before FFmpeg probes a frame) and again by the decoder (`AVCodecContext.max_pixels`) for every
/// frame, since a bitstream may change size mid-stream.
public struct MovieReadLimits: Hashable, Sendable {
    /// The widest frame accepted, in pixels (default 16 384).
    public var maximumWidth: Int
    /// The tallest frame accepted, in pixels (default 16 384).
    public var maximumHeight: Int
    /// The most pixels per frame (width × height; default 2²⁷ ≈ 134 M, e.g. 16 384 × 8 192).
    public var maximumPixelCount: Int
    /// The most streams a file may declare (default 64).
    public var maximumStreamCount: Int
    /// The most bytes FFmpeg reads to probe the streams' parameters (`AVFormatContext.probesize`, default 16 MiB).
    public var probeByteCount: Int

    /// Creates limits; every parameter defaults to the value named above.
    public init(
        maximumWidth: Int = 16_384, maximumHeight: Int = 16_384, maximumPixelCount: Int = 1 << 27,
        maximumStreamCount: Int = 64, probeByteCount: Int = 16 << 20
    ) {
        self.maximumWidth = maximumWidth
        self.maximumHeight = maximumHeight
        self.maximumPixelCount = maximumPixelCount
        self.maximumStreamCount = maximumStreamCount
        self.probeByteCount = probeByteCount
    }

    /// The defaults.
    public static let `default` = MovieReadLimits()

    /// Checks a frame size.
    func check(width: Int, height: Int) throws(VideoFilesError) {
        guard width > 0, height > 0 else { throw .limitExceeded("frame size \(width)×\(height)", limit: 0) }
        guard width <= maximumWidth else { throw .limitExceeded("frame width \(width)", limit: maximumWidth) }
        guard height <= maximumHeight else { throw .limitExceeded("frame height \(height)", limit: maximumHeight) }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= maximumPixelCount else {
            throw .limitExceeded("frame size \(width)×\(height)", limit: maximumPixelCount)
        }
    }
}
