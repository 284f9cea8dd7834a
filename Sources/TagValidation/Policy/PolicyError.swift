import ColorSpaces
import ColorTags

/// Why a policy file (`.hdrcolor.yml`) was rejected: a key or value that no setting has, named with where it is, what
/// is allowed there, and the nearest allowed spelling when one is close.
public enum PolicyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A key no setting has at `path` (dot-separated, empty at the top level; `paths[1]` for a list entry).
    case unknownKey(String, path: String, known: [String])
    /// A value that is not one of `valid` at `path`.
    case invalidValue(String, path: String, valid: [String])

    public var description: String {
        switch self {
        case .unknownKey(let key, let path, let known):
            let place = path.isEmpty ? "" : " in '\(path)'"
            return "unknown key '\(key)'\(place)\(Self.hint(key, known)); the keys are \(known.joined(separator: ", "))"
        case .invalidValue(let value, let path, let valid):
            return "'\(value)' is not a valid value of '\(path)'\(Self.hint(value, valid)); valid values: "
                + valid.joined(separator: ", ")
        }
    }

    /// ` (did you mean 'x'?)` when one candidate is near (`NameSuggestion`), else nothing.
    static func hint(_ text: String, _ candidates: [String]) -> String {
        NameSuggestion.nearest(to: text, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }
}
