import Foundation
import HDRColor
import TestSupport
import Testing

/// `hdrcolor hdr10plus export` and `read`, and `validate --require hdr10plus`, on the committed raw HEVC fixture.
@Suite("hdrcolor hdr10plus")
struct HDR10PlusCommandTests {
    static let stream = Fixtures.url("movies/hdr10plus-inconsistent.hevc").path

    @Test("export writes hdr10plus_tool's JSON in display order; read reads it back")
    func exportAndRead() throws {
        let folder = try TemporaryFolder.make("hdr10plus")
        let output = folder.appendingPathComponent("metadata.json").path
        let export = try CommandLineTool.run(["hdr10plus", "export", Self.stream, "-o", output])
        #expect(export.status == 0, "\(export.standardError)")
        #expect(export.standardOutput.contains("3 frames, 3 scenes, profile N/A"))
        let document = try HDR10PlusJSON(json: Data(contentsOf: URL(fileURLWithPath: output)))
        #expect(document.sceneInfo.map(\.targetedSystemDisplayMaximumLuminance) == [2000, 1500, 2000])
        let read = try CommandLineTool.run(["hdr10plus", "read", output])
        #expect(read.status == 0 && read.standardOutput.contains("3 frames, 3 scenes, MaxSCL 1200.0–2000.0 cd/m²"))
        // Not HDR10+: a stream without it, a JSON file of another shape.
        let none = try CommandLineTool.run(
            ["hdr10plus", "export", Fixtures.url("movies/x265-pq-hdr10.mp4").path, "-o", output])
        #expect(none.status == 1 && none.standardError.contains("holds no HDR10+ metadata"))
        try Data("{\"JSONInfo\": {}}".utf8).write(to: URL(fileURLWithPath: output))
        let bad = try CommandLineTool.run(["hdr10plus", "read", output])
        #expect(bad.status == 2 && bad.standardError.contains("not an HDR10+ metadata JSON document"))
    }

    @Test("validate: the HDR10+ rules warn; --require hdr10plus passes with HDR10+ and fails without")
    func validate() throws {
        let warned = try CommandLineTool.run(["validate", "--fail-on", "warning", Self.stream])
        #expect(warned.status == 1)
        #expect(warned.standardOutput.contains("video.hdr10plus-target-above-mastering"))
        #expect(warned.standardOutput.contains("video.hdr10plus-maxscl-above-maxcll"))
        #expect(try CommandLineTool.run(["validate", "--require", "hdr10plus", Self.stream]).status == 0)
        let plain = try CommandLineTool.run(
            ["validate", "--require", "hdr10plus", Fixtures.url("movies/x265-pq-hdr10.mp4").path])
        #expect(plain.status == 1 && plain.standardOutput.contains("policy.hdr10plus"))
    }
}
