import Foundation
import TestSupport
import Testing
import VideoTestSupport

/// The commands that let a run be split across machines (hdrcolor-ray drives them): `validate --list-files`,
/// `--files-from` and `--merge-reports`; `convert --frames … --threads`, then `join`.
@Suite("Parted runs: a tree validated in parts, a movie converted in segments")
struct PartedRunCommandTests {
    static func run(_ arguments: [String], in folder: URL? = nil) throws -> CommandLineTool.Result {
        try CommandLineTool.run(arguments, in: folder)
    }

    @Test("validate: the listing in parts, each validated apart and merged, equals one run in every format")
    func validateInParts() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tree = folder.appendingPathComponent("tree")
        try FileManager.default.copyItem(at: Fixtures.url("color-tags/png"), to: tree)
        // A link to nothing met while walking is an entry of its own, checked as the walk saw it.
        try FileManager.default.createSymbolicLink(
            atPath: tree.appendingPathComponent("gone.png").path, withDestinationPath: "/nonexistent/gone.png")
        let listing = try Self.run(["validate", "--list-files", "--format", "json", "tree"], in: folder)
        #expect(listing.status == 0, "\(listing.standardError)")
        let entries = try #require(
            try JSONSerialization.jsonObject(with: Data(listing.standardOutput.utf8)) as? [Any])
        #expect(entries.count > 10 && entries.contains { ($0 as? [String: String])?["Unreadable"] != nil })
        var reports: [String] = []
        for (index, start) in stride(from: 0, to: entries.count, by: 6).enumerated() {
            let part = folder.appendingPathComponent("part-\(index).json")
            try JSONSerialization.data(withJSONObject: Array(entries[start..<min(start + 6, entries.count)]))
                .write(to: part)
            let report = folder.appendingPathComponent("report-\(index).json")
            let result = try Self.run(
                ["validate", "--format", "json", "--jobs", "1", "--require", "hdr10", "--files-from", part.path],
                in: folder)
            #expect([0, 1, 2].contains(result.status), "\(result.standardError)")
            try Data(result.standardOutput.utf8).write(to: report)
            reports.append(report.path)
        }
        for format in ["json", "junit", "sarif", "text", "github"] {
            let whole = try Self.run(
                ["validate", "--format", format, "--jobs", "2", "--require", "hdr10", "tree"], in: folder)
            let merged = try Self.run(["validate", "--merge-reports", "--format", format] + reports, in: folder)
            #expect(merged.standardOutput == whole.standardOutput, "\(format)")
            #expect(merged.status == whole.status && whole.status == 2, "\(format): \(merged.standardError)")
        }
        let broken = folder.appendingPathComponent("broken.json")
        try Data("{\"FailOn\": ".utf8).write(to: broken)
        let refused = try Self.run(["validate", "--merge-reports", broken.path], in: folder)
        #expect(
            refused.status == 2 && refused.standardError.contains("is not JSON at byte 11"), "\(refused.standardError)")
        let unlisted = try Self.run(["validate", "--files-from", broken.path], in: folder)
        #expect(unlisted.status == 2 && unlisted.standardError.contains("not JSON"), "\(unlisted.standardError)")
        // A listing or report larger than 1 GiB is refused before it is read (a sparse file: no disk used).
        let huge = folder.appendingPathComponent("huge.json")
        _ = FileManager.default.createFile(atPath: huge.path, contents: nil)
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: (1 << 30) + 1)
        try handle.close()
        let tooLarge = try Self.run(["validate", "--merge-reports", huge.path], in: folder)
        #expect(
            tooLarge.status == 2 && tooLarge.standardError.contains("is larger than 1024 MiB"),
            "\(tooLarge.standardError)")
        // Options that would be silently ignored are refused.
        for (arguments, message) in [
            (["--merge-reports", "--require", "hdr10"] + reports, "renders reports already made"),
            (["--files-from", reports[0], "tree"], "give no paths beside it"),
            (["--compare", "tree", "--list-files", "x.png"], "--compare takes its derived files as paths"),
        ] {
            let refused = try Self.run(["validate"] + arguments, in: folder)
            #expect(refused.status == 2 && refused.standardError.contains(message), "\(refused.standardError)")
        }
    }

    @Test(
        "convert in segments with --threads 1, then join: one movie of every frame; misnumbered segments are refused",
        .enabled(if: MovieTestSupport.hasFFmpeg))
    func convertInSegmentsAndJoin() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try MovieTestSupport.run(
            "ffmpeg",
            [
                "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=128x96:rate=24", "-frames:v",
                "24", "-c:v", "libx265", "-pix_fmt", "yuv420p10le", "-x265-params",
                "log-level=error:keyint=8:min-keyint=8:no-open-gop=1:bframes=2:colorprim=bt2020:transfer=smpte2084:"
                    + "colormatrix=bt2020nc",
                "-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc",
                folder.appendingPathComponent("pq.mp4").path,
            ])
        let sync = try Self.run(["inspect", "--sync-samples", "--json", "pq.mp4"], in: folder)
        #expect(sync.standardOutput.contains("\"StartsClosedGOP\": true"), "\(sync.standardOutput)")
        for (index, range) in ["0..<8", "8..<16", "16..<24"].enumerated() {
            let result = try Self.run(
                [
                    "convert", "pq.mp4", "s\(index).mp4", "--to", "bt2100-hlg", "--frames", range, "--no-copy-streams",
                    "--threads", "1", "--preset", "ultrafast",
                ], in: folder)
            #expect(result.status == 0, "\(result.standardError)")
        }
        let joined = try Self.run(
            ["join", "pq.mp4", "hlg.mp4", "s0.mp4", "s1.mp4", "s2.mp4", "--first-frames", "0,8,16", "--json"],
            in: folder)
        #expect(joined.status == 0, "\(joined.standardError)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(joined.standardOutput.utf8)) as? [String: Any])
        #expect(report["Frames"] as? Int == 24 && (report["Segments"] as? [Any])?.count == 3)
        let again = try Self.run(
            ["join", "pq.mp4", "hlg.mp4", "s0.mp4", "s1.mp4", "s2.mp4", "--first-frames", "0,8,16"], in: folder)
        #expect(again.status == 1 && again.standardError.contains("exists"), "\(again.standardError)")
        let reordered = try Self.run(
            ["join", "pq.mp4", "x.mp4", "s1.mp4", "s0.mp4", "s2.mp4", "--first-frames", "8,0,16"], in: folder)
        #expect(
            reordered.status == 1 && reordered.standardError.contains("the first must start at frame 0"),
            "\(reordered.standardError)")
        let miscounted = try Self.run(["join", "pq.mp4", "x.mp4", "s0.mp4", "--first-frames", "0,8"], in: folder)
        #expect(miscounted.status == 64 && miscounted.standardError.contains("--first-frames gives 2 frames for 1"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.mp4").path))
        let bad = try Self.run(["convert", "pq.mp4", "y.mp4", "--threads", "0"], in: folder)
        #expect(bad.status == 64 && bad.standardError.contains("--threads must be 1…1024"))
    }
}
