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

    /// `; did you mean 'x'?` when one candidate is within a small edit distance (or differs by `_` for `-`).
    static func hint(_ text: String, _ candidates: [String]) -> String {
        nearest(to: text, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// The one candidate that `text` (lower-cased, `_` read as `-`) abbreviates, else the candidate closest to it by
    /// Levenshtein distance when at most 2 edits (1 for words of 4 letters or fewer) and closer than every other.
    static func nearest(to text: String, in candidates: [String]) -> String? {
        let normalised = Array(text.lowercased().replacingOccurrences(of: "_", with: "-"))
        let extensions = candidates.filter { normalised.count >= 3 && $0.hasPrefix(String(normalised)) }
        if extensions.count == 1 { return extensions[0] }  // a shortened spelling: warn → warning
        let ranked = candidates.map { ($0, distance(normalised, Array($0))) }.sorted { $0.1 < $1.1 }
        guard let best = ranked.first, best.1 <= (normalised.count <= 4 ? 1 : 2) else { return nil }
        return ranked.count > 1 && ranked[1].1 == best.1 ? nil : best.0
    }

    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
