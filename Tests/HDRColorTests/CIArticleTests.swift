import Foundation
import TestSupport
import Testing

/// The "Validating colour tags in CI" article's policy file and workflow commands, run as written on a small tree.
@Suite("CI article snippet")
struct CIArticleTests {
    static let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(
            "Sources/HDRColor/HDRColor.docc/ValidatingColourTagsInCI.md")

    /// The fenced code blocks of a language, in order.
    static func blocks(_ language: String, in text: String) -> [String] {
        var result: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```\(language)" {
                current = []
            } else if current != nil, line == "```" {
                result.append(current!.joined(separator: "\n"))
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        return result
    }

    @Test("the policy file and every hdrcolor command of the workflow run and pass on a clean tree")
    func snippetRuns() throws {
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        let yaml = Self.blocks("yaml", in: text)
        #expect(yaml.count == 2)
        let policy = try #require(yaml.first)
        let commands = yaml[1].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            $0.hasPrefix("hdrcolor ")
        }
        #expect(commands.count == 4)

        let directory = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fm = FileManager.default
        try policy.write(to: directory.appendingPathComponent(".hdrcolor.yml"), atomically: true, encoding: .utf8)
        for (fixture, destination) in [
            ("png/pq-16bit-clean.png", "assets/hdr/hero.png"), ("avif/avifenc-pq-10bit.avif", "assets/hdr/hero.avif"),
            ("png/srgb-cicp-8bit.png", "assets/ui/icon.png"), ("png/cicp-matrix-9.png", "third_party/broken.png"),
        ] {
            let target = directory.appendingPathComponent(destination)
            try fm.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try fm.copyItem(atPath: Fixtures.url("color-tags/\(fixture)").path, toPath: target.path)
        }
        for command in commands {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "\"$HDRCOLOR\"" + command.dropFirst("hdrcolor".count)]
            process.environment = ["HDRCOLOR": CommandLineTool.executable.path, "PATH": "/usr/bin:/bin"]
            process.currentDirectoryURL = directory
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "`\(command)` exited \(process.terminationStatus)")
        }
        let sarif = try Data(contentsOf: directory.appendingPathComponent("hdrcolor.sarif"))
        #expect((try JSONSerialization.jsonObject(with: sarif) as? [String: Any])?["version"] as? String == "2.1.0")
        #expect(fm.fileExists(atPath: directory.appendingPathComponent("hdrcolor-junit.xml").path))

        // The same tree with a mis-tagged asset in a checked folder fails the first command.
        try fm.copyItem(
            atPath: Fixtures.url("color-tags/png/cicp-matrix-9.png").path,
            toPath: directory.appendingPathComponent("assets/ui/bad.png").path)
        let process = Process()
        process.executableURL = CommandLineTool.executable
        process.arguments = ["validate", "--format", "github", "assets"]
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
    }

    @Test("the article's promises: policy typos stop the run, a missing path is a SARIF result, 8-bit PQ movies warn")
    func promises() throws {
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        #expect(text.contains("`requires: [hdr10]` gives\n\"unknown key 'requires' (did you mean 'require'?)"))
        let directory = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let policy = try #require(Self.blocks("yaml", in: text).first)
        try policy.replacingOccurrences(of: "require: [tagged]", with: "requires: [tagged]").write(
            to: directory.appendingPathComponent(".hdrcolor.yml"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("assets"), withIntermediateDirectories: true)
        func run(_ arguments: [String]) throws -> CommandLineTool.Result {
            try CommandLineTool.run(arguments, in: directory)
        }
        let typo = try run(["validate", "--format", "sarif", "assets"])
        #expect(typo.status == 2 && typo.standardError.contains("unknown key 'requires' (did you mean 'require'?)"))
        try FileManager.default.removeItem(at: directory.appendingPathComponent(".hdrcolor.yml"))
        // "hdrcolor validate --format sarif missing.png assets reports the missing file as a result and checks assets"
        #expect(text.contains("`hdrcolor validate --format sarif missing.png assets` reports the\nmissing file"))
        try FileManager.default.copyItem(
            atPath: Fixtures.url("color-tags/png/cicp-matrix-9.png").path,
            toPath: directory.appendingPathComponent("assets/bad.png").path)
        let sarif = try run(["validate", "--format", "sarif", "missing.png", "assets"])
        #expect(sarif.status == 1)
        let root = try #require(
            try JSONSerialization.jsonObject(with: Data(sarif.standardOutput.utf8)) as? [String: Any])
        let results = try #require((root["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(results.compactMap { $0["ruleId"] as? String } == ["file.unreadable", "png.cicp-matrix-not-identity"])
        for result in results {
            let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            #expect((location?["region"] as? [String: Any])?["startLine"] as? Int == 1)
            #expect(((location?["artifactLocation"] as? [String: Any])?["uri"] as? String)?.hasPrefix("/") == false)
        }
        // "an 8-bit PQ or HLG movie (video.hdr-8-bit, a warning by default ...)"
        #expect(text.contains("an 8-bit PQ or HLG movie\n(`video.hdr-8-bit`, a warning by default"))
        let movie = try run(["validate", "--fail-on", "warning", Fixtures.url("movies/x264-pq-8bit.mp4").path])
        #expect(movie.status == 1 && movie.standardOutput.contains("warning video.hdr-8-bit"))
    }
}
