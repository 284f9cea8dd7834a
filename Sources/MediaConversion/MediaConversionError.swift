public import ImageFiles

/// Why a conversion failed: the image files' errors, and requests that cannot be carried out.
public enum MediaConversionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Reading, converting, encoding or writing failed.
    case file(ImageFileError)
    /// The request cannot be carried out (e.g. no output format can be told from the output's name).
    case invalidRequest(String)

    /// Whether the input could not be read (missing, truncated, corrupt, unsupported): `hdrcolor` exit status 2.
    public var isUnreadableInput: Bool {
        if case .file(let error) = self { return error.isUnreadableInput }
        return false
    }

    public var description: String {
        switch self {
        case .file(let error): "\(error)"
        case .invalidRequest(let what): what
        }
    }
}
