// swift-format-ignore-file
// (The code here is the DocC articles' code, compared verbatim with them: it keeps the articles' layout.)
import Foundation
import HDRColor
import MediaConversion
import Testing
import VideoFiles
import MediaSyntax

/// "Converting HDR video files": every Swift block of the article, in order, with checks of what it promises.
extension ArticleExamplesTests {
    @Test("Converting HDR video files")
    func convertingHDRVideoFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hdrcolor-article-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (hdr10, hlg) = (folder.appendingPathComponent("hdr10.mp4"), folder.appendingPathComponent("hlg.mp4"))
        FFmpegLogLevel.quiet.apply()
        // Twelve frames of grey at BT.2408 reference white: PQ code 573 (64 + 876 × 0.5807), Cb = Cr = 512.
        let frames = try (0..<12).map { _ in
            var frame = try PixelBuffer(
                format: .planarYCbCr(.s420, bitDepth: 10, range: .narrow), width: 256, height: 144)
            frame.withMutableView { view in
                for (p, code) in [(0, UInt16(573)), (1, 512), (2, 512)] {
                    for y in 0..<view.plane(p).height { view.plane(p).row(y, as: UInt16.self).update(repeating: code) }
                }
            }
            return frame
        }

        let encoding = PixelEncoding(
            format: try .planarYCbCr(.s420, bitDepth: 10, range: .narrow), colorSpace: .bt2100PQ,
            matrix: .bt2020NonConstantLuminance, chromaLocation: .topLeft)
        var settings = VideoEncodeSettings(
            codec: .hevc, width: 256, height: 144, encoding: encoding, frameRate: Rational(24, 1),
            masteringDisplay: MasteringDisplayColorVolume(primaries: .bt2020, maximumLuminance: 1000, minimumLuminance: 0.0001),
            contentLightLevel: ContentLightLevel(maxContentLightLevel: 1000, maxFrameAverageLightLevel: 400))
        settings.preset = "ultrafast"
        let writer = try MovieWriter(url: hdr10, settings: settings)
        for (i, frame) in frames.enumerated() {
            try frame.withView { try writer.append($0, encoding: encoding, presentationTime: Rational(Int64(i), 24)) }
        }
        try writer.finish()

        #expect(try ColorTagging(contentsOf: hdr10).findings(options: ValidationOptions(requirements: [.hdr10]))
            .filter { $0.severity >= .warning }.isEmpty)

        var request = ConversionRequest(colorSpace: .bt2100HLG)
        request.movie.preset = "ultrafast"
        let report = try MediaConverter(request: request).convertMovie(hdr10, to: hlg) { progress in
            print("frame \(progress.completedFrames) of \(progress.totalFrames ?? 0)")
        }
        print(report.validates ? "passes \(report.check)" : "\(report.validation)")  // passes validate --require hlg --compare …

        #expect(report.validates && report.frameCount == 12)
        #expect(report.check == "validate --require hlg --compare \(hdr10.path)")

        let reader = try MovieReader(contentsOf: hlg)
        print(reader.videoStream.cicp)  // 9/18/9/0
        let toEDR = try PixelConverter(
            from: reader.videoStream.encoding, to: PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3))
        var edr = try PixelBuffer(format: .rgbaHalf, width: reader.videoStream.width, height: reader.videoStream.height)
        while try reader.nextFrame({ frame in try edr.withMutableView { try toEDR.convert(frame.view, to: $0) } }) != nil {
            // show `edr`, or apply effects and hand it to a MovieWriter
        }
        print(edr.pixel(x: 128, y: 72))  // ≈ SIMD4(1.0, 1.0, 1.0, 1.0): reference white

        #expect("\(reader.videoStream.cicp)" == "9/18/9/0")
        let white = edr.pixel(x: 128, y: 72)
        #expect(abs(white.x - 1) < 0.02 && abs(white.y - 1) < 0.02 && abs(white.z - 1) < 0.02, "\(white)")
        // The HLG code of the grey: BT.2408's 75 %, code 721 (x265's default CRF 28 may move a flat grey by a code).
        let decoded = try MovieReader(contentsOf: hlg)
        let luma = try decoded.nextFrame { Int($0.view.plane(0).row(72, as: UInt16.self)[128]) }
        #expect(luma.map { abs($0 - 721) <= 1 } == true, "\(String(describing: luma))")
    }
}
