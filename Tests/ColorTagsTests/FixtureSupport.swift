import ColorTags
import TagValidation
import Foundation
import TestSupport

/// Reading the colour-tag corpus in `Tests/Fixtures/color-tags` (see its README for each file's producer).
enum Corpus {
    static func url(_ name: String) -> URL { Fixtures.url("color-tags/\(name)") }

    static func bytes(_ name: String) throws -> [UInt8] { [UInt8](try Fixtures.data("color-tags/\(name)")) }

    static func tags(_ name: String, limits: ReadLimits = .default) throws(ColorTagsError) -> ColorTagging {
        try ColorTagging(contentsOf: url(name), limits: limits)
    }

    /// The rule ids a file's findings carry (with `options`).
    static func rules(_ name: String, _ options: ValidationOptions = ValidationOptions()) throws -> Set<RuleID> {
        Set(try tags(name).findings(options: options).map(\.rule))
    }

    /// Every fixture file, relative to the corpus folder.
    static var allFiles: [String] {
        let root = Fixtures.url("color-tags").path
        let enumerator = FileManager.default.enumerator(atPath: root)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory),
                !isDirectory.boolValue,
                !path.hasSuffix(".md")
            {
                files.append(path)
            }
        }
        return files.sorted()
    }
}
