/// An error from reading, writing or using an ICC profile.
///
/// Structural problems are found by the bridge's own checks before any byte reaches LittleCMS (ICC.1:2022 §7.2, §7.3);
/// problems LittleCMS reports keep its own messages in `messages`.
public enum ICCError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The data ends before the header (128 bytes + tag count) or before the size the header declares.
    case truncated(expected: Int, actual: Int)
    /// The profile is larger than the accepted maximum.
    case oversized(size: Int, maximum: Int)
    /// The header's size field is smaller than a header and tag count (132 bytes).
    case invalidDeclaredSize(Int)
    /// Bytes 36–39 are not the profile file signature 'acsp' (ICC.1:2022 §7.2.9).
    case wrongSignature(found: ICCSignature)
    /// The tag table declares more tags than fit in the profile (each entry is 12 bytes, ICC.1:2022 §7.3).
    case tagCountTooLarge(count: Int, maximum: Int)
    /// A tag's data lies (partly) outside the profile, overlaps the tag table, or is too small to hold a type signature.
    case tagOutOfBounds(tag: ICCSignature, offset: Int, size: Int, profileSize: Int)
    /// LittleCMS rejected the profile or a tag it had to decode.
    case rejected(operation: String, messages: [String])
    /// A file could not be read.
    case unreadableFile(path: String, reason: String)
    /// The request is valid but not something the bridge (or LittleCMS) can do, e.g. a cicp tag in a v2 profile.
    case unsupported(String)
    /// An argument is out of its documented range (e.g. a buffer too small for the pixel count).
    case invalidArgument(String)

    /// A one-line message naming the numbers involved.
    public var description: String {
        switch self {
        case .truncated(let expected, let actual):
            "ICC profile truncated: expected \(expected) bytes, got \(actual)"
        case .oversized(let size, let maximum):
            "ICC profile too large: \(size) bytes (maximum \(maximum))"
        case .invalidDeclaredSize(let size):
            "ICC profile header declares an impossible size of \(size) bytes (minimum 132)"
        case .wrongSignature(let found):
            "not an ICC profile: file signature is '\(found)' instead of 'acsp'"
        case .tagCountTooLarge(let count, let maximum):
            "ICC tag table declares \(count) tags but at most \(maximum) fit in the profile"
        case .tagOutOfBounds(let tag, let offset, let size, let profileSize):
            "ICC tag '\(tag)' at offset \(offset) with size \(size) does not fit in the \(profileSize)-byte profile"
        case .rejected(let operation, let messages):
            messages.isEmpty
                ? "LittleCMS could not \(operation)"
                : "LittleCMS could not \(operation): \(messages.joined(separator: "; "))"
        case .unreadableFile(let path, let reason):
            "cannot read \(path): \(reason)"
        case .unsupported(let what):
            "unsupported: \(what)"
        case .invalidArgument(let what):
            "invalid argument: \(what)"
        }
    }
}
