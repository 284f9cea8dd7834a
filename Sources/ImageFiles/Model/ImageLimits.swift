/// Caps on what a reader accepts, so that no file allocates unbounded memory. Exceeding one throws
/// ``ImageFileError/limitExceeded(path:what:limit:)`` before any pixel memory is allocated.
public struct ImageLimits: Hashable, Sendable {
    /// The largest file read, in bytes (default 1 GiB).
    public var maximumFileSize: Int
    /// The most pixels of one image, width × height (default 2^27 ≈ 134 Mpix, about 1 GiB as RGBA 16-bit).
    public var maximumPixelCount: Int
    /// The largest width or height in pixels (default 65 535).
    public var maximumDimension: Int

    /// Creates limits; every parameter defaults to the value named above.
    public init(maximumFileSize: Int = 1 << 30, maximumPixelCount: Int = 1 << 27, maximumDimension: Int = 65_535) {
        self.maximumFileSize = maximumFileSize
        self.maximumPixelCount = maximumPixelCount
        self.maximumDimension = maximumDimension
    }

    /// The defaults.
    public static let `default` = ImageLimits()

    /// Checks a size read from a file against the caps, with overflow-reporting arithmetic.
    func check(width: Int, height: Int, path: String? = nil, what: String = "the image") throws(ImageFileError) {
        guard width > 0, height > 0 else {
            throw .invalidRequest("\(what) has a size of \(width)×\(height); both must be positive")
        }
        guard width <= maximumDimension, height <= maximumDimension else {
            throw .limitExceeded(path: path, what: "\(what)'s size \(width)×\(height)", limit: maximumDimension)
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= maximumPixelCount else {
            throw .limitExceeded(path: path, what: "\(what)'s pixel count \(width)×\(height)", limit: maximumPixelCount)
        }
    }
}
