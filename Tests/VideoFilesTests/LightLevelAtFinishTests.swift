import ColorTags
import Foundation
import MediaSyntax
import PixelConversion
import Testing
import VideoFiles
import VideoTestSupport

extension VideoFilesSuite {
    /// A content light level measured while writing and given to `finish(contentLightLevel:)`: the first access
    /// unit's reserved SEI or metadata OBU and the container's record hold it, as if it had been in the settings.
    @Suite("Light level given at finish")
    struct LightLevelAtFinishTests {
        init() {
            FFmpegLogLevel.quiet.apply()
            setenv("SVT_LOG", "1", 1)
        }

        /// HEVC in the three containers, H.264 in MP4, AV1 in MP4, Matroska and WebM; the values include ones whose
        /// SEI bytes need an emulation-prevention byte (512 = 0x0200 then 3: `02 00 00 03`).
        static let cases: [(codec: VideoEncodeSettings.Codec, container: String, cll: Double, fall: Double)] = [
            (.hevc, "mp4", 1234, 567), (.hevc, "mov", 512, 3), (.hevc, "mkv", 4000, 0), (.h264, "mp4", 512, 3),
            (.av1, "mp4", 1234, 567), (.av1, "mkv", 512, 3), (.av1, "webm", 65535, 1),
        ]

        @Test("the bitstream and the container carry the level given at finish", arguments: 0..<cases.count)
        func reserved(_ index: Int) throws {
            let c = Self.cases[index]
            let folder = try MovieTestSupport.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            var settings = MovieTestSupport.hevcSettings(crf: 30)
            settings.codec = c.codec
            if c.codec == .av1 { settings.preset = "12" }
            settings.contentLightLevel = nil
            settings.contentLightLevelGivenAtFinish = true
            let level = ContentLightLevel(maxContentLightLevel: c.cll, maxFrameAverageLightLevel: c.fall)
            let frame = try MovieTestSupport.pqFrame()
            var frames = [frame, frame, frame]
            if c.codec == .h264 {
                settings.encoding = try PixelEncoding(
                    format: .planarYCbCr(.s420, bitDepth: 8, range: .narrow), colorSpace: .bt2100PQ,
                    matrix: .bt2020NonConstantLuminance, chromaLocation: .topLeft)
                let converter = try PixelConverter(from: MovieTestSupport.pqEncoding, to: settings.encoding)
                frames = try frames.map { try converter.convert($0) }
            }
            let url = try MovieTestSupport.write(
                frames, settings: settings, to: folder.appendingPathComponent("cll.\(c.container)"),
                lightLevelAtFinish: level)

            let track = try ColorTagging(contentsOf: url).primary
            #expect(track.video?.bitstreamContentLightLevel.count == 1, "the first access unit's message")
            let locations = Set(track.contentLightLevel.map { "\($0.location)" })
            #expect(track.contentLightLevel.count == 2, "bitstream and container: \(locations)")
            for found in track.contentLightLevel {
                #expect(found.value == level, "\(found.location): \(found.value)")
            }
            // FFmpeg decodes every frame past the reserved unit and reads the container's record.
            let reader = try MovieReader(contentsOf: url)
            #expect(reader.videoStream.contentLightLevel == level)
            var count = 0
            while try reader.nextFrame({ _ in true }) != nil { count += 1 }
            #expect(count == 3)
            // ffprobe (FFmpeg's SEI parser, libdav1d's metadata) reads the first frame's.
            if MovieTestSupport.hasFFprobe, c.codec != .h264 {
                let frames = try MovieTestSupport.run(
                    "ffprobe",
                    [
                        "-v", "error", "-select_streams", "v:0", "-read_intervals", "%+#1", "-show_frames", "-of",
                        "default=noprint_wrappers=1", url.path,
                    ])
                #expect(
                    frames.contains("max_content=\(Int(c.cll))\n") && frames.contains("max_average=\(Int(c.fall))\n"))
            }
        }

        @Test("a level at finish is required when the settings reserve one, refused otherwise; the writer stays open")
        func mismatch() throws {
            let folder = try MovieTestSupport.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            var settings = MovieTestSupport.hevcSettings(crf: 30)
            settings.contentLightLevel = nil
            settings.contentLightLevelGivenAtFinish = true
            let writer = try MovieWriter(url: folder.appendingPathComponent("a.mp4"), settings: settings)
            #expect(throws: VideoFilesError.self) { try writer.finish() }
            try writer.finish(
                contentLightLevel: ContentLightLevel(maxContentLightLevel: 1, maxFrameAverageLightLevel: 1))

            settings.contentLightLevel = ContentLightLevel(maxContentLightLevel: 1, maxFrameAverageLightLevel: 1)
            #expect(throws: VideoFilesError.self) {
                _ = try MovieWriter(url: folder.appendingPathComponent("b.mp4"), settings: settings)
            }
            settings.contentLightLevelGivenAtFinish = false
            let plain = try MovieWriter(url: folder.appendingPathComponent("c.mp4"), settings: settings)
            #expect(throws: VideoFilesError.self) { try plain.finish(contentLightLevel: settings.contentLightLevel) }
            try plain.finish()
        }
    }
}
