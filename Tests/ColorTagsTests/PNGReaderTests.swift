import ColorSpaces
import ColorTags
import TagValidation
import Foundation
import Testing
import SignalCoding

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
                == CICP(colorPrimaries: 9, transferCharacteristics: 16, matrixCoefficients: 0, videoFullRange: true))
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

    /// The IHDR faults of PngSuite's corrupt files (its README: xc1n0g08 colour type 1, xc9n2c08 colour type 9,
    /// xd0n2c08 bit depth 0, xd3n2c08 bit depth 3, xd9n2c08 bit depth 99, xdtn0g01 no IDAT), rebuilt here with valid
    /// CRCs so that only the fault itself can be found; and the methods PNG leaves no room for.
    @Test(
        "IHDR colour type/bit depth pairs, methods, a missing IDAT and a palette image without PLTE are structure errors",
        arguments: [
            (IHDR(colorType: 1, depth: 8), "colour type 1"), (IHDR(colorType: 9, depth: 8), "colour type 9"),
            (IHDR(colorType: 2, depth: 0), "bit depth 0"), (IHDR(colorType: 2, depth: 3), "bit depth 3"),
            (IHDR(colorType: 2, depth: 99), "bit depth 99"), (IHDR(colorType: 3, depth: 16), "bit depth 16"),
            (IHDR(colorType: 4, depth: 4), "bit depth 4"), (IHDR(colorType: 6, depth: 1), "bit depth 1"),
            (IHDR(colorType: 0, depth: 8, compression: 1), "compression method is 1"),
            (IHDR(colorType: 0, depth: 8, filter: 4), "filter method is 4"),
            (IHDR(colorType: 0, depth: 8, interlace: 2), "interlace method is 2"),
        ])
    func headerValidity(header: IHDR, message: String) throws {
        let tags = try ColorTagging(bytes: header.file(withIDAT: true))
        #expect(tags.problems.map(\.rule) == [.malformed])
        #expect(tags.problems.first?.message.contains(message) == true, "\(tags.problems)")
    }

    @Test("every legal IHDR pair is accepted; no IDAT, or a palette without PLTE, is an error")
    func headerPairs() throws {
        for (colorType, depths) in [
            (0, [1, 2, 4, 8, 16]), (2, [8, 16]), (3, [1, 2, 4, 8]), (4, [8, 16]), (6, [8, 16]),
        ] {
            for depth in depths {
                let tags = try ColorTagging(bytes: IHDR(colorType: UInt8(colorType), depth: UInt8(depth)).file())
                #expect(tags.problems.isEmpty, "colour type \(colorType), depth \(depth): \(tags.problems)")
            }
        }
        let noData = try ColorTagging(bytes: IHDR(colorType: 0, depth: 8).file(withIDAT: false))
        #expect(noData.problems.map(\.message) == ["the file has no IDAT chunk, so no image data (PNG §5.6)"])
        let palette = try ColorTagging(bytes: IHDR(colorType: 3, depth: 8).file(palette: false))
        #expect(palette.problems.map(\.rule) == [.malformed])
        #expect(palette.findings().contains { $0.rule == .malformed && $0.severity == .error })
    }

    /// An IHDR body and a minimal file around it.
    struct IHDR: Sendable, CustomTestStringConvertible {
        var colorType: UInt8
        var depth: UInt8
        var compression: UInt8 = 0
        var filter: UInt8 = 0
        var interlace: UInt8 = 0

        var testDescription: String { "type \(colorType) depth \(depth) methods \(compression)/\(filter)/\(interlace)" }

        /// The signature, IHDR, a PLTE for colour type 3 (unless `palette` is false), an IDAT, IEND.
        func file(withIDAT: Bool = true, palette: Bool = true) -> [UInt8] {
            typealias H = HostileInputTests
            let ihdr = H.pngChunk("IHDR", H.u32(1) + H.u32(1) + [depth, colorType, compression, filter, interlace])
            let plte = colorType == 3 && palette ? H.pngChunk("PLTE", [0, 0, 0]) : []
            let idat = withIDAT ? H.pngChunk("IDAT", [0x78, 0x9C, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01]) : []
            return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + ihdr + plte + idat + H.pngChunk("IEND", [])
        }
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
