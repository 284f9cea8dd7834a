import ColorTags
import TagValidation
import Foundation
import Testing

/// The video rules on the movie corpus: each movie fires exactly its rules, each rule has a movie that fires it and one
/// that passes it, and the policies and `--compare` work on movies.
@Suite("Movie rules")
struct MovieRuleTests {
    @Test("each movie fires exactly its rules", arguments: MovieFixtures.expectations)
    func movieFires(_ name: String, _ expected: Set<RuleID>) throws {
        #expect(try MovieFixtures.rules(name) == expected)
    }

    @Test("every movie in the corpus is listed in the expectations")
    func corpusListed() {
        let listed = Set(MovieFixtures.expectations.map(\.0))
        #expect(Set(MovieFixtures.allFiles) == listed)
    }

    /// Each video rule: a movie that fires it and a movie of the same kind that does not.
    static let failingAndPassing: [(RuleID, String, String)] = [
        (.videoColrBitstreamMismatch, "x265-colr-vui-mismatch.mp4", "x265-pq-hdr10.mp4"),
        (.videoColrMissing, "x265-vui-only.mp4", "x265-pq-hdr10.mp4"),
        (.videoUntagged10Bit, "x265-untagged-10bit.mp4", "x265-pq-hdr10.mp4"),
        (.videoHDRMetadataMissing, "x265-pq-no-metadata.mp4", "x265-pq-hdr10.mp4"),
        (.videoHDRMetadataMissing, "vp9-pq.webm", "vp9-pq-smdm.mp4"),
        (.videoHDRMetadataMismatch, "mkvmerge-clli-mismatch.mkv", "mkvmerge-pq-hdr10.mkv"),
        (.videoHDRMetadataMismatch, "mdcv-rgb-order.mp4", "ffmpeg-mdcv-clli.mp4"),
        (.videoHLGAlternativeTransferOnly, "x265-dvb-hlg-atc.mp4", "x265-hlg.mov"),
        (.videoDolbyVisionCompatibility, "dv-8.1-on-hlg.mp4", "dv-8.4-hlg.mp4"),
        (.videoDolbyVisionProfile8Compatibility0, "dv-8-compatibility-0.mp4", "dv-8.1-pq.mp4"),
        (.videoDolbyVisionRecordBox, "dv-8.1-in-dvcC.mp4", "dv-8.1-pq.mp4"),
        // ffmpeg -c copy into .mov keeps the RPUs and drops the record (FFmpeg 5.1 writes dvvC only into MP4).
        (.videoDolbyVisionRecordMissing, "ffmpeg-remux-dv-rpus.mov", "x265-dv-8.1-rpu-hdr10plus.mp4"),
        (.mdcvInvalid, "mdcv-implausible.mp4", "ffmpeg-mdcv-clli.mp4"),
        (.untagged, "x264-untagged.mp4", "x264-bt709.mp4"),
        (.videoHDR8Bit, "x264-pq-8bit.mp4", "x265-pq-hdr10.mp4"),
        (.videoHDR8Bit, "x264-hlg-8bit.mov", "x264-hlg-10bit.mov"),
    ]

    @Test("8-bit PQ and HLG tracks are a warning naming the bit depth and ITU-R BT.2100")
    func hdrBitDepth() throws {
        for (name, transfer) in [("x264-pq-8bit.mp4", "PQ"), ("x264-hlg-8bit.mov", "HLG")] {
            let finding = try #require(try MovieFixtures.tags(name).findings().first { $0.rule == .videoHDR8Bit })
            #expect(finding.severity == .warning, "\(name)")
            #expect(finding.message.contains("8-bit H.264 \(transfer)") && finding.message.contains("BT.2100"))
            #expect(
                finding.location?.container.contains("/colr (ncl") == true, "\(name): the colr that says \(transfer)")
        }
        // 8-bit SDR and untagged 8-bit tracks are not HDR.
        for name in ["x264-bt709.mp4", "x264-untagged.mp4"] {
            #expect(try !MovieFixtures.rules(name).contains(.videoHDR8Bit), "\(name)")
        }
    }

    @Test("an untagged movie's fix is FFmpeg's colour options with BT.709 video code points, not `hdrcolor tag`")
    func untaggedMovieFix() throws {
        let finding = try #require(
            try MovieFixtures.tags("x264-untagged.mp4").findings().first { $0.rule == .untagged })
        #expect(finding.fix.contains(TaggingAdvice.movieRemuxCommand) && finding.fix.contains("1/1/1"))
        #expect(finding.fix.contains("h264_metadata=colour_primaries=1"))
        #expect(!finding.fix.contains("hdrcolor tag") && !finding.fix.contains("--cicp 1/13"))
        let required = try MovieFixtures.tags("x264-untagged.mp4").findings(
            options: ValidationOptions(requirements: [.tagged]))
        #expect(required.first { $0.rule == .policyTagged }?.fix == finding.fix)
    }

    @Test("each video rule fails one movie and passes another", arguments: failingAndPassing)
    func failingAndPassingMovie(_ rule: RuleID, _ failing: String, _ passing: String) throws {
        #expect(try MovieFixtures.rules(failing).contains(rule))
        #expect(try !MovieFixtures.rules(passing).contains(rule))
    }

    @Test("the HDR metadata rule ignores HLG, which needs no mastering metadata (ITU-R BT.2100)")
    func hlgNeedsNoMetadata() throws {
        for name in ["x265-hlg.mov", "x265-hlg.mp4", "x264-hlg-10bit.mov", "dv-8.4-hlg.mp4"] {
            #expect(try !MovieFixtures.rules(name).contains(.videoHDRMetadataMissing), "\(name)")
        }
    }

    @Test("container and bitstream mismatch names every field that differs and the container's location")
    func mismatchMessage() throws {
        let finding = try #require(
            try MovieFixtures.tags("x265-colr-vui-mismatch.mp4").findings().first {
                $0.rule == .videoColrBitstreamMismatch
            })
        #expect(finding.severity == .error)
        #expect(finding.message.contains("primaries 1 vs 9") && finding.message.contains("transfer 1 vs 16"))
        #expect(finding.message.contains("matrix 1 vs 9"))
        #expect(finding.location?.container.hasSuffix("colr (nclx)") == true)
    }

    @Test("the DVB alternative transfer is not a container/bitstream mismatch, and colr 18 with VUI 14 + SEI 18 agrees")
    func alternativeTransferIsNoMismatch() throws {
        let findings = try MovieFixtures.tags("x265-dvb-hlg-atc.mp4").findings()
        #expect(findings.map(\.rule) == [.videoHLGAlternativeTransferOnly])
        #expect(findings.first?.severity == .note)
    }

    @Test("an R, G, B mdcv names the likely order mix-up")
    func orderMixUp() throws {
        let finding = try #require(
            try MovieFixtures.tags("mdcv-rgb-order.mp4").findings().first { $0.rule == .videoHDRMetadataMismatch })
        #expect(finding.message.contains("G, B, R order written as R, G, B"))
    }

    @Test("policies: hdr10, hlg and dolby-vision on movies")
    func policies() throws {
        func fails(_ name: String, _ requirement: Requirement) throws -> Bool {
            try MovieFixtures.rules(name, ValidationOptions(requirements: [requirement])).contains(requirement.rule)
        }
        for name in ["x265-pq-hdr10.mp4", "svtav1-pq-hdr10.mp4", "mkvmerge-pq-hdr10.mkv", "vp9-pq-smdm.mp4"] {
            #expect(try !fails(name, .hdr10), "\(name) is HDR10")
        }
        for name in ["x265-pq-no-metadata.mp4", "x265-hlg.mov", "x264-bt709.mp4", "vp9-pq.webm"] {
            #expect(try fails(name, .hdr10), "\(name) is not HDR10")
        }
        for name in ["x265-hlg.mov", "x265-dvb-hlg-atc.mp4", "x264-hlg-10bit.mov", "dv-8.4-hlg.mp4"] {
            #expect(try !fails(name, .hlg), "\(name) is HLG")
        }
        #expect(try fails("x265-pq-hdr10.mp4", .hlg))
        for name in ["dv-8.1-pq.mp4", "dv-8.1-pq.mkv", "mkvmerge-dv-8.1.mkv", "dv-5.mp4"] {
            #expect(try !fails(name, .dolbyVision), "\(name) has a Dolby Vision record")
        }
        #expect(try fails("x265-pq-hdr10.mp4", .dolbyVision))
        let message = try MovieFixtures.tags("x265-pq-no-metadata.mp4").findings(
            options: ValidationOptions(requirements: [.hdr10])
        ).first { $0.rule == .policyHDR10 }?.message
        #expect(message?.contains("no mastering display colour volume") == true)
    }

    @Test("Dolby Vision profile 5: the unspecified VUI it must carry is no finding, and its colour is IPT-PQ-c2")
    func profile5() throws {
        for name in ["dv-5-rpu.mp4", "x265-dv-5-rpu.mp4", "dv-5-rpu-no-l6.mp4", "dv-5.mp4"] {
            let tags = try MovieFixtures.tags(name)
            let findings = tags.findings()
            #expect(!findings.contains { $0.rule == .cicpUnspecifiedCode }, "\(name): \(findings.map(\.message))")
            let effective = tags.primary.effective
            #expect(effective.basis == .dolbyVisionProfile5, "\(name)")
            #expect(effective.colorSpaceName?.hasPrefix("IPT-PQ-c2 (Dolby Vision profile 5)") == true, "\(name)")
            #expect(effective.summary.contains("guess") == false, "\(name): \(effective.summary)")
            #expect(effective.location?.container.contains("dvcC") == true, "\(name)")
        }
    }

    @Test("field shapes draw no false alarm: a QuickTime list terminator, a 10-byte nclx, an untagged profile 9 base")
    func fieldShapes() throws {
        let terminated = try MovieFixtures.tags("quicktime-list-terminator.mov")
        #expect(terminated.problems.isEmpty, "\(terminated.problems)")
        #expect(
            terminated.primary.effective.cicp == (try MovieFixtures.tags("x264-hlg-10bit.mov")).primary.effective.cicp)
        let short = try MovieFixtures.tags("nclx-without-range.mp4")
        let nclx = try #require(short.primary.cicp(from: .nclx))
        #expect("\(nclx.value.cicp)" == "1/1/1/0")
        let finding = try #require(short.findings().first)
        #expect(finding.rule == .colrRangeMissing && finding.severity == .warning)
        let profile9 = try MovieFixtures.tags("dv-9-avc-untagged.mp4")
        #expect(profile9.primary.video?.dolbyVision?.value.profile == 9)
        #expect(profile9.findings().map(\.severity) == [.note])
    }

    @Test("a missing colr is a note by default and an error under --require cmaf (ISO/IEC 23000-19 §9.3.2.2)")
    func colrMissingAndCMAF() throws {
        let finding = try #require(
            try MovieFixtures.tags("x265-vui-only.mp4").findings().first { $0.rule == .videoColrMissing })
        #expect(finding.severity == .note)
        let cmaf = ValidationOptions(requirements: [.cmaf])
        #expect(try MovieFixtures.rules("x265-vui-only.mp4", cmaf).contains(.policyCMAF))
        for name in ["x265-pq-hdr10.mp4", "x264-bt709.mp4", "x265-pq-fragmented.mp4"] {
            #expect(try !MovieFixtures.rules(name, cmaf).contains(.policyCMAF), "\(name)")
        }
        let matroska = try MovieFixtures.tags("x265-pq-hdr10.mkv").findings(options: cmaf)
        #expect(matroska.first { $0.rule == .policyCMAF }?.message.contains("not an ISOBMFF movie") == true)
    }

    @Test(
        "--compare: a re-mux that lost the Dolby Vision record or the HDR10 metadata fails; one that kept them passes")
    func compare() throws {
        let source = try MovieFixtures.tags("dv-8.1-pq.mp4")
        #expect(
            Set(try MovieFixtures.tags("ffmpeg-remux-dv-dropped.mp4").changes(from: source).map(\.rule)) == [
                .compareDolbyVision
            ])
        #expect(try MovieFixtures.tags("ffmpeg-remux-dv-kept.mp4").changes(from: source).isEmpty)
        #expect(try MovieFixtures.tags("dv-8.1-pq.mkv").changes(from: source).isEmpty)
        let hdr10 = try MovieFixtures.tags("x265-pq-hdr10.mp4")
        #expect(
            Set(try MovieFixtures.tags("x265-pq-no-metadata.mp4").changes(from: hdr10).map(\.rule)) == [
                .compareCLLI, .compareMDCV,
            ])
        #expect(
            Set(try MovieFixtures.tags("x264-bt709.mp4").changes(from: hdr10).map(\.rule)).isSuperset(of: [
                .comparePrimaries, .compareTransfer,
            ]))
        // The same stream in another container keeps every tag.
        for name in ["x265-pq-hdr10.mkv", "mkvmerge-pq-hdr10.mkv", "x265-pq-hdr10-faststart.mp4"] {
            #expect(try MovieFixtures.tags(name).changes(from: hdr10).isEmpty, "\(name)")
        }
    }

    @Test(
        "--compare: a derivative without the source's HDR10+ messages and RPUs gets compare.hdr10plus-dropped (warning) and compare.dolby-vision-rpu-dropped (error)"
    )
    func compareDynamicMetadata() throws {
        let source = try MovieFixtures.tags("x265-dv-8.1-rpu-hdr10plus.mp4")
        #expect(source.primary.video?.hdr10Plus != nil && source.primary.video?.dolbyVisionRPU != nil)
        // The same HDR10 stream (same colour, mastering display and light level) without any dynamic metadata.
        let findings = try MovieFixtures.tags("x265-pq-hdr10.mp4").changes(from: source)
        #expect(Set(findings.map(\.rule)) == [.compareDolbyVision, .compareDolbyVisionRPU, .compareHDR10Plus])
        #expect(findings.first { $0.rule == .compareHDR10Plus }?.severity == .warning)
        #expect(findings.first { $0.rule == .compareDolbyVisionRPU }?.severity == .error)
        // Against itself, nothing is lost; a source without dynamic metadata loses none.
        #expect(try MovieFixtures.tags("x265-dv-8.1-rpu-hdr10plus.mp4").changes(from: source).isEmpty)
        let plain = try MovieFixtures.tags("x265-pq-hdr10.mp4")
        #expect(source.changes(from: plain).isEmpty)
    }

    @Test("every video rule is in the catalog with a reason for its severity")
    func catalog() {
        let video = ValidationRule.all.filter { $0.id.rawValue.hasPrefix("video.") }
        #expect(video.count == 18)
        #expect(ValidationRule.rule(.videoDolbyVisionRecordMissing).defaultSeverity == .warning)
        #expect(ValidationRule.rule(.videoHDR8Bit).defaultSeverity == .warning)
        #expect(ValidationRule.rule(.videoHDR8Bit).severityReason.contains("10 or 12 bits"))
        #expect(ValidationRule.rule(.videoColrBitstreamMismatch).defaultSeverity == .error)
        #expect(ValidationRule.rule(.videoHLGAlternativeTransferOnly).defaultSeverity == .note)
        #expect(ValidationRule.rule(.videoHDRMetadataMissing).severityReason.contains("HLG"))
    }
}
