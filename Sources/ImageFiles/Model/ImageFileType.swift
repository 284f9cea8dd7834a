import ColorTags

/// The file formats ImageFiles reads and writes, each through a Debian codec library.
public enum ImageFileType: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// PNG through libpng: 8 and 16 bits per sample.
    case png
    /// JPEG through libjpeg-turbo: 8-bit SDR, and gain-map JPEG (UltraHDR / ISO 21496-1).
    case jpeg
    /// AVIF through libavif: 8, 10 and 12 bits.
    case avif
    /// HEIF (HEVC) through libheif: 8, 10 and 12 bits.
    case heif
    /// Raw planes in a `PixelFormat`'s layout, tightly packed, no header (size and format given separately).
    case raw

    public var description: String { rawValue }

    /// The name in messages, e.g. "AVIF".
    public var displayName: String { self == .raw ? "raw frame" : rawValue.uppercased() }

    /// The Debian package that provides the codec library.
    public var debianPackage: String {
        switch self {
        case .png: "libpng-dev"
        case .jpeg: "libjpeg62-turbo-dev"
        case .avif: "libavif-dev"
        case .heif: "libheif-dev"
        case .raw: "(none)"
        }
    }

    /// The format of a file name's extension (`png`, `jpg`/`jpeg`, `avif`, `heic`/`heif`/`hif`, `yuv`/`raw`), or nil.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "png": self = .png
        case "jpg", "jpeg", "jpe": self = .jpeg
        case "avif": self = .avif
        case "heic", "heif", "hif": self = .heif
        case "yuv", "raw", "rgb", "bin": self = .raw
        default: return nil
        }
    }

    /// The format of a file's signature (raw frames have none), or nil.
    public init?(signatureOf bytes: [UInt8]) {
        switch ImageFileFormat(signatureOf: bytes) {
        case .png: self = .png
        case .jpeg: self = .jpeg
        case .avif: self = .avif
        case .heif: self = .heif
        default: return nil
        }
    }

    /// The usual file extension.
    public var preferredExtension: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpg"
        case .avif: "avif"
        case .heif: "heic"
        case .raw: "yuv"
        }
    }

    /// The bit depths the writer supports.
    public var writableBitDepths: [Int] {
        switch self {
        case .png: [8, 16]
        case .jpeg: [8]
        case .avif, .heif: [8, 10, 12]
        case .raw: Array(8...16)
        }
    }
}
