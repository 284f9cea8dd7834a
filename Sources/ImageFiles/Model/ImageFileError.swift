public import ColorTags
public import MediaSyntax

/// Why an image file cannot be read or written. Each case names the file (when known), what is wrong and what to do.
///
/// ``isUnreadableInput`` separates problems with the input file (missing, truncated, corrupt, unsupported: exit
/// status 2 in `hdrcolor`) from invalid requests and encoder failures.
public enum ImageFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file cannot be opened or read.
    case unreadableFile(path: String, reason: String)
    /// The output cannot be written.
    case unwritableFile(path: String, reason: String)
    /// The bytes are no format this module reads.
    case unrecognizedFormat(path: String?, leadingBytes: [UInt8])
    /// The file is damaged: truncated, corrupt or inconsistent (the codec library's message included).
    case corrupt(path: String?, format: MediaFileFormat, reason: String)
    /// The file is valid but uses something this module does not decode (e.g. a CMYK JPEG, a grid HEIF item).
    case unsupportedContent(path: String?, format: MediaFileFormat, reason: String)
    /// The image exceeds a cap of ``ImageLimits``.
    case limitExceeded(path: String?, what: String, limit: Int)
    /// The codec library cannot do what was asked (no encoder compiled in, for example).
    case codecUnavailable(format: MediaFileFormat, reason: String, debianPackage: String)
    /// The request cannot be carried out: a bit depth the format does not have, a colour space without code points
    /// for a format that needs them, an option outside its range.
    case invalidRequest(String)
    /// The encoder failed (the codec library's message included).
    case encodingFailed(format: MediaFileFormat, reason: String)
    /// The colour tags could not be read (see `ColorTagsError`).
    case tags(path: String?, ColorTagsError)
    /// A pixel conversion failed (message of PixelConversion, PixelBuffers or ToneMapping).
    case conversion(String)

    /// Whether the problem lies in the input file (exit status 2 in the tool).
    public var isUnreadableInput: Bool {
        switch self {
        case .unreadableFile, .unrecognizedFormat, .corrupt, .unsupportedContent, .limitExceeded, .tags: true
        default: false
        }
    }

    public var description: String {
        func name(_ path: String?) -> String { path.map { TextSanitizer.sanitize($0) + ": " } ?? "" }
        switch self {
        case .unreadableFile(let path, let reason):
            return "\(name(path))cannot read the file: \(reason)"
        case .unwritableFile(let path, let reason):
            return "\(name(path))cannot write the file: \(reason); check the folder exists and is writable"
        case .unrecognizedFormat(let path, let bytes):
            let hex = bytes.map {
                String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16)
            }
            return "\(name(path))not a PNG, JPEG, AVIF or HEIF file (first bytes \(hex.joined(separator: " "))); "
                + "for raw frames give --input-format and --size"
        case .corrupt(let path, let format, let reason):
            return "\(name(path))the \(format) file is damaged: \(TextSanitizer.sanitize(reason)); "
                + "re-export it from its source"
        case .unsupportedContent(let path, let format, let reason):
            return "\(name(path))this \(format) file uses \(TextSanitizer.sanitize(reason)), which is not "
                + "supported; convert it with another tool first"
        case .limitExceeded(let path, let what, let limit):
            return "\(name(path))\(what) exceeds the limit of \(limit); raise ImageLimits if the file is trusted"
        case .codecUnavailable(let format, let reason, let package):
            return "\(format) is not available: \(reason); install the Debian package \(package) "
                + "(sudo apt-get install \(package))"
        case .invalidRequest(let message):
            return message
        case .encodingFailed(let format, let reason):
            return "the \(format) encoder failed: \(TextSanitizer.sanitize(reason))"
        case .tags(let path, let error):
            return "\(name(path))\(error)"
        case .conversion(let message):
            return "pixel conversion failed: \(message)"
        }
    }

    /// The request names a format that ImageFile neither reads nor writes (a movie, stream or ICC profile).
    static func notAnImageFormat(_ format: MediaFileFormat) -> ImageFileError {
        .invalidRequest("ImageFile reads and writes PNG, JPEG, AVIF, HEIF and raw frames, not \(format)")
    }

    /// The same error naming `path` (errors from byte-level readers know no path).
    func naming(_ path: String) -> ImageFileError {
        switch self {
        case .unrecognizedFormat(nil, let bytes): .unrecognizedFormat(path: path, leadingBytes: bytes)
        case .corrupt(nil, let format, let reason): .corrupt(path: path, format: format, reason: reason)
        case .unsupportedContent(nil, let format, let reason):
            .unsupportedContent(path: path, format: format, reason: reason)
        case .limitExceeded(nil, let what, let limit): .limitExceeded(path: path, what: what, limit: limit)
        case .tags(nil, let error): .tags(path: path, error)
        default: self
        }
    }
}
