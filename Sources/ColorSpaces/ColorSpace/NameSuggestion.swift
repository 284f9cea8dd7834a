/// The nearest known spelling of a mistyped name, for "did you mean" hints (colour-space names on the command line,
/// keys and values of policy files).
package enum NameSuggestion {
    /// The one candidate that `text` (lower-cased, `_` read as `-`) abbreviates, else the candidate closest to it by
    /// Levenshtein distance when at most 2 edits (1 for words of 4 letters or fewer) and closer than every other.
    package static func nearest(to text: String, in candidates: [String]) -> String? {
        let normalised = text.lowercased().map { $0 == "_" ? "-" : $0 }
        let extensions = candidates.filter { normalised.count >= 3 && $0.hasPrefix(String(normalised)) }
        if extensions.count == 1 { return extensions[0] }  // a shortened spelling: warn → warning
        let ranked = candidates.map { ($0, distance(normalised, Array($0))) }.sorted { $0.1 < $1.1 }
        guard let best = ranked.first, best.1 <= (normalised.count <= 4 ? 1 : 2) else { return nil }
        return ranked.count > 1 && ranked[1].1 == best.1 ? nil : best.0
    }

    /// The Levenshtein distance between two strings.
    package static func distance(_ a: [Character], _ b: [Character]) -> Int {
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
