import Foundation
import HDRColor
import MediaConversion
import TestSupport
import Testing
import VideoFiles

/// The README's tour, verbatim, with its comments' claims checked. Edit both together.
@Suite("README examples")
struct ReadmeExamplesTests {
    @Test("transfer functions")
    func transferFunctions() {
        let referenceWhite = TransferFunction.pq.fromLinear(203.0 / 10_000)  // 0.5806888810 (ITU-R BT.2408)
        let nits = PQ.eotf(0.75)  // 983.378 cd/m²
        let gamma = HLG.systemGamma(peakLuminance: 1000)  // 1.2
        let hlgWhite = HLG.eotf(SIMD3(repeating: 0.75), peakLuminance: 1000, blackLuminance: 0)  // ≈ 203.15 cd/m²
        let sdr = TransferFunction.srgb.toLinear(Float(0.5))  // 0.21404114 (generic over BinaryFloatingPoint)

        #expect(abs(referenceWhite - 0.5806888810416109) < 1e-12)
        #expect(abs(nits - 983.3778555870275) < 1e-9)
        #expect(gamma == 1.2)
        #expect(abs(hlgWhite.x - 203.15) < 0.01)
        #expect(sdr == Float(0.21404114048223255))
    }

    @Test("primaries, matrices and the reference conversion")
    func colorSpaces() {
        let referenceWhite = TransferFunction.pq.fromLinear(203.0 / 10_000)
        let toP3 = RGBPrimaries.bt2020.conversionMatrix(to: .displayP3)  // Bradford where white points differ
        let edr = ColorSpace.Conversion(from: .bt2100PQ, to: .extendedLinearDisplayP3)
        let white = edr.apply(SIMD3(repeating: referenceWhite))  // ≈ (1, 1, 1)
        let sameSpace = ColorSpace.named("kCGColorSpaceITUR_2100_PQ")  // .bt2100PQ

        #expect(abs(toP3[row: 0, column: 0] - 1.3435782526) < 1e-9)
        for i in 0..<3 { #expect(abs(white[i] - 1) < 1e-9) }
        #expect(sameSpace == .bt2100PQ)
    }

    @Test("Y′CbCr sample")
    func ycbcr() throws {
        let q = try Quantization(bitDepth: 10, range: .narrow)
        let ycbcr = SIMD3(q.dequantize(luma: 573), q.dequantize(chroma: 512), q.dequantize(chroma: 512))
        let rgb = YCbCrMatrix.bt2020NonConstantLuminance.rgb(fromYCbCr: ycbcr)  // ≈ PQ reference white, grey

        #expect(abs(rgb.x - 0.5806888810) < 0.5 / 876)
        #expect(rgb.x == rgb.y && rgb.y == rgb.z)
    }

    @Test("CICP")
    func cicp() throws {
        let video = try CICP(colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance, range: .narrow)  // 9/16/9/0
        let transfer = try CICP.TransferCharacteristics(name: "kCVImageBufferTransferFunction_ITU_R_2100_HLG")  // 18
        let ffmpeg = CICP.TransferCharacteristics.pq.name(in: .ffmpegName)  // "smpte2084"

        #expect(video.description == "9/16/9/0")
        #expect(transfer.rawValue == 18)
        #expect(ffmpeg == "smpte2084")
    }

    @Test("whole frames")
    func wholeFrames() throws {
        let frame = try PixelBuffer(format: .x420, width: 64, height: 36)  // e.g. a decoded HEVC Main10 PQ frame
        var output = try PixelBuffer(format: .rgbaHalf, width: 64, height: 36)
        let converter = try PixelConverter(
            from: PixelEncoding(format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance),
            to: PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3))
        try frame.withView { source in try output.withMutableView { try converter.convert(source, to: $0) } }
        print(converter.plan)  // read 'x420', upsample chroma, matrix, PQ EOTF (SMPTE ST 2084), matrix, write 'RGhA'
        let pixel = output.pixel(x: 0, y: 0)  // SIMD4<Float>: R, G, B, A of the top-left pixel

        #expect(
            "\(converter.plan)" == "read 'x420', upsample chroma, matrix, PQ EOTF (SMPTE ST 2084), matrix, write 'RGhA'"
        )
        #expect(
            converter.plan.steps.map(\.name) == [
                "read 'x420'", "upsample chroma", "matrix", "PQ EOTF (SMPTE ST 2084)", "matrix", "write 'RGhA'",
            ])
        #expect(pixel.w == 1 && pixel == output.withView { $0.pixels(inRow: 0)[0] })
    }

    @Test("half floats")
    func halfFloat() {
        let one = HalfFloat.bits(from: Float(1))  // 0x3C00
        let max = HalfFloat.float(fromBits: 0x7BFF)  // 65504

        #expect(one == 0x3C00)
        #expect(max == 65504)
    }

    @Test("EDR tone mapping")
    func toneMapping() {
        let mapper = DynamicRange.high.toneMapper(contentHeadroom: 1000 / 203, displayHeadroom: 2)
        let white = mapper.map(SIMD3(repeating: 1))  // (1, 1, 1): below the knee, untouched
        let mapped = mapper.map(SIMD3(4.9, 1, 0.25))  // ≈ (1.997, 0.408, 0.102): all × f(4.9)/4.9

        #expect(abs(mapper.map(SIMD3(repeating: 1000 / 203)).x - 2) < 1e-12)
        #expect(white == SIMD3(repeating: 1))
        #expect(
            (mapped - SIMD3(1.9972, 0.4076, 0.1019)).max() < 1e-4
                && (SIMD3(1.9972, 0.4076, 0.1019) - mapped).max() < 1e-4)
        #expect(abs(mapped.y / mapped.x - 1 / 4.9) < 1e-12)  // max(R, G, B) drives: ratios kept, 1.0 scaled too
    }

    @Test("ICC profiles")
    func icc() throws {
        let profile = try ICCProfile(colorSpace: .bt2100PQ)
        let reread = try ICCProfile(bytes: profile.bytes)
        let tag = reread.cicp  // 9/16/0/1
        let recognised = reread.matchingColorSpace()  // BT.2100 PQ

        #expect(tag == CICP.bt2100PQ)
        #expect(recognised?.colorSpace.name == ColorSpace.bt2100PQ.name)
    }

    @Test("a movie conversion")
    func movie() throws {
        let folder = try CommandLineTool.temporaryDirectory()
        let (hdr10, hlg) = (Fixtures.url("movies/x265-pq-hdr10.mp4"), folder.appendingPathComponent("hlg.mp4"))
        FFmpegLogLevel.quiet.apply()
        let request = ConversionRequest(colorSpace: .bt2100HLG)  // 203 cd/m² → HLG 75 % (ITU-R BT.2408)
        let report = try MediaConverter(request: request).convertMovie(hdr10, to: hlg)
        print(report.frameCount, report.validates == true)  // every frame; passes --require hlg

        #expect(report.frameCount == (try MovieReader(contentsOf: hdr10).videoStream.frameCount))
        #expect(report.validates == true)
    }

    /// "Using it as a dependency": the README's manifest is Tests/ReadmeConsumer/Package.swift, verbatim, which
    /// `make test` builds beside a link named HDRColor to the checkout and runs.
    @Test("the dependency snippet is the manifest of Tests/ReadmeConsumer, verbatim")
    func dependencySnippet() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## Using it as a dependency"))
        let block = try #require(CIArticleTests.blocks("swift", in: String(readme[section.upperBound...])).first)
        let manifest = try String(
            contentsOf: root.appendingPathComponent("Tests/ReadmeConsumer/Package.swift"), encoding: .utf8)
        #expect(manifest.contains(block), "README's dependency snippet is not in Tests/ReadmeConsumer/Package.swift")
        #expect(block.contains(#".package(name: "HDRColor", path: "../HDRColor", traits: [])"#))
        #expect(block.contains(#".product(name: "HDRColor", package: "HDRColor")"#))
        #expect(block.contains(#".package(url: "https://github.com/OWNER/HDRColor.git", from: "1.0.0")"#))
    }
}
