public import ImageFiles
public import VideoFiles

/// Why a conversion failed: the image and movie files' errors, and requests that cannot be carried out.
public enum MediaConversionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Reading, converting, encoding or writing an image failed.
    case file(ImageFileError)
    /// Reading, decoding, encoding or writing a movie failed.
    case movie(VideoFilesError)
    /// A movie's frames could not be converted.
    case conversion(String)
    /// The source's pictures cannot be converted faithfully (e.g. Dolby Vision profile 5, whose base layer is not a
    /// displayable signal without its RPU).
    case unsupportedSource(String)
    /// The request cannot be carried out (e.g. no output format can be told from the output's name).
    case invalidRequest(String)
    /// The output file exists and ``ConversionRequest/overwritesOutput`` is false.
    case outputExists(path: String)

    /// Whether the input could not be read (missing, truncated, corrupt, unsupported): `hdrcolor` exit status 2.
    public var isUnreadableInput: Bool {
        switch self {
        case .file(let error): return error.isUnreadableInput
        case .movie(let error):
            switch error {
            case .cannotOpen, .noVideoStream, .unmappedPixelFormat, .limitExceeded: return true
            default: return false
            }
        case .unsupportedSource: return true
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .file(let error): "\(error)"
        case .movie(let error): "\(error)"
        case .conversion(let what): "cannot convert the frames: \(what)"
        case .unsupportedSource(let why): "unsupported source: \(why)"
        case .invalidRequest(let what): what
        case .outputExists(let path): "\(path) exists; choose another output or allow replacing it (--overwrite)"
        }
    }
}
