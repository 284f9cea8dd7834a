import ColorTags
import Foundation
import TestSupport
import Testing

/// The "Validating HDR video in CI" article's command lines, workflow and pre-commit configuration, run as written on
/// a folder of movie fixtures named as the article names them (``MovieTree``). A command's trailing `# exits N`
/// comment is its expected exit status (0 otherwise).
@Suite("Video CI article")
struct VideoCIArticleTests {
    static let article = CompositeAction.root.appendingPathComponent(
        "Sources/HDRColor/HDRColor.docc/ValidatingHDRVideoInCI.md")

    static func text() throws -> String { try String(contentsOf: article, encoding: .utf8) }

    @Test("every hdrcolor command of the article exits as the article says")
    func commands() throws {
        let lines = try ArticleCommands.lines(of: Self.article)
        #expect(lines.count == 10)
        let directory = try MovieTree.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        for line in lines {
            let parts = line.components(separatedBy: "  # ")
            let command = parts[0]
            let expected =
                parts.count > 1 && parts[1].hasPrefix("exits ") ? Int32(parts[1].dropFirst(6).prefix(1)) ?? 0 : 0
            let status = try ArticleCommands.run(command, in: directory)
            #expect(status == expected, "`\(command)` exited \(status)")
        }
        // The SARIF command with a missing path wrote a report the upload step accepts: the missing path is a result
        // located at line 1, and the movie that exists was checked.
        let sarif = try Data(contentsOf: directory.appendingPathComponent("hdrcolor.sarif"))
        let root = try #require(try JSONSerialization.jsonObject(with: sarif) as? [String: Any])
        let results = try #require((root["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(results.compactMap { $0["ruleId"] as? String } == ["file.unreadable"])
        let location = (results.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        #expect((location?["artifactLocation"] as? [String: Any])?["uri"] as? String == "masters/missing.mp4")
        #expect((location?["region"] as? [String: Any])?["startLine"] as? Int == 1)
    }

    @Test("the workflow runs the action with its inputs and writes the SARIF file the upload step names")
    func workflow() throws {
        let yaml = CIArticleTests.blocks("yaml", in: try Self.text())
        #expect(yaml.count == 2)
        let workflow = try #require(yaml.first)
        var inputs: [String: String] = [:]
        var inWith = false
        var sarifFile: String?
        for line in workflow.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("- name:") { inWith = false }
            if trimmed == "with:" {
                inWith = true
                continue
            }
            guard inWith, let colon = trimmed.firstIndex(of: ":") else { continue }
            let key = String(trimmed[..<colon])
            let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if key == "sarif_file" { sarifFile = value } else if sarifFile == nil { inputs[key] = value }
        }
        #expect(workflow.contains("uses: ./") && workflow.contains("github/codeql-action/upload-sarif"))
        #expect(inputs["sarif"] != nil && inputs["sarif"] == sarifFile)
        let directory = try MovieTree.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CompositeAction.load().run(inputs: inputs, in: directory, path: MovieTree.path)
        #expect(result.status == 0, "\(result.output)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(sarifFile ?? "-").path))
    }

    @Test("the pre-commit configuration is the repository's hook, and it passes the masters")
    func preCommit() throws {
        let yaml = CIArticleTests.blocks("yaml", in: try Self.text())
        let local = PreCommitHookTests.hook(in: try #require(yaml.last))
        let shipped = try PreCommitHookTests.hooksFile()
        for key in ["id", "entry", "language", "files"] { #expect(local.fields[key] == shipped.fields[key], "\(key)") }
        let args = (local.fields["args"] ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(args == ["--require", "tagged"])
        let directory = try MovieTree.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let masters = MovieTree.layout.map(\.name).filter { $0.hasPrefix("masters/") && local.selects($0) }
        #expect(try PreCommitHookTests.runHook(local.entry + args + masters, in: directory) == 0)
    }

    @Test("the article's rule table lists every video rule with its catalog severity")
    func ruleTable() throws {
        let text = try Self.text()
        for rule in ValidationRule.all where rule.id.rawValue.hasPrefix("video.") {
            #expect(text.contains("| `\(rule.id)` | \(rule.defaultSeverity) |"), "\(rule.id)")
        }
    }
}
