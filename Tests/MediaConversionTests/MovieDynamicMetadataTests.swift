import ColorSpaces
import ColorTags
import Foundation
@testable import MediaConversion
import MediaSyntax
import TestSupport
import Testing
import VideoFiles
import VideoTestSupport

/// `convertMovie` keeps HDR10+ and Dolby Vision RPUs frame by frame while they still describe the pictures, and drops
/// them with the reason when the colour changes; the written movie is read back by MovieReader, ffprobe (FFmpeg 5.1's
/// own HDR10+ and RPU parsers) and `validate --compare`.
@Suite(
    "Movie conversion keeps dynamic HDR metadata",
    .enabled(if: MovieTestSupport.hasFFmpeg && MovieTestSupport.hasFFprobe)
)
struct MovieDynamicMetadataTests {
    init() { FFmpegLogLevel.quiet.apply() }

    /// Dolby Vision 8.1 with an RPU per frame and HDR10+ per picture, 5 frames (gen_movies.py dynamic_metadata()).
    static let source = Fixtures.url("movies/x265-dv-8.1-rpu-hdr10plus.mp4")

    static func request(_ space: ColorSpace?, codec: VideoEncodeSettings.Codec = .hevc) -> ConversionRequest {
        var request = ConversionRequest(colorSpace: space)
        request.movie = ConversionRequest.Movie(codec: codec, preset: codec == .av1 ? "12" : "ultrafast")
        request.movie.encoderThreadCount = 1
        return request
    }

    /// Per frame: the HDR10+ message and the RPU, as MovieReader hands them out.
    static func dynamicMetadata(_ url: URL) throws -> [(hdr10Plus: [UInt8]?, rpu: [UInt8]?)] {
        let reader = try MovieReader(contentsOf: url)
        var out: [(hdr10Plus: [UInt8]?, rpu: [UInt8]?)] = []
        while let item = try reader.nextFrame({ ($0.hdr.hdr10PlusPayload, $0.hdr.dolbyVisionRPUPayload) }) {
            out.append(item)
        }
        return out
    }

    /// ffprobe's HDR10+ targeted peak (cd/m²) and whether a "Dolby Vision RPU Data" side data is present, per frame.
    static func probe(_ url: URL) throws -> [(target: String?, rpu: Bool)] {
        let text = try MovieTestSupport.run(
            "ffprobe",
            [
                "-v", "error", "-select_streams", "v:0", "-show_frames", "-read_intervals", "%+#100", "-of", "json",
                url.path,
            ])
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
        return (object["frames"] as? [[String: Any]] ?? []).map { frame in
            let sideData = frame["side_data_list"] as? [[String: Any]] ?? []
            let target = sideData.compactMap { $0["targeted_system_display_maximum_luminance"] as? String }.first
            return (target, sideData.contains { $0["side_data_type"] as? String == "Dolby Vision RPU Data" })
        }
    }

    @Test(
        "a re-encode (MP4, QuickTime, Matroska) keeps each frame's HDR10+ and RPU and the Dolby Vision record",
        arguments: ["mp4", "mov", "mkv"])
    func reencode(_ container: String) throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("kept.\(container)")
        let report = try Self.request(nil).converter.convertMovie(Self.source, to: output)
        #expect(report.validates, "\(report.validation)")
        #expect(report.omissions.isEmpty, "\(report.omissions)")
        #expect(report.keptDynamicMetadata.map(\.frames) == [5, 5])
        #expect(report.keptDynamicMetadata.map(\.sourceFrames) == [5, 5])
        #expect(report.settings.dolbyVision?.name == "8.1")
        #expect(report.check.contains("--compare \(Self.source.path)"))
        // The record as FFmpeg's demuxer reads it (FFmpeg 5.1's mov muxer writes none: the writer adds it).
        #expect(try MovieReader(contentsOf: output).videoStream.dolbyVision?.name == "8.1", "\(container)")
        let before = try Self.dynamicMetadata(Self.source)
        let after = try Self.dynamicMetadata(output)
        #expect(after.count == 5)
        for (index, (a, b)) in zip(before, after).enumerated() {
            #expect(a.hdr10Plus != nil && a.hdr10Plus == b.hdr10Plus, "frame \(index)")
            #expect(a.rpu != nil && a.rpu == b.rpu, "frame \(index)")
        }
        // FFmpeg's parsers: the same targeted peaks (400 … 800 cd/m²) and an RPU on every frame.
        let probed = try Self.probe(output)
        #expect(probed.map(\.target) == ["400/1", "500/1", "600/1", "700/1", "800/1"])
        #expect(probed.count == 5 && probed.allSatisfy(\.rpu))
        // validate --compare finds nothing lost.
        let changes = try ColorTagging(contentsOf: output).changes(from: ColorTagging(contentsOf: Self.source))
        #expect(changes.isEmpty, "\(changes.map(\.message))")
    }

    @Test("RPUs followed by another NAL unit reach the output: 8 of the source's 8 (FFmpeg's decoder drops two)")
    func rpusNotLast() throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = Fixtures.url("movies/x265-dv-8.1-rpu-not-last.mp4")
        #expect(try Self.probe(source).map(\.rpu) == [true, false, true, true, true, true, false, true])
        let output = folder.appendingPathComponent("all.mp4")
        let report = try Self.request(nil).converter.convertMovie(source, to: output)
        let kept = try #require(report.keptDynamicMetadata.first)
        #expect(kept.frames == 8 && kept.sourceFrames == 8, "\(kept)")
        #expect(report.validates, "\(report.validation.map(\.message))")
        #expect(try Self.probe(output).map(\.rpu) == Array(repeating: true, count: 8))
        #expect(try Self.dynamicMetadata(output).map(\.rpu) == Self.dynamicMetadata(source).map(\.rpu))
    }

    @Test("a finding the source draws too is inherited: reported apart, and the same-colour conversion passes")
    func inheritedFindings() throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Its HDR10+ MaxSCL (scene 2) is above its MaxCLL: kept as it is, so is the disagreement.
        let source = Fixtures.url("movies/x265-hdr10plus-dv-scenes.mp4")
        let report = try Self.request(nil).converter.convertMovie(source, to: folder.appendingPathComponent("o.mp4"))
        #expect(report.validates, "\(report.validation.map(\.message))")
        #expect(report.inheritedFindings.map(\.rule) == [.videoHDR10PlusMaxSCLAboveMaxCLL])
    }

    @Test("--frames 1-3 keeps the three frames' own HDR10+ and RPUs, re-timed to frames 0…2; the shot note is given")
    func frameRange() throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("range.mp4")
        var request = Self.request(nil)
        request.movie.frames = 1..<4
        let report = try request.converter.convertMovie(Self.source, to: output)
        #expect(report.frameCount == 3 && report.keptDynamicMetadata.map(\.frames) == [3, 3])
        // Frame 1 continues the shot that frame 0 starts (scene_refresh_flag 0): said in the report.
        #expect(report.keptDynamicMetadata.last?.note?.contains("inside a shot") == true)
        let before = Array(try Self.dynamicMetadata(Self.source)[1..<4])
        let after = try Self.dynamicMetadata(output)
        #expect(after.map(\.hdr10Plus) == before.map(\.hdr10Plus))
        #expect(after.map(\.rpu) == before.map(\.rpu))
        #expect(try Self.probe(output).map(\.target) == ["500/1", "600/1", "700/1"])
        let rpu = try DolbyVisionRPU.parse(try #require(after.first?.rpu))
        #expect(rpu.displayManagement?.sceneRefresh == 0)
    }

    @Test("PQ → HLG: HDR10+ and the RPUs no longer describe the pictures: dropped, said why, and --compare reports it")
    func colourChange() throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("hlg.mp4")
        let report = try Self.request(.bt2100HLG).converter.convertMovie(Self.source, to: output)
        #expect(report.keptDynamicMetadata.isEmpty)
        let omitted = Dictionary(uniqueKeysWithValues: report.omissions.map { ($0.what, $0.reason) })
        #expect(omitted["HDR10+ dynamic metadata"]?.contains("the colour changes (9/16/9/0 → 9/18/9/0") == true)
        #expect(
            omitted["Dolby Vision RPUs and configuration record (profile 8.1)"]?.contains("the colour changes") == true,
            "\(omitted)")
        #expect(try Self.dynamicMetadata(output).allSatisfy { $0.hdr10Plus == nil && $0.rpu == nil })
        #expect(try Self.probe(output).allSatisfy { $0.target == nil && !$0.rpu })
        let rules = Set(
            try ColorTagging(contentsOf: output).changes(from: ColorTagging(contentsOf: Self.source)).map(\.rule))
        #expect(
            rules.isSuperset(of: [.compareTransfer, .compareHDR10Plus, .compareDolbyVisionRPU, .compareDolbyVision]))
    }

    @Test("to AV1: HDR10+ kept in T.35 metadata OBUs; the profile 8 RPUs dropped with the reason")
    func av1() throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("av1.mkv")
        let report = try Self.request(nil, codec: .av1).converter.convertMovie(Self.source, to: output)
        #expect(report.keptDynamicMetadata.map(\.what) == ["HDR10+ dynamic metadata"])
        #expect(report.keptDynamicMetadata.first?.carriage.contains("metadata OBU") == true)
        #expect(report.omissions.map(\.what) == ["Dolby Vision RPUs and configuration record (profile 8.1)"])
        #expect(report.omissions.first?.reason.contains("profile 8 RPUs ride in HEVC") == true)
        let before = try Self.dynamicMetadata(Self.source)
        #expect(try Self.dynamicMetadata(output).map(\.hdr10Plus) == before.map(\.hdr10Plus))
    }

    @Test("a resized copy keeps HDR10+ but drops the RPUs (pixel geometry); a record without RPUs is not written")
    func resizedAndRecordOnly() throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var request = Self.request(nil)
        request.movie.size = .init(width: 32, height: 32)
        let resized = folder.appendingPathComponent("small.mp4")
        let report = try request.converter.convertMovie(Self.source, to: resized)
        #expect(report.keptDynamicMetadata.map(\.what) == ["HDR10+ dynamic metadata"])
        #expect(report.omissions.first?.reason.contains("resampled") == true, "\(report.omissions)")
        #expect(try MovieReader(contentsOf: resized).videoStream.dolbyVision == nil)
        // dv-8.1-pq.mp4 has a dvvC record but no RPU in its samples: writing the record would promise RPUs.
        let recordOnly = folder.appendingPathComponent("record-only.mp4")
        let plain = try Self.request(nil).converter.convertMovie(
            Fixtures.url("movies/dv-8.1-pq.mp4"), to: recordOnly)
        #expect(plain.keptDynamicMetadata.isEmpty)
        #expect(plain.omissions.map(\.what) == ["Dolby Vision configuration record (profile 8.1)"])
        #expect(try MovieReader(contentsOf: recordOnly).videoStream.dolbyVision == nil)
    }
}

/// The check a movie conversion runs on its output (`MovieCheck`): the target's policy and the compare rules against
/// the source, less the changes the conversion makes on purpose.
@Suite("Movie conversion check")
struct MovieCheckTests {
    @Test("a record dropped without meaning to is a compare finding of the conversion; one the plan drops is not")
    func compareRules() throws {
        let source = Fixtures.url("movies/x265-dv-8.1-rpu-hdr10plus.mp4")
        let tags = try ColorTagging(contentsOf: source)
        // ffmpeg -c copy into .mov: the RPUs stay, the dvvC record is gone.
        let output = Fixtures.url("movies/ffmpeg-remux-dv-rpus.mov")
        let check = MovieCheck.run(
            output: output, space: .bt2100PQ, source: tags, sourcePath: "in.mp4", expectedChanges: [])
        #expect(check.command == "validate --require hdr10 --compare in.mp4")
        let rules = Set(check.findings.map(\.rule))
        #expect(rules == [.compareDolbyVision, .videoDolbyVisionRecordMissing], "\(check.findings.map(\.message))")
        #expect(check.inherited.isEmpty)
        let planned = MovieCheck.run(
            output: output, space: .bt2100PQ, source: tags, sourcePath: "in.mp4",
            expectedChanges: [.compareDolbyVision])
        #expect(Set(planned.findings.map(\.rule)) == [.videoDolbyVisionRecordMissing])
        // Without the source's tags nothing is compared.
        let alone = MovieCheck.run(
            output: output, space: .bt2100PQ, source: nil, sourcePath: "in.mp4", expectedChanges: [])
        #expect(
            alone.command == "validate --require hdr10" && !alone.findings.contains { $0.rule == .compareDolbyVision })
    }
}
