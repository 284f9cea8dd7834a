// swift-format-ignore-file
// (The code here is the DocC articles' code, compared verbatim with them: it keeps the articles' layout.)
import Foundation
import HDRColor
import Testing

/// "Exporting a conversion as a 3D LUT": every Swift block of the article, in order, with checks of what it promises.
extension ArticleExamplesTests {
    @Test("Exporting a conversion as a 3D LUT")
    func exportingAConversionAsA3DLUT() throws {
        var options = PixelConverter.Options()
        options.toneMapping = .displayHeadroom(1)  // HDR onto SDR: content peak 1000 cd/m² to headroom 1
        let lut = try CubeLUT(from: .bt2100PQ, to: .sRGB, size: 33, options: options)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pq-to-srgb.cube")
        try lut.cubeText.write(to: url, atomically: true, encoding: .utf8)  // TITLE, LUT_3D_SIZE 33, DOMAIN_MIN/MAX, 35 937 lines
        defer { try? FileManager.default.removeItem(at: url) }

        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 4 + 35_937)
        #expect(lines[0] == "TITLE \"BT.2100 PQ to sRGB\"" && lines[1] == "LUT_3D_SIZE 33")
        #expect(lines[2] == "DOMAIN_MIN 0 0 0" && lines[3] == "DOMAIN_MAX 1 1 1")

        let reread = try CubeLUT(cubeText: String(contentsOf: url, encoding: .utf8))
        let white = reread.apply(SIMD3(repeating: 0.5806889), interpolation: .tetrahedral)  // PQ 203 cd/m² → sRGB grey

        #expect(reread == lut)
        #expect(abs(white.x - white.y) < 1e-6 && abs(white.y - white.z) < 1e-6)
        // The tone curve (1000 cd/m², 4.9×, onto headroom 1) brings reference white below SDR white; the table is within
        // two 10-bit codes of PixelConverter there (1.35 measured: the grey axis interpolates the curve at 33 points).
        let converter = try PixelConverter(
            from: PixelEncoding(format: .rgbaFloat, colorSpace: .bt2100PQ),
            to: PixelEncoding(format: .rgbaFloat, colorSpace: .sRGB), options: options)
        var pixel = try PixelBuffer(format: .rgbaFloat, width: 1, height: 1)
        pixel.withMutableView { view in
            let row = view.plane(0).row(0, as: Float.self)
            (row[0], row[1], row[2], row[3]) = (0.5806889, 0.5806889, 0.5806889, 1)
        }
        let converted = try converter.convert(pixel).withView { $0.plane(0).row(0, as: Float.self)[0] }
        #expect(white.x < 1 && white.x > 0.5)
        #expect(abs(white.x - converted) * 1023 < 2, "\(white.x) vs \(converted)")
    }
}
