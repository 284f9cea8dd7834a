import SignalCoding
import ColorTags
import TagValidation
import Foundation
import MediaSyntax
import PixelBuffers
import TestSupport
import Testing
import VideoFiles
import VideoTestSupport

extension VideoFilesSuite {
    /// Dolby Vision RPUs and HDR10+ messages per frame: read as stored, written back into the access unit of the same
    /// frame by MovieWriter, and read back by MovieReader and ffprobe (FFmpeg 5.1's own parsers).
    @Suite("Dynamic HDR metadata")
    struct DynamicMetadataTests {
        init() { FFmpegLogLevel.quiet.apply() }

        static func fixture(_ name: String) -> URL { Fixtures.url("movies/\(name)") }

        /// The L1 (min, max, avg PQ codes) and scene_refresh_flag gen_movies.py's dynamic_metadata() gives frames 0…4.
        static let l1: [[Int]] = [
            [0, 2081, 1229], [0, 2100, 1300], [62, 3079, 1500], [62, 3000, 1480], [62, 2900, 1460],
        ]
        static let sceneRefresh = [1, 0, 1, 0, 0]

        /// Per frame: the HDR10+ message and the RPU.
        static func dynamicMetadata(_ url: URL) throws -> [(hdr10Plus: [UInt8]?, rpu: [UInt8]?)] {
            let reader = try MovieReader(contentsOf: url)
            var out: [(hdr10Plus: [UInt8]?, rpu: [UInt8]?)] = []
            while let item = try reader.nextFrame({ ($0.hdr.hdr10PlusPayload, $0.hdr.dolbyVisionRPUPayload) }) {
                out.append(item)
            }
            return out
        }

        @Test("an RPU followed by another NAL unit reaches its frame, read from the packet (FFmpeg 5.1 hands none)")
        func rpuNotLastInAccessUnit() throws {
            // 8 frames with B-frames; the RPUs of samples 3 and 6 (display frames 1 and 7) are followed by a suffix SEI.
            let frames = try Self.dynamicMetadata(Self.fixture("x265-dv-8.1-rpu-not-last.mp4"))
            #expect(frames.count == 8)
            for (index, frame) in frames.enumerated() {
                let payload = try #require(frame.rpu, "frame \(index)")
                let dm = try #require(try DolbyVisionRPU.parse(payload).displayManagement, "frame \(index)")
                #expect(dm.sceneRefresh == (index == 0 ? 1 : 0), "frame \(index)")
            }
        }

        @Test(
            "dolbyVisionRPUPayload parses with DolbyVisionRPU.parse on every frame: CRC, profile, L1 and shots as written",
            arguments: [("x265-dv-8.1-rpu-hdr10plus.mp4", 8), ("x265-dv-5-rpu.mp4", 5)])
        func rpuParses(_ name: String, _ profile: Int) throws {
            let frames = try Self.dynamicMetadata(Self.fixture(name))
            #expect(frames.count == 5)
            for (index, frame) in frames.enumerated() {
                let payload = try #require(frame.rpu, "frame \(index)")
                #expect(payload.first == DolbyVisionRPU.prefix)
                let rpu = try DolbyVisionRPU.parse(payload)
                #expect(rpu.profile == profile)
                let dm = try #require(rpu.displayManagement)
                #expect(dm.sceneRefresh == Self.sceneRefresh[index])
                let l1 = dm.blocks.compactMap { block -> [Int]? in
                    if case .level1(let minPQ, let maxPQ, let avgPQ) = block { return [minPQ, maxPQ, avgPQ] }
                    return nil
                }
                #expect(l1 == [Self.l1[index]], "frame \(index)")
                #expect(
                    dm.blocks.contains(
                        .level6(
                            .init(masteringMaxNits: 1000, masteringMinTenThousandths: 1, maxCLL: 1000, maxFALL: 400))
                    ))
            }
        }

        /// The frames of `source` re-encoded by MovieWriter with each frame's dynamic metadata.
        static func reencode(_ source: URL, to output: URL, codec: VideoEncodeSettings.Codec, keepRecord: Bool) throws
            -> MovieWriter
        {
            let reader = try MovieReader(contentsOf: source)
            let stream = reader.videoStream
            var settings = VideoEncodeSettings(
                codec: codec, width: stream.width, height: stream.height, encoding: stream.encoding,
                frameRate: Rational(25, 1), masteringDisplay: stream.masteringDisplay,
                contentLightLevel: stream.contentLightLevel)
            settings.preset = codec == .av1 ? "12" : "ultrafast"
            settings.threadCount = 1
            if keepRecord { settings.dolbyVision = stream.dolbyVision }
            let writer = try MovieWriter(url: output, settings: settings)
            while try reader.nextFrame({ (frame: VideoFrame) throws -> Void in
                var hdr = frame.hdr
                if codec != .hevc { hdr.dolbyVisionRPUPayload = nil }
                try writer.append(
                    frame.view, encoding: frame.encoding, presentationTime: frame.presentationTime,
                    dynamicMetadata: hdr)
            }) != nil {}
            try writer.finish()
            return writer
        }

        /// ffprobe's HDR10+ targeted peak (cd/m²) and whether an RPU is present, per frame in presentation order.
        static func probeFrames(_ url: URL) throws -> [(target: Double?, rpu: Bool)] {
            let text = try MovieTestSupport.run(
                "ffprobe",
                [
                    "-v", "error", "-select_streams", "v:0", "-show_frames", "-read_intervals", "%+#100", "-of",
                    "json", url.path,
                ])
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
            let frames = object["frames"] as? [[String: Any]] ?? []
            return frames.map { frame in
                let sideData = frame["side_data_list"] as? [[String: Any]] ?? []
                let hdr10Plus = sideData.first { ($0["side_data_type"] as? String)?.contains("2094-40") == true }
                let target = (hdr10Plus?["targeted_system_display_maximum_luminance"] as? String).flatMap { text in
                    let parts = text.split(separator: "/").compactMap { Double($0) }
                    return parts.count == 2 && parts[1] != 0 ? parts[0] / parts[1] : nil
                }
                let rpu = sideData.contains { $0["side_data_type"] as? String == "Dolby Vision RPU Data" }
                return (target, rpu)
            }
        }

        @Test(
            "HEVC re-encode keeps each frame's HDR10+ message and RPU byte for byte, and the Dolby Vision record",
            arguments: ["mp4", "mov", "mkv"])
        func hevcKeeps(_ container: String) throws {
            let folder = try MovieTestSupport.temporaryFolder()
            let source = Self.fixture("x265-dv-8.1-rpu-hdr10plus.mp4")
            let output = folder.appendingPathComponent("kept.\(container)")
            let writer = try Self.reencode(source, to: output, codec: .hevc, keepRecord: true)
            #expect(writer.hdr10PlusFrameCount == 5 && writer.dolbyVisionRPUFrameCount == 5)
            let before = try Self.dynamicMetadata(source)
            let after = try Self.dynamicMetadata(output)
            #expect(after.count == before.count)
            for (index, (a, b)) in zip(before, after).enumerated() {
                #expect(a.hdr10Plus != nil && a.hdr10Plus == b.hdr10Plus, "frame \(index) HDR10+")
                #expect(a.rpu != nil && a.rpu == b.rpu, "frame \(index) RPU")
            }
            // FFmpeg 5.1's mov muxer writes no record: the writer adds dvvC to the sample entry after the trailer.
            let record = try #require(try MovieReader(contentsOf: output).videoStream.dolbyVision, "\(container)")
            #expect(record.profile == 8 && record.compatibilityID == 1 && record.rpuPresent)
            let tags = try ColorTagging(contentsOf: output)
            #expect(tags.problems.isEmpty && tags.primary.video?.dolbyVision?.value.name == "8.1", "\(container)")
            #expect(!tags.findings().contains { $0.rule == .videoDolbyVisionRecordMissing })
            guard MovieTestSupport.hasFFprobe else { return }
            // FFmpeg's parsers on the output agree with them on the input, frame by frame.
            let probedBefore = try Self.probeFrames(source)
            let probedAfter = try Self.probeFrames(output)
            #expect(probedBefore.map(\.target) == [400, 500, 600, 700, 800])
            #expect(probedAfter.map(\.target) == probedBefore.map(\.target))
            #expect(probedAfter.count == 5 && probedAfter.allSatisfy(\.rpu))
        }

        @Test("SVT-AV1 re-encode keeps each frame's HDR10+ message in a T.35 metadata OBU per temporal unit")
        func av1KeepsHDR10Plus() throws {
            let folder = try MovieTestSupport.temporaryFolder()
            let source = Self.fixture("x265-dv-8.1-rpu-hdr10plus.mp4")
            let output = folder.appendingPathComponent("kept-av1.mp4")
            let writer = try Self.reencode(source, to: output, codec: .av1, keepRecord: false)
            #expect(writer.hdr10PlusFrameCount == 5 && writer.dolbyVisionRPUFrameCount == 0)
            let before = try Self.dynamicMetadata(source)
            let after = try Self.dynamicMetadata(output)
            #expect(after.count == 5)
            #expect(after.map(\.hdr10Plus) == before.map(\.hdr10Plus))
            #expect(after.allSatisfy { $0.rpu == nil })
            #expect(try MovieReader(contentsOf: output).videoStream.hasHDR10Plus)
            guard MovieTestSupport.hasFFmpeg else { return }
            // FFmpeg 5.1's libdav1d wrapper exports no HDR10+ side data, so ffprobe shows none; its AV1 syntax tracer
            // (CBS, trace_headers) reads one T.35 metadata OBU (country code 0xB5 = 181) per temporal unit.
            let ffmpeg = try #require(MovieTestSupport.tool("ffmpeg"))
            let (trace, status) = try ExternalTool.run(
                "/bin/sh",
                [
                    "-c", "'\(ffmpeg)' -v trace -i '\(output.path)' -c copy -bsf:v trace_headers -f null - 2>&1",
                ])
            #expect(status == 0)
            let countryCodes = String(decoding: trace, as: UTF8.self).split(separator: "\n").filter {
                $0.contains("itu_t_t35_country_code") && $0.hasSuffix("= 181")
            }
            #expect(countryCodes.count == 5)
        }

        @Test("an RPU or an HDR10+ message for an H.264 movie is refused with the reason")
        func refused() throws {
            let folder = try MovieTestSupport.temporaryFolder()
            var settings = MovieTestSupport.hevcSettings()
            settings.codec = .h264
            let writer = try MovieWriter(url: folder.appendingPathComponent("a.mp4"), settings: settings)
            let frame = try MovieTestSupport.pqFrame()
            let rpu = FrameHDRMetadata(dolbyVisionRPUPayload: [0x19, 0x08, 0x09])
            let hdr10Plus = FrameHDRMetadata(hdr10PlusPayload: [0xB5, 0x00, 0x3C, 0x00, 0x01, 0x04])
            try frame.withView { view in
                #expect {
                    try writer.append(view, encoding: settings.encoding, dynamicMetadata: rpu)
                } throws: { error in
                    "\(error)".contains("no Dolby Vision RPU")
                }
                #expect {
                    try writer.append(view, encoding: settings.encoding, dynamicMetadata: hdr10Plus)
                } throws: { error in
                    "\(error)".contains("no HDR10+ message")
                }
                // Refused before encoding: the writer goes on.
                try writer.append(view, encoding: settings.encoding)
            }
            try writer.finish()
            #expect(writer.frameCount == 1)
            #expect(!VideoEncodeSettings.Codec.h264.carriesHDR10Plus)
            #expect(VideoEncodeSettings.Codec.allCases.filter(\.carriesDolbyVisionRPU) == [.hevc])
        }
    }
}
