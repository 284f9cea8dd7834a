import ColorSpaces
import Foundation
import PixelBuffers
import PixelConversion
import Testing
import VideoTestSupport
import VideoFiles

extension VideoFilesSuite {
    /// PQ patches of known luminance through HEVC and back: exact codes after a lossless x265 encode, and the BT.2408 HLG
    /// level within 2 codes after PQ → HLG conversion and a near-lossless encode.
    @Suite("Round trip")
    struct RoundTripTests {
        init() { FFmpegLogLevel.quiet.apply() }

        @Test("lossless x265: every decoded code equals the written code")
        func lossless() throws {
            let folder = try MovieTestSupport.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let frames = try (0..<5).map { try MovieTestSupport.pqFrame(index: $0) }
            let url = try MovieTestSupport.write(
                frames, settings: MovieTestSupport.hevcSettings(lossless: true),
                to: folder.appendingPathComponent("pq.mp4")
            )
            let decoded = try MovieTestSupport.readAll(url)
            #expect(decoded.count == frames.count)
            var worst = 0
            for (a, b) in zip(frames, decoded) { worst = max(worst, MovieTestSupport.maxCodeError(a, b)) }
            print("lossless HEVC round trip: max code error \(worst) over \(frames.count) frames")
            #expect(worst == 0)
            // The 203 cd/m² grey patch: PQ 0.58069 → narrow 10-bit Y′ 573 (BT.2408).
            let luma = MovieTestSupport.codes(decoded[0], plane: 0)
            #expect(luma[32][2 * 64 + 32] == 573)
        }

        @Test(
            "PQ → HLG through PixelConverter, then CRF 2: BT.2408 reference white at HLG 0.75 (code 721) within 2 codes"
        )
        func pqToHLG() throws {
            let folder = try MovieTestSupport.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let frames = try (0..<5).map { try MovieTestSupport.pqFrame(index: $0) }
            let pqURL = try MovieTestSupport.write(
                frames, settings: MovieTestSupport.hevcSettings(lossless: true),
                to: folder.appendingPathComponent("pq.mp4")
            )
            // Decode PQ, convert each frame to HLG (zero copy from the decoder into the converter).
            let reader = try MovieReader(contentsOf: pqURL)
            let converter = try PixelConverter(from: reader.videoStream.encoding, to: MovieTestSupport.hlgEncoding)
            var hlg: [PixelBuffer] = []
            while let converted = try reader.nextFrame({ frame -> PixelBuffer in
                var out = try PixelBuffer(
                    format: MovieTestSupport.planar10, width: frame.view.width, height: frame.view.height)
                try out.withMutableView { try converter.convert(frame.view, to: $0) }
                return out
            }) {
                hlg.append(converted)
            }
            #expect(hlg.count == 5)
            var settings = MovieTestSupport.hevcSettings(encoding: MovieTestSupport.hlgEncoding, crf: 2)
            settings.masteringDisplay = nil
            settings.contentLightLevel = nil
            let hlgURL = try MovieTestSupport.write(
                hlg, settings: settings, to: folder.appendingPathComponent("hlg.mp4"))
            let decoded = try MovieTestSupport.readAll(hlgURL)
            #expect(decoded.count == hlg.count)
            var whole = 0
            var interior = 0
            for (a, b) in zip(hlg, decoded) {
                whole = max(whole, MovieTestSupport.maxCodeError(a, b))
                interior = max(interior, MovieTestSupport.maxCodeError(a, b, margin: 16))
            }
            print("PQ → HLG, x265 CRF 2: max code error \(whole) over whole frames, \(interior) inside the patches")
            #expect(interior <= 2)
            // 203 cd/m² grey → HLG 0.75 → narrow code 64 + 0.75 × 876 = 721.
            let white = Int(MovieTestSupport.codes(decoded[0], plane: 0)[32][2 * 64 + 32])
            print("PQ 203 cd/m² → HLG code \(white) (BT.2408: 721)")
            #expect(abs(white - 721) <= 2)
        }
    }
}
