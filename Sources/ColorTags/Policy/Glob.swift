import Foundation
import MediaSyntax

/// A path pattern as `.gitignore`-style tools write them: `*` matches within one path segment, `**` across segments
/// (`assets/**/*.png`), `?` one character, `[abc]` a class. A pattern without `/` matches the file name anywhere.
package struct Glob: Hashable, Sendable, CustomStringConvertible {
    /// The pattern as written.
    package let pattern: String
    private let expression: String

    /// Compiles a pattern.
    package init(_ pattern: String) {
        self.pattern = pattern
        var body = pattern.hasPrefix("./") ? String(pattern.dropFirst(2)) : pattern
        let anchored = body.contains("/")
        if body.hasPrefix("/") { body.removeFirst() }
        var regex = ""
        var characters = Array(body)
        var index = 0
        while index < characters.count {
            let c = characters[index]
            switch c {
            case "*":
                if index + 1 < characters.count, characters[index + 1] == "*" {
                    if index + 2 < characters.count, characters[index + 2] == "/" {
                        regex += "(?:.*/)?"
                        index += 3
                    } else {
                        regex += ".*"
                        index += 2
                    }
                    continue
                }
                regex += "[^/]*"
            case "?": regex += "[^/]"
            case "[":
                if let close = characters[(index + 1)...].firstIndex(of: "]") {
                    var set = String(characters[(index + 1)..<close])
                    if set.hasPrefix("!") { set = "^" + set.dropFirst() }
                    regex += "[" + set.replacingOccurrences(of: "\\", with: "\\\\") + "]"
                    index = close + 1
                    continue
                }
                regex += "\\["
            default:
                regex += NSRegularExpression.escapedPattern(for: String(c))
            }
            index += 1
        }
        characters = []
        expression = (anchored ? "^" : "^(?:.*/)?") + regex + "$"
    }

    /// Whether `path` (relative, `/`-separated; a leading `./` is ignored) matches.
    package func matches(_ path: String) -> Bool {
        let subject = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        guard let regex = try? NSRegularExpression(pattern: expression) else { return false }
        return regex.firstMatch(in: subject, range: NSRange(subject.startIndex..., in: subject)) != nil
    }

    package var description: String { pattern }
}

/// Which files a `validate` run reads: explicit files always, files under folders when their extension is one of
/// ``MediaFileFormat/knownExtensions``; `include` (when not empty) and `exclude` globs filter walked files.
package struct FileSelection: Sendable {
    /// Patterns a walked file must match (any), when not empty.
    package var include: [Glob]
    /// Patterns that drop a walked file.
    package var exclude: [Glob]

    /// Creates a selection.
    package init(include: [Glob] = [], exclude: [Glob] = []) {
        self.include = include
        self.exclude = exclude
    }

    /// The files named by `paths`, folders walked recursively (hidden entries skipped), sorted per folder. A path
    /// that is not a folder is kept as given, existing or not: ``Validator/validate(file:)`` reports what it cannot
    /// read, so one missing path does not stop the others being checked.
    ///
    /// - Throws: ``ColorTagsError/unreadableFile(path:reason:)`` for a folder that cannot be listed.
    package func files(in paths: [String]) throws(ColorTagsError) -> [String] {
        var result: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                result.append(path)
                continue
            }
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            guard let enumerator = FileManager.default.enumerator(atPath: base) else {
                throw .unreadableFile(path: path, reason: "the folder cannot be listed")
            }
            var found: [String] = []
            while let relative = enumerator.nextObject() as? String {
                if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
                let full = base == "." ? relative : base + "/" + relative
                var directory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: full, isDirectory: &directory), !directory.boolValue else {
                    continue
                }
                let ext = (relative as NSString).pathExtension.lowercased()
                guard MediaFileFormat.knownExtensions.contains(ext) else { continue }
                if !include.isEmpty, !include.contains(where: { $0.matches(full) || $0.matches(relative) }) { continue }
                if exclude.contains(where: { $0.matches(full) || $0.matches(relative) }) { continue }
                found.append(full)
            }
            result += found.sorted()
        }
        return result
    }
}
