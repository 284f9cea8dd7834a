/// Why ``HDRReport`` could not be made.
public enum HDRReportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be read or decoded (the reader's message, naming the file).
    case unreadable(String)
    /// The pixels could not be converted to linear light (the converter's message).
    case conversion(String)
    /// A picture could not be encoded as PNG (the writer's message).
    case encoding(String)
    /// An option is out of range (which, and the range it takes).
    case invalidOption(String)

    public var description: String {
        switch self {
        case .unreadable(let message): "cannot read the file: \(message)"
        case .conversion(let message): "cannot convert the pixels to linear light: \(message)"
        case .encoding(let message): "cannot encode a picture of the report: \(message)"
        case .invalidOption(let message): "invalid report option: \(message)"
        }
    }
}
