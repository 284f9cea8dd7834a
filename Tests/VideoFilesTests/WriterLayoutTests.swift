import ColorSpaces
import Foundation
import PixelBuffers
import PixelConversion
import SignalCoding
import Testing
import VideoTestSupport
import VideoFiles

extension VideoFilesSuite {
    /// The writer's two paths (the caller's planes handed to the encoder, or one copy into the encoder's layout) and the
    /// 8-bit H.264 path, each lossless; and what the writer refuses.
    @Suite("Writer layouts and settings")
    struct WriterLayoutTests {
        init() { FFmpegLogLevel.quiet.apply() }

        @Test(
            "'x420' (biplanar, high-bit aligned) frames: copied into yuv420p10le, decoded codes equal after lossless x265"
        )
        func biplanarInput() throws {
            let folder = try MovieTestSupport.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let planar = try (0..<3).map { try MovieTestSupport.pqFrame(index: $0) }
            let x420 = try planar.map { frame -> PixelBuffer in
                var out = try PixelBuffer(format: .x420, width: frame.width, height: frame.height)
                try frame.withView { source in try out.withMutableView { try source.convertLayout(into: $0) } }
                return out
            }
            var encoding = MovieTestSupport.pqEncoding
            encoding.format = .x420
            var settings = MovieTestSupport.hevcSettings(encoding: encoding, lossless: true)
            settings.encoding = encoding
            let url = try MovieTestSupport.write(
                x420, settings: settings, to: folder.appendingPathComponent("x420.mp4"))
            let decoded = try MovieTestSupport.readAll(url)
            #expect(decoded.count == 3)
            for (a, b) in zip(planar, decoded) { #expect(MovieTestSupport.maxCodeError(a, b) == 0) }
        }

        @Test("H.264 8-bit BT.709 through x264 with qp=0: decoded codes equal the written codes")
        func h264Lossless() throws {
            let folder = try MovieTestSupport.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let encoding = PixelEncoding(format: .y420, colorSpace: .bt709, matrix: .bt709)
            let converter = try PixelConverter(from: MovieTestSupport.pqEncoding, to: encoding)
            let frames = try (0..<3).map { try converter.convert(try MovieTestSupport.pqFrame(index: $0)) }
            var settings = VideoEncodeSettings(
                codec: .h264, width: MovieTestSupport.width, height: MovieTestSupport.height, encoding: encoding,
                frameRate: Rational(25, 1))
            settings.lossless = true
            settings.preset = "ultrafast"
            let url = try MovieTestSupport.write(
                frames, settings: settings, to: folder.appendingPathComponent("avc.mp4"))
            let reader = try MovieReader(contentsOf: url)
            #expect(reader.videoStream.codecName == "h264" && reader.videoStream.encoding.format == .y420)
            #expect(reader.videoStream.cicp == .bt709Video && reader.videoStream.chromaLocation == .left)
            var index = 0
            while let worst = try reader.nextFrame({ frame -> Int in
                var worst = 0
                frames[frame.index].withView { written in
                    for p in 0..<3 {
                        let a = written.plane(p)
                        let b = frame.view.plane(p)
                        for r in 0..<a.height {
                            for (x, y) in zip(a.row(r), b.row(r)) { worst = max(worst, abs(Int(x) - Int(y))) }
                        }
                    }
                }
                return worst
            }) {
                #expect(worst == 0, "frame \(index)")
                index += 1
            }
            #expect(index == 3)
        }

        @Test(
            "refused: another encoding than the settings', another size, times that do not increase, use after finish")
        func refusals() throws {
            let folder = try MovieTestSupport.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let settings = MovieTestSupport.hevcSettings(crf: 28)
            let writer = try MovieWriter(url: folder.appendingPathComponent("r.mp4"), settings: settings)
            let frame = try MovieTestSupport.pqFrame()
            _ = frame.withView { view in
                #expect(throws: VideoFilesError.self) {
                    try writer.append(view, encoding: MovieTestSupport.hlgEncoding)
                }
            }
            // A failed append closes nothing when the frame was refused before encoding.
            let small = try PixelBuffer(format: MovieTestSupport.planar10, width: 64, height: 64)
            _ = small.withView { view in
                #expect(throws: VideoFilesError.self) { try writer.append(view, encoding: settings.encoding) }
            }
            try frame.withView { view in
                try writer.append(view, encoding: settings.encoding, presentationTime: Rational(1, 25))
                #expect(throws: VideoFilesError.self) {
                    try writer.append(view, encoding: settings.encoding, presentationTime: Rational(1, 25))
                }
            }
            try writer.finish()
            #expect(throws: VideoFilesError.writerClosed) { try writer.finish() }
            var av1 = settings
            av1.codec = .av1
            av1.lossless = true
            #expect(throws: VideoFilesError.self) {
                _ = try MovieWriter(url: folder.appendingPathComponent("a.mp4"), settings: av1)
            }
            var rgb = settings
            rgb.encoding = PixelEncoding(format: .rgbaHalf, colorSpace: .extendedLinearDisplayP3)
            #expect(throws: VideoFilesError.self) {
                _ = try MovieWriter(url: folder.appendingPathComponent("b.mp4"), settings: rgb)
            }
        }

        @Test(
            "unmapped decoder formats: refused by default, converted by swscale on request (gray10le; skipped without ffmpeg)",
            .enabled(if: MovieTestSupport.hasFFmpeg))
        func unmappedFormats() throws {
            let folder = try MovieTestSupport.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let url = folder.appendingPathComponent("gray.mp4")
            _ = try MovieTestSupport.run(
                "ffmpeg",
                [
                    "-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=64x64:rate=25", "-frames:v", "3",
                    "-pix_fmt", "gray10le", "-c:v", "libx265", "-x265-params", "log-level=error", url.path,
                ])
            #expect(throws: VideoFilesError.unmappedPixelFormat("gray10le")) { _ = try MovieReader(contentsOf: url) }
            let reader = try MovieReader(
                contentsOf: url, options: MovieReader.Options(unmappedPixelFormats: .convertWithSwscale))
            #expect(
                reader.videoStream.isConvertedWithSwscale && reader.videoStream.decodedPixelFormatName == "gray10le")
            // Planar 4:2:0 10-bit, in the range the decoder reports for the grey stream.
            #expect(reader.videoStream.encoding.format.layout == .planar(.s420))
            #expect(reader.videoStream.encoding.format.bitDepth == 10)
            var count = 0
            while let neutral = try reader.nextFrame({ frame -> Bool in
                // Grey in, neutral chroma out.
                let cb = frame.view.plane(1).row(0, as: UInt16.self)
                return cb.allSatisfy { $0 == 512 }
            }) {
                #expect(neutral)
                count += 1
            }
            #expect(count == 3)
        }
    }
}
