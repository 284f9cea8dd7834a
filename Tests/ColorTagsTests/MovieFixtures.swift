import ColorTags
import TagValidation
import Foundation
import TestSupport

/// The movie corpus in `Tests/Fixtures/movies` (see its README for each file's producer and command line): movies made
/// by ffmpeg 5.1 (libx265, libx264, SVT-AV1, libvpx), mkvmerge, and files patched by `gen_movies.py`.
enum MovieFixtures {
    static func url(_ name: String) -> URL { Fixtures.url("movies/\(name)") }

    static func bytes(_ name: String) throws -> [UInt8] { [UInt8](try Fixtures.data("movies/\(name)")) }

    static func tags(_ name: String, limits: ReadLimits = .default) throws(ColorTagsError) -> ColorTagging {
        try ColorTagging(contentsOf: url(name), limits: limits)
    }

    /// The rule ids a movie's findings carry (with `options`).
    static func rules(_ name: String, _ options: ValidationOptions = ValidationOptions()) throws -> Set<RuleID> {
        Set(try tags(name).findings(options: options).map(\.rule))
    }

    /// Every movie in the corpus.
    static var allFiles: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.url("movies").path)) ?? []
        return names.filter { !$0.hasSuffix(".md") }.sorted()
    }

    /// Each movie and the exact rules it fires (notes included). Threads behind the cases are in the corpus README.
    static let expectations: [(String, Set<RuleID>)] = [
        ("audio-first.mp4", []),
        ("colr-prof-srgb.mp4", [.videoColrBitstreamMismatch]),
        ("dv-5.mp4", []),
        // x265 --range full with no colour options writes a VUI of 2/2/2 (unspecified) and full range, which is what
        // profile 5 must carry (IPT-PQ-c2 has no H.273 code): no cicp.unspecified-code.
        ("dv-5-rpu.mp4", []),
        ("dv-5-rpu-l6-4000.mp4", []),  // profile 5 with other L6 figures
        ("dv-5-rpu-no-l6.mp4", []),  // profile 5 without L6
        ("dv-8-compatibility-0.mp4", [.videoDolbyVisionProfile8Compatibility0]),  // gpac #1991
        ("dv-8.1-in-dvcC.mp4", [.videoDolbyVisionRecordBox]),
        ("dv-8.1-on-hlg.mp4", [.videoDolbyVisionCompatibility]),  // quietvoid/dovi_tool #144
        ("dv-8.1-pq.mkv", []),
        ("dv-8.1-pq.mp4", []),
        ("dv-8.1-trim-scenes.mp4", []),
        ("dv-8.4-hlg.mp4", []),
        ("dv-9-avc-untagged.mp4", [.untagged]),  // untagged HD is BT.709 SDR by convention: no contradiction
        ("encv-hvc1.mp4", []),
        ("ffmpeg-mdcv-clli.mp4", []),
        ("ffmpeg-remux-dv-dropped.mp4", []),
        ("ffmpeg-remux-dv-kept.mp4", []),
        ("ffmpeg-remux-dv-rpus.mov", [.videoDolbyVisionRecordMissing]),  // RPUs, no record
        ("mdcv-implausible.mp4", [.mdcvInvalid, .clliAboveMastering, .videoHDRMetadataMismatch]),
        ("mdcv-rgb-order.mp4", [.videoHDRMetadataMismatch]),
        ("mkvmerge-clli-mismatch.mkv", [.clliAboveMastering, .videoHDRMetadataMismatch]),
        ("mkvmerge-dv-8.1.mkv", []),
        ("mkvmerge-pq-hdr10.mkv", []),
        ("nclx-without-range.mp4", [.colrRangeMissing]),
        ("quicktime-list-terminator.mov", []),  // iPhone movies' 32-bit zero after the sample entry's boxes
        ("quicktime-no-ftyp.mov", []),
        ("svtav1-pq-hdr10.mp4", []),
        ("svtav1-pq-hdr10.webm", []),
        ("tracks-after-clusters.mkv", []),
        ("truncated-in-moov.mp4", [.truncated]),
        ("vp9-pq-mdcv.mp4", []),
        ("vp9-pq-smdm.mp4", []),
        ("vp9-pq.webm", [.videoHDRMetadataMissing]),
        ("x264-bt709.mp4", []),
        ("x264-hlg-10bit.mov", []),
        ("x264-hlg-8bit.mov", [.videoHDR8Bit]),  // ITU-R BT.2100: 10 or 12 bits
        ("x264-pq-8bit.mp4", [.videoHDR8Bit, .videoHDRMetadataMissing]),
        ("x264-untagged.mp4", [.untagged]),
        ("x265-colr-vui-mismatch.mp4", [.videoColrBitstreamMismatch]),  // Netflix/vp9-dash #5, mpv PR #3785
        ("x265-dvb-hlg-atc.mp4", [.videoHLGAlternativeTransferOnly]),  // Multicorewareinc/x265 #321
        ("x265-dv-5-rpu.mp4", []),  // x265 writes VUI 2/2/2 with --range full, as profile 5 must be
        ("x265-dv-8.1-rpu-hdr10plus.mp4", []),
        ("x265-dv-8.1-rpu-not-last.mp4", []),  // a suffix SEI after two RPUs: every RPU still read
        ("x265-dv-8.1-rpu-missing.mp4", [.videoDolbyVisionRPUMissing]),  // dovi_tool #170, #278
        // Profile 5 RPUs (VUI 2/2/2, full range) muxed as PQ under an 8.1 record: every layer disagrees.
        (
            "x265-dv-8.1-record-profile-5-rpus.mp4",
            [.cicpUnspecifiedCode, .videoColrBitstreamMismatch, .videoHDRMetadataMissing, .videoDolbyVisionRPUProfile]
        ),
        ("x265-hdr10plus.mp4", []),
        ("hdr10plus-scenes.mp4", []),
        ("hdr10plus-curve-scenes.mp4", []),
        ("x265-hdr10plus-dv-scenes.mp4", [.videoHDR10PlusMaxSCLAboveMaxCLL]),  // scene 2 above MaxCLL
        ("x265-hdr10plus-dv-scenes.mkv", [.videoHDR10PlusMaxSCLAboveMaxCLL]),  // the same stream in Matroska
        // AV1 with HDR10+ and RPUs on every frame (per-frame scan), encoded without HDR10 static metadata, muxed by
        // ffmpeg without a Dolby Vision record.
        ("svtav1-hdr10plus-dv.mp4", [.videoHDRMetadataMissing, .videoDolbyVisionRecordMissing]),
        ("svtav1-dv-10-rpu-escapes.mp4", [.videoHDRMetadataMissing]),  // RPUs holding 00 00 03 read whole
        ("svtav1-hdr10plus-dv.mkv", [.videoHDRMetadataMissing, .videoDolbyVisionRecordMissing]),
        ("svtav1-hdr10plus-blockadditions.webm", [.videoHDRMetadataMissing]),
        ("hdr10plus-inconsistent.hevc", [.videoHDR10PlusTargetAboveMastering, .videoHDR10PlusMaxSCLAboveMaxCLL]),
        ("x265-hlg.mov", []),
        ("x265-hlg.mp4", []),
        ("x265-pq-fragmented.mp4", []),
        ("x265-pq-hdr10-faststart.mp4", []),
        ("x265-pq-hdr10.mkv", []),
        ("x265-pq-hdr10.mp4", []),
        ("x265-pq-no-metadata.mp4", [.videoHDRMetadataMissing]),
        ("x265-untagged-10bit.mp4", [.videoUntagged10Bit]),
        ("x265-vui-only.mp4", [.videoColrMissing, .videoHDRMetadataMissing]),  // eluv-io/avpipe PR #167
    ]

    /// What the corpus fires beyond the image fixtures: every movie's rules and a dropped Dolby Vision record
    /// (for `RuleTests.catalogCoverage`; the policies fire on the image corpus too).
    static func firedRules() throws -> Set<RuleID> {
        var fired: Set<RuleID> = []
        for (name, _) in expectations { fired.formUnion(try rules(name)) }
        fired.formUnion(try tags("ffmpeg-remux-dv-dropped.mp4").changes(from: tags("dv-8.1-pq.mp4")).map(\.rule))
        fired.formUnion(
            try tags("x265-pq-hdr10.mp4").changes(from: tags("x265-dv-8.1-rpu-hdr10plus.mp4")).map(\.rule))
        // The RPU rules, on a raw stream built in StreamReaderTests (no Debian tool writes RPUs).
        fired.formUnion(try ColorTagging(bytes: StreamBytesTests.rpuStream).findings().map(\.rule))
        return fired
    }
}
