import ColorSpaces
import ColorTags
import DolbyVision
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
        let reference = try DolbyVisionFixture.reference()
        let reader = try MovieReader(contentsOf: output)
        var index = 0
        try DolbyVisionFixture.forEachFrame { frame, composer in
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

    @Test("no HDR10 metadata: HDR10 written from the RPUs' level 6 (4000 / 0.005 cd/m², MaxCLL 3200, MaxFALL 600)")
    func staticMetadataFromLevel6() throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var request = ConversionRequest(colorSpace: .bt2100PQ)
        request.toneMapping = .none
        let output = folder.appendingPathComponent("l6.mp4")
        let report = try MediaConverter(request: request).convertMovie(
            Fixtures.url("movies/dv-5-rpu-l6-4000.mp4"), to: output)
        #expect(report.validates, "\(report.validation)")
        #expect(report.plan.contains { $0.contains("level 6") && $0.contains("4000 / 0.0050") })
        // Read back from the written movie: the mastering display and light level are the L6's, not a default.
        let video = try #require(try ColorTagging(contentsOf: output).primary.video)
        let mastering = try #require(video.bitstreamMasteringDisplay.first?.value)
        #expect(mastering.maximumLuminance == 4000 && abs(mastering.minimumLuminance - 0.005) < 1e-9)
        let light = try #require(video.bitstreamContentLightLevel.first?.value)
        #expect(light.maxContentLightLevel == 3200 && light.maxFrameAverageLightLevel == 600)
    }

    @Test("no HDR10 metadata and no level 6: the content peak is the largest L1 max_pq, and the plan says so")
    func staticMetadataFromLevel1() throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let peak = DolbyVisionRPUSummary.nits(pq: 3079)  // the largest L1 max_pq of the movie's RPUs: 1000.6 cd/m²
        for target in ["pq", "hlg"] {
            var request = ConversionRequest(colorSpace: target == "pq" ? .bt2100PQ : .bt2100HLG)
            request.toneMapping = target == "pq" ? .none : .automatic
            let output = folder.appendingPathComponent("\(target).mp4")
            let report = try MediaConverter(request: request).convertMovie(
                Fixtures.url("movies/dv-5-rpu-no-l6.mp4"), to: output)
            #expect(report.validates, "\(report.validation)")
            #expect(report.plan.contains { $0.contains("L1 max_pq (3079") })
            // One pass: a PQ output's MaxCLL/MaxFALL measured while converting, written at the end.
            #expect(report.passes.map(\.name) == ["convert"])
            #expect(report.passes[0].reason.contains("no pass before encoding") == (target == "pq"))
            #expect(report.passes.last?.reason.contains("compose each frame through its RPU") == true)
            if target == "pq" {
                // The mastering peak a PQ output is given: the L1 peak (1001 cd/m² rounded), not the 1000 default.
                #expect(report.settings.masteringDisplay?.maximumLuminance == peak.rounded())
            }
        }
        // With the RPUs' level 6 the same movie's plan names it; dv-5-rpu.mp4's L6 is 1000 / 0.0001 cd/m².
        let report = try MediaConverter(request: ConversionRequest(colorSpace: .bt709)).convertMovie(
            Fixtures.url("movies/dv-5-rpu.mp4"), to: folder.appendingPathComponent("sdr.mp4"))
        #expect(report.plan.contains { $0.contains("level 6") && $0.contains("1000 / 0.0001") })
    }
}
