import ColorSpaces
import ColorTags
import Foundation
import Testing

@Suite("PNG reader")
struct PNGReaderTests {
    @Test("an ISO HDR PNG: cICP, mDCV and cLLI values and locations, 16-bit RGB")
    func isoHDR() throws {
        let tags = try Corpus.tags("png/pq-16bit-clean.png")
        let image = tags.primary
        #expect(tags.format == .png)
        #expect(image.width == 8 && image.height == 8 && image.bitDepth == 16 && image.channelCount == 3)
        let cicp = try #require(image.cicp.first)
        // PNG 3rd edition example 09 10 00 01: BT.2100 PQ, full range. The chunk body follows IHDR (33 bytes) + 8.
        #expect(
            cicp.value.cicp
                == CICP(colourPrimaries: 9, transferCharacteristics: 16, matrixCoefficients: 0, videoFullRange: true))
        #expect(cicp.location.offset == 41 && cicp.location.length == 4 && cicp.location.container == "cICP chunk")
        let mdcv = try #require(image.masteringDisplay.first?.value)
        // hdr-math §2.4: BT.2020 {35400,14600} … in units of 0.00002; luminance in 0.0001 cd/m².
        #expect(
            abs(mdcv.red.x - 0.708) < 1e-12 && abs(mdcv.green.y - 0.797) < 1e-12 && abs(mdcv.white.x - 0.3127) < 1e-12)
        #expect(mdcv.maximumLuminance == 1000 && abs(mdcv.minimumLuminance - 0.0001) < 1e-12)
        let clli = try #require(image.contentLightLevel.first?.value)
        #expect(clli.maxContentLightLevel == 1000 && clli.maxFrameAverageLightLevel == 400)
        #expect(
            image.effective.basis == .cicp && image.effective.transfer == .pq
                && image.effective.colorSpaceName == "BT.2100 PQ")
        #expect(tags.findings().isEmpty, "\(tags.findings())")
    }

    @Test("precedence: cICP over iCCP, iCCP over sRGB, sRGB over gAMA/cHRM, untagged means sRGB")
    func precedence() throws {
        #expect(try Corpus.tags("png/cicp-pq-with-srgb-iccp.png").primary.effective.basis == .cicp)
        let icc = try Corpus.tags("png/srgb-chunk-with-p3-iccp.png").primary.effective
        #expect(icc.basis == .iccProfile && icc.colorSpaceName == "Display P3")
        let gamma = try Corpus.tags("png/gama-chrm-only.png").primary.effective
        #expect(gamma.basis == .gammaAndChromaticities && gamma.transfer == .gamma22)
        #expect(try Corpus.tags("png/srgb-gama-mismatch.png").primary.effective.basis == .sRGBChunk)
        let untagged = try Corpus.tags("png/untagged.png").primary.effective
        #expect(untagged.basis == .assumedSRGB && untagged.cicp == .sRGB)
    }

    @Test("an ICC cicp tag saying PQ is the effective transfer even when the curves clip (mm2/Little-CMS #439)")
    func iccCICPTagIsEffective() throws {
        let tags = try Corpus.tags("png/iccp-cicp-pq-clipping.png")
        #expect(tags.primary.effective.basis == .iccProfile && tags.primary.effective.transfer == .pq)
        #expect(tags.primary.iccProfiles.first?.value.name == "HDR PQ")
        #expect(Set(tags.findings().map(\.rule)) == [.iccCICPCurvesClip])
    }

    @Test(
        "draft mDCv/cLLi spellings are read and flagged (w3c/png #479); the reference-white chunk is read (w3c/png PR #573)"
    )
    func legacyAndReferenceWhite() throws {
        let legacy = try Corpus.tags("png/legacy-mdcv-clli.png")
        #expect(legacy.primary.masteringDisplay.count == 1 && legacy.primary.contentLightLevel.count == 1)
        #expect(legacy.problems.filter { $0.rule == .pngLegacyChunkName }.count == 2)
        let white = try Corpus.tags("png/reference-white.png").primary.referenceWhite
        #expect(white.map(\.value) == [203])
    }

    @Test("chunk order, duplicates and CRC errors are problems, and late chunks do not count")
    func structure() throws {
        let late = try Corpus.tags("png/cicp-after-idat.png")
        #expect(late.problems.map(\.rule) == [.chunkOrder])
        #expect(late.primary.cicp.isEmpty && late.primary.effective.basis == .assumedSRGB)
        let duplicate = try Corpus.tags("png/duplicate-cicp.png")
        #expect(duplicate.problems.map(\.rule) == [.duplicateTag])
        #expect(duplicate.primary.effective.cicp?.transferCharacteristics == 16, "the first cICP wins")
        #expect(try Corpus.tags("png/bad-crc.png").problems.map(\.rule) == [.crcMismatch])
    }

    @Test("truncation, a 4 GiB length and absurd chunks never trap or allocate, and what precedes them is kept")
    func hostileLengths() throws {
        let truncated = try Corpus.tags("png/truncated.png")
        #expect(truncated.problems.map(\.rule) == [.truncated])
        #expect(truncated.primary.cicp.count == 1)
        let huge = try Corpus.tags("png/length-4gib.png")
        #expect(huge.problems.map(\.rule) == [.malformed])
        #expect(huge.problems[0].message.contains("4294967295"))
    }

    @Test("10 000 chunks read in well under a second; a lower chunk cap is an explicit error")
    func manyChunks() throws {
        var tags: ColorTagging?
        let elapsed = ContinuousClock().measure { tags = try? Corpus.tags("png/ten-thousand-chunks.png") }
        #expect(tags?.primary.cicp.count == 1)
        #expect(elapsed < .seconds(2))
        #expect(throws: ColorTagsError.limitExceeded("PNG chunk count above 100", limit: 100)) {
            try Corpus.tags("png/ten-thousand-chunks.png", limits: ReadLimits(maximumChunkCount: 100))
        }
    }

    @Test("an iCCP inflating past the cap is a limit error, not a 20 MiB allocation")
    func decompressionBomb() throws {
        #expect(
            throws: ColorTagsError.limitExceeded("iCCP profile inflating to more than 16777216 bytes", limit: 16 << 20)
        ) {
            try Corpus.tags("png/iccp-zlib-bomb.png")
        }
        #expect(throws: ColorTagsError.self) {
            try Corpus.tags("png/pq-16bit-clean.png", limits: ReadLimits(maximumFileSize: 100))
        }
    }

    @Test("files that are not images: signature first, a plain message, never a size")
    func notImages() throws {
        for name in ["misc/not-an-image.png", "misc/empty.png"] {
            do {
                _ = try Corpus.tags(name)
                Issue.record("\(name) was accepted")
            } catch {
                guard case .unrecognizedFormat = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(error.description.hasPrefix("not an ICC profile or a recognised image"))
            }
        }
        do {
            _ = try ColorTagging(contentsOf: URL(fileURLWithPath: "/nonexistent/x.png"))
        } catch {
            #expect(error.description == "cannot read /nonexistent/x.png: no such file; check the path")
        }
    }

    @Test("ImageMagick's 16-bit PNG reads with its own tags and no errors")
    func imageMagick() throws {
        let tags = try Corpus.tags("png/imagemagick-16bit.png")
        #expect(tags.primary.bitDepth == 16)
        #expect(!tags.findings().contains { $0.severity == .error })
    }
}
