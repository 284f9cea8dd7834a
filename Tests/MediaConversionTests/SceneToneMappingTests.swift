import ColorSpaces
import Foundation
import MediaConversion
import PixelBuffers
import PixelConversion
import TestSupport
import Testing
import ToneMapping
import VideoFiles
import VideoTestSupport

/// Per-scene tone mapping (`convert --source-peak dynamic`): each scene's peak from its HDR10+ or Dolby Vision
/// metadata drives the curve, and the report says which.
@Suite("Per-scene tone mapping")
struct SceneToneMappingTests {
    /// Converts `movie` to lossless 8-bit SDR BT.709 with the given source peak; the report and the decoded frames.
    static func sdr(_ movie: String, _ peak: ConversionRequest.Movie.SourcePeak, in folder: URL) throws
        -> (MovieConversionReport, [PixelBuffer])
    {
        var request = ConversionRequest(colorSpace: .bt709, lossless: true)
        request.movie.sourcePeak = peak
        let output = folder.appendingPathComponent("\(peak.rawValue).mp4")
        let report = try MediaConverter(request: request).convertMovie(Fixtures.url(movie), to: output)
        return (report, try MovieTestSupport.readAll(output))
    }

    /// The largest code difference over the three planes of two 8-bit planar buffers.
    static func maxDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        a.withView { x in
            b.withView { y in
                var worst = 0
                for p in 0..<3 {
                    let (u, v) = (x.plane(p), y.plane(p))
                    for r in 0..<u.height {
                        for (c, d) in zip(u.row(r, as: UInt8.self), v.row(r, as: UInt8.self)) {
                            worst = max(worst, abs(Int(c) - Int(d)))
                        }
                    }
                }
                return worst
            }
        }
    }

    static func meanLuma(_ buffer: PixelBuffer) -> Double {
        buffer.withView { view in
            let plane = view.plane(0)
            var sum = 0
            for y in 0..<plane.height { for value in plane.row(y, as: UInt8.self) { sum += Int(value) } }
            return Double(sum) / Double(plane.width * plane.height)
        }
    }

    @Test("HDR10+ scenes: MaxSCL 4000, 200, 1000 cd/m² drive the curve; the 200 cd/m² scene is no longer darkened")
    func hdr10Plus() throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (dynamic, dynamicFrames) = try Self.sdr("movies/hdr10plus-scenes.mp4", .scene, in: folder)
        let (fixed, fixedFrames) = try Self.sdr("movies/hdr10plus-scenes.mp4", .movie, in: folder)
        #expect(fixed.scenes.isEmpty)
        #expect(dynamic.scenes.map(\.frames) == [0..<2, 2..<4, 4..<6])
        #expect(dynamic.scenes.map(\.sourcePeak) == [4000, 200, 1000])
        #expect(
            dynamic.scenes.map(\.origin) == [
                .hdr10Plus(maxSCL: 4000), .hdr10Plus(maxSCL: 200), .hdr10Plus(maxSCL: 1000),
            ])
        try #require(dynamicFrames.count == 6 && fixedFrames.count == 6)
        // Scene 0's peak is the movie's (MaxCLL 4000): the same curve, the same pixels.
        for index in 0..<2 { #expect(Self.maxDifference(dynamicFrames[index], fixedFrames[index]) == 0) }
        // The darker scenes keep more of their light than under the movie's 4000 cd/m² curve.
        for index in 2..<4 { #expect(Self.meanLuma(dynamicFrames[index]) > Self.meanLuma(fixedFrames[index]) + 5) }
        for index in 4..<6 { #expect(Self.meanLuma(dynamicFrames[index]) > Self.meanLuma(fixedFrames[index])) }

        // Each written frame is the source frame converted with its scene's peak (lossless: equal codes).
        let source = try MovieTestSupport.readAll(Fixtures.url("movies/hdr10plus-scenes.mp4"))
        let reader = try MovieReader(contentsOf: Fixtures.url("movies/hdr10plus-scenes.mp4"))
        let encoding = reader.videoStream.encoding
        for (index, peak) in [(0, 4000.0), (2, 200), (4, 1000)] {
            var options = PixelConverter.Options()
            options.toneMapping = .displayHeadroom(
                1, content: ContentLuminance(masteringPeak: 4000, masteringBlack: 0.0001, maxContentLightLevel: peak))
            let converter = try PixelConverter(from: encoding, to: dynamic.settings.encoding, options: options)
            let expected = try source[index].withView { view in
                var out = try PixelBuffer(format: dynamic.settings.encoding.format, width: 64, height: 64)
                try out.withMutableView { try converter.convert(view, to: $0) }
                return out
            }
            #expect(Self.maxDifference(expected, dynamicFrames[index]) == 0, "frame \(index), \(peak) cd/m²")
        }
    }

    @Test("Dolby Vision scenes: L1 max_pq per shot (scene_refresh_flag), the L2 trim listed")
    func dolbyVision() throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (report, frames) = try Self.sdr("movies/dv-5-rpu.mp4", .scene, in: folder)
        #expect(frames.count == 3)
        #expect(report.scenes.map(\.frames) == [0..<2, 2..<3])
        #expect(report.scenes.map(\.origin) == [.dolbyVisionL1(maxPQ: 3079), .dolbyVisionL1(maxPQ: 2238)])
        // PQ 3079/4095 and 2238/4095 (SMPTE ST 2084): 1000.6 and 146.0 cd/m²; the first held at the mastering peak of
        // 1000 cd/m² the RPUs' level 6 gives this stream (it has no HDR10 metadata of its own).
        #expect(report.scenes[0].sourcePeak == 1000)
        #expect(abs(report.scenes[1].sourcePeak - 146.0) < 0.05)
        #expect(report.scenes[0].trims == ["L2 for 100.1 cd/m²"])
        #expect(report.scenes[1].trims.isEmpty)
        #expect(report.scenes[1].description.contains("Dolby Vision L1 max_pq 2238"))
    }
}
