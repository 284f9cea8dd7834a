import Foundation
import Testing

/// The Markdown of README.md, Docs/ and the DocC catalog: relative links and images lead to files that exist,
/// `<doc:…>` references name an article of the catalog, and no internal project jargon is left in them.
@Suite("Documentation links")
struct DocumentationLinkTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let catalog = root.appendingPathComponent("Sources/HDRColor/HDRColor.docc")

    /// README.md, Docs/*.md and the catalog's articles.
    static func documents() throws -> [URL] {
        let fm = FileManager.default
        let docs = try fm.contentsOfDirectory(atPath: root.appendingPathComponent("Docs").path)
            .filter { $0.hasSuffix(".md") }.map { root.appendingPathComponent("Docs/\($0)") }
        let articles = try fm.contentsOfDirectory(atPath: catalog.path).filter { $0.hasSuffix(".md") }
            .map { catalog.appendingPathComponent($0) }
        return [root.appendingPathComponent("README.md")] + docs + articles
    }

    /// The targets of `[text](target)` and `![alt](target)` outside code blocks and code spans.
    static func linkTargets(in text: String) -> [String] {
        var targets: [String] = []
        var inBlock = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock.toggle()
                continue
            }
            guard !inBlock else { continue }
            let prose = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
            var rest = Substring(prose)
            while let start = rest.range(of: "](") {
                let after = rest[start.upperBound...]
                guard let end = after.firstIndex(of: ")") else { break }
                targets.append(String(after[..<end]))
                rest = after[end...]
            }
        }
        return targets
    }

    @Test("relative links and images in README.md, Docs/ and the DocC articles lead to existing files")
    func relativeLinksResolve() throws {
        var checked = 0
        for document in try Self.documents() {
            let text = try String(contentsOf: document, encoding: .utf8)
            for target in Self.linkTargets(in: text) {
                if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("#") { continue }
                let path = String(target.split(separator: "#").first ?? "")
                let url = document.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
                #expect(
                    FileManager.default.fileExists(atPath: url.path),
                    "\(document.lastPathComponent): the link \(target) leads nowhere")
                checked += 1
            }
        }
        #expect(checked >= 20)
    }

    @Test("every <doc:…> reference names an article of the catalog")
    func docReferencesResolve() throws {
        let articles = Set(
            try FileManager.default.contentsOfDirectory(atPath: Self.catalog.path)
                .filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) })
        for document in try Self.documents() {
            let text = try String(contentsOf: document, encoding: .utf8)
            for part in text.components(separatedBy: "<doc:").dropFirst() {
                let name = String(part.prefix { $0 != ">" })
                #expect(articles.contains(name), "\(document.lastPathComponent): <doc:\(name)> is no article")
            }
        }
    }

    @Test("the guides Docs/ used to hold live in the DocC catalog, and nothing links to the old files")
    func foldedGuides() throws {
        for old in ["Conventions.md", "ToneMapping.md", "ImageFiles.md"] {
            #expect(!FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("Docs/\(old)").path))
            for document in try Self.documents() {
                let text = try String(contentsOf: document, encoding: .utf8)
                #expect(!text.contains("Docs/\(old)"), "\(document.lastPathComponent) mentions Docs/\(old)")
            }
        }
    }

    @Test("no project-internal jargon: the reference workflows are named for what they are, not 'seeds'")
    func noJargon() throws {
        for document in try Self.documents() {
            let words = try String(contentsOf: document, encoding: .utf8).lowercased()
                .split(whereSeparator: { !$0.isLetter })
            #expect(!words.contains("seed") && !words.contains("seeds"), "\(document.lastPathComponent)")
        }
    }
}
