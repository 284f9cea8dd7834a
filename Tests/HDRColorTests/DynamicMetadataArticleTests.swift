import Foundation
import TestSupport
import Testing
import VideoTestSupport

/// The "Dynamic HDR metadata" article's per-scene conversions: each `$ hdrcolor` line of its `text` blocks is run on
/// the fixture of that name, and every scene line printed under it must be in the command's output.
@Suite("Dynamic HDR metadata article", .enabled(if: MovieTestSupport.hasFFmpeg))
struct DynamicMetadataArticleTests {
    static let article = CompositeAction.root.appendingPathComponent(
        "Sources/HDRColor/HDRColor.docc/DynamicHDRMetadata.md")

    /// Each command of the article's `text` blocks (without `$ hdrcolor`) and the lines printed under it.
    static func examples() throws -> [(arguments: [String], output: [String])] {
        let text = try String(contentsOf: article, encoding: .utf8)
        var examples: [(arguments: [String], output: [String])] = []
        for block in CIArticleTests.blocks("text", in: text) {
            for line in block.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                if line.hasPrefix("$ hdrcolor ") {
                    examples.append((line.dropFirst("$ hdrcolor ".count).split(separator: " ").map(String.init), []))
                } else if !examples.isEmpty {
                    examples[examples.count - 1].output.append(line)
                }
            }
        }
        return examples
    }

    @Test("the per-scene conversions print the scenes the article shows")
    func sceneLines() throws {
        let examples = try Self.examples()
        #expect(examples.count == 3)
        let folder = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["hdr10plus-scenes.mp4", "hdr10plus-curve-scenes.mp4", "dv-8.1-trim-scenes.mp4"] {
            try FileManager.default.copyItem(
                at: Fixtures.url("movies/\(name)"), to: folder.appendingPathComponent(name))
        }
        for (arguments, output) in examples {
            let result = try CommandLineTool.run(arguments, in: folder)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            let printed = Set(
                result.standardOutput.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
            #expect(!output.isEmpty)
            for line in output { #expect(printed.contains(line), "\(arguments.joined(separator: " ")): \(line)") }
        }
    }

    @Test("--dynamic-curve metadata without --source-peak dynamic is refused with the reason")
    func needsDynamicPeak() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandLineTool.run(
            [
                "convert", Fixtures.url("movies/dv-8.1-trim-scenes.mp4").path, "out.mp4", "--to", "bt709",
                "--dynamic-curve", "metadata",
            ], in: folder)
        #expect(result.status != 0)
        #expect(result.standardError.contains("--dynamic-curve metadata needs --source-peak dynamic"))
    }

    @Test("the JSON report's scenes carry what drove each (Curve) beside the origin and trims")
    func json() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandLineTool.run(
            [
                "convert", Fixtures.url("movies/dv-8.1-trim-scenes.mp4").path, "out.mp4", "--to", "bt709",
                "--reference-white", "100", "--source-peak", "dynamic", "--dynamic-curve", "metadata", "--json",
            ], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        func scenes(_ value: Any) -> [[String: Any]]? {
            if let object = value as? [String: Any] {
                if let found = object["Scenes"] as? [[String: Any]] { return found }
                return object.values.lazy.compactMap(scenes).first
            }
            return (value as? [Any])?.lazy.compactMap(scenes).first
        }
        let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        let list = try #require(scenes(json))
        #expect(
            list.compactMap { $0["Curve"] as? String } == [
                "Dolby Vision L1 + L2 trim for 100 cd/m²", "Dolby Vision L1 curve for 100 cd/m² (no trim for it)",
                "Dolby Vision L1 curve for 100 cd/m² (no trim for it)",
            ])
        #expect(list.first?["Trims"] as? [String] == ["L2 for 100.1 cd/m²", "L2 for 599.6 cd/m²"])
    }
}
