import ColorTags
import Foundation
import MediaSyntax
import TestSupport
import Testing

/// Every sample of an MP4 HEVC track read for its Dolby Vision RPU and HDR10+ SEI, on the movies
/// `gen_movies.py dynamic-metadata` makes with the x265 tool from `dovi_rpu.py`'s RPUs (shot starts on frames 1
/// and 3, L6 1000/0.0001 cd/m² and MaxCLL 1000 / MaxFALL 400) and an HDR10+ JSON (one record per frame).
@Suite("MP4 dynamic metadata scan")
struct MovieDynamicMetadataScanTests {
    @Test("profile 8.1 with HDR10+: five RPUs in two shots, their L6, and five HDR10+ frames, read from every sample")
    func everySample() throws {
        let video = try #require(try MovieFixtures.tags("x265-dv-8.1-rpu-hdr10plus.mp4").primary.video)
        let scan = try #require(video.dynamicMetadataScan)
        #expect(scan.samples == 5 && scan.complete)
        let rpus = try #require(video.dolbyVisionRPUSummary?.value)
        #expect(rpus.rpus == 5 && rpus.crcFailures == 0 && rpus.malformed == 0 && rpus.profiles == [8])
        #expect(rpus.shots == 2 && rpus.zeroFrameShots == 0)
        let l6 = try #require(rpus.level6.first)
        #expect(l6.maxCLL == 1000 && l6.maxFALL == 400 && l6.masteringMaximum == 1000)
        let hdr10Plus = try #require(video.hdr10PlusMetadata?.summary)
        #expect(hdr10Plus.framesWithMetadata == 5 && hdr10Plus.framesWithoutMetadata == 0)
    }

    @Test("profile 5: every RPU read, the profile told by the RPUs as by the record")
    func profile5() throws {
        let video = try #require(try MovieFixtures.tags("x265-dv-5-rpu.mp4").primary.video)
        #expect(video.dynamicMetadataScan?.samples == 5)
        #expect(video.dolbyVisionRPUSummary?.value.rpus == 5)
        #expect(video.dolbyVisionRPUSummary?.value.profiles == [5] && video.dolbyVision?.value.profile == 5)
    }

    @Test("the sample cap: the first N samples read and the scan marked incomplete")
    func capped() throws {
        var limits = ReadLimits.default
        limits.maximumDynamicMetadataSamples = 3
        let video = try #require(try MovieFixtures.tags("x265-dv-8.1-rpu-hdr10plus.mp4", limits: limits).primary.video)
        #expect(video.dynamicMetadataScan == DynamicMetadataScan(samples: 3, complete: false))
        #expect(video.dolbyVisionRPUSummary?.value.rpus == 3)
    }

    @Test("an HDR10 movie without dynamic metadata is not scanned")
    func notScanned() throws {
        let video = try #require(try MovieFixtures.tags("x265-pq-hdr10.mp4").primary.video)
        #expect(video.dynamicMetadataScan == nil && video.dolbyVisionRPUSummary == nil)
    }

    @Test("frames kept one by one on request: each RPU's shot flag and L1, each HDR10+ record's figures")
    func perFrame() throws {
        var limits = ReadLimits.default
        limits.maximumDynamicMetadataFrames = 4
        let video = try #require(try MovieFixtures.tags("x265-dv-8.1-rpu-hdr10plus.mp4", limits: limits).primary.video)
        let frames = try #require(video.dynamicMetadataFrames)
        #expect(frames.map(\.sample) == [0, 1, 2, 3])
        #expect(frames.map { $0.rpu?.startsShot } == [true, false, true, false])
        #expect(frames[0].rpu?.l1 == .init(minPQ: 0, averagePQ: 1229, maxPQ: 2081))
        #expect(frames[2].rpu?.l1 == .init(minPQ: 62, averagePQ: 1500, maxPQ: 3079))
        #expect(frames.map { $0.hdr10Plus?.targetedDisplayPeak } == [400, 500, 600, 700])
        #expect(frames.map { $0.hdr10Plus?.maxSCL } == [900, 850, 800, 800])  // the largest of (900 − 50·i, 800, 700)
        #expect(try MovieFixtures.tags("x265-dv-8.1-rpu-hdr10plus.mp4").primary.video?.dynamicMetadataFrames == nil)
    }

    @Test(
        "hostile sample tables: a run of 620 million samples per chunk stops at the track's 3; samples beyond the file are not followed"
    )
    func hostileSampleTables() throws {
        // FuzzMovie's find (Tests/Fixtures/fuzz/movie): 3 samples, one chunk, samples_per_chunk 0x25000003.
        let found = try ColorTagging(
            bytes: [UInt8](try Fixtures.data("fuzz/movie/stsc-620-million-samples-per-chunk.mp4")))
        #expect(found.primary.video?.dynamicMetadataScan == DynamicMetadataScan(samples: 3, complete: true))
        // The profile 8.1 movie with its stsz saying every sample is 1 MiB: together larger than the file.
        var bytes = [UInt8](try Fixtures.data("movies/x265-dv-8.1-rpu-hdr10plus.mp4"))
        let stsz = try #require(bytes.indices.first { Array(bytes[$0..<($0 + 4)]) == Array("stsz".utf8) })
        bytes.replaceSubrange((stsz + 8)..<(stsz + 12), with: [0x00, 0x10, 0x00, 0x00])
        let tags = try ColorTagging(bytes: bytes)
        #expect(tags.primary.video?.dynamicMetadataScan == nil)
        #expect(tags.primary.video?.dolbyVisionRPUSummary == nil)
    }
}
