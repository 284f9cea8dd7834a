// swift-format-ignore-file
// (The code here is the DocC articles' code, compared verbatim with them: it keeps the articles' layout.)
import Foundation
import HDRColor
import ImageFiles
import HTMLReport
import MediaConversion
import Testing

/// "Looking at an HDR file": the Swift block of the article, with checks of what it promises.
extension ArticleExamplesTests {
    @Test("Looking at an HDR file")
    func lookingAtAnHDRFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hdrcolor-article-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (url, page) = (folder.appendingPathComponent("hdr-pq.png"), folder.appendingPathComponent("report.html"))
        // Half the picture at 250 cd/m² (above reference white), half at 1000 cd/m², as 16-bit PQ.
        var pixels = try PixelBuffer(format: .rgbaFloat, width: 64, height: 32)
        pixels.withMutableView { view in
            for y in 0..<32 {
                let row = view.plane(0).row(y, as: Float.self)
                for x in 0..<64 {
                    let code = Float(TransferFunction.pq.fromLinear((x < 32 ? 250.0 : 1000.0) / 10_000))
                    (row[4 * x], row[4 * x + 1], row[4 * x + 2], row[4 * x + 3]) = (code, code, code, 1)
                }
            }
        }
        try ImageFile.write(
            pixels, encoding: PixelEncoding(format: .rgbaFloat, colorSpace: .bt2100PQ), to: url,
            options: ImageWriteOptions(fileType: .png, colorSpace: .bt2100PQ, bitDepth: 16))

        let report = try HDRReport(contentsOf: url)
        print(report.measuredLightLevel.maxContentLightLevel)  // MaxCLL measured, cd/m²
        let falseColor = FalseColorScale(referenceWhite: 203).render(report.frame)  // RGBA 8-bit sRGB
        var histogram = LuminanceHistogram()
        histogram.add(report.frame)
        print(histogram.percentile(0.99) ?? 0)  // 99 % of the pixels are at most this bright, cd/m²
        try report.html().write(to: page, atomically: true, encoding: .utf8)

        #expect(abs(report.measuredLightLevel.maxContentLightLevel - 1000) <= 10)
        #expect(falseColor.width == 64)
        falseColor.withView { view in
            let row = view.plane(0).row(0, as: UInt8.self)
            #expect((row[0], row[1], row[2]) == (46, 160, 44))  // 250 cd/m²: green
            #expect((row[4 * 63], row[4 * 63 + 1], row[4 * 63 + 2]) == (255, 127, 14))  // 1000 cd/m²: orange
        }
        #expect(histogram.totalCount == 64 * 32)
        let high = try #require(histogram.percentile(0.99))
        #expect(high > 1000 && high < 1130)
        #expect(try String(contentsOf: page, encoding: .utf8).contains("False-colour luminance"))
    }
}
