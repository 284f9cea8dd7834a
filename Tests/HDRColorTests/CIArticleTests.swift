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
}
