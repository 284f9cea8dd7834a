import ColorSpaces
import ColorTags
import Foundation
import MediaConversion
import MediaSyntax
import PixelBuffers
import SignalCoding
import TestSupport
import Testing
import VideoFiles
import VideoTestSupport

/// A movie converted in segments at its closed-GOP sync samples and joined (`MediaConverter.joinSegments`) against
/// one conversion of the whole movie: the same decoded frames, presentation times, light level, audio and metadata.
@Suite("Movie segments joined", .enabled(if: MovieTestSupport.hasFFmpeg && MovieTestSupport.hasFFprobe))
struct MovieJoinTests {
    init() { FFmpegLogLevel.quiet.apply() }

    /// 32 frames of HLG HEVC at 24 fps, closed GOPs of 8 frames with B-frames (x265), AAC audio, a creation date, a
    /// location and a −90° rotation.
    static func source(_ folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("hlg.mov")
        _ = try MovieTestSupport.run(
            "ffmpeg",
            [
                "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=128x96:rate=24:duration=1.3334",
                "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1.3334", "-frames:v", "32",
                "-c:v", "libx265", "-pix_fmt", "yuv420p10le", "-x265-params",
                "log-level=error:keyint=8:min-keyint=8:no-open-gop=1:bframes=3:scenecut=0:colorprim=bt2020:"
                    + "transfer=arib-std-b67:colormatrix=bt2020nc",
                "-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc", "-c:a", "aac",
                "-metadata", "creation_time=2024-05-01T10:00:00Z", "-movflags", "use_metadata_tags", "-metadata",
                "com.apple.quicktime.location.ISO6709=+48.8584+002.2945/", url.path,
            ])
        try MovieTestSupport.rotateFirstTrack(url)
        return url
    }

    /// HLG → PQ, lossless, one encoder thread: the light level is measured while converting.
    static func request(frames: Range<Int>? = nil, crf: Int? = nil) -> ConversionRequest {
        var request = ConversionRequest(colorSpace: .bt2100PQ, lossless: crf == nil)
        request.movie = ConversionRequest.Movie(
            crf: crf, preset: "ultrafast", frames: frames, copiesOtherStreams: frames == nil, encoderThreadCount: 1,
            conversionThreadCount: 1)
        return request
    }

    /// The segments at the source's IDR sync samples, converted with `request`.
    static func segments(of source: URL, in folder: URL, crf: (Int) -> Int? = { _ in nil }) throws -> [MovieSegment] {
        let track = try #require(try MovieSyncSamples.read(contentsOf: source).tracks.first)
        let cuts = track.syncSamples.filter { $0.randomAccess == .idr }.map(\.frame) + [track.sampleCount]
        #expect(cuts == [0, 8, 16, 24, 32], "closed GOPs every 8 frames")
        return try (0..<(cuts.count - 1)).map { k in
            let url = folder.appendingPathComponent("segment-\(k).mp4")
            _ = try MediaConverter(request: request(frames: cuts[k]..<cuts[k + 1], crf: crf(k)))
                .convertMovie(source, to: url)
            return MovieSegment(url: url, firstFrame: cuts[k])
        }
    }

    /// The video packets' presentation times, sorted, and every audio packet's timing.
    static func timings(_ url: URL) throws -> (video: [Rational], audio: [PacketTiming]) {
        let packets = try MovieReader.packetTimings(of: url)
        let video = packets[0, default: []].compactMap(\.presentationTime)
        return (video.sorted { $0.doubleValue < $1.doubleValue }, packets[1, default: []])
    }

    @Test("4 segments joined: the frames, times, MaxCLL/MaxFALL, audio, rotation and metadata of one conversion")
    func joinedEqualsOneConversion() throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try Self.source(folder)
        let whole = folder.appendingPathComponent("whole.mp4")
        let report = try MediaConverter(request: Self.request()).convertMovie(source, to: whole)
        let segments = try Self.segments(of: source, in: folder)
        let joined = folder.appendingPathComponent("joined.mp4")
        let join = try MediaConverter.joinSegments(segments, of: source, into: joined)

        #expect(join.frameCount == 32 && join.segmentFrameCounts == [8, 8, 8, 8])
        #expect(join.copiedStreams.map(\.kind) == [.audio] && join.omissions.isEmpty)
        let metered = try #require(report.settings.contentLightLevel)
        // As written: whole cd/m².
        let measured = ContentLightLevel(
            maxContentLightLevel: metered.maxContentLightLevel.rounded(),
            maxFrameAverageLightLevel: metered.maxFrameAverageLightLevel.rounded())
        #expect(join.contentLightLevel == measured, "the whole movie's light level, not a segment's")
        #expect(join.lightLevelIsMeasured)
        #expect(try MovieReader(contentsOf: joined).videoStream.contentLightLevel == measured)
        #expect(try MovieReader(contentsOf: whole).videoStream.contentLightLevel == measured)
        // The reserved unit of every segment's first access unit carries the whole movie's values.
        let bytes = [UInt8](try Data(contentsOf: joined))
        var units = 0
        var from = 0
        while let found = ReservedContentLightLevel.located(in: Array(bytes[from...]), .hevc) {
            #expect(Double(found.maxCLL) == measured.maxContentLightLevel)
            #expect(Double(found.maxFALL) == measured.maxFrameAverageLightLevel)
            units += 1
            from += found.range.upperBound
        }
        #expect(units == 4)

        let (wholeTimes, joinedTimes) = (try Self.timings(whole), try Self.timings(joined))
        let sourceTimes = try Self.timings(source)
        #expect(joinedTimes.video == wholeTimes.video && joinedTimes.video == sourceTimes.video)
        #expect(joinedTimes.video.count == 32)
        #expect(joinedTimes.audio == wholeTimes.audio && !joinedTimes.audio.isEmpty)

        let (a, b) = (try MovieTestSupport.readAll(whole), try MovieTestSupport.readAll(joined))
        #expect(a.count == 32 && b.count == 32)
        for (i, (x, y)) in zip(a, b).enumerated() {
            #expect(MovieTestSupport.maxCodeError(x, y) == 0, "frame \(i): lossless segments decode as the whole")
        }
        let (wholeProbe, joinedProbe) = (try MovieTestSupport.probe(whole), try MovieTestSupport.probe(joined))
        #expect(joinedProbe.rotation == -90 && joinedProbe.rotation == wholeProbe.rotation)
        #expect(joinedProbe.formatTags == wholeProbe.formatTags)
        #expect(joinedProbe.formatTags["com.apple.quicktime.location.ISO6709"] == "+48.8584+002.2945/")
        #expect(joinedProbe.streamTags == wholeProbe.streamTags && joinedProbe.codecTypes == ["video", "audio"])
        // What the library's own reader makes of the two files' tags is the same.
        #expect(
            try ColorTagging(contentsOf: joined).primary.effective.cicp
                == ColorTagging(contentsOf: whole).primary.effective.cicp)
    }

    @Test("segments out of order, missing, or encoded otherwise are refused by name, and nothing is left behind")
    func refusals() throws {
        let folder = try MovieTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try Self.source(folder)
        let segments = try Self.segments(of: source, in: folder, crf: { $0 == 2 ? 20 : nil })
        let output = folder.appendingPathComponent("joined.mp4")
        var misnumbered = segments
        misnumbered[1].firstFrame = 0
        let cases: [([MovieSegment], String)] = [
            (
                [segments[1], segments[0]],
                "segment 1 (segment-1.mp4) starts at frame 8, but the first must start at frame 0"
            ),
            (
                Array(misnumbered.prefix(2)),
                "segment 2 (segment-1.mp4) starts at frame 0, but the segments before it end at frame 8"
            ),
            (Array(segments.prefix(2)), "the segments hold 16 frames and the source 32"),
            (segments, "segment 3 (segment-2.mp4) was encoded with other settings than segment 1"),
        ]
        for (parts, message) in cases {
            do {
                _ = try MediaConverter.joinSegments(parts, of: source, into: output)
                Issue.record("joined: \(message)")
            } catch {
                #expect("\(error)".contains(message), "\(error)")
            }
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["hlg.mov", "segment-0.mp4", "segment-1.mp4", "segment-2.mp4", "segment-3.mp4"])
        // An existing output is refused unless replacing.
        try Data("keep".utf8).write(to: output)
        #expect(throws: MediaConversionError.outputExists(path: output.path)) {
            _ = try MediaConverter.joinSegments(Array(segments.prefix(2)), of: source, into: output)
        }
        #expect(try Data(contentsOf: output) == Data("keep".utf8))
    }
}
