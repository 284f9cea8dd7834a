import ColorSpaces
import Foundation
import MediaConversion
import PixelBuffers
import PixelConversion
import TestSupport
import Testing
import VideoFiles
import VideoTestSupport

/// `convert` on Dolby Vision profile 5: the pictures composed through their RPUs, then converted like any PQ movie.
@Suite("Dolby Vision profile 5 conversion")
struct DolbyVisionConversionTests {
    @Test(
        "profile 5 converts to HDR10, HLG and SDR; HDR10 keeps the composed PQ values", arguments: ["pq", "hlg", "sdr"])
    func converts(_ target: String) throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let space: ColorSpace = target == "pq" ? .bt2100PQ : target == "hlg" ? .bt2100HLG : .bt709
        var request = ConversionRequest(colorSpace: space, lossless: target == "pq")
        request.toneMapping = target == "pq" ? .none : .automatic
        let output = folder.appendingPathComponent("\(target).mp4")
        let report = try MediaConverter(request: request).convertMovie(
            Fixtures.url("movies/dv-5-rpu.mp4"), to: output)
        #expect(report.frameCount == 3)
        #expect(report.validates, "\(report.validation)")
        #expect(report.plan.first?.hasPrefix("Dolby Vision profile 5 composition") == true)
        #expect(report.omissions.contains { $0.reason.hasPrefix("applied, not kept") })
        guard target == "pq" else { return }
        // The written PQ frame, back to RGBA float PQ, equals the composed picture (4:2:0 chroma: at flat pixels).
        let reference = try DolbyVisionComposerTests.reference()
        let reader = try MovieReader(contentsOf: output)
        var index = 0
        try DolbyVisionComposerTests.forEachFrame { frame, composer in
            let written = try #require(
                try reader.nextFrame { written in
                    let converter = try PixelConverter(
                        from: written.encoding, to: PixelEncoding(format: .rgbaFloat, colorSpace: .bt2100PQ))
                    var buffer = try PixelBuffer(
                        format: .rgbaFloat, width: written.view.width, height: written.view.height)
                    try buffer.withMutableView { try converter.convert(written.view, to: $0) }
                    return buffer
                })
            let samples = try #require(reference.frames.first { $0.frame == frame.index }).libplacebo
            written.withView { view in
                for sample in samples {
                    let row = view.plane(0).row(sample.y!, as: Float.self)
                    let composed = try? composer.compose(
                        codes: SIMD3(sample.codes[0], sample.codes[1], sample.codes[2]))
                    for c in 0..<3 {
                        // Lossless 10-bit narrow-range Y′CbCr: within 2 codes of PQ (R′G′B′ ↔ Y′CbCr rounding).
                        #expect(abs(Double(row[4 * sample.x! + c]) - (composed?[c] ?? .nan)) <= 2.5 / 876)
                    }
                }
            }
            index += 1
        }
        #expect(index == 3)
    }
}
