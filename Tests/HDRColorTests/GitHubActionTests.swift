import Foundation
import TestSupport
import Testing

/// The composite GitHub Action in `action.yml`, run the way GitHub runs it (each step's script with bash, inputs
/// substituted, outputs passed through `$GITHUB_OUTPUT`), with the built `hdrcolor` on `PATH` so nothing is built.
@Suite("GitHub Action")
struct GitHubActionTests {
    @Test("the action declares its inputs and runs hdrcolor validate in a composite step")
    func declaration() throws {
        let action = try CompositeAction.load()
        #expect(Set(action.defaults.keys) == ["paths", "require", "format", "fail-on", "sarif", "config", "hdrcolor"])
        #expect(action.defaults["format"] == "github" && action.defaults["fail-on"] == "error")
        #expect(action.steps.map(\.id) == ["tool", "validate"])
        #expect(action.steps[1].run.contains("validate \"${arguments[@]}\" --format \"$INPUT_FORMAT\""))
        let text = try String(contentsOf: CompositeAction.root.appendingPathComponent("action.yml"), encoding: .utf8)
        #expect(text.contains("using: composite"))
    }

    @Test("clean HDR10 masters pass --require hdr10 and leave a SARIF report")
    func cleanTree() throws {
        let directory = try MovieTree.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CompositeAction.load().run(
            inputs: [
                "paths": "masters/hdr10.mp4\nmasters/hdr10.mkv masters/dolby-vision.mp4", "require": "hdr10",
                "sarif": "hdrcolor.sarif",
            ],
            in: directory, path: MovieTree.path)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.outputs["tool"]?["path"] == CommandLineTool.executable.path)
        #expect(result.outputs["validate"]?["sarif"] == "hdrcolor.sarif")
        let sarif = try Data(contentsOf: directory.appendingPathComponent("hdrcolor.sarif"))
        let object = try #require(try JSONSerialization.jsonObject(with: sarif) as? [String: Any])
        #expect(object["version"] as? String == "2.1.0")
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        let rules = ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]]
        #expect(rules?.contains { $0["id"] as? String == "video.colr-bitstream-mismatch" } == true)
    }

    @Test("a mis-tagged movie fails the step with annotations; policies separated by commas; warnings can fail it")
    func failingTree() throws {
        let directory = try MovieTree.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let action = try CompositeAction.load()
        let failing = try action.run(inputs: ["paths": "exports"], in: directory, path: MovieTree.path)
        #expect(failing.status == 1)
        #expect(failing.output.contains("::error") && failing.output.contains("video.colr-bitstream-mismatch"))
        let cmaf = try action.run(
            inputs: ["paths": "exports/x265-params-only.mp4", "require": "cmaf"], in: directory, path: MovieTree.path)
        #expect(cmaf.status == 1 && cmaf.output.contains("policy.cmaf"), "\(cmaf.output)")
        let policies = try action.run(
            inputs: ["paths": "broadcast", "require": "hlg,tagged"], in: directory, path: MovieTree.path)
        #expect(policies.status == 0, "\(policies.output)")
        let hdr10 = try action.run(
            inputs: ["paths": "broadcast", "require": "hdr10"], in: directory, path: MovieTree.path)
        #expect(hdr10.status == 1 && hdr10.output.contains("policy.hdr10"))
        let strict = try action.run(
            inputs: ["paths": "masters exports/web.mp4", "fail-on": "warning", "format": "text"], in: directory,
            path: MovieTree.path)
        #expect(strict.status == 1 && strict.output.contains("video.hdr-metadata-missing"))
    }
}
