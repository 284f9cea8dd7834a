import ColorTags
import Foundation
import MediaSyntax
import TestSupport
import Testing

/// Every frame of Matroska and AV1 tracks read for dynamic HDR metadata, on the movies `gen_movies.py
/// per-frame-containers` makes: the 6-frame HEVC scenes movie remuxed to Matroska; an AV1 movie (SVT-AV1) whose
/// temporal units each carry an HDR10+ metadata OBU and a Dolby Vision RPU in a T.35 metadata OBU (profile 10
/// carriage), in MP4 and Matroska; and a WebM with HDR10+ in BlockAdditions. All three carry two HDR10+ scenes
/// (MaxSCL 900 then 2000 cd/m²) and three Dolby Vision shots (frames 0, 2, 4; L1 max PQ 2875, 3079, 2600).
@Suite("Matroska and AV1 dynamic metadata scan")
struct MatroskaDynamicMetadataScanTests {
    static var perFrame: ReadLimits {
        var limits = ReadLimits.default
        limits.maximumDynamicMetadataFrames = 100
        return limits
    }

    /// The values the generator wrote on each of the six frames.
    static let shotStarts = [true, false, true, false, true, false]
    static let maxPQ = [2875, 2875, 3079, 3079, 2600, 2600]
    static let maxSCL: [Double] = [900, 900, 900, 2000, 2000, 2000]

    @Test(
        "HEVC in Matroska, AV1 in MP4 and Matroska: six frames, six RPUs in three shots, two HDR10+ scenes",
        arguments: ["x265-hdr10plus-dv-scenes.mkv", "svtav1-hdr10plus-dv.mp4", "svtav1-hdr10plus-dv.mkv"])
    func everyFrame(_ name: String) throws {
        let video = try #require(try MovieFixtures.tags(name, limits: Self.perFrame).primary.video)
        #expect(video.dynamicMetadataScan == DynamicMetadataScan(samples: 6, complete: true))
        let rpus = try #require(video.dolbyVisionRPUSummary?.value)
        #expect(rpus.rpus == 6 && rpus.crcFailures == 0 && rpus.malformed == 0 && rpus.profiles == [8])
        #expect(rpus.shots == 3 && rpus.zeroFrameShots == 0)
        #expect(rpus.shotPeakPQ == DolbyVisionRPUSummary.PQRange(2600, 3079))
        #expect(rpus.level6.first?.maxCLL == 1000 && rpus.level6.first?.maxFALL == 400)
        let hdr10Plus = try #require(video.hdr10PlusMetadata?.summary)
        #expect(hdr10Plus.framesWithMetadata == 6 && hdr10Plus.framesWithoutMetadata == 0)
        #expect(hdr10Plus.sceneCount == 2 && hdr10Plus.maxSCLRange == 900...2000)
        let frames = try #require(video.dynamicMetadataFrames)
        #expect(frames.map(\.sample) == Array(0..<6))
        #expect(frames.map { $0.rpu?.startsShot } == Self.shotStarts)
        #expect(frames.map { $0.rpu?.l1?.maxPQ } == Self.maxPQ)
        #expect(frames.map { $0.hdr10Plus?.maxSCL } == Self.maxSCL)
        #expect(frames.allSatisfy { $0.rpuProblem == nil })
    }

    @Test("the Matroska scan equals the MP4 scan of the same stream, frame by frame")
    func sameAsMP4() throws {
        let mkv = try MovieFixtures.tags("x265-hdr10plus-dv-scenes.mkv", limits: Self.perFrame).primary.video
        let mp4 = try MovieFixtures.tags("x265-hdr10plus-dv-scenes.mp4", limits: Self.perFrame).primary.video
        #expect(mkv?.dynamicMetadataFrames == mp4?.dynamicMetadataFrames)
        #expect(mkv?.dolbyVisionRPUSummary?.value == mp4?.dolbyVisionRPUSummary?.value)
        #expect(mkv?.hdr10PlusMetadata?.summary == mp4?.hdr10PlusMetadata?.summary)
    }

    @Test("HDR10+ in WebM BlockAdditions (BlockAddID 4): every frame's record, two scenes")
    func blockAdditions() throws {
        let video = try #require(
            try MovieFixtures.tags("svtav1-hdr10plus-blockadditions.webm", limits: Self.perFrame).primary.video)
        #expect(video.hdr10Plus?.container.contains("BlockAdditional") == true)
        #expect(video.dynamicMetadataScan == DynamicMetadataScan(samples: 6, complete: true))
        let hdr10Plus = try #require(video.hdr10PlusMetadata?.summary)
        #expect(hdr10Plus.framesWithMetadata == 6 && hdr10Plus.sceneCount == 2)
        #expect(video.dynamicMetadataFrames?.map { $0.hdr10Plus?.maxSCL } == Self.maxSCL)
        #expect(video.dolbyVisionRPUSummary == nil)
    }

    @Test("the frame cap: the first 4 frames read and the scan marked incomplete")
    func capped() throws {
        var limits = ReadLimits.default
        limits.maximumDynamicMetadataSamples = 4
        for name in ["x265-hdr10plus-dv-scenes.mkv", "svtav1-hdr10plus-dv.mkv"] {
            let video = try #require(try MovieFixtures.tags(name, limits: limits).primary.video)
            #expect(video.dynamicMetadataScan == DynamicMetadataScan(samples: 4, complete: false))
            #expect(video.dolbyVisionRPUSummary?.value.rpus == 4)
        }
    }

    @Test("a damaged AV1 RPU: counted as a CRC failure in the summary and named on its frame")
    func damagedRPU() throws {
        var bytes = [UInt8](try Data(contentsOf: MovieFixtures.url("svtav1-hdr10plus-dv.mkv")))
        // The third frame's RPU: flip a bit inside its EMDF payload (past the 9 header bytes and the size).
        let header = DolbyVisionRPU.av1T35Header
        let starts = bytes.indices.dropLast(header.count).filter { Array(bytes[$0..<$0 + header.count]) == header }
        // Seven: FFmpeg's av1C (CodecPrivate) keeps the first temporal unit's metadata OBUs beside the sequence header.
        #expect(starts.count == 7)
        bytes[starts[starts.count - 4] + 20] ^= 0x10
        let video = try #require(try ColorTagging(bytes: bytes, limits: Self.perFrame).primary.video)
        #expect(video.dolbyVisionRPUSummary?.value.rpus == 6 && video.dolbyVisionRPUSummary?.value.crcFailures == 1)
        #expect(video.dynamicMetadataFrames?[2].rpuProblem?.contains("rpu_data_crc32") == true)
    }
}

/// The same frames as FFmpeg 5.1 reads them: `ffprobe -show_frames` parses HDR10+ and Dolby Vision RPUs of HEVC in
/// Matroska into frame side data; for AV1 (whose decoder in FFmpeg 5.1 exports neither) the `trace_headers`
/// bitstream filter lists each temporal unit's metadata OBUs and their ITU-T T.35 provider codes.
@Suite("Matroska dynamic metadata against ffprobe", .enabled(if: ExternalTool.path("ffprobe") != nil))
struct MatroskaDynamicMetadataFFprobeTests {
    @Test("HEVC in Matroska: each frame's MaxSCL and RPU as ffprobe shows them")
    func hevc() throws {
        let path = try #require(ExternalTool.path("ffprobe"))
        let (output, status) = try ExternalTool.run(
            path,
            [
                "-v", "error", "-show_frames", "-select_streams", "v:0", "-of", "default",
                MovieFixtures.url("x265-hdr10plus-dv-scenes.mkv").path,
            ])
        #expect(status == 0)
        let text = String(decoding: output, as: UTF8.self)
        let frames = text.components(separatedBy: "[FRAME]").dropFirst()
        #expect(frames.count == 6)
        // The largest of the three maxscl values of each frame, in cd/m² (FFmpeg prints n/100000 of 10 000 cd/m²).
        let peaks = frames.map { frame in
            frame.split(separator: "\n").filter { $0.hasPrefix("maxscl=") }.compactMap { line in
                line.dropFirst(7).split(separator: "/").first.flatMap { Double($0) }.map { $0 / 10 }
            }.max()
        }
        #expect(peaks == MatroskaDynamicMetadataScanTests.maxSCL)
        #expect(frames.allSatisfy { $0.contains("Dolby Vision RPU Data") })
        let ours = try MovieFixtures.tags(
            "x265-hdr10plus-dv-scenes.mkv", limits: MatroskaDynamicMetadataScanTests.perFrame
        ).primary.video?.dynamicMetadataFrames
        #expect(ours?.map { $0.hdr10Plus?.maxSCL } == peaks)
    }

    @Test("AV1: ffmpeg's trace_headers sees as many Dolby T.35 messages as Samsung's (HDR10+), one of each per frame")
    func av1() throws {
        let path = try #require(ExternalTool.path("ffmpeg"))
        // trace_headers writes to the log (stderr); the provider code is T.35 payload bytes 0 and 1.
        let (output, _) = try ExternalTool.run(
            "/bin/sh",
            [
                "-c", "\"$0\" -hide_banner -i \"$1\" -c copy -bsf:v trace_headers -f null - 2>&1", path,
                MovieFixtures.url("svtav1-hdr10plus-dv.mkv").path,
            ])
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
        let providers = lines.filter { $0.contains("itu_t_t35_payload_bytes[1] ") }
        let samsung = providers.filter { $0.hasSuffix("= 60") }.count  // 0x003C: HDR10+
        let dolby = providers.filter { $0.hasSuffix("= 59") }.count  // 0x003B: the RPUs
        #expect(samsung >= 6 && dolby == samsung && providers.count == samsung + dolby)
        let ours = try MovieFixtures.tags("svtav1-hdr10plus-dv.mkv").primary.video
        #expect(
            ours?.dolbyVisionRPUSummary?.value.rpus == 6 && ours?.hdr10PlusMetadata?.summary?.framesWithMetadata == 6)
    }
}
