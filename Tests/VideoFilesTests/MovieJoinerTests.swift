import Foundation
import MediaSyntax
import SignalCoding
import TestSupport
import Testing
import VideoFiles
import VideoTestSupport

extension VideoFilesSuite {
    /// `MovieJoiner` over segments MovieWriter encodes from parts of a source: frames at the source's times, each
    /// frame's HDR10+ message and Dolby Vision RPU kept, the Dolby Vision record in MP4 and QuickTime.
    @Suite("Movie joiner")
    struct MovieJoinerTests {
        init() { FFmpegLogLevel.quiet.apply() }

        /// x265, Dolby Vision 8.1 with an RPU and an HDR10+ message on each of its 5 frames.
        static let source = Fixtures.url("movies/x265-dv-8.1-rpu-hdr10plus.mp4")

        /// The source's frames in `range`, encoded with their dynamic metadata and the record, times shifted to 0 (as
        /// `convert --frames` writes a part).
        static func segment(_ range: Range<Int>, to url: URL) throws -> MovieSegment {
            let reader = try MovieReader(contentsOf: source)
            let stream = reader.videoStream
            var settings = VideoEncodeSettings(
                codec: .hevc, width: stream.width, height: stream.height, encoding: stream.encoding,
                frameRate: stream.frameRate ?? Rational(25, 1), masteringDisplay: stream.masteringDisplay,
                contentLightLevel: stream.contentLightLevel)
            settings.timeBase = stream.timeBase
            settings.preset = "ultrafast"
            settings.threadCount = 1
            settings.dolbyVision = stream.dolbyVision
            let writer = try MovieWriter(url: url, settings: settings)
            var index = 0
            var origin: Rational?
            while try reader.nextFrame({ (frame: VideoFrame) throws -> Void in
                defer { index += 1 }
                guard range.contains(index), let time = frame.presentationTime else { return }
                let start = origin ?? time
                origin = start
                let shifted = Rational(
                    time.numerator * Int64(start.denominator) - start.numerator * Int64(time.denominator),
                    time.denominator * start.denominator
                ).reduced
                try writer.append(
                    frame.view, encoding: frame.encoding, presentationTime: shifted, dynamicMetadata: frame.hdr)
            }) != nil {}
            try writer.finish()
            return MovieSegment(url: url, firstFrame: range.lowerBound)
        }

        @Test(
            "two segments joined: 5 frames at the source's times, every HDR10+ message and RPU, the record",
            arguments: ["mp4", "mov"])
        func keepsDynamicMetadata(_ container: String) throws {
            let folder = try MovieTestSupport.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let parts = [
                try Self.segment(0..<2, to: folder.appendingPathComponent("a.mp4")),
                try Self.segment(2..<5, to: folder.appendingPathComponent("b.mp4")),
            ]
            let output = folder.appendingPathComponent("joined.\(container)")
            let join = try MovieJoiner.join(parts, into: output, source: try MovieReader(contentsOf: Self.source))
            #expect(join.frameCount == 5 && join.segmentFrameCounts == [2, 3] && join.omissions.isEmpty)
            #expect(!join.lightLevelIsMeasured && join.contentLightLevel != nil, "the segments' given light level")
            let before = try DynamicMetadataTests.dynamicMetadata(Self.source)
            let after = try DynamicMetadataTests.dynamicMetadata(output)
            #expect(after.count == 5)
            for (index, (a, b)) in zip(before, after).enumerated() {
                #expect(a.hdr10Plus != nil && a.hdr10Plus == b.hdr10Plus, "frame \(index) HDR10+")
                #expect(a.rpu != nil && a.rpu == b.rpu, "frame \(index) RPU")
            }
            let stream = try MovieReader(contentsOf: output).videoStream
            #expect(stream.dolbyVision == (try MovieReader(contentsOf: Self.source).videoStream.dolbyVision))
            let times = { (url: URL) in
                try MovieReader.packetTimings(of: url)[0, default: []].compactMap(\.presentationTime?.doubleValue)
                    .sorted()
            }
            #expect(try times(output) == times(Self.source))
        }

        @Test("a segment cut short of the source's frames, or a source that is not the segments', is refused")
        func refusesOtherSource() throws {
            let folder = try MovieTestSupport.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let part = try Self.segment(0..<5, to: folder.appendingPathComponent("a.mp4"))
            let output = folder.appendingPathComponent("joined.mp4")
            let other = Fixtures.url("movies/x265-pq-hdr10.mp4")
            #expect(throws: VideoFilesError.self) {
                _ = try MovieJoiner.join([part], into: output, source: try MovieReader(contentsOf: other))
            }
            #expect(!FileManager.default.fileExists(atPath: output.path))
            #expect(
                throws: VideoFilesError.invalidSettings(
                    "a join writes MP4 or QuickTime (.mp4, .m4v, .mov), not matroska")
            ) {
                _ = try MovieJoiner.join(
                    [part], into: folder.appendingPathComponent("joined.mkv"),
                    source: try MovieReader(contentsOf: Self.source))
            }
        }
    }
}
