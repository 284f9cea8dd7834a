// swift-format-ignore-file
// (The code here is the DocC articles' code, compared verbatim with them: it keeps the articles' layout.)
import Foundation
import HDRColor
import Testing

/// The Swift samples of the DocC articles, compiled and run here: each article block must appear in this file or in a
/// sibling `ArticleExamplesTests+….swift` as it is (``samplesAreVerbatim``), so the articles cannot drift from code
/// that builds and runs. Each test checks what its article promises with `#expect`.
@Suite("Article code samples")
struct ArticleExamplesTests {
    static let sourceFile = URL(fileURLWithPath: #filePath)
    static let catalog = sourceFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/HDRColor/HDRColor.docc")

    /// This file and its siblings `ArticleExamplesTests+….swift`, which hold the samples of one article each.
    static func sampleFiles() throws -> [URL] {
        let folder = sourceFile.deletingLastPathComponent()
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            .filter { $0.hasPrefix("ArticleExamplesTests") && $0.hasSuffix(".swift") }
            .map { folder.appendingPathComponent($0) }
    }

    @Test("Every Swift block of the articles appears verbatim in this file or a sibling ArticleExamplesTests+….swift")
    func samplesAreVerbatim() throws {
        // Compare line by line without the indentation the test functions add.
        let sources = try Self.sampleFiles().map { url in
            try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        #expect(sources.count >= 2)
        let articles = try FileManager.default.contentsOfDirectory(atPath: Self.catalog.path).filter { $0.hasSuffix(".md") }
        var checked = 0
        for article in articles {
            let text = try String(contentsOf: Self.catalog.appendingPathComponent(article), encoding: .utf8)
            for block in CIArticleTests.blocks("swift", in: text) {
                let lines = block.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                let found = sources.contains { haystack in
                    haystack.indices.contains { start in
                        start + lines.count <= haystack.count && Array(haystack[start..<(start + lines.count)]) == lines
                    }
                }
                #expect(found, "\(article): a Swift sample is in no ArticleExamplesTests file:\n\(block)")
                checked += 1
            }
        }
        #expect(checked >= 33)
    }

    /// "Decoding HDR video frames for an EDR layer".
    @Test("Decoding HDR video frames for an EDR layer")
    func decodingHDRVideoFrames() throws {
        let (width, height) = (64, 36)
        let (lumaBytesPerRow, chromaBytesPerRow, outputBytesPerRow) = (160, 160, 600)
        var luma = [UInt8](repeating: 0, count: lumaBytesPerRow * height)
        var chroma = [UInt8](repeating: 0, count: chromaBytesPerRow * height / 2)
        for y in 0..<height {  // BT.2408 reference white, grey: Y′ 573, Cb = Cr = 512
            for x in 0..<width { (luma[y * 160 + 2 * x], luma[y * 160 + 2 * x + 1]) = (0x40, 0x8F) }
        }
        for i in stride(from: 0, to: chroma.count, by: 2) { (chroma[i], chroma[i + 1]) = (0, 0x80) }
        var output = [UInt8](repeating: 0, count: outputBytesPerRow * height)

        var options = PixelConverter.Options()
        options.referenceWhite = 203  // cd/m² that 1.0 stands for (the default)
        let converter = try PixelConverter(
            from: PixelEncoding(format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance),
            to: PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3),
            options: options)
        print(converter.plan)  // read 'x420', upsample chroma, matrix, PQ EOTF (SMPTE ST 2084), matrix, write 'RGhA'
        #expect("\(converter.plan)" == "read 'x420', upsample chroma, matrix, PQ EOTF (SMPTE ST 2084), matrix, write 'RGhA'")
        #expect(String(reflecting: converter.plan).contains("TopLeft"))

        try luma.withUnsafeBytes { lumaBytes in
        try chroma.withUnsafeBytes { chromaBytes in
        try output.withUnsafeMutableBytes { outputBytes in
            let source = try PixelBufferView(
                format: .x420, width: width, height: height,
                planes: [
                    .init(bytes: lumaBytes, bytesPerRow: lumaBytesPerRow),
                    .init(bytes: chromaBytes, bytesPerRow: chromaBytesPerRow),
                ])
            let destination = try MutablePixelBufferView(
                format: .rgbaHalf, width: width, height: height, baseAddress: outputBytes.baseAddress!,
                bytesPerRow: outputBytesPerRow)
            try converter.convert(source, to: destination)
            let pixel = destination.pixel(x: 0, y: 0)  // R, G, B, A of the top-left pixel: extended linear P3, 1.0 = 203 cd/m²
            #expect(abs(Double(pixel.x) - TransferFunction.pq.toLinear(509.0 / 876) * 10_000 / 203) < 1e-3 && pixel.w == 1)
        }
        }
        }
        let red = HalfFloat.float(fromBits: UInt16(output[0]) | UInt16(output[1]) << 8)
        #expect(abs(Double(red) - TransferFunction.pq.toLinear(509.0 / 876) * 10_000 / 203) < 1e-3)  // ≈ 1.0039

        let tagged = try PixelEncoding(
            cicp: CICP(colorPrimaries: 9, transferCharacteristics: 18, matrixCoefficients: 9, videoFullRange: false),
            format: .x420, chromaLocation: ChromaLocation(chromaSampleLocationType: 2))
        #expect(tagged.colorSpace == .bt2100HLG && tagged.effectiveChromaLocation == .topLeft)

        var hlg = PixelConverter.Options()
        hlg.hlgPeakLuminance = 1000  // the BT.2100 reference display (γ = 1.2)
        let hlgConverter = try PixelConverter(
            from: PixelEncoding(format: .x420, colorSpace: .bt2100HLG, matrix: .bt2020NonConstantLuminance),
            to: PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3), options: hlg)
        #expect(hlgConverter.plan.steps.contains { $0.name == "HLG OOTF" })

        var fitted = PixelConverter.Options()
        fitted.toneMapping = .displayHeadroom(4, content: ContentLuminance(maxContentLightLevel: 4000))
        let fittedConverter = try PixelConverter(
            from: PixelEncoding(format: .x420, colorSpace: .bt2100PQ, matrix: .bt2020NonConstantLuminance),
            to: PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3), options: fitted)
        #expect(fittedConverter.plan.steps.contains { $0.name == "tone map" && $0.detail.contains("19.7") })
    }

    /// "Showing HDR within a display's headroom".
    @Test("Showing HDR within a display's headroom")
    func showingHDR() throws {
        let content = 1000.0 / ReferenceWhite.bt2408
        let edr = DynamicRange.high.toneMapper(contentHeadroom: content, displayHeadroom: 2)
        let thumbnail = DynamicRange.constrainedHigh.toneMapper(contentHeadroom: content, displayHeadroom: 16)
        let sdr = DynamicRange.standard.toneMapper(contentHeadroom: content, displayHeadroom: 16)
        let pixel = edr.map(SIMD3(3.0, 1.0, 0.5))
        #expect(pixel.x <= 2 && abs(thumbnail.map(SIMD3(repeating: content)).x - 2) < 1e-9)
        #expect(abs(sdr.map(SIMD3(repeating: content)).x - 1) < 1e-9)

        var options = PixelConverter.Options()
        options.toneMapping = .custom(edr)
        let toDisplay = try PixelConverter(
            from: PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearBT2020),
            to: PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3), options: options)
        var frame = try PixelBuffer(format: .rgbaHalf, width: 1, height: 1)
        frame.setPixel(SIMD4(4.9, 0.2, 0.1, 1), x: 0, y: 0)       // a saturated BT.2020 red highlight, alpha 1
        let shown = try toDisplay.convert(frame).pixel(x: 0, y: 0)  // R, G, B in Display P3: every one ≤ 2, hue kept
        #expect(max(shown.x, shown.y, shown.z) <= 2 && shown.w == 1)
        // Without the fit the curve's output in Display P3 reaches 2.7 (the article's number); the fit keeps its hue.
        let unfitted = RGBPrimaries.bt2020.conversionMatrix(to: .displayP3) * edr.map(SIMD3(4.9, 0.2, 0.1))
        #expect(abs(unfitted.x - 2.7) < 0.05)
        func angle(_ c: SIMD3<Double>) -> Double { atan2((c.y - c.z) * 3.0.squareRoot() / 2, c.x - (c.y + c.z) / 2) }
        #expect(abs(angle(SIMD3(Double(shown.x), Double(shown.y), Double(shown.z))) - angle(unfitted)) < 0.01)
    }

    /// "Working with ICC profiles and CICP".
    @Test("Working with ICC profiles and CICP")
    func workingWithICC() throws {
        let profile = try ICCProfile(colorSpace: .bt2100PQ)          // v4.4, sampled PQ curves, cicp 9/16/0/1
        let reread = try ICCProfile(bytes: profile.bytes)
        let match = reread.matchingColorSpace()?.colorSpace          // .bt2100PQ
        let problems = reread.consistencyFindings()                  // cicp vs colorants and curves
        let cicp = try CICP(cgColorSpaceName: "kCGColorSpaceITUR_2100_HLG")
        #expect(match == .bt2100PQ && problems.isEmpty && cicp == .bt2100HLG)
    }
}
