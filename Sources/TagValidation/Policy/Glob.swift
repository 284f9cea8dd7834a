import Foundation
import MediaSyntax
import ColorTags

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

/// One path a `validate` run reports on.
package enum SelectedPath: Hashable, Sendable {
    /// A file, or a path given as it is, for ``Validator/validate(file:)`` to read.
    case file(String)
    /// A path met while walking a folder that cannot be read: a folder that cannot be listed, a symbolic link to
    /// nothing. It is a `file.unreadable` finding, like a missing path given on the command line.
    case unreadable(path: String, reason: String)

    /// The path as reported.
    package var path: String {
        switch self {
        case .file(let path), .unreadable(let path, _): path
        }
    }
}

/// Which files a `validate` run reads: explicit files always, files under folders when their extension is one of
/// ``MediaFileFormat/knownExtensions``; `include` (when not empty) and `exclude` globs filter walked files.
package struct FileSelection: Sendable {
    /// Patterns a walked file must match (any), when not empty.
    package var include: [Glob]
    /// Patterns that drop a walked file.
    package var exclude: [Glob]
    /// Lists a folder's entries (`FileManager.contentsOfDirectory(atPath:)`); tests replace it to make a folder
    /// that cannot be listed even by root.
    package var listFolder: @Sendable (String) throws -> [String]

    /// Creates a selection.
    package init(include: [Glob] = [], exclude: [Glob] = []) {
        self.include = include
        self.exclude = exclude
        self.listFolder = { try FileManager.default.contentsOfDirectory(atPath: $0) }
    }

    /// The paths named by `paths`, folders walked recursively (hidden entries skipped, symbolic links to folders not
    /// followed), sorted per folder given. A path that is not a folder is kept as given, existing or not:
    /// ``Validator/validate(file:)`` reports what it cannot read, so one missing path does not stop the others being
    /// checked. A folder that cannot be listed, and a symbolic link to nothing whose name would be checked, are
    /// ``SelectedPath/unreadable(path:reason:)``: never skipped in silence, never a reason to stop.
    package func paths(in paths: [String]) -> [SelectedPath] {
        var result: [SelectedPath] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                result.append(.file(path))
                continue
            }
            result += walk(path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path)
                .sorted { $0.path < $1.path }
        }
        return result
    }

    /// The selected entries under the folder `base`.
    private func walk(_ base: String) -> [SelectedPath] {
        var found: [SelectedPath] = []
        var folders = [""]  // relative to base
        while let folder = folders.popLast() {
            let full = join(base, folder)
            let names: [String]
            do { names = try listFolder(full) } catch {
                if folder.isEmpty || !isExcluded(full, folder) {
                    found.append(.unreadable(path: full, reason: "the folder cannot be listed; check its permissions"))
                }
                continue
            }
            for name in names where !name.hasPrefix(".") {
                let relative = folder.isEmpty ? name : folder + "/" + name
                let path = join(base, relative)
                let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
                if type == .typeDirectory {
                    folders.append(relative)
                    continue
                }
                guard isSelected(path, relative) else { continue }
                guard type == .typeSymbolicLink else {
                    found.append(.file(path))
                    continue
                }
                var targetIsFolder: ObjCBool = false
                if !FileManager.default.fileExists(atPath: path, isDirectory: &targetIsFolder) {
                    let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
                    found.append(
                        .unreadable(
                            path: path, reason: "it is a symbolic link to '\(target)', which does not exist"))
                } else if !targetIsFolder.boolValue {
                    found.append(.file(path))
                }
            }
        }
        return found
    }

    /// `relative` under `base`, without a leading "./" for the current folder.
    private func join(_ base: String, _ relative: String) -> String {
        relative.isEmpty ? base : base == "." ? relative : base + "/" + relative
    }

    /// Whether a walked file is checked: a known extension, an include glob (when any) and no exclude glob.
    private func isSelected(_ full: String, _ relative: String) -> Bool {
        let ext = (relative as NSString).pathExtension.lowercased()
        guard MediaFileFormat.knownExtensions.contains(ext) else { return false }
        if !include.isEmpty, !include.contains(where: { $0.matches(full) || $0.matches(relative) }) { return false }
        return !isExcluded(full, relative)
    }

    private func isExcluded(_ full: String, _ relative: String) -> Bool {
        exclude.contains { $0.matches(full) || $0.matches(relative) }
    }
}
