import ColorSpaces
import ColorTags
import Foundation
import PixelBuffers
import PixelConversion
import SignalCoding
import TestSupport
import Testing
import VideoTestSupport
import VideoFiles
import MediaSyntax

extension VideoFilesSuite {
    /// MovieReader on the committed fixture movies (Tests/Fixtures/movies, made by gen_movies.py with ffmpeg, x265,
    /// SVT-AV1, x264 and mkvmerge): codecs, pixel formats, colour, HDR side data, Dolby Vision records, other streams.
    @Suite("Reading fixtures")
    struct ReaderTests {
        init() { FFmpegLogLevel.quiet.apply() }

        static func fixture(_ name: String) -> URL { Fixtures.url("movies/\(name)") }

        @Test("HEVC 10-bit PQ: yuv420p10le as planar 10-bit low-aligned, BT.2100 PQ, HDR10 metadata from the SEI")
        func hevc() throws {
            let reader = try MovieReader(contentsOf: Self.fixture("x265-pq-hdr10.mp4"))
            let info = reader.videoStream
            #expect(info.codecName == "hevc" && info.width == 64 && info.height == 64)
            #expect(info.decodedPixelFormatName == "yuv420p10le")
            #expect(info.encoding.format == MovieTestSupport.planar10)
            #expect(info.encoding.colorSpace == .bt2100PQ && info.encoding.matrix == .bt2020NonConstantLuminance)
            #expect(info.cicp == .bt2100PQVideo && info.assumedFields.isEmpty)
            #expect(info.frameRate == Rational(25, 1) && info.frameCount == 3)
            #expect(info.timeBase == Rational(1, 12800))
            #expect(info.duration == Rational(3, 25))
            let mastering = try #require(info.masteringDisplay)
            #expect(abs(mastering.green.x - 0.265) < 1e-9 && mastering.maximumLuminance == 1000)
            #expect(
                info.contentLightLevel == ContentLightLevel(maxContentLightLevel: 1000, maxFrameAverageLightLevel: 400))
            #expect(info.dolbyVision == nil && !info.hasHDR10Plus)
            var times: [Rational] = []
            while let t = try reader.nextFrame({ frame -> Rational? in
                #expect(frame.hdr.masteringDisplay == mastering || frame.index > 0)
                #expect(frame.encoding == info.encoding)
                return frame.presentationTime
            }) {
                times.append(try #require(t))
            }
            #expect(times == [Rational(0, 1), Rational(1, 25), Rational(2, 25)])
        }

        @Test(
            "AV1 through libdav1d, H.264 8-bit planar, Matroska HDR metadata from the container",
            arguments: [
                ("svtav1-pq-hdr10.mp4", "libdav1d", 10), ("svtav1-pq-hdr10.webm", "libdav1d", 10),
                ("x264-bt709.mp4", "h264", 8),
                ("x265-pq-hdr10.mkv", "hevc", 10), ("mkvmerge-pq-hdr10.mkv", "hevc", 10), ("x265-hlg.mov", "hevc", 10),
            ])
        func codecs(_ name: String, _ decoder: String, _ bits: Int) throws {
            let reader = try MovieReader(contentsOf: Self.fixture(name))
            #expect(reader.videoStream.decoderName == decoder)
            #expect(reader.videoStream.encoding.format.bitDepth == bits)
            #expect(reader.videoStream.encoding.format.layout == .planar(.s420))
            var count = 0
            while try reader.nextFrame({ $0.view.plane(0).row(0).count }) != nil { count += 1 }
            #expect(count == 3)
            if name.contains("pq-hdr10") { #expect(reader.videoStream.masteringDisplay != nil) }
        }

        @Test("untagged H.264: BT.709 assumed for the three unspecified code points, and said so")
        func untagged() throws {
            let reader = try MovieReader(contentsOf: Self.fixture("x264-untagged.mp4"))
            #expect(reader.videoStream.cicp.colorPrimaries == 2)
            #expect(
                reader.videoStream.assumedFields == [.colorPrimaries, .transferCharacteristics, .matrixCoefficients])
            #expect(reader.videoStream.encoding.colorSpace == .bt709 && reader.videoStream.encoding.matrix == .bt709)
            #expect(reader.videoStream.encoding.format == .y420)
        }

        @Test("HDR10+: the ST 2094-40 message passed through as stored (T.35 country 0xB5, provider 0x003C, app 4)")
        func hdr10Plus() throws {
            let reader = try MovieReader(contentsOf: Self.fixture("x265-hdr10plus.mp4"))
            #expect(reader.videoStream.hasHDR10Plus)
            let payload = try #require(try reader.nextFrame { $0.hdr.hdr10PlusPayload })
            let bytes = try #require(payload)
            #expect(Array(bytes.prefix(6)) == [0xB5, 0x00, 0x3C, 0x00, 0x01, 0x04])
        }

        @Test(
            "Dolby Vision configuration records (dvvC in MP4, BlockAdditionMapping in Matroska)",
            arguments: [
                "dv-8.1-pq.mp4", "dv-8.1-pq.mkv", "dv-8.4-hlg.mp4",
            ])
        func dolbyVision(_ name: String) throws {
            let reader = try MovieReader(contentsOf: Self.fixture(name))
            let record = try #require(reader.videoStream.dolbyVision)
            #expect(record.profile == 8)
            #expect(record.compatibilityID == (name.contains("hlg") ? 4 : 1))
        }

        @Test("other streams are listed: an AAC track before the video track")
        func otherStreams() throws {
            let reader = try MovieReader(contentsOf: Self.fixture("audio-first.mp4"))
            #expect(reader.videoStream.streamIndex == 1)
            #expect(reader.streams.map(\.kind) == [.audio, .video])
            let audio = try #require(reader.otherStreams.first)
            #expect(audio.codecName == "aac" && audio.frameCount == 7 && audio.timeBase == Rational(1, 44100))
        }
    }
}
