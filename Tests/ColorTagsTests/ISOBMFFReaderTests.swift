import ColorSpaces
import ColorTags
import TagValidation
import Foundation
import Testing
import MediaSyntax
import SignalCoding

@Suite("HEIF/AVIF reader")
struct ISOBMFFReaderTests {
    @Test("avifenc --cicp 9/16/9 -d 10: nclx, av1C bit depth and the AV1 sequence header agree")
    func avifencPQ() throws {
        let tags = try Corpus.tags("avif/avifenc-pq-10bit.avif")
        #expect(tags.format == .avif && tags.brands.first == "avif")
        let image = tags.primary
        #expect(image.itemType == "av01" && image.bitDepth == 10 && image.width == 8)
        let nclx = try #require(image.cicp(from: .nclx)?.value.cicp)
        let bitstream = try #require(image.cicp(from: .av1SequenceHeader)?.value)
        #expect(
            nclx == CICP(colorPrimaries: 9, transferCharacteristics: 16, matrixCoefficients: 9, videoFullRange: true))
        #expect(bitstream.cicp == nclx && bitstream.hasColorDescription)
        #expect(tags.findings().isEmpty)
        #expect(try Corpus.rules("avif/avifenc-pq-10bit.avif", ValidationOptions(requirements: [.isoHDR])).isEmpty)
    }

    @Test(
        "no colr: MIAF defaults apply and a video-range bitstream is an error (gpac/ComplianceWarden #36, av1-avif #84)"
    )
    func bitstreamOnlyColour() throws {
        let tags = try Corpus.tags("avif/avif-no-colr-limited.avif")
        #expect(tags.primary.effective.basis == .miafDefault)
        #expect(
            tags.primary.effective.cicp
                == CICP(colorPrimaries: 1, transferCharacteristics: 13, matrixCoefficients: 6, videoFullRange: true))
        let bitstream = try #require(tags.primary.cicp(from: .av1SequenceHeader)?.value.cicp)
        #expect(bitstream.transferCharacteristics == 18 && !bitstream.videoFullRange)
        #expect(try Corpus.rules("avif/avif-no-colr-limited.avif") == [.avifBitstreamOnlyColor, .untagged])
        #expect(try Corpus.rules("avif/avif-colr-bitstream-mismatch.avif") == [.avifColrBitstreamMismatch])
        #expect(
            try Corpus.rules("avif/avifenc-hlg-limited.avif").isEmpty, "narrow range stated in nclx and bitstream alike"
        )
    }

    @Test("a hand-built nclx HEIF: mdcv in G, B, R order, clli in cd/m², pixi depth")
    func handBuiltHEIF() throws {
        let image = try Corpus.tags("heif/nclx-pq-10bit.heic").primary
        #expect(image.itemType == "hvc1" && image.bitDepth == 10 && image.channelCount == 3)
        #expect(image.cicp(from: .nclx)?.value.cicp.videoFullRange == false)
        let mdcv = try #require(image.masteringDisplay.first?.value)
        #expect(abs(mdcv.red.x - 0.708) < 1e-12 && abs(mdcv.green.x - 0.17) < 1e-12 && abs(mdcv.blue.y - 0.046) < 1e-12)
        #expect(mdcv.maximumLuminance == 1000 && abs(mdcv.minimumLuminance - 0.005) < 1e-12)
        #expect(
            image.contentLightLevel.first?.value
                == ContentLightLevel(maxContentLightLevel: 1000, maxFrameAverageLightLevel: 400))
    }

    @Test("an ICC beside nclx gives the ICC's primaries and transfer with the nclx matrix (av1-avif #84)")
    func iccWithNCLX() throws {
        let tags = try Corpus.tags("heif/nclx-pq-with-srgb-prof.heic")
        let effective = tags.primary.effective
        #expect(
            effective.basis == .iccProfile && effective.transfer == .sRGB && effective.cicp?.matrixCoefficients == 9)
        #expect(Set(tags.findings().map(\.rule)) == [.conflictPrimaries, .conflictTransfer])
    }

    @Test("two colr of one type, or rICC with prof, are errors (av1-avif #164)")
    func duplicateColr() throws {
        #expect(try Corpus.rules("heif/colr-duplicate-nclx.heic") == [.heifColrDuplicate])
        #expect(try Corpus.rules("heif/ricc-and-prof.heic") == [.heifColrDuplicate])
    }

    @Test("Debian's heif-enc 1.15 writes no nclx when asked for PQ (field lessons): untagged, and iso-hdr fails")
    func heifEncDropsNCLX() throws {
        let tags = try Corpus.tags("heif/heifenc-pq-requested.heic")
        // heif-enc wraps even an 8×8 image in a grid of hvc1 tiles; neither carries colr nclx.
        #expect(
            tags.primary.itemType == "grid" && tags.primary.cicp(from: .nclx) == nil
                && tags.primary.colorBoxTypes.isEmpty)
        #expect(
            try Corpus.rules("heif/heifenc-pq-requested.heic", ValidationOptions(requirements: [.isoHDR])) == [
                .untagged, .policyISOHDR,
            ])
        let prof = try Corpus.tags("heif/heifenc-p3-prof.heic").primary
        #expect(prof.colorBoxTypes.map(\.value) == ["prof"] && prof.effective.colorSpaceName == "Display P3")
    }

    @Test("a tmap item carries ISO 21496-1 metadata; its second input is the gain map")
    func toneMapItem() throws {
        let tags = try Corpus.tags("avif/tmap-gainmap.avif")
        #expect(tags.images.map(\.role) == [.primary, .gainMap, .toneMapDerivation])
        #expect(tags.gainMap.imageIndex == 1)
        #expect(tags.gainMap.iso?.value.metadata?.gainMapMax.x == 2)
        #expect(try Corpus.rules("avif/tmap-gainmap.avif", ValidationOptions(requirements: [.gainMapISO])).isEmpty)
    }

    @Test("box count and nesting limits are explicit errors; an absurd 64-bit size is a problem, not an allocation")
    func limits() throws {
        #expect(try Corpus.tags("heif/many-boxes.heic").primary.cicp.count == 1)
        #expect(throws: ColorTagsError.limitExceeded("ISOBMFF box count above 100", limit: 100)) {
            try Corpus.tags("heif/many-boxes.heic", limits: ReadLimits(maximumBoxCount: 100))
        }
        #expect(throws: ColorTagsError.self) {
            try Corpus.tags("heif/nclx-pq-10bit.heic", limits: ReadLimits(maximumBoxDepth: 1))
        }
        #expect(throws: ColorTagsError.limitExceeded("HEIF item count 3", limit: 2)) {
            try Corpus.tags("avif/tmap-gainmap.avif", limits: ReadLimits(maximumItemCount: 2))
        }
        let absurd = try Corpus.tags("heif/largesize-absurd.heic")
        #expect(absurd.problems.map(\.rule) == [.truncated])
    }
}
