public import ICC
public import MediaSyntax

/// Why a file could not be read (or written). Each message names the file or structure and says what to do.
public enum ColorTagsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is missing, a folder, or not readable; `reason` is a plain sentence (no Foundation error codes).
    case unreadableFile(path: String, reason: String)
    /// No known signature: not an ICC profile, not a PNG, JPEG, HEIF or AVIF image, not an MP4, QuickTime or Matroska
    /// movie.
    case unrecognizedFormat(leadingBytes: [UInt8])
    /// The input goes beyond a ``ReadLimits`` cap (`what` names the quantity and its value).
    case limitExceeded(String, limit: Int)
    /// An `.icc`/`.icm` file that does not parse.
    case invalidICCProfile(ICCError)
    /// A file that is recognised but too damaged to read anything from (e.g. a PNG without IHDR).
    case malformed(MediaFileFormat, String)
    /// A file could not be written.
    case unwritableFile(path: String, reason: String)
    /// An argument is out of its documented range.
    case invalidArgument(String)

    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason):
            "cannot read \(TextSanitizer.sanitize(path)): \(reason)"
        case .unrecognizedFormat(let bytes):
            "not an ICC profile or a recognised image (PNG, JPEG, HEIF, AVIF), movie (MP4, QuickTime, Matroska, MPEG-TS) or "
                + "stream (HEVC, H.264, AV1 OBUs, IVF, Dolby Vision RPUs): it starts with "
                + (bytes.isEmpty
                    ? "nothing (empty file)"
                    : bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined(separator: " "))
        case .limitExceeded(let what, let limit):
            "\(what) exceeds the limit of \(limit); the file is damaged or hostile (raise ReadLimits only for trusted input)"
        case .invalidICCProfile(let error):
            "invalid ICC profile: \(error)"
        case .malformed(let format, let what):
            "damaged \(format) file: \(what)"
        case .unwritableFile(let path, let reason):
            "cannot write \(TextSanitizer.sanitize(path)): \(reason)"
        case .invalidArgument(let what):
            "invalid argument: \(what)"
        }
    }
}
