import Foundation
import TestSupport
import Testing

/// `hdrcolor inspect` and `validate` on movies: reports, exit statuses, policies, `--compare`, folders.
@Suite("Movie commands")
struct MovieCommandTests {
    static func movie(_ name: String) -> String { Fixtures.url("movies/\(name)").path }

    @Test("inspect shows every source of colour with its location, the effective colour and the video fields")
    func inspectText() throws {
        let result = try CommandLineTool.run(["inspect", Self.movie("x265-dvb-hlg-atc.mp4")])
        #expect(result.status == 0, "\(result.standardError)")
        for expected in [
            ": MP4, 2453 bytes", "MP4 movie: 1 video track of 1", "[0] video track 1, 64×64, 10-bit",
            "colr nclx box — moov/trak[1]/mdia/minf/stbl/stsd/hvc1/colr (nclx) at byte",
            "HEVC SPS VUI — moov/trak[1]/mdia/minf/stbl/stsd/hvc1/hvcC (HEVC SPS VUI) at byte",
            "≈ BT.2100 HLG (transfer 18 from the alternative transfer characteristics SEI; the colr nclx box says 14)",
            "Alternative Transfer      18 (ARIB STD-B67) — sample 1 of track 1 (mdat) SEI 147",
            "HLS VIDEO-RANGE           HLG", "note    video.hlg-alternative-transfer-only",
        ] {
            #expect(result.standardOutput.contains(expected), "missing: \(expected)")
        }
    }

    @Test("inspect --json: Movie, per-track Video with HLSVideoRange and Dolby Vision, CICP sources with locations")
    func inspectJSON() throws {
        let result = try CommandLineTool.run(["inspect", "--json", Self.movie("mkvmerge-dv-8.1.mkv")])
        #expect(result.status == 0)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(object["FileType"] as? String == "Matroska")
        #expect((object["Movie"] as? [String: Any])?["Container"] as? String == "Matroska")
        let image = try #require((object["Images"] as? [[String: Any]])?.first)
        #expect(image["Role"] as? String == "video track 1")
        let video = try #require(image["Video"] as? [String: Any])
        #expect(video["HLSVideoRange"] as? String == "PQ" && video["CodecID"] as? String == "V_MPEGH/ISO/HEVC")
        #expect((video["DolbyVision"] as? [String: Any])?["Profile"] as? Int == 8)
        let sources = (image["CICP"] as? [[String: Any]])?.compactMap { $0["Source"] as? String }
        #expect(sources == ["Matroska Colour element", "HEVC SPS VUI"])
        let mastering = try #require((image["MasteringDisplay"] as? [[String: Any]])?.first)
        #expect(
            (mastering["Location"] as? [String: Any])?["Container"] as? String
                == "Segment/Tracks/TrackEntry[1]/CodecPrivate (hvcC) SEI 137 (mastering display colour volume)")
    }

    @Test("validate: exit statuses, the new policies and reports on movies")
    func validate() throws {
        #expect(try CommandLineTool.run(["validate", Self.movie("x265-pq-hdr10.mp4")]).status == 0)
        let mismatch = try CommandLineTool.run(["validate", Self.movie("x265-colr-vui-mismatch.mp4")])
        #expect(mismatch.status == 1 && mismatch.standardOutput.contains("video.colr-bitstream-mismatch"))
        #expect(
            try CommandLineTool.run(["validate", "--require", "hdr10", Self.movie("svtav1-pq-hdr10.webm")]).status == 0)
        #expect(try CommandLineTool.run(["validate", "--require", "hdr10", Self.movie("x265-hlg.mov")]).status == 1)
        #expect(
            try CommandLineTool.run(["validate", "--require", "hlg", Self.movie("x265-dvb-hlg-atc.mp4")]).status == 0)
        #expect(
            try CommandLineTool.run(["validate", "--require", "dolby-vision", Self.movie("dv-8.1-pq.mkv")]).status == 0)
        #expect(
            try CommandLineTool.run(["validate", "--require", "dolby-vision", Self.movie("x265-pq-hdr10.mp4")]).status
                == 1)
        let warning = try CommandLineTool.run([
            "validate", "--fail-on", "warning", Self.movie("x265-pq-no-metadata.mp4"),
        ])
        #expect(warning.status == 1 && warning.standardOutput.contains("video.hdr-metadata-missing"))
        let junit = try CommandLineTool.run(["validate", "--format", "junit", Self.movie("dv-8.1-on-hlg.mp4")])
        #expect(junit.status == 1 && junit.standardOutput.contains("video.dolby-vision-compatibility-mismatch"))
        let broken = try CommandLineTool.run(["validate", Self.movie("truncated-in-moov.mp4")])
        #expect(broken.status == 1 && broken.standardOutput.contains("structure.truncated"))
    }

    @Test("validate --compare fails an export that lost HDR10 metadata or the Dolby Vision record")
    func compare() throws {
        let lost = try CommandLineTool.run([
            "validate", "--compare", Self.movie("x265-pq-hdr10.mp4"), Self.movie("x265-pq-no-metadata.mp4"),
        ])
        #expect(lost.status == 1 && lost.standardOutput.contains("compare.mdcv-changed"))
        let dropped = try CommandLineTool.run([
            "validate", "--compare", Self.movie("dv-8.1-pq.mp4"), Self.movie("ffmpeg-remux-dv-dropped.mp4"),
        ])
        #expect(dropped.status == 1 && dropped.standardOutput.contains("compare.dolby-vision-dropped"))
        let kept = try CommandLineTool.run([
            "validate", "--compare", Self.movie("dv-8.1-pq.mp4"), Self.movie("ffmpeg-remux-dv-kept.mp4"),
            Self.movie("mkvmerge-dv-8.1.mkv"),
        ])
        #expect(kept.status == 0, "\(kept.standardOutput)")
    }

    @Test("validate walks folders for movie extensions; --list-rules lists the video rules")
    func folders() throws {
        let directory = try MovieTree.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CommandLineTool.run([
            "validate", "--format", "json", directory.appendingPathComponent("masters").path,
        ])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect((object["Files"] as? [Any])?.count == 3 && result.status == 0)
        let rules = try CommandLineTool.run(["validate", "--list-rules"]).standardOutput
        for id in [
            "video.colr-bitstream-mismatch", "video.dolby-vision-record-box", "policy.hdr10",
            "compare.dolby-vision-dropped",
        ] {
            #expect(rules.contains("`\(id)`"), "\(id)")
        }
    }
}
