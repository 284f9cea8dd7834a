import ColorSpaces
import Foundation
import MediaConversion
import TestSupport
import Testing
import VideoFiles
import VideoTestSupport

/// `request.movie.size`: a 4K-master-to-proxy style conversion writes the requested size, keeps the aspect ratio
/// when asked, says so in the plan, and refuses sizes 4:2:0 cannot take.
@Suite("Movie scaling", .enabled(if: MovieTestSupport.hasFFmpeg))
struct MovieScalingTests {
    init() { FFmpegLogLevel.quiet.apply() }

    static let source = Fixtures.url("movies/x265-pq-hdr10.mp4")  // 64×64 PQ HDR10

    @Test("PQ 64×64 → SDR 32×32 (width only: aspect kept) and 48×32; the plan names the resampling")
    func sizes() throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (size, expected) in [((32, 0), (32, 32)), ((48, 32), (48, 32))] {
            var request = ConversionRequest(colorSpace: .bt709, toneMapping: .method(.bt2390))
            request.movie = ConversionRequest.Movie(
                codec: .h264, preset: "ultrafast", encoderThreadCount: 1,
                size: ConversionRequest.Movie.Size(width: size.0, height: size.1))
            let output = folder.appendingPathComponent("proxy-\(size.0)x\(size.1).mp4")
            let report = try MediaConverter(request: request).convertMovie(Self.source, to: output)
            #expect(report.settings.width == expected.0 && report.settings.height == expected.1)
            #expect(
                report.plan.last?.contains("resample 64×64 → \(expected.0)×\(expected.1)") == true, "\(report.plan)")
            let reader = try MovieReader(contentsOf: output)
            #expect(reader.videoStream.width == expected.0 && reader.videoStream.height == expected.1)
            #expect(report.validates, "\(report.validation)")
        }
    }

    @Test("an odd 4:2:0 size is refused before anything is written")
    func oddSize() throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var request = ConversionRequest(colorSpace: .bt709)
        request.movie = ConversionRequest.Movie(codec: .h264, size: ConversionRequest.Movie.Size(width: 33, height: 32))
        let output = folder.appendingPathComponent("odd.mp4")
        #expect(throws: MediaConversionError.self) {
            try MediaConverter(request: request).convertMovie(Self.source, to: output)
        }
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
